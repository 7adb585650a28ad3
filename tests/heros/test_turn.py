"""RB §Le tour de jeu: take a hero (face up or the deck's top), play one of 3 in the fixed order
(population, discoveries, conquest, treasure and spending), refill the face-up row."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .helpers import (
    G,
    act,
    after_setup,
    clear_board,
    force_bag,
    put,
    to_modern,
    to_play_step,
)


def test_take_a_face_up_hero_or_the_top_of_the_deck_then_three_in_hand() -> None:
    # RB §Le tour de jeu 1: « soit parmi les 3 cartes ... soit en prenant la carte (inconnue) du
    # dessus de la pioche. Ainsi, tu as 3 cartes « Héros » en main. »
    state = after_setup(3)
    row = list(state["row"])
    assert sorted(G.legal(state, 0)) == sorted([f"take {h}" for h in row] + ["take deck"])
    top = state["deck"][-1]
    taken, events = act(state, 0, "take deck")
    assert len(taken["hands"][0]) == 3 and top in taken["hands"][0]
    public = [e for e in events if e.to is None]
    assert all(top not in str(e.msg.to_json()) for e in public)  # the drawn hero stays secret
    assert any(e.to == (0,) and top in str(e.msg.to_json()) for e in events)
    taken, _ = act(state, 0, f"take {row[1]}")
    assert row[1] in taken["hands"][0] and len(taken["row"]) == 2
    assert taken["step"] == "play" and sorted(G.legal(taken, 0)) == sorted(
        f"play {h}" for h in taken["hands"][0])


def test_the_row_is_refilled_at_the_end_of_the_turn_only_if_taken_from() -> None:
    # RB §Lorsque tu as fini de jouer ton Héros: « Si tu as choisi l'une des 3 cartes « Héros »
    # visibles, tu dois retourner la première carte de la pioche afin de compléter la ligne. »
    state = after_setup(3)
    top = state["deck"][-1]
    state, _ = act(state, 0, f"take {state['row'][0]}")
    assert len(state["row"]) == 2
    state = _finish_turn(state, 0)
    assert len(state["row"]) == 3 and state["row"][-1] == top
    assert state["active"] == 1 and state["step"] == "take"  # « Le joueur à ta gauche »
    deck = len(state["deck"])
    state, _ = act(state, 1, "take deck")
    state = _finish_turn(state, 1)
    assert len(state["row"]) == 3 and len(state["deck"]) == deck - 1


def _finish_turn(state, seat):
    """Play the first hero of the hand and decline every option until the turn ends."""
    state, _ = act(state, seat, sorted(a for a in G.legal(state, seat) if a.startswith("play"))[0])
    while state["active"] == seat and state["step"] != "take":
        legal = G.legal(state, seat)
        for choice in ("end", "skip", "done"):
            if choice in legal:
                break
        else:
            choice = sorted(a for a in legal if not a.startswith("wonder"))[0]
        state, _ = act(state, seat, choice)
    return state


def test_charlemagne_places_3_in_europe_and_1_in_the_mediterranean() -> None:
    # RB §Placer des pions de Population, Exemple: « Charlemagne peut répartir ses 4 pions
    # Populations entre L'Europe et la Méditerranée. Le joueur bleu décide de mettre 3 populations
    # en Europe et 1 en Méditerranée. »
    state = to_modern(clear_board(after_setup(3)))
    to_play_step(state, "charlemagne", seat=0)
    state, _ = act(state, 0, "play charlemagne")
    assert state["step"] == "place"
    assert {a.split()[1] for a in G.legal(state, 0) if a.startswith("place")} == {
        "europe", "mediterranean"}  # « uniquement dans les Territoires d'influence »
    with pytest.raises(IllegalAction):
        act(state, 0, "place china 1")
    with pytest.raises(IllegalAction):
        act(state, 0, "place europe 5")
    state, _ = act(state, 0, "place europe 3")
    state, _ = act(state, 0, "place mediterranean 1")
    assert state["pop"]["europe"][0] == 3 and state["pop"]["mediterranean"][0] == 1
    assert state["step"] != "place"  # then the discoveries


def test_population_cannot_exceed_the_supply() -> None:
    state = clear_board(after_setup(3))
    to_play_step(state, "khufu", seat=0)  # population 7
    state["supply"][0] = 2
    state, _ = act(state, 0, "play khufu")
    assert state["turn"]["pop_left"] == 2


def test_discoveries_drawn_must_be_placed_at_most_one_per_territory() -> None:
    # RB §Piocher et poser des pions de Découvertes: « Tu dois obligatoirement jouer les
    # Découvertes trouvées », « tu ne peux poser qu'une seule Découverte par Territoire lors de ton
    # tour », « Tu n'as pas besoin d'avoir de pions de Population dans un Territoire »
    state = clear_board(after_setup(3))
    to_play_step(state, "plato", seat=0)  # 2 discoveries, Mediterranean and Middle East
    force_bag(state, ["pottery", "roads"])
    state, _ = act(state, 0, "play plato")
    state, _ = act(state, 0, "place mediterranean 2")
    assert state["step"] == "discover" and sorted(state["turn"]["drawn"]) == ["pottery", "roads"]
    assert "skip" not in G.legal(state, 0)  # no way to refuse a discovery
    state, _ = act(state, 0, "discover roads middle-east")
    assert G.legal(state, 0)[0] == "discover pottery mediterranean"
    assert not any("middle-east" in a for a in G.legal(state, 0) if a.startswith("discover"))
    state, _ = act(state, 0, "discover pottery mediterranean")
    assert state["ladders"]["middle-east"] == ["roads"]
    assert state["ladders"]["mediterranean"] == ["pottery"]
    assert state["discovered"][0] == 2


def test_discoveries_that_cannot_be_placed_are_chosen_and_returned() -> None:
    # RB: « alors tu devras choisir celle que tu poseras et tu remettras celle(s) qui reste(nt)
    # dans le sac »
    state = clear_board(after_setup(3))
    state["ladders"]["middle-east"] = ["wheel", "bronze", "iron"]  # complete
    to_play_step(state, "plato", seat=0)
    force_bag(state, ["pottery", "roads"])
    state, _ = act(state, 0, "play plato")
    state, _ = act(state, 0, "place mediterranean 2")
    assert sorted(G.legal(state, 0)) == [
        "discover pottery mediterranean", "discover roads mediterranean"]
    state, events = act(state, 0, "discover roads mediterranean")
    assert "pottery" in state["bag"] and state["turn"]["drawn"] == []
    assert any(e.msg.key == "heros.log.return" for e in events)


def test_the_order_is_fixed_population_discoveries_conquest_treasure() -> None:
    # RB: « Pars toujours du haut de la carte ... Tu dois absolument respecter cet ordre. »
    state = clear_board(after_setup(3))
    put(state, 1, "mediterranean", 3)
    to_play_step(state, "julius-caesar", seat=0)  # population 5, conquest 4, treasure 2
    state, _ = act(state, 0, "play julius-caesar")
    for early in ("conquer mediterranean @1", "buy", "end", "migrate mediterranean"):
        with pytest.raises(IllegalAction):
            act(state, 0, early)
    state, _ = act(state, 0, "place mediterranean 5")
    assert state["step"] == "conquer"  # no discovery value: « passe à la suivante »
    gold = state["gold"][0]
    state, _ = act(state, 0, "skip")  # « tu n'es pas obligé »
    assert state["step"] == "spend" and state["gold"][0] == gold + 2


def test_a_hero_with_no_conquest_value_or_nobody_to_attack_skips_the_conquest() -> None:
    # RB §Effectuer une Conquête: « uniquement s'il a une valeur supérieure à 0 », « uniquement
    # si tu possèdes au moins 1 pion de Population dans ce Territoire »
    state = clear_board(after_setup(3))
    put(state, 1, "china", 3)
    to_play_step(state, "confucius", seat=0)  # conquest 0
    force_bag(state, ["pottery", "roads"])
    state, _ = act(state, 0, "play confucius")
    state, _ = act(state, 0, "place china 3")
    state, _ = act(state, 0, "discover pottery china")
    assert state["step"] == "spend"
    state = clear_board(after_setup(3))
    put(state, 1, "africa", 3)  # the defender is there, the attacker is not
    to_play_step(state, "hannibal", seat=0)
    state, _ = act(state, 0, "play hannibal")
    state, _ = act(state, 0, "place mediterranean 4")
    assert state["step"] == "spend"
