"""Shared fixtures: a real SQLite file per test, and the toy game registered for platform tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Service
from bot.store import Store
from engine import registry


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
async def store(db_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(db_path)
    yield s
    await s.close()


@pytest.fixture
def service(store: Store, toy_game: str) -> Service:
    from tests.platform.toy import ToyRenderer

    return Service(store, renderer=ToyRenderer())
