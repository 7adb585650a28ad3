"""`tabula db copy` (issue 16): a live bot's database moved from SQLite to PostgreSQL and back,
every row kept (ids included), and each game's history replayed to its state afterwards."""

from __future__ import annotations

import asyncio
import io
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.cli import main
from bot.service import Service, User
from bot.store import TABLES, GuildSettings, UserPrefs, open_store
from bot.tools.dbcopy import copy_command
from tests.pg import PgServer
from tests.platform.toy import ToyRenderer

ANN, BOB, CY = User(1, "ann"), User(2, "bob"), User(3, "cy")


async def _filled(path: Path) -> None:
    """A database as a running bot leaves it: finished, running, undone, resigned and abandoned
    games, lobbies, turn posts, claims, preferences, guild settings, the command sync."""
    store = await open_store(path)
    service = Service(store, renderer=ToyRenderer())
    for channel in range(10, 16):
        await service.create(channel, 7, ANN, "toy", ["big"] if channel % 2 else [],
                             pace="fast" if channel % 3 else None)
        await service.join(channel, BOB)
        if channel == 15:
            continue  # a lobby
        await service.join(channel, CY)
        report = await service.start(channel, ANN.id, seed=channel)
        info = report.game
        for step in range(channel - 8):
            seat = (await service.info(channel)).seat_of
            mover = next(u for u in (ANN, BOB, CY) if (s := seat(u.id)) and s.seat in report.asks)
            report = await service.act(channel, mover.id, "take 1")
            if step == 1:
                report = await service.undo(channel, mover.id)
            if report.game.status != "active":
                break
        await store.record_message(info.id, message_id=channel * 1000, channel_id=channel,
                                   kind="turn", version=report.game.version, now=5.0)
        await store.claim(info.id, "repost:1", 6.0)
    await service.resign(11, BOB.id)
    await service.abandon(12, ANN.id)
    await store.set_prefs(UserPrefs(1, dm=True, before=True, remind_hours=3.5,
                                    vacation_until=9e9, locale="fr"))
    await store.set_guild_settings(GuildSettings(8, "fr", {"bank": 3600.0, "increment": 60.0, "cap": 7200.0}, True))
    await store.set_synced_commands("1:global", "abc", 7.0)
    await store.close()


async def _tables(target: str) -> dict[str, list[tuple]]:
    store = await open_store(target)
    try:
        return {t: sorted(await store.dump(t, await store.columns(t)), key=repr) for t in TABLES}
    finally:
        await store.close()


async def test_sqlite_to_postgresql_and_back_keeps_every_row(
        tmp_path: Path, pg_database: str, toy_game: str) -> None:
    source = tmp_path / "bot.sqlite3"
    await _filled(source)
    out, err = io.StringIO(), io.StringIO()
    assert await copy_command(str(source), pg_database, out, err) == 0, err.getvalue()
    assert "verified: the history of each of the 5 started games" in out.getvalue()
    back = tmp_path / "back.sqlite3"
    assert await copy_command(pg_database, str(back), out, err) == 0, err.getvalue()
    original = await _tables(str(source))
    assert all(original[t] for t in TABLES)  # every table had something to copy
    assert await _tables(pg_database) == original
    assert await _tables(str(back)) == original
    # The copies are live databases: the games go on, with new ids after the copied ones.
    for target in (pg_database, str(back)):
        store = await open_store(target)
        service = Service(store)
        info = await service.info(10)
        seat = next(s for s in info.seats if s.seat == 0)
        assert [s.name for s in info.seats] == [s.name for s in (await service.info(10)).seats]
        await service.abandon(10, seat.user_id, can_manage=True)
        new = await service.create(10, 7, CY, "toy")
        assert new.id == 7  # six games were copied
        await store.close()


async def test_the_seats_keep_their_joining_order(tmp_path: Path, pg_database: str,
                                                  toy_game: str) -> None:
    source = tmp_path / "bot.sqlite3"
    store = await open_store(source)
    service = Service(store, clock=lambda: 1.0)  # joined at the same second: rowid decides
    await service.create(5, 7, CY, "toy")
    await service.join(5, ANN)
    await service.join(5, BOB)
    await store.close()
    assert await copy_command(str(source), pg_database, io.StringIO(), io.StringIO()) == 0
    copy = await open_store(pg_database)
    assert [s.name for s in (await Service(copy).info(5)).seats] == ["cy", "ann", "bob"]
    await copy.close()


async def test_a_destination_with_data_is_refused(tmp_path: Path, pg_database: str,
                                                  toy_game: str) -> None:
    source = tmp_path / "bot.sqlite3"
    await _filled(source)
    store = await open_store(pg_database)
    await store.set_prefs(UserPrefs(99))
    await store.close()
    err = io.StringIO()
    assert await copy_command(str(source), pg_database, io.StringIO(), err) == 1
    assert "already holds data (table users)" in err.getvalue()
    conn = await asyncpg.connect(pg_database)
    assert await conn.fetchval("SELECT COUNT(*) FROM games") == 0
    await conn.close()


async def test_a_history_that_does_not_replay_is_reported(
        tmp_path: Path, pg_database: str, toy_game: str, capsys: pytest.CaptureFixture[str],
) -> None:
    source = tmp_path / "bot.sqlite3"
    await _filled(source)
    with sqlite3.connect(source) as raw:
        raw.execute("UPDATE games SET state = json_set(state, '$.pile',"
                    " json_extract(state, '$.pile') + 10) WHERE id = 3")
    # The command itself, as typed (it runs its own event loop: in a thread here).
    assert await asyncio.to_thread(main, ["db", "copy", str(source), pg_database]) == 1
    assert "1 of 5 games do not replay to their stored state: 3" in capsys.readouterr().err


def test_every_table_of_both_schemas_is_copied(tmp_path: Path, pg_server: PgServer) -> None:
    """A table added by a later migration must be added to TABLES too, or the copy loses it."""

    async def tables() -> tuple[set[str], set[str]]:
        file = await open_store(tmp_path / "x.sqlite3")
        await file.close()
        with sqlite3.connect(tmp_path / "x.sqlite3") as raw:
            lite = {r[0] for r in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        pg = await open_store(pg_server.url("postgres"))
        await pg.close()
        conn = await asyncpg.connect(pg_server.url("postgres"))
        names = {r[0] for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema()")}
        await conn.close()
        return lite, names - {"schema_version"}

    lite, pg = asyncio.run(tables())
    assert lite == set(TABLES) == pg
