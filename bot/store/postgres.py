"""PostgreSQL persistence through asyncpg: the same store as bot/store/sqlite.py, method by method, for
several bot processes sharing one database.

Migrations are bot/store/migrations/postgres/000N_*.sql, numbered as their SQLite twins; the version
applied is kept in `schema_version`, and a database of a newer schema is refused. Migrations run
under an advisory lock, so processes starting together apply each one once.

Several processes write at once, each in its own transactions (READ COMMITTED), so no rule may
lean on a lock held in one process. What SQLite gets from its single writer (BEGIN IMMEDIATE),
this store gets per game: every transaction that checks something of a game before changing it
(a seat, a start, a move, clocks, a timeout, a reminder) first locks that game's row
(`SELECT ... FOR UPDATE`), so the check and the change see no other writer in between. A
transaction locks at most one game, so they cannot deadlock on games. Lobby caps, counted over
many games, are serialised by advisory locks on the user and on the channel instead.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

import asyncpg

from bot.clock import Clock
from bot.store import TABLES, shown, upgrade
from bot.store.postgres_ratings import Ratings, rate_in
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

_MIGRATE_LOCK = 7_461_372_219  # pg_advisory_xact_lock key of the migrations (any fixed number)

def migrations() -> list[tuple[int, str]]:
    """The numbered PostgreSQL migration scripts, in order."""
    found = []
    for entry in resources.files("bot.store.migrations").joinpath("postgres").iterdir():
        match = re.fullmatch(r"(\d{4})_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


BATCH_GAMES = 500  # games whose old turn posts a long step of migration 0006 drops at a time


async def _latest_turn_posts(conn: asyncpg.Connection, number: int) -> None:
    """Migration 0006's DELETE, done a batch of games at a time on a large database so that the
    upgrade tells how far it is (the script's own DELETE then finds nothing left to drop). The
    same rows are kept: each game's latest post of each kind, by time, then by id (the index
    messages_by_game finds a batch's rows)."""
    if await conn.fetchval("SELECT count(*) FROM messages") < upgrade.LONG:
        return
    games = [row[0] for row in await conn.fetch("SELECT id FROM games ORDER BY id")]
    progress = upgrade.Progress(number, len(games))
    for start in range(0, len(games), BATCH_GAMES):
        batch = games[start:start + BATCH_GAMES]
        await conn.execute(
            "DELETE FROM messages WHERE game_id = ANY($1::bigint[]) AND message_id NOT IN ("
            " SELECT DISTINCT ON (game_id, kind) message_id FROM messages"
            " WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, kind, at DESC, message_id DESC)",
            batch)
        progress(0, start + len(batch), "keeping the latest turn post of each game", "games")
    progress.rest()


# Long steps of a migration, done before its script in the same transaction (they tell how far
# they are in the log).
LONG_STEPS = {6: _latest_turn_posts}


def _count(status: str) -> int:
    """Rows changed, from asyncpg's command tag ("UPDATE 1", "INSERT 0 1")."""
    return int(status.rsplit(" ", 1)[-1])


def _lock_key(scope: str, owner: int) -> int:
    """A 64-bit advisory-lock key for (scope, owner); a collision only serialises two callers."""
    return int.from_bytes(hashlib.blake2b(f"{scope}:{owner}".encode(), digest_size=8).digest(),
                          "big", signed=True)


class PgStore(Ratings):
    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[asyncpg.Connection]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield conn

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 8) -> PgStore:
        """The store on the database at `url`, migrated. StoreError, saying what to do, when the
        server cannot be reached or the database is of a newer Tabula."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size,
                                             command_timeout=60)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(
                f"cannot connect to the PostgreSQL database {shown(url)} ({exc}). Check that the "
                "server runs and accepts this user, and that the database exists "
                "(createdb NAME).") from exc
        store = cls(pool, url)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self.pool.close()

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
                return 0
            return int(await conn.fetchval("SELECT version FROM schema_version"))

    async def migrate(self) -> int:
        """Apply the migrations above the recorded version, each in its own transaction."""
        known = migrations()
        latest = max((n for n, _ in known), default=0)
        async with self.pool.acquire() as conn:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATE_LOCK)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                current = await conn.fetchval("SELECT version FROM schema_version")
                if current is None:
                    await conn.execute("INSERT INTO schema_version VALUES (0)")
                    current = 0
            if current > latest:
                raise StoreError(
                    f"{shown(self.url)} was written by a newer version of Tabula (database "
                    f"schema {current}; this version knows schemas up to {latest}). Run the "
                    "newer version of Tabula, or restore a backup made before the upgrade; this "
                    "version will not touch the database.")
            told = upgrade.Upgrade(shown(self.url), current, latest)
            for number, script in known:
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATE_LOCK)
                    # Another process may have applied it while we waited for the lock.
                    if await conn.fetchval("SELECT version FROM schema_version") >= number:
                        continue
                    try:
                        if number in LONG_STEPS:
                            await LONG_STEPS[number](conn, number)
                        await conn.execute(script)
                    except asyncpg.PostgresError as exc:
                        raise StoreError(
                            f"{shown(self.url)}: upgrading the database schema to {number} "
                            f"failed ({exc}); the database is as it was. Report this with the "
                            "message.") from exc
                    await conn.execute("UPDATE schema_version SET version = $1", number)
            told.done()
            return max(latest, current)

    # --- games -----------------------------------------------------------------------------

    async def create_game(
        self, *, channel_id: int, guild_id: int | None, game_key: str, options: dict[str, Any],
        creator_id: int, creator_name: str, locale: str, now: float,
        pace: dict[str, float] | None = None, parent_id: int | None = None,
        max_user_lobbies: int | None = None, max_channel_lobbies: int | None = None,
        hints: bool = False,
    ) -> int:
        parent_id = channel_id if parent_id is None else parent_id
        try:
            async with self._tx() as db:
                for scope, column, value, limit in (
                    ("user", "creator_id", creator_id, max_user_lobbies),
                    ("channel", "parent_id", parent_id, max_channel_lobbies),
                ):
                    if limit is None:
                        continue
                    # Held to the commit: a create of the same user (channel) waits, then
                    # counts this lobby too.
                    await db.execute("SELECT pg_advisory_xact_lock($1)", _lock_key(scope, value))
                    count = await db.fetchval(
                        f"SELECT COUNT(*) FROM games WHERE status = 'lobby' AND {column} = $1",
                        value,
                    )
                    if count >= limit:
                        raise TooManyLobbies(scope, limit)
                game_id = await db.fetchval(
                    "INSERT INTO games (channel_id, guild_id, game_key, options, status,"
                    " creator_id, locale, created_at, updated_at, pace, parent_id, hints)"
                    " VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $7, $8, $9, $10) RETURNING id",
                    channel_id, guild_id, game_key, json.dumps(options), creator_id, locale,
                    now, json.dumps(pace) if pace else None, parent_id, int(hints),
                )
                await db.execute(
                    "INSERT INTO seats (game_id, user_id, name, joined_at)"
                    " VALUES ($1, $2, $3, $4)",
                    game_id, creator_id, creator_name, now,
                )
        except asyncpg.UniqueViolationError as exc:
            raise ChannelBusy(channel_id) from exc
        return int(game_id)

    async def open_lobbies(self, scope: str, owner: int) -> int:
        column = {"user": "creator_id", "channel": "parent_id"}[scope]
        async with self.pool.acquire() as db:
            return int(await db.fetchval(
                f"SELECT COUNT(*) FROM games WHERE status = 'lobby' AND {column} = $1", owner))

    async def _one_game(self, where: str, *args: Any) -> GameRow | None:
        async with self.pool.acquire() as db:
            row = await db.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", *args)
        return game_row(row) if row else None

    async def live_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(
            "channel_id = $1 AND status IN ('lobby', 'active')", channel_id)

    async def latest_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(
            "channel_id = $1 ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            channel_id,
        )

    async def game(self, game_id: int) -> GameRow | None:
        return await self._one_game("id = $1", game_id)

    async def game_and_seats(
        self, game_id: int | None = None, *, channel_id: int | None = None,
    ) -> tuple[GameRow, list[SeatRow]] | None:
        where, arg = (("g.id = $1", game_id) if game_id is not None else
                      ("g.channel_id = $1 AND g.status IN ('lobby', 'active')", channel_id))
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                f"SELECT {GAME_SEAT_COLUMNS} FROM games g LEFT JOIN seats o ON o.game_id = g.id"
                f" WHERE {where} ORDER BY o.seat IS NULL, o.seat, o.joined_at, o.joined", arg)
        return game_and_seat_rows([tuple(r) for r in rows])

    async def set_status(
        self, game_id: int, status: str, now: float, *, only_if: tuple[str, ...] = LIVE,
        version: int | None = None,
    ) -> bool:
        sql = ("UPDATE games SET status = $1, updated_at = $2 WHERE id = $3"
               " AND status = ANY($4::text[])")
        args: list[Any] = [status, now, game_id, list(only_if)]
        if version is not None:
            sql += " AND version = $5"
            args.append(version)
        async with self._tx() as db:
            return _count(await db.execute(sql, *args)) == 1

    # --- seats -----------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = $1"
                " ORDER BY seat IS NULL, seat, joined_at, joined",
                game_id,
            )
        return [SeatRow(*r) for r in rows]

    async def seats_of(self, game_ids: Collection[int]) -> dict[int, list[SeatRow]]:
        found: dict[int, list[SeatRow]] = {gid: [] for gid in game_ids}
        if not found:
            return found
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                f"SELECT game_id, {SEAT_COLUMNS} FROM seats WHERE game_id = ANY($1::bigint[])"
                " ORDER BY game_id, seat IS NULL, seat, joined_at, joined",
                list(found),
            )
        for gid, *seat in rows:
            found[gid].append(SeatRow(*seat))
        return found

    @staticmethod
    async def _lock_game(db: asyncpg.Connection, game_id: int, *, status: str | None = None,
                         version: int | None = None) -> bool:
        """Lock the game's row to the commit (every check-then-change of a game starts here);
        False if it is not there, or not of `status` / `version`."""
        row = await db.fetchrow(
            "SELECT status, version FROM games WHERE id = $1 FOR UPDATE", game_id)
        return row is not None and (status is None or row["status"] == status) and (
            version is None or row["version"] == version)

    async def add_seat(
        self, game_id: int, user_id: int, name: str, now: float, *, max_seats: int,
        bot: str | None = None, bot_seed: int | None = None,
    ) -> bool:
        async with self._tx() as db:
            if not await self._lock_game(db, game_id, status="lobby"):
                return False
            count = await db.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = $1", game_id)
            if count >= max_seats:
                return False
            status = await db.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at, bot, bot_seed)"
                " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                game_id, user_id, name, now, bot, bot_seed,
            )
            if _count(status) != 1:
                return False
            await db.execute("UPDATE games SET version = version + 1 WHERE id = $1", game_id)
        return True

    async def remove_seat(self, game_id: int, user_id: int) -> bool:
        async with self._tx() as db:
            if not await self._lock_game(db, game_id, status="lobby"):
                return False
            status = await db.execute(
                "DELETE FROM seats WHERE game_id = $1 AND user_id = $2", game_id, user_id)
            if _count(status) != 1:
                return False
            await db.execute(
                "UPDATE games SET version = version + 1, creator_id = CASE WHEN creator_id = $2"
                " THEN COALESCE((SELECT user_id FROM seats WHERE game_id = $1 AND bot IS NULL"
                " ORDER BY joined_at, joined LIMIT 1), creator_id) ELSE creator_id END"
                " WHERE id = $1",
                game_id, user_id,
            )
        return True

    async def set_hints(self, game_id: int, hints: bool, now: float) -> bool:
        async with self._tx() as db:
            status = await db.execute(
                "UPDATE games SET hints = $2, version = version + 1, updated_at = $3"
                " WHERE id = $1 AND status = 'lobby'",
                game_id, int(hints), now,
            )
        return _count(status) == 1

    # --- the game itself -------------------------------------------------------------------

    async def start_game(
        self, game_id: int, *, seed: int, order: list[int], state: dict[str, Any], now: float,
        clocks: Mapping[int, Clock] | None = None, lobby_version: int | None = None,
        told: dict[str, Any] | None = None,
    ) -> bool:
        async with self._tx() as db:
            if not await self._lock_game(db, game_id, status="lobby", version=lobby_version):
                return False
            seated = {r["user_id"] for r in await db.fetch(
                "SELECT user_id FROM seats WHERE game_id = $1", game_id)}
            if seated != set(order) or len(order) != len(seated):
                return False
            await db.execute(
                "UPDATE games SET status = 'active', seed = $1, version = 0, state = $2,"
                " updated_at = $3, with_bots = CASE WHEN EXISTS (SELECT 1 FROM seats s"
                " WHERE s.game_id = $4 AND s.bot IS NOT NULL) THEN 1 ELSE 0 END, told = 0,"
                " told_view = $5 WHERE id = $4",
                seed, dumps(state), now, game_id, dumps(told) if told is not None else None,
            )
            await db.executemany(
                "UPDATE seats SET seat = $1 WHERE game_id = $2 AND user_id = $3",
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
        new_status = status or ("finished" if outcome is not None else "active")
        entries = [Played(seat, user_id, text, events), *then]
        seats = sorted(clocks or {})
        bots = bots or {}
        if not set(bots) <= set(seats):  # a seat handed to a bot is written with its clock
            raise ValueError("append_action: every seat of `bots` needs its clock")
        # One statement, so one round trip and atomic: the UPDATE of the game locks its row (a
        # concurrent move waits for it, then finds the version moved on and changes nothing),
        # and the history row and the clocks are written only if it changed the game.
        sql = (
            "WITH moved AS (UPDATE games SET version = version + cardinality($7::int[]),"
            "  state = $1, outcome = $2, status = $3, updated_at = $4, timed_out = NULL,"
            "  told = CASE WHEN $17::text IS NULL THEN told"
            "  ELSE version + cardinality($7::int[]) END,"
            "  told_view = COALESCE($17::text, told_view) WHERE id = $5 AND version = $6"
            "  AND status = 'active' RETURNING id),"
            " logged AS (INSERT INTO actions (game_id, n, seat, user_id, text, events, at)"
            "  SELECT moved.id, $6 + e.k, e.seat, e.user_id, e.text, e.events, $4 FROM moved,"
            "  unnest($7::int[], $8::bigint[], $9::text[], $10::text[])"
            "  WITH ORDINALITY AS e(seat, user_id, text, events, k)),"
            " timed AS (UPDATE seats s SET bank = c.bank, running_since = c.running,"
            "  asked_since = c.asked, reminded_at = CASE WHEN s.asked_since IS NOT DISTINCT FROM"
            "  c.asked THEN s.reminded_at ELSE NULL END,"
            "  bot = COALESCE(c.bot, s.bot), bot_seed = COALESCE(c.bot_seed, s.bot_seed)"
            "  FROM unnest($11::int[], $12::float8[], $13::float8[], $14::float8[],"
            "  $15::text[], $16::bigint[]) AS c(seat, bank, running, asked, bot, bot_seed)"
            "  WHERE s.game_id = (SELECT id FROM moved) AND s.seat = c.seat)"
            " SELECT COUNT(*) FROM moved")
        args = (
            dumps(state), dumps(outcome) if outcome else None, new_status, now,
            game_id, expected_version, [e.seat for e in entries], [e.user_id for e in entries],
            [e.text for e in entries], [events_text(e.events) for e in entries], seats,
            [clocks[n].bank for n in seats] if clocks else [],
            [clocks[n].running_since for n in seats] if clocks else [],
            [clocks[n].asked_since for n in seats] if clocks else [],
            [bots[n][0] if n in bots else None for n in seats],
            [bots[n][1] if n in bots else None for n in seats],
            dumps(told) if told is not None else None,
        )
        if new_status != "finished":
            return await self._fetchval(sql, *args) == 1
        async with self._tx() as db:  # its result rates its people, in this transaction
            if await db.fetchval(sql, *args) != 1:
                return False
            await rate_in(db, game_id)
        return True

    async def _fetchval(self, sql: str, *args: Any) -> Any:
        async with self.pool.acquire() as db:
            return await db.fetchval(sql, *args)

    async def actions(self, game_id: int) -> list[ActionRow]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                "SELECT n, seat, user_id, text, events, at FROM actions WHERE game_id = $1"
                " ORDER BY n", game_id)
        return [ActionRow(n, seat, uid, text, json.loads(ev), at)
                for n, seat, uid, text, ev, at in rows]

    async def recent_actions(self, game_id: int, count: int) -> list[ActionRow]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                "SELECT n, seat, user_id, text, events, at FROM actions WHERE game_id = $1"
                " ORDER BY n DESC LIMIT $2", game_id, count)
        return [ActionRow(n, seat, uid, text, json.loads(ev), at)
                for n, seat, uid, text, ev, at in reversed(rows)]

    async def record_message(
        self, game_id: int, *, message_id: int, channel_id: int, kind: str, version: int,
        now: float,
    ) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO messages (game_id, message_id, channel_id, kind, version, at)"
                " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, kind) DO UPDATE SET"
                " message_id = excluded.message_id, channel_id = excluded.channel_id,"
                " version = excluded.version, at = excluded.at",
                game_id, message_id, channel_id, kind, version, now,
            )

    async def record_turn_post(
        self, game_id: int, *, message_id: int, channel_id: int, version: int, now: float,
    ) -> tuple[int, int, int] | None:
        async with self._tx() as db:
            # The game's turn posts one at a time (the row may not exist yet: an advisory
            # lock, which a move on the game does not wait for).
            await db.execute("SELECT pg_advisory_xact_lock($1)", _lock_key("turn-post", game_id))
            kept = await db.fetchrow(
                "SELECT message_id, channel_id, version FROM messages"
                " WHERE game_id = $1 AND kind = 'turn'", game_id)
            if kept is not None and kept[0] == message_id:
                return None
            if kept is not None and kept[2] > version:
                return (message_id, channel_id, version)
            await db.execute(
                "INSERT INTO messages (game_id, message_id, channel_id, kind, version, at)"
                " VALUES ($1, $2, $3, 'turn', $4, $5) ON CONFLICT (game_id, kind) DO UPDATE SET"
                " message_id = excluded.message_id, channel_id = excluded.channel_id,"
                " version = excluded.version, at = excluded.at",
                game_id, message_id, channel_id, version, now,
            )
        return (kept[0], kept[1], kept[2]) if kept is not None else None

    async def messages(
        self, game_id: int, kind: str | None = None,
    ) -> list[tuple[int, int, str, int]]:
        sql = "SELECT message_id, channel_id, kind, version FROM messages WHERE game_id = $1"
        args: list[Any] = [game_id]
        if kind is not None:
            sql += " AND kind = $2"
            args.append(kind)
        async with self.pool.acquire() as db:
            rows = await db.fetch(sql + " ORDER BY at, message_id", *args)
        return [tuple(r) for r in rows]  # type: ignore[misc]

    # --- clocks (bot/clock.py) -------------------------------------------------------------

    async def set_clocks(self, game_id: int, clocks: Mapping[int, Clock], *,
                         version: int | None = None) -> bool:
        async with self._tx() as db:
            if version is not None and not await self._lock_game(
                    db, game_id, status="active", version=version):
                return False
            await _save_clocks(db, game_id, clocks)
        return True

    async def set_timed_out(self, game_id: int, seat: int | None, *, version: int,
                            clocks: Mapping[int, Clock] | None = None,
                            seen: Clock | None = None) -> bool:
        async with self._tx() as db:
            if seen is not None:
                # The game first: then this transaction reads the seat as a "one more day"
                # committed meanwhile left it.
                if not await self._lock_game(db, game_id, status="active", version=version):
                    return False
                if not await db.fetchval(
                        "SELECT 1 FROM seats WHERE game_id = $1 AND seat = $2"
                        " AND bank IS NOT DISTINCT FROM $3"
                        " AND running_since IS NOT DISTINCT FROM $4",
                        game_id, seat, seen.bank, seen.running_since):
                    return False
            changed = await db.execute(
                "UPDATE games SET timed_out = $1 WHERE id = $2 AND version = $3"
                " AND status = 'active'"
                + (" AND timed_out IS NULL" if seat is not None else " AND timed_out IS NOT NULL"),
                seat, game_id, version,
            )
            if _count(changed) != 1:
                return False
            if clocks:
                await _save_clocks(db, game_id, clocks)
        return True

    async def mark_reminded(
        self, game_id: int, seat: int, now: float, *, seen: Waiting | None = None,
    ) -> bool:
        async with self._tx() as db:
            if seen is None:
                changed = await db.execute(
                    "UPDATE seats SET reminded_at = $1 WHERE game_id = $2 AND seat = $3",
                    now, game_id, seat)
                return _count(changed) == 1
            # The game first: a move being stored meanwhile is waited for, and wins.
            if not await self._lock_game(db, game_id, version=seen.version):
                return False
            changed = await db.execute(
                "UPDATE seats SET reminded_at = $1 WHERE game_id = $2 AND seat = $3"
                " AND reminded_at IS NOT DISTINCT FROM $4"
                " AND asked_since IS NOT DISTINCT FROM $5",
                now, game_id, seat, seen.reminded_at, seen.clock.asked_since,
            )
        return _count(changed) == 1

    async def claim(self, game_id: int, what: str, now: float,
                    lease: float | None = None) -> bool:
        async with self._tx() as db:
            changed = await db.execute(
                "INSERT INTO claims (game_id, what, at) VALUES ($1, $2, $3)"
                " ON CONFLICT (game_id, what) DO UPDATE SET at = EXCLUDED.at"
                " WHERE claims.at < $4", game_id, what, now,
                now - lease if lease is not None else float("-inf"))
        return _count(changed) == 1

    async def release(self, game_id: int, what: str) -> None:
        async with self._tx() as db:
            await db.execute("DELETE FROM claims WHERE game_id = $1 AND what = $2", game_id, what)

    async def unposted(self, settled_before: float | None = None,
                       ) -> list[tuple[int, int, int | None]]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                "SELECT id, told, posted FROM (SELECT g.id, g.version, g.status,"
                " COALESCE(g.told, g.version) AS told,"
                " (SELECT MAX(m.version) FROM messages m WHERE m.game_id = g.id"
                "  AND m.kind = 'turn') AS posted"
                " FROM games g WHERE g.status IN ('active', 'finished')"
                " AND g.updated_at < $1) t"
                " WHERE (status = 'active' AND (posted IS NULL OR posted < told))"
                " OR (status = 'finished' AND posted < version) ORDER BY id",
                float("inf") if settled_before is None else settled_before,
            )
        return [(gid, told, posted) for gid, told, posted in rows]

    async def since_told(self, game_id: int) -> tuple[dict[str, Any] | None, list[ActionRow]]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                "SELECT a.n, a.seat, a.user_id, a.text, a.events, a.at, g.told_view FROM games g"
                " LEFT JOIN actions a ON a.game_id = g.id AND a.n > COALESCE(g.told, g.version)"
                " WHERE g.id = $1 ORDER BY a.n", game_id)
        told = json.loads(rows[0][6]) if rows and rows[0][6] else None
        return told, [ActionRow(n, seat, uid, text, json.loads(ev), at)
                      for n, seat, uid, text, ev, at, _ in rows if n is not None]

    async def waiting(self) -> list[Waiting]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
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
        async with self.pool.acquire() as db:
            row = await db.fetchrow(
                "SELECT dm, before, remind_hours, vacation_until, locale FROM users"
                " WHERE user_id = $1", user_id)
        if row is None:
            return UserPrefs(user_id)
        dm, before, remind, vacation, locale = row
        return UserPrefs(user_id, bool(dm), bool(before), remind, vacation, locale)

    async def prefs_of(self, user_ids: Collection[int]) -> dict[int, UserPrefs]:
        found = {uid: UserPrefs(uid) for uid in user_ids}
        if not found:
            return found
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                "SELECT user_id, dm, before, remind_hours, vacation_until, locale FROM users"
                " WHERE user_id = ANY($1::bigint[])", list(found))
        for uid, dm, before, remind, vacation, locale in rows:
            found[uid] = UserPrefs(uid, bool(dm), bool(before), remind, vacation, locale)
        return found

    async def set_prefs(self, prefs: UserPrefs) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO users (user_id, dm, before, remind_hours, vacation_until, locale)"
                " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET"
                " dm = excluded.dm, before = excluded.before,"
                " remind_hours = excluded.remind_hours,"
                " vacation_until = excluded.vacation_until, locale = excluded.locale",
                prefs.user_id, int(prefs.dm), int(prefs.before), prefs.remind_hours,
                prefs.vacation_until, prefs.locale,
            )

    async def away(self, now: float) -> set[int]:
        async with self.pool.acquire() as db:
            rows = await db.fetch("SELECT user_id FROM users WHERE vacation_until > $1", now)
        return {r[0] for r in rows}

    async def end_vacation(self, user_id: int, until: float) -> bool:
        async with self._tx() as db:
            changed = await db.execute(
                "UPDATE users SET vacation_until = NULL WHERE user_id = $1"
                " AND vacation_until = $2", user_id, until)
        return _count(changed) == 1

    async def vacations_over(self, now: float) -> list[int]:
        async with self.pool.acquire() as db:
            rows = await db.fetch("SELECT user_id FROM users WHERE vacation_until <= $1", now)
        return [r[0] for r in rows]

    async def user_games(self, user_id: int) -> list[GameRow]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                f"SELECT {', '.join('g.' + c for c in GAME_COLUMNS.split(', '))} FROM games g"
                " JOIN seats s ON s.game_id = g.id WHERE s.user_id = $1"
                " AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC, g.id DESC",
                user_id,
            )
        return [game_row(r) for r in rows]

    async def seated_games(self, user_id: int) -> list[tuple[GameRow, list[SeatRow]]]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                f"SELECT {SEATED_COLUMNS} FROM seats s JOIN games g ON g.id = s.game_id"
                " JOIN seats o ON o.game_id = g.id WHERE s.user_id = $1"
                " AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC, g.id DESC,"
                " o.seat IS NULL, o.seat, o.joined_at, o.joined",
                user_id,
            )
        return seated_rows([tuple(r) for r in rows])

    # --- the slash commands as synced with Discord ---------------------------------------

    async def synced_commands(self, scope: str) -> str | None:
        async with self.pool.acquire() as db:
            return await db.fetchval("SELECT hash FROM command_sync WHERE scope = $1", scope)

    async def set_synced_commands(self, scope: str, digest: str, now: float) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO command_sync (scope, hash, at) VALUES ($1, $2, $3)"
                " ON CONFLICT (scope) DO UPDATE SET hash = excluded.hash, at = excluded.at",
                scope, digest, now,
            )

    # --- guilds ----------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.pool.acquire() as db:
            row = await db.fetchrow(
                "SELECT locale, pace, threads FROM guild_settings WHERE guild_id = $1", guild_id)
        if row is None:
            return GuildSettings(guild_id)
        locale, pace, threads = row
        return GuildSettings(guild_id, locale, json.loads(pace) if pace else None, bool(threads))

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, locale, pace, threads)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id) DO UPDATE SET"
                " locale = excluded.locale, pace = excluded.pace, threads = excluded.threads",
                settings.guild_id, settings.locale,
                json.dumps(settings.pace) if settings.pace else None, int(settings.threads),
            )

    async def finished(self, guild_id: int, game_key: str | None = None, *, bots: bool = False,
                       ) -> list[tuple[GameRow, list[SeatRow]]]:
        sql = (f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = $1"
               " AND status = 'finished' AND with_bots = $2")
        args: list[Any] = [guild_id, int(bots)]
        if game_key is not None:
            sql += " AND game_key = $3"
            args.append(game_key)
        async with self.pool.acquire() as db:
            games = [game_row(r) for r in await db.fetch(sql + " ORDER BY id", *args)]
        seats = await self.seats_of([g.id for g in games])
        return [(g, seats[g.id]) for g in games]

    async def footprint(self) -> dict[str, int]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                "SELECT relname, pg_total_relation_size(relid) FROM pg_stat_user_tables"
                " ORDER BY 2 DESC")
        return {name: size for name, size in rows}

    # --- whole tables, for `tabula db copy` ------------------------------------------------

    async def columns(self, table: str) -> list[str]:
        """The table's columns, but `seats.joined`: the order of joining, which SQLite keeps
        as its rowid and a copy keeps by writing the seats in that order."""
        _known(table)
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                "SELECT column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = $1"
                " ORDER BY ordinal_position", table)
        return [r[0] for r in rows if (table, r[0]) != ("seats", "joined")]

    async def dump(self, table: str, columns: Sequence[str]) -> list[tuple[Any, ...]]:
        """Every row of `table`, in the order they were written (seats as they joined)."""
        _known(table)
        order = {"games": "id", "seats": "joined", "actions": "game_id, n",
                 "messages": "at, message_id"}.get(table, "1")
        async with self.pool.acquire() as db:
            rows = await db.fetch(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")
        return [tuple(r) for r in rows]

    async def load(self, table: str, columns: Sequence[str],
                   rows: Sequence[tuple[Any, ...]]) -> None:
        """Write rows as they are (ids included), then move the id sequences past them."""
        _known(table)
        async with self._tx() as db:
            await db.copy_records_to_table(table, records=list(rows), columns=list(columns))
            if table in ("games", "seats"):
                column = "id" if table == "games" else "joined"
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                    f" GREATEST((SELECT MAX({column}) FROM {table}), 1))")


def _known(table: str) -> None:
    if table not in TABLES:  # names are spliced into SQL: only ours
        raise ValueError(f"unknown table {table!r}")


async def _save_clocks(db: asyncpg.Connection, game_id: int, clocks: Mapping[int, Clock]) -> None:
    await db.executemany(
        "UPDATE seats SET bank = $1, running_since = $2, asked_since = $3,"
        " reminded_at = CASE WHEN asked_since IS NOT DISTINCT FROM $3 THEN reminded_at"
        " ELSE NULL END WHERE game_id = $4 AND seat = $5",
        [(c.bank, c.running_since, c.asked_since, game_id, seat) for seat, c in clocks.items()],
    )
