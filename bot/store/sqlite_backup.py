"""The SQLite side of `tabula backup` (bot/tools/backup.py holds the command): what tells an
SQLite file, SQLite's online backup from one snapshot, and a copy left as one self-contained
file. Here because only bot/store speaks SQL (tests/platform/test_storage_shape.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store.rows import StoreError
from bot.store.sqlite_file import SQLITE_HEADER


def is_sqlite_file(path: Path) -> bool:
    """The file begins with SQLite's header."""
    with open(path, "rb") as handle:
        return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def copy_online(source: Path, dest: Path, step_pages: int) -> int:
    """SQLite's online backup of `source` into the new file `dest`, from one snapshot of it,
    `step_pages` at a time; the pages copied. The copy is left in rollback-journal mode: one
    self-contained file, without -wal and -shm beside it. StoreError when the copy fails
    SQLite's integrity check or SQLite refuses the copy."""
    try:
        pages, problems = _copy(source, dest, step_pages)
    except sqlite3.Error as exc:
        raise StoreError(f"SQLite could not copy {source} into {dest}: {exc}") from exc
    if problems != ["ok"]:
        raise StoreError(f"the copy fails SQLite's integrity check ({'; '.join(problems[:3])})"
                         f": {source} itself may be damaged (`sqlite3 {source} 'PRAGMA "
                         "integrity_check'` tells).")
    return pages


def _copy(source: Path, dest: Path, step_pages: int) -> tuple[int, list[str]]:
    src = sqlite3.connect(source, isolation_level=None)
    try:
        src.execute("PRAGMA busy_timeout=5000")
        # The snapshot: a read transaction held over every step (in WAL mode, writers go on
        # and the backup does not start again each time one commits).
        src.execute("BEGIN")
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()
        dst = sqlite3.connect(dest, isolation_level=None)
        try:
            src.backup(dst, pages=step_pages, sleep=0.01)
            dst.execute("PRAGMA journal_mode=DELETE")
            (pages,) = dst.execute("PRAGMA page_count").fetchone()
            problems = [row[0] for row in dst.execute("PRAGMA integrity_check")]
        finally:
            dst.close()
        src.execute("COMMIT")
    finally:
        src.close()
    return int(pages), problems


def self_contained(path: Path) -> None:
    """Back to rollback-journal mode (the store opens files in WAL mode): one file, without
    -wal and -shm beside it."""
    try:
        db = sqlite3.connect(path, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=DELETE")
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise StoreError(f"SQLite could not finish the copy {path}: {exc}") from exc
