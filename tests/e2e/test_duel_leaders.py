"""A complete game of 7 Wonders Duel with the Leaders expansion through what a Discord client
sends (modelled on test_duel.py), checking the hidden choices of the recruitment phase: until
both players have chosen, the channel only learns that a player has chosen, never what."""

from __future__ import annotations

import random

import pytest

from engine.core import Msg
from engine.duel.leaders.data import panel
from engine.i18n import translate
from tests.e2e.conftest import World
from tests.e2e.play import check_privacy, check_telling, play_to_the_end

pytestmark = pytest.mark.e2e

SEED = 5


def _names(locale: str) -> set[str]:
    return {translate(Msg(f"duel.tok.{x}"), locale) for x in panel("all")}


async def test_a_complete_game_of_duel_with_leaders(world: World,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    eve = world.player("Eve")

    opened = await ana.slash("game new", game="duel", options="leaders")
    assert not opened.failed and opened.messages == []
    assert "leaders" in world.public()[-1].text
    assert not (await ben.slash("game join")).failed
    assert not (await ana.slash("game start")).failed

    seen = await play_to_the_end(world, [ana, ben], random.Random(SEED), outsider=eve)
    await check_telling(world, [ana, ben], seen)

    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    check_privacy(world, seen)
    assert seen.acks >= seen.actions - seen.stale and seen.actions > 40
    # The recruitment phases happened, and the hidden choices stayed private until revealed:
    # every public message saying « has chosen » names no leader chosen in it.
    chose = translate(Msg("duel.log.chose", {"seat": Msg.seat(0)}), "fr", ["Ana", "Ben"])
    chose = chose.replace("Ana", "").strip()
    public = world.public()
    announcing = [m for m in public if chose in m.text]
    assert announcing, "no recruitment phase was played"
    private_choices = [line for line in seen.private if "face cachée" in line or "face down" in line]
    assert private_choices, "the players were never told their own choice privately"
    for line in set(private_choices):
        assert all(line not in m.text for m in public)
    for message in announcing:
        shown = [n for n in _names("fr") if f"révèle {n}" in message.text]
        lines = message.text.splitlines()
        chosen_lines = [x for x in lines if chose in x]
        for x in chosen_lines:
            assert not any(n in x for n in _names("fr")), x
        assert len(shown) in (0, 2)  # revealed together, or not at all
