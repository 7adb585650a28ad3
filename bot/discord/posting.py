"""The turn post: after every change (start, move, resignation) ONE post in the game's channel.

It is a Components V2 layout (bot/discord/turnpost.py): the turn's public log lines, the turn
picture, each player's standing, and who must act now with their clock (or the result), then the
buttons (My hand, Play, Full board). Everything is written in the game's locale; private lines
never come here (they go to the acting user's ephemeral answer). Only the newest turn post keeps
its buttons: posting one takes them off the one before.

A post pings exactly the players it calls (allowed_mentions), whatever the names in it say.

A crash between a move's save and its post would leave the channel calling the previous player:
at every READY (start-up and reconnection) `repair` posts the turn of each game whose latest
turn post is older than the game, once whatever the number of bot processes (a claim in the
database).

Test-only: `TABULA_TEST_CRASH_BEFORE_POST=<version>` makes the process kill itself (SIGKILL,
as a power cut would) when it is about to post the turn of that version, i.e. right after the
move was committed (tests/e2e/test_crash.py). Nothing sets it outside the tests.
"""

from __future__ import annotations

import io
import logging
import os
import signal
from collections.abc import Sequence

import discord

from bot.discord.i18n import clip, pinging, shown_names, t, user_locale
from bot.discord.replies import done, tell
from bot.discord.turnpost import IMAGE, turn_layout, without_buttons
from bot.service import GameInfo, Report, Service, TurnPost
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
    lines = [*intro, *(translate(m, info.locale, shown_names(info.names)) for m in report.public)]
    return clip("\n".join(lines), LIMIT) or t("discord.turn.more", info.locale)


CRASH_BEFORE_POST = "TABULA_TEST_CRASH_BEFORE_POST"  # tests only: see the module's docstring


def _crash_point(version: int) -> None:
    """Tests only: die here, after the commit and before the post, if asked to."""
    if os.environ.get(CRASH_BEFORE_POST) == str(version):
        os.kill(os.getpid(), signal.SIGKILL)


async def post_turn(
    client: discord.Client, service: Service, report: Report, intro: Sequence[str] = (),
    *, repair: bool = False,
) -> discord.Message | None:
    """Post the turn message and remember it; None (logged) if Discord refused the post.

    `intro`: lines put before the log lines (already in the game's language). If a later turn
    was posted meanwhile (simultaneous moves), this one comes as a plain log post: its buttons
    and "who acts" line would be out of date. `repair`: the post a crash lost, skipped if the
    game's turn was posted meanwhile.
    """
    info = report.game
    _crash_point(info.version)
    # No lock: two posts of one game may be made at once, here or in another process sharing
    # the database. The database keeps the newest, and whoever records a post retires the
    # buttons of the one it replaced, or its own if it came too late (Service.posted_turn).
    posted = await service.turn_posts(info.id)
    latest = posted[-1] if posted else None
    if repair and latest is not None and latest.version >= info.version:
        return None
    overtaken = latest is not None and latest.version > info.version
    try:
        if overtaken:
            message = await channel_of(client, info).send(
                overtaken_text(report, intro), allowed_mentions=pinging())
        else:
            people = [s.user_id for s in report.to_act if s.bot is None]  # bots: no ping
            kwargs: dict = {"view": turn_layout(report, intro, image=report.image is not None),
                            "allowed_mentions": pinging(people)}
            if report.image is not None:
                kwargs["file"] = discord.File(io.BytesIO(report.image), filename=IMAGE)
            message = await channel_of(client, info).send(**kwargs)
    except discord.HTTPException as error:  # typically a permission taken away since
        log.warning("could not post the turn message of game %s: %s", info.id, error)
        return None
    if not overtaken:
        # Only now that the new one is posted: if the post fails, the buttons of the
        # previous turn message stay, and the game can go on from there.
        for old in await service.posted_turn(info.id, message.id, message.channel.id,
                                             info.version):
            await retire_buttons(client, old)
    if report.notices:
        from bot.discord.notify import send_notices  # notify posts through this module

        await send_notices(client, service, report.notices)
    autoplay = getattr(client, "autoplay", None)
    if autoplay is not None and any(s.bot is not None for s in report.to_act):
        autoplay.wake(info.id)  # now that the turn that asks the bot is in the channel
    return message


async def repair(client: discord.Client, service: Service) -> int:
    """Post the turn of every game whose latest turn post is older than the game (a crash came
    between the save and the post): the channel then calls the right player again. Each lost
    post is claimed in the database first, so that one process posts it. How many were posted."""
    done = 0
    for game_id, version, posted in await service.lost_posts():
        what = f"repost:{version}"
        if not await service.claim(game_id, what):
            continue
        try:
            report = await service.unposted(game_id, posted)
            message = await post_turn(client, service, report, repair=True)
        except Exception:
            log.exception("could not repost the turn of game %s", game_id)
            message = None
        if message is None:
            await service.release(game_id, what)  # the next READY tries again
            continue
        log.info("reposted the turn of game %s at version %s (lost in a crash)", game_id, version)
        done += 1
    return done


async def post_notice(client: discord.Client, info: GameInfo, content: str) -> discord.Message | None:
    """A lobby announcement in the game's channel (someone joined, left...)."""
    try:
        return await channel_of(client, info).send(clip(content, LIMIT),
                                                   allowed_mentions=pinging())
    except discord.HTTPException as error:
        log.warning("could not post in the channel of game %s: %s", info.id, error)
        return None


async def retire_buttons(client: discord.Client, post: TurnPost) -> None:
    """Take the buttons off an earlier turn message, so only the newest one has them.

    Best effort: the buttons would still work (they look everything up by game id), this only
    keeps the channel tidy.
    """
    partial = client.get_partial_messageable(post.channel_id).get_partial_message(post.message_id)
    try:
        message = await partial.fetch()
        if message.flags.components_v2:
            # view=None would leave a Components V2 message blank: rebuild it without its row.
            await message.edit(view=without_buttons(message))
        else:  # a turn message posted before turn posts were layouts
            await message.edit(view=None)
    except discord.HTTPException:
        log.debug("could not retire the buttons of message %s", post.message_id)


async def post_for(interaction: discord.Interaction, service: Service, report: Report) -> None:
    """After a change made by a command (resign, undo, a clock decision): the turn message in
    the channel says it all, so the user's "thinking..." goes; if the post failed, say so."""
    if await post_turn(interaction.client, service, report) is None:
        await tell(interaction, t("discord.error.cannot_post", user_locale(interaction)))
        return
    await done(interaction)
