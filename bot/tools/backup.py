"""`tabula backup DEST`: a copy of the bot's SQLite file made while the bot runs, then checked;
and the daily backups a running bot makes itself (TABULA_BACKUP_DIR, TABULA_BACKUP_KEEP).

The copy is SQLite's online backup, read from one snapshot: the source connection holds a read
transaction for the whole copy, so in WAL mode the bot's writers go on (they are never blocked by
a reader) and the copy is the database as it was at one moment, never half of a move. It is
written beside DEST under a `.partial` name, checked (`PRAGMA integrity_check`, then every
started game's history replays to its stored state), and only then renamed to DEST. The SQLite
work itself is bot/store/sqlite_backup.py's: only bot/store speaks SQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TextIO

from bot.config import read_dotenv
from bot.store import copy_online, is_sqlite_file, is_url, self_contained, shown

log = logging.getLogger(__name__)

STEP_PAGES = 256  # pages copied per step of the backup (1 MB at SQLite's 4 KB pages)
FIRST_DELAY = 300.0  # seconds after start-up before the running bot looks for today's backup
EVERY = 3600.0  # then it looks every hour: one backup a day, whenever the bot was restarted
DEFAULT_KEEP = 7
DATED = re.compile(r"tabula-(\d{4}-\d{2}-\d{2})\.sqlite3")


class BackupError(Exception):
    """A backup refused or failed; the message says why and what to do."""


@dataclass
class Checked:
    pages: int = 0
    seconds: float = 0.0
    rows: dict[str, int] = field(default_factory=dict)
    games: int = 0  # started games whose history was replayed
    broken: list[int] = field(default_factory=list)


def _check_source(source: str) -> Path:
    if is_url(source):
        raise BackupError(
            f"{shown(source)} is a PostgreSQL database: `tabula backup` copies an SQLite file. "
            "Back it up with pg_dump (pg_dump -Fc -f tabula.dump URL), or copy it into an "
            "SQLite file with `tabula db copy URL backup.sqlite3` (docs/operating.md).")
    path = Path(source)
    if not path.is_file():
        raise BackupError(f"there is no database file at {path}: nothing to back up. Point --db "
                          "(or TABULA_DB) at the bot's file.")
    if not is_sqlite_file(path):
        raise BackupError(f"{path} is not an SQLite database (its first bytes are not "
                          "SQLite's header): check --db (or TABULA_DB).")
    return path


def _check_dest(source: Path, dest: Path, force: bool) -> Path:
    if dest.is_dir():  # a directory: the day's file inside it
        dest = dest / f"tabula-{date.today().isoformat()}.sqlite3"
    if not dest.parent.is_dir():
        raise BackupError(f"the directory {dest.parent} does not exist: create it (mkdir -p "
                          f"{dest.parent}) or name a file in an existing directory.")
    if dest.exists() and dest.resolve() == source.resolve():
        raise BackupError(f"{dest} is the database itself: name another file.")
    if dest.exists() and not force:
        raise BackupError(f"{dest} already exists: name a new file, or add --force to "
                          "replace it.")
    return dest


async def _replayed(copy: Path, checked: Checked) -> None:
    """Every started game of the copy replays to its stored state (as `tabula db copy`)."""
    from bot.store import TABLES, open_store
    from bot.tools.dbcopy import Copied, verify_games

    store = await open_store(copy)
    try:
        for table in TABLES[:4]:
            checked.rows[table] = len(await store.dump(table, (await store.columns(table))[:1]))
        replayed = Copied()
        await verify_games(store, replayed)
    finally:
        await store.close()
    checked.games, checked.broken = replayed.games, replayed.broken
    self_contained(copy)  # the store opened it in WAL mode


async def backup(source: str, dest: Path, *, force: bool = False) -> tuple[Path, Checked]:
    """Copy and check; the file written and what was checked. BackupError, saying why, when
    it is refused or the copy is not sound (then nothing is left at DEST)."""
    src = _check_source(source)
    dest = _check_dest(src, dest, force)
    partial = dest.with_name(dest.name + ".partial")
    for leftover in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
        leftover.unlink(missing_ok=True)  # of a backup interrupted earlier
    checked = Checked()
    started = time.monotonic()
    try:
        checked.pages = await asyncio.to_thread(copy_online, src, partial, STEP_PAGES)
        checked.seconds = time.monotonic() - started
        await _replayed(partial, checked)
        if checked.broken:
            raise BackupError(
                f"{len(checked.broken)} of {checked.games} games of the copy do not replay to "
                f"their stored state: {', '.join(map(str, checked.broken))}. The copy is not "
                "kept; `tabula db copy` of the database tells the same of it.")
        os.replace(partial, dest)
    finally:
        partial.unlink(missing_ok=True)
    return dest, checked


async def backup_command(dest: Path, db: str, force: bool, out: TextIO | None = None,
                         err: TextIO | None = None) -> int:
    """`tabula backup`: 0 copied and checked; 1 with the reason (nothing left at DEST)."""
    from bot.store import StoreError

    out, err = out or sys.stdout, err or sys.stderr
    try:
        written, checked = await backup(db, dest, force=force)
    except (BackupError, StoreError, sqlite3.Error, OSError) as exc:
        print(f"tabula: {exc}", file=err)
        return 1
    rows = ", ".join(f"{table} {n}" for table, n in checked.rows.items())
    print(f"backed up {db} -> {written}: {checked.pages} pages in {checked.seconds:.1f} s, "
          "read from one snapshot while the bot may write", file=out)
    print(f"checked: SQLite's integrity_check ok; {rows}", file=out)
    print(f"verified: the history of each of the {checked.games} started games replays to its "
          "state", file=out)
    return 0


# --- the daily backups of the running bot ----------------------------------------------------


@dataclass(frozen=True)
class Plan:
    directory: Path
    keep: int = DEFAULT_KEEP


def plan_from_env(env: Mapping[str, str] | None = None) -> Plan | None:
    """TABULA_BACKUP_DIR and TABULA_BACKUP_KEEP (the environment, else the .env file); None
    without a directory. ValueError, saying which, for a wrong value."""
    merged = {**read_dotenv(Path(".env")), **os.environ} if env is None else dict(env)
    directory = merged.get("TABULA_BACKUP_DIR", "").strip()
    keep = merged.get("TABULA_BACKUP_KEEP", "").strip()
    if keep and not (keep.isascii() and keep.isdigit() and int(keep) >= 1):
        raise ValueError(f"TABULA_BACKUP_KEEP must be a whole number of backups, 1 or more, "
                         f"not {keep!r}")
    if not directory:
        return None
    if not Path(directory).is_dir():
        raise ValueError(f"TABULA_BACKUP_DIR names {directory}, which is not a directory: "
                         f"create it (mkdir -p {directory}) or correct it")
    return Plan(Path(directory), int(keep) if keep else DEFAULT_KEEP)


def dated(directory: Path, day: date) -> Path:
    return directory / f"tabula-{day.isoformat()}.sqlite3"


def rotate(directory: Path, keep: int) -> list[Path]:
    """Remove the dated backups beyond the `keep` newest; the files removed. Other files of
    the directory are never touched."""
    found = sorted(p for p in directory.iterdir() if DATED.fullmatch(p.name))
    removed = found[:-keep] if len(found) > keep else []
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


async def back_up_once(source: str, plan: Plan, day: date) -> Path | None:
    """Today's backup, if not made yet, in a process of its own (replaying every game is
    work the bot's event loop must not share), then the rotation; the file made, or None."""
    target = dated(plan.directory, day)
    if target.exists():
        return None
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "backup", str(target), "--db", source,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        stdout, stderr = await process.communicate()
    finally:
        if process.returncode is None:  # the bot is stopping: the backup waits for tomorrow
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
    if process.returncode != 0:
        log.error("the daily backup failed: %s", stderr.decode(errors="replace").strip())
        return None
    log.info("daily backup: %s", " ".join(stdout.decode(errors="replace").split()))
    for old in rotate(plan.directory, plan.keep):
        log.info("daily backup: removed %s (keeping the %d newest)", old.name, plan.keep)
    return target


async def daily(source: str, plan: Plan, *, first: float = FIRST_DELAY, every: float = EVERY,
                today: Callable[[], date] = date.today) -> None:
    """The running bot's backups: a first look `first` seconds after start-up, then every
    `every` seconds; each day's file is made once. Runs until cancelled."""
    await asyncio.sleep(first)
    while True:
        try:
            await back_up_once(source, plan, today())
        except OSError as exc:  # the directory gone, the disk full: said, tried again later
            log.error("the daily backup failed: %s", exc)
        await asyncio.sleep(every)


def start_daily(source: str, plan: Plan | None) -> asyncio.Task[None] | None:
    """The running bot's daily backups as a task (to cancel when it stops), if asked for."""
    if plan is None:
        return None
    if is_url(source):
        log.warning("TABULA_BACKUP_DIR backs up an SQLite file: back PostgreSQL up with pg_dump "
                    "(docs/operating.md, Running it for a community)")
        return None
    log.info("daily backups into %s, the %d newest kept; the first in %.0f minutes",
             plan.directory, plan.keep, FIRST_DELAY / 60)
    return asyncio.create_task(daily(source, plan), name="tabula-backups")
