"""Hints for learners through what a Discord client sends (issue 28 item 6): a Duel game
opened with the option `hints`, a few moves in, where the player asked gets the medium computer
player's move with `/move hint` and with the Hint button of the Play menu, privately and in
their language, and plays it; the other player is refused; every turn post shows the marker."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import called, text
from tests.support import fix_seed

pytestmark = pytest.mark.e2e

MOVES = 4  # the wonder draft's first picks: enough to ask from both seats and both ways


async def test_hints_by_command_and_by_button_in_a_duel(world: World,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 5)
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    assert not (await ana.slash("game new", game="duel", options="hints")).failed
    assert "💡 Aides activées" in world.public()[-1].text  # the lobby post, in the game's French
    assert not (await ben.slash("game join")).failed
    assert not (await ana.slash("game start")).failed
    for n in range(MOVES):
        posts = len(world.public())
        turn = world.turn_message()
        assert "· 💡 aides activées" in turn.text.splitlines()[0]
        [asked] = called(world, [ana, ben])
        other = ben if asked is ana else ana
        if n % 2 == 0:  # typed: /move hint
            hinted = await asked.slash("move", action="hint")
        else:  # the Hint button of the Play menu
            opened = await world.click_on_turn(asked, "tabula:play:")
            [menu] = opened.messages
            hinted = await asked.click(menu, next(c for c in menu.custom_ids()
                                                  if c.startswith("tabula:hint:")))
        assert hinted.ephemeral, hinted.text
        lead = ("💡 Coup suggéré (celui du joueur ordinateur moyen) :" if asked is ana
                else "💡 Suggested move (the medium computer player's):")
        assert hinted.text.startswith(lead), hinted.text
        refused = await other.slash("move", action="hint")
        locale = "fr" if other is ana else "en"
        assert refused.ephemeral and text("error.hint_not_asked", locale) in refused.text
        assert len(world.public()) == posts  # hints post nothing
        action = hinted.text.splitlines()[-1].strip("`").removeprefix("/move ")
        assert not (await asked.slash("move", action=action)).failed  # the hinted move plays
    assert not world.errors
