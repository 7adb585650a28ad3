"""Hints for learners: `/move hint` (playing.move reads the word) and the Hint button of the
Play menu, in a game whose creator turned hints on (bot/service/hints.py). The hint is
private: an ephemeral answer to the asking player, in their language; a refusal likewise."""

from __future__ import annotations

import discord

from bot.discord import ids
from bot.discord.i18n import clip, shown_names, t, user_locale
from bot.discord.replies import refusals, service_of, tell, think
from bot.discord.turnpost import GameButton
from bot.service import Hinted
from engine.i18n import action_label, translate

BUTTON_LABEL = 80  # characters


def hint_text(hinted: Hinted, locale: str) -> str:
    """The hint as its asker reads it: the move in their language, then why."""
    info = hinted.game
    names = shown_names(info.names)
    return t("discord.hint.reply", locale,
             action=action_label(info.game_key, hinted.action, locale, names),
             reason=translate(hinted.reason, locale, names), text=hinted.action)


async def answer_hint(interaction: discord.Interaction, *, game_id: int | None = None) -> None:
    """Think (a hint takes as long as a medium bot's move), then tell the asker alone."""
    if not await think(interaction):
        return
    async with refusals(interaction):
        hinted = await service_of(interaction).hint(
            interaction.user.id, game_id=game_id,
            channel_id=None if game_id is not None else interaction.channel_id or 0)
        await tell(interaction, hint_text(hinted, user_locale(interaction)))


def hint_button(game_id: int, locale: str) -> discord.ui.Button:
    return discord.ui.Button(label=clip(t("discord.hint.button", locale), BUTTON_LABEL),
                             emoji="💡", custom_id=ids.hint(game_id), row=2)


class HintButton(GameButton, template=ids.HINT):
    """Hint, in the Play menu of a game with hints on."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_hint(interaction, game_id=self.game_id)


ITEMS = (HintButton,)  # registered by the client
