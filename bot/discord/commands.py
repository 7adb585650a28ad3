"""The slash commands: `/game ...` and `/move`, declared here, handled in lobby, looking, playing.

Built by a function rather than at import so that the list of games (the `game` parameter's
choices) is the registry's when the bot starts. Names are English; descriptions come from the
English catalogue, and CatalogueTranslator sends the French ones when the tree is synced.
Limits: names are 1-32 lowercase characters, descriptions at most 100, choices at most 25.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.clock import VACATION_DAYS
from bot.discord import days, lobby, looking, playing, stats
from bot.discord.i18n import command_text
from engine.ai import LEVELS
from engine.core import Msg
from engine.i18n import DEFAULT_LOCALE, translate
from engine.registry import get as get_game
from engine.registry import keys as game_keys

log = logging.getLogger(__name__)


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per registered game, named in English, localised through the choice's Msg."""
    choices = []
    for key in game_keys():
        try:
            name = get_game(key).name()
        except ImportError:  # a game whose module is broken cannot be offered
            log.exception("game %r cannot be loaded; it is left out of /game new", key)
            continue
        choices.append(app_commands.Choice(
            name=app_commands.locale_str(translate(name, DEFAULT_LOCALE)[:100], msg=name),
            value=key,
        ))
    return choices[:25]


def level_choices() -> list[app_commands.Choice[str]]:
    """The bots' levels, named in English and localised through each choice's Msg."""
    return [app_commands.Choice(
        name=app_commands.locale_str(translate(Msg(f"bot.level.{level}"), DEFAULT_LOCALE),
                                     msg=Msg(f"bot.level.{level}")), value=level)
            for level in LEVELS]


def build_commands() -> list[app_commands.Command | app_commands.Group]:
    return [game_group(), move_command()]


def game_group() -> app_commands.Group:
    group = app_commands.Group(name="game", description=command_text("game"), guild_only=True)
    choices = game_choices()

    @group.command(name="new", description=command_text("game new"))
    @app_commands.describe(game=command_text("game new game"),
                           options=command_text("game new options"),
                           pace=command_text("game new pace"))
    @app_commands.choices(game=choices)
    @app_commands.autocomplete(options=lobby.suggest_options, pace=days.suggest_pace)
    async def new(interaction: discord.Interaction, game: str, options: str | None = None,
                  pace: str | None = None) -> None:
        await lobby.new(interaction, game, options, pace)

    @group.command(name="join", description=command_text("game join"))
    async def join(interaction: discord.Interaction) -> None:
        await lobby.join(interaction)

    bots = app_commands.Group(name="bot", description=command_text("game bot"), parent=group)

    @bots.command(name="add", description=command_text("game bot add"))
    @app_commands.describe(level=command_text("game bot add level"))
    @app_commands.choices(level=level_choices())
    async def bot_add(interaction: discord.Interaction, level: str | None = None) -> None:
        await lobby.add_bot(interaction, level)

    @bots.command(name="remove", description=command_text("game bot remove"))
    @app_commands.describe(seat=command_text("game bot remove seat"))
    @app_commands.autocomplete(seat=lobby.suggest_bots)
    async def bot_remove(interaction: discord.Interaction, seat: str | None = None) -> None:
        await lobby.remove_bot(interaction, seat)

    @group.command(name="leave", description=command_text("game leave"))
    async def leave(interaction: discord.Interaction) -> None:
        await lobby.leave(interaction)

    @group.command(name="start", description=command_text("game start"))
    async def start(interaction: discord.Interaction) -> None:
        await lobby.start(interaction)

    @group.command(name="status", description=command_text("game status"))
    async def status(interaction: discord.Interaction) -> None:
        await looking.status(interaction)

    @group.command(name="board", description=command_text("game board"))
    async def board(interaction: discord.Interaction) -> None:
        await looking.board(interaction)

    @group.command(name="hand", description=command_text("game hand"))
    async def hand(interaction: discord.Interaction) -> None:
        await looking.show_hand(interaction)

    @group.command(name="log", description=command_text("game log"))
    @app_commands.describe(page=command_text("game log page"))
    async def log_(interaction: discord.Interaction,
                   page: app_commands.Range[int, 1, None] | None = None) -> None:
        await looking.log(interaction, page)

    @group.command(name="replay", description=command_text("game replay"))
    async def replay(interaction: discord.Interaction) -> None:
        await looking.replay(interaction)

    @group.command(name="resign", description=command_text("game resign"))
    async def resign(interaction: discord.Interaction) -> None:
        await playing.resign(interaction)

    @group.command(name="undo", description=command_text("game undo"))
    async def undo(interaction: discord.Interaction) -> None:
        await days.undo(interaction)

    @group.command(name="mine", description=command_text("game mine"))
    async def mine(interaction: discord.Interaction) -> None:
        await days.mine(interaction)

    @group.command(name="notify", description=command_text("game notify"))
    @app_commands.describe(dm=command_text("game notify dm"),
                           before=command_text("game notify before"),
                           reminder_hours=command_text("game notify reminder_hours"))
    async def notify(interaction: discord.Interaction, dm: bool | None = None,
                     before: bool | None = None,
                     reminder_hours: app_commands.Range[float, 0, 336] | None = None) -> None:
        await days.notify(interaction, dm, before, reminder_hours)

    @group.command(name="vacation", description=command_text("game vacation"))
    @app_commands.describe(days_=command_text("game vacation days"))
    @app_commands.rename(days_="days")
    async def vacation(interaction: discord.Interaction,
                       days_: app_commands.Range[int, 0, VACATION_DAYS]) -> None:
        await days.vacation(interaction, days_)

    @group.command(name="settings", description=command_text("game settings"))
    @app_commands.describe(language=command_text("game settings language"),
                           pace=command_text("game settings pace"),
                           threads=command_text("game settings threads"))
    @app_commands.choices(language=[
        app_commands.Choice(name="English", value="en"),
        app_commands.Choice(name="Français", value="fr"),
    ])
    @app_commands.autocomplete(pace=days.suggest_pace)
    async def settings(interaction: discord.Interaction, language: str | None = None,
                       pace: str | None = None, threads: bool | None = None) -> None:
        await days.settings(interaction, language, pace, threads)

    @group.command(name="leaderboard", description=command_text("game leaderboard"))
    @app_commands.describe(game=command_text("game leaderboard game"),
                           bots=command_text("game leaderboard bots"))
    @app_commands.choices(game=choices)
    async def leaderboard(interaction: discord.Interaction, game: str | None = None,
                          bots: bool = False) -> None:
        await stats.leaderboard(interaction, game, bots)

    @group.command(name="stats", description=command_text("game stats"))
    @app_commands.describe(user=command_text("game stats user"),
                           game=command_text("game stats game"))
    @app_commands.choices(game=choices)
    async def stats_(interaction: discord.Interaction, user: discord.User | None = None,
                     game: str | None = None) -> None:
        await stats.stats(interaction, user, game)

    @group.command(name="abandon", description=command_text("game abandon"))
    async def abandon(interaction: discord.Interaction) -> None:
        await lobby.abandon(interaction)

    @group.command(name="rules", description=command_text("game rules"))
    @app_commands.describe(game=command_text("game rules game"))
    @app_commands.choices(game=choices)
    async def rules(interaction: discord.Interaction, game: str | None = None) -> None:
        await looking.rules(interaction, game)

    return group


def move_command() -> app_commands.Command:
    @app_commands.command(name="move", description=command_text("move"))
    @app_commands.describe(action=command_text("move action"))
    @app_commands.autocomplete(action=playing.suggest)
    @app_commands.guild_only()
    async def move(interaction: discord.Interaction, action: str) -> None:
        await playing.move(interaction, action)

    return move
