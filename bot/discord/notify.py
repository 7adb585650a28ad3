"""Sending the service's notices (bot/service/notices.py), and the background task that looks for them.

Direct messages go to players who asked for them; they name the game and link its channel. A
reminder goes by direct message to those who chose DMs, else as a mention in the game's channel.
Channel notices (a clock ran out, a vacation) are posted in the game's language; a run-out
clock's post carries the other players' choices as buttons (answered by days.TimeoutButton).

Discord refuses a direct message when the user closed their DMs to server members (50007):
that is logged and skipped, never an error for anyone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import discord

from bot.discord import ids
from bot.discord.i18n import clip, pinging, shown_names, t
from bot.discord.looping import Looping
from bot.discord.replies import LIMIT, channel_of
from bot.service import Service, ServiceError, StorageUnavailable
from bot.service.notices import Notice
from engine.i18n import translate

log = logging.getLogger(__name__)

TICK = 60.0  # seconds between two looks at the clocks: they count in hours and days


async def send_notices(client: discord.Client, service: Service, notices: Sequence[Notice]) -> None:
    for notice in notices:
        try:
            await _send(client, service, notice)
        except (discord.HTTPException, ServiceError) as error:
            log.warning("could not send a %s notice of game %s: %s", notice.kind, notice.game_id,
                        error)


async def _send(client: discord.Client, service: Service, notice: Notice) -> None:
    info = await service.info_by_id(notice.game_id)
    if notice.user_id is not None:
        prefs = await service.prefs(notice.user_id)
        locale = prefs.locale or info.locale
        text = translate(notice.msg, locale, shown_names(info.names))
        if notice.kind != "reminder" or prefs.dm:
            user = client.get_user(notice.user_id) or await client.fetch_user(notice.user_id)
            try:
                await user.send(clip(text, LIMIT))
                return
            except discord.Forbidden:  # DMs closed: a reminder still gets through below
                log.info("user %s does not accept direct messages", notice.user_id)
                if notice.kind != "reminder":
                    return
        text = translate(notice.msg, info.locale, shown_names(info.names))
        await channel_of(client, info).send(clip(f"<@{notice.user_id}> {text}", LIMIT),
                                            allowed_mentions=pinging([notice.user_id]))
        return
    text = translate(notice.msg, info.locale, shown_names(info.names))
    mentions = " ".join(f"<@{u}>" for u in notice.mention)
    kwargs: dict = {"allowed_mentions": pinging(notice.mention)}
    if notice.kind == "timeout":
        choices = await service.timeout_choices(info.id)
        if not choices:
            return  # decided (or moved) already
        kwargs["view"] = timeout_view(info.id, info.version, choices, info.locale)
    await channel_of(client, info).send(clip(f"{mentions} {text}".strip(), LIMIT), **kwargs)


BUTTON_LABEL = 80  # characters
_STYLES = {"skip": discord.ButtonStyle.primary, "bot": discord.ButtonStyle.primary,
           "end": discord.ButtonStyle.danger, "wait": discord.ButtonStyle.secondary}


def timeout_view(game_id: int, version: int, choices: Sequence[str], locale: str) -> discord.ui.View:
    """The other players' answers to a run-out clock (see Service.decide_timeout). Each carries
    the version: a move made meanwhile makes it stale."""
    view = ids.Carried(timeout=None)
    for choice in choices:
        view.add_item(discord.ui.Button(
            label=clip(t(f"discord.timeout.{choice}", locale), BUTTON_LABEL),
            style=_STYLES[choice], custom_id=ids.timeout(game_id, version, choice)))
    return view


class Ticker(Looping):
    """Every TICK seconds: Service.tick() (clocks run out, reminders, vacations ending), then
    the notices it returns. One failing round is logged; the next one runs anyway."""

    NAME = "tabula-ticker"

    def __init__(self, client: discord.Client, service: Service, every: float = TICK) -> None:
        self.client, self.service, self.every = client, service, every

    async def once(self) -> None:
        await send_notices(self.client, self.service, await self.service.tick())

    async def _run(self) -> None:
        while True:
            try:
                await self.once()
            except StorageUnavailable:
                pass  # logged once per outage (bot/store/outage.py); the next round retries
            except Exception:
                log.exception("the clock round failed")
            await asyncio.sleep(self.every)
