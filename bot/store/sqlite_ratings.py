"""The SQLite store's ratings (bot/ratings.py, bot/store/rated.py, migration 0008): a
finished game rated in the transaction that stores it, the rebuild from every result in order,
and what the leaderboard and /game stats read. A part of `Store` (bot/store/sqlite.py), kept
apart so that each file holds one concern."""

from __future__ import annotations

import aiosqlite

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
    " ON m.game_id = g.id WHERE m.user_id = ?1 AND g.guild_id = ?2"
    " AND g.status = 'finished')) a"
    " JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat AND s.user_id = ?1")
# A person's finished games in a guild with their seats, in the order they were rated.
_PLAYED = (
    "SELECT {cols} FROM seats s JOIN games g ON g.id = s.game_id JOIN seats o"
    " ON o.game_id = g.id WHERE s.user_id = ?1 AND g.guild_id = ?2 AND g.status = 'finished'"
    " AND o.seat IS NOT NULL ORDER BY g.rated IS NULL, g.rated, g.updated_at, g.id, o.seat")
_MEMBERS_INSERT = "INSERT INTO rating_members (guild_id, game_key, user_id, ordinal)"
# Games played with hints (migration 0009) are never rated.
_REBUILD_GAMES = ("SELECT id, game_key, guild_id, outcome, updated_at FROM games"
                 " WHERE status = 'finished' AND outcome IS NOT NULL AND hints = 0"
                 " ORDER BY rated IS NOT NULL, rated, updated_at, id")


class Ratings:
    """The ratings' methods of the SQLite store (its connection and transactions are Store's)."""


    async def rate_game(self, game_id: int) -> bool:
        """Rate a finished game's result if it was not yet (append_action does it in the
        transaction that finishes the game): False, changing nothing, when it was rated, or
        is not finished with a result."""
        async with self._tx() as db:
            return await rate_in(db, game_id)

    async def rebuild_ratings(self) -> int:
        """Every rating again from the stored results, in the order they were rated (those
        finished before ratings existed first, in the order they finished), in one
        transaction. The number of games rated."""
        async with self._tx() as db:
            games = list(await db.execute_fetchall(_REBUILD_GAMES))
            seats = list(await db.execute_fetchall(
                "SELECT s.game_id, s.seat, s.user_id, s.bot, s.name FROM seats s"
                " JOIN games g ON g.id = s.game_id WHERE g.status = 'finished'"
                " AND s.seat IS NOT NULL ORDER BY s.rowid"))
            ratings, changes, order = rated.rebuilt(games, seats)
            await db.execute("DELETE FROM rating_changes")
            await db.execute("DELETE FROM ratings")
            await db.execute("DELETE FROM rating_members")
            await db.execute("UPDATE games SET rated = NULL WHERE rated IS NOT NULL")
            await db.executemany("UPDATE games SET rated = ? WHERE id = ?",
                                 [(n, gid) for gid, n in order])
            await db.executemany(_RATINGS_INSERT.format(", ".join("?" * 7)), ratings)
            await db.executemany(_CHANGES_INSERT.format(", ".join("?" * 11)), changes)
            await db.executemany(_MEMBERS_INSERT + " VALUES (?, ?, ?, ?)",
                                 rated.members(changes, rated.ordinals(ratings)))
        return len(order)

    async def rating_changes(self, game_id: int) -> list[ChangeRow]:
        """What the game changed of its people's ratings (none until it is rated)."""
        return [ChangeRow(*r) for r in await self._all(
            f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE game_id = ? ORDER BY user_id",
            (game_id,))]

    async def rating_history(self, user_id: int, game_key: str) -> list[ChangeRow]:
        """The person's rated games of `game_key`, oldest first."""
        return [ChangeRow(*r) for r in await self._all(
            f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE user_id = ? AND game_key = ?"
            " ORDER BY games", (user_id, game_key))]

    async def ratings_of(self, user_id: int) -> list[RatingRow]:
        """The person's rating in each game they were rated in."""
        return [RatingRow(*r) for r in await self._all(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = ? ORDER BY game_key",
            (user_id,))]

    async def all_ratings(self) -> list[RatingRow]:
        """Every rating (`tabula ratings rebuild` compares them, tests too)."""
        return [RatingRow(*r) for r in await self._all(
            f"SELECT {RATING_COLUMNS} FROM ratings ORDER BY user_id, game_key")]

    async def leaderboard(self, guild_id: int, game_key: str, limit: int,
                          ) -> tuple[list[RatingRow], int]:
        """The best `limit` ratings in `game_key` (by μ − 3σ) among the people rated in a
        game of this guild, and how many such people there are."""
        rows = await self._all(
            f"SELECT {', '.join('r.' + c for c in RATING_COLUMNS.split(', '))}"
            " FROM rating_members m JOIN ratings r ON r.user_id = m.user_id"
            " AND r.game_key = m.game_key WHERE m.guild_id = ? AND m.game_key = ?"
            " ORDER BY m.ordinal DESC, m.user_id LIMIT ?", (guild_id, game_key, limit))
        (count,) = await self._one(
            "SELECT COUNT(*) FROM rating_members WHERE guild_id = ? AND game_key = ?",
            (guild_id, game_key))
        return [RatingRow(*r) for r in rows], count

    async def played(self, user_id: int, guild_id: int) -> list[tuple[GameRow, list[SeatRow]]]:
        """The person's finished games in the guild, in the order they were rated, each with
        its seats and without its state (None)."""
        return seated_rows(await self._all(_PLAYED.format(cols=SEATED_COLUMNS),
                                           (user_id, guild_id)))

    async def habits(self, user_id: int, guild_id: int) -> tuple[int, float, int, int]:
        """In the guild's finished games: the person's moves, the seconds they took (each
        since the game's entry before it), their resignations and their run-out clocks."""
        moves, seconds, resigned, timed_out = await self._one(_HABITS, (user_id, guild_id))
        return int(moves), float(seconds), int(resigned), int(timed_out)


async def rate_in(db: aiosqlite.Connection, game_id: int) -> bool:
    """Rate a finished game once, inside a write transaction (which SQLite's single writer
    makes the only one): claim it (`games.rated`, the next number), then write its people's
    ratings and changes. False when it was rated already, or has no result to rate."""
    found = list(await db.execute_fetchall(
        "SELECT game_key, guild_id, outcome, updated_at FROM games WHERE id = ?"
        " AND status = 'finished' AND outcome IS NOT NULL AND rated IS NULL AND hints = 0",
        (game_id,)))
    if not found:
        return False
    key, guild, outcome, at = found[0]
    seats = list(await db.execute_fetchall(_SEAT_SQL.format("?") + " ORDER BY seat",
                                           (game_id,)))
    people = [r[2] for r in seats if r[2] >= 0]
    current = {user: Rating(mu, sigma, games) for user, mu, sigma, games in
               await db.execute_fetchall(
                   "SELECT user_id, mu, sigma, games FROM ratings WHERE game_key = ? AND user_id"
                   f" IN ({', '.join('?' * len(people))})", (key, *people))}
    changes, names = rated.one_game(key, outcome, seats, current)
    ((number,),) = await db.execute_fetchall(
        "SELECT COALESCE(MAX(rated), 0) + 1 FROM games WHERE rated IS NOT NULL")
    await db.execute("UPDATE games SET rated = ? WHERE id = ?", (number, game_id))
    ratings, logged = rated.rows_for(game_id, key, guild, at, changes, names)
    await db.executemany(_RATINGS_INSERT.format(", ".join("?" * 7)), ratings)
    await db.executemany(_CHANGES_INSERT.format(", ".join("?" * 11)), logged)
    now = rated.ordinals(ratings)
    await db.executemany(_MEMBERS_INSERT + " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                         rated.members(logged, now))
    await db.executemany(  # their place on every server's leaderboard of this game
        "UPDATE rating_members SET ordinal = ? WHERE user_id = ? AND game_key = ?",
        [(value, user, key) for (user, key), value in now.items()])
    return True
