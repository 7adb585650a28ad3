"""The values the storage contract speaks in (a game, a seat, a history entry, a user's and a
server's settings), and how a row of the tables becomes one: shared by both stores, so that a
game read from SQLite and one read from PostgreSQL are the same value."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.clock import Clock

LIVE = ("lobby", "active")


class ChannelBusy(Exception):
    """The channel already has a live game."""


class TooManyLobbies(Exception):
    """The user (scope "user") or the channel (scope "channel") has as many open lobbies as
    allowed."""

    def __init__(self, scope: str, limit: int) -> None:
        super().__init__(scope, limit)
        self.scope, self.limit = scope, limit


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game_key: str
    options: dict[str, Any]
    status: str
    creator_id: int
    locale: str
    seed: int | None
    version: int
    state: dict[str, Any] | None
    outcome: dict[str, Any] | None
    created_at: float
    updated_at: float
    pace: dict[str, float] | None = None  # bot.clock.Pace as JSON, None: no time control
    timed_out: int | None = None  # the seat whose clock ran out, while the others decide
    with_bots: bool = False  # bots were seated at the start (kept apart on the leaderboard)
    told: int | None = None  # the version of the latest point the channel must be told of
    hints: bool = False  # the creator turned hints on (migration 0009): never rated


@dataclass(frozen=True)
class Played:
    """One history entry to store: who played what (user None: the platform played it for the
    seat, a forced action), and its events."""

    seat: int
    user_id: int | None
    text: str
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class SeatRow:
    user_id: int
    name: str
    seat: int | None
    joined_at: float
    bank: float | None = None
    running_since: float | None = None
    asked_since: float | None = None
    reminded_at: float | None = None
    bot: str | None = None  # the level of the bot playing this seat, None for a person
    bot_seed: int | None = None  # the seed of its decisions

    @property
    def clock(self) -> Clock:
        return Clock(self.bank, self.running_since, self.asked_since)


@dataclass(frozen=True)
class UserPrefs:
    """What a user asked for, across games: direct messages, reminders, vacation."""

    user_id: int
    dm: bool = False
    before: bool = False
    remind_hours: float | None = None  # None: the default delay; 0: no reminders
    vacation_until: float | None = None
    locale: str | None = None


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    locale: str | None = None
    pace: dict[str, float] | None = None
    threads: bool = False


@dataclass(frozen=True)
class Waiting:
    """A seat asked to act in an active game, as the background task sees it."""

    game_id: int
    seat: int
    user_id: int
    clock: Clock
    reminded_at: float | None
    pace: dict[str, float] | None
    timed_out: int | None
    version: int
    bot: str | None = None  # a bot plays the seat: no reminder, no clock running out


@dataclass(frozen=True)
class ActionRow:
    n: int
    seat: int
    user_id: int | None
    text: str
    events: list[dict[str, Any]]
    at: float


class StoreError(Exception):
    """The database file cannot be used as it is. The message says, for whoever runs the bot,
    what is wrong and what to do; nothing was changed in the file."""


def dumps(value: Any) -> str:
    """JSON as stored: without the spaces json.dumps puts after separators by default."""
    return json.dumps(value, separators=(",", ":"))


def events_text(events: Sequence[Mapping[str, Any]]) -> str:
    """An action's events as stored: compact, without what Event.from_json and Msg.from_json
    take as given (a public event's `"to": null`, a message's empty `"p": {}`), a fifth less."""
    return dumps([_bare(e) for e in events])


def _bare(value: Any) -> Any:
    if isinstance(value, dict):
        keys = value.keys()
        if keys == {"k", "p"} and value["p"] == {}:  # a message without parameters
            return {"k": value["k"]}
        if keys == {"msg", "to"} and value["to"] is None:  # a public event
            return {"msg": _bare(value["msg"])}
        return {k: _bare(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_bare(v) for v in value]
    return value


GAME_COLUMNS = (
    "id, channel_id, guild_id, game_key, options, status, creator_id, locale, seed, version, "
    "state, outcome, created_at, updated_at, pace, timed_out, with_bots, told, hints"
)
SEAT_COLUMNS = ("user_id, name, seat, joined_at, bank, running_since, asked_since, reminded_at,"
                 " bot, bot_seed")


# A game without its state (g), then one of its seats (o): a row per seat.
SEATED_COLUMNS = ", ".join(
    [f"g.{c}" if c != "state" else "NULL" for c in GAME_COLUMNS.split(", ")]
    + [f"o.{c}" for c in SEAT_COLUMNS.split(", ")])


def seated_rows(rows: Sequence[Sequence[Any]]) -> list[tuple[GameRow, list[SeatRow]]]:
    """Rows of SEATED_COLUMNS, a game's seats one after the other, as (game, seats)."""
    width = len(GAME_COLUMNS.split(", "))
    found: list[tuple[GameRow, list[SeatRow]]] = []
    for row in rows:
        if not found or found[-1][0].id != row[0]:
            found.append((game_row(row[:width]), []))
        found[-1][1].append(SeatRow(*row[width:]))
    return found


# A game (g) and one of its seats (o), or NULLs for a game without seats: a row per seat.
GAME_SEAT_COLUMNS = ", ".join([f"g.{c}" for c in GAME_COLUMNS.split(", ")]
                              + [f"o.{c}" for c in SEAT_COLUMNS.split(", ")])


def game_and_seat_rows(rows: Sequence[Sequence[Any]]) -> tuple[GameRow, list[SeatRow]] | None:
    """Rows of GAME_SEAT_COLUMNS for one game, as the game and its seats; None for no row."""
    if not rows:
        return None
    width = len(GAME_COLUMNS.split(", "))
    seats = [SeatRow(*row[width:]) for row in rows if row[width] is not None]
    return game_row(rows[0][:width]), seats


def game_row(row: Sequence[Any]) -> GameRow:
    """A row of the games table (every column, in the table's order) as a GameRow."""
    (gid, channel, guild, key, options, status, creator, locale, seed, version, state, outcome,
     created, updated, pace, timed_out, with_bots, told, hints) = row
    return GameRow(
        gid, channel, guild, key, json.loads(options), status, creator, locale, seed, version,
        json.loads(state) if state else None, json.loads(outcome) if outcome else None,
        created, updated, json.loads(pace) if pace else None, timed_out, bool(with_bots), told,
        bool(hints),
    )


@dataclass(frozen=True)
class RatingRow:
    """A person's rating in one game (bot/ratings.py), across servers."""

    user_id: int
    game_key: str
    mu: float
    sigma: float
    games: int
    name: str


@dataclass(frozen=True)
class ChangeRow:
    """What one finished game changed of a person's rating."""

    game_id: int
    user_id: int
    game_key: str
    rank: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    games: int
    at: float


CHANGE_COLUMNS = ("game_id, user_id, game_key, rank, mu_before, sigma_before, mu, sigma, games,"
                  " at")
RATING_COLUMNS = "user_id, game_key, mu, sigma, games, name"
