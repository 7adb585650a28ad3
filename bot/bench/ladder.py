"""The leaderboard of a server with many finished games (issue 27, goal: under 50 ms at the
median with 10,000): `tabula bench --games N` builds an SQLite file of N finished Duel games in
one server between a population of people (a tenth with a bot seated), written with the store's
bulk writer, rates them all (`Storage.rebuild_ratings`, what the games' own updates give), then
times `Service.ladder` for that server through the real service, and prints `leaderboard_ms=`
(median and min) beside the other store figures."""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from bot.service import Service
from bot.store import dumps, open_store

GUILD = 1
GOAL_MS = 50.0


def _row(columns: list[str], values: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(values.get(c) for c in columns)


async def bench_ladder(games: int, *, seed: int = 1, rounds: int = 40, db: str | None = None,
                       out: TextIO = sys.stdout) -> float:
    """Build, rate and time; the median milliseconds."""
    rng = random.Random(seed)
    people = max(20, games // 5)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(db) if db else Path(tmp) / "bench-ladder.sqlite3"
        store = await open_store(path)
        try:
            game_columns = await store.columns("games")
            seat_columns = await store.columns("seats")
            game_rows, seat_rows = [], []
            for gid in range(1, games + 1):
                users = rng.sample(range(1, people + 1), 2)
                bot = rng.random() < 0.1
                if bot:
                    users[1] = -1 - gid
                winner = rng.randrange(2)
                scores = [rng.randint(20, 70), rng.randint(20, 70)]
                outcome = {"winners": [winner], "scores": scores,
                           "reason": {"k": "duel.outcome.points"}, "details": []}
                at = 1.7e9 + gid * 600.0
                game_rows.append(_row(game_columns, {
                    "id": gid, "channel_id": 10**17 + gid, "guild_id": GUILD, "game_key": "duel",
                    "options": "{}", "status": "finished", "creator_id": users[0], "locale": "en",
                    "seed": gid, "version": 40, "state": "{}", "outcome": dumps(outcome),
                    "created_at": at - 3600, "updated_at": at, "with_bots": int(bot),
                    "told": 40, "hints": 0}))
                for seat, user in enumerate(users):
                    seat_rows.append(_row(seat_columns, {
                        "game_id": gid, "user_id": user, "name": f"u{user}",
                        "joined_at": at - 3600 + seat, "seat": seat,
                        "bot": "hard" if user < 0 else None, "bot_seed": 1 if user < 0 else None}))
            await store.load("games", game_columns, game_rows)
            await store.load("seats", seat_columns, seat_rows)
            started = time.perf_counter()
            rated = await store.rebuild_ratings()
            rebuild_s = time.perf_counter() - started
            service = Service(store)
            times = []
            for r in range(rounds + 2):
                started = time.perf_counter()
                [ladder] = await service.ladder(GUILD, "duel")
                if r >= 2:  # two rounds to warm up
                    times.append((time.perf_counter() - started) * 1000)
            assert ladder.rows and ladder.people > 0
        finally:
            await store.close()
    median = statistics.median(times)
    print(f"leaderboard: {rated} finished games in one server, {ladder.people} people rated "
          f"(rebuild_s={rebuild_s:.1f})", file=out)
    print(f"leaderboard_ms={median:.1f} (min {min(times):.1f}; goal <= {GOAL_MS:.0f})",
          file=out, flush=True)
    return median
