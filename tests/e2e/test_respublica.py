"""A complete game of Res Publica, from /game new to the final scores, played only through what
a Discord client sends (slash commands, autocomplete, buttons, select menus), and checked on what
the players see: the channel, and each one's ephemeral replies."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import called, check_privacy, check_telling, play_to_the_end, playing, text

pytestmark = pytest.mark.e2e

SEED = 11  # the deal and seating, and the players' choices: a game of about 300 actions


async def test_a_complete_game_of_res_publica(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)
    alice = world.player("Alice", locale="fr")
    bob, carol = world.player("Bob"), world.player("Carol", locale="en-GB")
    eve = world.player("Eve")  # watches, never seated
    players = [alice, bob, carol]

    opened = await alice.slash("game new", game="res-publica", options="classic")
    assert not opened.failed and opened.messages == []  # the public post says it all
    lobby = world.public()[-1]
    assert "**Alice**" in lobby.text and "Res Publica" in lobby.text
    assert "cherche des joueurs" in lobby.text  # the game's language is its creator's: French
    assert "/partie rejoindre" in lobby.text and "classic" in lobby.text
    for who in (bob, carol):
        joined = await who.slash("game join")
        assert not joined.failed and joined.messages == []
    started = await alice.slash("game start")
    assert not started.failed and started.messages == []
    assert "La partie commence" in world.turn_message().text

    first = called(world, players)[0]
    garbage = await first.slash("move", action="fly to the moon")  # the platform's own wording
    assert text("error.unknown_action", first.locale, action="fly to the moon") in garbage.text

    seen = await play_to_the_end(world, players, random.Random(SEED), outsider=eve)
    await check_telling(world, players, seen)

    # The end: scores in the channel, in the game's language; no buttons left anywhere.
    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert all(not playing(m) for m in world.public())
    status = await bob.slash("game status")
    assert status.ephemeral and "🏆" in status.text
    check_privacy(world, seen)
    assert seen.acks >= seen.actions - seen.stale
    print(f"{seen.actions} actions, {seen.suggestions} autocompletes, {seen.menus} menu steps")
