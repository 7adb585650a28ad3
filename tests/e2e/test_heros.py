"""A complete game of Héros du Monde through what a Discord client sends (slash commands,
autocomplete, buttons, select menus), checked on what the players and a spectator see: the
channel, and each one's ephemeral replies (a hero taken from the deck is told to its taker
only). Outside-the-turn questions (a defender's wonder, Exodus, Ajanta) reach the asked seat
through the same turn message."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import check_privacy, check_telling, play_to_the_end, playing

pytestmark = pytest.mark.e2e

SEED = 3


async def test_a_complete_game_of_heros(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    cleo = world.player("Cléo", locale="en-GB")
    eve = world.player("Eve")  # watches, never seated
    players = [ana, ben, cleo]

    opened = await ana.slash("game new", game="heros")
    assert not opened.failed and opened.messages == []
    assert "Héros du Monde" in world.public()[-1].text
    for who in (ben, cleo):
        joined = await who.slash("game join")
        assert not joined.failed
    started = await ana.slash("game start")
    assert not started.failed and started.messages == []

    seen = await play_to_the_end(world, players, random.Random(SEED), outsider=eve, limit=3000)
    await check_telling(world, players, seen)

    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert all(not playing(m) for m in world.public())
    check_privacy(world, seen)
    assert seen.acks >= seen.actions - seen.stale and seen.acks > 200  # steps played
    assert seen.carried  # the Play menu carried players through turns of several steps
    print(f"{seen.actions} actions, {seen.suggestions} autocompletes, {seen.menus} menu steps")
