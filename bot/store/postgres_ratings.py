"""The PostgreSQL store's ratings (bot/ratings.py, bot/store/rated.py, migration 0008): a
finished game rated in the transaction that stores it, the rebuild from every result in order,
and what the leaderboard and /game stats read. A part of `PgStore` (bot/store/postgres.py),
kept apart so that each file holds one concern."""

from __future__ import annotations

import asyncpg

from bot.ratings import Rating
from bot.store import rated
from bot.store.rows import (
    CHANGE_COLUMNS,
    RATING_COLUMNS,
    SEATED_COLUMNS,
    ChangeRow,
    GameRow,
    RatingRow,
    SeatRow,
    seated_rows,
)

# Every rating transaction holds this one lock: ratings are written one game at a time, and
# `games.rated` numbers the games in the order their ratings were committed (what a rebuild
# follows). Finishing a game is rare beside moves; they wait only for each other.
RATINGS_LOCK = 7_461_372_227

# Ratings (bot/store/rated.py): what both stores read and write when they rate games.
# A game's seats: (game_id, seat, user_id, bot, name).
_SEAT_SQL = ("SELECT game_id, seat, user_id, bot, name FROM seats WHERE seat IS NOT NULL"
            " AND game_id IN ({})")
_RATINGS_INSERT = ("INSERT INTO ratings (user_id, game_key, mu, sigma, games, name, updated_at)"
                  " VALUES ({}) ON CONFLICT (user_id, game_key) DO UPDATE SET mu = excluded.mu,"
                  " sigma = excluded.sigma, games = excluded.games, name = excluded.name,"
                  " updated_at = excluded.updated_at")
_CHANGES_INSERT = ("INSERT INTO rating_changes (game_id, user_id, guild_id, game_key, rank,"
                  " mu_before, sigma_before, mu, sigma, games, at) VALUES ({})")
# The finished games in the order to rate them: those rated, in their order, after those that
# finished before ratings existed (migration 0008), in the order they finished.
# A person's moves, seconds thinking, resignations and run-out clocks in a guild's finished
# games (the time of a move: since the game's entry before it).
_HABITS = (
    "SELECT COALESCE(SUM(CASE WHEN a.text NOT LIKE '.%' AND a.user_id = s.user_id"
    " AND a.prev IS NOT NULL THEN 1 ELSE 0 END), 0),"
    " COALESCE(SUM(CASE WHEN a.text NOT LIKE '.%' AND a.user_id = s.user_id"
    " AND a.prev IS NOT NULL THEN a.at - a.prev ELSE 0 END), 0),"
    " COALESCE(SUM(CASE WHEN a.text IN ('.resign', '.quit') THEN 1 ELSE 0 END), 0),"
    " COALESCE(SUM(CASE WHEN a.text IN ('.timeout', '.bot') THEN 1 ELSE 0 END), 0)"
    " FROM (SELECT game_id, seat, user_id, text, at, LAG(at) OVER (PARTITION BY game_id"
    " ORDER BY n) AS prev FROM actions WHERE game_id IN (SELECT g.id FROM games g JOIN seats m"
    " ON m.game_id = g.id WHERE m.user_id = $1 AND g.guild_id = $2"
    " AND g.status = 'finished')) a"
    " JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat AND s.user_id = $1")
# A person's finished games in a guild with their seats, in the order they were rated.
_PLAYED = (
    "SELECT {cols} FROM seats s JOIN games g ON g.id = s.game_id JOIN seats o"
    " ON o.game_id = g.id WHERE s.user_id = $1 AND g.guild_id = $2 AND g.status = 'finished'"
    " AND o.seat IS NOT NULL ORDER BY g.rated IS NULL, g.rated, g.updated_at, g.id, o.seat")
_MEMBERS_INSERT = "INSERT INTO rating_members (guild_id, game_key, user_id, ordinal)"
# Games played with hints (migration 0009) are never rated.
_REBUILD_GAMES = ("SELECT id, game_key, guild_id, outcome, updated_at FROM games"
                 " WHERE status = 'finished' AND outcome IS NOT NULL AND hints = 0"
                 " ORDER BY rated IS NOT NULL, rated, updated_at, id")


class Ratings:
    """The ratings' methods of the PostgreSQL store (its pool and transactions are PgStore's)."""


    async def rate_game(self, game_id: int) -> bool:
        async with self._tx() as db:
            return await rate_in(db, game_id)

    async def rebuild_ratings(self) -> int:
        async with self._tx() as db:
            await db.execute("SELECT pg_advisory_xact_lock($1)", RATINGS_LOCK)
            games = [tuple(r) for r in await db.fetch(_REBUILD_GAMES)]
            seats = [tuple(r) for r in await db.fetch(
                "SELECT s.game_id, s.seat, s.user_id, s.bot, s.name FROM seats s"
                " JOIN games g ON g.id = s.game_id WHERE g.status = 'finished'"
                " AND s.seat IS NOT NULL ORDER BY s.joined")]
            ratings, changes, order = rated.rebuilt(games, seats)
            await db.execute("DELETE FROM rating_changes")
            await db.execute("DELETE FROM ratings")
            await db.execute("DELETE FROM rating_members")
            await db.execute("UPDATE games SET rated = NULL WHERE rated IS NOT NULL")
            await db.execute(
                "UPDATE games g SET rated = o.n FROM unnest($1::bigint[], $2::int[])"
                " AS o(id, n) WHERE g.id = o.id",
                [gid for gid, _ in order], [n for _, n in order])
            if ratings:
                await db.copy_records_to_table(
                    "ratings", records=ratings, columns=[
                        "user_id", "game_key", "mu", "sigma", "games", "name", "updated_at"])
            if changes:
                await db.copy_records_to_table(
                    "rating_changes", records=changes, columns=[
                        "game_id", "user_id", "guild_id", "game_key", "rank", "mu_before",
                        "sigma_before", "mu", "sigma", "games", "at"])
            if members := rated.members(changes, rated.ordinals(ratings)):
                await db.copy_records_to_table(
                    "rating_members", records=members,
                    columns=["guild_id", "game_key", "user_id", "ordinal"])
        return len(order)

    async def rating_changes(self, game_id: int) -> list[ChangeRow]:
        async with self.pool.acquire() as db:
            return [ChangeRow(*r) for r in await db.fetch(
                f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE game_id = $1"
                " ORDER BY user_id", game_id)]

    async def rating_history(self, user_id: int, game_key: str) -> list[ChangeRow]:
        async with self.pool.acquire() as db:
            return [ChangeRow(*r) for r in await db.fetch(
                f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE user_id = $1"
                " AND game_key = $2 ORDER BY games", user_id, game_key)]

    async def ratings_of(self, user_id: int) -> list[RatingRow]:
        async with self.pool.acquire() as db:
            return [RatingRow(*r) for r in await db.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = $1 ORDER BY game_key",
                user_id)]

    async def all_ratings(self) -> list[RatingRow]:
        async with self.pool.acquire() as db:
            return [RatingRow(*r) for r in await db.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings ORDER BY user_id, game_key")]

    async def leaderboard(self, guild_id: int, game_key: str, limit: int,
                          ) -> tuple[list[RatingRow], int]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(
                f"SELECT {', '.join('r.' + c for c in RATING_COLUMNS.split(', '))}"
                " FROM rating_members m JOIN ratings r ON r.user_id = m.user_id"
                " AND r.game_key = m.game_key WHERE m.guild_id = $1 AND m.game_key = $2"
                " ORDER BY m.ordinal DESC, m.user_id LIMIT $3",
                guild_id, game_key, limit)
            count = await db.fetchval(
                "SELECT COUNT(*) FROM rating_members WHERE guild_id = $1 AND game_key = $2",
                guild_id, game_key)
        return [RatingRow(*r) for r in rows], count

    async def played(self, user_id: int, guild_id: int) -> list[tuple[GameRow, list[SeatRow]]]:
        async with self.pool.acquire() as db:
            rows = await db.fetch(_PLAYED.format(cols=SEATED_COLUMNS), user_id, guild_id)
        return seated_rows([tuple(r) for r in rows])

    async def habits(self, user_id: int, guild_id: int) -> tuple[int, float, int, int]:
        async with self.pool.acquire() as db:
            moves, seconds, resigned, timed_out = await db.fetchrow(_HABITS, user_id, guild_id)
        return int(moves), float(seconds), int(resigned), int(timed_out)


async def rate_in(db: asyncpg.Connection, game_id: int) -> bool:
    """Rate a finished game once, inside a transaction: under the ratings lock (held until the
    transaction ends, so `rated` numbers the games in commit order and no two transactions
    read and write one person's rating at once), claim it (`games.rated`), then write its
    people's ratings and changes. False when it was rated already, or has no result."""
    await db.execute("SELECT pg_advisory_xact_lock($1)", RATINGS_LOCK)
    found = await db.fetchrow(
        "SELECT game_key, guild_id, outcome, updated_at FROM games WHERE id = $1"
        " AND status = 'finished' AND outcome IS NOT NULL AND rated IS NULL AND hints = 0",
        game_id)
    if found is None:
        return False
    key, guild, outcome, at = found
    seats = [tuple(r) for r in await db.fetch(
        _SEAT_SQL.format("$1") + " ORDER BY seat", game_id)]
    people = [r[2] for r in seats if r[2] >= 0]
    current = {user: Rating(mu, sigma, games) for user, mu, sigma, games in await db.fetch(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE game_key = $1"
        " AND user_id = ANY($2::bigint[])", key, people)}
    changes, names = rated.one_game(key, outcome, seats, current)
    number = await db.fetchval(
        "SELECT COALESCE(MAX(rated), 0) + 1 FROM games WHERE rated IS NOT NULL")
    await db.execute("UPDATE games SET rated = $1 WHERE id = $2", number, game_id)
    ratings, logged = rated.rows_for(game_id, key, guild, at, changes, names)
    await db.executemany(_RATINGS_INSERT.format("$1, $2, $3, $4, $5, $6, $7"), ratings)
    await db.executemany(_CHANGES_INSERT.format(
        ", ".join(f"${n}" for n in range(1, 12))), logged)
    now = rated.ordinals(ratings)
    await db.executemany(_MEMBERS_INSERT + " VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                         rated.members(logged, now))
    await db.executemany(  # their place on every server's leaderboard of this game
        "UPDATE rating_members SET ordinal = $1 WHERE user_id = $2 AND game_key = $3",
        [(value, user, key) for (user, key), value in now.items()])
    return True
