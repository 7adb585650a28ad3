"""Pictures drawn and bots' decisions made in worker processes (issue 17: both cores, a free event
loop). Real processes, real Pillow pictures, a real SQLite file."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from bot.service import PillowRenderer, Service, User
from bot.service.bots import think
from bot.service.processes import Processes, configured
from bot.store.sqlite import Store
from engine import play
from engine.ai import decide
from engine.policy import walk
from engine.registry import get as get_game

PLAYERS = [User(21, "Ann"), User(22, "Bob")]


def _views(game_key: str, players: int, moves: int) -> tuple[dict, dict]:
    """The public view of a game some moves in, and of the move before."""
    import random

    game = get_game(game_key)
    state = game.setup(players, 5, {})
    rng = random.Random(5)
    before = state
    for _ in range(moves):
        seat = rng.choice(sorted(game.prompt(state)))
        before = state
        state, _events = play(game, state, seat, walk(game.legal(state, seat), rng))
    return game.view(state, None), game.view(before, None)


@pytest.fixture
def workers() -> Processes:
    pool = Processes(2, "test-render", "render")
    yield pool
    pool.close()


def test_pictures_from_the_workers_are_those_drawn_in_the_thread(workers: Processes) -> None:
    in_thread = PillowRenderer(processes=0)
    view, before = _views("duel", 2, 12)
    names = ["Ann", "Bob"]
    from bot.service.renderer import _board, _turn

    for locale in ("en", "fr"):
        assert workers.call(_turn, "duel", view, names, locale, before, None) == \
            in_thread.turn("duel", view, names, locale, before)
        assert workers.call(_board, "duel", view, names, locale, None) == \
            in_thread.board("duel", view, names, locale)


def test_the_workers_are_other_processes_one_per_core_by_default(
    workers: Processes, monkeypatch: pytest.MonkeyPatch,
) -> None:
    pids = workers.warm()
    assert len(pids) == 2 and os.getpid() not in pids
    monkeypatch.delenv("TABULA_PROCESSES", raising=False)
    assert configured() == len(os.sched_getaffinity(0))
    monkeypatch.setenv("TABULA_PROCESSES", "3")
    assert configured() == 3 and configured(0) == 0
    monkeypatch.setenv("TABULA_PROCESSES", "lots")
    with pytest.raises(SystemExit, match="TABULA_PROCESSES must be a number"):
        configured()


def test_a_killed_worker_costs_one_restart_not_every_picture_after(workers: Processes) -> None:
    view, before = _views("heros", 3, 8)
    from bot.service.renderer import _turn

    first = workers.call(_turn, "heros", view, ["A", "B", "C"], "en", before, None)
    pids = workers.warm()
    os.kill(pids[0], signal.SIGKILL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the pool notices the death on its own thread
        try:
            os.kill(pids[0], 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    again = workers.call(_turn, "heros", view, ["A", "B", "C"], "en", before, None)
    assert again == first
    assert workers.restarts == 1
    assert not set(workers.warm()) & set(pids)


def test_a_ctrl_c_in_the_terminal_leaves_the_workers_to_the_bot(workers: Processes) -> None:
    """Ctrl+C reaches every process of the terminal's group: the workers ignore it, so that the
    moves in flight at a clean stop are still drawn (the bot ends them when it exits)."""
    pids = workers.warm()
    for pid in pids:
        os.kill(pid, signal.SIGINT)
    time.sleep(0.5)  # a worker that took it would be gone by now, the pool broken
    assert workers.call(os.getpid) in pids
    assert workers.restarts == 0 and set(workers.warm()) == set(pids)


def test_no_processes_draws_in_the_calling_thread() -> None:
    inline = Processes(0, "inline")
    assert inline.call(os.getpid) == os.getpid()
    assert inline.warm() == [] and inline.pids() == []


async def _moves_at_once(path: Path, processes: int) -> tuple[list[bytes], set[int]]:
    """The turn pictures of six first moves made at once in six channels, and the pids that
    drew them."""
    store = await Store.open(path)
    try:
        renderer = PillowRenderer(processes=processes)
        service = Service(store, renderer=renderer)
        await asyncio.to_thread(renderer.warm)
        moves = []
        for channel in range(1, 7):
            users = [User(channel * 10 + u.id, u.name) for u in PLAYERS]
            await service.create(channel, None, users[0], "duel", [])
            await service.join(channel, users[1])
            start = await service.start(channel, users[0].id, seed=channel)
            user = start.to_act[0].user_id
            moves.append((channel, user, (await service.choices(channel, user))[0]))
        reports = await asyncio.gather(*(service.act(c, u, t) for c, u, t in moves))
        return [r.image or b"" for r in reports], set(renderer.drawing.pids())
    finally:
        await store.close()


async def test_many_moves_at_once_are_drawn_by_the_workers(tmp_path: Path) -> None:
    """Turn posts of moves made at once in several channels: every picture arrives, each the
    one drawn in the bot's own thread, and the workers drew them."""
    pooled, pids = await _moves_at_once(tmp_path / "pooled.sqlite3", 2)
    inline, _ = await _moves_at_once(tmp_path / "inline.sqlite3", 0)
    assert all(png.startswith(b"\x89PNG") for png in pooled)
    assert pooled == inline
    assert len(pids) == 2 and os.getpid() not in pids


def test_a_bot_decides_in_a_worker_as_it_does_at_home() -> None:
    """The decision made in a bot worker is the one decide() makes here: same state, same seed."""
    thinking = Processes(1, "test-bots", "engine.ai", nice=5)
    try:
        game = get_game("duel")
        state = game.setup(2, 3, {})
        seat = sorted(game.prompt(state))[0]
        for level in ("easy", "medium", "hard"):
            here = decide(game, state, seat, level, 11, 40, None)
            there = thinking.call(think, f"{type(game).__module__}:{type(game).__qualname__}",
                                  state, seat, level, 11, 40, None)
            assert there == here
        # Below normal priority: the pictures of people's moves first.
        assert thinking.call(os.nice, 0) == min(19, os.nice(0) + 5)
    finally:
        thinking.close()


CHILD = """
import sys
from bot.service.processes import Processes
pool = Processes(2, "orphans", "render")
print(" ".join(map(str, pool.warm())), flush=True)
sys.stdin.read()  # until killed
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_workers_end_when_the_bot_is_killed_outright(tmp_path: Path) -> None:
    """A bot killed with SIGKILL leaves no worker behind (nor the output pipes they hold, which
    kept a test reading the dead bot's output waiting forever)."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             cwd=Path(__file__).parents[2])
    try:
        assert child.stdout is not None
        workers = [int(p) for p in child.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(p) for p in workers)
        child.kill()
        # Reading to the end returns once every holder of the pipes is gone.
        out, err = child.communicate(timeout=60)
        assert child.returncode == -signal.SIGKILL
        deadline = time.monotonic() + 30
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(p) for p in workers)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
