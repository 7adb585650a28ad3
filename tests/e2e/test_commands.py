"""Every command once, through the stand-in: the sync Discord accepted, the lobby, looking at a
game, resigning and abandoning; answers private where they should be, and within the limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.e2e.conftest import World
from tests.e2e.play import called, check_png, playing
from tests.support import fix_seed

pytestmark = pytest.mark.e2e


async def test_the_commands_are_synced_with_their_french_names(world: World) -> None:
    game = world.standin.command("game")
    move = world.standin.command("move")
    assert game is not None and move is not None and game.guild_id is None  # global
    assert game.data["name_localizations"]["fr"] == "partie"
    subs = {o["name"] for o in game.data["options"]}
    assert {"new", "join", "leave", "start", "status", "board", "hand", "log", "resign",
            "abandon", "rules"} <= subs
    [action] = move.data["options"]
    assert action["autocomplete"] is True and action["required"] is True


async def test_a_dev_guild_gets_the_commands_at_once(world: World) -> None:
    world.bot_options = {"dev_guild": world.standin.guild_id}
    world.standin.commands.clear()
    await world.restart()
    game = world.standin.command("game")
    assert game is not None and game.guild_id == world.standin.guild_id
    reply = await world.player("Alice").slash("game rules", game="res-publica")
    assert reply.ephemeral and "Res Publica" in reply.text


async def test_the_lobby_and_looking_at_a_game(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 7)
    alice, bob, carol = world.player("Alice"), world.player("Bob"), world.player("Carol")
    dave = world.player("Dave", manager=True)
    rules = await alice.slash("game rules")
    assert rules.ephemeral and "Res Publica" in rules.text  # no game here: which one?
    suggested = await alice.autocomplete("game new", "options", game="res-publica", options="cl")
    assert [c["value"] for c in suggested.choices] == ["classic"]
    await alice.slash("game new", game="res-publica", options="classic")
    again = await bob.slash("game new", game="res-publica")
    assert again.ephemeral and again.text.startswith("⛔")  # one live game per channel
    await bob.slash("game join")
    status = await bob.slash("game status")
    assert status.ephemeral and "Alice, Bob" in status.text
    early = await bob.slash("game start")
    assert early.ephemeral and early.text.startswith("⛔")  # only its creator starts it
    left = await bob.slash("game leave")
    lobby = world.public()[-1]  # the lobby post, edited in place: Bob is no longer seated
    assert not left.failed and "1 player seated" in lobby.text and "Bob" not in lobby.text
    for who in (bob, carol):
        await who.slash("game join")
    too_few = await dave.slash("game board")
    assert too_few.ephemeral and too_few.text.startswith("⛔")  # not started yet
    started = await dave.slash("game start")  # a channel manager may start it
    assert not started.failed and playing(world.turn_message())

    board = await carol.slash("game board")
    assert board.ephemeral and board.last.attachment("board.png")
    check_png(board.last, "board.png")  # the complete board
    hand = await carol.slash("game hand")
    picture = hand.last.attachment("hand.png")
    assert hand.ephemeral and picture is not None
    assert Image.open(io.BytesIO(picture.data)).format == "PNG"
    log = await carol.slash("game log", page=1)
    assert log.ephemeral and log.text
    abandon = await carol.slash("game abandon")
    assert abandon.ephemeral and abandon.text.startswith("⛔")  # not hers to abandon

    # Three players: a resignation hands the seat to a bot and the game goes on, until the
    # last person playing resigns.
    people = [alice, bob, carol]
    [player] = called(world, people)
    resigned = await player.slash("game resign")
    assert not resigned.failed and playing(world.turn_message())
    assert "(bot)" in world.turn_message().text
    people.remove(player)
    resigned = await people[0].slash("game resign")
    assert not resigned.failed and playing(world.turn_message())
    player = people[1]
    posts = len(world.public())
    resigned = await player.slash("game resign")
    assert not resigned.failed
    final = world.public()[-1]
    assert len(world.public()) == posts + 1 and not playing(final)
    assert all(not playing(m) for m in world.public())
    assert [c for c in final.custom_ids() if c.startswith("tabula:board:")]  # one tap away
    over = await player.slash("move", action="end")
    assert over.ephemeral and over.text.startswith("⛔")
    reopened = await alice.slash("game new", game="res-publica")
    assert not reopened.failed  # the channel is free again
    closed = await alice.slash("game abandon")
    assert not closed.failed and "was cancelled" in world.public()[-1].text
    assert not world.public()[-1].custom_ids()  # its lobby post lost its buttons
