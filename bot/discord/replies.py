"""Answering interactions: defer in time, then tell the user privately; and a game's channel.

Discord gives 3 seconds to answer an interaction; anything that touches the database or renders
defers first (the answer then comes as a follow-up, within the token's 15 minutes). Refusals and
private information are always ephemeral (flag 64): only the user who clicked sees them.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.discord.i18n import clip, t, user_locale
from bot.service import GameInfo, Recorded, Service, ServiceError, StorageUnavailable
from engine.i18n import translate

log = logging.getLogger(__name__)

LIMIT = 2000  # characters in a message's content
ALREADY_ACKNOWLEDGED = 40060  # Discord's error code: the interaction was answered already
# A button's refusals that mean its post is out of date: answered with where the current one is.
OUTDATED = ("error.stale", "error.no_game")


def service_of(interaction: discord.Interaction) -> Service:
    """The service of the client that received the interaction (a TabulaBot)."""
    return interaction.client.service  # type: ignore[attr-defined]


def guild_of(interaction: discord.Interaction) -> int:
    """The server the command was used in; a refusal where there is none (a direct message):
    server settings, leaderboards and records are a server's."""
    if interaction.guild_id is None:
        raise ServiceError("discord.settings.guild_only")
    return interaction.guild_id


def channel_of(client: discord.Client, info: GameInfo) -> discord.abc.Messageable:
    """The game's channel or thread; a partial one is enough to post, and needs no cache."""
    channel = client.get_channel(info.channel_id)
    if isinstance(channel, discord.abc.Messageable):
        return channel
    return client.get_partial_messageable(info.channel_id, guild_id=info.guild_id)


async def think(interaction: discord.Interaction, *, update: bool = False) -> bool:
    """Defer the answer: an ephemeral "thinking..." or, with `update`, a silent edit to come of
    the clicked message (a menu step). False when Discord no longer knows the interaction (10062:
    the 3 seconds had passed), in which case nothing more can be sent for it."""
    if interaction.response.is_done():
        return True
    try:
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.NotFound:
        log.warning("interaction %s expired before we could defer it", interaction.id)
        return False
    except discord.HTTPException as error:
        if error.code != ALREADY_ACKNOWLEDGED:
            raise
        # Discord delivered the same interaction twice: its first delivery answers it.
        log.info("interaction %s was delivered twice: already acknowledged", interaction.id)
        return False
    return True


async def tell(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was deferred."""
    content = clip(content, LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def done(interaction: discord.Interaction) -> None:
    """Remove our ephemeral "thinking..." when a public post in the channel says it all."""
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.debug("could not remove the deferred answer of %s", interaction.id)


def refusal(error: ServiceError, locale: str, names: Sequence[str] = ()) -> str:
    return "⛔ " + translate(error.msg, locale, names)


@asynccontextmanager
async def refusals(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Turn the service's refusals into an ephemeral message in the user's language, and any
    other failure into an apology (logged with its traceback) rather than a silent failure."""
    try:
        yield
    except ServiceError as error:
        await _safely(interaction, await _refused(interaction, error))
    except Recorded:  # stored, and the database stopped answering right after (logged by it)
        await _safely(interaction, t("retry.change_unread", user_locale(interaction)))
    except StorageUnavailable:  # logged once per outage by the store (bot/store/outage.py)
        await _safely(interaction, "⛔ " + t("error.storage_unavailable", user_locale(interaction)))
    except discord.NotFound as error:
        if error.code != 10062:
            raise
        log.warning("interaction %s expired", interaction.id)
    except Exception:
        log.exception("failure while handling interaction %s", interaction.id)
        await _safely(interaction, t("discord.error.internal", user_locale(interaction)))


# Discord no longer knows the interaction (its token expired, or it was never acknowledged):
# nothing can be said through it any more.
GONE = (10062, 10015, 50027)  # unknown interaction, unknown webhook, invalid webhook token


MOVE, CHANGE = "retry.recorded", "retry.change_recorded"  # what `recorded` says is recorded


@asynccontextmanager
async def recorded(interaction: discord.Interaction, said: str = MOVE) -> AsyncIterator[None]:
    """Around what follows a stored change (its post, its answer): whatever fails now, the
    change stands, so the user is told it is recorded (`said`: a move, or any other change),
    never that nothing changed (issue 24); nothing at all if the interaction itself is gone."""
    try:
        yield
    except discord.HTTPException as error:
        if error.code in GONE:
            log.warning("interaction %s is gone; its change is recorded: %s", interaction.id,
                        error)
            return
        log.warning("answering interaction %s after its change was recorded: %s",
                    interaction.id, error)
        await _safely(interaction, t(said, user_locale(interaction)))
    except (StorageUnavailable, Recorded):  # logged once per outage by the store
        await _safely(interaction, t("retry.change_unread", user_locale(interaction)))
    except Exception:
        log.exception("failure after the change of interaction %s was recorded", interaction.id)
        await _safely(interaction, t(said, user_locale(interaction)))


async def _safely(interaction: discord.Interaction, content: str) -> None:
    try:
        await tell(interaction, content)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


async def nothing_chosen(interaction: discord.Interaction) -> None:
    """A select menu sent with no value (or none it could hold): a crafted interaction, since
    the Discord client sends at least one. Refused privately, rather than left unanswered."""
    log.info("interaction %s refused: a select with no value one can choose", interaction.id)
    if await think(interaction):
        await _safely(interaction, "⛔ " + t("refusals.nothing_chosen", user_locale(interaction)))


# --- buttons of posts out of date ---------------------------------------------------------------


def is_click(interaction: discord.Interaction) -> bool:
    """A button or a select of a message, rather than a command."""
    return interaction.type is discord.InteractionType.component


async def _refused(interaction: discord.Interaction, error: ServiceError) -> str:
    """A refusal; for a button of a post out of date (a game moved on, or none it names),
    where the current post is."""
    locale = user_locale(interaction)
    if not is_click(interaction) or error.msg.key not in OUTDATED:
        return refusal(error, locale)
    text = (refusal(error, locale) if error.msg.key == "error.stale"
            else "⛔ " + t("refusals.outdated", locale))
    return "\n".join(filter(None, (text, await where_now(interaction))))


async def outdated(interaction: discord.Interaction) -> None:
    """A button whose custom id no component answers (a post of an older Tabula, a damaged
    or forged id): it is out of date, privately, and where the current post is."""
    locale = user_locale(interaction)
    await _safely(interaction, "\n".join(filter(None, (
        "⛔ " + t("refusals.outdated", locale), await where_now(interaction)))))


async def where_now(interaction: discord.Interaction) -> str:
    """A line linking the channel's current post (its game's turn post, or its lobby post),
    or nothing when there is none or the storage cannot say."""
    try:
        post = await service_of(interaction).current_post(interaction.channel_id or 0)
    except (ServiceError, StorageUnavailable):
        return ""
    if post is None:
        return ""
    where = interaction.guild_id or "@me"
    return t("refusals.current_post", user_locale(interaction),
             link=f"https://discord.com/channels/{where}/{post.channel_id}/{post.message_id}")


# --- autocomplete ------------------------------------------------------------------------------

Suggest = Callable[[discord.Interaction, str], Awaitable[list[Any]]]


def suggesting(function: Suggest) -> Suggest:
    """An autocomplete callback that suggests nothing while the storage is unavailable:
    autocomplete has no way to say why, and failing shows the player an error."""

    @functools.wraps(function)
    async def suggest(interaction: discord.Interaction, current: str) -> list[Any]:
        try:
            return await function(interaction, current)
        except StorageUnavailable:  # logged once per outage by the store
            return []

    return suggest
