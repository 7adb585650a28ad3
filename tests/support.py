"""Helpers every game's tests use: the catalogue keys in messages, and the texts a renderer draws."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from PIL import ImageDraw

from engine import Event, Msg


def keys(ev: list[Event]) -> list[str]:
    return [e.msg.key for e in ev]


def msg_keys(msg: Msg) -> Iterator[str]:
    """Every catalogue key inside a Msg, its nested Msg params included."""
    yield msg.key
    for value in msg.params.values():
        yield from _param_keys(value)


def _param_keys(value: Any) -> Iterator[str]:
    if isinstance(value, Msg):
        yield from msg_keys(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _param_keys(v)


Record = Callable[[Any, Any, str, Any, int, dict[str, Any]], None]


@contextmanager
def _spying(clear_caches: Callable[[], None], record: Record) -> Iterator[None]:
    """ImageDraw.text spied on while inside: `record(draw, xy, text, font, size, kwargs)` for
    each string drawn (the renderer's cached layers are forgotten first, so that its cards are
    drawn again). Texts drawn with no font are Pillow's default bitmap font (10 px)."""
    clear_caches()
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        font = kwargs.get("font", args[1] if len(args) > 1 else None)
        size = kwargs.get("font_size") or getattr(font, "size", None) or 10
        record(self, xy, str(text), font, int(size), kwargs)
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
        clear_caches()


@contextmanager
def drawn_texts(clear_caches: Callable[[], None]) -> Iterator[list[str]]:
    """Every string written with ImageDraw.text while inside."""
    seen: list[str] = []
    with _spying(clear_caches, lambda _d, _xy, text, _f, _s, _k: seen.append(text)):
        yield seen


@dataclass(frozen=True)
class Drawn:
    """A text drawn with ImageDraw.text: its font size in px, and whether it was drawn as
    secondary detail (inside render.common.secondary())."""

    text: str
    size: int
    secondary: bool


@contextmanager
def drawn_text_sizes(clear_caches: Callable[[], None]) -> Iterator[list[Drawn]]:
    """Like `drawn_texts`, with each (non-blank) text's font size and its secondary mark."""
    from render.common import is_secondary

    seen: list[Drawn] = []

    def record(_d: Any, _xy: Any, text: str, _f: Any, size: int, _k: dict[str, Any]) -> None:
        if text.strip():
            seen.append(Drawn(text, size, is_secondary()))

    with _spying(clear_caches, record):
        yield seen


@dataclass(frozen=True)
class Placed:
    """A text drawn with ImageDraw.text and where: its box on the picture it was drawn on
    (`canvas`, that picture), its font size and secondary mark."""

    text: str
    size: int
    secondary: bool
    box: tuple[float, float, float, float]
    canvas: Any  # the picture drawn on, kept alive so that its id names it while the test runs


@contextmanager
def drawn_text_boxes(clear_caches: Callable[[], None]) -> Iterator[list[Placed]]:
    """Like `drawn_text_sizes`, with the box each text covers (ImageDraw.textbbox with the same
    font, anchor and spacing), for the tests that no text leaves its picture or covers another."""
    from render.common import is_secondary

    seen: list[Placed] = []

    def record(draw: Any, xy: Any, text: str, font: Any, size: int,
               kwargs: dict[str, Any]) -> None:
        if text.strip():
            extra = {k: kwargs[k] for k in ("anchor", "spacing", "align", "stroke_width")
                     if k in kwargs}
            box = draw.textbbox(xy, text, font=font, **extra)
            seen.append(Placed(text, size, is_secondary(), tuple(box), draw.im))

    with _spying(clear_caches, record):
        yield seen


def lone_asks(game: Any, players: int, options: Any, seeds: Any,
              step_of: Callable[[Any, int], str]) -> dict[str, list[tuple[Any, int]]]:
    """The (state, seat) of random games where an asked seat has one legal action, by the step
    `step_of(state, seat)` names (for the tests of `Game.forced`: the walk plays every action,
    forced or not, so the states are those the survey of issue 23 counted)."""
    import random

    from engine.core import copy_state
    from engine.policy import walk

    out: dict[str, list[tuple[Any, int]]] = {}
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup(players, seed, options)
        while game.outcome(state) is None:
            asked = sorted(game.asked(state))
            for seat in asked:
                if len(game.legal(state, seat)) == 1:
                    out.setdefault(step_of(state, seat), []).append((copy_state(state), seat))
            seat = rng.choice(asked)
            game.apply_legal(state, seat, walk(game.menu(state, seat), rng))
    return out


def fix_seed(monkeypatch: Any, seed: int) -> None:
    """Fix the seeds Tabula draws (a game's at its start, a computer player's when seated) and
    no one else's: patching `secrets.randbits` itself fixed discord.py's message nonces too, and
    Discord answers a repeated nonce with the first message instead of posting (enforce_nonce)."""
    fixed = SimpleNamespace(randbits=lambda bits: seed)
    for module in ("bot.service.lobby", "bot.service.bots"):
        monkeypatch.setattr(f"{module}.secrets", fixed)
