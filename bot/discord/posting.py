"""The turn post: ONE post in the game's channel when the game changes hands.

The service decides how the channel hears of each change (bot/service/telling.py): a new post
when someone new must act, the game starts or ends; an edit of the open post while the seats of
a simultaneous choice answer (coalesced: answers that come together make one edit); nothing
while the acting player goes on with their own turn, or while only computer players are asked.

It is a Components V2 layout (bot/discord/turnpost.py): the turn's public log lines, the turn
picture, each player's standing, and who must act now with their clock (or the result), then the
buttons (My hand, Play, Full board). Everything is written in the game's locale; private lines
never come here (they go to the acting user's ephemeral answer). Only the newest turn post keeps
its buttons: posting one takes them off the one before.

A post pings exactly the players it calls (allowed_mentions), whatever the names in it say.

A crash between a move's save and its post, or a post Discord refused, would leave the channel
calling the previous player: bot/discord/retry.py posts it again (at every READY, and in the
background with a back-off). Every try of one turn's post, in any process, carries the same
nonce with `enforce_nonce` (`post_nonce`): Discord answers a repeated one with the message
already made instead of a second, so a turn is posted once, and its players pinged once,
whatever the timing (a post still in flight when another process repairs it at READY, a post
call slower than the retry's patience, a retry after a failed record). A post whose record
fails stays up: the retry records it (the message kept, else the nonce finds it again).

Test-only: `TABULA_TEST_CRASH_BEFORE_POST=<version>` makes the process kill itself (SIGKILL,
as a power cut would) when it is about to post the turn of that version, i.e. right after the
move was committed (tests/e2e/test_crash.py). Nothing sets it outside the tests.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import os
import signal
from collections.abc import Sequence
from typing import Literal

import discord

from bot.discord.i18n import clip, pinging, shown_names, t, user_locale
from bot.discord.notify import send_notices
from bot.discord.replies import CHANGE, LIMIT, channel_of, done, recorded, tell
from bot.discord.turnpost import IMAGE, tail_lines, turn_layout, with_tail, without_buttons
from bot.discord.unposted import POST_ERRORS, Unposted, classify, mover_text
from bot.metrics import POSTS_FAILED, POSTS_MADE, POSTS_RETRIED
from bot.service import GameInfo, How, Report, Service, TurnPost
from engine.i18n import translate

log = logging.getLogger(__name__)

def overtaken_text(report: Report, intro: Sequence[str] = ()) -> str:
    """A turn whose post comes after a later one (simultaneous moves): its log lines only, as a
    plain message, since its picture, buttons and "who acts" would be out of date."""
    info = report.game
    lines = [*intro, *(translate(m, info.locale, shown_names(info.names)) for m in report.public)]
    return clip("\n".join(lines), LIMIT) or t("discord.turn.more", info.locale)


def post_nonce(info: GameInfo, kind: str = "turn") -> str:
    """The nonce of the game's `kind` of post at its version: the same in every try and every
    process, and unlike any other post's (a game's versions only grow; discord.py's own
    nonces are random 64-bit numbers). Discord's limit is 25 characters: 19 digits here."""
    key = f"tabula:{kind}:{info.channel_id}:{info.id}:{info.version}".encode()
    return str(int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1)


CRASH_BEFORE_POST = "TABULA_TEST_CRASH_BEFORE_POST"  # tests only: see the module's docstring


def _crash_point(version: int) -> None:
    """Tests only: die here, after the commit and before the post, if asked to."""
    if os.environ.get(CRASH_BEFORE_POST) == str(version):
        os.kill(os.getpid(), signal.SIGKILL)


async def post_turn(
    client: discord.Client, service: Service, report: Report, intro: Sequence[str] = (),
    *, repair: bool = False,
) -> discord.Message | Literal[True] | None:
    """Tell the channel of a change as the service decided: post the turn message and remember
    it, edit the open post (later, coalesced), or nothing; then the direct messages it calls
    for, and the bots it asks. The message posted, True when no post was due, None (logged)
    if Discord refused the post.

    `intro`: lines put before the log lines (already in the game's language). If a later turn
    was posted meanwhile (simultaneous moves), this one comes as a plain log post: its buttons
    and "who acts" line would be out of date. `repair`: the post a crash lost, skipped if the
    game's turn was posted meanwhile.
    """
    if report.how is How.POST:
        if repair:
            POSTS_RETRIED.inc()
        try:
            message = await _post(client, service, report, intro, repair=repair)
        finally:
            service.posted(report.game.id, report.game.version)
        reposter = getattr(client, "reposter", None)
        if isinstance(message, Unposted):
            POSTS_FAILED.labels(message.kind).inc()
            if reposter is not None:  # tried again later, in this process first
                reposter.failed(report.game.id, report.game.version, message)
            return None
        if message is None:  # a repair whose turn was posted meanwhile: nothing was due
            return True
        POSTS_MADE.inc()
        if reposter is not None:
            superseded = reposter.landed(report.game.id, report.game.version, message.id)
            if superseded is not None:  # an unrecorded post of an earlier try: a later one is up
                await retire_buttons(client, superseded)
    elif report.how is How.EDIT or report.asks:
        # An answer to a simultaneous choice, or a step that leaves one open (its asks may
        # read differently now): the open post is edited if it still shows that choice
        # (Service.open_choice says; nothing is edited otherwise).
        edit_later(client, service, report.game.id)
    await _after_telling(client, service, report)
    return message if report.how is How.POST else True


async def _after_telling(client: discord.Client, service: Service, report: Report) -> None:
    if report.notices and await _first_to_tell(service, report):
        await send_notices(client, service, report.notices)
    autoplay = getattr(client, "autoplay", None)
    if autoplay is not None and any(s.bot is not None for s in report.to_act):
        autoplay.wake(report.game.id)  # now that the turn that asks the bot is told


async def _first_to_tell(service: Service, report: Report) -> bool:
    """Whether this post's direct messages are this process's to send: a turn posted by two
    tries (one message, by its nonce) sends them once. Sent if the database cannot say."""
    if report.how is not How.POST:
        return True
    try:
        return await service.claim(report.game.id, f"notices:{report.game.version}")
    except Exception as error:
        log.warning("could not claim the notices of game %s: %s", report.game.id, error)
        return True


async def _post(
    client: discord.Client, service: Service, report: Report, intro: Sequence[str],
    *, repair: bool,
) -> discord.Message | Unposted | None:
    """The turn message posted and recorded; Unposted (logged) if Discord refused it or its
    record failed; None for a repair whose turn was posted meanwhile."""
    info = report.game
    _crash_point(info.version)
    # No lock: two posts of one game may be made at once, here or in another process sharing
    # the database. The database keeps the newest, and whoever records a post retires the
    # buttons of the one it replaced, or its own if it came too late (Service.posted_turn).
    # A move's report carries them, read as it ended (Service.move), with no wait since.
    posted = report.posts if report.posts is not None else await service.turn_posts(info.id)
    latest = posted[-1] if posted else None
    if repair and latest is not None and latest.version >= info.version:
        return None
    overtaken = latest is not None and latest.version > info.version
    if info.status == "finished" and not report.ratings:  # the end post shows the changes
        report.ratings = await service.rating_changes(info.id)
    try:
        if overtaken:
            message = await channel_of(client, info).send(
                overtaken_text(report, intro), allowed_mentions=pinging(),
                nonce=post_nonce(info, "log"))
        elif (kept := await _unrecorded(client, info)) is not None:
            message = kept  # made by an earlier try whose record failed: recorded now
        else:
            # Only the people newly asked: never the player going on with their own turn.
            kwargs: dict = {"view": turn_layout(report, intro, image=report.image is not None),
                            "allowed_mentions": pinging(report.pinged),
                            "nonce": post_nonce(info)}
            if report.image is not None:
                kwargs["file"] = discord.File(io.BytesIO(report.image), filename=IMAGE)
            message = await channel_of(client, info).send(**kwargs)
    except POST_ERRORS as error:  # Discord's trouble, or a permission taken away since
        log.warning("could not post the turn message of game %s: %s", info.id, error)
        return classify(error, info.channel_id)
    if not overtaken:
        # Only now that the new one is posted: if the post fails, the buttons of the
        # previous turn message stay, and the game can go on from there.
        try:
            stale = await service.posted_turn(info.id, message.id, message.channel.id,
                                              info.version)
        except Exception as error:  # the database: the post stays up, the retry records it
            log.warning("could not record the turn post %s of game %s (%s): recorded at the "
                        "next try", message.id, info.id, error)
            return Unposted("store", info.channel_id, str(error), message.id)
        for old in stale:
            await retire_buttons(client, old)
    return message


async def _unrecorded(client: discord.Client, info: GameInfo) -> discord.Message | None:
    """The post of the game's version an earlier try of this process made and could not
    record, if it is still there (within minutes the nonce would find it too; this also
    holds after Discord's window)."""
    reposter = getattr(client, "reposter", None)
    failure = reposter.unrecorded(info.id, info.version) if reposter is not None else None
    if failure is None or failure.message_id is None or failure.channel_id != info.channel_id:
        return None
    partial = client.get_partial_messageable(failure.channel_id)
    try:
        return await partial.get_partial_message(failure.message_id).fetch()
    except discord.NotFound:
        return None  # taken down by someone since: posted again


# --- the open post, edited while a simultaneous choice is answered ------------------------------

ENV_EDIT_DELAY = "TABULA_EDIT_DELAY"
EDIT_DELAY = 1.0  # seconds: answers that come within it make one edit


def _edit_delay() -> float:
    try:
        return max(0.0, float(os.environ.get(ENV_EDIT_DELAY, EDIT_DELAY)))
    except ValueError:
        return EDIT_DELAY


def edit_later(client: discord.Client, service: Service, game_id: int) -> None:
    """Edit the game's open post to show who has chosen, once the answers that come together
    are in: one task per game, which looks again if more answers came while it worked."""
    edits: dict[int, asyncio.Task[None]] = client.__dict__.setdefault("tabula_edits", {})
    again: set[int] = client.__dict__.setdefault("tabula_edits_again", set())
    task = edits.get(game_id)
    if task is not None and not task.done():
        again.add(game_id)
        return
    edits[game_id] = asyncio.create_task(_edit(client, service, game_id, edits, again),
                                         name=f"tabula-edit:{game_id}")


async def _edit(client: discord.Client, service: Service, game_id: int,
                edits: dict[int, asyncio.Task[None]], again: set[int]) -> None:
    try:
        while True:
            again.discard(game_id)
            await asyncio.sleep(_edit_delay())
            if game_id not in again:
                await edit_open_post(client, service, game_id)
                if game_id not in again:
                    return
    except Exception:
        log.exception("could not edit the open post of game %s", game_id)
    finally:
        if edits.get(game_id) is asyncio.current_task():
            del edits[game_id]


async def edit_open_post(client: discord.Client, service: Service, game_id: int) -> bool:
    """Edit the game's latest turn post to show the choice as it stands now (who has chosen,
    who is still asked), if that post is the one that opened it. Never pings."""
    report = await service.open_choice(game_id)
    if report is None:
        return False
    posts = await service.turn_posts(game_id)
    if not posts or posts[-1].version != report.told:
        return False  # the opening post is not recorded yet, or a later one was made
    post = posts[-1]
    partial = client.get_partial_messageable(post.channel_id).get_partial_message(post.message_id)
    try:
        message = await partial.fetch()
        await message.edit(view=with_tail(message, "\n".join(tail_lines(report))),
                           allowed_mentions=pinging())
    except discord.HTTPException as error:
        log.warning("could not edit the open post of game %s: %s", game_id, error)
        return False
    return True


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


def unposted_text(interaction: discord.Interaction, game_id: int, locale: str) -> str:
    """Why the turn post of a change just stored did not land (the retry knows), for the player
    who made the change."""
    reposter = getattr(interaction.client, "reposter", None)
    failure = reposter.cause(game_id) if reposter is not None else None
    if failure is None:
        return t("discord.error.cannot_post", locale)
    return mover_text(failure, locale, interaction)


async def post_for(interaction: discord.Interaction, service: Service, report: Report) -> None:
    """After a change made by a command (resign, undo, a clock decision): the turn message in
    the channel says it all, so the user's "thinking..." goes; if the post failed, say why.
    When the channel is not told yet (an undo within one's own turn), the user reads privately
    what was done and what they are asked now. The change is stored: whatever fails here, the
    user is never told that nothing changed (replies.recorded)."""
    locale = user_locale(interaction)
    async with recorded(interaction, CHANGE):
        await _post_for(interaction, service, report, locale)


async def _post_for(interaction: discord.Interaction, service: Service, report: Report,
                    locale: str) -> None:
    if await post_turn(interaction.client, service, report) is None:
        await tell(interaction, unposted_text(interaction, report.game.id, locale))
        return
    if report.how is How.POST:
        await done(interaction)
        return
    info = report.game
    names = shown_names(info.names)
    lines = [translate(m, locale, names) for m in report.public]
    me = info.seat_of(interaction.user.id)
    if me is not None and me.seat in report.asks:
        lines.append(t("discord.move.goes_on", locale,
                       ask=translate(report.asks[me.seat], locale, names)))
    await tell(interaction, "\n".join(lines) or t("discord.turn.more", locale))
