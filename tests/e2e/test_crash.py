"""A real `tabula run` process killed (SIGKILL) after a move was committed and before its turn
was posted (issue 15): after a restart the turn post appears, the next player is called, and
the game goes on.

The crash point is reached through TABULA_TEST_CRASH_BEFORE_POST (bot/discord/posting.py), an
environment variable only tests set: the process kills itself when about to post the turn of
that version, i.e. right after the move's transaction committed."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from bot.discord.posting import CRASH_BEFORE_POST
from bot.store.sqlite import Store
from engine.registry import get as get_game
from tests.e2e.conftest import World
from tests.e2e.play import called, check_board
from tests.e2e.test_process import eventually, launch, stopped
from tests.support import fix_seed

pytestmark = pytest.mark.e2e


async def test_a_move_saved_but_not_posted_is_posted_after_a_crash(
    world: World, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    fix_seed(monkeypatch, 4)
    players = [world.player("Ana"), world.player("Ben"), world.player("Cy")]
    await players[0].slash("game new", game="seven-hills")
    for p in players[1:]:
        await p.slash("game join")
    await players[0].slash("game start")
    before = world.turn_message()
    [mover] = called(world, players)
    assert world.service is not None
    channel = world.standin.channel.id
    [action, *_] = await world.service.choices(channel, mover.id)
    await world.stop_bot()

    # The first process dies right after committing version 1.
    monkeypatch.setenv(CRASH_BEFORE_POST, "1")
    doomed = await launch(world, tmp_path)
    try:
        await eventually(lambda: world.standin.identifies == 2, timeout=30)
        await asyncio.sleep(0.5)  # READY, GUILD_CREATE, command sync
        for p in players:
            p.settle = None  # another process: wait on what the users see
        sent = asyncio.create_task(mover.slash("move", action=action))
        await asyncio.wait_for(doomed.wait(), 30)
    finally:
        if doomed.returncode is None:
            doomed.kill()
        await doomed.communicate()
    assert doomed.returncode == -signal.SIGKILL
    sent.cancel()
    await asyncio.gather(sent, return_exceptions=True)
    assert world.turn_message() is before  # saved, not posted: the channel still shows the start

    monkeypatch.delenv(CRASH_BEFORE_POST)
    assert CRASH_BEFORE_POST not in os.environ
    process = await launch(world, tmp_path)
    try:
        await eventually(lambda: world.turn_message() is not before, timeout=30)
        after = world.turn_message()
        check_board(after)
        store = await Store.open(world.db_path)  # what the restarted process stored
        try:
            game = await store.live_game(channel)
            assert game is not None and game.version == 1 and game.state is not None
            # The post is recorded once the previous one lost its buttons: on a loaded
            # machine, a moment after it shows.
            for _ in range(200):
                [(_id, _channel, _kind, posted)] = (await store.messages(game.id, "turn"))[-1:]
                if posted == 1:
                    break
                await asyncio.sleep(0.05)
            assert posted == 1  # the repost is recorded as the turn post of version 1
            asked = get_game(game.game_key).prompt(game.state)
            users = {s.seat: s.user_id for s in await store.seats(game.id)}
        finally:
            await store.close()
        called_now = called(world, players)
        assert {p.id for p in called_now} == {users[s] for s in asked} != set()
        # The next player plays on in the restarted process.
        nxt = called_now[0]
        choices = await asyncio.wait_for(nxt.autocomplete("move", "action", action=""), 20)
        value = next(c["value"] for c in choices.choices if not c["value"].endswith(" …"))
        played = await nxt.slash("move", action=value)
        await eventually(lambda: world.turn_message() is not after, timeout=30)
        await eventually(lambda: played.text.startswith("✅"), timeout=30)  # the bot's last step
        assert not played.failed
    finally:
        stderr = await stopped(process, signal.SIGINT)
    assert process.returncode == 0, stderr.decode()
    assert b"Traceback" not in stderr, stderr.decode()
