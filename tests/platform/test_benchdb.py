"""`tabula bench-db` (issue 16): it plays its games to the end from several processes on each
database and prints its figures."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

from bot.bench.db import bench_db
from bot.service import Service
from bot.store import open_store


def _figures(line: str) -> dict[str, str]:
    return dict(re.findall(r"(\w+)=(\S+)", line))


def _which(run: dict[str, str]) -> tuple[str, str]:
    return run["backend"], run["processes"]


async def _moves(target: str) -> int:
    store = await open_store(target)
    try:
        service = Service(store)
        games = [row[0] for row in await store.dump("games", ["id"])]
        for game_id in games:
            assert (await service.info_by_id(game_id)).status == "finished"
            assert await service.verify(game_id)
        total = 0
        for game_id in games:
            # The players' moves (not the forced actions the platform plays after some).
            total += sum(a.user_id is not None for a in await store.actions(game_id))
        return total
    finally:
        await store.close()


async def test_bench_db_prints_both_backends_side_by_side(tmp_path: Path,
                                                         pg_database: str) -> None:
    out = io.StringIO()
    lite = str(tmp_path / "bench.sqlite3")
    assert await asyncio.to_thread(bench_db, [lite, pg_database], [2], 2, "duel", 1, 2,
                                   out) == 0
    lines = out.getvalue().splitlines()
    runs = list(map(_figures, lines[:2]))
    assert list(map(_which, runs)) == [("sqlite", "2"), ("postgresql", "2")]
    for r in runs:
        assert int(r["moves"]) > 0 and float(r["moves_per_s"]) > 0
        assert 0 < float(r["store_p50_ms"]) <= float(r["move_p50_ms"])
        assert float(r["move_p50_ms"]) <= float(r["move_p99_ms"])
    # Every move it counted is in the database, and each game was played to its end.
    for target, run in ((lite, runs[0]), (pg_database, runs[1])):
        assert await _moves(target) == int(run["moves"])
    assert "postgresql://postgres@127.0.0.1" in lines[-1]
