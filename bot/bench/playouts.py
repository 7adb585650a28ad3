"""`tabula bench --playouts N`: random playouts per second, the engine alone.

A random playout is a game's setup and then, until the end, a seat drawn among those asked and
its action drawn by a walk through the menus (engine.policy.playout): what a searching computer
player runs by the thousand, so its strength depends on this figure (issues 14 and 17).

    python -m bot.bench.playouts --playouts 20     every game and option set, one line each
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from engine import registry
from engine.core import parse_options
from engine.policy import playout

# Issue 17's goals (playouts per second) where it sets one; elsewhere ten times the figure
# measured before playouts were made fast (Héros 31.7, Duel 48.5).
GOALS: dict[tuple[str, tuple[str, ...]], float] = {
    ("res-publica", ()): 40,
    ("res-publica", ("classic",)): 40,
    ("seven-hills", ()): 60,
    ("duel", ("agora", "leaders")): 200,
    ("duel", ()): 485,
    ("heros", ()): 317,
}

# Every game and option set, at the player counts the figures are given for.
MATRIX: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("res-publica", 3, ()),
    ("res-publica", 5, ()),
    ("res-publica", 3, ("classic",)),
    ("seven-hills", 3, ()),
    ("seven-hills", 4, ()),
    ("heros", 2, ()),
    ("heros", 5, ()),
    ("duel", 2, ()),
    ("duel", 2, ("agora",)),
    ("duel", 2, ("leaders",)),
    ("duel", 2, ("agora", "leaders")),
)


def bench_playouts(
    game_key: str, players: int, options: Sequence[str], playouts: int, seed: int = 1,
    out: TextIO = sys.stdout,
) -> float:
    """Plays `playouts` random games (seeds `seed`, `seed + 1`...) and prints one line:
    playouts per second of elapsed time, the goal, and of CPU time (the machine may be shared)."""
    game = registry.get(game_key)
    chosen = parse_options(game, options)
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(playouts):
        _, history = playout(game, players, seed + i, chosen)
        actions += len(history)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rate = playouts / wall
    goal = GOALS.get((game_key, tuple(sorted(options))))
    label = "+".join(options) or "base"
    print(f"{game_key} players={players} options={label} playouts={playouts} "
          f"actions_per_playout={actions / playouts:.0f} playouts_per_s={rate:.1f} "
          f"goal={goal if goal is not None else '-'} cpu_playouts_per_s={playouts / cpu:.1f}",
          file=out, flush=True)
    return rate


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playouts", type=int, default=20, help="playouts per game and option set")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    # The figures are CPU-bound and this machine is shared: the load tells whether they compare.
    one, five, fifteen = os.getloadavg()
    print(f"load_average={one:.2f},{five:.2f},{fifteen:.2f} cpus={os.cpu_count()}", flush=True)
    for key, players, options in MATRIX:
        bench_playouts(key, players, options, args.playouts, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
