"""Two bot processes splitting the gateway shards over one PostgreSQL database (issue 16):
`tabula run --shards 2 --shard-ids 0-0` and `... 1-1`, through the real discord.py
AutoShardedClient and the stand-in, which routes the guild's events to the shard
(guild_id >> 22) % 2 as Discord does. Commands are synced by the process of shard 0 only; the
game is played through whichever process serves the guild, and the other sees the same games."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import Seen, called, check_board, move_by_suggestions
from tests.support import fix_seed

pytestmark = pytest.mark.e2e


async def test_two_processes_split_the_shards_of_one_bot(
        world: World, pg_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 5)
    await world.stop_bot()  # the fixture's bot: started again below as shard 0 of 2
    standin = world.standin
    other = World(standin, pg_database)
    world.db_path = pg_database
    world.bot_options = {"shards": 2, "shard_ids": [0]}
    other.bot_options = {"shards": 2, "shard_ids": [1]}
    syncs_before = sum(1 for c in standin.calls if c.method == "PUT")
    try:
        await world.start_bot()
        await other.start_bot()
        assert standin.shards[-2:] == [(0, 2), (1, 2)]
        assert sum(1 for c in standin.calls if c.method == "PUT") == syncs_before + 1
        serving = (standin.guild_id >> 22) % 2
        servers = [world, other]
        assert servers[serving].bot.get_guild(standin.guild_id) is not None
        assert servers[1 - serving].bot.get_guild(standin.guild_id) is None

        players = [world.player("Alice"), world.player("Bob")]
        await players[0].slash("game new", game="duel")
        await players[1].slash("game join")
        await players[0].slash("game start")
        rng, seen = random.Random(5), Seen()
        for _ in range(6):
            [player] = called(world, players)
            assert not (await move_by_suggestions(player, rng, seen)).failed
        check_board(world.turn_message())
        # Both processes read the one database.
        games = [await w.service.info(standin.channel.id) for w in servers]
        assert games[0] == games[1] and games[0].version >= 6  # turns carried on in menus
        assert await other.service.verify(games[0].id)
        # Both run the clock round; nothing is due, and neither fails.
        for w in servers:
            await w.bot.ticker.once()
    finally:
        await other.stop_bot()
