"""`tabula ratings`: every rating again from the stored results (`rebuild`), and the bots'
fixed ratings measured in arena games (`bots`).

    tabula ratings rebuild [--db PATH|URL]
    tabula ratings bots duel --players 2 --games 30 --seed 1 --iterations 20 --jobs 2 [--write]

`rebuild` recomputes, in one transaction, every person's rating from the finished games in the
order they were rated (games finished before ratings existed first, in the order they finished)
and prints how many games it rated and whether anything changed: after an upgrade it rates the
older games; otherwise it gives exactly what the games' own updates gave.

`bots` plays the levels (random, easy, medium, hard) against each other with `tabula arena`'s
games (every pair of levels in a 2-player game, the levels in rotation around the table
otherwise), rates each level as a player through openskill in the order of the games, and
prints the ratings; `--write` freezes them into data/ratings.json, where a person's game
against a bot rates them against that level's fixed rating.
"""

from __future__ import annotations

import itertools
import json
import math
from typing import TextIO

from bot.ratings import Rating, model, rank_places, shown
from bot.store import open_store
from bot.store import shown as shown_target
from bot.tools import arena
from data import path as data_path
from engine import ai, registry
from engine.core import parse_options


async def rebuild_command(target: str, out: TextIO | None = None) -> int:
    store = await open_store(target)
    try:
        before = await store.all_ratings()
        games = await store.rebuild_ratings()
        after = await store.all_ratings()
    finally:
        await store.close()
    people = len({r.user_id for r in after})
    changed = "unchanged" if before == after else f"{len(before)} ratings before, now changed"
    print(f"{shown_target(target)}: {games} finished games rated, {len(after)} ratings of "
          f"{people} people ({changed})", file=out)
    return 0


LEVELS = ("random", *ai.LEVELS)


def bot_ratings(game_key: str, players: int, games: int, seed: int, iterations: int | None,
                seconds: float | None, jobs: int, options: tuple[str, ...] = (),
                ) -> tuple[dict[str, Rating], int]:
    """Each level's rating from arena games, played in a fixed order, and the games played."""
    game = registry.get(game_key)
    parse_options(game, options)
    if iterations is not None and seconds is None:
        seconds = math.inf  # an iteration budget alone: repeatable
    tables = (list(itertools.combinations(LEVELS, 2)) if players == 2
              else [tuple(LEVELS[(k + i) % len(LEVELS)] for i in range(players))
                    for k in range(len(LEVELS))])
    m = model()
    rated = {level: m.rating() for level in LEVELS}
    played: dict[str, int] = dict.fromkeys(LEVELS, 0)
    count = 0
    for t, seats in enumerate(tables):
        setup = arena.Setup(game.key, players, tuple(seats), options, seed + 10_000 * t,
                            seconds, iterations)
        for result in arena.run(setup, games, jobs):
            winners = [s for s, share in enumerate(result.shares) if share > 0]
            places = rank_places({"winners": winners}, players)
            teams = [[rated[kind]] for kind in result.kinds]
            new = m.rate(teams, ranks=places)
            for kind, [r] in zip(result.kinds, new, strict=True):
                rated[kind] = r
                played[kind] += 1
            count += 1
    return {k: Rating(r.mu, r.sigma, played[k]) for k, r in rated.items()}, count


def bots_command(game_key: str, players: int, games: int, seed: int, iterations: int | None,
                 seconds: float | None, jobs: int, options: list[str], write: bool,
                 out: TextIO | None = None) -> int:
    found, count = bot_ratings(game_key, players, games, seed, iterations, seconds, jobs,
                               tuple(options))
    budget = f"{iterations} iterations" if iterations is not None else f"{seconds} s"
    print(f"{game_key}, {players} players: {count} arena games, seed {seed}, {budget}", file=out)
    for level, r in found.items():
        print(f"{level:<8} mu {r.mu:7.3f}  sigma {r.sigma:6.3f}  shown {shown(r.mu, r.sigma):>5}"
              f"  ({r.games} seat-games)", file=out)
    if write:
        file = data_path("ratings.json")
        data = json.loads(file.read_text(encoding="utf-8"))
        data["games"][registry.get(game_key).key] = {
            level: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4)}
            for level, r in found.items() if level in ai.LEVELS}
        data.setdefault("measured", {})[registry.get(game_key).key] = (
            f"tabula ratings bots {game_key} --players {players} --games {games} --seed {seed}"
            + (f" --iterations {iterations}" if iterations is not None else "")
            + f": {count} games")
        file.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written to {file}", file=out)
    return 0
