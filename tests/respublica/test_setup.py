"""Res Publica (Reiner Knizia, Queen Games), French rulebook ("003" below):
« Matériel de jeu », « Préparation du jeu », « Res Publica classique »."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import IllegalAction
from engine.respublica import ResPublica
from engine.respublica.cards import variant

from .helpers import G, new


def test_registry_maps_res_publica_to_the_class():
    game = registry.get("res-publica")
    assert isinstance(game, ResPublica)
    assert (game.key, game.module, game.min_players, game.max_players) == (
        "res-publica", "respublica", 3, 5)
    assert [o.name for o in game.options] == ["classic"]


def test_materiel_de_jeu_65_people_and_65_civilisation_cards():
    """003, Matériel de jeu: 12 of each of five peoples + 5 monks; 12 of each of five
    civilisation kinds + 5 books."""
    v = variant("full")
    assert v.kinds == ("anglo-saxons", "huns", "vikings", "goths", "lombards", "monks",
                       "alchemy", "commerce", "shipbuilding", "architecture", "metallography",
                       "books")
    assert [v.counts[k] for k in v.kinds] == [12] * 5 + [5] + [12] * 5 + [5]
    assert all(v.family[k] == "people" for k in v.kinds[:6])
    assert all(v.family[k] == "civilisation" for k in v.kinds[6:])
    assert v.total == 130


def test_materiel_de_jeu_point_cards():
    """003, Matériel de jeu: 10 cities of 3, 2 churches of 7, 10 towns, 2 libraries (24 cards)."""
    v = variant("full")
    assert v.piles["city"] == [3] * 10
    assert v.piles["church"] == [7, 7]
    assert v.piles["library"] == [0, 0]
    assert sum(len(p) for p in v.piles.values()) == 24


def test_preparation_towns_sorted_9_on_top_4_at_the_bottom():
    """003, Préparation du jeu: « La carte 9 est sur le dessus du tas, suivies des deux cartes de
    valeur 8, etc.. jusqu'aux cartes de valeur 4, tout en dessous »."""
    state = new()
    assert G.view(state, None)["piles"]["towns"] == [9, 8, 8, 7, 7, 6, 6, 5, 5, 4]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_preparation_each_player_gets_4_people_cards(players):
    """003, Préparation du jeu: « Chaque joueur reçoit 4 cartes » from the shuffled people cards;
    the civilisation deck stays whole."""
    state = new(players)
    v = variant("full")
    for hand in state["hands"]:
        assert sum(hand.values()) == 4
        assert all(v.family[k] == "people" for k, n in hand.items() if n)
    view = G.view(state, None)
    assert view["piles"]["people"] == 65 - 4 * players
    assert view["piles"]["civilisation"] == 65
    assert (view["piles"]["cities"], view["piles"]["churches"], view["piles"]["libraries"]) == (
        10, 2, 2)


def test_preparation_seat_0_starts():
    """003, Préparation du jeu: « Le joueur le plus âgé commence » — the service shuffles
    seating, so seat 0 starts."""
    state = new()
    assert G.prompt(state).keys() == {0}
    assert G.view(state, None)["active"] == 0


def test_preparation_decks_are_shuffled_by_the_seed():
    """003, Préparation du jeu: « Les cartes de civilisation sont mélangées ... Ensuite les cartes
    des peuples »; same seed, same order; another seed, another order."""
    assert new(seed=5) == new(seed=5)
    assert new(seed=5)["decks"] != new(seed=6)["decks"]


def test_player_count_is_checked():
    with pytest.raises(IllegalAction):
        G.setup(2, 1, {})
    with pytest.raises(IllegalAction):
        G.setup(6, 1, {})


def test_classique_no_monks_books_churches_libraries():
    """003, Res Publica classique: « Il manque les moines, les livres, les églises et les
    bibliothèques »; « seuls 2 tas de cartes des points seront formés (cités et villes) »;
    140 cards = 120 + 20 point cards."""
    v = variant("classic")
    assert "monks" not in v.kinds and "books" not in v.kinds
    assert v.total == 120
    assert set(v.piles) == {"town", "city"}
    assert sum(len(p) for p in v.piles.values()) + v.total == 140
    state = new(classic=True)
    view = G.view(state, None)
    assert view["variant"] == "classic"
    assert view["piles"]["churches"] == 0 and view["piles"]["libraries"] == 0
    assert [k["kind"] for k in view["kinds"]] == list(v.kinds)
    assert view["piles"]["people"] + 12 == 60 and view["piles"]["civilisation"] == 60


def test_cards_json_cites_the_rulebook_everywhere():
    """Every data entry carries a provenance (ARCHITECTURE: component data cites the rulebook)."""
    from engine.respublica.cards import raw

    src = raw()
    entries = src["kinds"] + src["groups"] + src["piles"] + [
        src["deal"], src["draw"], src["trade"], src["scoring"]]
    assert all(e.get("provenance") for e in entries)
