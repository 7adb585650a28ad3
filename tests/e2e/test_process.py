"""`tabula run`, as deployed, in its own process: it takes over a game that another bot process
left on the same SQLite file, and the buttons of the earlier messages work in it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import called, check_board, is_retired
from tests.standin import TOKEN
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
