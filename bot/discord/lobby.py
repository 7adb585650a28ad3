"""The lobby: /game new, join, leave, start, abandon, and /game bot add|remove.

`/game new` posts the lobby post (bot/discord/lobby_post.py, with its buttons); every later
change edits it in place (in the game's language), and the user's own deferred "thinking..." is
removed: the post says it all. Refusals stay ephemeral.
"""

from __future__ import annotations

import contextlib
from contextlib import AbstractAsyncContextManager

import discord
from discord import app_commands

from bot.discord import permissions
from bot.discord.days import suggest_pace
from bot.discord.i18n import clip, command_text, shown, slash, t, user_locale
from bot.discord.lobby_post import begin, refresh, shown_when_stored
from bot.discord.looking import game_name
from bot.discord.posting import post_notice, retire_buttons, unposted_text
from bot.discord.replies import (
    CHANGE,
    done,
    recorded,
    refusals,
    service_of,
    suggesting,
    tell,
    think,
)
from bot.service import HINTS_OPTION, GameInfo, Report, ServiceError, StorageUnavailable, User
from engine.ai import LEVELS
from engine.core import Msg
from engine.i18n import DEFAULT_LOCALE, translate
from engine.registry import get as get_game


def _user(interaction: discord.Interaction) -> User:
    return User(interaction.user.id, interaction.user.display_name)


async def _announce(interaction: discord.Interaction, info: GameInfo, content: str) -> None:
    """Post `content` in the channel and clear our "thinking...", or say the post failed."""
    async with recorded(interaction, CHANGE):  # the change is stored: never "nothing was"
        if await post_notice(interaction.client, info, content) is None:
            await tell(interaction, t("discord.error.cannot_post", user_locale(interaction)))
        else:
            await done(interaction)


async def _shown(interaction: discord.Interaction, info: GameInfo) -> None:
    """Make the lobby post show the change and clear our "thinking...", or say it failed."""
    async with recorded(interaction, CHANGE):  # the change is stored: never "nothing was"
        if not await refresh(interaction.client, service_of(interaction), info.id):
            await tell(interaction, t("discord.error.cannot_post", user_locale(interaction)))
        else:
            await done(interaction)


def stored_then_shown(interaction: discord.Interaction) -> AbstractAsyncContextManager[None]:
    """A lobby change stored while the database stopped answering: its post, later."""
    return shown_when_stored(interaction.client, service_of(interaction),
                             channel_id=interaction.channel_id)


async def suggest_options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Options of the game chosen in the same command, completing the last word typed."""
    key = getattr(interaction.namespace, "game", None)
    try:
        game = get_game(str(key))
    except Exception:  # no game chosen yet, or an unknown one: nothing to suggest
        return []
    locale = user_locale(interaction)
    words = current.replace(",", " ").split()
    last = "" if not words or current[-1:] in (" ", ",") else words.pop()
    taken = {w.partition("=")[0].lower() for w in words}
    choices = []
    # The game's options, then the platform's own: hints for learners (bot/service/hints.py).
    offered = [(spec.name, [f"{spec.name}={v}" for v in spec.values] or [spec.name],
                translate(spec.help, locale)) for spec in game.options]
    offered.append((HINTS_OPTION, [HINTS_OPTION], t("discord.hint.option", locale)))
    for option, forms, help_text in offered:
        if option in taken:
            continue
        for form in forms:
            value = " ".join([*words, form])
            if form.startswith(last.lower()) and len(value) <= 100:
                name = f"{value} — {help_text}"
                choices.append(app_commands.Choice(name=clip(name, 100), value=value))
    return choices[:25]  # Discord shows 25 suggestions at most


@slash("game new", games=("game",))
@app_commands.describe(game=command_text("game new game"),
                       options=command_text("game new options"),
                       pace=command_text("game new pace"))
@app_commands.autocomplete(options=suggest_options, pace=suggest_pace)
async def new(interaction: discord.Interaction, game: str, options: str | None = None,
              pace: str | None = None) -> None:
    locale = user_locale(interaction)
    essential, useful = permissions.missing(interaction)
    if essential:  # no database yet: answering at once is within the 3 seconds
        await tell(interaction, t("discord.perm.refused", locale,
                                  missing=permissions.names(essential, locale), n=len(essential)))
        return
    if not await think(interaction):
        return
    info: GameInfo | None = None  # stays None when refused (told by `refusals`)
    service = service_of(interaction)
    async with refusals(interaction):
        channel_id = interaction.channel_id or 0
        service.check_new(game, [options] if options else [], pace)  # before any thread
        await service.check_lobby_room(interaction.user.id, channel_id)
        thread = await _game_thread(interaction, game)
        info = await service.create(
            thread.id if thread else channel_id, interaction.guild_id, _user(interaction), game,
            [options] if options else [], locale=locale, pace=pace, parent_id=channel_id,
        )
    if info is None:
        return
    async with recorded(interaction, CHANGE):  # the lobby is stored: never "nothing was"
        notes = []  # for the creator only: the lobby post says the rest
        if not await refresh(interaction.client, service, info.id):
            notes.append(t("discord.error.cannot_post", locale))
        elif thread is not None:
            notes.append(t("discord.lobby.in_thread", locale, thread=thread.mention))
        if useful:  # for whoever can grant it, not for the whole channel
            notes.append(t("discord.perm.useful", locale, missing=permissions.names(useful, locale)))
        if notes:
            await tell(interaction, "\n".join(notes))
        else:
            await done(interaction)


async def _game_thread(interaction: discord.Interaction, game: str) -> discord.Thread | None:
    """A new public thread for the game when the guild asked for games in threads (and we are
    in a text channel that allows it); None to play in the channel itself."""
    channel = interaction.channel
    if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
        return None
    service = service_of(interaction)
    if not (await service.guild_settings(interaction.guild_id)).threads:
        return None
    name = f"{game_name(get_game(game).key, user_locale(interaction))} — {interaction.user.display_name}"
    try:
        return await channel.create_thread(
            name=clip(name, 100), type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,  # a week: play-by-post games are quiet for days
        )
    except discord.HTTPException:  # no right to create threads here: play in the channel
        return None


@slash("game join")
async def join(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction), stored_then_shown(interaction):
        info = await service_of(interaction).join(interaction.channel_id or 0, _user(interaction))
        await _shown(interaction, info)


def level_choices() -> list[app_commands.Choice[str]]:
    """The bots' levels, named in English and localised through each choice's Msg."""
    return [app_commands.Choice(
        name=app_commands.locale_str(translate(Msg(f"bot.level.{level}"), DEFAULT_LOCALE),
                                     msg=Msg(f"bot.level.{level}")), value=level)
            for level in LEVELS]


@slash("game bot add")
@app_commands.describe(level=command_text("game bot add level"))
@app_commands.choices(level=level_choices())
async def add_bot(interaction: discord.Interaction, level: str | None = None) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction), stored_then_shown(interaction):
        info = await service_of(interaction).add_bot(
            interaction.channel_id or 0, interaction.user.id, level,
            can_manage=interaction.permissions.manage_channels)
        await _shown(interaction, info)


@suggesting
async def suggest_bots(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The bots seated in the channel's lobby, by name."""
    try:
        info = await service_of(interaction).info(interaction.channel_id or 0)
    except ServiceError:
        return []
    typed = current.strip().casefold()
    return [app_commands.Choice(name=clip(s.name, 100), value=str(place))
            for place, s in enumerate(info.seats, start=1)
            if s.seated_bot and typed in s.name.casefold()][:25]


@slash("game bot remove")
@app_commands.describe(seat=command_text("game bot remove seat"))
@app_commands.autocomplete(seat=suggest_bots)
async def remove_bot(interaction: discord.Interaction, seat: str | None = None) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction), stored_then_shown(interaction):
        info, _name = await service_of(interaction).remove_bot(
            interaction.channel_id or 0, interaction.user.id, seat,
            can_manage=interaction.permissions.manage_channels)
        await _shown(interaction, info)


@slash("game leave")
async def leave(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction), stored_then_shown(interaction):
        info = await service_of(interaction).leave(interaction.channel_id or 0, interaction.user.id)
        await _shown(interaction, info)  # closed when the last person left


@slash("game start")
async def start(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    report: Report | None = None  # stays None when refused (told by `refusals`)
    async with refusals(interaction), stored_then_shown(interaction):
        service = service_of(interaction)
        can_manage = interaction.permissions.manage_channels
        report = await service.start(interaction.channel_id or 0, interaction.user.id,
                                     can_manage=can_manage)
    if report is not None:
        await started(interaction, report)


async def started(interaction: discord.Interaction, report: Report) -> None:
    """A start stored (/game start, the lobby's Start): the lobby post says so and the first
    turn is posted; whatever fails now, the player reads that the start is recorded."""
    async with recorded(interaction, CHANGE):
        if not await begin(interaction.client, service_of(interaction), report):
            await tell(interaction, unposted_text(interaction, report.game.id,
                                                  user_locale(interaction)))
            return
        await done(interaction)


@slash("game abandon")
async def abandon(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction), stored_then_shown(interaction):
        service = service_of(interaction)
        lobby = (await service.info(interaction.channel_id or 0)).status == "lobby"
        info = await service.abandon(interaction.channel_id or 0, interaction.user.id,
                                     can_manage=interaction.permissions.manage_channels)
        if lobby:  # a lobby's end is shown on its post, as every change of it
            await _shown(interaction, info)
            return
        # Abandoned: a storage failing now must not be told as nothing recorded, and taking
        # the buttons off is only tidying.
        with contextlib.suppress(StorageUnavailable):
            posts = await service.turn_posts(info.id)
            if posts:  # the game is over: its latest turn post keeps no buttons
                await retire_buttons(interaction.client, posts[-1])
        await _announce(interaction, info, t(
            "discord.lobby.abandoned", info.locale, name=shown(interaction.user.display_name),
            game=game_name(info.game_key, info.locale)))
