"""Texts shown in Discord, in the reader's language, from the JSON catalogues (engine.i18n);
and the slash commands' declaration (named and described from the catalogue).

Ephemeral replies follow the interaction's locale (the user's client language); posts in the
channel follow the game's locale, fixed when the game was created.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engine.core import Msg
from engine.i18n import DEFAULT_LOCALE, has, locale_of, translate

Handler = TypeVar("Handler", bound=Callable[..., Coroutine[Any, Any, None]])


def t(key: str, locale: str, names: Sequence[str] = (), /, **params: Any) -> str:
    """The catalogue text `key` in `locale`, with `params` filled in."""
    return translate(Msg(key, params), locale, names)


# "<" opening a mention, a channel, a role, a custom emoji or a timestamp: <@1>, <#1>, <t:1>...
_MARKUP = re.compile(r"<(?=[@#:!&]|[at]:)")


def shown(name: str) -> str:
    """A player's name as it may stand in a Discord message: its markdown escaped (a player
    called `**x**` is shown as typed) and no mention in it (a player called `<@id>` pings
    nobody, and @everyone stays text), by discord.utils' escapes and a zero-width space after
    any "<" that would open one. Only for message text: menus and suggestions show names as
    they are."""
    text = discord.utils.escape_markdown(discord.utils.escape_mentions(name))
    return _MARKUP.sub("<\u200b", text)


def shown_names(names: Sequence[str]) -> list[str]:
    return [shown(n) for n in names]


def pinging(users: Sequence[int] = ()) -> discord.AllowedMentions:
    """A post's allowed mentions: exactly `users` are notified, nobody else whatever the text
    says (no @everyone, no role)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=u) for u in users])


def user_locale(interaction: discord.Interaction) -> str:
    """Our locale ("en" | "fr") for the user behind an interaction."""
    return locale_of(str(interaction.locale))


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def command_text(path: str, part: str = "desc") -> str:
    """The English name or description of a command: `command_text("game new")`.

    English is what we register with Discord; the other languages are sent as localisations
    by CatalogueTranslator when the command tree is synced.
    """
    return t(_command_key(path, part), DEFAULT_LOCALE)


def slash(path: str, *, games: Sequence[str] = ()) -> Callable[[Handler], Handler]:
    """Declare a handler as the slash command `path` ("game new", "move"): named by the path's
    last word, described by the catalogue (command_text). Its parameters are described, chosen
    and completed with app_commands' decorators on the handler itself; `games` names those
    whose choices are the registered games, known when the bot starts. bot/discord/commands.py
    assembles the tree from the handlers so declared."""

    def declare(handler: Handler) -> Handler:
        handler.__tabula_command__ = Declared(path, tuple(games))  # type: ignore[attr-defined]
        return handler

    return declare


@dataclass(frozen=True)
class Declared:
    """What slash() says of a handler."""

    path: str
    games: tuple[str, ...] = ()


def declared(handler: Callable[..., Any]) -> Declared:
    return handler.__tabula_command__  # type: ignore[attr-defined]


def _command_key(path: str, part: str) -> str:
    return "discord.cmd." + path.replace(" ", ".") + "." + part


class CatalogueTranslator(app_commands.Translator):
    """Localises command, group, parameter and choice names and descriptions at sync time.

    The key comes from where the string sits: `discord.cmd.game.new.name`,
    `discord.cmd.game.new.options.desc`... A choice carries its own Msg in its extras.
    """

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        ours = locale_of(str(locale))
        if ours == DEFAULT_LOCALE:  # the English strings are the defaults already
            return None
        if context.location is Where.choice_name:
            msg = string.extras.get("msg")
            return translate(msg, ours) if isinstance(msg, Msg) else None
        key = _context_key(context)
        return t(key, ours) if key is not None and has(key, ours) else None


def _context_key(context: app_commands.TranslationContextTypes) -> str | None:
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name, Where.parameter_name):
        part = "name"
    elif where in (Where.command_description, Where.group_description,
                   Where.parameter_description):
        part = "desc"
    else:
        return None
    if where in (Where.parameter_name, Where.parameter_description):
        return _command_key(f"{data.command.qualified_name} {data.name}", part)
    return _command_key(data.qualified_name, part)
