"""`tabula ratings bots`: the bots' fixed ratings, measured in arena games (issues 44 and 46).

    tabula ratings bots duel --players 2 --games 40 --seed 1 --iterations 200 --adjacent \\
        --jobs 1 --record duel.jsonl [--write]

The levels (random, easy, medium, hard) play `tabula arena`'s games: every pair of levels in a
2-player game, every set of N levels otherwise (each table seed S + 10,000 t, the seats rotated
by game; with `--adjacent` only pairs of consecutive levels: random-easy, easy-medium,
medium-hard, at 3+ seats in every seat pattern, A A B and A B B; `--adjacent 3` runs of three). Games are played round by round (game g of every table, then
game g + 1), so a run cut short still holds as many games of each table, give or take one. Each game is ranked as a
person's game is (`bot.ratings.rank_places`: the winners, then by score), and the levels are
fitted as players by `bot.ratings.fit`: the mean of `--passes` online passes over the games in
random orders, so the order the games were played in does not matter. The 95% interval of each
level's μ is a percentile bootstrap over the games (`--bootstrap` resamples). `--record FILE`
appends each game's result as a JSON line as soon as it is played, and a game already in it for
the same settings is not played again: an interrupted run resumes, and a fit can be redone from
the file alone. `--write` freezes the levels' μ and σ into data/ratings.json.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from bot.ratings import Rating, fit, rank_places, shown
from bot.tools import arena
from data import path as data_path
from engine import ai, registry
from engine.core import parse_options

LEVELS = ai.ARENA_LEVELS


@dataclass(frozen=True)
class Plan:
    game: str
    players: int
    options: tuple[str, ...]
    seed: int
    iterations: int | None  # hard's tree iterations (easy and medium: their own budgets)
    seconds: float | None
    adjacent: int = 0  # 0: every table; k: k consecutive levels at a table (2: a pair)

    def patterns(self) -> bool:
        """Fewer levels at a table than seats: a level sits in more than one seat."""
        return 0 < self.adjacent < self.players

    def key(self) -> str:
        """What a recorded game must match to be reused (the seat patterns number their tables
        otherwise, so they are part of it)."""
        shape = [f"adjacent {self.adjacent}"] if self.patterns() else []
        return json.dumps([self.game, self.players, list(self.options), self.seed,
                           self.iterations, self.seconds if self.seconds != math.inf else None,
                           *shape])

    def tables(self) -> list[tuple[str, ...]]:
        """Every set of levels at a table; a table's number (its seed) is its place here. With
        fewer adjacent levels than seats, every seat pattern of each run of `adjacent`
        consecutive levels, each level seated at least once: for a pair at 3 players A A B and
        A B B (the seats rotate by game). Only the pair's play then decides who of them finishes
        ahead: a third, stronger level at the table sank whichever seat it played after, and so
        chose the pair's order (Seven Hills' easy below random, issue 44)."""
        if not self.patterns():
            return list(itertools.combinations(LEVELS, self.players))
        runs = [LEVELS[i:i + self.adjacent] for i in range(len(LEVELS) - self.adjacent + 1)]
        return [seats for run in runs
                for seats in itertools.combinations_with_replacement(run, self.players)
                if set(seats) == set(run)]

    def played(self) -> list[int]:
        """The tables played: all, or with `adjacent` those of consecutive levels (random-easy,
        easy-medium, medium-hard with pairs), whose games tell the levels next to each other
        apart; a far pair's games (hard against random) are costly and say little."""
        steps = [[LEVELS.index(k) for k in dict.fromkeys(kinds)] for kinds in self.tables()]
        return [t for t, at in enumerate(steps)
                if not self.adjacent or at == list(range(at[0], at[0] + len(at)))]

    def setup(self, t: int) -> arena.Setup:
        return arena.Setup(self.game, self.players, self.tables()[t], self.options,
                           self.seed + 10_000 * t, self.seconds, self.iterations)


def places_of(result: dict[str, Any]) -> list[int]:
    """A recorded game's places, as a person's game of the same outcome would rank."""
    return rank_places({"winners": result["winners"], "scores": result["scores"],
                        "last": result["last"]}, len(result["kinds"]))


Game = tuple[tuple[str, ...], tuple[int, ...]]


def games_of(result: dict[str, Any]) -> list[Game]:
    """What a recorded game tells the fit: the game itself when every level sits once; when a
    level sits more than once (a pair's seat patterns), each pair of seats of different levels
    as a game of two, who finished ahead of whom (a player is rated once per game; the pairs of
    one level's own seats say nothing of the levels)."""
    kinds, places = tuple(result["kinds"]), places_of(result)
    if len(set(kinds)) == len(kinds):
        return [(kinds, tuple(places))]
    pairs = itertools.combinations(range(len(kinds)), 2)
    return [((kinds[a], kinds[b]), (1 + (places[a] > places[b]), 1 + (places[b] > places[a])))
            for a, b in pairs if kinds[a] != kinds[b]]


def _one(plan: Plan, t: int, g: int) -> dict[str, Any]:
    r = arena.play_one(plan.setup(t), g)
    return {"plan": plan.key(), "table": t, "game": g, "kinds": list(r.kinds),
            "winners": [s for s, share in enumerate(r.shares) if share > 0],
            "scores": list(r.scores) if r.scores is not None else None, "last": list(r.last),
            "actions": r.actions}


def recorded(plan: Plan, record: Path | None) -> dict[tuple[int, int], dict[str, Any]]:
    if record is None or not record.exists():
        return {}
    found = {}
    for line in record.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["plan"] == plan.key():
            found[(row["table"], row["game"])] = row
    return found


def play(plan: Plan, games: int, jobs: int, record: Path | None,
         out: TextIO | None = None) -> list[dict[str, Any]]:
    """Every game of every table, those already recorded read back, the others played."""
    done = recorded(plan, record)
    todo = [(t, g) for g in range(games) for t in plan.played() if (t, g) not in done]

    def keep(row: dict[str, Any]) -> None:
        done[(row["table"], row["game"])] = row
        if record is not None:
            with record.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
        print(f"table {row['table']} game {row['game']}: {len(done)} games", file=out,
              flush=True)

    if jobs <= 1:
        for t, g in todo:
            keep(_one(plan, t, g))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for future in as_completed([pool.submit(_one, plan, t, g) for t, g in todo]):
                keep(future.result())
    return [done[(t, g)] for g in range(games) for t in plan.played()]


@dataclass(frozen=True)
class Measured:
    rating: Rating
    low: float  # the bootstrap's 95% interval of μ
    high: float


def measure(rows: Sequence[dict[str, Any]], passes: int, resamples: int,
            seed: int) -> dict[str, Measured]:
    """Each level's order-independent fit and its bootstrap interval (deterministic)."""
    games = [games_of(r) for r in rows]
    found = fit([one for game in games for one in game], passes, seed)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {level: [] for level in found}
    for b in range(resamples):  # whole recorded games resampled, their pairs together
        sample = [one for _ in games for one in games[rng.randrange(len(games))]]
        for level, r in fit(sample, max(1, passes // 4), seed + b + 1).items():
            draws[level].append(r.mu)
    out = {}
    for level, r in found.items():
        ordered = sorted(draws[level]) or [r.mu]
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
        out[level] = Measured(r, low, high)
    return out


def apart(found: dict[str, Measured]) -> Iterator[tuple[str, str, bool]]:
    """Each level and the next: (lower, upper, their intervals apart)."""
    for lower, upper in itertools.pairwise(LEVELS):
        if lower in found and upper in found:
            yield lower, upper, found[lower].high < found[upper].low


def command(plan: Plan, games: int, passes: int, resamples: int) -> str:
    opts = "".join(f" --option {o}" for o in plan.options)
    hard = f" --iterations {plan.iterations}" if plan.iterations is not None else ""
    tables = ("" if not plan.adjacent else " --adjacent" if plan.adjacent == 2 else
              f" --adjacent {plan.adjacent}")
    return (f"tabula ratings bots {plan.game} --players {plan.players}{opts} --games {games} "
            f"--seed {plan.seed}{hard}{tables} --passes {passes} --bootstrap {resamples}")


def write(plan: Plan, found: dict[str, Measured], text: str, count: int,
          file: Path | None = None) -> Path:
    """Into data/ratings.json: every level's μ and σ (random's too, the scale's floor that the
    ordering test reads; nobody plays it)."""
    file = file or data_path("ratings.json")
    data = json.loads(file.read_text(encoding="utf-8"))
    data["games"][plan.game] = {level: {"mu": round(found[level].rating.mu, 4),
                                        "sigma": round(found[level].rating.sigma, 4)}
                                for level in LEVELS if level in found}
    data.setdefault("measured", {})[plan.game] = f"{text}: {count} games"
    file.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return file


def bots_command(game_key: str, players: int, games: int, seed: int, iterations: int | None,
                 seconds: float | None, jobs: int, options: Sequence[str], save: bool,
                 record: str | None = None, passes: int = 16, resamples: int = 100,
                 out: TextIO | None = None, file: Path | None = None,
                 adjacent: bool | int = False) -> int:
    """`adjacent`: True or 2, pairs of consecutive levels; k, k consecutive levels a table."""
    game = registry.get(game_key)
    parse_options(game, options)
    adjacent = 2 if adjacent is True else int(adjacent)
    if adjacent and not 2 <= adjacent <= min(players, len(LEVELS)):
        print(f"tabula ratings bots: --adjacent {adjacent}: 2 to "
              f"{min(players, len(LEVELS))} levels a table", file=sys.stderr)
        return 2
    if iterations is not None and seconds is None:
        seconds = math.inf  # an iteration budget alone: the same games on any host, any load
    plan = Plan(game.key, players, tuple(options), seed, iterations, seconds, adjacent)
    rows = play(plan, games, jobs, Path(record) if record else None, out)
    found = measure(rows, passes, resamples, seed)
    text = command(plan, games, passes, resamples)
    budget = f"hard {iterations} iterations" if iterations is not None else f"{seconds} s"
    print(f"{text}\n{game.key}, {players} players: {len(rows)} arena games, {budget}", file=out)
    for level in (lv for lv in LEVELS if lv in found):
        m = found[level]
        r = m.rating
        print(f"{level:<8} mu {r.mu:7.3f} [{m.low:7.3f}, {m.high:7.3f}]  sigma {r.sigma:6.3f}  "
              f"shown {shown(r.mu, r.sigma):>5}  ({r.games} seat-games)", file=out)
    for lower, upper, ok in apart(found):
        print(f"{lower} < {upper}: intervals {'apart' if ok else 'OVERLAP'}", file=out)
    if save:
        print(f"written to {write(plan, found, text, len(rows), file)}", file=out)
    return 0
