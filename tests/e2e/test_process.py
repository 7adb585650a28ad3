"""`tabula run`, as deployed, in its own process: it takes over a game that another bot process
left on the same SQLite file, and the buttons of the earlier messages work in it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.service import Service, User
from bot.store import Storage, open_store
from engine.policy import walk
from tests.e2e.conftest import World
from tests.e2e.play import called, check_board, is_retired
from tests.standin import TOKEN, Player
from tests.standin.model import Channel
from tests.support import fix_seed

pytestmark = pytest.mark.e2e

# The process is the real entry point; only the two addresses are aimed at the stand-in. Ctrl+C
# is what a terminal gives a process started in it: a test run started in the background by a
# shell (`cmd &`, as a CI script may) ignores SIGINT, and its children inherit that, so the bot
# would never see the tests' Ctrl+C (Python only installs its handler where SIGINT is default).
LAUNCH = """
import os, signal, sys, yarl, discord.gateway, discord.http
signal.signal(signal.SIGINT, signal.default_int_handler)
discord.http.Route.BASE = os.environ["STANDIN_API"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["STANDIN_GATEWAY"])
from bot.cli import main
sys.exit(main(["run"]))
"""


async def launch(world: World, cwd: Path) -> asyncio.subprocess.Process:
    """`tabula run` in its own process, on the world's SQLite file, aimed at the stand-in."""
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "TABULA_DB": str(world.db_path),
           "STANDIN_API": world.standin.api, "STANDIN_GATEWAY": world.standin.gateway,
           "PYTHONFAULTHANDLER": "1"}  # a SIGABRT dumps every thread's stack (`stopped`)
    env.pop("TABULA_DEV_GUILD", None)
    return await asyncio.create_subprocess_exec(
        sys.executable, "-c", LAUNCH, cwd=cwd, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def stopped(process: asyncio.subprocess.Process, sig: int) -> bytes:
    """Stop the bot process with `sig` (Ctrl+C, a service manager's SIGTERM) and return its
    stderr once it exits, within 20 s. A process still running then fails the test with every
    thread's stack in the message (SIGABRT, which `launch` has Python's fault handler answer),
    so a slow or stuck shutdown says where it waits."""
    if process.returncode is None:
        process.send_signal(sig)
    try:
        _, stderr = await asyncio.wait_for(process.communicate(), 20)
    except TimeoutError:
        process.send_signal(signal.SIGABRT)
        try:
            _, stderr = await asyncio.wait_for(process.communicate(), 20)
        except TimeoutError:
            process.kill()
            _, stderr = await process.communicate()
        name = signal.Signals(sig).name
        raise AssertionError(f"the bot process had not stopped 20 s after {name}; its stderr's "
                             f"end:\n{stderr.decode(errors='replace')[-8000:]}") from None
    return stderr


async def eventually(check: Callable[[], bool], timeout: float = 20) -> None:
    """The bot is in another process: wait until what the user sees says it has answered."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise TimeoutError("the bot process did not answer")
        await asyncio.sleep(0.02)


async def test_tabula_run_takes_over_a_game_on_the_same_file(
    world: World, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    fix_seed(monkeypatch, 9)
    players = [world.player("Alice"), world.player("Bob"), world.player("Carol")]
    await players[0].slash("game new", game="res-publica")
    for p in players[1:]:
        await p.slash("game join")
    await players[0].slash("game start")
    before = world.turn_message()
    await world.stop_bot()

    process = await launch(world, tmp_path)
    try:
        await eventually(lambda: world.standin.identifies == 2, timeout=30)
        [player] = called(world, players)
        for p in players:
            p.settle = None  # another process: wait on what the user sees instead
        opened = await player.click(before, next(c for c in before.custom_ids() if "play" in c))
        assert not opened.failed
        await eventually(lambda: bool(opened.messages) and bool(opened.last.components))
        menu = opened.last
        select = menu.components[0]["components"][0]
        end = next(o["value"] for o in select["options"] if o["label"] == "End your turn")
        picked = await player.choose(menu, select["custom_id"], [end])
        assert not picked.failed
        await eventually(lambda: menu.text.startswith("✅"))  # the bot's last step
        assert menu.text.startswith("✅ You played: **End your turn**")
        assert world.turn_message() is not before and is_retired(before)
        check_board(world.turn_message())
    finally:
        stderr = await stopped(process, signal.SIGINT)  # Ctrl+C
    assert process.returncode == 0, stderr.decode()
    assert b"Traceback" not in stderr, stderr.decode()
    await eventually(lambda: world.standin.current is None, timeout=5)  # a clean gateway close


async def test_tabula_run_stops_cleanly_on_sigterm(world: World, tmp_path: Path) -> None:
    """How a service manager stops the bot: exit 0, no traceback, the gateway closed."""
    await world.stop_bot()
    process = await launch(world, tmp_path)
    try:
        await eventually(lambda: world.standin.identifies == 2, timeout=30)
        await asyncio.sleep(1)  # let it finish connecting (READY, GUILD_CREATE, command sync)
    finally:
        stderr = await stopped(process, signal.SIGTERM)
    assert process.returncode == 0, stderr.decode()
    assert b"Traceback" not in stderr, stderr.decode()
    # into a pipe: plain text, and nothing of voice (bot/discord/logs.py; tests/discord/test_logs)
    assert b"Shard ID None has connected to Gateway" in stderr, stderr.decode()
    assert b"\x1b[" not in stderr and b"voice will NOT be supported" not in stderr
    await eventually(lambda: world.standin.current is None, timeout=5)


async def _games(world: World, count: int) -> list[tuple[Channel, list[Player]]]:
    """`count` duel games started in channels of their own, in the file only: the bot process
    posts their turns when it starts (the lost-post repair)."""
    games = []
    store = await open_store(world.db_path)
    try:
        service = Service(store)
        for g in range(count):
            channel = world.standin.add_channel(f"duel-{g}")
            players = [world.player(f"p{g}{i}") for i in range(2)]
            users = [User(p.id, p.user.name) for p in players]
            await service.create(channel.id, world.standin.guild_id, users[0], "duel")
            await service.join(channel.id, users[1])
            await service.start(channel.id, users[0].id, seed=g)
            for p in players:
                p.settle, p.channel = None, channel
            games.append((channel, players))
    finally:
        await store.close()
    return games


def _turn_posted(world: World, channel: Channel) -> bool:
    return any(m.attachment("turn.png") for m in world.standin.public(channel))


async def test_a_sigterm_amid_moves_loses_none_and_leaves_every_turn_called(
    world: World, tmp_path: Path,
) -> None:
    """Five games played at once through the stand-in, 50 moves in all, SIGTERM after 15 of
    them: the bot exits 0 within 10 s; every move its player read as played is stored; every
    history replays; and after a restart each game's turn post shows its current state."""
    await world.stop_bot()
    games = await _games(world, 5)
    store = await open_store(world.db_path)  # the test's own look at the file
    try:
        await _stop_amid_moves(world, tmp_path, games, store)
    finally:
        await store.close()


async def _stop_amid_moves(world: World, tmp_path: Path, games: list[tuple[Channel, list[Player]]],
                           store: Storage) -> None:
    service = Service(store)
    process = await launch(world, tmp_path)
    played: dict[int, list[int]] = {c.id: [] for c, _ in games}  # versions moved from
    others: list[str] = []  # the answers that were not "played"
    term = asyncio.Event()
    stopping_at: list[float] = []
    rng = random.Random(45)

    async def play(channel: Channel, players: list[Player]) -> None:
        by_id = {p.id: p for p in players}
        for _ in range(10):
            info = await service.info(channel.id)
            mover, legal = None, []
            for seat in info.seats:  # the one asked (duel asks one player at a time)
                if legal := await service.choices(channel.id, seat.user_id):
                    mover = by_id[seat.user_id]
                    break
            assert mover is not None, f"nobody to move in {channel.name}"
            reply = await mover.slash("move", action=walk(legal, rng))
            if reply.failed:  # the gateway had closed: Discord's "This interaction failed"
                return
            with contextlib.suppress(TimeoutError):
                await eventually(lambda r=reply: bool(r.text) and not r.last.loading, timeout=30)
            if not reply.text.startswith("✅ You played"):
                others.append(reply.text)
                return
            played[channel.id].append(info.version)
            if sum(map(len, played.values())) >= 15:
                term.set()

    moving: list[asyncio.Task[None]] = []
    waiting = asyncio.create_task(term.wait())
    try:
        await eventually(lambda: all(_turn_posted(world, c) for c, _ in games), timeout=60)
        moving = [asyncio.create_task(play(c, p)) for c, p in games]
        await asyncio.wait([waiting, *moving], timeout=60, return_when=asyncio.FIRST_COMPLETED)
        for task in moving:
            if task.done():
                task.result()  # a failure of the test's own play says what it is
        assert term.is_set(), f"only {sum(map(len, played.values()))} moves played in 60 s"
        stopping_at.append(asyncio.get_running_loop().time())
        stderr = await stopped(process, signal.SIGTERM)  # one signal: a second stops at once
        took = asyncio.get_running_loop().time() - stopping_at[0]
        await asyncio.gather(*moving)
    finally:
        for task in [waiting, *moving]:
            task.cancel()
        await asyncio.gather(waiting, *moving, return_exceptions=True)
        await stopped(process, signal.SIGKILL)
    assert process.returncode == 0, stderr.decode()
    assert took < 10, f"the stop took {took:.1f} s: {stderr.decode()[-3000:]}"
    assert b"Traceback" not in stderr, stderr.decode()
    # Four games were mid-move at the signal: their moves finished and were answered, none
    # left on "thinking..." (a reply not "played" must be the "restarting" answer).
    assert b"interactions in flight to wait for: " in stderr, stderr.decode()
    assert all(t.startswith("🔄 The bot is restarting") for t in others), (others, stderr[-3000:])
    moves = sum(map(len, played.values()))
    assert 15 <= moves < 50, (moves, stderr[-3000:])
    for channel, _ in games:
        info = await service.info(channel.id, live=False)
        # Every move answered "played" is stored: the game is past each version it was made at.
        assert not played[channel.id] or info.version > max(played[channel.id]), channel.name
        assert await service.verify(info.id)

    await world.start_bot()  # the restart: its repair posts what the stop left unposted
    await world.settle()
    assert await store.unposted() == []  # nothing stored is left without its turn post
    for channel, players in games:
        # The newest turn post in the channel calls the player the game asks now (a player
        # going on with their turn was called by an earlier post: duel's posts then wait).
        newest = [m for m in world.standin.public(channel) if m.attachment("turn.png")][-1]
        asked = [p for p in players if await service.choices(channel.id, p.id)]
        assert asked and all(p.mention in newest.text for p in asked), (channel.name,
                                                                        newest.text)


async def test_a_second_signal_stops_at_once(world: World, tmp_path: Path) -> None:
    """A move stays in flight (Discord holds its turn post back): the first SIGTERM waits for
    it, a second one exits at once, 128 + the signal's number, as a shell reports it."""
    await world.stop_bot()
    [(channel, players)] = await _games(world, 1)
    store = await open_store(world.db_path)
    process = await launch(world, tmp_path)
    try:
        await eventually(lambda: _turn_posted(world, channel), timeout=60)
        service = Service(store)
        asked = [(p, legal) for p in players if (legal := await service.choices(channel.id, p.id))]
        [(mover, legal)] = asked
        held = world.standin.hold("POST", r"/channels/\d+/messages")
        moving = asyncio.create_task(mover.slash("move", action=walk(legal, random.Random(1))))
        await asyncio.wait_for(held.reached.wait(), 20)
        process.send_signal(signal.SIGTERM)
        await asyncio.sleep(0.5)
        started = asyncio.get_running_loop().time()
        stderr = await stopped(process, signal.SIGTERM)
        assert asyncio.get_running_loop().time() - started < 2
        held.release()
        await moving
    finally:
        await stopped(process, signal.SIGKILL)
        await store.close()
    assert process.returncode == 128 + signal.SIGTERM, stderr.decode()
    assert b"interactions in flight to wait for: 1" in stderr, stderr.decode()
    assert b"SIGTERM again: stopped at once." in stderr, stderr.decode()
