"""Hints for learners through discord.py (issue 28 item 6): the option at /game new shown on
the lobby post, every turn post and /game status, in the game's language; `/move hint` and the
Play menu's Hint button answering the asker alone; refusals translated, nothing posted."""

from __future__ import annotations

from bot.service import Service
from tests.discord.conftest import ALICE, on_turn, start_game, waiting
from tests.discord.fake_discord import Harness, buttons_of, play_of, text_of


async def test_the_marker_is_on_every_post_of_a_game_with_hints(
    discord_: Harness, service: Service,
) -> None:
    await discord_.slash(ALICE, "game", "new", game="tiny", options="hints", locale="fr")
    lobby = discord_.fake.last_post()
    assert "💡 Aides activées : `/move hint`" in text_of(lobby)
    await start_game_from_lobby(discord_)
    turn = discord_.fake.last_post()
    assert text_of(turn).startswith("**") and "· 💡 aides activées" in text_of(turn)
    print(text_of(turn).splitlines()[0])  # the title the channel reads
    status = await discord_.slash(ALICE, "game", "status", locale="fr")
    assert "💡 Aides activées : cette partie n'est pas classée." in status.followups[0].content
    [player] = await on_turn(service)
    await discord_.slash(player, "move", action="add 2")
    assert "· 💡 aides activées" in text_of(discord_.fake.last_post())


async def start_game_from_lobby(h: Harness) -> None:
    from tests.discord.conftest import BOB

    await h.slash(BOB, "game", "join", locale="fr")
    await h.slash(ALICE, "game", "start", locale="fr")


async def test_a_hint_by_command_and_by_button_is_private(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_, options="hints")
    [player] = await on_turn(service)
    posts = len(discord_.fake.channel_posts())
    suggested = await discord_.slash(player, "move", action="", focused="action")
    assert suggested.choices()[0]["value"] == "hint"  # offered first in a game with hints
    sent = await discord_.slash(player, "move", action="hint")
    [reply] = sent.followups
    assert reply.ephemeral
    assert reply.content.startswith("💡 Suggested move (the medium computer player's): **")
    turn = discord_.fake.last_post()
    opened = await discord_.click(player, turn, play_of(turn))
    menu = discord_.fake.message_of(opened.followups[0])
    [hint_id] = [c for c in buttons_of(menu) if c.startswith("tabula:hint:")]
    clicked = await discord_.click(player, menu, hint_id, locale="fr")
    [answer] = clicked.followups
    assert answer.ephemeral and answer.content.startswith("💡 Coup suggéré (celui du joueur ordinateur moyen) :")
    assert answer.content.splitlines()[-1] == reply.content.splitlines()[-1]  # the same move
    idle = await waiting(service)
    refused = await discord_.slash(idle, "move", action="hint", locale="fr")
    assert refused.followups[0].ephemeral
    assert "rien ne vous est demandé maintenant" in refused.followups[0].content
    assert len(discord_.fake.channel_posts()) == posts  # nothing reached the channel


async def test_without_hints_there_is_no_button_and_the_command_is_refused(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    turn = discord_.fake.last_post()
    assert "💡" not in text_of(turn)
    opened = await discord_.click(player, turn, play_of(turn))
    menu = discord_.fake.message_of(opened.followups[0])
    assert not [c for c in buttons_of(menu) if c.startswith("tabula:hint:")]
    suggested = await discord_.slash(player, "move", action="", focused="action")
    assert "hint" not in [c["value"] for c in suggested.choices()]
    sent = await discord_.slash(player, "move", action="hint")
    assert "Hints are off in this game" in sent.followups[0].content
