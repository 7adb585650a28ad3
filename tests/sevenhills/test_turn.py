"""The placement phase's turn (Seven Hills, French rules V1.0, §V.1): take cards (1), exactly one action
(2), discard one card (3); hand limits I and II; the Temple of Jupiter; exchange."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.sevenhills.turn import end_turn
from tests.support import keys

from .helpers import G, act, at_act, cards_of, give, started


def test_take_one_from_the_discard_or_two_from_the_deck() -> None:
    # §V.1 (1) « piocher 1 carte du dessus de la défausse ou 2 cartes du dessus du paquet »
    state = started()
    top = state["discard"][-1]
    assert sorted(G.legal(state, 0)) == ["take deck", "take pile"]
    after, _ = act(state, 0, "take pile")
    assert top in after["hands"][0] and len(after["hands"][0]) == 5
    after, ev = act(state, 0, "take deck")
    assert len(after["hands"][0]) == 6 and after["deck"] == state["deck"][:-2]
    assert after["phase"] == "act"
    private = [e for e in ev if e.to is not None]
    assert private and all(e.to == (0,) for e in private)


def test_hand_limit_one_from_the_deck_at_six() -> None:
    # Limite de main I: « Si vous avez 6 cartes en main, vous ne pouvez en piocher qu'une »
    state = started()
    state = give(state, 0, state["deck"][-6:])
    after, _ = act(state, 0, "take deck")
    assert len(after["hands"][0]) == 7


def test_a_full_hand_takes_nothing() -> None:
    # « vous pouvez avoir jusqu'à 7 cartes en main » : with 7, the take step has no choice
    state = started()
    state = give(state, 0, state["deck"][-7:])
    state["phase"] = "discard"
    state["hands"][0].append(state["deck"].pop())
    state, _ = act(state, 0, f"discard {state['hands'][0][0]}")  # seat 0 back to 7 cards
    assert len(state["hands"][0]) == 7
    state["turn"] = 2  # the next turn is seat 0's again
    ev = end_turn(state)
    assert state["phase"] == "act" and "seven-hills.log.no_take" in keys(ev)
    with pytest.raises(IllegalAction):
        act(state, 0, "draw")  # no room either (limit 7)


def test_exactly_one_action_then_one_discard() -> None:
    # §V.1 (2) « une et une seule des actions »; (3) « Votre tour se termine en défaussant 1 carte »
    state = at_act(started())
    state, _ = act(state, 0, "draw")
    assert state["phase"] == "discard"
    with pytest.raises(IllegalAction, match="expect.discard"):
        act(state, 0, "draw")
    card = state["hands"][0][0]
    state, _ = act(state, 0, f"discard {card}")
    assert state["discard"][-1] == card
    assert state["phase"] == "take" and list(G.prompt(state)) == [1]  # clockwise


def test_draw_per_the_temple_which_flips() -> None:
    # § Pioche: « autant de cartes ... qu'indiqué sur le temple (1 ou 2). Le jeton ... basculé »
    state = at_act(started())
    assert state["temple"] == 2
    after, _ = act(state, 0, "draw")
    assert len(after["hands"][0]) == 6 and after["temple"] == 1
    state["temple"] = 1
    after, _ = act(state, 0, "draw")
    assert len(after["hands"][0]) == 5 and after["temple"] == 2


def test_draw_at_six_takes_one_and_still_flips() -> None:
    # « Vous devez piocher 1 carte au lieu de 2 ... si vous avez 6 cartes en main. Le jeton du
    # temple se déplace normalement dans ce cas. »
    state = at_act(started())
    state = give(state, 0, state["deck"][-6:])
    after, _ = act(state, 0, "draw")
    assert len(after["hands"][0]) == 7 and after["temple"] == 1


def test_exchange_one_to_three_cards() -> None:
    # § Echange: « Défaussez 1 ~ 3 cartes de votre main et remplacez-les par le même nombre »
    state = at_act(started())
    hand = state["hands"][0]
    three = " ".join(sorted(hand[:3], key=G_order))
    after, _ = act(state, 0, f"exchange {three}")
    assert len(after["hands"][0]) == 4
    assert set(hand[:3]) <= set(after["discard"])
    four = " ".join(sorted(hand, key=G_order))
    with pytest.raises(IllegalAction, match="exchange_rule"):
        act(state, 0, f"exchange {four}")


def G_order(card: str) -> int:
    from engine.sevenhills.components import load

    return load().order(card)


def test_empty_hand_costs_ten_prestige() -> None:
    # Limite de main II: « Si vous n'avez aucune carte en main après l'action, vous perdez
    # immédiatement 10 points de prestige (et la partie continue) »
    state = at_act(started())
    state = give(state, 0, cards_of("red", "knight") + cards_of("red", "noble"))
    state, ev = act(state, 0, "place red-noble red-knight-1 red-knight-2")
    for _ in range(3):
        state, e = act(state, 0, G.legal(state, 0)[0])
        ev += e
    while state["phase"] == "power":
        state, e = act(state, 0, "done")
        ev += e
    assert state["prestige"][0] == -10
    assert "seven-hills.log.empty_hand" in keys(ev)
    assert state["phase"] == "take" and list(G.prompt(state)) == [1]


def test_used_cards_are_discarded_face_up() -> None:
    # « Les cartes utilisées sont défaussées face visible »
    state = at_act(started())
    state = give(state, 0, cards_of("blue", "plebeian")[:3] + ["red-slave-1"])
    state, _ = act(state, 0, "place blue-plebeian-1 blue-plebeian-2 blue-plebeian-3")
    assert state["discard"][-3:] == ["blue-plebeian-1", "blue-plebeian-2", "blue-plebeian-3"]


def test_not_your_turn_and_garbage_change_nothing() -> None:
    state = started()
    for seat, text in ((1, "take deck"), (0, "fly"), (0, "take"), (0, "place")):
        with pytest.raises(IllegalAction):
            act(state, seat, text)
    with pytest.raises(IllegalAction, match="not_in_hand"):
        act(at_act(state), 0, "exchange purple-noble" if "purple-noble" not in state["hands"][0]
            else "exchange red-noble")


def test_an_empty_deck_is_rebuilt_from_the_discard_pile_under_its_top() -> None:
    # reading 11 of data/sevenhills/README.md (the text is silent)
    state = at_act(started())
    state["discard"] = state["deck"][:-1] + state["discard"]
    state["deck"] = state["deck"][-1:]
    top = state["discard"][-1]
    after, _ = act(state, 0, "draw")
    assert len(after["hands"][0]) == 6 and after["discard"] == [top]
    assert after["reshuffles"] == 1
