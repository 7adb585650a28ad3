"""Learning while playing: /game card (any component of the channel's game, looked up by name,
with the lookup menu under the Full board and a hand), and /game rules in pages (◀ ▶).

Both answer privately, in the reader's language. Nothing here knows a game: the game lists its
components and says them (bot.service.cards), and its rules are data (engine.rulebook).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord import ids
from bot.discord.i18n import clip, command_text, slash, t, user_locale
from bot.discord.replies import nothing_chosen, refusals, service_of, tell, think
from bot.service import Card, ServiceError, matching
from engine.core import Component, Msg
from engine.i18n import translate
from engine.registry import get as get_game
from engine.registry import keys as game_keys
from engine.rulebook import SECTIONS, Page, option_lines, pages

CHOICES = 25  # autocomplete suggestions, and a select's options, at most
TEXT = 2000  # characters of a message's content


# --- /game card -------------------------------------------------------------------------------


async def card_names(interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
    """The components of the channel's game whose name holds what was typed. Autocomplete
    cannot be deferred: one store read, no picture."""
    try:
        info = await service_of(interaction).looked_up_game(interaction.channel_id)
    except ServiceError:
        return []
    found = matching(info, current, user_locale(interaction), CHOICES)
    return [app_commands.Choice(name=clip(label, 100), value=cid[:100]) for label, cid in found]


def card_text(card: Card) -> str:
    lines = [f"**{card.name}** — *{card.kind}*", *card.lines]
    return clip("\n".join(lines), TEXT)


async def show_card(interaction: discord.Interaction, typed: str, game_id: int | None) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        info = await service.looked_up_game(interaction.channel_id, game_id)
        card = await service.card(info, typed, locale=user_locale(interaction))
        kwargs: dict[str, Any] = {}
        if card.image is not None:
            kwargs["file"] = discord.File(io.BytesIO(card.image), filename="card.png")
        await tell(interaction, card_text(card), **kwargs)


@slash("game card")
@app_commands.describe(name=command_text("game card name"))
@app_commands.autocomplete(name=card_names)
async def card(interaction: discord.Interaction, name: str) -> None:
    """/game card: a component of the channel's game, its effect in words and its picture."""
    await show_card(interaction, name, None)


class CardSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.CARD):
    """The lookup menu under the Full board and a hand: its option values are component ids."""

    def __init__(self, select: discord.ui.Select, game_id: int) -> None:
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> CardSelect:
        return cls(item, int(match["game"]))  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values or not values[0].strip():
            await nothing_chosen(interaction)
            return
        await show_card(interaction, values[0], self.game_id)


def card_menu(game_id: int, comps: Sequence[Component], locale: str) -> CardSelect | None:
    """A select of the components a picture shows (the first 25), or None when it shows none."""
    options = [discord.SelectOption(label=clip(translate(c.name, locale), 100), value=c.id[:100])
               for c in comps[:CHOICES]]
    if not options:
        return None
    select: discord.ui.Select = discord.ui.Select(
        custom_id=ids.card(game_id), options=options, row=4,
        placeholder=clip(t("discord.card.placeholder", locale), 150))
    return CardSelect(select, game_id)


# --- /game rules ------------------------------------------------------------------------------


def section_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(
        name=app_commands.locale_str(t(f"discord.rules.section.{s}", "en"),
                                     msg=Msg(f"discord.rules.section.{s}")), value=s)
        for s in SECTIONS]


def rules_page(key: str, page: int, locale: str) -> tuple[str, discord.ui.View | None]:
    """Page `page` (0-based, clamped) of a game's rules, and its ◀ ▶ buttons."""
    game = get_game(key)
    found: Sequence[Page] = pages(game, locale)
    page = min(max(0, page), len(found) - 1)
    shown = found[page]
    head = t("discord.rules.head", locale, game=translate(game.name(), locale),
             section=shown.title, page=page + 1, pages=len(found),
             min=game.min_players, max=game.max_players)
    body = [head, shown.text]
    body += [f"• {line}" for line in option_lines(game, tuple(found), page, locale)]
    if len(found) <= 1:
        return clip("\n\n".join(body), TEXT), None
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton.make(key, page - 1, "◀️", disabled=page <= 0))
    view.add_item(RulesButton.make(key, page + 1, "▶️", disabled=page >= len(found) - 1))
    return clip("\n\n".join(body), TEXT), view


def first_page(key: str, section: str | None, locale: str) -> int:
    if section is None:
        return 0
    found = pages(get_game(key), locale)
    return next((i for i, p in enumerate(found) if p.section == section), 0)


@slash("game rules", games=("game",))
@app_commands.describe(game=command_text("game rules game"),
                       section=command_text("game rules section"))
@app_commands.choices(section=section_choices())
async def rules(interaction: discord.Interaction, game: str | None = None,
                section: str | None = None) -> None:
    """/game rules: a game's rules in pages (the channel's game by default)."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        if game is None:
            try:
                info = await service_of(interaction).info(interaction.channel_id or 0, live=False)
            except ServiceError:
                names = ", ".join(translate(get_game(k).name(), locale) for k in game_keys())
                await tell(interaction, t("discord.rules.which", locale, games=names))
                return
            game = info.game_key
        text, view = rules_page(game, first_page(game, section, locale), locale)
        await tell(interaction, text, **({"view": view} if view else {}))


class RulesButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.RULES):
    """◀ / ▶ under /game rules (its ephemeral message is edited in place)."""

    def __init__(self, button: discord.ui.Button, key: str, page: int) -> None:
        super().__init__(button)
        self.key, self.page = key, page

    @classmethod
    def make(cls, key: str, page: int, emoji: str, *, disabled: bool) -> RulesButton:
        # The two buttons need distinct custom ids even when both are disabled: at the ends the
        # target is a page past the edge (-1 is written 999), clamped when clicked.
        button: discord.ui.Button = discord.ui.Button(
            emoji=emoji, style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=ids.rules_page(key, page if page >= 0 else 999))
        return cls(button, key, page)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> RulesButton:
        page = int(match["page"])
        return cls(item, match["game"], -1 if page == 999 else page)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        if not await think(interaction, update=True):
            return
        async with refusals(interaction):
            if self.key not in game_keys():
                raise ServiceError("error.stale")
            text, view = rules_page(self.key, self.page, user_locale(interaction))
            await interaction.edit_original_response(content=text, view=view)


ITEMS = (CardSelect, RulesButton)  # registered by the client
