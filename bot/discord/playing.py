"""Playing: /move with autocomplete of the caller's legal actions, the choice menu (the Play
button, the menu's select and its page and back buttons, and Hint in a game with hints:
hinting.py), /game resign.

Whatever the path (typed, suggested, or clicked through the menu), the text goes to the service,
which re-validates it: autocomplete suggestions are only suggestions, and a menu click carries the
version it was drawn for, so a stale menu or a double click is refused ("error.stale").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot import menu
from bot.discord import ids
from bot.discord.hinting import answer_hint, hint_button
from bot.discord.i18n import clip, command_text, shown_names, slash, t, user_locale
from bot.discord.posting import post_for, post_turn, unposted_text
from bot.discord.replies import (
    nothing_chosen,
    recorded,
    refusal,
    refusals,
    service_of,
    suggesting,
    tell,
    think,
)
from bot.discord.turnpost import GameButton
from bot.service import Report, ServiceError, hint_words
from engine.i18n import action_label, action_words, translate

OPTIONS = 25  # options in one select
BUTTON_LABEL = 80  # characters
CHOICES = 25  # autocomplete suggestions Discord shows at most
CHOICE_TEXT = 100  # characters in a suggestion's name and in its value
MORE = " …"  # ends a suggested beginning: /move then opens the menu to choose the rest
HINT_WORD = "hint"  # `/move hint`: the medium computer player's move (a game with hints)


@functools.lru_cache(maxsize=1 << 16)
def _fold(text: str) -> str:
    """Lower case without accents, so that "deposer" finds "déposer". Cached: autocomplete
    folds every legal text (thousands in a trade) at each keystroke, and cannot be deferred."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# --- /move ------------------------------------------------------------------------------------


@suggesting
async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's legal actions matching what they typed (canonical text or their language).

    Autocomplete cannot be deferred: this must answer within 3 seconds, hence no rendering.
    With more than 25 matches we suggest the next distinct beginnings instead (`seek 1 …`):
    /move opens the choice menu there.
    """
    service = service_of(interaction)
    legal = await service.choices(interaction.channel_id or 0, interaction.user.id)
    if not legal:
        return []
    info = await service.info(interaction.channel_id or 0)
    locale = user_locale(interaction)

    def label(text: str) -> str:
        return action_label(info.game_key, text, locale, info.names)

    def forms(text: str) -> tuple[str, ...]:  # what a player may have typed for it
        return (_fold(text), _fold(label(text)),
                _fold(action_words(info.game_key, text, locale, info.names)))

    needle = _fold(current.strip())
    # In a game with hints, `hint` first: the medium computer player's move, privately.
    hint = [app_commands.Choice(name=clip(t("discord.hint.choice", locale), CHOICE_TEXT),
                                value=HINT_WORD)] if info.hints and any(
        w.startswith(needle) for w in hint_words()) else []
    matches = [text for text in legal
               if len(text) <= CHOICE_TEXT and any(needle in f for f in forms(text))]
    matches.sort(key=lambda text: not any(f.startswith(needle) for f in forms(text)))
    if len(matches) <= CHOICES - len(hint):
        return hint + [app_commands.Choice(name=clip(label(text), CHOICE_TEXT), value=text)
                       for text in matches]
    return hint + [app_commands.Choice(name=clip(label(text) + ("" if whole else MORE),
                                                 CHOICE_TEXT),
                                       value=text if whole else text + MORE)
                   for text, whole in _groups(matches, CHOICES - len(hint))
                   if len(text + MORE) <= CHOICE_TEXT]


def _groups(texts: Sequence[str], room: int = CHOICES) -> list[tuple[str, bool]]:
    """At most `room` prefixes covering `texts`, as deep as possible: (prefix, is a whole
    text)."""
    actions = menu.split(texts)
    depth, best = 1, None
    longest = max(len(a) for a in actions)
    while depth <= longest:
        groups = list(dict.fromkeys(a[:depth] for a in actions))
        if len(groups) > room:
            break
        best = groups
        depth += 1
    if best is None:  # even the first words are too many: the first 25 of them
        best = list(dict.fromkeys(a[:1] for a in actions))[:room]
    whole = set(actions)
    return [(" ".join(g), g in whole and not any(a[: len(g)] == g and a != g for a in actions))
            for g in best]


@slash("move")
@app_commands.describe(action=command_text("move action"))
@app_commands.autocomplete(action=suggest)
@app_commands.guild_only()
async def move(interaction: discord.Interaction, action: str) -> None:
    if action.strip().casefold() in hint_words():  # `/move hint`: a hint, and no move
        await answer_hint(interaction)
        return
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        locale = user_locale(interaction)
        # Read as every edge reads typed text (bot.menu.resolve), in one call of the service.
        moved = await service.move(interaction.user.id, action,
                                   channel_id=interaction.channel_id or 0, locale=locale)
        info = moved.game
        if moved.report is not None:
            await _after_move(interaction, moved.report, moved.text, menu_message_edit=False,
                              legal=moved.legal)
        elif moved.typed.kind == "menu":  # a beginning of several actions: choose the rest
            content, view = menu_message(info.game_key, info.names, locale,
                                         menu.split(moved.legal), info.id, info.version,
                                         moved.typed.tokens, hints=info.hints)
            await interaction.followup.send(content, view=view, ephemeral=True)
        else:  # "follow": the one action that can follow what was typed
            await tell(interaction, t("discord.move.follows", locale, action=action_label(
                info.game_key, moved.text, locale, shown_names(info.names))))


# --- the menu ---------------------------------------------------------------------------------


class PlayButton(GameButton, template=ids.PLAY):
    """Play, under a turn post or a hand: opens the choice menu."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await open_menu(interaction, self.game_id)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.PICK):
    """The menu's select: its option values are item indices."""

    def __init__(self, select: discord.ui.Select, game_id: int, version: int, code: str) -> None:
        super().__init__(select)
        self.game_id, self.version, self.code = game_id, version, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> PickSelect:
        return cls(item, int(match["game"]), int(match["version"]), match["prefix"])  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values or not values[0].isascii() or not values[0].isdigit():
            await nothing_chosen(interaction)  # the menu stays as it is: it may be current
            return
        await on_menu(interaction, self.game_id, self.version, self.code, choice=int(values[0]))


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PAGE):
    """Previous / next page of a long menu."""

    def __init__(
        self, button: discord.ui.Button, game_id: int, version: int, page: int, code: str,
    ) -> None:
        super().__init__(button)
        self.game_id, self.version, self.page, self.code = game_id, version, page, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> PageButton:
        return cls(item, int(match["game"]), int(match["version"]), int(match["page"]),  # type: ignore[arg-type]
                   match["prefix"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_menu(interaction, self.game_id, self.version, self.code, page=self.page)


class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.BACK):
    """Back to the previous menu."""

    def __init__(self, button: discord.ui.Button, game_id: int, version: int, code: str) -> None:
        super().__init__(button)
        self.game_id, self.version, self.code = game_id, version, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> BackButton:
        return cls(item, int(match["game"]), int(match["version"]), match["prefix"])  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_menu(interaction, self.game_id, self.version, self.code, back=True)


ITEMS = (PlayButton, PickSelect, PageButton, BackButton)  # registered by the client


def menu_message(
    game_key: str, names: Sequence[str], locale: str, actions: Sequence[menu.Tokens],
    game_id: int, version: int, prefix: menu.Tokens, page: int = 0, *, hints: bool = False,
) -> tuple[str, discord.ui.View]:
    """The text and components of the menu at `prefix`, page `page` (25 options a page).

    Constraints: a select lists at most 25 options, an option's label and description at most
    100 characters, a button's label 80, a custom_id 100 (the prefix may be encoded to fit).
    """
    items = menu.at(actions, prefix).items
    pages = max(1, -(-len(items) // OPTIONS))
    page = min(max(0, page), pages - 1)

    def label(tokens: Sequence[str]) -> str:
        return action_label(game_key, " ".join(tokens), locale, names)

    code = menu.encode(actions, prefix, ids.prefix_room(game_id, version, pages))

    options = []
    for index in range(page * OPTIONS, min(len(items), (page + 1) * OPTIONS)):
        item = items[index]
        if item is menu.CONFIRM:
            text = "✓ " + t("discord.menu.confirm", locale, action=label(prefix))
            options.append(discord.SelectOption(label=clip(text, 100), value=str(index)))
            continue
        text = label(item.tokens) + ("" if item.final else " …")
        whole = label(prefix + item.tokens) if prefix else None
        options.append(discord.SelectOption(
            label=clip(text, 100), value=str(index),
            description=clip(whole, 100) if whole and whole != text else None,
        ))

    view = discord.ui.View(timeout=None)
    select: discord.ui.Select = discord.ui.Select(
        custom_id=ids.pick(game_id, version, code), options=options,
        placeholder=clip(t("discord.menu.placeholder", locale), 150), row=0,
    )
    view.add_item(PickSelect(select, game_id, version, code))
    if prefix:
        view.add_item(BackButton(discord.ui.Button(
            label=clip(t("discord.menu.back", locale), BUTTON_LABEL), emoji="↩️", row=1,
            custom_id=ids.back(game_id, version, code),
        ), game_id, version, code))
    for target, key, emoji in ((page - 1, "discord.menu.previous", "◀️"),
                               (page + 1, "discord.menu.next", "▶️")):
        if 0 <= target < pages:
            view.add_item(PageButton(discord.ui.Button(
                label=clip(t(key, locale), BUTTON_LABEL), emoji=emoji, row=1,
                custom_id=ids.page(game_id, version, target, code),
            ), game_id, version, target, code))

    if hints:  # a game with hints: the medium computer player's move, privately
        view.add_item(hint_button(game_id, locale))

    so_far = label(prefix) if prefix else None
    lines = [t("discord.menu.title", locale) if so_far is None
             else t("discord.menu.so_far", locale, action=so_far)]
    if pages > 1:
        lines.append(t("discord.menu.page", locale, page=page + 1, pages=pages))
    return clip("\n".join(lines), 2000), view


async def open_menu(interaction: discord.Interaction, game_id: int) -> None:
    """The Play button: the caller's choices, as an ephemeral menu."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        locale = user_locale(interaction)
        info, legal = await service.legal_in(game_id, interaction.user.id)
        if not legal:
            key = "discord.menu.nothing" if info.status == "active" else "discord.menu.over"
            await tell(interaction, t(key, locale))
            return
        content, view = menu_message(info.game_key, info.names, locale, menu.split(legal),
                                     info.id, info.version, (), hints=info.hints)
        await interaction.followup.send(content, view=view, ephemeral=True)


async def on_menu(
    interaction: discord.Interaction, game_id: int, version: int, code: str, *,
    choice: int | None = None, page: int = 0, back: bool = False,
) -> None:
    """A click in a menu: go one step further, turn a page, go back, or play a whole action.

    The menu message itself is edited (a deferred update), so the user stays in one message.
    """
    if not await think(interaction, update=True):
        return
    locale = user_locale(interaction)
    async with refusals(interaction):
        service = service_of(interaction)
        try:
            # One call: the next menu, or the move when the click completes an action.
            moved = await service.move(interaction.user.id, menu.Click(code, choice, back),
                                       game_id=game_id, version=version)
            if moved.report is not None:
                await _after_move(interaction, moved.report, moved.text, menu_message_edit=True,
                                  legal=moved.legal)
                return
            info, prefix, legal = moved.game, moved.typed.tokens, moved.legal
            page = 0 if back or choice is not None else page
        except ServiceError as error:
            if error.msg.key != "error.stale":
                raise
            # The menu is out of date: say so in it, and take its components away.
            await interaction.edit_original_response(content=refusal(error, locale), view=None)
            return
        content, view = menu_message(info.game_key, info.names, locale, menu.split(legal),
                                     info.id, info.version, prefix, page, hints=info.hints)
        await interaction.edit_original_response(content=content, view=view)


# --- after a move -----------------------------------------------------------------------------


def played_text(report: Report, user_id: int, text: str, locale: str) -> str:
    """The acting user's private acknowledgement: what they played and their private lines."""
    info = report.game
    lines = [t("discord.move.played", locale,
               action=action_label(info.game_key, text, locale, shown_names(info.names)))]
    lines += [translate(m, locale, shown_names(info.names)) for m in report.private.get(user_id, [])]
    return "\n".join(lines)


async def _after_move(
    interaction: discord.Interaction, report: Report, text: str, *, menu_message_edit: bool,
    legal: Sequence[str] = (),
) -> None:
    """Tell the channel (as the service decided), then answer the player: what they played,
    their private lines and, while their turn goes on, the next step's menu in the same message
    (the channel hears nothing until the game changes hands). `legal`: the player's legal
    texts as the move left the game (Service.move gives them while their turn goes on).
    The move is stored: whatever fails from here, the player reads that it is recorded."""
    async with recorded(interaction):
        await _answer_move(interaction, report, text, menu_message_edit=menu_message_edit,
                           legal=legal)


async def _answer_move(
    interaction: discord.Interaction, report: Report, text: str, *, menu_message_edit: bool,
    legal: Sequence[str],
) -> None:
    service = service_of(interaction)
    locale = user_locale(interaction)
    posted = await post_turn(interaction.client, service, report)
    content = played_text(report, interaction.user.id, text, locale)
    if posted is None:
        content += "\n" + unposted_text(interaction, report.game.id, locale)
    view: discord.ui.View | None = None
    info = report.game
    me = info.seat_of(interaction.user.id)
    if info.status == "active" and me is not None and me.seat in report.asks and legal:
        ask = translate(report.asks[me.seat], locale, shown_names(info.names))
        step, view = menu_message(info.game_key, info.names, locale, menu.split(legal),
                                  info.id, info.version, (), hints=info.hints)
        content = "\n".join([clip(content, 1000), t("discord.move.goes_on", locale, ask=ask),
                              step])
    content = clip(content, 2000)
    if menu_message_edit:
        await interaction.edit_original_response(content=content, view=view)
    elif view is not None:
        await interaction.followup.send(content, ephemeral=True, view=view)
    else:
        await interaction.followup.send(content, ephemeral=True)


# --- /game resign -----------------------------------------------------------------------------


@slash("game resign")
async def resign(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        report = await service.resign(interaction.channel_id or 0, interaction.user.id)
        await post_for(interaction, service, report)
