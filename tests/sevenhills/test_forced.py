"""Forced steps (Game.forced) of Seven Hills: the lone actions played without asking
(data/sevenhills/README.md, reading 17). Seven Hills, French rules (D. Duchon, V1.0)."""

from __future__ import annotations

from functools import cache

import pytest

from engine.core import copy_state
from engine.sevenhills.game import FORCED_PHASES
from tests.support import lone_asks

from .helpers import G, act


@cache
def lone(players: int) -> dict[str, list]:
    return lone_asks(G, players, {}, range(4), lambda state, seat: state["phase"])


@pytest.mark.parametrize("players", [3, 4])
def test_V1_revolt_the_last_possible_target_is_chosen_without_asking(players):
    """§V.1 Révolte (b): « vous ne pouvez pas vous rétracter et changer de cible »: once the
    revolt is declared, a target with no alternative (the board and the supply are public) is
    taken at once; a choice of targets is asked."""
    for state, seat in lone(players)["target"]:
        text = G.forced(state, seat)
        assert text is not None and G.legal(state, seat) == [text]
        assert text.startswith("target @")
        act(state, seat, text)  # a legal action


def test_V1_3_the_one_card_left_is_discarded_without_asking():
    """§V.1 (3): « Votre tour se termine en défaussant 1 carte de votre main »: with one card
    in hand (hand sizes are public) it is discarded at once; with two the player chooses."""
    found = [(s, seat) for players in (3, 4) for s, seat in lone(players).get("discard", [])]
    assert found
    for state, seat in found:
        assert state["hands"][seat] == [G.forced(state, seat).split()[1]]
    state, seat = copy_state(found[0][0]), found[0][1]
    state["hands"][seat].append(state["deck"][-1])
    assert len(G.legal(state, seat)) == 2 and G.forced(state, seat) is None


def test_no_other_phase_is_forced():
    assert set(FORCED_PHASES) == {"target", "discard"}
    for players in (3, 4):
        for phase, found in lone(players).items():
            for state, seat in found:
                assert (G.forced(state, seat) is not None) == (phase in FORCED_PHASES)
