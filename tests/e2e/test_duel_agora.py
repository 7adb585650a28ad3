"""A complete game of 7 Wonders Duel with the Agora expansion (`/game new duel options:agora`),
played only through what a Discord client sends, checked on what the players and a spectator
see: no conspiracy ever named in the channel before it is triggered, no face-down decree named,
and what was shown to one player only (conspiracies drawn, Espionage, Treason) kept private."""

from __future__ import annotations

import random

import pytest

from engine.core import Msg
from engine.duel.agora import data as agora_data
from engine.i18n import translate
from tests.e2e.conftest import World
from tests.e2e.play import check_privacy, check_telling, play_to_the_end, playing

pytestmark = pytest.mark.e2e

SEED = 5


async def test_a_complete_game_of_duel_with_agora(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    eve = world.player("Eve")  # watches, never seated

    opened = await ana.slash("game new", game="duel", options="agora")
    assert not opened.failed and opened.messages == []
    lobby = world.public()[-1]
    assert "7 Wonders Duel" in lobby.text and "agora" in lobby.text
    assert not (await ben.slash("game join")).failed
    assert not (await ana.slash("game start")).failed

    seen = await play_to_the_end(world, [ana, ben], random.Random(SEED), outsider=eve)
    await check_telling(world, [ana, ben], seen)

    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert all(not playing(m) for m in world.public())
    assert all(m.attachment("hand.png") is None for m in world.public())
    assert seen.acks >= seen.actions - seen.stale and seen.actions > 30
    public = "\n".join(m.text for m in world.public())
    assert any(word in public for word in ("Sénat", "Chambre", "Comploteur", "Politicien"))
    # A conspiracy appears in the channel only in the line of its triggering.
    triggers = [
        translate(Msg("duel.agora.log.trigger", {"seat": "", "plot": ""}), loc).strip(" !:")
        for loc in ("en", "fr")
    ]
    for pid in agora_data.load().plots:
        for locale in ("en", "fr"):
            label = translate(Msg(f"duel.tok.{pid}"), locale)
            for line in public.splitlines():
                if label in line:
                    assert any(t in line for t in triggers), line
    if seen.private:
        check_privacy(world, seen)
