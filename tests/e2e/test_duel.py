"""A complete game of 7 Wonders Duel through what a Discord client sends (issue 8: « each other
game gets such a test once it lands »), checked on what the two players and a spectator see."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import check_telling, play_to_the_end, playing

pytestmark = pytest.mark.e2e

SEED = 5


async def test_a_complete_game_of_duel(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    eve = world.player("Eve")  # watches, never seated

    opened = await ana.slash("game new", game="duel")
    assert not opened.failed and opened.messages == []
    assert "7 Wonders Duel" in world.public()[-1].text
    joined = await ben.slash("game join")
    assert not joined.failed
    third = await eve.slash("game join")  # two players only
    assert third.ephemeral and "2" in third.text
    started = await ana.slash("game start")
    assert not started.failed and started.messages == []

    seen = await play_to_the_end(world, [ana, ben], random.Random(SEED), outsider=eve)
    await check_telling(world, [ana, ben], seen)

    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert all(not playing(m) for m in world.public())
    assert all(m.attachment("hand.png") is None for m in world.public())
    assert seen.acks >= seen.actions - seen.stale and seen.actions > 30
