"""`python -m bot.bench.hints`: how many hints say why in the game's own words (issue 44.13).

One whole game of each game asked, every seat a person playing the hinted move, and a hint asked
at every decision (engine/ai/hint.py directly, no Discord): it counts the hints whose reason is
only the evaluation's verdict ("your chances X% …", `hint.reason.generic`), those saying the
moves are about equal (`hint.reason.equal`, `.close`), the only move (`.only`, `.menu`), and
those in the game's terms; the decisions that offered a choice apart (a forced move's hint is
asked too, as a player may).

    python -m bot.bench.hints [--games seven-hills duel ...] [--seed 1] [--budget 4]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from engine import registry
from engine.ai.hint import hint
from engine.core import parse_options, play

PLAYERS = {"duel": 2, "heros": 3, "res-publica": 3, "seven-hills": 3}
MAX_ACTIONS = 5_000  # a game ends long before this; a bug must not loop forever
KIND = {"hint.reason.generic": "verdict", "hint.reason.equal": "equal",
        "hint.reason.close": "equal", "hint.reason.only": "only", "hint.reason.menu": "only"}
KINDS = ("verdict", "equal", "only", "game")


def census(key: str, seed: int, budget: int, seconds: float) -> tuple[Counter[str], int]:
    """Per reason kind (KINDS, and "choice:" + the same for decisions with more than one legal
    action), and the whole game's length in actions."""
    game = registry.get(key)
    state = game.setup(PLAYERS[key], seed, parse_options(game, []))
    counts: Counter[str] = Counter()
    for n in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            return counts, n
        seat = min(game.prompt(state))
        found = hint(game, state, seat, seed * 100_003 + n, budget, seconds)
        kind = KIND.get(found.reason.key, "game")
        counts[kind] += 1
        if len(game.legal(state, seat)) > 1:
            counts["choice:" + kind] += 1
        state, _ = play(game, state, seat, found.action)
    raise RuntimeError(f"{key}: no end after {MAX_ACTIONS} actions")


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    p = argparse.ArgumentParser(prog="python -m bot.bench.hints", description=__doc__)
    p.add_argument("--games", nargs="+", default=sorted(PLAYERS), choices=sorted(PLAYERS))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=int, default=4, help="medium's determinizations")
    p.add_argument("--seconds", type=float, default=60.0)
    args = p.parse_args(argv)
    for key in args.games:
        counts, length = census(key, args.seed, args.budget, args.seconds)
        total = sum(counts[k] for k in KINDS)
        choices = sum(counts[f"choice:{k}"] for k in KINDS)
        print(f"{key} ({PLAYERS[key]} players, seed {args.seed}, {length} actions): "
              f"{total} hints: {_counts(counts, '')}; at the {choices} choices: "
              f"{_counts(counts, 'choice:')}", file=out, flush=True)
    return 0


def _counts(counts: Counter[str], prefix: str) -> str:
    words = {"verdict": "verdict only", "equal": "about equal", "only": "only move",
             "game": "in the game's terms"}
    return ", ".join(f"{counts[prefix + k]} {words[k]}" for k in KINDS)


if __name__ == "__main__":
    sys.exit(main())
