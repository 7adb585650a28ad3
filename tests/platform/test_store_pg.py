"""The PostgreSQL store's own concerns, against a real server: its migrations and version table,
a database of a newer schema refused, a server that cannot be reached, the backend chosen by
TABULA_DB. (What it shares with the SQLite store is tested on both: the `backends` modules.)"""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.config import load
from bot.store import StoreError, is_url, open_store, shown
from bot.store import sqlite as sqlite_store
from bot.store.postgres import PgStore, migrations
from bot.store.sqlite import Store


def test_each_sqlite_migration_has_its_postgresql_twin() -> None:
    """Numbered alike, so that a schema version means the same tables in both."""
    assert [n for n, _ in migrations()] == [n for n, _ in sqlite_store.migrations()]


async def test_migrations_run_once_and_record_their_version(pg_server, pg_database: str) -> None:
    latest = migrations()[-1][0]
    bare = pg_server.url("postgres")
    admin = await asyncpg.connect(bare)
    await admin.execute("CREATE DATABASE fresh")
    await admin.close()
    url = pg_server.url("fresh")
    # Three processes starting at once on an empty database: each migration applies once.
    stores = await asyncio.gather(*(PgStore.open(url) for _ in range(3)))
    assert {await s.schema_version() for s in stores} == {latest}
    for s in stores:
        assert await s.migrate() == latest
        await s.close()
    conn = await asyncpg.connect(url)
    assert await conn.fetchval("SELECT COUNT(*) FROM schema_version") == 1
    assert await conn.fetchval("SELECT COUNT(*) FROM games") == 0
    await conn.close()


async def test_a_database_of_a_newer_schema_is_refused_untouched(pg_database: str) -> None:
    conn = await asyncpg.connect(pg_database)
    await conn.execute("UPDATE schema_version SET version = 99")
    await conn.close()
    with pytest.raises(StoreError) as caught:
        await PgStore.open(pg_database)
    text = str(caught.value)
    assert "newer version of Tabula" in text and "schema 99" in text
    conn = await asyncpg.connect(pg_database)
    assert await conn.fetchval("SELECT version FROM schema_version") == 99
    await conn.close()


async def test_an_unreachable_server_is_a_clear_error_without_the_password(pg_server) -> None:
    url = f"postgresql://tabula:s3cret@127.0.0.1:{pg_server.port + 1}/nowhere"
    with pytest.raises(StoreError) as caught:
        await open_store(url)
    text = str(caught.value)
    assert "cannot connect" in text and "s3cret" not in text
    assert "postgresql://tabula@127.0.0.1" in text


async def test_tabula_db_picks_the_backend(pg_database: str, tmp_path) -> None:
    assert is_url("postgresql://u@h/db") and is_url("postgres://h/db")
    assert not is_url("tabula.sqlite3") and not is_url(tmp_path / "x.db")
    assert shown("postgresql://u:pw@h:5/db") == "postgresql://u@h:5/db"
    config = load({"TABULA_DB": pg_database}, dotenv=None)
    store = await open_store(config.db_path)
    assert isinstance(store, PgStore)
    await store.close()
    file = await open_store(tmp_path / "x.sqlite3")
    assert isinstance(file, Store)
    await file.close()
