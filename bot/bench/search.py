"""`python -m bot.bench.search`: how many tree iterations the hard bot gets in its time cap.

An arena line "at 50 iterations" stands in for Discord's 2 s (issue 28) only if 2 s buys at
least that many iterations here; this prints what it buys, game by game, so each arena line can
say how far below or above Discord its hard bot played. A stand-in below the figure is the
conservative side: a tree search with more iterations plays at least as well on average.

The positions are a game between easy bots, sampled evenly over its decisions that offer a
choice (forced moves cost no search), so the mix of openings, middles and ends is the game's
own. Each search runs the whole cap (`settle` off: the settled stop would end clear choices
early and count fewer iterations than the cap allows).

    python -m bot.bench.search [--seconds 2] [--positions 6] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.bench.playouts import MATRIX
from engine import ai, registry
from engine.ai.ismcts import searched
from engine.ai.knowledge import knowledge
from engine.core import Game, State, copy_state, parse_options

MAX_ACTIONS = 5_000  # an easy game ends long before this; a bug must not loop forever


def positions(game: Game, players: int, options: Sequence[str], count: int,
              seed: int) -> list[tuple[State, int]]:
    """`count` (state, seat) pairs from one game between easy bots, evenly spread over the
    decisions where the seat asked had more than one legal action."""
    state = game.setup(players, seed, parse_options(game, options))
    choices: list[tuple[State, int]] = []
    for n in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            break
        seat = min(game.prompt(state))
        if len(game.legal(state, seat)) > 1:
            choices.append((copy_state(state), seat))
        game.apply(state, seat, ai.decide(game, state, seat, "easy", seed * 100_003 + n))
    if len(choices) <= count:
        return choices
    step = len(choices) / count
    return [choices[int(step * (i + 0.5))] for i in range(count)]


def bench_search(game_key: str, players: int, options: Sequence[str], count: int,
                 seconds: float, seed: int = 1, out: TextIO = sys.stdout) -> list[int]:
    """Searches each position for `seconds` and prints one line: iterations per search
    (median, min, max) and per second. Returns the iterations of each search."""
    game = registry.get(game_key)
    know = knowledge(game)
    assert know is not None, f"{game_key} has no computer players"
    done: list[int] = []
    for state, seat in positions(game, players, options, count, seed):
        legal = game.legal(state, seat)
        done.append(searched(game, know, state, seat, legal, random.Random(seed), None,
                             seconds, settle=False)[1])
    label = "+".join(options) or "base"
    print(f"{game_key} players={players} options={label} positions={len(done)} "
          f"seconds={seconds:g} iterations_median={statistics.median(done):.0f} "
          f"iterations_min={min(done)} iterations_max={max(done)} "
          f"iterations_per_s={sum(done) / (seconds * len(done)):.0f}", file=out, flush=True)
    return done


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=ai.default_seconds(),
                    help="the time cap per search (default: the bots' own, $TABULA_BOT_SECONDS)")
    ap.add_argument("--positions", type=int, default=6, help="positions per game and option set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", default=[],
                    help="a game key (repeatable); default: every game and option set")
    args = ap.parse_args(argv)
    one, five, fifteen = os.getloadavg()  # CPU-bound figures on a possibly shared machine
    print(f"load_average={one:.2f},{five:.2f},{fifteen:.2f} cpus={os.cpu_count()}", flush=True)
    for key, players, options in MATRIX:
        if not args.only or key in args.only:
            bench_search(key, players, options, args.positions, args.seconds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
