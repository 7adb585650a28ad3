"""Fixtures: the tiny test game registered, a real SQLite store and Service, and a TabulaBot
logged in against the recording fake of Discord (see fake_discord.py)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator, Mapping
from functools import cache
from typing import Any

import pytest
from discord.webhook.async_ import AsyncWebhookAdapter

import engine.i18n
import engine.registry
from bot.discord import TabulaBot
from bot.service import Service
from bot.store.sqlite import Store
from tests.discord import tiny_game
from tests.discord.fake_discord import FakeDiscord, Harness, user

ALICE = user(910000000000000001, "Alice")
BOB = user(910000000000000002, "Bob")
CAROL = user(910000000000000003, "Carol")
EVE = user(910000000000000009, "Eve")  # never seated


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The tiny game in the registry, and its texts in the catalogues, for this test only."""
    monkeypatch.setitem(engine.registry.GAMES, "tiny", "tests.discord.tiny_game:Tiny")
    engine.registry.get.cache_clear()
    real = engine.i18n.catalogue

    @cache
    def catalogue(locale: str) -> Mapping[str, Any]:
        return {**real(locale), **tiny_game.CATALOGUE.get(locale, {})}

    monkeypatch.setattr(engine.i18n, "catalogue", catalogue)
    yield
    engine.registry.get.cache_clear()


@pytest.fixture
async def service(tmp_path: Any) -> AsyncIterator[Service]:
    store = await Store.open(tmp_path / "tabula.db")
    clock = iter(range(1_000_000, 10_000_000))
    yield Service(store, renderer=tiny_game.TinyRenderer(), clock=lambda: float(next(clock)))
    await store.close()


class _Errors(logging.Handler):
    """Collects the errors discord.py logs and swallows (a failing callback only logs)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
async def discord_(service: Service, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    """A logged-in TabulaBot whose every REST call goes to a FakeDiscord. The test fails if
    anything logged an error (discord.py logs failing callbacks instead of raising)."""
    errors = _Errors()
    logging.getLogger().addHandler(errors)
    fake = FakeDiscord()
    bot = TabulaBot(service, guild_ready_timeout=0.01)
    monkeypatch.setattr(bot.http, "request", fake.http_request)

    async def webhook_request(adapter: AsyncWebhookAdapter, *args: Any, **kwargs: Any) -> Any:
        return await fake.webhook_request(*args, **kwargs)

    monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)
    harness = Harness(bot, fake)
    harness.errors = errors.records  # a test expecting an error empties it
    await harness.login()
    yield harness
    await harness.settle()
    await bot.close()
    logging.getLogger().removeHandler(errors)
    assert not fake.unexpected, [f"{c.method} {c.path}" for c in fake.unexpected]
    assert not errors.records, [r.getMessage() for r in errors.records]


PLAYERS = {int(u["id"]): u for u in (ALICE, BOB, CAROL, EVE)}


async def start_game(h: Harness, *players: dict[str, Any], game: str = "tiny",
                     locale: str = "en-US", **options: Any) -> None:
    """Open a game with the first player, seat the others, start it (all through slash commands)."""
    first, *others = players or (ALICE, BOB)
    await h.slash(first, "game", "new", game=game, locale=locale, **options)
    for who in others:
        await h.slash(who, "game", "join", locale=locale)
    await h.slash(first, "game", "start", locale=locale)


async def on_turn(service: Service) -> list[dict[str, Any]]:
    """The users who must act now in the test channel's game."""
    from tests.discord.fake_discord import CHANNEL_ID

    report = await service.status(CHANNEL_ID)
    return [PLAYERS[s.user_id] for s in report.to_act]


async def waiting(service: Service) -> dict[str, Any]:
    """A seated user who has nothing to do now."""
    from tests.discord.fake_discord import CHANNEL_ID

    info = await service.info(CHANNEL_ID)
    acting = {int(u["id"]) for u in await on_turn(service)}
    return next(PLAYERS[s.user_id] for s in info.seats if s.user_id not in acting)
