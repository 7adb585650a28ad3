"""A turn is posted once whatever the timing (issue 44, item 5): the same turn's post tried by
two processes on one database, or twice by one process, is one message and one ping.

Every try of one turn's post carries the same nonce with `enforce_nonce`, which the stand-in
models as Discord documents it (a repeat within minutes answers the message already made);
`StandIn.hold` makes a post's answer slow: the message is made, the bot does not know it yet.
The second process is the real `tabula run` (tests/e2e/test_process.py's `launch`)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from discord.http import Route

from bot.service import posts
from tests.e2e.conftest import World
from tests.e2e.play import called, is_retired
from tests.e2e.test_interactions import open_game
from tests.e2e.test_process import eventually, launch, stopped
from tests.e2e.test_retry import TURN_POSTS, faulty, live, post_calls, turn_posts
from tests.standin import Message, Player, validate

pytestmark = pytest.mark.e2e


def sends(world: World, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The channel posts the bot's discord.py client is asked to send, as they start (before
    its own queue: one request at a time on a route whose rate limit it does not know)."""
    assert world.bot is not None
    http = world.bot.http
    started: list[int] = []
    request = http.request

    async def counted(route: Route, **kwargs: Any) -> Any:
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            started.append(route.channel_id or 0)
        return await request(route, **kwargs)

    monkeypatch.setattr(http, "request", counted)
    return started


def claimed(world: World, prefix: str) -> bool:
    """Whether a bot process holds a claim whose name starts so (the SQLite file, read)."""
    with contextlib.closing(sqlite3.connect(world.db_path)) as db:
        return db.execute("SELECT 1 FROM claims WHERE what LIKE ?",
                          (f"{prefix}%",)).fetchone() is not None


def pings_of(world: World, player: Player, since: int) -> list[Message]:
    """The channel's messages after the first `since` that notified `player`."""
    return [m for m in world.public()[since:] if player.id in m.pinged]


async def move_held(world: World, players: list[Player]) -> tuple[asyncio.Task, int, int]:
    """The player asked ends their turn, and the answer to its turn post is held back: the
    move's task, the channel's message count and the bot's post calls before the move."""
    [mover] = called(world, players)
    shown, calls = len(world.public()), len(post_calls(world))
    held = world.standin.hold("POST", TURN_POSTS)
    moving = asyncio.create_task(mover.slash("move", action="end"))
    await asyncio.wait_for(held.reached.wait(), 20)
    return moving, shown, calls


def told_once(world: World, players: list[Player], shown: int) -> None:
    """One turn post since the move, asking the next player, who was pinged once; only it
    has buttons."""
    new = [m for m in world.public()[shown:] if m.attachment("turn.png")]
    assert len(new) == 1, [m.text[-60:] for m in new]
    [nxt] = called(world, players)
    assert pings_of(world, nxt, shown) == new
    assert live(world) == new


async def test_a_post_in_flight_when_another_process_connects_is_made_once(
    world: World, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """(a) The move's post is made, its answer slow; meanwhile `tabula run` starts on the same
    file, and its repair at READY finds the turn unposted and posts it: the same message. The
    player asked, who wants a direct message when their turn comes, gets one."""
    players = await open_game(world, monkeypatch)
    for player in players:
        assert (await player.slash("game notify", dm=True)).ephemeral
    before = world.turn_message()
    moving, shown, calls = await move_held(world, players)
    process = await launch(world, tmp_path)
    try:
        # The other process's try of the same post, answered (the first is still held).
        await eventually(lambda: len(post_calls(world)) >= calls + 2, timeout=60)
        assert world.standin.repeated_nonces == 1
    finally:
        for held in world.standin.holds:
            held.release()
        moved = await moving
        stderr = await stopped(process, signal.SIGINT)
    assert process.returncode == 0 and b"Traceback" not in stderr, stderr.decode()
    assert moved.ephemeral or moved.messages == [], moved.text
    told_once(world, players, shown)
    assert is_retired(before)
    [nxt] = called(world, players)
    assert len(world.standin.dms(nxt.user)) == 1, world.standin.dms(nxt.user)


@pytest.fixture
def retry_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """The retry's first back-off short, from the bot's start (its first wait is read then)."""
    monkeypatch.setenv("TABULA_RETRY_SECONDS", "0.05")


async def test_a_post_slower_than_the_retry_is_made_once(
    retry_soon: None, world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """(b) One process: the post's answer takes longer than the retry waits for a post it
    owes (OWED_FOR, short here), so its own retry claims the turn and posts it again. discord.py
    sends it once the first answer is back (one request at a time on a route whose rate limit
    it does not know yet): by then the retry has decided to post, and makes no second message."""
    monkeypatch.setattr(posts, "OWED_FOR", 0.2)
    players = await open_game(world, monkeypatch)
    sending = sends(world, monkeypatch)
    moving, shown, calls = await move_held(world, players)
    try:
        await eventually(lambda: len(sending) == 2)  # the retry's post is on its way too
        assert claimed(world, "repost:")
    finally:
        for held in world.standin.holds:
            held.release()
        await moving
    await eventually(lambda: len(post_calls(world)) >= calls + 2)
    await world.settle()
    assert world.standin.repeated_nonces == 1
    told_once(world, players, shown)


async def test_an_unrecorded_post_is_recorded_by_another_process_not_posted_again(
    world: World, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """(c) The post lands, its record fails (the database busy): it stays up. `tabula run`
    starts and its repair at READY posts the turn: the same message, now recorded. This
    process's own retry, when it comes, finds it recorded and leaves its buttons."""
    monkeypatch.setenv("TABULA_RETRY_SECONDS", "60")  # this process's retry comes later
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    shown, calls = len(world.public()), len(post_calls(world))
    store = faulty(world, record=True)
    moved = await mover.slash("move", action="end")
    assert store.raised == 1 and "Your move is recorded" in moved.text, moved.text
    assert world.bot is not None and world.bot.reposter.owed
    process = await launch(world, tmp_path)
    try:
        await eventually(lambda: len(post_calls(world)) >= calls + 2, timeout=60)
        await eventually(lambda: len(live(world)) == 1)  # the repair retired the previous post
    finally:
        stderr = await stopped(process, signal.SIGINT)
    assert process.returncode == 0 and b"Traceback" not in stderr, stderr.decode()
    assert world.standin.repeated_nonces == 1
    reposter = world.bot.reposter
    for owed in reposter.owed.values():
        owed.due = 0.0  # this process's retry, now
    reposter._wake.set()
    await eventually(lambda: not reposter.owed)
    await world.settle()
    told_once(world, players, shown)


async def test_an_unrecorded_post_is_recorded_after_the_nonce_window(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """(c), one process, after Discord's nonce window (none here): its retry records the post
    it made and kept, rather than posting the turn a second time."""
    monkeypatch.setenv("TABULA_RETRY_SECONDS", "0.05")
    monkeypatch.setattr(validate, "NONCE_WINDOW", 0.0)
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    shown = len(world.public())
    store = faulty(world, record=True)
    await mover.slash("move", action="end")
    assert store.raised == 1
    assert world.bot is not None
    await eventually(lambda: not world.bot.reposter.owed)
    await world.settle()
    told_once(world, players, shown)
    assert not [m for m in world.standin.messages.values()
                if m.deleted and m.attachment("turn.png")]
    assert len(turn_posts(world)) == 2


async def test_an_unrecorded_post_a_later_turn_overtakes_loses_its_buttons(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """(c), and the game goes on before the retry: the next player moves from the unrecorded
    post; the post of that move is recorded and takes the buttons off both earlier posts, so
    that only the newest post has them."""
    monkeypatch.setenv("TABULA_RETRY_SECONDS", "60")  # the retry comes after the next move
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    before = world.turn_message()
    store = faulty(world, record=True)
    await mover.slash("move", action="end")
    assert store.raised == 1
    unrecorded = world.turn_message()
    assert unrecorded is not before and len(live(world)) == 2  # its record failed
    [nxt] = called(world, players)
    await nxt.slash("move", action="end")
    newest = world.turn_message()
    assert newest is not unrecorded
    assert live(world) == [newest] and is_retired(before) and is_retired(unrecorded)
    assert world.bot is not None and not world.bot.reposter.owed
