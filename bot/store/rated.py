"""What both stores write when a finished game is rated, or every game again (`tabula ratings
rebuild`): the rows of `ratings` and `rating_changes` (migration 0008), from bot/ratings.py's
pure computation, so that SQLite and PostgreSQL write the same values."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.ratings import Change, Finished, Rating, Seat, rate, replay


def seats_of(rows: Sequence[Sequence[Any]]) -> tuple[tuple[Seat, ...], dict[int, str]]:
    """Rows of (game_id, seat, user_id, bot, name) of one game: its seats for rating (a bot
    only for a seat it held from the start, a negative user id) and the people's names."""
    seats = tuple(Seat(seat, user, bot if user < 0 else None) for _, seat, user, bot, _ in rows)
    return seats, {user: name for _, _, user, _, name in rows if user >= 0}


def members(logged: Sequence[Sequence[Any]],
            ordinals: Mapping[tuple[int, str], float]) -> list[tuple[Any, ...]]:
    """The rating_members rows of rating_changes rows: (guild, game key, user, ordinal), once
    each, for games played in a server; `ordinals`: (user, game key) -> μ − 3σ now."""
    return [(guild, key, user, ordinals[(user, key)]) for guild, key, user in
            dict.fromkeys((r[2], r[3], r[1]) for r in logged if r[2] is not None)]


def ordinals(ratings: Sequence[Sequence[Any]]) -> dict[tuple[int, str], float]:
    """(user, game key) -> μ − 3σ, of ratings rows."""
    return {(r[0], r[1]): r[2] - 3 * r[3] for r in ratings}


def rows_for(game_id: int, game_key: str, guild_id: int | None, at: float,
             changes: Sequence[Change], names: Mapping[int, str],
             ) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """(ratings rows, rating_changes rows) to write for one rated game."""
    ratings = [(c.user_id, game_key, c.after.mu, c.after.sigma, c.after.games,
                names.get(c.user_id, ""), at) for c in changes]
    logged = [(game_id, c.user_id, guild_id, game_key, c.rank, c.before.mu, c.before.sigma,
               c.after.mu, c.after.sigma, c.after.games, at) for c in changes]
    return ratings, logged


def one_game(game_key: str, outcome: str, seat_rows: Sequence[Sequence[Any]],
             current: Mapping[int, Rating]) -> tuple[list[Change], dict[int, str]]:
    seats, names = seats_of(seat_rows)
    return rate(game_key, seats, json.loads(outcome), current), names


def rebuilt(games: Sequence[Sequence[Any]], seat_rows: Sequence[Sequence[Any]],
            ) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[int, int]]]:
    """Every rating again from `games` (id, game_key, guild_id, outcome, updated_at), in the
    order to rate them, and their seats: (ratings rows, rating_changes rows, (game id, rated))."""
    by_game: dict[int, list[Sequence[Any]]] = {}
    for row in seat_rows:
        by_game.setdefault(row[0], []).append(row)
    finished = []
    meta = {}
    for gid, key, guild, outcome, at in games:
        seats, names = seats_of(sorted(by_game.get(gid, []), key=lambda r: r[1]))
        finished.append(Finished(gid, key, json.loads(outcome), seats))
        meta[gid] = (guild, at, names)
    _, played = replay(finished)
    latest: dict[tuple[int, str], tuple[Any, ...]] = {}
    logged: list[tuple[Any, ...]] = []
    for game, changes in played:
        guild, at, names = meta[game.game_id]
        ratings, rows = rows_for(game.game_id, game.game_key, guild, at, changes, names)
        latest.update({(r[0], r[1]): r for r in ratings})
        logged += rows
    order = [(g[0], n) for n, g in enumerate(games, start=1)]
    return list(latest.values()), logged, order
