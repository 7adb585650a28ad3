"""The turn message: after every change (start, move, resignation) ONE post in the game's channel.

It holds the turn's public log lines, the board as board.png, and either a line mentioning each
player who must act now with what they are asked, or the result. While the game runs it carries
the two persistent buttons (My hand, Play). Everything is written in the game's locale; private
lines never come here (they go to the acting user's ephemeral answer).
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import Sequence

import discord

from bot.clock import duration
from bot.discord.i18n import clip, t, user_locale
from bot.discord.replies import done, tell
from bot.discord.views import turn_view
from bot.service import GameInfo, Report, Service
from engine.i18n import translate

log = logging.getLogger(__name__)

LIMIT = 2000  # characters in a message's content


def channel_of(client: discord.Client, info: GameInfo) -> discord.abc.Messageable:
    """The game's channel or thread; a partial one is enough to post, and needs no cache."""
    channel = client.get_channel(info.channel_id)
    if isinstance(channel, discord.abc.Messageable):
        return channel
    return client.get_partial_messageable(info.channel_id, guild_id=info.guild_id)


def ask_lines(report: Report, locale: str) -> list[str]:
    """A line per player asked to act: who (mentioned), what, and their clock's time left."""
    info = report.game
    lines = []
    for seat in report.to_act:
        ask = report.asks.get(seat.seat) if seat.seat is not None else None
        text = translate(ask, locale, info.names) if ask is not None else t("discord.turn.your_turn", locale)
        line = t("discord.turn.ask", locale, who=f"<@{seat.user_id}>", ask=text)
        clock = info.clocks[seat.seat] if seat.seat is not None and seat.seat < len(info.clocks) else None
        left = clock.left(report.at) if clock is not None else None
        if left is not None:
            key = "discord.turn.clock" if clock.running_since is not None else "discord.turn.paused"
            line += " " + t(key, locale, left=duration(left))
        lines.append(line)
    return lines


def result_lines(info: GameInfo, locale: str) -> list[str]:
    """Winners, scores and the score details of a finished game (its reason is in the log)."""
    outcome = info.outcome
    if outcome is None:
        return []
    names = info.names
    winners = [names[s] for s in outcome.winners if 0 <= s < len(names)]
    lines = [t("discord.result.winners", locale, n=len(winners), names=", ".join(winners))]
    if outcome.scores is not None:
        ranked = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])  # type: ignore[index]
        scores = " · ".join(f"{names[s]} {outcome.scores[s]}" for s in ranked if s < len(names))
        lines.append(t("discord.result.scores", locale, scores=scores))
    lines.extend(translate(d, locale, names) for d in outcome.details)
    return lines


def fit(log_lines: Sequence[str], tail: Sequence[str], locale: str, limit: int = LIMIT) -> str:
    """The log lines then the tail, within `limit` characters: log lines that do not fit are
    replaced by a pointer to /game log; the tail (who acts, the result) is kept whole."""
    end = "\n".join(tail)
    more = t("discord.turn.more", locale)
    room = limit - len(end) - (2 if end else 0)
    kept: list[str] = []
    used = 0
    for index, line in enumerate(log_lines):
        cost = len(line) + (1 if kept else 0)
        rest = len(log_lines) - index - 1
        reserve = len(more) + 1 if rest else 0
        if used + cost + reserve > room:
            if used + len(more) + 1 > room:  # not even the pointer fits beside what we kept
                kept = kept[:-1]
            kept.append(more)
            break
        kept.append(line)
        used += cost
    head = "\n".join(kept)
    return clip("\n\n".join(part for part in (head, end) if part), limit)


def turn_text(report: Report, intro: Sequence[str] = ()) -> str:
    info = report.game
    locale = info.locale
    log_lines = [*intro, *(translate(m, locale, info.names) for m in report.public)]
    if info.outcome is not None:
        tail = result_lines(info, locale)
    elif info.status == "abandoned":
        tail = [t("discord.result.abandoned", locale)]
    else:
        tail = ask_lines(report, locale)
    return fit(log_lines, tail, locale)


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
        kwargs: dict = {}
        if overtaken:
            report = Report(info, public=report.public)
        else:
            if report.board is not None:
                kwargs["file"] = discord.File(io.BytesIO(report.board), filename="board.png")
            if info.status == "active":
                kwargs["view"] = turn_view(info.id, info.locale)
        try:
            message = await channel_of(client, info).send(turn_text(report, intro), **kwargs)
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
    message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
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
