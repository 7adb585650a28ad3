"""Opening an SQLite file and upgrading its schema: what can be told of the file before and
after SQLite opens it (each problem a StoreError that says what to do), the numbered migration
scripts run one statement at a time in one transaction, and the long step of migration 0006
done in batches so that the upgrade tells how far it is."""

from __future__ import annotations

import os
import re
import sqlite3
from importlib import resources
from pathlib import Path

import aiosqlite

from bot.store import upgrade
from bot.store.rows import StoreError

SQLITE_HEADER = b"SQLite format 3\x00"


def _is_file_path(path: str | Path) -> bool:
    text = str(path)
    return text != ":memory:" and text != "" and not text.startswith("file:")


def check_path(path: str | Path) -> None:
    """What can be seen of the file before SQLite opens it: the directory exists, the file is a
    SQLite database (or absent: it will be created), and both can be written (a move is a write;
    WAL mode writes `-wal` and `-shm` files beside the database). StoreError otherwise."""
    if not _is_file_path(path):
        return
    file = Path(path)
    where = file.parent if str(file.parent) else Path(".")
    if file.is_dir():
        raise StoreError(f"{file} is a directory, not a database file. Point --db (or TABULA_DB) "
                         "at a file inside it, such as "
                         f"{file / 'tabula.sqlite3'}.")
    if not where.is_dir():
        raise StoreError(f"the directory {where} does not exist, so the database {file.name} "
                         f"cannot be created there. Create it (mkdir -p {where}) or point --db "
                         "(or TABULA_DB) at a file in an existing directory.")
    if file.exists():
        if not os.access(file, os.R_OK):
            raise StoreError(f"{file} cannot be read (permission denied). Give the user running "
                             "Tabula read and write access to it.")
        with open(file, "rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
        if header and header != SQLITE_HEADER:
            raise StoreError(
                f"{file} is not an SQLite database (its first bytes are not SQLite's header). "
                "Check that --db (or TABULA_DB) names the right file; if it is Tabula's, it is "
                "damaged: restore it from a backup, or move it away to start with an empty one.")
    if not os.access(where, os.W_OK) or (file.exists() and not os.access(file, os.W_OK)):
        raise StoreError(
            f"{file} is read-only here (a read-only mount or missing permissions on the file or "
            f"on {where}). Tabula writes every move, and SQLite writes its -wal and -shm files "
            "beside the database: make both writable, or copy the file to a writable place.")


async def check_open(db: aiosqlite.Connection, path: str | Path) -> None:
    """What SQLite can tell of an open database: its schema is not newer than this code's
    migrations, and a quick integrity check finds nothing wrong. StoreError otherwise."""
    async with db.execute("PRAGMA user_version") as cur:
        (version,) = await cur.fetchone()  # type: ignore[misc]
    known = max((number for number, _ in migrations()), default=0)
    if version > known:
        raise StoreError(
            f"{path} was written by a newer version of Tabula (database schema {version}; this "
            f"version knows schemas up to {known}). Run the newer version of Tabula, or restore "
            "a backup made before the upgrade; this version will not touch the file.")
    async with db.execute("PRAGMA quick_check") as cur:
        problems = [row[0] for row in await cur.fetchall()]
    if problems != ["ok"]:
        raise StoreError(damaged(path, "; ".join(problems[:3])))


def damaged(path: str | Path, detail: str) -> str:
    return (f"{path} is damaged ({detail.strip()}). Stop every Tabula process using it and "
            f"restore it from a backup; `sqlite3 {path} .recover` can save what is still "
            "readable into a new file.")


def migrations() -> list[tuple[int, str]]:
    """The numbered migration scripts, in order."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        match = re.fullmatch(r"(\d{4})_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


def statements(script: str) -> list[str]:
    """A migration script's statements, one by one: they run in one transaction, which
    `executescript` cannot do (it commits first) and `execute` can, a statement at a time."""
    found, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    if any(line.strip() and not line.strip().startswith("--") for line in pending.splitlines()):
        raise ValueError(f"a migration ends without a semicolon: {pending.strip()[:60]!r}")
    return found


BATCH_ROWS = 200_000  # rows read, or looked at, at a time by a long step of a migration


async def _latest_turn_posts(db: aiosqlite.Connection, number: int) -> None:
    """Migration 0006's DELETE, done a batch of rows at a time on a large file so that the
    upgrade tells how far it is (48 s for 10,000 games and 4.7 million rows; the script's own
    DELETE then finds nothing left to drop). The same rows are kept: each game's latest post of
    each kind, by time, then by id. The table has no index on the game yet, so the rows are
    read in the order of their ids, the latest of each game and kind kept in a dictionary."""
    (total,) = (await db.execute_fetchall("SELECT count(*) FROM messages"))[0]
    if total < upgrade.LONG:
        return
    progress = upgrade.Progress(number, total, phases=2)
    latest: dict[tuple[int, str], tuple[float, int]] = {}
    batches: list[tuple[int, int, int]] = []  # (after id, up to id, rows)
    after, read = -(2**63), 0
    while read < total:
        bound = await db.execute_fetchall(
            "SELECT message_id FROM messages WHERE message_id > ? ORDER BY message_id"
            " LIMIT 1 OFFSET ?", (after, BATCH_ROWS - 1))
        high = bound[0][0] if bound else 2**63 - 1
        # The latest of each game and kind among these rows, then among all rows read.
        for game_id, kind, at, message_id in await db.execute_fetchall(
                "SELECT game_id, kind, at, message_id FROM (SELECT game_id, kind, at,"
                " message_id, ROW_NUMBER() OVER (PARTITION BY game_id, kind"
                " ORDER BY at DESC, message_id DESC) AS latest FROM messages"
                " WHERE message_id > ? AND message_id <= ?) WHERE latest = 1", (after, high)):
            old = latest.get((game_id, kind))
            if old is None or (at, message_id) > old:
                latest[game_id, kind] = (at, message_id)
        count = BATCH_ROWS if bound else total - read
        batches.append((after, high, count))
        after, read = high, read + count
        progress(0, read, "finding the latest turn post of each game", "rows read")
    await db.execute("CREATE TEMP TABLE latest_posts (message_id INTEGER PRIMARY KEY)")
    await db.executemany("INSERT INTO temp.latest_posts VALUES (?)",
                         [(message_id,) for _at, message_id in latest.values()])
    seen = 0
    for low, high, count in batches:
        await db.execute(
            "DELETE FROM messages WHERE message_id > ? AND message_id <= ?"
            " AND message_id NOT IN (SELECT message_id FROM temp.latest_posts)", (low, high))
        seen += count
        progress(1, seen, "dropping the older ones", "rows looked at")
    await db.execute("DROP TABLE temp.latest_posts")
    progress.rest()


# Long steps of a migration, done before its script in the same transaction (they tell how far
# they are in the log).
LONG_STEPS = {6: _latest_turn_posts}
