"""Sample pictures from real games: seeded games of every game played by the random policy with
the real engine, stopped at telling moments, rendered to PNG. `tabula samples` writes them
(committed under docs/samples/) so that anyone can see the pictures without running Discord:
for each moment the turn post's picture at full size and as a channel's inline preview shows it
(`-turn.png`, `-turn-preview.png`), the complete board (`-board.png`) and a hand (`-hand.png`).
The same moments are what the legibility tests check (`sample_moments`).
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from PIL import Image

from engine import registry
from engine.core import Event, Game, Msg, Outcome, State, play, resigned
from engine.i18n import translate
from engine.policy import walk
from render import board_png, hand_png, turn_png
from render.common import PREVIEW_BOX, preview_scale

NAMES = ("Aurelia", "Brutus", "Cornélie", "Decimus", "Eudoxia")
MAX_ACTIONS = 20_000

Predicate = Callable[[State], bool]


@dataclass(frozen=True)
class Sample:
    """One picture pair: a game (players, seed, options), the moment to stop at, a locale."""

    name: str
    players: int
    seed: int
    stop: Predicate
    locale: str = "en"
    options: Mapping[str, Any] = field(default_factory=dict)
    hand_of: Callable[[State], int] | None = None  # whose hand to draw; default: the active seat
    # this seat resigns at the moment: in a game of 2 the game ends (the platform's outcome),
    # in a game of 3 or more a bot takes the seat and the game goes on ("<name> (bot)")
    resign: int | None = None
    names: tuple[str, ...] | None = None  # the seats' names, when not the game's NAMES


@dataclass(frozen=True)
class Moment:
    """A sample played to its moment: the state, the state before its latest action (None at the
    start), and the game's end as the platform would know it (a resignation included)."""

    sample: Sample
    state: State
    before: State | None
    outcome: Outcome | None
    events: tuple[Event, ...] = ()  # what the latest action told (its log lines)
    left: tuple[int, ...] = ()  # the seats a bot plays since their player resigned


# Names as long as a Discord display name may be (32 characters), and bots' names with their
# level: the samples show that every picture holds them.
LONG_NAMES = ("Maximilienne de La Tour-Wimereux", "Wilhelmina Montgomery-Whitworths")


def bot_seat(name: str, level: str, locale: str) -> str:
    """A bot's name as a game shows it: "Artemisia (hard)", « Agrippine (difficile) »."""
    return translate(Msg("bot.seat", {"name": name, "level": Msg(f"bot.level.{level}")}), locale)


def seat_names(at: Moment, names: Sequence[str]) -> list[str]:
    """The names a moment's seats are shown with: the sample's own, else `names`, a seat whose
    player resigned in a game that goes on named as the bot service names it."""
    shown = list((at.sample.names or names)[: at.sample.players])
    for seat in at.left:
        shown[seat] = translate(Msg("bot.took_over", {"name": shown[seat]}), at.sample.locale)
    return shown


def never(state: State) -> bool:
    """A sample's `stop` that never holds: the game is played to its end."""
    return False


def winner(game: Game) -> Callable[[State], int]:
    """A sample's `hand_of`: the first winner's seat (0 while there is none)."""
    def seat(state: State) -> int:
        outcome = game.outcome(state)
        return outcome.winners[0] if outcome and outcome.winners else 0

    return seat


def play_until(game: Game, players: int, seed: int, options: Mapping[str, Any],
               stop: Predicate) -> State:
    """A seeded random game (engine.policy.walk), up to the first state where `stop` holds, or
    to its end. The first seat asked acts, so the game is the same on every run."""
    return play_to(game, players, seed, options, stop)[1]


def play_to(game: Game, players: int, seed: int, options: Mapping[str, Any],
            stop: Predicate) -> tuple[State | None, State]:
    """`play_until`, with the state before the latest action (None if none was played)."""
    before, state, _ = _play(game, players, seed, options, stop)
    return before, state


def _play(game: Game, players: int, seed: int, options: Mapping[str, Any],
          stop: Predicate) -> tuple[State | None, State, list[Event]]:
    state = game.setup(players, seed, dict(options))
    before: State | None = None
    events: list[Event] = []
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None or stop(state):
            break
        seat = min(game.prompt(state))
        before = state
        # the menu walk picks what a walk through legal() picks, without listing thousands
        # of trade texts (engine.policy; tests/platform/test_playouts.py)
        state, events = play(game, state, seat, walk(game.menu(state, seat), rng))
    return before, state, events


def moment(key: str, sample: Sample) -> Moment:
    """Play `sample` of game `key` to its moment."""
    game = registry.get(key)
    before, state, events = _play(game, sample.players, sample.seed, sample.options, sample.stop)
    outcome = game.outcome(state)
    if sample.resign is not None and outcome is None and sample.players > 2:
        return Moment(sample, state, before, None, tuple(events), left=(sample.resign,))
    if sample.resign is not None and outcome is None:
        outcome = resigned(sample.players, sample.resign)
    return Moment(sample, state, before, outcome, tuple(events))


def game_samples(key: str) -> list[Sample]:
    """The sample moments of game `key`, from its `render/<module>/samples.py` (`SAMPLES`, or
    `samples(game)`): adding a game's samples needs no change here."""
    game = registry.get(key)
    found = import_module(f"render.{game.module}.samples")
    listed = getattr(found, "SAMPLES", None)
    return list(listed) if listed is not None else list(found.samples(game))


def sample_moments(key: str) -> list[Moment]:
    """Every sample moment of game `key`, played (what the legibility tests look at)."""
    return [moment(key, sample) for sample in game_samples(key)]


def preview(png: bytes, box: tuple[int, int] = PREVIEW_BOX) -> Image.Image:
    """The picture as a Discord channel shows it inline: fitted into `box` (never enlarged)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    scale = preview_scale(img.size, box)
    size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
    return img.resize(size, Image.Resampling.LANCZOS)


def write_samples(out_dir: Path, keys: Sequence[str] | None = None) -> list[Path]:
    """Every game's sample pictures (what `tabula samples` writes), or those of `keys`; the
    paths written."""
    written: list[Path] = []
    for key in registry.keys() if keys is None else keys:  # noqa: SIM118
        module = import_module(f"render.{registry.get(key).module}.samples")
        written += write_game_samples(key, game_samples(key), out_dir,
                                      getattr(module, "NAMES", NAMES))
    return written


def write_game_samples(key: str, found: Sequence[Sample], out_dir: Path,
                       names: Sequence[str]) -> list[Path]:
    """Play each sample of game `key` to its moment and write `<key>-<name>-board.png` and
    `-hand.png` (the hand of `hand_of`, else the public view's active seat, else the lowest
    seat asked, else the first winner)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    game = registry.get(key)
    written: list[Path] = []
    for sample in found:
        at = moment(key, sample)
        state = at.state
        players = seat_names(at, names)
        before = game.view(at.before, None) if at.before is not None else None
        stem = out_dir / f"{key}-{sample.name}"
        turn = turn_png(key, game.view(state, None), players, sample.locale, before=before,
                        outcome=at.outcome)
        paths = [Path(f"{stem}-turn.png"), Path(f"{stem}-turn-preview.png"),
                 Path(f"{stem}-board.png"), Path(f"{stem}-hand.png")]
        paths[0].write_bytes(turn)
        preview(turn).save(paths[1], optimize=True)
        paths[2].write_bytes(board_png(key, game.view(state, None), players, sample.locale,
                                       outcome=at.outcome))
        paths[3].write_bytes(hand_png(key, game.view(state, hand_seat(game, state, sample)),
                                      players, sample.locale))
        written += paths
    return written


def hand_seat(game: Game, state: State, sample: Sample) -> int:
    if sample.hand_of is not None:
        return sample.hand_of(state)
    active = game.view(state, None).get("active")
    if isinstance(active, int):
        return active
    asked = game.prompt(state)
    if asked:
        return min(asked)
    outcome = game.outcome(state)
    return outcome.winners[0] if outcome is not None and outcome.winners else 0
