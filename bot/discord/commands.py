"""The slash command tree, assembled from the handlers that declare the commands.

Each command is declared on its handler (`@slash("game new")` with app_commands' describe,
choices, autocomplete), in lobby, looking, learning, playing, days and stats; this module only puts them in their
groups, in the order Discord lists them (the order of the tree synced, which the client's sync
hash reads). Built by a function rather than at import so that the list of games (the choices
of the parameters a handler names in `games`) is the registry's when the bot starts. Names are
English; descriptions come from the English catalogue, and CatalogueTranslator sends the French
ones when the tree is synced. Limits: names are 1-32 lowercase characters, descriptions at most
100, choices at most 25.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from discord import app_commands

from bot.discord import days, learning, lobby, looking, playing, stats
from bot.discord.i18n import command_text, declared
from engine.i18n import DEFAULT_LOCALE, translate
from engine.registry import get as get_game
from engine.registry import keys as game_keys

log = logging.getLogger(__name__)

GROUPS = {"game": {"guild_only": True}, "game bot": {}}  # the groups' own settings

COMMANDS: tuple[Callable[..., Any], ...] = (  # in the order Discord lists them
    lobby.new, lobby.join, lobby.add_bot, lobby.remove_bot, lobby.leave, lobby.start,
    looking.status, looking.board, looking.hand, looking.log, looking.replay,
    playing.resign,
    days.undo, days.mine, days.notify, days.vacation, days.settings,
    stats.leaderboard, stats.stats,
    lobby.abandon, learning.rules, learning.card,
    playing.move,
)


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


def build_commands() -> list[app_commands.Command | app_commands.Group]:
    """The top-level commands and groups, new objects at each call (one tree per client)."""
    games = game_choices()
    top: dict[str, app_commands.Command | app_commands.Group] = {}
    groups: dict[str, app_commands.Group] = {}

    def group_of(path: str) -> app_commands.Group:
        if path not in groups:
            parent_path, _, name = path.rpartition(" ")
            parent = group_of(parent_path) if parent_path else None
            groups[path] = app_commands.Group(name=name, description=command_text(path),
                                              parent=parent, **GROUPS[path])
            if parent is None:
                top[name] = groups[path]
        return groups[path]

    for handler in COMMANDS:
        declaration = declared(handler)
        parent_path, _, name = declaration.path.rpartition(" ")
        description = command_text(declaration.path)
        if parent_path:
            command = group_of(parent_path).command(name=name, description=description)(handler)
        else:
            command = app_commands.command(name=name, description=description)(handler)
            top[name] = command
        if declaration.games:
            app_commands.choices(**dict.fromkeys(declaration.games, games))(command)
    return list(top.values())
