"""Setup with the Agora option (001_0bfc4baf4f650892.txt §MISE EN PLACE, §MATÉRIEL; 7wd.md §2)."""

from __future__ import annotations

from collections import Counter

from engine.core import parse_options
from engine.duel import cards as C
from engine.duel.agora import data as agora_data
from engine.duel.agora.senate import supply

from .helpers import G, new


def test_the_option_is_named_agora() -> None:
    # Issue: « Option `agora` on `duel` »
    assert "agora" in [o.name for o in G.options]
    assert parse_options(G, ["agora"]) == {"agora": True}


def test_without_the_option_the_base_game_is_unchanged() -> None:
    state = G.setup(2, 1, {})
    assert "agora" not in state
    assert [len(state["decks"][a]) for a in "123"] == [20, 20, 20]


def test_twelve_cubes_each() -> None:
    # 001_0bfc4baf4f650892.txt §MATÉRIEL « 24 cubes Influence (12 bronzes et 12 argents) »; §MISE EN PLACE « Prenez chacun les 12 cubes »
    state = new()
    assert supply(state, 0) == supply(state, 1) == 12


def test_six_chambers_with_their_sections_and_points() -> None:
    # 001_0bfc4baf4f650892.txt §ÉLÉMENTS DE JEU « Plateau Sénat »: 2 chambers per section; 7wd.md §2.1 points 1/2/3/3/2/1
    chambers = agora_data.load().chambers
    assert [c.section for c in chambers] == ["left", "left", "centre", "centre", "right", "right"]
    assert [c.points for c in chambers] == [1, 2, 3, 3, 2, 1]


def test_six_random_decrees_three_face_up() -> None:
    # 001_0bfc4baf4f650892.txt §MISE EN PLACE: « Prenez-en 6 aléatoirement et placez-en 1 sur chaque zone Décret »;
    # « Placez les jetons Décret restants dans la boîte sans les regarder »; 7wd.md §2.1: 1, 3, 5 up
    state = new(3)
    senate = state["agora"]["senate"]
    assert all(len(ch["decrees"]) == 1 for ch in senate)
    assert [ch["decrees"][0]["up"] for ch in senate] == [True, False, True, False, True, False]
    placed = [ch["decrees"][0]["id"] for ch in senate] + state["agora"]["decree_box"]
    assert sorted(placed) == sorted(agora_data.load().decrees)
    others = {tuple(d["decrees"][0]["id"] for d in new(s)["agora"]["senate"]) for s in range(10)}
    assert len(others) > 1  # random


def test_senators_are_shuffled_into_the_ages_5_5_3() -> None:
    # 001_0bfc4baf4f650892.txt §MISE EN PLACE « Âge I : 5 cartes Sénateur, Âge II : 5, Âge III : 3 »
    state = new(2)
    counts = [sum(C.get(c).kind == "senator" for c in state["decks"][a]) for a in "123"]
    assert counts == [5, 5, 3]
    # « sans oublier de retirer 3 cartes de chaque paquet »: 20 + 5, 20 + 5, 20 + 3
    assert [len(state["decks"][a]) for a in "123"] == [25, 25, 23]
    senators = [c for a in "123" for c in state["decks"][a] if C.get(c).kind == "senator"]
    assert sorted(senators) == sorted(agora_data.load().senators)
    kinds = Counter(agora_data.load().senators[s]["kind"] for s in senators)
    assert kinds == {"politician": 7, "conspirator": 6}  # §MATÉRIEL


def test_structures_hold_25_25_23_cards() -> None:
    # 001_0bfc4baf4f650892.txt §MISE EN PLACE DE LA STRUCTURE; 7wd.md §2.8
    layouts = agora_data.load().structures
    assert [len(layouts[a]) for a in (1, 2, 3)] == [25, 25, 23]
    assert sum(s.face_up for s in layouts[3]) == 12


def test_wonders_and_progress_tokens_are_added_to_the_pools() -> None:
    # 001_0bfc4baf4f650892.txt §ÉLÉMENTS DE JEU « Cartes Merveille », « Jetons Progrès »: added to the base ones
    state = new(4)
    wonders = state["draft"]["offer"] + state["wonder_pool"]
    assert len(wonders) == 14 and {"curia-julia", "knossos"} <= set(wonders)
    tokens = state["board_tokens"] + state["box_tokens"]
    assert len(state["board_tokens"]) == 5 and len(tokens) == 12
    assert {"corruption", "organized-crime"} <= set(tokens)


def test_conspiracy_deck_of_sixteen() -> None:
    # 001_0bfc4baf4f650892.txt §MISE EN PLACE « Mélangez les cartes Complot pour former une pioche, face cachée »
    state = new()
    assert sorted(state["agora"]["plot_deck"]) == sorted(agora_data.load().plots)
    assert state["agora"]["plots"] == [[], []]


def test_military_tokens_are_replaced() -> None:
    # 001_0bfc4baf4f650892.txt §MISE EN PLACE « Placez les nouveaux jetons Militaire »; 7wd.md §2.7
    assert agora_data.load().military == ("purge", "influence", "influence", "purge")
    view = G.view(new(), None)
    assert view["agora"]["military"] == ["purge", "influence", "influence", "purge"]


def test_same_seed_same_game() -> None:
    assert new(9) == new(9)
