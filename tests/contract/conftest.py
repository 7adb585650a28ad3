"""The e2e world (tests/e2e/conftest.py) for the contract's complete games, and the toy game
registered when a contract test runs over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import registry
from tests.e2e.conftest import world  # noqa: F401  (the fixture)


@pytest.fixture
def registered(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The game key of the test's `key` parameter, registered if it is the toy's."""
    key = request.getfixturevalue("key")
    if key == "toy":
        monkeypatch.setitem(registry.GAMES, "toy", "tests.platform.toy:Toy")
        registry.get.cache_clear()
    yield key
    if key == "toy":
        registry.get.cache_clear()
