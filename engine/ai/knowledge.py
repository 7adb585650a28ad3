"""A game's knowledge for its bots (engine/<module>/ai.py), and what every level shares.

The module is optional: a game without one is played by the menu walk at every level (only its
legal texts are known). With one, it must define

    determinize(state, seat, rng: random.Random) -> State
        A new state, equal to `state` in everything `seat` can see; everything it cannot see
        (others' hands, deck orders, face-down cards, the state's own random generator)
        resampled from `rng`, from what `seat` sees only: the hidden components pooled, the pool
        sorted, shuffled with `rng` and dealt back into the hidden places with the same sizes.
        Two states that differ only in what `seat` cannot see give equal results for equal rngs.
    evaluate(state, seat) -> float
        A fast estimate in [0, 1] of the position for `seat` (0.5: even), on running states.

and may define

    candidates(state, seat, legal, rng) -> list[str]
        The texts of `legal` worth considering (a non-empty subset), when `legal` is too long
        to try each (trade proposals) or holds moves nobody would make; the most plausible
        first: below its root, the search widens in this order (engine/ai/ismcts.py).
    CANDIDATES_FROM_MENU = True
        `candidates` may be given the game's menu (Game.menu) instead of `legal`: the search
        then never lists the legal texts below its root (Res Publica's run to thousands).
    EASY_TEMPERATURE = 0.01
        The easy level's softmax temperature in units of this game's `evaluate`, where its
        moves are told apart by less than the default (engine/ai/plausible.py): else easy picks
        nearly uniformly, as random does.
    PAIRED_ROOT = True
        The hard level compares its root moves by sequential halving on shared deals
        (engine/ai/ismcts.py `_halving`), where what the seat cannot see moves every move's
        value far more than the moves differ (Res Publica's hands).
    ROLLOUT_DEPTH = 4
        The hard level's rollout steps after the tree, where a turn takes many steps (lay,
        trade, end) and the default's few stop before what a move leads to.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from types import ModuleType

from engine.core import Game, Menu, State

Determinize = Callable[[State, int, random.Random], State]
Evaluate = Callable[[State, int], float]
Candidates = Callable[[State, int, Sequence[str] | Menu, random.Random], list[str]]


@dataclass(frozen=True)
class Knowledge:
    determinize: Determinize
    evaluate: Evaluate
    candidates: Candidates | None = None
    from_menu: bool = False  # `candidates` reads the game's menu (CANDIDATES_FROM_MENU)
    easy_temperature: float | None = None  # the game's EASY_TEMPERATURE, if it sets one
    paired_root: bool = False  # the game's PAIRED_ROOT: hard halves its root moves (ismcts)
    rollout_depth: int | None = None  # the game's ROLLOUT_DEPTH, if it sets one (ismcts)


def _module(name: str) -> ModuleType | None:
    try:
        return import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            return None  # no such module (or no such package: a game living elsewhere)
        raise  # ai.py exists but imports something missing: say so


@lru_cache(maxsize=32)  # one per game module
def _for_module(module: str) -> Knowledge | None:
    found = _module(f"engine.{module}.ai")
    if found is None:
        return None
    return Knowledge(
        determinize=found.determinize,
        evaluate=found.evaluate,
        candidates=getattr(found, "candidates", None),
        from_menu=getattr(found, "CANDIDATES_FROM_MENU", False),
        easy_temperature=getattr(found, "EASY_TEMPERATURE", None),
        paired_root=getattr(found, "PAIRED_ROOT", False),
        rollout_depth=getattr(found, "ROLLOUT_DEPTH", None),
    )


def knowledge(game: Game) -> Knowledge | None:
    """The game's bot knowledge, or None when it has no engine/<module>/ai.py."""
    return _for_module(game.module)


def actor(game: Game, state: State, seat: int) -> int | None:
    """Who acts next as the searcher sees it: itself when asked (simultaneous choices: its own
    first), else the lowest seat asked; None when nobody is (the game is over)."""
    asked = game.prompt(state)
    if not asked:
        return None
    return seat if seat in asked else min(asked)


def considered(know: Knowledge, state: State, seat: int, legal: list[str],
               rng: random.Random) -> list[str]:
    """The candidates among `legal` (all of it when the game names none)."""
    if know.candidates is None or len(legal) <= 1:
        return legal
    picked = know.candidates(state, seat, legal, rng)
    return picked or legal


def options(game: Game, know: Knowledge, state: State, seat: int,
            rng: random.Random) -> list[str]:
    """`considered` over `seat`'s legal texts, taken from the game's menu when its `candidates`
    reads one (the legal texts are then never listed: Res Publica's thousands of trade texts,
    whose lists were most of a search's time and memory)."""
    if know.candidates is not None and know.from_menu:
        menu = game.menu(state, seat)
        if not isinstance(menu, Sequence):
            return know.candidates(state, seat, menu, rng)
        return considered(know, state, seat, list(menu), rng)
    return considered(know, state, seat, game.legal(state, seat), rng)


def value(game: Game, know: Knowledge, state: State, seat: int) -> float:
    """The seat's reward in [0, 1]: its share of the victory at the end, else the estimate."""
    out = game.outcome(state)
    if out is None:
        return min(1.0, max(0.0, float(know.evaluate(state, seat))))
    return 1.0 / len(out.winners) if seat in out.winners else 0.0


def values(game: Game, know: Knowledge, state: State, seats: Sequence[int]) -> dict[int, float]:
    return {s: value(game, know, state, s) for s in seats}
