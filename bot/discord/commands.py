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

import discord
from discord import app_commands

from bot.discord import days, learning, lobby, looking, playing, stats
from bot.discord.i18n import clip, command_text, declared, t, user_locale
from engine.core import Msg
from engine.i18n import DEFAULT_LOCALE, has, translate
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


def off_the_list(interaction: discord.Interaction) -> str | None:
    """The refusal of a command sent with an option its declaration does not offer: a value
    outside its choices or its range, of the wrong type, or a required option missing. The
    Discord client sends none of these, but a crafted interaction may, and discord.py checks
    none of them; the handlers are written for what the declaration says. None when it is
    as declared (and for autocomplete: what is being typed is not chosen yet)."""
    if interaction.type is not discord.InteractionType.application_command:
        return None
    locale = user_locale(interaction)
    command = interaction.command
    if not isinstance(command, app_commands.Command):  # a name we no longer have, or none
        return "⛔ " + t("refusals.command_unknown", locale)
    try:
        given = vars(interaction.namespace)
    except (TypeError, ValueError):  # discord.py could not read them (a number "abc")
        return "⛔ " + t("refusals.options_malformed", locale)
    for parameter in command.parameters:
        value = given.get(parameter.display_name)
        name = _option_name(command, parameter, locale)
        if value is None:
            if parameter.required:
                return "⛔ " + t("refusals.option_missing", locale, option=name)
            continue
        if not _fits(parameter, value):
            return "⛔ " + t("refusals.option_not_offered", locale, option=name,
                             value=clip(str(value), 100), offered=_offered(parameter, locale))
    return None


def _option_name(command: app_commands.Command[Any, ..., Any],
                 parameter: app_commands.Parameter, locale: str) -> str:
    """The option's name as the reader's client shows it (the catalogue's, as synced)."""
    key = f"discord.cmd.{command.qualified_name} {parameter.display_name}".replace(" ", ".")
    return t(key + ".name", locale) if has(key + ".name", locale) else parameter.display_name


_TYPES: dict[discord.AppCommandOptionType, tuple[type, ...]] = {
    discord.AppCommandOptionType.string: (str,),
    discord.AppCommandOptionType.integer: (int,),
    discord.AppCommandOptionType.number: (int, float),
    discord.AppCommandOptionType.boolean: (bool,),
}


def _fits(parameter: app_commands.Parameter, value: Any) -> bool:
    """Whether `value` is one the parameter's declaration lets the client send."""
    types = _TYPES.get(parameter.type)
    if types is None:  # users, channels...: resolved by Discord, not typed
        return True
    if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
        return False
    if parameter.choices:
        return value in {choice.value for choice in parameter.choices}
    size = len(value) if isinstance(value, str) else value
    low, high = parameter.min_value, parameter.max_value
    return (low is None or size >= low) and (high is None or size <= high)


def _offered(parameter: app_commands.Parameter, locale: str) -> str:
    """What the option takes, in the reader's language: its choices, or its range."""
    if parameter.choices:
        return t("refusals.option_choices", locale, choices=", ".join(
            _choice_name(choice, locale) for choice in parameter.choices))
    low, high = parameter.min_value, parameter.max_value
    if parameter.type is discord.AppCommandOptionType.string:
        return t("refusals.option_length", locale, min=low or 0, max=high or 6000)
    if low is not None or high is not None:
        return t("refusals.option_range", locale, min="…" if low is None else f"{low:g}",
                 max="…" if high is None else f"{high:g}")
    return t(f"refusals.option_type.{parameter.type.name}", locale)


def _choice_name(choice: app_commands.Choice[Any], locale: str) -> str:
    named = getattr(choice, "_locale_name", None)  # the locale_str it was declared with
    msg = named.extras.get("msg") if named is not None else None
    return translate(msg, locale) if isinstance(msg, Msg) else choice.name


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
