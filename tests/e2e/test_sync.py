"""The command sync (issue 15): sent at start-up only when the commands changed since the last
sync recorded in the database, or on `tabula sync`; a sync Discord refuses is a logged error,
and the bot serves on."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from bot.discord.client import run_sync
from tests.e2e.conftest import World
from tests.standin import TOKEN

pytestmark = pytest.mark.e2e


def puts(world: World) -> int:
    """The command syncs the stand-in received (bulk overwrites of the commands)."""
    return sum(1 for c in world.standin.calls
               if c.method == "PUT" and c.path.endswith("/commands"))


async def test_a_restart_with_the_same_commands_does_not_sync(world: World) -> None:
    assert puts(world) == 1 and world.bot is not None and world.bot.synced is True
    await world.restart()
    assert puts(world) == 1 and world.bot.synced is False
    reply = await world.player("Alice").slash("game rules", game="res-publica")
    assert "Res Publica" in reply.text  # the commands synced before still work


async def test_changed_commands_are_synced_at_the_next_start(world: World) -> None:
    await world.stop_bot()
    with sqlite3.connect(world.db_path) as db:  # as if an older Tabula had synced its commands
        assert db.execute("UPDATE command_sync SET hash = 'older'").rowcount == 1
    await world.start_bot()
    assert puts(world) == 2 and world.bot is not None and world.bot.synced is True
    await world.restart()
    assert puts(world) == 2


async def test_tabula_sync_sends_them_whatever_the_record(world: World) -> None:
    await world.stop_bot()
    assert await run_sync(TOKEN, str(world.db_path)) == 0
    assert puts(world) == 2
    assert world.standin.command("game") is not None


async def test_a_refused_sync_is_a_logged_error_and_the_bot_runs(world: World) -> None:
    """Discord refuses a sync to a guild the bot is not in (403 Missing Access)."""
    world.bot_options = {"dev_guild": world.standin.guild_id + 1}
    await world.restart()
    assert world.bot is not None and world.bot.synced is None
    refusals = [c for c in world.standin.calls if c.method == "PUT" and c.status == 403]
    assert len(refusals) == 1
    [error] = [r for r in world.errors if r.levelno >= logging.ERROR]
    assert "command sync" in error.getMessage() and "tabula sync" in error.getMessage()
    world.errors.clear()
    alice = world.player("Alice")
    reply = await alice.slash("game new", game="res-publica")  # the global commands still work
    assert not reply.failed and "Alice" in world.public()[-1].text
    await world.restart()  # a failed sync is not recorded: the next start tries again
    assert len([c for c in world.standin.calls if c.method == "PUT" and c.status == 403]) == 2
    world.errors.clear()


async def test_tabula_sync_says_when_discord_refuses(world: World) -> None:
    await world.stop_bot()
    assert await run_sync(TOKEN, str(world.db_path), world.standin.guild_id + 1) == 1
    world.errors.clear()
