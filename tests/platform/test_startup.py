"""`tabula run` on a database file it cannot use: it says plainly what is wrong and what to do,
exits non-zero without a traceback, and leaves the file as it was (issue 15, "Bad input and bad
databases"). Real files, real `tabula run` processes; `tabula export` gives the same reasons."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import EXIT_DATABASE, main
from bot.store import StoreError
from bot.store.sqlite import Store, migrations

LATEST = max(number for number, _ in migrations())


def make_database(path: Path, games: int = 300) -> None:
    """A real Tabula database with enough games to fill several pages."""

    async def fill() -> None:
        store = await Store.open(path)
        try:
            for channel in range(1, games + 1):
                await store.create_game(
                    channel_id=channel, guild_id=1, game_key="res-publica",
                    options={"note": "x" * 200}, creator_id=channel, creator_name=f"user{channel}",
                    locale="en", now=1.0)
        finally:
            await store.close()

    asyncio.run(fill())
    with sqlite3.connect(path) as db:  # everything into the main file, as after a clean stop
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def run_bot(db: Path, cwd: Path, *prefix: str) -> subprocess.CompletedProcess[str]:
    """`tabula run` as deployed, with a token that would reach Discord if start-up went on."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "TABULA_DB": str(db)}
    env.pop("TABULA_DEV_GUILD", None)
    return subprocess.run([*prefix, sys.executable, "-m", "bot.cli", "run"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)


def refused(proc: subprocess.CompletedProcess[str], *phrases: str) -> None:
    assert proc.returncode == EXIT_DATABASE, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    for phrase in phrases:
        assert phrase in proc.stderr, proc.stderr


def test_random_bytes(tmp_path: Path) -> None:
    db = tmp_path / "tabula.sqlite3"
    db.write_bytes(bytes(range(256)) * 64)
    refused(run_bot(db, tmp_path), "is not an SQLite database", "restore it from a backup")
    assert db.read_bytes() == bytes(range(256)) * 64


def test_truncated_file(tmp_path: Path) -> None:
    db = tmp_path / "tabula.sqlite3"
    make_database(db)
    with open(db, "r+b") as file:
        file.truncate(db.stat().st_size // 2)
    kept = db.read_bytes()
    refused(run_bot(db, tmp_path), "is damaged", "restore it from a backup", ".recover")
    assert db.read_bytes() == kept


def test_corruption_in_the_middle_of_the_file(tmp_path: Path) -> None:
    """A damaged page that nothing reads at start-up: only the integrity check finds it."""
    db = tmp_path / "tabula.sqlite3"
    make_database(db)
    pages = db.stat().st_size // 4096
    assert pages > 8
    with open(db, "r+b") as file:
        file.seek(4096 * (pages // 2))
        file.write(b"\xff" * 4096)
    kept = db.read_bytes()
    refused(run_bot(db, tmp_path), "is damaged", "restore it from a backup")
    assert db.read_bytes() == kept


def test_missing_directory(tmp_path: Path) -> None:
    db = tmp_path / "no-such-dir" / "tabula.sqlite3"
    refused(run_bot(db, tmp_path), "does not exist", "mkdir -p")
    assert not db.parent.exists()


def test_a_directory_instead_of_a_file(tmp_path: Path) -> None:
    refused(run_bot(tmp_path, tmp_path), "is a directory")


def test_database_from_a_newer_tabula(tmp_path: Path) -> None:
    db = tmp_path / "tabula.sqlite3"
    make_database(db, games=3)
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    refused(run_bot(db, tmp_path), "newer version of Tabula", f"schema {LATEST + 1}",
            f"up to {LATEST}")
    with sqlite3.connect(db) as conn:  # not migrated, not touched
        assert conn.execute("PRAGMA user_version").fetchone() == (LATEST + 1,)


def _read_only(directory: Path) -> list[str]:
    """A prefix running a command with `directory` mounted read-only (a real read-only bind
    mount in a private mount namespace, as root), or [] after making it read-only by
    permissions (a normal user); skipped where neither is possible."""
    if os.geteuid() != 0:
        for path in directory.iterdir():
            path.chmod(0o444)
        directory.chmod(0o555)
        return []
    unshare = shutil.which("unshare")
    probe = subprocess.run(
        [unshare or "unshare", "-m", "--propagation", "private", "true"], capture_output=True,
    ) if unshare else None
    if probe is None or probe.returncode != 0:
        pytest.skip("running as root without mount namespaces: no way to make a read-only place")
    script = ('mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"')
    return [unshare or "unshare", "-m", "--propagation", "private", "sh", "-c", script,
            str(directory)]


def test_read_only_mount(tmp_path: Path) -> None:
    place = tmp_path / "ro"
    place.mkdir()
    db = place / "tabula.sqlite3"
    make_database(db, games=3)
    kept = db.read_bytes()
    prefix = _read_only(place)
    try:
        refused(run_bot(db, tmp_path, *prefix), "is read-only here", "writable")
    finally:
        place.chmod(0o755)
        db.chmod(0o644)
    assert db.read_bytes() == kept


def test_a_sound_database_passes_the_checks(tmp_path: Path) -> None:
    db = tmp_path / "tabula.sqlite3"
    make_database(db)

    async def reopen() -> None:
        store = await Store.open(db)
        try:
            assert len([g async for g in _games(store)]) == 300
        finally:
            await store.close()

    asyncio.run(reopen())


async def _games(store: Store):  # type: ignore[no-untyped-def]
    for channel in range(1, 301):
        if await store.live_game(channel) is not None:
            yield channel


@pytest.mark.parametrize("damage", ["newer", "middle", "bytes"])
def test_export_gives_the_same_reason(tmp_path: Path, damage: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "tabula.sqlite3"
    make_database(db)
    if damage == "newer":
        with sqlite3.connect(db) as conn:
            conn.execute(f"PRAGMA user_version = {LATEST + 5}")
        expected = "newer version of Tabula"
    elif damage == "middle":
        with open(db, "r+b") as file:
            file.seek(4096 * (db.stat().st_size // 4096 // 2))
            file.write(b"\xff" * 4096)
        expected = "is damaged"
    else:
        db.write_bytes(b"\x00garbage" * 1000)
        expected = "not an SQLite"
    assert main(["export", "--db", str(db), "--game", "1"]) == 1
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err


async def test_the_store_refuses_with_a_store_error(tmp_path: Path) -> None:
    """For every caller of Store.open (console, selfplay, export), not only `tabula run`."""
    with pytest.raises(StoreError, match="does not exist"):
        await Store.open(tmp_path / "missing" / "x.sqlite3")
