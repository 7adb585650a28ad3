"""What a log line is about, when the code that logs it does not say: the game being changed,
the guild and gateway shard of the interaction being answered. Context variables, so that each
asyncio task (and the threads it starts) carries its own; the JSON log lines show them
(bot/discord/logs.py, TABULA_LOG_FORMAT=json)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

GAME: ContextVar[int | None] = ContextVar("tabula_game", default=None)
GUILD: ContextVar[int | None] = ContextVar("tabula_guild", default=None)
SHARD: ContextVar[int | None] = ContextVar("tabula_shard", default=None)


@contextmanager
def about(var: ContextVar[int | None], value: int | None) -> Iterator[None]:
    """Within the block (and the tasks it starts), log lines are about `value`."""
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def known() -> dict[str, int]:
    """The game, guild and shard known here, those that are."""
    found = {"game": GAME.get(), "guild": GUILD.get(), "shard": SHARD.get()}
    return {key: value for key, value in found.items() if value is not None}
