"""What draws the pictures: the Renderer the service expects, and the real one over render/
(Pillow), kept apart so that the service and its tests run without Pillow. The real one draws in
worker processes (bot/service/processes.py): the service calls it from threads, each waiting
on its picture while both cores draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.metrics import PICTURE, timed
from bot.service.model import ATTACHMENT_LIMIT
from bot.service.processes import Processes, configured, shared
from engine import Outcome


class Renderer(Protocol):
    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
              outcome: Outcome | None = None) -> bytes: ...
    def turn(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
             before: dict[str, Any] | None = None, outcome: Outcome | None = None) -> bytes: ...
    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes: ...


class PillowRenderer:
    """The real renderer (render/), imported lazily so the service itself never needs Pillow.

    Pictures are drawn by `processes` worker processes (default $TABULA_PROCESSES, else one
    per core; 0 draws in the calling thread). Replays, seconds long each, have one process of
    their own so that a turn post never waits behind one."""

    processes: int | None = None  # None: $TABULA_PROCESSES, else one per core

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes

    @property
    def drawing(self) -> Processes:
        """The worker processes drawing turn, board and hand pictures."""
        return shared("render", configured(self.processes), "render")

    @property
    def replaying(self) -> Processes:
        """The one worker process drawing replays (none if pictures are drawn in threads)."""
        return shared("replay", min(configured(self.processes), 1), "render")

    def warm(self) -> None:
        """Start the drawing processes now rather than at the first picture."""
        self.drawing.warm()

    def animation(self, game_key: str, players: int, seed: int, options: dict[str, Any],
                  actions: Sequence[tuple[int, str]], names: Sequence[str], locale: str,
                  max_bytes: int = ATTACHMENT_LIMIT) -> bytes:
        """The game replayed turn by turn as a GIF (Discord animates GIFs, not APNGs), within
        `max_bytes` (fewer, smaller frames if needed)."""
        with timed(PICTURE, game_key, "replay"):
            return self.replaying.call(_animation, game_key, players, seed, options,
                                       list(actions), list(names), locale, max_bytes)

    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
              outcome: Outcome | None = None) -> bytes:
        with timed(PICTURE, game_key, "board"):
            return self.drawing.call(_board, game_key, view, list(names), locale, outcome)

    def turn(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
             before: dict[str, Any] | None = None, outcome: Outcome | None = None) -> bytes:
        with timed(PICTURE, game_key, "turn"):
            return self.drawing.call(_turn, game_key, view, list(names), locale, before,
                                     outcome)

    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes:
        with timed(PICTURE, game_key, "hand"):
            return self.drawing.call(_hand, game_key, view, list(names), locale)

    def card(self, game_key: str, cid: str, name: str, kind: str, lines: Sequence[str],
             locale: str) -> bytes:
        """One component alone (/game card): render.card_png."""
        with timed(PICTURE, game_key, "card"):
            return self.drawing.call(_card, game_key, cid, name, kind, list(lines), locale)


# What the workers run: module-level, so that they travel by pickle.

def _animation(game_key: str, players: int, seed: int, options: dict[str, Any],
               actions: list[tuple[int, str]], names: list[str], locale: str,
               max_bytes: int) -> bytes:
    from render.animate import animation

    return animation(game_key, players, seed, options, actions, names, locale, fmt="gif",
                     max_bytes=max_bytes)


def _board(game_key: str, view: dict[str, Any], names: list[str], locale: str,
           outcome: Outcome | None) -> bytes:
    import render

    return render.board_png(game_key, view, names, locale, outcome)


def _turn(game_key: str, view: dict[str, Any], names: list[str], locale: str,
          before: dict[str, Any] | None, outcome: Outcome | None) -> bytes:
    import render

    return render.turn_png(game_key, view, names, locale, before, outcome)


def _hand(game_key: str, view: dict[str, Any], names: list[str], locale: str) -> bytes:
    import render

    return render.hand_png(game_key, view, names, locale)


def _card(game_key: str, cid: str, name: str, kind: str, lines: list[str], locale: str) -> bytes:
    import render

    return render.card_png(game_key, cid, name, kind, lines, locale)
