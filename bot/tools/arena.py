"""`tabula arena`: computer players against each other, without Discord, service or store.

    tabula arena duel --players 2 --seats hard,easy --games 200 --seed 1 --budget 0.1 --jobs 2

Game g (0-based) is set up with seed S+g and the seat kinds rotated by g (seat i plays kind
`seats[(i + g) % N]`), so every kind sits in every position as often as the count allows. Each
decision's seed is drawn from the game's seed and the move number, so a run is repeatable: with
`--iterations` exactly, with the time cap `--budget` alone as far as the clock allows
(engine/ai/__init__.py). `--iterations` is the hard bot's search budget only: easy and medium
play at their Discord budgets (medium: `MEDIUM_SAMPLES` determinizations), the clock uncapped. Printed per seat kind: its win rate (a shared victory counts as a
share) with a 95% Wilson interval, the fair share 1/N, the mean and 99th-percentile milliseconds
per decision, and how many random games the engine plays per second (what bounds the search);
then one line `ARENA {json}` for scripts. `--jobs` plays games in processes.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.progress import bar
from engine import ai, registry
from engine.core import parse_options, play
from engine.policy import playout

MAX_ACTIONS = 20_000  # far beyond any real game: a guard against a game that never ends
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    seats: tuple[str, ...]
    options: tuple[str, ...]
    seed: int
    seconds: float | None
    iterations: int | None


@dataclass
class GameResult:
    kinds: tuple[str, ...]  # per seat
    shares: tuple[float, ...]  # per seat: 1/k for each of k winners, else 0
    ms: tuple[tuple[float, ...], ...]  # per seat: each decision's milliseconds
    actions: int
    scores: tuple[int, ...] | None = None  # the outcome's, to rank seats as people's games are
    last: tuple[int, ...] = ()  # the outcome's seats ranked last (none in an arena so far)


@dataclass
class KindStats:
    seats: int = 0  # seat-games played by this kind
    wins: float = 0.0
    ms: list[float] = field(default_factory=list)


def kinds_of(seats: Sequence[str], players: int, g: int) -> tuple[str, ...]:
    return tuple(seats[(i + g) % players] for i in range(players))


def budget_of(kind: str, iterations: int | None) -> int | None:
    """`--iterations` is hard's tree budget; medium keeps its Discord one (MEDIUM_SAMPLES
    determinizations), else an arena "at 300 iterations" would seat a medium of 300 samples."""
    return iterations if kind == "hard" else None


def play_one(setup: Setup, g: int) -> GameResult:
    game = registry.get(setup.game)
    seed = setup.seed + g
    kinds = kinds_of(setup.seats, setup.players, g)
    state = game.setup(setup.players, seed, parse_options(game, setup.options))
    ms: list[list[float]] = [[] for _ in range(setup.players)]
    actions = 0
    while (out := game.outcome(state)) is None:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{setup.game} seed {seed}: no end after {MAX_ACTIONS} actions")
        seat = min(game.prompt(state))
        start = time.perf_counter()
        kind = kinds[seat]
        text = ai.decide(game, state, seat, kind, seed * 100_003 + actions,
                         budget=budget_of(kind, setup.iterations), seconds=setup.seconds)
        ms[seat].append((time.perf_counter() - start) * 1000)
        state, _ = play(game, state, seat, text)
        actions += 1
    shares = tuple(1 / len(out.winners) if s in out.winners else 0.0
                   for s in range(setup.players))
    return GameResult(kinds, shares, tuple(tuple(m) for m in ms), actions, out.scores, out.last)


def playouts_per_second(setup: Setup, games: int = 3) -> float:
    """Random games per second, the engine alone (engine.policy.playout: the menu walk,
    applied in place, as `tabula bench --playouts` times it)."""
    game = registry.get(setup.game)
    options = parse_options(game, setup.options)
    start = time.perf_counter()
    for g in range(games):
        playout(game, setup.players, setup.seed + g, options, max_actions=MAX_ACTIONS)
    return games / (time.perf_counter() - start)


def _play_args(args: tuple[Setup, int]) -> GameResult:
    return play_one(*args)


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def run(setup: Setup, games: int, jobs: int = 1) -> list[GameResult]:
    """The games' results, in the order of the games (a bar on a terminal counts them)."""
    with bar(games, f"arena {setup.game} {','.join(setup.seats)}") as progress:
        if jobs <= 1:
            results = []
            for g in range(games):
                results.append(play_one(setup, g))
                progress.update()
            return results
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_args, (setup, g)) for g in range(games)]
            for _done in as_completed(futures):
                progress.update()
            return [f.result() for f in futures]


def summary(setup: Setup, results: Sequence[GameResult], playouts: float) -> dict[str, Any]:
    stats: dict[str, KindStats] = {k: KindStats() for k in dict.fromkeys(setup.seats)}
    for r in results:
        for s, kind in enumerate(r.kinds):
            st = stats[kind]
            st.seats += 1
            st.wins += r.shares[s]
            st.ms += r.ms[s]
    kinds = {}
    for kind, st in stats.items():
        low, high = wilson(st.wins, st.seats)
        kinds[kind] = {
            "seat_games": st.seats,
            "win_rate": round(st.wins / st.seats, 4) if st.seats else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "decisions": len(st.ms),
            "mean_ms": round(sum(st.ms) / len(st.ms), 2) if st.ms else 0.0,
            "p99_ms": round(percentile(st.ms, 99), 2),
        }
    return {
        "game": setup.game,
        "players": setup.players,
        "options": list(setup.options),
        "seats": list(setup.seats),
        "games": len(results),
        "seed": setup.seed,
        "budget_seconds": setup.seconds if setup.seconds != math.inf else None,
        "iterations": setup.iterations,
        "fair_share": round(1 / setup.players, 4),
        "mean_actions": round(sum(r.actions for r in results) / len(results), 1) if results else 0,
        "playouts_per_second": round(playouts, 1),
        "kinds": kinds,
    }


def report(summ: dict[str, Any], out: TextIO) -> None:
    opts = ", ".join(summ["options"]) or "base game"
    cap = summ["budget_seconds"]
    budget = (f"{summ['iterations']} iterations" if summ["iterations"] is not None else
              f"{cap if cap is not None else 'default'} s")
    print(f"{summ['game']}, {summ['players']} players ({opts}): {summ['games']} games, "
          f"seed {summ['seed']}, budget {budget}, {summ['mean_actions']} actions per game, "
          f"{summ['playouts_per_second']} random playouts/s", file=out)
    print(f"{'seat kind':<10} {'seats':>6} {'win rate':>9} {'95% CI':>17} {'fair':>6} "
          f"{'mean ms':>9} {'p99 ms':>9} {'decisions':>10}", file=out)
    for kind, k in summ["kinds"].items():
        ci = f"[{k['ci95'][0]:.3f}, {k['ci95'][1]:.3f}]"
        print(f"{kind:<10} {k['seat_games']:>6} {k['win_rate']:>9.3f} {ci:>17} "
              f"{summ['fair_share']:>6.3f} {k['mean_ms']:>9.1f} {k['p99_ms']:>9.1f} "
              f"{k['decisions']:>10}", file=out)
    print("ARENA " + json.dumps(summ, sort_keys=True), file=out)


def check(game_key: str, players: int, seats: Sequence[str], options: Sequence[str]) -> str | None:
    """What is wrong with the arguments (a message), or None."""
    try:
        game = registry.get(game_key)
        parse_options(game, options)
    except Exception as exc:  # IllegalAction from the registry or the options
        return str(exc)
    if not game.min_players <= players <= game.max_players:
        return f"{game_key} takes {game.min_players} to {game.max_players} players"
    if len(seats) != players:
        return f"--seats names {len(seats)} kinds for {players} players"
    wrong = [s for s in seats if s not in ai.ARENA_LEVELS]
    if wrong:
        return f"unknown seat kind {wrong[0]!r}: one of {', '.join(ai.ARENA_LEVELS)}"
    return None


def arena(game_key: str, players: int, seats: Sequence[str], options: Sequence[str],
          games: int, seed: int, seconds: float | None, iterations: int | None, jobs: int,
          out: TextIO) -> int:
    problem = check(game_key, players, seats, options)
    if problem is not None:
        print(f"tabula arena: {problem}", file=sys.stderr)
        return 2
    if iterations is not None and seconds is None:
        seconds = math.inf  # an iteration budget alone: repeatable, never cut by the clock
    setup = Setup(registry.get(game_key).key, players, tuple(seats), tuple(options), seed,
                  seconds, iterations)
    playouts = playouts_per_second(setup)
    report(summary(setup, run(setup, games, jobs), playouts), out)
    return 0
