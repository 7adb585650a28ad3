"""Computer players: one entry point, `decide`, for every game and level.

    decide(game, state, seat, level, seed, budget=None, seconds=None) -> one legal action text

A bot decides only from what its seat may know. `decide` touches the true state through four
doors only: `game.legal(state, seat)`, `game.prompt(state)`, `game.view(state, seat)` and the
game's `determinize(state, seat, rng)`, which returns a full state equal to the true one in
everything the seat sees and resampled in everything else. All thinking happens on such
copies, so a bot cannot peek even by mistake (tests/ai: the no-peeking tests).

Game knowledge lives with each game, in an optional module `engine/<module>/ai.py` (found
through the game's `module`, see engine/ai/knowledge.py):

    determinize(state, seat, rng) -> State         required for every level but "random"
    evaluate(state, seat) -> float in [0, 1]       a fast estimate of the position for seat
    candidates(state, seat, legal, rng) -> [text]  optional: the moves worth considering

Levels (engine/ai/plausible.py, engine/ai/ismcts.py):

    random   a menu walk over the legal texts (engine.policy.walk): the arena's baseline
    easy     plausible moves: one determinization, each candidate applied and evaluated, a
             softmax pick (better moves more often, never a uniform draw)
    medium   one ply: each candidate applied on a few determinizations, the best mean value
    hard     information-set Monte Carlo tree search (single observer, UCB, a determinization
             per iteration, depth-limited rollouts then `evaluate`)

Budget and repeatability. `budget` is an iteration count (hard: tree iterations; medium:
determinizations); with it, the same inputs give the same action on any machine. `seconds`
caps the time (default: $TABULA_BOT_SECONDS, else 2): the search checks the clock only
between batches of `BATCH` iterations, so a time-capped decision is the deterministic
decision of a whole number of batches, and two runs differ only where the clock cut at a
different batch (on the same machine and load, rarely). Tests and reproducible arena runs
pass an iteration budget with a generous cap; Discord seats pass the time cap alone.
"""

from __future__ import annotations

import os
import random

from engine.core import Game, State
from engine.policy import walk

from .knowledge import knowledge

LEVELS = ("easy", "medium", "hard")
ARENA_LEVELS = ("random", *LEVELS)  # "random" is the arena's baseline, not offered to players
DEFAULT_SECONDS = 2.0
ENV_SECONDS = "TABULA_BOT_SECONDS"


def default_seconds() -> float:
    """The time cap per decision: $TABULA_BOT_SECONDS (a positive number), else 2 s."""
    raw = os.environ.get(ENV_SECONDS, "").strip()
    try:
        value = float(raw) if raw else DEFAULT_SECONDS
    except ValueError:
        return DEFAULT_SECONDS
    return value if value > 0 else DEFAULT_SECONDS


def decide(
    game: Game,
    state: State,
    seat: int,
    level: str,
    seed: int,
    budget: int | None = None,
    seconds: float | None = None,
) -> str:
    """One legal action text for `seat`, which must be asked in `game.prompt(state)`.

    Same game, state, seat, level, seed and `budget` -> same action (see the module's note on
    the time cap `seconds`)."""
    if level not in ARENA_LEVELS:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(ARENA_LEVELS)}")
    if seat not in game.prompt(state):
        raise ValueError(f"seat {seat} is not asked to act")
    legal = game.legal(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    rng = random.Random(seed)
    if len(legal) == 1:
        return legal[0]
    know = knowledge(game)
    if level == "random" or know is None:  # a game without ai.py: only the menus are known
        return walk(legal, rng)
    cap = default_seconds() if seconds is None else seconds
    if level == "hard":
        from .ismcts import search

        return search(game, know, state, seat, legal, rng, budget, cap)
    from .plausible import easy, medium

    if level == "easy":
        return easy(game, know, state, seat, legal, rng)
    return medium(game, know, state, seat, legal, rng, budget, cap)


__all__ = ["ARENA_LEVELS", "LEVELS", "decide", "default_seconds"]
