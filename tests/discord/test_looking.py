"""/game status, board, hand, log, rules, and a game played to its end, through discord.py."""

from __future__ import annotations

import io
import re

from PIL import Image

from bot.service import Service
from tests.discord.conftest import ALICE, BOB, EVE, on_turn, start_game
from tests.discord.fake_discord import CHANNEL_ID, Harness, buttons_of


async def test_status_in_the_lobby_and_during_the_game(discord_: Harness, service: Service) -> None:
    await discord_.slash(ALICE, "game", "new", game="tiny", options="goal=9")
    lobby = await discord_.slash(BOB, "game", "status", locale="fr")
    [answer] = lobby.followups
    assert answer.ephemeral
    assert answer.content.startswith("**Minus** — en attente de joueurs")
    assert "goal=9" in answer.content and "1 joueur (2 à 3) : Alice" in answer.content
    await discord_.slash(BOB, "game", "join")
    await discord_.slash(ALICE, "game", "start")
    [player] = await on_turn(service)
    running = await discord_.slash(EVE, "game", "status")
    assert "in progress" in running.text() and f"<@{player['id']}>" in running.text()


async def test_board_is_an_ephemeral_png(discord_: Harness) -> None:
    early = await discord_.slash(ALICE, "game", "board")
    assert early.followups[0].ephemeral and "no game" in early.followups[0].content
    await start_game(discord_)
    sent = await discord_.slash(EVE, "game", "board")  # public information: anyone may look
    [answer] = sent.followups
    assert answer.ephemeral and answer.files[0][0] == "board.png"
    assert Image.open(io.BytesIO(answer.files[0][1])).format == "PNG"


async def test_the_full_board_button_shows_the_complete_board_to_whoever_clicks(
    discord_: Harness,
) -> None:
    """The turn post shows a picture made for the channel's preview; the complete board is one
    tap away, privately, in the clicker's language, for anyone (it is public information)."""
    await start_game(discord_)
    turn = discord_.fake.last_post()
    board_id = next(c for c in buttons_of(turn) if c.startswith("tabula:board:"))
    sent = await discord_.click(EVE, turn, board_id, locale="fr")
    [answer] = sent.followups
    assert answer.ephemeral and answer.files[0][0] == "board.png"
    assert "le plateau après le coup" in answer.content
    assert Image.open(io.BytesIO(answer.files[0][1])).format == "PNG"


async def test_hand_command_matches_the_button(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    sent = await discord_.slash(player, "game", "hand")
    [answer] = sent.followups
    assert answer.ephemeral and answer.content.startswith("**Your hand** — Tiny, seat 1")
    assert answer.files[0][0] == "hand.png"
    assert "You can: `add …` · `pick …` · `trade 2 gold …` · `pass`." in answer.content


async def test_a_game_played_to_its_end(discord_: Harness, service: Service) -> None:
    await start_game(discord_, ALICE, BOB, options="fast")  # first to 3 points
    for _ in range(3):
        [player] = await on_turn(service)
        await discord_.slash(player, "move", action="add 2")
    final = discord_.fake.channel_posts()[-1]
    # the reason names the winner: it is the result line, said once
    # (who wins depends on the seating the start draws)
    assert re.search(r"🏆 \*\*(Alice|Bob)\*\* reaches the goal\.", final.content)
    assert final.content.count("reaches the goal") == 1 and "Scores: " in final.content
    assert [c.split(":")[1] for c in final.custom_ids()] == ["board"]  # no hand, no play
    info = await service.info(CHANNEL_ID, live=False)
    assert info.status == "finished"
    status = await discord_.slash(BOB, "game", "status")
    assert "finished" in status.text() and "🏆" in status.text()
    hand = await discord_.slash(ALICE, "game", "hand")
    assert "This game is over." in hand.text()


async def test_log_pages(discord_: Harness, service: Service) -> None:
    await start_game(discord_, ALICE, BOB, options="goal=9")
    for _ in range(20):
        [player] = await on_turn(service)
        await discord_.slash(player, "move", action="pass")
    latest = await discord_.slash(BOB, "game", "log")
    assert latest.followups[0].ephemeral
    assert "log, page 2 of 2" in latest.text()
    first = await discord_.slash(BOB, "game", "log", page=1, locale="fr")
    assert "journal, page 1 sur 2" in first.text() and "La partie commence." in first.text()


async def test_rules_of_a_game_or_of_the_channels_game(discord_: Harness) -> None:
    sent = await discord_.slash(EVE, "game", "rules")
    assert "Which game?" in sent.text() and "Tiny" in sent.text()
    sent = await discord_.slash(EVE, "game", "rules", game="tiny", locale="fr")
    assert sent.followups[0].ephemeral
    assert "le premier au but gagne" in sent.text() and "`goal=5|9`" in sent.text()
    await discord_.slash(ALICE, "game", "new", game="tiny")
    sent = await discord_.slash(EVE, "game", "rules")
    assert "first to the goal wins" in sent.text()
