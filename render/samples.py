"""Sample pictures from real games: seeded Res Publica and 7 Wonders Duel games played by the
random policy with the real engine, stopped at telling moments, rendered to PNG. `tabula samples` writes them
(committed under docs/samples/) so that anyone can see the pictures without running Discord.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from engine import registry
from engine.core import Game, State, play
from engine.policy import walk
from render import board_png, hand_png

GAME = "res-publica"
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


def _groups(state: State, game: Game) -> int:
    return sum(len(s["groups"]) for s in game.view(state, None)["seats"])


def _early(game: Game) -> Predicate:
    def stop(state: State) -> bool:
        v = game.view(state, None)
        return v["phase"] == "turn" and _groups(state, game) >= 1 and v["piles"]["people"] < 40

    return stop


def _trading(game: Game) -> Predicate:
    """A trade with answers given and answers awaited: the most instructive moment."""

    def stop(state: State) -> bool:
        trade = game.view(state, None)["trade"]
        if not trade or game.view(state, None)["phase"] != "answers":
            return False
        answers = [a["answer"] for a in trade["answers"]]
        return any(a not in (None, "pass") for a in answers) and None in answers

    return stop


def _late(game: Game, groups: int) -> Predicate:
    def stop(state: State) -> bool:
        v = game.view(state, None)
        return v["last_round"] and v["phase"] == "turn" and _groups(state, game) >= groups

    return stop


def _never(state: State) -> bool:
    return False


def _winner(game: Game) -> Callable[[State], int]:
    def seat(state: State) -> int:
        outcome = game.outcome(state)
        return outcome.winners[0] if outcome and outcome.winners else 0

    return seat


def samples(game: Game) -> list[Sample]:
    return [
        Sample("early-3p-full-en", 3, 11, _early(game)),
        Sample("trade-5p-full-fr", 5, 3, _trading(game), locale="fr"),
        Sample("trade-4p-classic-en", 4, 8, _trading(game), options={"classic": True}),
        Sample("last-round-5p-full-en", 5, 21, _late(game, 10)),
        Sample("final-5p-full-fr", 5, 21, _never, locale="fr", hand_of=_winner(game)),
        Sample("final-3p-classic-en", 3, 5, _never, options={"classic": True},
               hand_of=_winner(game)),
    ]


def play_until(game: Game, players: int, seed: int, options: Mapping[str, Any],
               stop: Predicate) -> State:
    """A seeded random game (engine.policy.walk), up to the first state where `stop` holds, or
    to its end. The first seat asked acts, so the game is the same on every run."""
    state = game.setup(players, seed, dict(options))
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None or stop(state):
            break
        seat = min(game.prompt(state))
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
    return state


def write_samples(out_dir: Path) -> list[Path]:
    """Every game's sample pictures (what `tabula samples` writes); the paths written."""
    return write_respublica_samples(out_dir) + write_duel_samples(out_dir) + \
        write_other_samples(out_dir)


def write_respublica_samples(out_dir: Path, names: Sequence[str] = NAMES) -> list[Path]:
    """Write `res-publica-<moment>-board.png` and `-hand.png` for each sample into `out_dir`;
    returns the paths written."""
    return write_game_samples(GAME, samples(registry.get(GAME)), out_dir, names)


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
        state = play_until(game, sample.players, sample.seed, sample.options, sample.stop)
        players = list(names[: sample.players])
        board = out_dir / f"{key}-{sample.name}-board.png"
        board.write_bytes(board_png(key, game.view(state, None), players, sample.locale))
        hand = out_dir / f"{key}-{sample.name}-hand.png"
        hand.write_bytes(hand_png(key, game.view(state, _hand_seat(game, state, sample)),
                                  players, sample.locale))
        written += [board, hand]
    return written


def write_other_samples(out_dir: Path) -> list[Path]:
    """Every other game's samples: a game with a `render/<module>_samples.py` exposing
    `write_samples(out_dir)` gets its pictures made without a change here."""
    written: list[Path] = []
    for key in registry.keys():  # noqa: SIM118 (the registry module's keys(), not a dict's)
        module = registry.get(key).module
        try:
            found = import_module(f"render.{module}_samples")
        except ModuleNotFoundError as error:
            if error.name != f"render.{module}_samples":
                raise
            continue
        written += found.write_samples(Path(out_dir))
    return written


def _hand_seat(game: Game, state: State, sample: Sample) -> int:
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


# --- 7 Wonders Duel ------------------------------------------------------------------------------

DUEL = "duel"
DUEL_NAMES = ("Aurelia", "Bérénice")


def _duel_at(game: Game, phase: str, age: int | None = None, taken: int = 0,
             draft_round: int | None = None) -> Predicate:
    """The first state in `phase` (of `age`), with at least `taken` cards gone from the structure
    (or in that round of the wonder draft)."""

    def stop(state: State) -> bool:
        v = game.view(state, None)
        if v["phase"] != phase or (age is not None and v["age"] != age):
            return False
        if draft_round is not None and (v.get("draft") or {}).get("round") != draft_round:
            return False
        return sum(1 for s in v.get("structure") or [] if s["taken"]) >= taken

    return stop


def duel_samples(game: Game) -> list[Sample]:
    """Seeds of the engine's random games: 4 ends by civilian victory, 1 by military supremacy,
    373 by scientific supremacy; 4 also reaches the Great Library and the Mausoleum."""
    return [
        Sample("draft-en", 2, 4, _duel_at(game, "draft", draft_round=2)),
        Sample("age1-en", 2, 4, _duel_at(game, "play", 1, taken=7)),
        Sample("age2-fr", 2, 4, _duel_at(game, "play", 2, taken=9), locale="fr"),
        Sample("age3-en", 2, 4, _duel_at(game, "play", 3, taken=6)),
        Sample("library-fr", 2, 4, _duel_at(game, "library"), locale="fr"),
        Sample("mausoleum-en", 2, 4, _duel_at(game, "mausoleum")),
        Sample("final-civilian-en", 2, 4, _never, hand_of=_winner(game)),
        Sample("final-military-fr", 2, 1, _never, locale="fr", hand_of=_winner(game)),
        Sample("final-science-en", 2, 373, _never, hand_of=_winner(game)),
        Sample("agora-age2-en", 2, 4, _duel_at(game, "play", 2, taken=9), options=AGORA),
        Sample("agora-final-fr", 2, 7, _never, locale="fr", options=AGORA,
               hand_of=_winner(game)),
        Sample("leaders-recruit-en", 2, 4, _duel_at(game, "recruit", 2), options=LEADERS),
        Sample("leaders-agora-age3-fr", 2, 5, _duel_at(game, "play", 3, taken=5), locale="fr",
               options={**AGORA, **LEADERS}),
    ]


AGORA = {"agora": True}
LEADERS = {"leaders": "all"}


def write_duel_samples(out_dir: Path, names: Sequence[str] = DUEL_NAMES) -> list[Path]:
    """Write `duel-<moment>-board.png` and `-hand.png` for each Duel sample into `out_dir`."""
    return write_game_samples(DUEL, duel_samples(registry.get(DUEL)), out_dir, names)
