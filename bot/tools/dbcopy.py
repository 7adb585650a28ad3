"""`tabula db copy SRC DST`: move a bot's database between SQLite and PostgreSQL (either way).

Every table is copied row for row, ids included (a game keeps its number, so its buttons in
Discord keep working), into a destination that must be empty (a new file, or a new database).
Then it checks what it wrote: the same number of rows in each table, and each started game's
history replays, from its seed, to the state stored with it. Stop the bot while copying: moves
made meanwhile would not be copied.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TextIO

from bot.progress import bar
from bot.store import TABLES, Storage, StoreError, open_store, shown

BATCH = 20_000  # rows written per transaction


@dataclass
class Copied:
    rows: dict[str, int] = field(default_factory=dict)
    games: int = 0  # started games whose history was replayed
    broken: list[int] = field(default_factory=list)  # games whose history does not replay


async def copy_tables(source: Storage, dest: Storage) -> Copied:
    """Copy every table of `source` into the empty `dest`, then verify; StoreError if `dest`
    is not empty or the two schemas differ."""
    plan = []
    for table in TABLES:
        columns = await source.columns(table)
        theirs = await dest.columns(table)
        if set(columns) != set(theirs):
            raise StoreError(
                f"the table {table} differs between the two databases ({sorted(columns)} and "
                f"{sorted(theirs)}): open both with this version of Tabula first.")
        if await dest.dump(table, columns[:1]):
            raise StoreError(f"the destination already holds data (table {table}): copy into "
                             "a new, empty database.")
        plan.append((table, columns))
    copied = Copied()
    for table, columns in plan:
        rows = await source.dump(table, columns)
        if not rows:
            await dest.load(table, columns, rows)
        with bar(len(rows), f"copying {table}", "row", leave=False) as progress:
            for start in range(0, len(rows), BATCH):  # in batches: the bar moves on
                await dest.load(table, columns, rows[start:start + BATCH])
                progress.update(len(rows[start:start + BATCH]))
        copied.rows[table] = len(rows)
    for table, columns in plan:
        if len(await dest.dump(table, columns[:1])) != copied.rows[table]:
            raise StoreError(f"the copy of table {table} is incomplete")
    await verify_games(dest, copied)
    return copied


async def verify_games(dest: Storage, copied: Copied) -> None:
    """Replay each started game's history and compare it with its stored state (`tabula db
    copy`, `tabula backup`): counted in `copied.games`, the failures in `copied.broken`."""
    from bot.service import Service, ServiceError

    service = Service(dest)
    ids = [row[0] for row in await dest.dump("games", ["id"])]
    for game_id in bar(ids, "replaying the games' histories"):
        try:
            sound = await service.verify(game_id)
        except ServiceError:  # a lobby, or a game abandoned before it started: no history
            continue
        except Exception:  # a game this version cannot replay (unknown game, changed rules)
            sound = False
        copied.games += 1
        if not sound:
            copied.broken.append(game_id)


async def copy_command(src: str, dst: str, out: TextIO | None = None,
                       err: TextIO | None = None) -> int:
    """The command: 0 copied and verified; 1 with the reason (nothing useful was written)."""
    out, err = out or sys.stdout, err or sys.stderr
    if src == dst:
        print("tabula: the source and the destination are the same database", file=err)
        return 1
    try:
        source = await open_store(src)
        try:
            dest = await open_store(dst)
            try:
                copied = await copy_tables(source, dest)
            finally:
                await dest.close()
        finally:
            await source.close()
    except StoreError as exc:
        print(f"tabula: {exc}", file=err)
        return 1
    counts = ", ".join(f"{table} {n}" for table, n in copied.rows.items())
    print(f"copied {shown(src)} -> {shown(dst)}: {counts}", file=out)
    if copied.broken:
        print(f"tabula: {len(copied.broken)} of {copied.games} games do not replay to their "
              f"stored state: {', '.join(map(str, copied.broken))}", file=err)
        return 1
    print(f"verified: the history of each of the {copied.games} started games replays to its "
          "state", file=out)
    return 0
