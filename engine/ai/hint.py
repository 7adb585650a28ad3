"""A hint for a learner: the medium bot's move for a seat, and one line saying why.

    hint(game, state, seat, seed, budget=None, seconds=None) -> Hint(action, reason)

The move is `decide(..., "medium", ...)`. The reason compares the position before and after
that move, both on one determinization of the state (engine/ai/knowledge.py): what the seat
cannot see is dealt again from what it sees, so neither the move nor its reason can tell where
the hidden cards really are (tests/contract/test_hidden.py). Applying the move to the true state
would not do: a draw from a deck would name the card really drawn.

Each game may say why in its own words with an optional module `engine/<module>/hints.py`:

    reason(before, after, seat) -> Msg | None
        One line on what the move gains for `seat` (a science symbol, a majority taken or
        blocked), from the terms of the game's evaluation; None when nothing stands out.

Without one, or when it returns None, the reason is the evaluation's own verdict: the seat's
chances before and after the move (`hint.reason.generic`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module

from engine.core import Game, Msg, State, play

from . import decide
from .knowledge import knowledge

LEVEL = "medium"  # the level whose move a hint suggests (issue 28: the learner's yardstick)
Reason = Callable[[State, State, int], Msg | None]


@dataclass(frozen=True)
class Hint:
    action: str  # a legal action text of the seat
    reason: Msg  # one line: why this move


@lru_cache(maxsize=64)  # one per game module
def _reason_hook(module: str) -> Reason | None:
    try:
        found = import_module(f"engine.{module}.hints")
    except ModuleNotFoundError as exc:
        if exc.name == f"engine.{module}.hints":
            return None
        raise
    return getattr(found, "reason", None)


def hint(game: Game, state: State, seat: int, seed: int, budget: int | None = None,
         seconds: float | None = None) -> Hint:
    """The medium bot's move for `seat` (asked in `game.prompt(state)`) and why."""
    action = decide(game, state, seat, LEVEL, seed, budget, seconds)
    know = knowledge(game)
    if know is None:  # a game without bot knowledge: its menus only
        return Hint(action, Msg("hint.reason.menu"))
    # A generator of its own (the decision's is spent): the same seed, the same reason.
    rng = random.Random(f"hint:{seed}")
    before = know.determinize(state, seat, rng)
    after, _events = play(game, before, seat, action)
    hook = _reason_hook(game.module)
    found = hook(before, after, seat) if hook is not None else None
    if found is not None:
        return Hint(action, found)
    return Hint(action, Msg("hint.reason.generic", {
        "before": _percent(know.evaluate(before, seat)),
        "after": _percent(_value(game, know.evaluate, after, seat))}))


def _value(game: Game, evaluate: Callable[[State, int], float], state: State, seat: int) -> float:
    """The evaluation, or the result itself once the move ended the game."""
    outcome = game.outcome(state)
    if outcome is None:
        return evaluate(state, seat)
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def _percent(value: float) -> int:
    return round(100 * min(max(value, 0.0), 1.0))


def gain_of(terms_before: dict[str, float], terms_after: dict[str, float]) -> list[tuple[float, str]]:
    """The terms that grew, the largest gain first: what a game's `reason` picks from."""
    gains = [(terms_after.get(k, 0.0) - terms_before.get(k, 0.0), k)
             for k in dict.fromkeys([*terms_before, *terms_after])]
    return sorted((g for g in gains if g[0] > 1e-9), key=lambda g: -g[0])


__all__ = ["LEVEL", "Hint", "gain_of", "hint"]
