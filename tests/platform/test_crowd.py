"""Three bot processes on one PostgreSQL database (issue 16): 200 games at once, every process
playing in every game (racing moves, undos), each running the clock round (reminders, clocks
running out, the others' decisions), and one of them killed with SIGKILL mid-way and started
again. Afterwards: every game's history replays to its state, no action is lost or doubled, and
every notice was sent once.

Game time runs 14400 times faster than real time (tests/platform/crowd.py), so that clocks run
out within seconds. The test takes about a minute on two cores.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.service import Service, User
from bot.store import UserPrefs, open_store
from tests.platform.crowd import PLAYERS

ROOT = Path(__file__).resolve().parents[2]
GAMES = 200
PROCESSES = 3
SPEED = 14400.0  # game seconds per real second: a 2-hour bank runs out in half a second
REMIND_HOURS = 1.0
DEADLINE = 150.0  # real seconds for all games to end


def _lines(logs: list[Path]) -> list[dict]:
    found = []
    for log in logs:
        if log.exists():
            for line in log.read_text(encoding="utf-8").splitlines():
                if line.endswith("}"):  # a line cut by SIGKILL is not one
                    found.append(json.loads(line))
    return found


async def _games(url: str, clock) -> tuple[list[int], list[int]]:
    """GAMES started toy games of 3 players; in one game of 5, the third player never moves."""
    store = await open_store(url)
    service = Service(store, clock=clock)
    ids, absent = [], []
    for g in range(GAMES):
        users = [User(3 * g + i + 1, f"u{3 * g + i + 1}") for i in range(3)]
        for user in users:
            await store.set_prefs(UserPrefs(user.id, dm=True, before=True,
                                            remind_hours=REMIND_HOURS))
        await service.create(10_000 + g, 1, users[0], "toy", ["big"], pace="2h+30m/3h")
        for user in users[1:]:
            await service.join(10_000 + g, user)
        report = await service.start(10_000 + g, users[0].id, seed=g)
        ids.append(report.game.id)
        if g % 5 == 0:
            absent.append(users[2].id)
    await store.close()
    return ids, absent


@pytest.mark.slow
async def test_three_processes_play_200_games_with_a_crash(
        pg_database: str, toy_game: str, tmp_path: Path) -> None:
    epoch, t0 = time.time(), 1_000_000.0
    clock = lambda: t0 + (time.time() - epoch) * SPEED  # noqa: E731
    ids, absent = await _games(pg_database, clock)
    print(f"crowd: {GAMES} games set up in {time.time() - epoch:.1f} s")
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"url": pg_database, "games": ids, "absent": absent,
                                "epoch": epoch, "t0": t0, "speed": SPEED, "tick": 0.1,
                                "seed": 1}))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    logs: list[Path] = []

    def spawn(index: int) -> subprocess.Popen:
        spec_i = tmp_path / f"spec{index}.json"
        spec_i.write_text(json.dumps({**json.loads(spec.read_text()), "seed": index}))
        logs.append(tmp_path / f"process{index}.jsonl")
        return subprocess.Popen([sys.executable, "-m", "tests.platform.crowd", str(spec_i),
                                 str(logs[-1])], cwd=ROOT, env=env)

    processes = [spawn(i) for i in range(PROCESSES)]
    killed = None
    store = await open_store(pg_database)
    try:
        started = time.monotonic()
        while time.monotonic() - started < DEADLINE:
            await asyncio.sleep(0.5)
            acts = [e for e in _lines(logs) if e["t"] == "act"]
            if killed is None and sum(e["t"] == "act" for e in _lines(logs[:1])) >= 150:
                processes[0].send_signal(signal.SIGKILL)  # mid-way, in the middle of whatever
                processes[0].wait()
                killed = len(acts)
                processes.append(spawn(PROCESSES))  # the bot is started again
            for p in processes[1:]:
                assert p.poll() is None, "a bot process died"
            if killed is not None and not [g for g in ids
                                           if (await store.game(g)).status == "active"]:
                break
        for p in processes[1:]:
            p.send_signal(signal.SIGTERM)
        for p in processes[1:]:
            assert p.wait(timeout=30) == 0
        assert killed is not None, "the process to kill never played"
        print(f"crowd: played in {time.monotonic() - started:.1f} s")

        # Every game ended, and its history replays to its state.
        service = Service(store)
        rows = {g: await store.game(g) for g in ids}
        stuck = [(g, r.timed_out, [(s.seat, s.user_id, s.bot) for s in await store.seats(g)],
                  await service.bot_turns(g), r.version)
                 for g, r in rows.items() if r.status != "finished"]
        assert not stuck, (Counter(r.status for r in rows.values()), stuck[:5])
        for g in ids:
            assert await service.verify(g), f"game {g} does not replay"
        history = {g: await store.actions(g) for g in ids}
        for g in ids:
            assert [a.n for a in history[g]] == list(range(1, rows[g].version + 1))

        # No action lost or doubled: each one a process was told was stored is in the history
        # exactly where it said, and no two were stored at the same place.
        entries = _lines(logs)
        acts = [e for e in entries if e["t"] == "act"]
        places = Counter((e["game"], e["n"]) for e in acts)
        assert max(places.values()) == 1
        for e in acts:
            stored = history[e["game"]][e["n"] - 1]
            assert e["before"] is None or e["n"] == e["before"] + 1
            assert stored.seat == e["seat"]
            if e["text"] is not None:
                assert stored.text == e["text"]
        logged = len(acts)
        total = sum(len(h) for h in history.values())
        # The killed process may have died after the server committed a move and before it
        # heard so: one such move per task of that process at most.
        assert 0 <= total - logged <= PLAYERS

        # Every notice was sent once: each says what made it (a move's version, or the claim
        # of a run-out clock or a reminder in the database), and no two say the same.
        notices = [e for e in entries if e["t"] == "notice"]
        kinds = Counter(n["kind"] for n in notices)
        assert all(n["once"] for n in notices)
        once = Counter((n["game"], n["once"]) for n in notices)
        assert max(once.values()) == 1, [k for k, v in once.items() if v > 1][:5]

        # And the test did what it says: races, undos, timeouts, reminders, decisions.
        refused = Counter(e["key"] for e in entries if e["t"] == "refused")
        decided = Counter(e["choice"] for e in entries if e["t"] == "decided")
        undos = sum(1 for e in acts if e["text"] == ".undo")
        print(f"crowd: {total} actions in {len(ids)} games, {undos} undos, refused {dict(refused)},"
              f" notices {dict(kinds)}, decisions {dict(decided)}, killed after {killed} actions")
        assert refused["error.stale"] > 0 and undos > 0
        assert kinds["timeout"] > 0 and kinds["reminder"] > 0 and kinds["turn"] > 0
        assert decided["skip"] > 0 and decided["end"] > 0 and decided["bot"] > 0
    finally:
        for p in processes:
            if p.poll() is None:
                p.kill()
                p.wait()
        await store.close()
