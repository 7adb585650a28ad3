"""Play over days: /game undo, mine, notify, vacation, settings, leaderboard, the time-control
suggestions of /game new, and the buttons answering a clock that ran out.

Personal answers are ephemeral, in the user's language; what changes a game (an undo, a decision
on a run-out clock, a vacation) is also posted in the game's channel, in the game's language.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord
from discord import app_commands

from bot.clock import PRESETS, VACATION_DAYS, BadPace, Pace, duration, parse_pace
from bot.discord import ids
from bot.discord.i18n import clip, command_text, shown, slash, t, user_locale
from bot.discord.looking import game_name
from bot.discord.notify import send_notices
from bot.discord.posting import post_for
from bot.discord.replies import CHANGE, guild_of, recorded, refusals, service_of, tell, think
from bot.service import ServiceError

LEADERBOARD = 20  # lines shown


async def suggest_pace(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The named paces, and what the user typed when it is a valid `bank+increment/cap`."""
    locale = user_locale(interaction)
    choices = [app_commands.Choice(name=t("discord.pace.none", locale), value="none")]
    for name, pace in PRESETS.items():
        choices.append(app_commands.Choice(
            name=t(f"discord.pace.{name}", locale, pace=pace.text(locale)), value=name))
    typed = current.strip().lower()
    try:
        custom = parse_pace(typed) if typed and typed not in PRESETS else None
    except BadPace:
        custom = None
    if custom is not None:
        choices.insert(0, app_commands.Choice(
            name=t("discord.pace.custom", locale, pace=custom.text(locale)),
            value=custom.text()))
    return [c for c in choices if not typed or custom or typed in c.value or typed in c.name.lower()][:25]


def pace_text(pace: Pace | None, locale: str) -> str:
    return t("discord.pace.shown", locale, pace=pace.text(locale)) if pace \
        else t("discord.pace.none", locale)


@slash("game undo")
async def undo(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        report = await service.undo(interaction.channel_id or 0, interaction.user.id)
        await post_for(interaction, service, report)


class TimeoutButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.TIMEOUT):
    """One of the other players' answers when a clock has run out (posted by
    notify.timeout_view). It carries the version: a move made meanwhile makes it stale."""

    def __init__(self, button: discord.ui.Button, game_id: int, version: int, choice: str) -> None:
        super().__init__(button)
        self.game_id, self.version, self.choice = game_id, version, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> TimeoutButton:
        return cls(item, int(match["game"]), int(match["version"]), match["choice"])  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        await decide_timeout(interaction, self.game_id, self.version, self.choice)


ITEMS = (TimeoutButton,)  # registered by the client


async def decide_timeout(interaction: discord.Interaction, game_id: int, version: int,
                         choice: str) -> None:
    """A button under "X's clock ran out": the first other player to click decides."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        report = await service.decide_timeout(game_id, interaction.user.id, choice,
                                              version=version)
        if interaction.message is not None:  # decided: the question is closed
            with contextlib.suppress(discord.HTTPException):
                await interaction.message.edit(view=None)
        await post_for(interaction, service, report)


@slash("game mine")
async def mine(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        found = await service_of(interaction).mine(interaction.user.id)
        if not found:
            await tell(interaction, t("discord.mine.none", locale))
            return
        lines = [t("discord.mine.title", locale, n=len(found))]
        for entry in found[:30]:
            info = entry.game
            if entry.waiting:
                state = t("discord.mine.waiting", locale)
            elif info.status == "lobby":
                state = t("discord.mine.lobby", locale, n=len(info.seats))
            else:
                state = t("discord.mine.others", locale)
            clock = (" · " + t("discord.turn.clock", locale, left=duration(entry.left, locale))
                     if entry.left is not None and info.status == "active" else "")
            lines.append(f"• **{game_name(info.game_key, locale)}** <#{info.channel_id}> — {state}{clock}")
        await tell(interaction, "\n".join(lines))


@slash("game notify")
@app_commands.describe(dm=command_text("game notify dm"),
                       before=command_text("game notify before"),
                       reminder_hours=command_text("game notify reminder_hours"))
async def notify(interaction: discord.Interaction, dm: bool | None = None,
                 before: bool | None = None,
                 reminder_hours: app_commands.Range[float, 0, 336] | None = None) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        prefs = await service_of(interaction).set_prefs(
            interaction.user.id, dm=dm, before=before, remind_hours=reminder_hours, locale=locale)
        hours = 24.0 if prefs.remind_hours is None else prefs.remind_hours
        yes, no = t("discord.yes", locale), t("discord.no", locale)
        await tell(interaction, t(
            "discord.notify.shown", locale, dm=yes if prefs.dm else no,
            before=yes if prefs.before else no,
            remind=duration(hours * 3600, locale) if hours else t("discord.notify.never", locale)))


@slash("game vacation")
@app_commands.describe(days_=command_text("game vacation days"))
@app_commands.rename(days_="days")  # as first synced (the rename leaves the name unlocalised)
async def vacation(interaction: discord.Interaction,
                   days_: app_commands.Range[int, 0, VACATION_DAYS]) -> None:
    if not await think(interaction):
        return
    locale = user_locale(interaction)
    service = service_of(interaction)
    prefs = None  # stays None when refused (told by `refusals`)
    async with refusals(interaction):
        prefs, notices = await service.vacation(interaction.user.id, days_)
    if prefs is None:
        return
    async with recorded(interaction, CHANGE):  # stored: never "nothing was recorded"
        await send_notices(interaction.client, service, notices)
        if prefs.vacation_until:
            await tell(interaction, t("discord.vacation.away", locale, days=f"{days_:g}",
                                      until=f"<t:{int(prefs.vacation_until)}:f>", n=len(notices)))
        else:
            await tell(interaction, t("discord.vacation.back", locale, n=len(notices)))


@slash("game settings")
@app_commands.describe(language=command_text("game settings language"),
                       pace=command_text("game settings pace"),
                       threads=command_text("game settings threads"))
@app_commands.choices(language=[
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Français", value="fr"),
])
@app_commands.autocomplete(pace=suggest_pace)
async def settings(interaction: discord.Interaction, language: str | None = None,
                   pace: str | None = None, threads: bool | None = None) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        service = service_of(interaction)
        guild = guild_of(interaction)
        changing = language is not None or pace is not None or threads is not None
        if changing and not interaction.permissions.manage_guild:
            raise ServiceError("discord.settings.not_allowed")
        if changing:
            found = await service.set_guild_settings(guild, locale=language, pace=pace,
                                                     threads=threads)
        else:
            found = await service.guild_settings(guild)
        yes, no = t("discord.yes", locale), t("discord.no", locale)
        await tell(interaction, t(
            "discord.settings.shown", locale,
            language=found.locale or t("discord.settings.player_language", locale),
            pace=pace_text(Pace.from_json(found.pace), locale),
            threads=yes if found.threads else no))


async def leaderboard(interaction: discord.Interaction, game: str | None = None,
                      bots: bool = False) -> None:
    """The table of wins: games between people, or (`bots`) the games where bots were seated,
    apart (what `/game leaderboard bots:true` shows, bot/discord/stats.py)."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        guild_id = guild_of(interaction)
        table = await service_of(interaction).leaderboard(guild_id, game, bots=bots)
        title = t("discord.board_of.bots" if bots else "discord.board_of.title", locale,
                  game=game_name(game, locale) if game else t("discord.board_of.all", locale))
        if not table:
            await tell(interaction, title + "\n" + t("discord.board_of.empty", locale))
            return
        lines = [title]
        for rank, row in enumerate(table[:LEADERBOARD], start=1):
            lines.append(t("discord.board_of.line", locale, rank=rank, name=shown(clip(row.name, 40)),
                           won=row.won, played=row.played,
                           ratio=round(100 * row.won / row.played)))
        await tell(interaction, "\n".join(lines))
