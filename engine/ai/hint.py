"""A hint for a learner: the medium bot's move for a seat, and one line saying why.

    hint(game, state, seat, seed, budget=None, seconds=None) -> Hint(action, reason)

The move is `decide(..., "medium", ...)`. The reason compares the position before and after
that move, both on one determinization of the state (engine/ai/knowledge.py): what the seat
cannot see is dealt again from what it sees, so neither the move nor its reason can tell where
the hidden cards really are (tests/contract/test_hidden.py). Applying the move to the true state
would not do: a draw from a deck would name the card really drawn.

Each game may say why in its own words with an optional module `engine/<module>/hints.py`:

    reason(before, after, seat, action) -> Msg | None
        One line on what the move (the text `action`) gains for `seat` (a science symbol, a
        majority taken or blocked), from the terms of the game's evaluation; None when nothing
        stands out.

Without one, or when it returns None (issue 44: a verdict such as "your chances 23% → 22%"
taught nothing), the reason compares the move with the others as medium rated them, each by its
mean value over medium's own determinizations (engine/ai/plausible.py `rated`):

    hint.reason.only      the seat has no other move
    hint.reason.equal     every move it considered is within EQUAL of the best: about equal
    hint.reason.close     the best few are within EQUAL of each other, the rest further below
    hint.reason.generic   the move leads the next best by EQUAL or more: both chances, so the
                          first is always the larger (never "23% → 22%", never "0% → 0%")
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module

from engine.core import Game, Msg, State, play

from . import decide, default_seconds
from .knowledge import Knowledge, knowledge
from .plausible import rated

LEVEL = "medium"  # the level whose move a hint suggests (issue 28: the learner's yardstick)
# Moves whose mean values differ by less are "about equal". A move's value varies from one
# determinization to the next by a standard deviation of 0.011 (Héros) and 0.007 (Seven Hills)
# at the median of random positions, so two moves' means over medium's 4 samples differ by
# about 0.007 from sampling alone: two points of chances is 2 to 3 times that, and a smaller
# lead would show as a 1-point difference of rounded percents, which reads as nothing.
EQUAL = 0.02
Reason = Callable[[State, State, int, str], Msg | None]


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
    found = hook(before, after, seat, action) if hook is not None else None
    if found is not None:
        return Hint(action, found)
    legal = game.legal(state, seat)
    if len(legal) == 1:
        return Hint(action, Msg("hint.reason.only"))
    return Hint(action, compared(game, know, state, seat, legal, action, seed, budget, seconds))


def compared(game: Game, know: Knowledge, state: State, seat: int, legal: list[str],
             action: str, seed: int, budget: int | None, seconds: float | None) -> Msg:
    """The move against the others, as medium rated them (its seed: the same determinizations
    as its decision, so the same values where an iteration budget is given)."""
    cap = default_seconds() if seconds is None else seconds
    texts, totals, samples = rated(game, know, state, seat, legal, random.Random(seed),
                                   budget, cap)
    means = {t: v / samples for t, v in zip(texts, totals, strict=True) if v >= 0}
    others = sorted((v for t, v in means.items() if t != action), reverse=True)
    if not means or not others:  # nothing else it would consider playing
        return Msg("hint.reason.menu")
    # A time cap may cut this second rating at another sample than the decision's: the best
    # value then stands for the move's own, so the comparison still reads as a lead or a tie.
    mine = max(means.values())
    near = [v for v in others if mine - v < EQUAL]
    if len(near) == len(others):
        return Msg("hint.reason.equal")
    if near:
        return Msg("hint.reason.close", {"n": len(near) + 1})
    return Msg("hint.reason.generic", {"after": _percent(mine), "next": _percent(others[0])})


def _percent(value: float) -> int:
    return round(100 * min(max(value, 0.0), 1.0))


def gain_of(terms_before: dict[str, float], terms_after: dict[str, float]) -> list[tuple[float, str]]:
    """The terms that grew, the largest gain first: what a game's `reason` picks from."""
    gains = [(terms_after.get(k, 0.0) - terms_before.get(k, 0.0), k)
             for k in dict.fromkeys([*terms_before, *terms_after])]
    return sorted((g for g in gains if g[0] > 1e-9), key=lambda g: -g[0])


__all__ = ["EQUAL", "LEVEL", "Hint", "compared", "gain_of", "hint"]
