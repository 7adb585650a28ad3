"""Res Publica (Reiner Knizia, Queen Games), French rulebook ("003" below):
« Poser les cartes » and « Piocher des cartes »."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .helpers import G, act, keys, new, run, set_hand


def err(state, seat, text) -> str:
    with pytest.raises(IllegalAction) as info:
        act(state, seat, text)
    return info.value.msg.key


def groups(state, seat):
    return [(g["kind"], g["count"], g["card"], g["value"]) for g in state["groups"][seat]]


# --- Poser les cartes ------------------------------------------------------------------------


def test_five_identical_people_cards_make_a_city_worth_3():
    """003, Poser les cartes: « 5 cartes des peuples identiques (sauf moines) rapportent une carte
    « cité » ... Les cartes « cité » ont toujours une valeur 3 »."""
    state = new()
    set_hand(state, 0, {"huns": 6})
    assert "lay huns" in G.legal(state, 0)
    state, ev = act(state, 0, "lay huns")
    assert keys(ev) == ["res-publica.event.lay"] and ev[0].to is None
    assert groups(state, 0) == [("huns", 5, "city", 3)]
    assert state["hands"][0]["huns"] == 1
    view = G.view(state, None)
    assert view["piles"]["cities"] == 9
    assert view["seats"][0]["cities"] == 1 and view["seats"][0]["points"] == 3


def test_four_people_cards_are_not_enough():
    state = new()
    set_hand(state, 0, {"huns": 4})
    assert "lay huns" not in G.legal(state, 0)
    with pytest.raises(IllegalAction) as info:
        act(state, 0, "lay huns")
    assert info.value.msg.key == "res-publica.error.lay_short"
    assert (info.value.msg.params["held"], info.value.msg.params["size"]) == (4, 5)


def test_five_identical_civilisation_cards_take_the_top_town():
    """003, Poser les cartes: « 5 cartes de civilisation identiques (sauf livres) permettent au
    joueur de piocher la première carte du tas de cartes « ville » »: 9, then 8, ..."""
    state = new()
    set_hand(state, 0, {"alchemy": 5, "commerce": 5})
    state, _ = run(state, (0, "lay alchemy"), (0, "lay commerce"))
    assert groups(state, 0) == [("alchemy", 5, "town", 9), ("commerce", 5, "town", 8)]
    assert G.view(state, None)["piles"]["towns"] == [8, 7, 7, 6, 6, 5, 5, 4]
    assert G.view(state, None)["seats"][0]["points"] == 17


def test_two_monks_make_a_church_worth_7():
    """003, Poser les cartes: « 2 moines rapportent une carte « église ». les églises ont une
    valeur 7 »; monks never make a city (« sauf moines »)."""
    state = new()
    set_hand(state, 0, {"monks": 5})
    state, _ = act(state, 0, "lay monks")
    assert groups(state, 0) == [("monks", 2, "church", 7)]
    assert state["hands"][0]["monks"] == 3


def test_two_books_make_a_library_then_4_civilisation_cards_make_a_town():
    """003, Poser les cartes: « Une bibliothèque permet au joueur de poser 4 (au lieu de 5) cartes
    de civilisation identiques et de piocher une carte « ville » »; libraries are worth 0."""
    state = new()
    set_hand(state, 0, {"books": 2, "architecture": 4})
    assert "lay architecture" not in G.legal(state, 0)
    state, _ = act(state, 0, "lay books")
    assert groups(state, 0) == [("books", 2, "library", 0)]
    assert "lay architecture" in G.legal(state, 0)
    state, _ = act(state, 0, "lay architecture")
    assert groups(state, 0)[-1] == ("architecture", 4, "town", 9)
    assert G.view(state, None)["seats"][0]["libraries"] == 1
    # the library helps its owner only
    set_hand(state, 1, {"architecture": 4})
    state["active"] = 1
    state["laid"] = False
    assert "lay architecture" not in G.legal(state, 1)


def test_several_groups_in_one_turn():
    """003, Poser les cartes: « Il peut aussi poser plusieurs groupes de cartes en un tour »."""
    state = new()
    set_hand(state, 0, {"huns": 5, "goths": 5, "monks": 2, "metallography": 5})
    state, _ = run(state, (0, "lay huns"), (0, "lay goths"), (0, "lay monks"),
                   (0, "lay metallography"))
    assert len(state["groups"][0]) == 4
    assert G.view(state, None)["seats"][0]["points"] == 3 + 3 + 7 + 9


@pytest.mark.parametrize("kind, pile, hand", [
    ("huns", "city", {"huns": 5}),
    ("alchemy", "town", {"alchemy": 5}),
    ("monks", "church", {"monks": 2}),
    ("books", "library", {"books": 2}),
])
def test_a_group_needs_a_point_card_left(kind, pile, hand):
    """Reading (README): a group is laid only while its pile has a card (« reçoit immédiatement
    une carte des points pour chaque groupe »)."""
    state = new()
    set_hand(state, 0, hand)
    state["piles"][pile] = []
    assert f"lay {kind}" not in G.legal(state, 0)
    assert err(state, 0, f"lay {kind}") == f"res-publica.error.pile_empty.{pile}"


def test_lay_garbage():
    state = new()
    assert err(state, 0, "lay") == "res-publica.error.lay_syntax"
    assert err(state, 0, "lay people") == "res-publica.error.lay_syntax"
    assert err(state, 0, "lay huns goths") == "res-publica.error.lay_syntax"


def test_classique_always_5_civilisation_cards_and_no_monks():
    """003, Res Publica classique: « Sans les moines et les livres, les joueurs doivent toujours
    poser 5 cartes de civilisation identiques »."""
    state = new(classic=True)
    set_hand(state, 0, {"alchemy": 4})
    assert "lay alchemy" not in G.legal(state, 0)
    assert err(state, 0, "lay monks") == "res-publica.error.classic_kind"
    assert err(state, 0, "lay books") == "res-publica.error.classic_kind"


# --- Piocher des cartes ----------------------------------------------------------------------


def test_end_draws_one_people_card_privately():
    """003, Piocher des cartes: « A la fin de son tour, le joueur peut piocher 1 carte des
    peuples »; drawing is automatic (README); the cards are shown to the drawer only."""
    state = new()
    top = state["decks"]["people"][-1]
    before = state["hands"][0][top]
    state, ev = act(state, 0, "end")
    assert state["hands"][0][top] == before + 1
    public = [e for e in ev if e.to is None]
    private = [e for e in ev if e.to is not None]
    assert [e.msg.key for e in public] == ["res-publica.event.draw_people"]
    assert public[0].msg.params["people"] == 1 and public[0].msg.params["civilisation"] == 0
    assert [(e.msg.key, e.to) for e in private] == [("res-publica.event.drew", (0,))]
    assert G.prompt(state).keys() == {1}
    assert G.view(state, None)["turn"] == 2


def test_no_people_card_left_no_people_card_drawn():
    """003, Piocher des cartes: « Si ce n'est pas le cas, le joueur ne peut pas piocher »."""
    state = new()
    state["decks"]["people"] = []
    total = sum(state["hands"][0].values())
    state, ev = act(state, 0, "end")
    assert sum(state["hands"][0].values()) == total
    assert [e.msg.key for e in ev] == ["res-publica.event.draw_none"]


def test_one_civilisation_card_per_city_even_one_laid_this_turn():
    """003, Piocher des cartes: « il reçoit 1 carte de civilisation par « cité » qu'il a devant
    lui »; Remarque: « Que le groupe de peuples ait été placé lors de ce tour ou du précédent ne
    joue aucun rôle »."""
    state = new()
    set_hand(state, 0, {"huns": 5})
    state, _ = act(state, 0, "lay huns")
    state, ev = act(state, 0, "end")
    assert (ev[0].msg.params["people"], ev[0].msg.params["civilisation"]) == (1, 1)
    assert G.view(state, None)["piles"]["civilisation"] == 64


def test_towns_and_churches_give_no_civilisation_card():
    state = new()
    set_hand(state, 0, {"alchemy": 5, "monks": 2})
    state, _ = run(state, (0, "lay alchemy"), (0, "lay monks"))
    state, ev = act(state, 0, "end")
    assert ev[0].msg.params["civilisation"] == 0


def _with_cities(n: int):
    state = new()
    state["groups"][0] = [{"kind": "huns", "count": 5, "card": "city", "value": 3}] * n
    return state


@pytest.mark.parametrize("cities, drawn", [(1, (1, 1)), (2, (1, 2)), (3, (1, 2)), (4, (1, 2))])
def test_at_most_3_cards(cities, drawn):
    """003, Piocher des cartes: « Important: A la fin de son tour, un joueur n'a le droit de
    prendre que 3 cartes au maximum! »."""
    state, ev = act(_with_cities(cities), 0, "end")
    assert (ev[0].msg.params["people"], ev[0].msg.params["civilisation"]) == drawn


def test_more_than_2_cities_may_take_3_civilisation_cards():
    """003, Piocher des cartes, Remarque: « S'il a plus de 2 cartes « cité » devant lui, il décide
    s'il pioche 1 carte des peuples et 2 cartes de civilisation ou 3 cartes de civilisation »."""
    state = _with_cities(3)
    assert {"end", "end civilisation"} <= set(G.legal(state, 0))
    state, ev = act(state, 0, "end civilisation")
    assert (ev[0].msg.params["people"], ev[0].msg.params["civilisation"]) == (0, 3)
    two = _with_cities(2)
    assert "end civilisation" not in G.legal(two, 0)
    assert err(two, 0, "end civilisation") == "res-publica.error.end_civilisation"
    assert err(two, 0, "end now") == "res-publica.error.end_syntax"


def test_no_choice_without_people_cards():
    """With the people deck empty, 3 cities draw 3 civilisation cards with plain `end`."""
    state = _with_cities(3)
    state["decks"]["people"] = []
    assert "end civilisation" not in G.legal(state, 0)
    state, ev = act(state, 0, "end")
    assert (ev[0].msg.params["people"], ev[0].msg.params["civilisation"]) == (0, 3)


def test_short_deck_draws_what_remains():
    state = _with_cities(2)
    state["decks"]["civilisation"] = state["decks"]["civilisation"][:1]
    state, ev = act(state, 0, "end")
    assert (ev[0].msg.params["people"], ev[0].msg.params["civilisation"]) == (1, 1)
