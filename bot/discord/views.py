"""Persistent components: the turn message's buttons and the choice menu, as DynamicItems.

Every custom_id names the game (and, for the menu, the game's version and the menu's prefix), and
everything else is looked up in the database when a component is used: no view lives in memory,
so they keep working after a restart (the classes are registered with add_dynamic_items in
setup_hook). Constraints: a custom_id is at most 100 characters, a select lists at most 25
options, a message holds at most 5 rows of components, and a label at most 80 characters (a select
option's label and description 100).

    tabula:hand:<game>                       My hand (ephemeral hand image, text, legal actions)
    tabula:board:<game>                      Full board (the complete board, ephemeral)
    tabula:play:<game>                       Play (opens the ephemeral choice menu)
    tabula:pick:<game>:<version>:<prefix>    the menu's select; its option values are item indices
    tabula:page:<game>:<version>:<page>:<prefix>   previous / next page of a long menu
    tabula:back:<game>:<version>:<prefix>    back to the previous menu
    tabula:timeout:<game>:<version>:<choice> the others' answer to a clock run out (skip|bot|end|wait)
    tabula:log:<game>:<page>                 a page of /game log
    tabula:lobby:<action>:<game>             the lobby post's buttons (bot/discord/lobby_post.py)

<prefix> is the chosen tokens, space separated, or `#i.j.k` (item indices from the root) when the
text would not fit (see bot.menu). The callbacks import their handlers when called, since
the handlers themselves build these components.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot import menu
from bot.discord.i18n import clip, t
from engine.i18n import action_label

CUSTOM_ID = 100  # characters
OPTIONS = 25  # options in one select
BUTTON_LABEL = 80  # characters


def turn_row(game_id: int, locale: str, *, playing: bool = True) -> discord.ui.ActionRow:
    """The buttons of a turn post (a Components V2 layout's action row), in the game's
    language: My hand and Play while the game runs, and the complete board one tap away."""
    row: discord.ui.ActionRow = discord.ui.ActionRow()
    if playing:
        row.add_item(HandButton.make(game_id, t("discord.button.hand", locale)))
        row.add_item(PlayButton.make(game_id, t("discord.button.play", locale)))
    row.add_item(BoardButton.make(game_id, t("discord.button.board", locale)))
    return row


def play_view(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton.make(game_id, t("discord.button.play", locale)))
    return view


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tabula:hand:(?P<game>[0-9]+)"):
    def __init__(self, button: discord.ui.Button, game_id: int) -> None:
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, label: str) -> HandButton:
        button: discord.ui.Button = discord.ui.Button(
            label=clip(label, BUTTON_LABEL), emoji="🃏", style=discord.ButtonStyle.secondary,
            custom_id=f"tabula:hand:{game_id}",
        )
        return cls(button, game_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> HandButton:
        return cls(item, int(match["game"]))  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import looking

        await looking.show_hand(interaction, self.game_id)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tabula:board:(?P<game>[0-9]+)"):
    """The complete board, shown only to whoever clicks (the turn post shows a summary)."""

    def __init__(self, button: discord.ui.Button, game_id: int) -> None:
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, label: str) -> BoardButton:
        button: discord.ui.Button = discord.ui.Button(
            label=clip(label, BUTTON_LABEL), emoji="🗺️", style=discord.ButtonStyle.secondary,
            custom_id=f"tabula:board:{game_id}",
        )
        return cls(button, game_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> BoardButton:
        return cls(item, int(match["game"]))  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import looking

        await looking.full_board(interaction, self.game_id)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tabula:play:(?P<game>[0-9]+)"):
    def __init__(self, button: discord.ui.Button, game_id: int) -> None:
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, label: str) -> PlayButton:
        button: discord.ui.Button = discord.ui.Button(
            label=clip(label, BUTTON_LABEL), emoji="▶️", style=discord.ButtonStyle.primary,
            custom_id=f"tabula:play:{game_id}",
        )
        return cls(button, game_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> PlayButton:
        return cls(item, int(match["game"]))  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import playing

        await playing.open_menu(interaction, self.game_id)


# --- the choice menu --------------------------------------------------------------------------


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"tabula:pick:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<prefix>.*)",
):
    def __init__(self, select: discord.ui.Select, game_id: int, version: int, code: str) -> None:
        super().__init__(select)
        self.game_id, self.version, self.code = game_id, version, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> PickSelect:
        return cls(item, int(match["game"]), int(match["version"]), match["prefix"])  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import playing

        values = self.item.values
        choice = int(values[0]) if values and values[0].isdigit() else -1
        await playing.on_menu(interaction, self.game_id, self.version, self.code, choice=choice)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tabula:page:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+):(?P<prefix>.*)",
):
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
        from bot.discord import playing

        await playing.on_menu(interaction, self.game_id, self.version, self.code, page=self.page)


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tabula:back:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<prefix>.*)",
):
    def __init__(self, button: discord.ui.Button, game_id: int, version: int, code: str) -> None:
        super().__init__(button)
        self.game_id, self.version, self.code = game_id, version, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> BackButton:
        return cls(item, int(match["game"]), int(match["version"]), match["prefix"])  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import playing

        await playing.on_menu(interaction, self.game_id, self.version, self.code, back=True)


# --- play over days: a clock ran out; the log's pages -------------------------------------------


class TimeoutButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tabula:timeout:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<choice>skip|bot|end|wait)",
):
    """One of the other players' answers when a clock has run out (see Service.decide_timeout).
    It carries the version: a move made meanwhile makes it stale."""

    STYLES = {"skip": discord.ButtonStyle.primary, "bot": discord.ButtonStyle.primary,
              "end": discord.ButtonStyle.danger, "wait": discord.ButtonStyle.secondary}

    def __init__(self, button: discord.ui.Button, game_id: int, version: int, choice: str) -> None:
        super().__init__(button)
        self.game_id, self.version, self.choice = game_id, version, choice

    @classmethod
    def make(cls, game_id: int, version: int, choice: str, locale: str) -> TimeoutButton:
        button: discord.ui.Button = discord.ui.Button(
            label=clip(t(f"discord.timeout.{choice}", locale), BUTTON_LABEL),
            style=cls.STYLES[choice], custom_id=f"tabula:timeout:{game_id}:{version}:{choice}",
        )
        return cls(button, game_id, version, choice)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> TimeoutButton:
        return cls(item, int(match["game"]), int(match["version"]), match["choice"])  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import days

        await days.decide_timeout(interaction, self.game_id, self.version, self.choice)


def timeout_view(game_id: int, version: int, choices: Sequence[str], locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in choices:
        view.add_item(TimeoutButton.make(game_id, version, choice, locale))
    return view


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tabula:log:(?P<game>[0-9]+):(?P<page>[0-9]+)",
):
    """Previous / next page of /game log (its ephemeral message is edited in place)."""

    def __init__(self, button: discord.ui.Button, game_id: int, page: int) -> None:
        super().__init__(button)
        self.game_id, self.page = game_id, page

    @classmethod
    def make(cls, game_id: int, page: int, emoji: str, *, disabled: bool) -> LogButton:
        button: discord.ui.Button = discord.ui.Button(
            emoji=emoji, style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=f"tabula:log:{game_id}:{page}",
        )
        return cls(button, game_id, page)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> LogButton:
        return cls(item, int(match["game"]), int(match["page"]))  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import looking

        await looking.log_page(interaction, self.game_id, self.page)


def log_view(game_id: int, page: int, pages: int) -> discord.ui.View | None:
    """◀ ▶ around the page shown; None when the log fits on one page. The two buttons need
    distinct custom ids even when both are disabled, hence page 0 / pages + 1 at the ends."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogButton.make(game_id, page - 1, "◀️", disabled=page <= 1))
    view.add_item(LogButton.make(game_id, page + 1, "▶️", disabled=page >= pages))
    return view


DYNAMIC_ITEMS = (HandButton, BoardButton, PlayButton, PickSelect, PageButton, BackButton, TimeoutButton,
                 LogButton)


def menu_message(
    game_key: str, names: Sequence[str], locale: str, actions: Sequence[menu.Tokens],
    game_id: int, version: int, prefix: menu.Tokens, page: int = 0,
) -> tuple[str, discord.ui.View]:
    """The text and components of the menu at `prefix`, page `page` (25 options a page)."""
    items = menu.at(actions, prefix).items
    pages = max(1, -(-len(items) // OPTIONS))
    page = min(max(0, page), pages - 1)

    def label(tokens: Sequence[str]) -> str:
        return action_label(game_key, " ".join(tokens), locale, names)

    # The prefix goes into three custom_ids; the page one has the longest head.
    head = f"tabula:page:{game_id}:{version}:{pages}:"
    code = menu.encode(actions, prefix, CUSTOM_ID - len(head))

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
        custom_id=f"tabula:pick:{game_id}:{version}:{code}", options=options,
        placeholder=clip(t("discord.menu.placeholder", locale), 150), row=0,
    )
    view.add_item(PickSelect(select, game_id, version, code))
    if prefix:
        view.add_item(BackButton(discord.ui.Button(
            label=clip(t("discord.menu.back", locale), BUTTON_LABEL), emoji="↩️", row=1,
            custom_id=f"tabula:back:{game_id}:{version}:{code}",
        ), game_id, version, code))
    for target, key, emoji in ((page - 1, "discord.menu.previous", "◀️"),
                               (page + 1, "discord.menu.next", "▶️")):
        if 0 <= target < pages:
            view.add_item(PageButton(discord.ui.Button(
                label=clip(t(key, locale), BUTTON_LABEL), emoji=emoji, row=1,
                custom_id=f"tabula:page:{game_id}:{version}:{target}:{code}",
            ), game_id, version, target, code))

    so_far = label(prefix) if prefix else None
    lines = [t("discord.menu.title", locale) if so_far is None
             else t("discord.menu.so_far", locale, action=so_far)]
    if pages > 1:
        lines.append(t("discord.menu.page", locale, page=page + 1, pages=pages))
    return clip("\n".join(lines), 2000), view
