"""A complete game of Seven Hills through what a Discord client sends (slash commands,
autocomplete, buttons, select menus), checked on what the players and a spectator see: the board
in the channel after every move, hands only in ephemeral replies, the revolt's defence asked of
the defender."""

from __future__ import annotations

import os
import random

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import check_privacy, check_telling, play_to_the_end, playing

pytestmark = pytest.mark.e2e

SEED = int(os.environ.get("SEVENHILLS_E2E_SEED", "2"))  # the seating, deal and choices


async def test_a_complete_game_of_seven_hills(world: World,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    cy = world.player("Cy", locale="en-GB")
    eve = world.player("Eve")  # watches, never seated
    players = [ana, ben, cy]

    opened = await ana.slash("game new", game="seven-hills")
    assert not opened.failed and opened.messages == []
    assert "Seven Hills" in world.public()[-1].text
    for who in (ben, cy):
        joined = await who.slash("game join")
        assert not joined.failed
    rules = await ben.slash("game rules")
    assert "RECONSTRUCTED EDITION" in rules.text
    started = await ana.slash("game start")
    assert not started.failed and started.messages == []

    seen = await play_to_the_end(world, players, random.Random(SEED), outsider=eve, limit=4000)
    await check_telling(world, players, seen)

    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert all(not playing(m) for m in world.public())
    check_privacy(world, seen)
    # the revolt's defence was asked of the defenders: some protect/done came from a seat other
    # than the one whose revolt it was
    info = await world.service.info(world.standin.channel.id, live=False)
    history = [(a.seat, a.text) for a in await world.service.store.actions(info.id)]
    verbs = {text.split()[0] for _, text in history}
    assert {"preplace", "place", "deploy", "revolt", "target", "levy", "discard"} <= verbs
    attacker = None
    for seat, text in history:
        if text.startswith("revolt "):
            attacker = seat
        if text.startswith("protect "):
            assert seat != attacker
    assert seen.acks >= seen.actions - seen.stale and seen.acks > 200  # steps played
    assert seen.carried  # the Play menu carried players through turns of several steps
    print(f"{seen.actions} actions, {seen.suggestions} autocompletes, {seen.menus} menu steps")
