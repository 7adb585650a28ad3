"""Setup (Seven Hills, French rules V1.0, §IV): turn order, 4 cards each, the deck and the discard's
first card, the Temple of Jupiter token on 2, the round counter at the start, pre-placement of
plebeians by seat (0/1/1 with 3 players, 0/1/1/2 with 4) on the hills and the Forum."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.sevenhills import board as B

from .helpers import C, G, act


@pytest.mark.parametrize("players", [3, 4])
def test_cards_deck_and_discard(players: int) -> None:
    state = G.setup(players, 7, {})
    # §IV.3 « Chaque joueur reçoit 4 cartes clients »; §IV.4 one card face up beside the deck
    assert [len(h) for h in state["hands"]] == [4] * players
    assert len(state["discard"]) == 1
    assert len(state["deck"]) == 84 - 4 * players - 1
    every = sorted(state["deck"] + state["discard"] + [k for h in state["hands"] for k in h])
    assert every == sorted(k.id for k in C.cards)


def test_player_counts_and_the_key() -> None:
    assert G.key == "seven-hills" and (G.min_players, G.max_players) == (3, 4)
    for bad in (2, 5):
        with pytest.raises(IllegalAction):
            G.setup(bad, 1, {})


@pytest.mark.parametrize("players", [3, 4])
def test_order_temple_counter_and_markers(players: int) -> None:
    state = G.setup(players, 3, {})
    # §IV.2 the first player then clockwise; §IV.5 temple on 2, counters on their start
    assert state["order"] == list(range(players))
    assert state["temple"] == 2 and state["counter"] == 0 and state["era"] == 1
    assert state["prestige"] == [0] * players
    assert state["limit"] == C.round_limit[players]
    assert all(s == C.markers for s in state["supply"])  # §IV.1 all markers of one's colour


@pytest.mark.parametrize("players,counts", [(3, [0, 1, 1]), (4, [0, 1, 1, 2])])
def test_pre_placement_by_seat(players: int, counts: list[int]) -> None:
    # §IV.6 (captions): 2nd and 3rd players 1 plebeian, 4th 2; in turn order, once
    state = G.setup(players, 3, {})
    assert state["phase"] == "preplace"
    assert state["preplace"] == [s for s in range(players) for _ in range(counts[s])]
    placed = [0] * players
    while state["phase"] == "preplace":
        (seat,) = G.prompt(state)
        legal = G.legal(state, seat)
        # « excepté Capitolium et Campus Martius, toutes les collines et le Forum Romanum »,
        # the hills of later eras included
        assert sorted(t.split()[1] for t in legal) == sorted([*C.hills, "forum"])
        state, _ = act(state, seat, "preplace esquiline")
        placed[seat] += 1
    assert placed == counts
    assert [B.count(state, "esquiline", s, "plebeian") for s in range(players)] == counts
    assert state["phase"] == "take" and list(G.prompt(state)) == [0]


def test_pre_placement_refuses_capitolium_and_campus() -> None:
    state = G.setup(3, 3, {})
    for where in ("capitolium", "campus"):
        with pytest.raises(IllegalAction):
            act(state, 1, f"preplace {where}")
    with pytest.raises(IllegalAction):
        act(state, 0, "preplace palatine")  # the first player has none to place


def test_same_seed_same_game() -> None:
    assert G.setup(4, 99, {}) == G.setup(4, 99, {})
    assert G.setup(4, 99, {})["deck"] != G.setup(4, 98, {})["deck"]
