"""The bots decide the same whatever the process's hash seed (PYTHONHASHSEED).

Python salts str hashes per process, so anything iterated in a set's order (a float sum, a tie
between two moves) can differ between two processes given the same seed: an arena run, a
selfplay or a bot after a restart would then not reproduce. Res Publica's easy bot did, summing
a trade's worth over a set of card kinds (found as two runs of one `tabula arena` command giving
97.0% and 97.5%). Each game plays its first actions with every level seated, in two processes
with different hash seeds, and the two lists of actions must be identical."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SCRIPT = """
import sys
from engine import ai, parse_options, registry
from engine.core import play
key, players, seed, steps, seats, *options = sys.argv[1:]
game = registry.get(key)
players, seed = int(players), int(seed)
levels = seats.split(",")
state = game.setup(players, seed, parse_options(game, options))
for n in range(int(steps)):
    if game.outcome(state) is not None:
        break
    seat = min(game.prompt(state))
    level = levels[seat]
    text = ai.decide(game, state, seat, level, seed * 100_003 + n, budget=12, seconds=1e9)
    print(seat, level, text)
    state, _ = play(game, state, seat, text)
"""

# (game, seed, levels by seat, options); the first is the arena's game that differed.
CASES = [("res-publica", 1, "easy,random,random,random,random", ["classic"]),
         ("res-publica", 2, "medium,hard,easy", []),
         ("seven-hills", 1, "easy,medium,hard", []), ("heros", 1, "hard,easy,medium", []),
         ("duel", 1, "medium,hard", ["agora", "leaders"]), ("duel", 2, "easy,hard", [])]


def _actions(hash_seed: str, key: str, seed: int, levels: str, options: list[str]) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    players = str(len(levels.split(",")))
    proc = subprocess.run([sys.executable, "-c", SCRIPT, key, players, str(seed), "40", levels,
                           *options], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize(("key", "seed", "levels", "options"), CASES,
                         ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_the_bots_do_not_depend_on_the_hash_seed(
        key: str, seed: int, levels: str, options: list[str]) -> None:
    first = _actions("1", key, seed, levels, options)
    assert len(first.splitlines()) >= 30, first
    assert _actions("2", key, seed, levels, options) == first
