"""The turn post: after every change (start, move, resignation) ONE post in the game's channel.

It is a Components V2 layout (bot/discord/turnpost.py): the turn's public log lines, the turn
picture, each player's standing, and who must act now with their clock (or the result), then the
buttons (My hand, Play, Full board). Everything is written in the game's locale; private lines
never come here (they go to the acting user's ephemeral answer). Only the newest turn post keeps
its buttons: posting one takes them off the one before.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import Sequence

import discord

from bot.discord.i18n import clip, t, user_locale
from bot.discord.replies import done, tell
from bot.discord.turnpost import IMAGE, turn_layout, without_buttons
from bot.service import GameInfo, Report, Service
from engine.i18n import translate

log = logging.getLogger(__name__)

LIMIT = 2000  # characters in a (plain, not Components V2) message's content


def channel_of(client: discord.Client, info: GameInfo) -> discord.abc.Messageable:
    """The game's channel or thread; a partial one is enough to post, and needs no cache."""
    channel = client.get_channel(info.channel_id)
    if isinstance(channel, discord.abc.Messageable):
        return channel
    return client.get_partial_messageable(info.channel_id, guild_id=info.guild_id)


def overtaken_text(report: Report, intro: Sequence[str] = ()) -> str:
    """A turn whose post comes after a later one (simultaneous moves): its log lines only, as a
    plain message, since its picture, buttons and "who acts" would be out of date."""
    info = report.game
    lines = [*intro, *(translate(m, info.locale, info.names) for m in report.public)]
    return clip("\n".join(lines), LIMIT) or t("discord.turn.more", info.locale)


# One post at a time per game (and client): two players answering at once must not both take
# the buttons off the same message and both leave theirs on.
_locks: weakref.WeakKeyDictionary[discord.Client, dict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()


def _lock(client: discord.Client, game_id: int) -> asyncio.Lock:
    return _locks.setdefault(client, {}).setdefault(game_id, asyncio.Lock())


async def post_turn(
    client: discord.Client, service: Service, report: Report, intro: Sequence[str] = (),
) -> discord.Message | None:
    """Post the turn message and remember it; None (logged) if Discord refused the post.

    `intro`: lines put before the log lines (already in the game's language). If a later turn
    was posted meanwhile (simultaneous moves), this one comes as a plain log post: its buttons
    and "who acts" line would be out of date.
    """
    info = report.game
    async with _lock(client, info.id):
        posted = await service.store.messages(info.id, "turn")
        overtaken = bool(posted) and posted[-1][3] > info.version
        try:
            if overtaken:
                message = await channel_of(client, info).send(overtaken_text(report, intro))
            else:
                kwargs: dict = {"view": turn_layout(report, intro, image=report.image is not None)}
                if report.image is not None:
                    kwargs["file"] = discord.File(io.BytesIO(report.image), filename=IMAGE)
                message = await channel_of(client, info).send(**kwargs)
        except discord.HTTPException as error:  # typically a permission taken away since
            log.warning("could not post the turn message of game %s: %s", info.id, error)
            return None
        if not overtaken:
            # Only now that the new one is posted: if the post fails, the buttons of the
            # previous turn message stay, and the game can go on from there.
            await retire_buttons(client, service, info.id)
            await service.store.record_message(
                info.id, message_id=message.id, channel_id=message.channel.id, kind="turn",
                version=info.version, now=service.clock(),
            )
    if report.notices:
        from bot.discord.notify import send_notices  # notify posts through this module

        await send_notices(client, service, report.notices)
    return message


async def post_notice(client: discord.Client, info: GameInfo, content: str) -> discord.Message | None:
    """A lobby announcement in the game's channel (someone joined, left...)."""
    try:
        return await channel_of(client, info).send(clip(content, LIMIT))
    except discord.HTTPException as error:
        log.warning("could not post in the channel of game %s: %s", info.id, error)
        return None


async def retire_buttons(client: discord.Client, service: Service, game_id: int) -> None:
    """Take the buttons off the game's previous turn message, so only the newest one has them.

    Best effort: the buttons would still work (they look everything up by game id), this only
    keeps the channel tidy.
    """
    posted = await service.store.messages(game_id, "turn")
    if not posted:
        return
    message_id, channel_id, _kind, _version = posted[-1]
    partial = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        message = await partial.fetch()
        if message.flags.components_v2:
            # view=None would leave a Components V2 message blank: rebuild it without its row.
            await message.edit(view=without_buttons(message))
        else:  # a turn message posted before turn posts were layouts
            await message.edit(view=None)
    except discord.HTTPException:
        log.debug("could not retire the buttons of message %s", message_id)


async def post_for(interaction: discord.Interaction, service: Service, report: Report) -> None:
    """After a change made by a command (resign, undo, a clock decision): the turn message in
    the channel says it all, so the user's "thinking..." goes; if the post failed, say so."""
    if await post_turn(interaction.client, service, report) is None:
        await tell(interaction, t("discord.error.cannot_post", user_locale(interaction)))
        return
    await done(interaction)
