"""The storage contract: what the service, the Discord layer and the command line ask of a store,
and `open_store`, which picks the backend from `TABULA_DB`.

Two stores keep it: `bot.store.sqlite.Store` on an SQLite file (the default: one file, nothing to
install) and `bot.store.postgres.PgStore` on a PostgreSQL server (several bot processes on one
database). Nothing outside them writes SQL. Both behave the same, method by method
(tests/platform runs the store and service suites against each): every write is one transaction,
and every rule that several processes could break at once (a move, a seat, a start, a clock, a
reminder, a claim) is guarded in the database itself, never by a lock in one process.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from bot.clock import Clock
from bot.store.outage import StorageUnavailable, guarded
from bot.store.rows import (
    LIVE,
    ActionRow,
    ChangeRow,
    ChannelBusy,
    GameRow,
    GuildSettings,
    Played,
    RatingRow,
    SeatRow,
    StoreError,
    TooManyLobbies,
    UserPrefs,
    Waiting,
    dumps,
    events_text,
)
from bot.store.sqlite_backup import copy_online, is_sqlite_file, self_contained

URL_SCHEMES = ("postgresql://", "postgres://")

# Every table, parents before children: the order `tabula db copy` writes them in.
TABLES = ("games", "seats", "actions", "messages", "claims", "users", "guild_settings",
          "command_sync", "ratings", "rating_changes", "rating_members")


def is_url(target: str | Path) -> bool:
    """A PostgreSQL URL (else a path to an SQLite file)."""
    return str(target).startswith(URL_SCHEMES)


def shown(target: str | Path) -> str:
    """The target as it may be printed: a URL without its password."""
    text = str(target)
    if not is_url(text) or "@" not in text:
        return text
    scheme, rest = text.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}@{host}" if user else f"{scheme}://{host}"


class Storage(Protocol):
    """The methods both stores implement (see bot/store/sqlite.py for what each one means)."""

    async def close(self) -> None: ...
    async def migrate(self) -> int: ...

    # games
    async def create_game(
        self, *, channel_id: int, guild_id: int | None, game_key: str, options: dict[str, Any],
        creator_id: int, creator_name: str, locale: str, now: float,
        pace: dict[str, float] | None = None, parent_id: int | None = None,
        max_user_lobbies: int | None = None, max_channel_lobbies: int | None = None,
        hints: bool = False,
    ) -> int: ...
    async def open_lobbies(self, scope: str, owner: int) -> int: ...
    async def live_game(self, channel_id: int) -> GameRow | None: ...
    async def latest_game(self, channel_id: int) -> GameRow | None: ...
    async def game(self, game_id: int) -> GameRow | None: ...
    async def game_and_seats(
        self, game_id: int | None = None, *, channel_id: int | None = None,
    ) -> tuple[GameRow, list[SeatRow]] | None: ...
    async def set_status(
        self, game_id: int, status: str, now: float, *, only_if: tuple[str, ...] = LIVE,
        version: int | None = None,
    ) -> bool: ...

    # seats
    async def seats(self, game_id: int) -> list[SeatRow]: ...
    async def seats_of(self, game_ids: Collection[int]) -> dict[int, list[SeatRow]]: ...
    async def add_seat(
        self, game_id: int, user_id: int, name: str, now: float, *, max_seats: int,
        bot: str | None = None, bot_seed: int | None = None,
    ) -> bool: ...
    async def remove_seat(self, game_id: int, user_id: int) -> bool: ...
    async def set_hints(self, game_id: int, hints: bool, now: float) -> bool: ...

    # the game itself
    async def start_game(
        self, game_id: int, *, seed: int, order: list[int], state: dict[str, Any], now: float,
        clocks: Mapping[int, Clock] | None = None, lobby_version: int | None = None,
        told: dict[str, Any] | None = None,
    ) -> bool: ...
    async def append_action(
        self, game_id: int, *, expected_version: int, seat: int, user_id: int | None, text: str,
        events: list[dict[str, Any]], state: dict[str, Any], outcome: dict[str, Any] | None,
        now: float, status: str | None = None, clocks: Mapping[int, Clock] | None = None,
        bots: Mapping[int, tuple[str, int]] | None = None, told: dict[str, Any] | None = None,
        then: Sequence[Played] = (),
    ) -> bool: ...
    async def actions(self, game_id: int) -> list[ActionRow]: ...
    async def since_told(self, game_id: int) -> tuple[dict[str, Any] | None, list[ActionRow]]: ...
    async def recent_actions(self, game_id: int, count: int) -> list[ActionRow]: ...
    async def record_message(
        self, game_id: int, *, message_id: int, channel_id: int, kind: str, version: int,
        now: float,
    ) -> None: ...
    async def record_turn_post(
        self, game_id: int, *, message_id: int, channel_id: int, version: int, now: float,
    ) -> tuple[int, int, int] | None: ...
    async def messages(
        self, game_id: int, kind: str | None = None,
    ) -> list[tuple[int, int, str, int]]: ...

    # clocks, claims, the background round
    async def set_clocks(self, game_id: int, clocks: Mapping[int, Clock], *,
                         version: int | None = None) -> bool: ...
    async def set_timed_out(self, game_id: int, seat: int | None, *, version: int,
                            clocks: Mapping[int, Clock] | None = None,
                            seen: Clock | None = None) -> bool: ...
    async def mark_reminded(
        self, game_id: int, seat: int, now: float, *, seen: Waiting | None = None,
    ) -> bool: ...
    async def claim(self, game_id: int, what: str, now: float,
                    lease: float | None = None) -> bool: ...
    async def release(self, game_id: int, what: str) -> None: ...
    async def unposted(self, settled_before: float | None = None,
                       ) -> list[tuple[int, int, int | None]]: ...
    async def waiting(self) -> list[Waiting]: ...

    # users
    async def prefs(self, user_id: int) -> UserPrefs: ...
    async def prefs_of(self, user_ids: Collection[int]) -> dict[int, UserPrefs]: ...
    async def set_prefs(self, prefs: UserPrefs) -> None: ...
    async def away(self, now: float) -> set[int]: ...
    async def end_vacation(self, user_id: int, until: float) -> bool: ...
    async def vacations_over(self, now: float) -> list[int]: ...
    async def user_games(self, user_id: int) -> list[GameRow]: ...
    async def seated_games(self, user_id: int) -> list[tuple[GameRow, list[SeatRow]]]: ...

    # the slash commands as synced
    async def synced_commands(self, scope: str) -> str | None: ...
    async def set_synced_commands(self, scope: str, digest: str, now: float) -> None: ...

    # guilds
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...
    async def set_guild_settings(self, settings: GuildSettings) -> None: ...
    async def finished(self, guild_id: int, game_key: str | None = None, *, bots: bool = False,
                       ) -> list[tuple[GameRow, list[SeatRow]]]: ...

    async def footprint(self) -> dict[str, int]: ...

    # ratings (bot/ratings.py): a finished game is rated by the append_action that finishes it
    async def rate_game(self, game_id: int) -> bool: ...
    async def rebuild_ratings(self) -> int: ...
    async def rating_changes(self, game_id: int) -> list[ChangeRow]: ...
    async def rating_history(self, user_id: int, game_key: str) -> list[ChangeRow]: ...
    async def ratings_of(self, user_id: int) -> list[RatingRow]: ...
    async def all_ratings(self) -> list[RatingRow]: ...
    async def leaderboard(self, guild_id: int, game_key: str, limit: int,
                          ) -> tuple[list[RatingRow], int]: ...
    async def played(self, user_id: int, guild_id: int) -> list[tuple[GameRow, list[SeatRow]]]: ...
    async def habits(self, user_id: int, guild_id: int) -> tuple[int, float, int, int]: ...

    # whole tables, for `tabula db copy`
    async def columns(self, table: str) -> list[str]: ...
    async def dump(self, table: str, columns: Sequence[str]) -> list[tuple[Any, ...]]: ...
    async def load(self, table: str, columns: Sequence[str],
                   rows: Sequence[tuple[Any, ...]]) -> None: ...


async def open_store(target: str | Path) -> Storage:
    """The store on `target`, migrated: a `postgresql://` URL opens PostgreSQL, anything else
    is an SQLite file path. StoreError, saying what to do, when it cannot be used."""
    if is_url(target):
        from bot.store.postgres import PgStore

        return await PgStore.open(str(target))
    from bot.store.sqlite import Store

    return await Store.open(target)


__all__ = [
    "LIVE", "TABLES", "ActionRow", "ChangeRow", "ChannelBusy", "GameRow", "GuildSettings", "Played", "RatingRow", "SeatRow",
    "Storage", "StorageUnavailable", "StoreError", "TooManyLobbies", "UserPrefs", "Waiting", "dumps", "events_text",
    "copy_online", "guarded", "is_sqlite_file", "is_url", "open_store", "self_contained", "shown",
]
