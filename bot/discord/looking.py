"""Looking at a game, privately: /game status, board, hand (and the My hand and Full board
buttons, with the lookup menu of what they show: bot.discord.learning), log (and its page
buttons), replay. /game rules and /game card: bot.discord.learning.

All answers are ephemeral and in the reader's language: they show nothing the others need, and
a hand must stay private.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands

from bot import menu
from bot.discord import ids
from bot.discord.i18n import clip, command_text, shown, shown_names, slash, t, user_locale
from bot.discord.learning import card_menu
from bot.discord.replies import refusals, service_of, tell, think
from bot.discord.turnpost import (
    GameButton,
    ask_lines,
    game_button,
    reason_names_winners,
    result_lines,
    standing_lines,
)
from bot.service import ATTACHMENT_LIMIT, GameInfo, HandReport, LogPage, in_view
from engine.i18n import action_label, has, translate
from engine.registry import get as get_game


def game_name(key: str, locale: str) -> str:
    return translate(get_game(key).name(), locale)


def options_text(options: dict, game_key: str, locale: str) -> str:
    """A game's options in the reader's words (`<game>.optname.<option>`, or `.<option>.<value>`
    for a choice): « jeu classique », "Agora, Leaders (all 43)"; one no catalogue names, as
    typed (`panel=a`)."""
    words = []
    for name, value in options.items():
        if value in (None, False):
            continue
        key = f"{game_key}.optname.{name}" + ("" if value is True else f".{value}")
        typed = name if value is True else f"{name}={value}"
        words.append(t(key, locale) if has(key, locale) else typed)
    return ", ".join(words)


def seats_text(info: GameInfo) -> str:
    if info.status == "lobby":
        return ", ".join(shown(s.name) for s in info.seats)
    return ", ".join(f"{s.seat + 1}. {shown(s.name)}" for s in info.seats if s.seat is not None)


def hand_text(hand: HandReport, locale: str) -> str:
    info = hand.game
    lines = [t("discord.hand.title", locale, game=game_name(info.game_key, locale),
               seat=hand.seat + 1,
               name=shown(info.names[hand.seat]) if hand.seat < len(info.names) else "")]
    if hand.legal:
        # The first level of the choice menu: short even when there are thousands of actions.
        steps = menu.at(menu.split(hand.legal), ()).steps
        labels = [action_label(info.game_key, " ".join(s.tokens), locale, info.names)
                  + ("" if s.final else " …") for s in steps]
        lines.append(t("discord.hand.can", locale,
                       actions=" · ".join(f"`{x}`" for x in labels)))
    elif info.status == "active":
        lines.append(t("discord.hand.wait", locale))
    else:
        lines.append(t("discord.hand.over", locale))
    if hand.recent:
        lines.append(t("discord.hand.recent", locale))
        lines += [f"> {translate(m, locale, shown_names(info.names))}" for m in hand.recent[-5:]]
    return "\n".join(lines)


@slash("game hand")
async def hand(interaction: discord.Interaction) -> None:
    await show_hand(interaction)


class HandButton(GameButton, template=ids.HAND):
    """My hand, under a turn post."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, self.game_id)


def play_view(game_id: int, locale: str) -> discord.ui.View:
    """Play, under the hand: answered by playing.PlayButton."""
    view = ids.Carried(timeout=None)
    view.add_item(game_button("play", game_id, locale))
    return view


async def show_hand(interaction: discord.Interaction, game_id: int | None = None) -> None:
    """/game hand and the My hand button: the caller's hand, for their eyes only."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        locale = user_locale(interaction)
        if game_id is None:
            hand = await service.hand(interaction.channel_id or 0, interaction.user.id, locale=locale)
        else:
            hand = await service.hand_in(game_id, interaction.user.id, locale=locale)
        kwargs: dict = {}
        if hand.image is not None:
            kwargs["file"] = discord.File(io.BytesIO(hand.image), filename="hand.png")
        if hand.legal:
            kwargs["view"] = play_view(hand.game.id, locale)
        lookup = card_menu(hand.game.id, in_view(hand.game, hand.view), locale)
        if lookup is not None:  # what the hand shows, to look up (/game card)
            kwargs.setdefault("view", ids.Carried(timeout=None)).add_item(lookup)
        await tell(interaction, hand_text(hand, locale), **kwargs)


@slash("game status")
async def status(interaction: discord.Interaction) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        locale = user_locale(interaction)
        report = await service.status(interaction.channel_id or 0)
        info = report.game
        game = get_game(info.game_key)
        lines = [t("discord.status.title", locale, game=game_name(info.game_key, locale),
                   status=t(f"discord.status.{info.status}", locale))]
        if info.options:
            lines.append(t("discord.status.options", locale,
                           options=options_text(info.options, info.game_key, locale)))
        if info.hints:
            lines.append(t("discord.status.hints", locale))
        lines.append(t("discord.status.players", locale, n=len(info.seats), min=game.min_players,
                       max=game.max_players, players=seats_text(info)))
        if info.status == "lobby":
            lines.append(t("discord.status.lobby_help", locale))
        elif info.outcome is not None:
            if not reason_names_winners(info.outcome):  # else the result line is the reason
                lines.append(translate(info.outcome.reason, locale, shown_names(info.names)))
            lines += result_lines(info, locale)
        elif info.status == "active":
            lines += ask_lines(report, locale)
            lines += standing_lines(report, locale)  # where each player stands, not only who acts
        await tell(interaction, "\n".join(lines))


@slash("game board")
async def board(interaction: discord.Interaction) -> None:
    """/game board: the complete board of the channel's game, for the caller's eyes."""
    await full_board(interaction, None)


class BoardButton(GameButton, template=ids.BOARD):
    """Full board, under a turn post: the complete board, shown only to whoever clicks (the
    turn post shows a summary)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await full_board(interaction, self.game_id)


async def full_board(interaction: discord.Interaction, game_id: int | None) -> None:
    """/game board and the Full board button: the complete board (the turn post shows a
    summary made for the channel's preview), ephemeral, in the reader's language."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        locale = user_locale(interaction)
        if game_id is None:
            info, png = await service.board(interaction.channel_id or 0, locale=locale)
        else:
            info, png = await service.board_in(game_id, locale=locale)
        kwargs: dict = {}
        lookup = card_menu(info.id, await service.shown_on_board(info), locale)
        if lookup is not None:  # what the board shows, to look up (/game card)
            kwargs["view"] = ids.Carried(timeout=None)
            kwargs["view"].add_item(lookup)
        await tell(interaction, t("discord.board.caption", locale,
                                  game=game_name(info.game_key, locale), version=info.version),
                   file=discord.File(io.BytesIO(png), filename="board.png"), **kwargs)


def log_text(found: LogPage, locale: str) -> str:
    info = found.game
    lines = [t("discord.log.title", locale, game=game_name(info.game_key, locale),
               page=found.page, pages=found.pages)]
    names = shown_names(info.names)
    lines += [translate(m, locale, names) for m in found.lines] or [t("discord.log.empty", locale)]
    return clip("\n".join(lines), 2000)


@slash("game log")
@app_commands.describe(page=command_text("game log page"))
async def log(interaction: discord.Interaction,
              page: app_commands.Range[int, 1, None] | None = None) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        service = service_of(interaction)
        locale = user_locale(interaction)
        found = await service.log(interaction.channel_id or 0, page)
        view = log_view(found.game.id, found.page, found.pages)
        await tell(interaction, log_text(found, locale), **({"view": view} if view else {}))


class LogButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.LOG):
    """Previous / next page of /game log (its ephemeral message is edited in place)."""

    def __init__(self, button: discord.ui.Button, game_id: int, page: int) -> None:
        super().__init__(button)
        self.game_id, self.page = game_id, page

    @classmethod
    def make(cls, game_id: int, page: int, emoji: str, *, disabled: bool) -> LogButton:
        button: discord.ui.Button = discord.ui.Button(
            emoji=emoji, style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=ids.log_page(game_id, page),
        )
        return cls(button, game_id, page)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> LogButton:
        return cls(item, int(match["game"]), int(match["page"]))  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        await log_page(interaction, self.game_id, self.page)


def log_view(game_id: int, page: int, pages: int) -> discord.ui.View | None:
    """◀ ▶ around the page shown; None when the log fits on one page. The two buttons need
    distinct custom ids even when both are disabled, hence page 0 / pages + 1 at the ends."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogButton.make(game_id, page - 1, "◀️", disabled=page <= 1))
    view.add_item(LogButton.make(game_id, page + 1, "▶️", disabled=page >= pages))
    return view


async def log_page(interaction: discord.Interaction, game_id: int, page: int) -> None:
    """◀ / ▶ under /game log: the same ephemeral message shows another page."""
    if not await think(interaction, update=True):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        found = await service_of(interaction).log_in(game_id, page)
        await interaction.edit_original_response(
            content=log_text(found, locale), view=log_view(game_id, found.page, found.pages))


@slash("game replay")
async def replay(interaction: discord.Interaction) -> None:
    """/game replay: the game so far (or the latest one), turn by turn, as an animated image."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        guild = interaction.guild
        info, gif = await service_of(interaction).animation(
            interaction.channel_id or 0, locale=locale, user_id=interaction.user.id,
            # The upload limit of the server (10 MiB unless boosted), less room for the rest.
            max_bytes=(guild.filesize_limit if guild is not None else ATTACHMENT_LIMIT) - 2**16)
        await tell(interaction, t("discord.replay.caption", locale,
                                  game=game_name(info.game_key, locale), version=info.version),
                   file=discord.File(io.BytesIO(gif), filename="replay.gif"))


ITEMS = (HandButton, BoardButton, LogButton)  # registered by the client
