"""The database full or out of reach (issue 24, item 5), on real databases: an SQLite file
made full with `PRAGMA max_page_count` (SQLite's own "database or disk is full"), and the
PostgreSQL server of the tests stopped for a moment. A change is refused with
StorageUnavailable (the edges tell the player to try again; tests/e2e/test_refusals.py) and
changes nothing; the log reads one warning per outage and one line when the database answers
again; a bug's error is not mistaken for an outage."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.service import Service, ServiceError, StorageUnavailable, User
from bot.store import open_store
from bot.store.outage import Outage, unavailable
from tests.conftest import TEMPLATE
from tests.pg import PgServer
from tests.platform.toy import ToyRenderer

ANN, BOB = User(1, "ann"), User(2, "bob")
CH, GUILD = 300, 4
UNLIMITED = 1073741823  # SQLite's default max_page_count


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "bot.store.outage"]


async def peeking(service: Service) -> int:
    """A started toy game, ann to move; her user id (peeking is a move that changes nothing
    but the history, so she may do it again and again)."""
    await service.create(CH, GUILD, ANN, "toy", ["big"])
    await service.join(CH, BOB)
    report = await service.start(CH, ANN.id, seed=1)
    return report.to_act[0].user_id


async def test_a_full_sqlite_file_refuses_a_move_changes_nothing_and_is_logged_once(
        db_path: Path, toy_game: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "bot.store.outage")
    store = await open_store(db_path)
    try:
        service = Service(store, renderer=ToyRenderer())
        mover = await peeking(service)
        db = store.db  # type: ignore[attr-defined]
        [(pages,)] = await db.execute_fetchall("PRAGMA page_count")
        await db.execute(f"PRAGMA max_page_count = {pages}")  # the file may not grow
        for _ in range(2000):  # until a move needs a page the file may not have
            before = await service.info(CH)
            try:
                await service.act(CH, mover, "peek")
            except StorageUnavailable as error:
                assert "database or disk is full" in str(error.__cause__)
                break
        else:
            raise AssertionError("the file never filled")
        for _ in range(3):  # more players, more attempts: still one warning
            with pytest.raises(StorageUnavailable):
                await service.act(CH, mover, "peek")
        after = await service.info(CH)
        assert after.version == before.version  # nothing recorded
        assert len(await store.actions(after.id)) == before.version
        assert (await service.hand(CH, mover)).seat is not None  # reading still works
        [(level, warning)] = outage_lines(caplog)
        assert level == logging.WARNING and "database or disk is full" in warning

        await db.execute(f"PRAGMA max_page_count = {UNLIMITED}")  # room again
        await service.act(CH, mover, "peek")
        assert (await service.info(CH)).version == before.version + 1
        lines = outage_lines(caplog)
        assert len(lines) == 2 and lines[1][0] == logging.INFO
        assert "answers again" in lines[1][1]
    finally:
        await store.close()


async def admin(server: PgServer, sql: str) -> None:
    connection = await asyncpg.connect(server.url())
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


async def test_postgresql_stopped_for_a_moment(pg_server: PgServer, toy_game: str,
                                               caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "bot.store.outage")
    # A database of its own (pg_database's admin connection would not survive the stop).
    await admin(pg_server, f"CREATE DATABASE outage TEMPLATE {TEMPLATE}")
    store = await open_store(pg_server.url("outage"))
    try:
        service = Service(store, renderer=ToyRenderer())
        mover = await peeking(service)
        version = (await service.info(CH)).version
        pg_server.pause()
        try:
            for call in (service.act(CH, mover, "peek"), service.info(CH),
                         service.choices(CH, mover)):
                with pytest.raises(StorageUnavailable):
                    await call
        finally:
            pg_server.resume()
        assert [level for level, _ in outage_lines(caplog)] == [logging.WARNING]
        for _ in range(5):  # the pool's connections were cut: it opens new ones
            try:
                await service.act(CH, mover, "peek")
                break
            except StorageUnavailable:
                continue
        assert (await service.info(CH)).version == version + 1  # recorded once
        assert [level for level, _ in outage_lines(caplog)] == [logging.WARNING, logging.INFO]
    finally:
        await store.close()
        await admin(pg_server, "DROP DATABASE outage WITH (FORCE)")


def test_a_bug_is_not_an_outage() -> None:
    assert unavailable(sqlite3.OperationalError("database or disk is full"))
    assert unavailable(ConnectionRefusedError(111, "Connection refused"))
    assert not unavailable(sqlite3.OperationalError("no such table: gamez"))
    assert not unavailable(sqlite3.IntegrityError("UNIQUE constraint failed"))
    assert not unavailable(ServiceError("error.stale"))
    assert not unavailable(KeyError("seat"))


def test_an_outage_ends_when_what_failed_works_again(caplog: pytest.LogCaptureFixture) -> None:
    """A full disk fails the writes while the reads work: a read does not end the outage
    (else each write would log a new one), the failed write working again does; so does
    any call long after the last failure."""
    caplog.set_level(logging.INFO, "bot.store.outage")
    now = [0.0]
    outage = Outage(lambda: now[0])
    full = sqlite3.OperationalError("database or disk is full")
    outage.failed("append_action", full)
    outage.worked("game_and_seats")
    outage.failed("append_action", full)
    assert len(outage_lines(caplog)) == 1
    outage.worked("append_action")
    assert len(outage_lines(caplog)) == 2 and not outage.failing
    outage.failed("record_turn_post", full)
    now[0] += 120
    outage.worked("game")
    assert [level for level, _ in outage_lines(caplog)] == [logging.WARNING, logging.INFO] * 2
