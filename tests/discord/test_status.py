"""/game status says where every player stands, not only who must act (issue 25), in the
reader's language."""

from __future__ import annotations

from tests.discord.conftest import ALICE, BOB, CAROL, start_game
from tests.discord.fake_discord import Harness


async def test_status_shows_every_players_standing(discord_: Harness) -> None:
    await start_game(discord_, ALICE, BOB, CAROL, game="res-publica")
    status = await discord_.slash(BOB, "game", "status", locale="fr")
    text = status.text()
    for name in ("Alice", "Bob", "Carol"):
        assert f"**{name}** · " in text, text
    assert "0 point" in text and "en main" in text, text
