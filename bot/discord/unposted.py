"""Why a turn post did not land, and how to say it.

The move behind a post is always stored before the post is tried: what failed is only the
telling, which bot/discord/retry.py tries again. The player who moved reads the real cause
(Discord's trouble, which passes, or a permission the bot lacks in the channel, which someone
must grant), never "nothing was changed" (issue 24).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Literal

import aiohttp
import discord

from bot.discord import permissions
from bot.discord.i18n import t

Kind = Literal["discord", "permission", "gone", "store"]

UNKNOWN_CHANNEL = 10003  # Discord's JSON error code: the channel was deleted


@dataclass(frozen=True)
class Unposted:
    """A turn post that did not land. `kind`: "discord" (a server error, a rate limit
    discord.py gave up on, the connection: it passes), "permission" (403: the bot may not post
    there), "gone" (the channel no longer exists), "store" (posted, but its record failed:
    `message_id` is the post, left up and recorded at the next try rather than posted again)."""

    kind: Kind
    channel_id: int
    detail: str = ""
    message_id: int | None = None

    @property
    def unusable(self) -> bool:
        """The channel cannot take the post until someone acts (a permission, a new channel)."""
        return self.kind in ("permission", "gone")


def classify(error: BaseException, channel_id: int) -> Unposted:
    """What a failed post's exception means for the players."""
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
        return Unposted("gone", channel_id, str(error))
    if isinstance(error, discord.Forbidden):
        return Unposted("permission", channel_id, str(error))
    return Unposted("discord", channel_id, str(error) or type(error).__name__)


# What a post may raise when Discord, or the way to it, fails: the move stands regardless.
POST_ERRORS = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)


def mover_text(failure: Unposted, locale: str, interaction: discord.Interaction | None) -> str:
    """The cause, for the player whose move was stored but not posted. The permissions named
    are the bot's in the interaction's channel as Discord sent them with it."""
    channel = f"<#{failure.channel_id}>"
    if failure.kind == "permission":
        essential: list[str] = []
        if interaction is not None and interaction.channel_id == failure.channel_id:
            essential = permissions.missing(interaction)[0]
        if essential:
            return t("retry.mover.permission", locale, channel=channel, n=len(essential),
                     missing=permissions.names(essential, locale))
        return t("retry.mover.forbidden", locale, channel=channel)
    return t(f"retry.mover.{failure.kind}", locale, channel=channel)


def dm_text(failure: Unposted, locale: str, game: str, server: str | None) -> str:
    """The direct message to a player asked in a game whose channel cannot take its post."""
    where = f"<#{failure.channel_id}>"
    if server:
        where = t("retry.dm.on_server", locale, channel=where, server=server)
    return t(f"retry.dm.{failure.kind}", locale, game=game, channel=where)
