"""Tabula in Discord: slash commands, persistent buttons and menus, turn posts.

Everything here is an edge over bot.service: it parses interactions, defers them (Discord's
3-second deadline), calls the service, and shows the results translated in the reader's language.
Nothing here knows any particular game: the choice menus walk the legal action texts token by
token, and labels come from the games' catalogues through engine.i18n.
"""

from bot.discord.client import TabulaBot, run_bot

__all__ = ["TabulaBot", "run_bot"]
