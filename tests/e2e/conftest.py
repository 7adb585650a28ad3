"""The real TabulaBot (real Service, Store on a SQLite file, PillowRenderer), started with
`bot.start(token)` against the stand-in of Discord over loopback.

Every test module here sets `pytestmark = pytest.mark.e2e`. A test fails if the stand-in refused something it should not
have (its `failures`: unmodelled requests, its own errors), or if anything logged an error
(discord.py logs the exceptions of callbacks rather than raising them); a test expecting an
error clears `world.errors`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from bot.discord import TabulaBot
from bot.discord.client import make_bot
from bot.service import PillowRenderer, Renderer, Service
from bot.store import Storage, open_store
from tests.standin import TOKEN, Message, Player, Reply, StandIn, bot_tasks_idle


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class World:
    """The stand-in, the SQLite file, and the bot currently running on them."""

    def __init__(self, standin: StandIn, db_path: Path | str) -> None:
        self.standin = standin
        self.db_path = db_path
        self.renderer: Renderer = PillowRenderer()
        # Bots may play many moves in a row (each posted with its picture) before a person is
        # asked again: a settle waits for them all.
        self.settle = bot_tasks_idle(timeout=180.0)
        self.bot: TabulaBot | None = None
        self.service: Service | None = None
        self._task: asyncio.Task[None] | None = None
        self._store: Storage | None = None
        self.errors: list[logging.LogRecord] = []
        self.bot_options: dict[str, Any] = {}

    async def start_bot(self) -> TabulaBot:
        """A new TabulaBot on the same SQLite file: login, command sync, gateway, READY."""
        assert self.bot is None
        self._store = await open_store(self.db_path)
        self.service = Service(self._store, renderer=self.renderer)
        bot = make_bot(self.service, guild_ready_timeout=0.05, **self.bot_options)
        self.bot = bot
        self._task = asyncio.create_task(bot.start(TOKEN), name="tabula-bot")
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({self._task, ready}, timeout=15,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self._task in done:
                self._task.result()  # raises what stopped the bot
            raise TimeoutError("the bot did not get READY from the stand-in")
        return bot

    async def stop_bot(self) -> None:
        if self.bot is None:
            return
        await self.settle()
        await self.bot.close()
        assert self._task is not None
        await asyncio.wait_for(self._task, 10)
        assert self._store is not None
        await self._store.close()
        self.bot, self.service, self._task, self._store = None, None, None, None

    async def restart(self) -> TabulaBot:
        """Stop the bot, then start a new instance on the same SQLite file."""
        await self.stop_bot()
        return await self.start_bot()

    def player(self, name: str, *, locale: str = "en-US", manager: bool = False) -> Player:
        user = self.standin.add_manager(name) if manager else self.standin.add_user(name)
        return Player(self.standin, user, locale=locale, settle=self.settle)

    # --- what the channel shows ----------------------------------------------------------------

    def public(self) -> list[Message]:
        return self.standin.public(self.standin.channel)

    async def click_on_turn(self, player: Player, prefix: str) -> Reply:
        """`player` clicks the button of the latest turn message whose custom_id starts so."""
        turn = self.turn_message()
        return await player.click(turn, next(c for c in turn.custom_ids() if c.startswith(prefix)))

    def turn_message(self) -> Message:
        """The latest turn post: the newest public post of the bot with a turn picture."""
        return next(m for m in reversed(self.public()) if m.attachment("turn.png"))


@pytest.fixture
async def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    # Bot seats answer at once, from a short think (tests/e2e/test_bots.py).
    monkeypatch.setenv("TABULA_BOT_DELAY", "0")
    monkeypatch.setenv("TABULA_BOT_SECONDS", "0.1")
    # The open post's edits are made at once (they are still one per burst of answers).
    monkeypatch.setenv("TABULA_EDIT_DELAY", "0")
    # A `tabula run` process a test starts (test_process.py) serves /healthz on a free port,
    # never on 8080, which another test's process or the machine may hold.
    monkeypatch.setenv("TABULA_WEB_PORT", "0")
    errors = _Errors()
    logging.getLogger().addHandler(errors)
    standin = await StandIn().start()
    monkeypatch.setattr(discord.http.Route, "BASE", standin.api)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(standin.gateway))
    world = World(standin, tmp_path / "tabula.sqlite3")
    world.errors = errors.records
    try:
        await world.start_bot()
        yield world
        await world.stop_bot()
    finally:
        await world.stop_bot()
        await standin.close()
        logging.getLogger().removeHandler(errors)
    # discord.py gives the view of every ephemeral follow-up a 15-minute timeout task (the
    # token's life) and does not cancel them when the client closes: those are its own. Other
    # tasks get a moment to end (a READY being processed waits guild_ready_timeout).
    for _ in range(40):
        leftover = [t for t in asyncio.all_tasks()
                    if t is not asyncio.current_task() and not t.done()]
        views = [t for t in leftover if "__timeout_task_impl" in repr(t.get_coro())]
        if len(views) == len(leftover):
            break
        await asyncio.sleep(0.05)
    for task in views:
        task.cancel()
    await asyncio.gather(*views, return_exceptions=True)
    assert not set(leftover) - set(views), f"tasks left running: {leftover}"
    assert not standin.failures, standin.failures
    assert not errors.records, [r.getMessage() for r in errors.records]
