"""Shared fixtures: a real database per test, and the toy game registered for platform tests.

The database is an SQLite file, or, in the modules marked `backends` (the store and service
suites), each of an SQLite file and a PostgreSQL database: `backend` is then parametrized, and
`db_url` is a fresh database on a PostgreSQL server the session starts itself (tests/pg.py). On CI
(CI=true) a server that cannot start fails those tests; elsewhere they are skipped, saying why.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.service import Service
from bot.store import Storage, open_store
from engine import registry
from tests.pg import NoServer, PgServer
from tests.skips import (  # noqa: F401  (hooks: an unexpected skip fails the run)
    pytest_runtest_logreport,
    pytest_sessionfinish,
    pytest_terminal_summary,
)

pytest_plugins = ("pytester", "tests.standin.report")

BACKENDS = ("sqlite", "postgres")
TEMPLATE = "tabula_template"  # migrated once per session; each test's database is a copy


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("backends"):
        metafunc.parametrize("backend", BACKENDS)


@pytest.fixture
def backend() -> str:
    """sqlite, unless the module is marked `backends` (then each in turn)."""
    return "sqlite"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    try:
        server = PgServer().start()
    except NoServer as exc:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL could not start on CI: {exc}")
        pytest.skip(f"no PostgreSQL server here: {exc}")
    try:
        import asyncio

        from bot.store.postgres import PgStore

        async def template() -> None:
            admin = await asyncpg.connect(server.url())
            await admin.execute(f"CREATE DATABASE {TEMPLATE}")
            await admin.close()
            await (await PgStore.open(server.url(TEMPLATE))).close()

        asyncio.run(template())
        yield server
    finally:
        server.stop()


_databases = itertools.count(1)


@pytest.fixture
async def pg_database(pg_server: PgServer) -> AsyncIterator[str]:
    """The URL of a new, migrated database, dropped after the test."""
    name = f"t{next(_databases)}"
    admin = await asyncpg.connect(pg_server.url())
    try:
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        yield pg_server.url(name)
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(registry.GAMES, "toy", "tests.platform.toy:Toy")
    registry.get.cache_clear()
    yield "toy"
    registry.get.cache_clear()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tabula.sqlite3"


@pytest.fixture
def db_url(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str:
    """Where the test's store is: the SQLite file, or a new PostgreSQL database's URL."""
    if backend == "sqlite":
        return str(db_path)
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Storage]:
    s = await open_store(db_url)
    yield s
    await s.close()


@pytest.fixture
def service(store: Storage, toy_game: str) -> Service:
    from tests.platform.toy import ToyRenderer

    return Service(store, renderer=ToyRenderer())
