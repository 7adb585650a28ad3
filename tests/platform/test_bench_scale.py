"""`tabula bench --games`: the files it builds hold real games (each replays to its stored state,
one turn post each, the heavy user in every live game), and it prints its figures."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

from bot.bench.scale import HEAVY_USER, MIX, bench_scale, build, extend, histories
from bot.service import Service
from bot.store.sqlite import Store


async def test_the_stored_games_are_real_and_replay(tmp_path: Path) -> None:
    pool = histories(2, seed=3, jobs=1)  # a Duel and a Seven Hills game
    assert [h.key for h in pool] == [MIX[0][0], MIX[1][0]] and all(h.outcome for h in pool)
    small, large = tmp_path / "small.sqlite3", tmp_path / "large.sqlite3"
    live, long_game = await build(small, pool, 6, seed=3)
    large.write_bytes(small.read_bytes())
    await extend(large, pool, 6, 40, seed=3)
    with sqlite3.connect(large) as raw:
        counts = dict(raw.execute("SELECT status, COUNT(*) FROM games GROUP BY status"))
        posts = raw.execute("SELECT COUNT(*), SUM(m.version = g.version) FROM messages m"
                            " JOIN games g ON g.id = m.game_id").fetchone()
    assert sum(counts.values()) == 40 and counts["lobby"] == 1 and counts["active"] == 5
    assert posts[0] == posts[1] == counts["active"] + counts["finished"]  # the latest post
    store = await Store.open(large)
    try:
        service = Service(store)
        for game_id in range(1, 41):
            row = await store.game(game_id)
            assert row is not None
            if row.seed is not None:
                assert await service.verify(game_id), game_id
        mine = await service.mine(HEAVY_USER)
        assert sorted(m.game.id for m in mine) == sorted(live)
        long = await store.game(long_game)
        assert long is not None and long.game_key == "seven-hills" and long.status == "active"
        assert long.version == max(pool[1].snapshots)  # late in the game
    finally:
        await store.close()


async def test_the_bench_prints_each_figure_at_both_sizes(tmp_path: Path) -> None:
    out = io.StringIO()
    db = tmp_path / "kept.sqlite3"
    assert await bench_scale(30, db=str(db), distinct=2, rounds=1, jobs=1, live=6, out=out) == 0
    text = out.getvalue()
    for what in ("move", "clock_round", "mine", "click"):
        assert f"{what}_ms at 6: median=" in text and "| at 30: median=" in text
    assert "scale_ratio=" in text and "bytes_per_game=" in text and "engine_s=" in text
    assert db.exists() and (tmp_path / "kept-6.sqlite3").exists()
    # The files are never overwritten.
    assert await bench_scale(30, db=str(db), distinct=2, rounds=1, jobs=1, live=6,
                             out=io.StringIO()) == 2
