"""Recruiting senators (001_0bfc4baf4f650892.txt §A. RECRUTER UN SÉNATEUR; 7wd.md §2.2)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.duel.agora.senate import supply

from .helpers import act, agora, coins, cubes, decree, give, legal, offer, ready, run, tokens


def test_first_senator_free_then_one_coin_more_each() -> None:
    # 001_0bfc4baf4f650892.txt §A « Le coût des cartes Sénateur est égal au nombre de cartes Sénateur que vous possédez déjà »
    state = ready()
    offer(state, "conspirator-a", "conspirator-b", "conspirator-c")
    assert "recruit conspirator-a free" in legal(state, 0, "recruit")
    agora(state)["senators"][0] = ["politician-left-a", "politician-left-b"]
    assert "recruit conspirator-a pay 2" in legal(state, 0, "recruit")
    before = state["players"][0]["coins"]
    state, _ = act(state, 0, "recruit conspirator-a pay 2")
    assert state["players"][0]["coins"] == before - 2
    assert agora(state)["senators"][0][-1] == "conspirator-a"


def test_corruption_makes_senators_free() -> None:
    # 001_0bfc4baf4f650892.txt §DESCRIPTION DES SYMBOLES « Jetons Progrès »: « Tous les Sénateurs ... sont désormais gratuits »
    state = ready()
    offer(state, "conspirator-a")
    agora(state)["senators"][0] = ["politician-left-a", "politician-left-b"]
    tokens(state, 0, "corruption")
    assert "recruit conspirator-a free" in legal(state, 0, "recruit")


def test_a_senator_unaffordable_is_not_offered() -> None:
    state = ready()
    offer(state, "conspirator-a")
    agora(state)["senators"][0] = ["politician-left-a", "politician-left-b"]
    coins(state, 0, 1)
    assert legal(state, 0, "recruit conspirator-a") == []
    with pytest.raises(IllegalAction):
        act(state, 0, "recruit conspirator-a pay 2")


def test_a_senator_is_played_like_an_age_card_but_never_constructed() -> None:
    # 001_0bfc4baf4f650892.txt §A « Vous pouvez jouer une carte Sénateur pour recruter un Sénateur, construire une
    # Merveille, ou la défausser pour prendre des Pièces »
    state = ready()
    offer(state, "politician-left-a")
    assert legal(state, 0, "construct politician-left-a") == []
    assert legal(state, 0, "discard politician-left-a")
    state["players"][0]["coins"] = 30
    assert legal(state, 0, "wonder the-pyramids politician-left-a")


@pytest.mark.parametrize(("blue", "actions"), [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (6, 3)])
def test_politician_actions_by_blue_cards(blue: int, actions: int) -> None:
    # 001_0bfc4baf4f650892.txt §A Politicien: « Nombre de cartes Bleues dans votre Cité 0-1 2-3 4+ / actions 1 2 3 »
    state = ready()
    give(state, 0, *["altar", "baths", "theater", "temple", "courthouse", "statue"][:blue])
    offer(state, "politician-centre-a")
    state, _ = act(state, 0, "recruit politician-centre-a free")
    assert state["phase"] == "senate" and state["pending"][0]["left"] == actions


def test_decree_adds_two_blue_cards_for_senate_actions() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « vous ajoutez 2 au nombre total de cartes Bleues que vous possédez »
    state = ready()
    decree(state, 1, "decree-senate")
    cubes(state, 1, 1, 0)
    offer(state, "politician-centre-a")
    state, _ = act(state, 0, "recruit politician-centre-a free")
    assert state["pending"][0]["left"] == 2


def test_worked_example_left_politician_with_three_blue_cards() -> None:
    # 001_0bfc4baf4f650892.txt §A « Exemple : ... section de gauche et vous possédez 3 cartes Bleues ... 2 actions au
    # Sénat. Vous choisissez de réaliser 1 Placement d'Influence et 1 Déplacement d'Influence. »
    state = ready()
    give(state, 0, "altar", "baths", "theater")
    offer(state, "politician-left-a")
    state, _ = act(state, 0, "recruit politician-left-a free")
    places = legal(state, 0, "place")
    assert places == ["place 1", "place 2"]  # « dans la Chambre de votre choix au sein de la section »
    state, _ = act(state, 0, "place 2")
    # « Vous pouvez déplacer un cube Influence que vous venez de placer »
    assert set(legal(state, 0, "move")) == {"move 2 1", "move 2 3"}
    state, _ = act(state, 0, "move 2 3")
    assert [ch["cubes"] for ch in agora(state)["senate"]][:3] == [[0, 0], [0, 0], [1, 0]]
    assert state["phase"] == "play" and state["active"] == 1  # the turn is over


def test_placements_may_be_split_between_the_two_chambers_of_the_section() -> None:
    # 001_0bfc4baf4f650892.txt §A « vous êtes libre de répartir vos cubes Influence entre les 2 Chambres »
    state = ready()
    give(state, 0, "altar", "baths")
    offer(state, "politician-right-a")
    state, _ = run(state, (0, "recruit politician-right-a free"), (0, "place 5"), (0, "place 6"))
    assert [ch["cubes"][0] for ch in agora(state)["senate"]] == [0, 0, 0, 0, 1, 1]


def test_the_same_cube_may_move_several_times() -> None:
    # 001_0bfc4baf4f650892.txt §A « Vous pouvez déplacer plusieurs fois le même cube Influence »
    state = ready()
    give(state, 0, "altar", "baths", "theater", "temple")
    offer(state, "politician-left-a")
    state, _ = run(state, (0, "recruit politician-left-a free"), (0, "place 1"), (0, "move 1 2"), (0, "move 2 3"))
    assert agora(state)["senate"][2]["cubes"] == [1, 0]


def test_no_cube_left_no_placement() -> None:
    # 001_0bfc4baf4f650892.txt §A « Si vous n'avez plus de cubes Influence devant vous, vous ne pouvez plus effectuer
    # l'action Placement d'Influence »
    state = ready()
    cubes(state, 3, 12, 0)
    assert supply(state, 0) == 0
    offer(state, "politician-left-a")
    state, _ = act(state, 0, "recruit politician-left-a free")
    assert legal(state, 0, "place") == [] and legal(state, 0, "move") == ["move 3 2", "move 3 4"]


def test_senate_actions_are_optional() -> None:
    # 001_0bfc4baf4f650892.txt §A « vous pouvez effectuer un nombre d'actions »
    state = ready()
    offer(state, "politician-left-a")
    state, _ = run(state, (0, "recruit politician-left-a free"), (0, "skip"))
    assert state["active"] == 1 and supply(state, 0) == 12


def test_conspirator_places_anywhere_or_conspires() -> None:
    # 001_0bfc4baf4f650892.txt §A Comploteur: « Placement d'Influence : placez 1 seul de vos cubes ... dans la Chambre de
    # votre choix » / « Comploter : piochez 2 cartes Complot »
    state = ready()
    offer(state, "conspirator-a")
    state, _ = act(state, 0, "recruit conspirator-a free")
    assert set(legal(state, 0)) == {f"place {i}" for i in range(1, 7)} | {"conspire", "skip"}
    placed, _ = act(state, 0, "place 4")
    assert agora(placed)["senate"][3]["cubes"] == [1, 0] and placed["active"] == 1


@pytest.mark.parametrize("where", ["top", "bottom"])
def test_conspire_draws_two_keeps_one_and_returns_the_other(where: str) -> None:
    # 001_0bfc4baf4f650892.txt §A « choisissez-en 1 que vous placez devant vous, face cachée, et replacez la deuxième
    # au-dessus ou en-dessous de la pioche (selon votre choix) »
    state = ready()
    offer(state, "conspirator-a")
    deck = list(agora(state)["plot_deck"])
    state, events = run(state, (0, "recruit conspirator-a free"), (0, "conspire"))
    assert state["phase"] == "keep" and agora(state)["draw"] == deck[:2]
    assert any(e.to == (0,) for e in events)  # only the drawer is told which
    state, _ = act(state, 0, f"keep 2 {where}")
    assert [p["id"] for p in agora(state)["plots"][0]] == [deck[1]]
    rest = agora(state)["plot_deck"]
    assert (rest[0] if where == "top" else rest[-1]) == deck[0] and len(rest) == 15


def test_organized_crime_keeps_both() -> None:
    # 001_0bfc4baf4f650892.txt §Jetons Progrès « Lorsque vous Complotez, conservez les 2 cartes Complot piochées »
    state = ready()
    tokens(state, 0, "organized-crime")
    offer(state, "conspirator-a")
    deck = list(agora(state)["plot_deck"])
    state, _ = run(state, (0, "recruit conspirator-a free"), (0, "conspire"))
    assert [p["id"] for p in agora(state)["plots"][0]] == deck[:2] and state["active"] == 1


def test_conspirator_decree_gives_another_turn() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « Lorsque vous recrutez un Comploteur, vous jouez immédiatement un nouveau tour »
    state = ready()
    decree(state, 3, "decree-conspirator")
    cubes(state, 3, 1, 0)
    offer(state, "conspirator-a")
    state, _ = run(state, (0, "recruit conspirator-a free"), (0, "skip"))
    assert state["phase"] == "play" and state["active"] == 0
