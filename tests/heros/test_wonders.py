"""RB §Construire une Merveille: a power once per era, used at any moment of your turn; some
outside your turn (asked of the owner: a defence when attacked, Ajanta at a scoring); built
wonders are refreshed in the modern era. Powers other than Ajanta's are reconstructed
(data/heros/README.md)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .helpers import (
    G,
    act,
    after_setup,
    clear_board,
    force_bag,
    force_face,
    owner,
    put,
    to_modern,
    to_play_step,
)
from .test_conquest import charlemagne_attacks


def test_a_gold_power_at_any_moment_of_ones_turn_once_per_era() -> None:
    # RB: « Tu peux jouer le pouvoir de ta/tes Merveilles n'importe quand durant ton tour de jeu »,
    # « une seule fois par époque »
    state = after_setup(3)
    owner(state, "pyramids", 0)
    assert "wonder pyramids" in G.legal(state, 0)  # before even taking a hero
    assert "wonder pyramids" not in G.legal(state, 1)
    gold = state["gold"][0]
    state, _ = act(state, 0, "wonder pyramids")
    assert state["gold"][0] == gold + 4
    assert "wonder pyramids" not in G.legal(state, 0)
    with pytest.raises(IllegalAction):
        act(state, 0, "wonder pyramids")


def test_population_power_where_one_already_has_population() -> None:
    state = clear_board(after_setup(3))
    owner(state, "hanging-gardens", 0)
    put(state, 0, "india", 1)
    assert [a for a in G.legal(state, 0) if a.startswith("wonder")] == [
        "wonder hanging-gardens india"]
    state, _ = act(state, 0, "wonder hanging-gardens india")
    assert state["pop"]["india"][0] == 4


def test_great_wall_cancels_a_conquest_asked_of_the_defender_outside_their_turn() -> None:
    state = clear_board(after_setup(3))
    put(state, 0, "mediterranean", 2)
    put(state, 1, "mediterranean", 9)
    owner(state, "great-wall", 1)
    to_play_step(state, "leonidas", seat=0)
    state, _ = act(state, 0, "play leonidas")
    state, _ = act(state, 0, "place mediterranean 3")
    force_face(state, "massacre")
    state, _ = act(state, 0, "conquer mediterranean @1")
    assert G.prompt(state).keys() == {1}
    assert G.view(state, None)["phase"] == "defend"
    assert sorted(G.legal(state, 1)) == ["pass", "wonder great-wall"]
    state, events = act(state, 1, "wonder great-wall")
    assert state["pop"]["mediterranean"][1] == 9
    assert "heros.log.cancelled" in [e.msg.key for e in events]
    assert G.prompt(state).keys() == {0} and state["step"] == "spend"


def test_a_defender_who_passes_keeps_the_wonder() -> None:
    state = clear_board(after_setup(3))
    put(state, 0, "mediterranean", 2)
    put(state, 1, "mediterranean", 9)
    owner(state, "great-wall", 1)
    to_play_step(state, "leonidas", seat=0)
    state, _ = act(state, 0, "play leonidas")
    state, _ = act(state, 0, "place mediterranean 3")
    force_face(state, "massacre")
    state, _ = act(state, 0, "conquer mediterranean @1")
    state, _ = act(state, 1, "pass")
    assert state["pop"]["mediterranean"][1] == 4
    assert not next(w for w in state["wonders"] if w["id"] == "great-wall")["used"]


def test_arc_de_triomphe_rerolls_for_the_attacker_forbidden_city_for_the_defender() -> None:
    state = charlemagne_attacks("revolt")
    owner(state, "arc-de-triomphe", 0)
    owner(state, "forbidden-city", 1)
    state, _ = act(state, 0, "conquer mediterranean @1")
    assert G.prompt(state).keys() == {0} and sorted(G.legal(state, 0)) == ["keep", "reroll"]
    force_face(state, "massacre")
    state, _ = act(state, 0, "reroll")
    assert state["conquest"]["face"] == "massacre"
    assert G.prompt(state).keys() == {1}
    force_face(state, "revolt")
    state, _ = act(state, 1, "wonder forbidden-city")
    assert state["pop"]["mediterranean"][:2] == [0, 9]  # the attacker lost 6
    assert all(w["used"] for w in state["wonders"] if w["owner"] is not None)


def test_ajanta_scores_as_the_third_player_asked_at_the_scoring() -> None:
    # RB §Précisions pour le jeu à deux joueurs: « La carte Merveille « Le Sanctuaire d'Ajanta »
    # vous autorise à gagner les points de Civilisation comme si vous étiez le troisième joueur »
    state = clear_board(after_setup(2))
    owner(state, "ajanta", 1)
    state["ladders"]["china"] = ["silk", "paper"]
    put(state, 0, "china", 3)
    to_play_step(state, "confucius", seat=0)
    force_bag(state, ["writing"])
    state, _ = act(state, 0, "play confucius")
    state, _ = act(state, 0, "place china 3")
    state, _ = act(state, 0, "discover writing china")
    assert state["points"] == [6, 0]
    assert G.prompt(state).keys() == {1}  # outside their turn
    assert sorted(G.legal(state, 1)) == ["pass", "wonder ajanta"]
    state, _ = act(state, 1, "wonder ajanta")
    assert state["points"] == [6, 1]  # the lowest discovery: silk 1
    assert G.prompt(state).keys() == {0}


def test_no_lighthouse_with_two_players_and_its_free_migration_otherwise() -> None:
    # RB §Précisions: « Ne jouez pas avec la carte Merveille "Le phare d'Alexandrie" »
    assert "lighthouse" not in [w["id"] for w in after_setup(2)["wonders"]]
    from .test_gold import spending

    state = spending()
    owner(state, "lighthouse", 0)
    gold = state["gold"][0]
    state, _ = act(state, 0, "wonder lighthouse mediterranean")
    assert state["gold"][0] == gold and state["step"] == "migrate"
    assert "move china 1" in G.legal(state, 0)  # any territory in play


def test_built_wonders_are_refreshed_for_the_modern_era() -> None:
    from .test_eras import three_complete_and_plato

    state = three_complete_and_plato(["pottery", "roads"])
    owner(state, "pyramids", 0, used=True)
    state, _ = act(state, 0, "discover roads mediterranean")
    assert state["era"] == "modern"
    assert next(w for w in state["wonders"] if w["id"] == "pyramids")["used"] is False


def test_modern_wonders_only_in_the_modern_era() -> None:
    state = to_modern(clear_board(after_setup(3)))
    assert {w["id"] for w in state["wonders"]} == {
        "forbidden-city", "arc-de-triomphe", "versailles", "statue-of-liberty"}
