"""`tabula backup` (issue 45): a copy of the SQLite file made while three processes write moves
into it, every game of the copy replaying to its state; the daily backups' rotation; a restore
with `tabula db copy`; the refusals."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from bot.cli import main
from bot.service import Service, ServiceError
from bot.store import TABLES, open_store
from bot.tools.backup import (
    Plan,
    back_up_once,
    daily,
    dated,
    plan_from_env,
    rotate,
    start_daily,
)

ROOT = Path(__file__).resolve().parents[2]

# One writer: duel games set up and played to their end through the service (the moves' path
# of the bot, without pictures), round after round until the file `stop` exists.
WRITER = """
import asyncio, sys
from pathlib import Path
from bot.bench.db import _play, _setup

class Now:
    def wait(self):
        pass

async def main(target, base, seed, stop):
    n = 0
    while not stop.exists():
        ids = await _setup(target, "duel", 2, seed + n, base + 10 * n)
        await _play(target, ids, seed + n, 1, Now())
        n += 1
    print(n)

asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])))
"""


def _count(path: Path, sql: str) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(db.execute(sql).fetchone()[0])
    except sqlite3.OperationalError:  # no such table yet: the first writer is creating it
        return 0
    finally:
        db.close()


async def _replays(target: str) -> tuple[int, list[int]]:
    """(started games, those whose history does not replay to the stored state)."""
    store = await open_store(target)
    try:
        service, started, broken = Service(store), 0, []
        for (game_id,) in await store.dump("games", ["id"]):
            try:
                sound = await service.verify(game_id)
            except ServiceError:
                continue  # not started
            started += 1
            if not sound:
                broken.append(game_id)
        return started, broken
    finally:
        await store.close()


async def _rows(target: str) -> dict[str, list[tuple]]:
    store = await open_store(target)
    try:
        return {t: sorted(await store.dump(t, await store.columns(t)), key=repr) for t in TABLES}
    finally:
        await store.close()


async def _main(argv: list[str]) -> int:
    """`tabula ...` in this process (its own event loop, in a thread)."""
    return await asyncio.to_thread(main, argv)


def _tabula(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=120)


async def test_a_backup_of_a_file_three_processes_write_replays_every_game(
    tmp_path: Path,
) -> None:
    source, copy, stop = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3", tmp_path / "stop"
    await (await open_store(source)).close()  # the schema, before three processes race for it
    writers = [subprocess.Popen(
        [sys.executable, "-c", WRITER, str(source), str(1000 * (i + 1)), str(i), str(stop)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for i in range(3)]
    try:
        for _ in range(600):  # every writer has stored moves before the backup starts
            if _count(source, "SELECT count(DISTINCT game_id) FROM actions") >= 6:
                break
            await asyncio.sleep(0.1)
        before = _count(source, "SELECT count(*) FROM actions")
        done = await asyncio.to_thread(_tabula, "backup", str(copy), "--db", str(source))
        after = _count(source, "SELECT count(*) FROM actions")
        assert all(w.poll() is None for w in writers), "the writers stopped during the backup"
    finally:
        stop.touch()
        outputs = [w.communicate(timeout=120) for w in writers]
    assert done.returncode == 0, done.stderr
    assert all(w.returncode == 0 for w in writers), [err for _, err in outputs]
    assert after > before, "nothing was written while the backup ran"
    assert "integrity_check ok" in done.stdout and "replays to its state" in done.stdout
    # One self-contained file: no -wal beside it, and SQLite finds it sound.
    assert not Path(f"{copy}-wal").exists() and not Path(f"{copy}.partial").exists()
    assert _count(copy, "SELECT count(*) FROM pragma_integrity_check WHERE integrity_check='ok'")
    copied = _count(copy, "SELECT count(*) FROM actions")
    assert before <= copied <= _count(source, "SELECT count(*) FROM actions")
    started, broken = await _replays(str(copy))
    assert started >= 6 and broken == []


async def _played(path: Path) -> None:
    from bot.bench.db import _setup

    class Now:
        def wait(self) -> None:
            pass

    from bot.bench.db import _play

    ids = await _setup(str(path), "duel", 2, 3, 500)
    await _play(str(path), ids, 3, 1, Now())


async def test_a_restore_is_tabula_db_copy_of_the_backup(tmp_path: Path) -> None:
    source, copy, restored = (tmp_path / "bot.sqlite3", tmp_path / "b.sqlite3",
                              tmp_path / "restored.sqlite3")
    await _played(source)
    assert await _main(["backup", str(copy), "--db", str(source)]) == 0
    assert await _main(["db", "copy", str(copy), str(restored)]) == 0
    rows = await _rows(str(restored))
    assert rows == await _rows(str(source)) and rows["actions"]
    assert (await _replays(str(restored)))[1] == []


async def test_the_daily_backup_keeps_the_newest_keep_files(tmp_path: Path) -> None:
    source, where = tmp_path / "bot.sqlite3", tmp_path / "backups"
    where.mkdir()
    await _played(source)
    today = date(2026, 12, 7)
    for days in range(1, 10):  # nine earlier days' backups, and a file that is not one
        dated(where, today - timedelta(days=days)).write_bytes(b"old")
    (where / "notes.txt").write_text("mine")
    made = await back_up_once(str(source), Plan(where, keep=3), today)
    assert made == dated(where, today)
    assert sorted(p.name for p in where.iterdir()) == [
        "notes.txt", "tabula-2026-12-05.sqlite3", "tabula-2026-12-06.sqlite3",
        "tabula-2026-12-07.sqlite3"]
    assert (await _replays(str(made)))[0] == 2
    # Today's is made once: a restart the same day makes no other.
    assert await back_up_once(str(source), Plan(where, keep=3), today) is None
    assert rotate(where, 1) == [dated(where, today - timedelta(days=2)),
                                dated(where, today - timedelta(days=1))]


def test_the_backup_plan_comes_from_the_environment(tmp_path: Path) -> None:
    assert plan_from_env({}) is None
    assert plan_from_env({"TABULA_BACKUP_DIR": str(tmp_path)}) == Plan(tmp_path, 7)
    assert plan_from_env({"TABULA_BACKUP_DIR": str(tmp_path), "TABULA_BACKUP_KEEP": "3"}) == \
        Plan(tmp_path, 3)
    for keep in ("0", "x", "-1"):
        with pytest.raises(ValueError, match="TABULA_BACKUP_KEEP"):
            plan_from_env({"TABULA_BACKUP_DIR": str(tmp_path), "TABULA_BACKUP_KEEP": keep})
    with pytest.raises(ValueError, match="not a directory"):
        plan_from_env({"TABULA_BACKUP_DIR": str(tmp_path / "none")})


async def test_a_backup_refuses_clearly_and_leaves_things_as_they_were(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    source, dest = tmp_path / "bot.sqlite3", tmp_path / "b.sqlite3"
    assert await _main(["backup", str(dest), "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert "no database file at" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists() and not dest.exists()

    assert await _main(["backup", str(dest), "--db", "postgresql://tabula:secret@db/tabula"]) == 1
    err = capsys.readouterr().err
    assert "pg_dump" in err and "tabula db copy" in err and "secret" not in err

    (tmp_path / "text.sqlite3").write_text("not a database")
    assert await _main(["backup", str(dest), "--db", str(tmp_path / "text.sqlite3")]) == 1
    assert "not an SQLite database" in capsys.readouterr().err

    await _played(source)
    dest.write_bytes(b"keep me")
    assert await _main(["backup", str(dest), "--db", str(source)]) == 1
    assert "--force" in capsys.readouterr().err and dest.read_bytes() == b"keep me"
    assert await _main(["backup", str(dest), "--db", str(source), "--force"]) == 0
    assert (await _replays(str(dest)))[0] == 2

    assert await _main(["backup", str(source), "--db", str(source), "--force"]) == 1
    assert "the database itself" in capsys.readouterr().err
    assert await _main(["backup", str(tmp_path / "no" / "b.sqlite3"), "--db", str(source)]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.partial*"))  # nothing half made left behind


async def test_the_running_bot_makes_its_first_backup_after_the_delay(tmp_path: Path) -> None:
    source, where = tmp_path / "bot.sqlite3", tmp_path / "backups"
    where.mkdir()
    await _played(source)
    day = date(2026, 12, 8)
    task = asyncio.create_task(daily(str(source), Plan(where, 2), first=0.2, every=3600,
                                     today=lambda: day))
    try:
        await asyncio.sleep(0.1)
        assert not dated(where, day).exists()  # not at once: the bot is starting
        for _ in range(600):
            if dated(where, day).exists():
                break
            await asyncio.sleep(0.1)
        assert (await _replays(str(dated(where, day))))[0] == 2
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    # Not for PostgreSQL (pg_dump is), nor without TABULA_BACKUP_DIR.
    assert start_daily("postgresql://tabula@db/tabula", Plan(where)) is None
    assert start_daily(str(source), None) is None
