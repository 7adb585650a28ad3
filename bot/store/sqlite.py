"""SQLite persistence through aiosqlite: games, seats, the action history, the state snapshot.

The schema lives in numbered files under bot/store/migrations/ (0001_initial.sql, 0002_...). On open,
every file numbered above `PRAGMA user_version` runs in its own transaction, then user_version
moves to its number (RoboDanny's numbered migrations, with SQLite's own version counter).

A move is one transaction: append the action and save the new state with version+1, only if the
version is still the one the move was computed from. A stale or duplicate move changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.clock import Clock
from bot.store import TABLES, upgrade
from bot.store.rows import (
    GAME_COLUMNS,
    GAME_SEAT_COLUMNS,
    LIVE,
    SEAT_COLUMNS,
    SEATED_COLUMNS,
    ActionRow,
    ChannelBusy,
    GameRow,
    GuildSettings,
    Played,
    SeatRow,
    StoreError,
    TooManyLobbies,
    UserPrefs,
    Waiting,
    dumps,
    events_text,
    game_and_seat_rows,
    game_row,
    seated_rows,
)
from bot.store.sqlite_file import (
    LONG_STEPS,
    check_open,
    check_path,
    damaged,
    migrations,
    statements,
)
from bot.store.sqlite_ratings import Ratings, rate_in

# A user's live games are found through the index of live games (migration 0006), not the
# table: the planner, without statistics, would read every game the user ever played.
_LIVE_INDEX = "INDEXED BY games_live"


class Store(Ratings):
    def __init__(self, db: aiosqlite.Connection, where: str = "") -> None:
        self.db = db
        self.where = where  # the file, as the log names it
        # One connection is shared by every coroutine: without this lock, a statement of one
        # coroutine could run inside another coroutine's open transaction.
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction, taken before the first read so that it cannot go stale."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                await self.db.execute("COMMIT")
            except BaseException:
                # SQLite rolls back by itself on some errors (a full disk: SQLITE_FULL); a
                # second rollback would fail and hide the error that says what happened.
                if self.db.in_transaction:
                    await self.db.execute("ROLLBACK")
                raise

    async def _all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """The rows of one query, read in one trip to the connection's thread (a cursor's
        execute, fetch and close would be three, each a wait for that thread under load)."""
        async with self._lock:
            return list(await self.db.execute_fetchall(sql, args))

    async def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """The first row of one query, or None (one trip, as `_all`)."""
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """The store on `path`, migrated. StoreError, saying what to do, when the file cannot be
        used: a missing directory, not a database, read-only, damaged, or from a newer Tabula."""
        check_path(path)
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)  # we BEGIN ourselves
        except sqlite3.Error as exc:
            raise StoreError(f"{path} cannot be opened ({exc}).") from exc
        checked = False
        try:
            await db.execute("PRAGMA busy_timeout=5000")  # a CLI process may hold the lock
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: survives app crashes
            await check_open(db, path)
            checked = True
            store = cls(db, str(path))
            await store.migrate()
        except sqlite3.DatabaseError as exc:
            await db.close()
            text = str(exc)
            if "readonly" in text or "read-only" in text:
                raise StoreError(f"{path} is read-only here ({text}). Tabula writes every move: "
                                 "make the file and its directory writable.") from exc
            if isinstance(exc, sqlite3.OperationalError) and "locked" in text:
                raise StoreError(f"{path} is locked by another process ({text}). Wait for it, "
                                 "or stop it, then start again.") from exc
            if checked:  # the file was sound: a schema upgrade failed (and was rolled back)
                raise StoreError(f"{path}: upgrading the database schema failed ({text}); the "
                                 "file is as it was. Report this with the message.") from exc
            raise StoreError(damaged(path, text)) from exc
        except BaseException:
            # Not a database, or a failed migration: close, or the connection's thread would
            # keep the process alive at exit.
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    async def migrate(self) -> int:
        async with self._lock, self.db.execute("PRAGMA user_version") as cur:
            (current,) = await cur.fetchone()  # type: ignore[misc]
        known = migrations()
        told = upgrade.Upgrade(self.where, current, max(number for number, _ in known))
        for number, script in known:
            if number <= current:
                continue
            async with self._tx() as db:  # the migration applies whole or not at all
                if number in LONG_STEPS:
                    await LONG_STEPS[number](db, number)
                for statement in statements(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
            current = number
        told.done()
        return current

    # --- games -----------------------------------------------------------------------------

    async def create_game(
        self, *, channel_id: int, guild_id: int | None, game_key: str, options: dict[str, Any],
        creator_id: int, creator_name: str, locale: str, now: float,
        pace: dict[str, float] | None = None, parent_id: int | None = None,
        max_user_lobbies: int | None = None, max_channel_lobbies: int | None = None,
        hints: bool = False,
    ) -> int:
        """A new game in its lobby, with its creator seated. ChannelBusy if one is live there;
        TooManyLobbies if the creator, or the channel it was opened from (`parent_id`, the
        thread's parent), already has that many open lobbies (counted in the same transaction,
        so a burst of requests cannot overshoot)."""
        parent_id = channel_id if parent_id is None else parent_id
        try:
            async with self._tx() as db:
                for scope, column, value, limit in (
                    ("user", "creator_id", creator_id, max_user_lobbies),
                    ("channel", "parent_id", parent_id, max_channel_lobbies),
                ):
                    if limit is None:
                        continue
                    [(count,)] = await db.execute_fetchall(
                        f"SELECT COUNT(*) FROM games WHERE status = 'lobby' AND {column} = ?",
                        (value,),
                    )
                    if count >= limit:
                        raise TooManyLobbies(scope, limit)
                cur = await db.execute(
                    "INSERT INTO games (channel_id, guild_id, game_key, options, status,"
                    " creator_id, locale, created_at, updated_at, pace, parent_id, hints)"
                    " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
                    (channel_id, guild_id, game_key, json.dumps(options), creator_id, locale,
                     now, now, json.dumps(pace) if pace else None, parent_id, int(hints)),
                )
                game_id = cur.lastrowid
                await db.execute(
                    "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                    (game_id, creator_id, creator_name, now),
                )
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(channel_id) from exc
        assert game_id is not None
        return game_id

    async def open_lobbies(self, scope: str, owner: int) -> int:
        """Open lobbies created by user `owner` (scope "user") or opened from channel `owner`
        (scope "channel")."""
        column = {"user": "creator_id", "channel": "parent_id"}[scope]
        (count,) = await self._one(
            f"SELECT COUNT(*) FROM games WHERE status = 'lobby' AND {column} = ?", (owner,))
        return int(count)

    async def _one_game(self, where: str, args: tuple[Any, ...]) -> GameRow | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", args)
        return game_row(row) if row else None

    async def live_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(
            "channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's live game, or else its most recent one (for status/log after the end)."""
        return await self._one_game(
            "channel_id = ? ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        )

    async def game(self, game_id: int) -> GameRow | None:
        return await self._one_game("id = ?", (game_id,))

    async def game_and_seats(
        self, game_id: int | None = None, *, channel_id: int | None = None,
    ) -> tuple[GameRow, list[SeatRow]] | None:
        """The game (`game_id`, or the live game of `channel_id`) and its seats (as `seats`
        orders them) in one query: what a move reads, once."""
        where, args = (("g.id = ?", game_id) if game_id is not None else
                       ("g.channel_id = ? AND g.status IN ('lobby', 'active')", channel_id))
        return game_and_seat_rows(await self._all(
            f"SELECT {GAME_SEAT_COLUMNS} FROM games g LEFT JOIN seats o ON o.game_id = g.id"
            f" WHERE {where} ORDER BY o.seat IS NULL, o.seat, o.joined_at, o.rowid", (args,)))

    async def set_status(
        self, game_id: int, status: str, now: float, *, only_if: tuple[str, ...] = LIVE,
        version: int | None = None,
    ) -> bool:
        """Change the game's status if it is one of `only_if` (and still at `version`, if
        given: a lobby closed because it emptied stays open if someone joined meanwhile)."""
        marks = ", ".join("?" for _ in only_if)
        sql = f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})"
        args: tuple[Any, ...] = (status, now, game_id, *only_if)
        if version is not None:
            sql += " AND version = ?"
            args += (version,)
        async with self._tx() as db:
            cur = await db.execute(sql, args)
        return cur.rowcount == 1

    # --- seats -----------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The seats in play order once started, in joining order in the lobby."""
        rows = await self._all(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ?"
            " ORDER BY seat IS NULL, seat, joined_at, rowid",
            (game_id,),
        )
        return [SeatRow(*r) for r in rows]

    async def seats_of(self, game_ids: Collection[int]) -> dict[int, list[SeatRow]]:
        """The seats of each of these games (as `seats` orders them), in one query."""
        found: dict[int, list[SeatRow]] = {gid: [] for gid in game_ids}
        if not found:
            return found
        for gid, *seat in await self._all(
            f"SELECT game_id, {SEAT_COLUMNS} FROM seats"
            " WHERE game_id IN (SELECT value FROM json_each(?))"
            " ORDER BY game_id, seat IS NULL, seat, joined_at, rowid",
            (json.dumps(list(found)),),
        ):
            found[gid].append(SeatRow(*seat))
        return found

    async def add_seat(
        self, game_id: int, user_id: int, name: str, now: float, *, max_seats: int,
        bot: str | None = None, bot_seed: int | None = None,
    ) -> bool:
        """Seat a user (or a bot of level `bot`, deciding from `bot_seed`) in a lobby; False if
        already seated, the lobby is full (checked in the same statement, so two joins at once
        cannot both take the last seat) or has started. The lobby's version moves on, so that a
        start computed before cannot be stored."""
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT OR IGNORE INTO seats (game_id, user_id, name, joined_at, bot, bot_seed)"
                " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS"
                " (SELECT 1 FROM games WHERE id = ? AND status = 'lobby')"
                " AND (SELECT COUNT(*) FROM seats WHERE game_id = ?) < ?",
                (game_id, user_id, name, now, bot, bot_seed, game_id, game_id, max_seats),
            )
            if cur.rowcount != 1:
                return False
            await db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
        return True

    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        """Unseat a user from a lobby (False once started). The lobby's version moves on; if
        they created it, its creator's rights pass to the earliest seated person (not a bot)."""
        async with self._tx() as db:
            cur = await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?"
                " AND EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'lobby')",
                (game_id, user_id, game_id),
            )
            if cur.rowcount != 1:
                return False
            await db.execute(
                "UPDATE games SET version = version + 1, creator_id = CASE WHEN creator_id = ?"
                " THEN COALESCE((SELECT user_id FROM seats WHERE game_id = ? AND bot IS NULL"
                " ORDER BY joined_at, rowid LIMIT 1), creator_id) ELSE creator_id END"
                " WHERE id = ?",
                (user_id, game_id, game_id),
            )
        return True

    async def set_hints(self, game_id: int, hints: bool, now: float) -> bool:
        """Turn a lobby's hints on or off (False once started). The lobby's version moves on,
        so that a start read before this change is computed again (and never rated wrongly)."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET hints = ?, version = version + 1, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (int(hints), now, game_id),
            )
        return cur.rowcount == 1

    # --- the game itself -------------------------------------------------------------------

    async def start_game(
        self, game_id: int, *, seed: int, order: list[int], state: dict[str, Any], now: float,
        clocks: Mapping[int, Clock] | None = None, lobby_version: int | None = None,
        told: dict[str, Any] | None = None,
    ) -> bool:
        """Lobby -> active: fix the seats (order[i] is the user in seat i), store the first state.
        The start is a point the channel is told of; `told`: what a later post compares with
        (Storage.since_told).

        False, changing nothing, if the game is no longer a lobby, if its version is no longer
        `lobby_version` (someone joined or left since the start was computed), or if the users
        seated are not exactly those of `order`: a start and a join at once cannot leave a
        seat row without a seat, nor a seat without a player."""
        async with self._tx() as db:
            seated = {uid for (uid,) in await db.execute_fetchall(
                "SELECT user_id FROM seats WHERE game_id = ?", (game_id,))}
            if seated != set(order) or len(order) != len(seated):
                return False
            cur = await db.execute(
                "UPDATE games SET status = 'active', seed = ?, version = 0, state = ?,"
                " updated_at = ?, with_bots = EXISTS (SELECT 1 FROM seats s"
                " WHERE s.game_id = games.id AND s.bot IS NOT NULL), told = 0, told_view = ?"
                " WHERE id = ? AND status = 'lobby'"
                + (" AND version = ?" if lobby_version is not None else ""),
                (seed, dumps(state), now, dumps(told) if told is not None else None, game_id,
                 *((lobby_version,) if lobby_version is not None else ())),
            )
            if cur.rowcount != 1:
                return False
            await db.executemany(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                [(seat, game_id, user_id) for seat, user_id in enumerate(order)],
            )
            if clocks:
                await _save_clocks(db, game_id, clocks)
        return True

    async def append_action(
        self, game_id: int, *, expected_version: int, seat: int, user_id: int | None, text: str,
        events: list[dict[str, Any]], state: dict[str, Any], outcome: dict[str, Any] | None,
        now: float, status: str | None = None, clocks: Mapping[int, Clock] | None = None,
        bots: Mapping[int, tuple[str, int]] | None = None, told: dict[str, Any] | None = None,
        then: Sequence[Played] = (),
    ) -> bool:
        """Record one action and the state it led to, if the game is still at expected_version.
        `then`: actions the platform played right after it, in the same transaction (forced
        actions, Game.forced), each its own history entry; `state` is the state after them all.
        `told`, given when the channel must be told of the game as this action leaves it (its
        turn post is due): kept as what the next post compares with (Storage.since_told).

        Returns False, changing nothing, when the version moved (a stale or duplicate action)
        or the game is no longer active. The game becomes `status` if given, else 'finished'
        when there is an outcome. `clocks` are saved in the same transaction; any action
        settles a pending timeout. `bots`: seat -> (level, seed) of seats a bot plays from now
        on (a player who left), in the same transaction.
        """
        new_status = status or ("finished" if outcome is not None else "active")
        async with self._tx() as db:
            entries = [Played(seat, user_id, text, events), *then]
            steps = len(entries)
            cur = await db.execute(
                "UPDATE games SET version = version + ?, state = ?, outcome = ?, status = ?,"
                " updated_at = ?, timed_out = NULL" + (
                    ", told = version + ?, told_view = ?" if told is not None else "")
                + " WHERE id = ? AND version = ? AND status = 'active'",
                (steps, dumps(state), dumps(outcome) if outcome else None, new_status, now,
                 *((steps, dumps(told)) if told is not None else ()), game_id,
                 expected_version),
            )
            if cur.rowcount != 1:
                return False
            await db.executemany(
                "INSERT INTO actions (game_id, n, seat, user_id, text, events, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game_id, expected_version + k + 1, e.seat, e.user_id, e.text,
                  events_text(e.events), now) for k, e in enumerate(entries)],
            )
            if clocks:
                await _save_clocks(db, game_id, clocks)
            if bots:
                await db.executemany(
                    "UPDATE seats SET bot = ?, bot_seed = ? WHERE game_id = ? AND seat = ?",
                    [(level, seed, game_id, seat) for seat, (level, seed) in bots.items()])
            if new_status == "finished":  # its result rates its people, in this transaction
                await rate_in(db, game_id)
        return True

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._all(
            "SELECT n, seat, user_id, text, events, at FROM actions WHERE game_id = ? ORDER BY n",
            (game_id,),
        )
        return [
            ActionRow(n, seat, uid, text, json.loads(ev), at) for n, seat, uid, text, ev, at in rows
        ]

    async def recent_actions(self, game_id: int, count: int) -> list[ActionRow]:
        """The game's latest `count` actions, oldest first (read from the end of the history,
        however long it is)."""
        rows = await self._all(
            "SELECT n, seat, user_id, text, events, at FROM actions WHERE game_id = ?"
            " ORDER BY n DESC LIMIT ?",
            (game_id, count),
        )
        return [ActionRow(n, seat, uid, text, json.loads(ev), at)
                for n, seat, uid, text, ev, at in reversed(rows)]

    async def since_told(self, game_id: int) -> tuple[dict[str, Any] | None, list[ActionRow]]:
        """What a turn post tells: the game as the channel was last told of it (`told` as
        stored, None if unknown) and every action since, oldest first."""
        rows = await self._all(
            "SELECT a.n, a.seat, a.user_id, a.text, a.events, a.at, g.told_view FROM games g"
            " LEFT JOIN actions a ON a.game_id = g.id AND a.n > COALESCE(g.told, g.version)"
            " WHERE g.id = ? ORDER BY a.n", (game_id,))
        told = json.loads(rows[0][6]) if rows and rows[0][6] else None
        return told, [ActionRow(n, seat, uid, text, json.loads(ev), at)
                      for n, seat, uid, text, ev, at, _ in rows if n is not None]

    async def record_message(
        self, game_id: int, *, message_id: int, channel_id: int, kind: str, version: int,
        now: float,
    ) -> None:
        """Record a message the bot posted: the game's one message of that kind from now on."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO messages (game_id, message_id, channel_id, kind, version, at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, kind) DO UPDATE SET"
                " message_id = excluded.message_id, channel_id = excluded.channel_id,"
                " version = excluded.version, at = excluded.at",
                (game_id, message_id, channel_id, kind, version, now),
            )

    async def record_turn_post(
        self, game_id: int, *, message_id: int, channel_id: int, version: int, now: float,
    ) -> tuple[int, int, int] | None:
        """Keep a new turn post as the game's turn post, unless the one kept shows a later
        version. The post now out of date, (message_id, channel_id, version), is returned, for
        its buttons to go: the one replaced, or the new one itself; None if there is none.
        One transaction: of posts recorded at once (by any process), each but the kept one is
        returned exactly once."""
        async with self._tx() as db:
            rows = list(await db.execute_fetchall(
                "SELECT message_id, channel_id, version FROM messages"
                " WHERE game_id = ? AND kind = 'turn'", (game_id,),
            ))
            kept = rows[0] if rows else None
            if kept is not None and kept[0] == message_id:
                return None
            if kept is not None and kept[2] > version:
                return (message_id, channel_id, version)
            await db.execute(
                "INSERT INTO messages (game_id, message_id, channel_id, kind, version, at)"
                " VALUES (?, ?, ?, 'turn', ?, ?) ON CONFLICT (game_id, kind) DO UPDATE SET"
                " message_id = excluded.message_id, channel_id = excluded.channel_id,"
                " version = excluded.version, at = excluded.at",
                (game_id, message_id, channel_id, version, now),
            )
        return (kept[0], kept[1], kept[2]) if kept is not None else None

    async def messages(
        self, game_id: int, kind: str | None = None,
    ) -> list[tuple[int, int, str, int]]:
        """(message_id, channel_id, kind, version) of the game's recorded messages (one per
        kind: the latest), oldest first."""
        sql = "SELECT message_id, channel_id, kind, version FROM messages WHERE game_id = ?"
        args: tuple[Any, ...] = (game_id,)
        if kind is not None:
            sql += " AND kind = ?"
            args += (kind,)
        return [tuple(r) for r in await self._all(sql + " ORDER BY at, message_id", args)]

    # --- clocks (bot/clock.py) -------------------------------------------------------------

    async def set_clocks(self, game_id: int, clocks: Mapping[int, Clock], *,
                         version: int | None = None) -> bool:
        """Save seat clocks outside a move (vacation, extra time); only at `version` if given."""
        async with self._tx() as db:
            if version is not None and not await db.execute_fetchall(
                "SELECT 1 FROM games WHERE id = ? AND version = ? AND status = 'active'",
                (game_id, version),
            ):
                return False
            await _save_clocks(db, game_id, clocks)
        return True

    async def set_timed_out(self, game_id: int, seat: int | None, *, version: int,
                            clocks: Mapping[int, Clock] | None = None,
                            seen: Clock | None = None) -> bool:
        """Mark (or clear, with None) the seat whose clock ran out, if the game is still at
        `version`: a move made meanwhile wins over the background task. Marking needs no seat
        marked, clearing needs one: of two processes doing either at once, one does it. `seen`:
        the seat's clock as read when it ran out, which must still be the seat's (a "one more
        day" given meanwhile changed it, and the clock has not run out)."""
        sql = ("UPDATE games SET timed_out = ? WHERE id = ? AND version = ? AND status = 'active'"
               + (" AND timed_out IS NULL" if seat is not None else " AND timed_out IS NOT NULL"))
        args: tuple[Any, ...] = (seat, game_id, version)
        if seen is not None:
            sql += (" AND EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND seat = ?"
                    " AND bank IS ? AND running_since IS ?)")
            args += (game_id, seat, seen.bank, seen.running_since)
        async with self._tx() as db:
            cur = await db.execute(sql, args)
            if cur.rowcount != 1:
                return False
            if clocks:
                await _save_clocks(db, game_id, clocks)
        return True

    async def mark_reminded(
        self, game_id: int, seat: int, now: float, *, seen: Waiting | None = None,
    ) -> bool:
        """Note that `seat` was reminded at `now`. With `seen` (the seat as the caller read it),
        only if its reminder and turn are still the ones read: the claim of a reminder, so that
        of several processes looking at once exactly one sends it."""
        sql = "UPDATE seats SET reminded_at = ? WHERE game_id = ? AND seat = ?"
        args: tuple[Any, ...] = (now, game_id, seat)
        if seen is not None:
            sql += (" AND reminded_at IS ? AND asked_since IS ?"
                    " AND EXISTS (SELECT 1 FROM games WHERE id = ? AND version = ?)")
            args += (seen.reminded_at, seen.clock.asked_since, game_id, seen.version)
        async with self._tx() as db:
            cur = await db.execute(sql, args)
        return cur.rowcount == 1

    async def claim(self, game_id: int, what: str, now: float,
                    lease: float | None = None) -> bool:
        """True for the first caller only, in any process on this file (see `claims`). With a
        `lease`, a claim older than that is taken over: whoever made it died doing it."""
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT INTO claims (game_id, what, at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, what) DO UPDATE SET at = excluded.at"
                " WHERE claims.at < ?",
                (game_id, what, now, now - lease if lease is not None else float("-inf")),
            )
        return cur.rowcount == 1

    async def release(self, game_id: int, what: str) -> None:
        """Give a claim back (what it claimed could not be done: let a later try do it)."""
        async with self._tx() as db:
            await db.execute("DELETE FROM claims WHERE game_id = ? AND what = ?", (game_id, what))

    async def unposted(self, settled_before: float | None = None,
                       ) -> list[tuple[int, int, int | None]]:
        """(game, version told, version of its latest turn post or None) of every running game
        whose latest turn post is older than the latest point the channel must be told of (or
        missing), and of every finished game whose final move was not posted: a crash came
        between the save and the post, or Discord refused it. (Steps of a turn that go on with
        the same player are not owed a post: `told` stays behind the version.)
        `settled_before`: only games last changed before that time (a post made a moment ago,
        perhaps by another process, is on its way)."""
        return [(gid, told, posted) for gid, told, posted in await self._all(
            "SELECT g.id, COALESCE(g.told, g.version) AS told, (SELECT MAX(m.version)"
            " FROM messages m WHERE m.game_id = g.id AND m.kind = 'turn') AS posted"
            " FROM games g WHERE ((g.status = 'active' AND (posted IS NULL OR posted < told))"
            " OR (g.status = 'finished' AND posted < g.version)) AND g.updated_at < ?"
            " ORDER BY g.id", (float("inf") if settled_before is None else settled_before,),
        )]

    async def waiting(self) -> list[Waiting]:
        """Every seat asked to act in an active game, with its clock (one query, no states)."""
        rows = await self._all(
            "SELECT g.id, s.seat, s.user_id, s.bank, s.running_since, s.asked_since,"
            " s.reminded_at, g.pace, g.timed_out, g.version, s.bot"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.status = 'active' AND s.asked_since IS NOT NULL ORDER BY g.id, s.seat",
        )
        return [Waiting(gid, seat, uid, Clock(bank, running, asked), reminded,
                        json.loads(pace) if pace else None, timed_out, version, bot)
                for gid, seat, uid, bank, running, asked, reminded, pace, timed_out, version, bot
                in rows]

    # --- users -----------------------------------------------------------------------------

    async def prefs(self, user_id: int) -> UserPrefs:
        row = await self._one(
            "SELECT dm, before, remind_hours, vacation_until, locale FROM users WHERE user_id = ?",
            (user_id,),
        )
        if row is None:
            return UserPrefs(user_id)
        dm, before, remind, vacation, locale = row
        return UserPrefs(user_id, bool(dm), bool(before), remind, vacation, locale)

    async def prefs_of(self, user_ids: Collection[int]) -> dict[int, UserPrefs]:
        """The preferences of each of these users, in one query (defaults for those who never
        chose)."""
        found = {uid: UserPrefs(uid) for uid in user_ids}
        if not found:
            return found
        for uid, dm, before, remind, vacation, locale in await self._all(
            "SELECT user_id, dm, before, remind_hours, vacation_until, locale FROM users"
            " WHERE user_id IN (SELECT value FROM json_each(?))", (json.dumps(list(found)),),
        ):
            found[uid] = UserPrefs(uid, bool(dm), bool(before), remind, vacation, locale)
        return found

    async def set_prefs(self, prefs: UserPrefs) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO users (user_id, dm, before, remind_hours, vacation_until, locale)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm,"
                " before = excluded.before, remind_hours = excluded.remind_hours,"
                " vacation_until = excluded.vacation_until, locale = excluded.locale",
                (prefs.user_id, int(prefs.dm), int(prefs.before), prefs.remind_hours,
                 prefs.vacation_until, prefs.locale),
            )

    async def away(self, now: float) -> set[int]:
        """Users on vacation at `now`."""
        return {uid for (uid,) in await self._all(
            "SELECT user_id FROM users WHERE vacation_until > ?", (now,))}

    async def end_vacation(self, user_id: int, until: float) -> bool:
        """Clear a vacation that ended at `until`: True for the one caller (of all processes)
        who cleared it, and so sends the "back" notices."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE users SET vacation_until = NULL WHERE user_id = ? AND vacation_until = ?",
                (user_id, until),
            )
        return cur.rowcount == 1

    async def vacations_over(self, now: float) -> list[int]:
        """Users whose vacation has ended but is still recorded (their clocks must restart)."""
        return [uid for (uid,) in await self._all(
            "SELECT user_id FROM users WHERE vacation_until <= ?", (now,))]

    async def user_games(self, user_id: int) -> list[GameRow]:
        """The lobbies and running games where the user is seated, newest first."""
        return [game_row(r) for r in await self._all(
            f"SELECT {', '.join('g.' + c for c in GAME_COLUMNS.split(', '))} FROM seats s"
            f" JOIN games g {_LIVE_INDEX} ON g.id = s.game_id WHERE s.user_id = ?"
            " AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC, g.id DESC",
            (user_id,),
        )]

    async def seated_games(self, user_id: int) -> list[tuple[GameRow, list[SeatRow]]]:
        """The lobbies and running games where the user is seated, newest first, each with its
        seats (as `seats` orders them) and without its state (None): what a list of a user's
        games needs, in one query however many games."""
        return seated_rows(await self._all(
            f"SELECT {SEATED_COLUMNS} FROM seats s JOIN games g {_LIVE_INDEX}"
            " ON g.id = s.game_id JOIN seats o ON o.game_id = g.id WHERE s.user_id = ?"
            " AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC, g.id DESC,"
            " o.seat IS NULL, o.seat, o.joined_at, o.rowid",
            (user_id,),
        ))

    # --- the slash commands as synced with Discord ---------------------------------------

    async def synced_commands(self, scope: str) -> str | None:
        """The hash of the commands last synced to `scope`, or None if never."""
        row = await self._one("SELECT hash FROM command_sync WHERE scope = ?", (scope,))
        return row[0] if row else None

    async def set_synced_commands(self, scope: str, digest: str, now: float) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO command_sync (scope, hash, at) VALUES (?, ?, ?) ON CONFLICT (scope)"
                " DO UPDATE SET hash = excluded.hash, at = excluded.at",
                (scope, digest, now),
            )

    # --- guilds ----------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one(
            "SELECT locale, pace, threads FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings(guild_id)
        locale, pace, threads = row
        return GuildSettings(guild_id, locale, json.loads(pace) if pace else None, bool(threads))

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, locale, pace, threads) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale,"
                " pace = excluded.pace, threads = excluded.threads",
                (settings.guild_id, settings.locale,
                 json.dumps(settings.pace) if settings.pace else None, int(settings.threads)),
            )

    async def finished(self, guild_id: int, game_key: str | None = None, *, bots: bool = False,
                       ) -> list[tuple[GameRow, list[SeatRow]]]:
        """The guild's finished games (not abandoned ones), with their seats, oldest first:
        games between people, or (`bots`) games where bots were seated at the start."""
        sql = (f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status = 'finished'"
               " AND with_bots = ?")
        args: tuple[Any, ...] = (guild_id, int(bots))
        if game_key is not None:
            sql += " AND game_key = ?"
            args += (game_key,)
        games = [game_row(r) for r in await self._all(sql + " ORDER BY id", args)]
        seats = await self.seats_of([g.id for g in games])
        return [(g, seats[g.id]) for g in games]

    async def footprint(self) -> dict[str, int]:
        """Bytes each table takes, its indexes included, largest first (SQLite's dbstat)."""
        tables = dict(await self._all(
            "SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')"))
        sizes: dict[str, int] = {}
        for name, size in await self._all("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"):
            table = tables.get(name, name)
            sizes[table] = sizes.get(table, 0) + size
        return dict(sorted(sizes.items(), key=lambda item: -item[1]))

    # --- whole tables, for `tabula db copy` ------------------------------------------------

    async def columns(self, table: str) -> list[str]:
        _known(table)
        return [row[1] for row in await self._all(f"PRAGMA table_info({table})")]

    async def dump(self, table: str, columns: Sequence[str]) -> list[tuple[Any, ...]]:
        """Every row of `table`, in the order they were written (seats as they joined)."""
        _known(table)
        order = "at, message_id" if table == "messages" else "rowid"
        return [tuple(r) for r in await self._all(
            f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")]

    async def load(self, table: str, columns: Sequence[str],
                   rows: Sequence[tuple[Any, ...]]) -> None:
        """Write rows as they are, ids included."""
        _known(table)
        async with self._tx() as db:
            await db.executemany(
                f"INSERT INTO {table} ({', '.join(columns)})"
                f" VALUES ({', '.join('?' for _ in columns)})", rows,
            )


def _known(table: str) -> None:
    if table not in TABLES:  # names are spliced into SQL: only ours
        raise ValueError(f"unknown table {table!r}")


async def _save_clocks(db: aiosqlite.Connection, game_id: int, clocks: Mapping[int, Clock]) -> None:
    await db.executemany(
        "UPDATE seats SET bank = ?, running_since = ?, asked_since = ?,"
        " reminded_at = CASE WHEN asked_since IS ? THEN reminded_at ELSE NULL END"
        " WHERE game_id = ? AND seat = ?",
        [(c.bank, c.running_since, c.asked_since, c.asked_since, game_id, seat)
         for seat, c in clocks.items()],
    )
