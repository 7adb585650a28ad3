"""RB §Gagner de l'or et le dépenser: treasure, then migration (2 gold, 4 pawns to adjacent
territories), wonders (7 gold, +3 points), 2 gold for 1 point; gold only in that phase."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.heros.components import load

from .helpers import G, act, after_setup, clear_board, to_modern, to_play_step


def spending(players: int = 3, gold: int = 10, modern: bool = False, hero: str = "pericles"):
    state = clear_board(after_setup(players))
    if modern:
        to_modern(state)
    to_play_step(state, hero, seat=0)
    state["bank"] -= gold - state["gold"][0]
    state["gold"][0] = gold
    state, _ = act(state, 0, f"play {hero}")
    terr = load().heroes[hero].territories[0]
    while state["step"] == "place":
        state, _ = act(state, 0, f"place {terr} {state['turn']['pop_left']}")
    while state["step"] == "discover":
        state, _ = act(state, 0, G.legal(state, 0)[0])
    if state["step"] == "conquer":
        state, _ = act(state, 0, "skip")
    assert state["step"] == "spend"
    return state


def test_treasure_then_spend() -> None:
    state = spending(gold=0)
    assert state["gold"][0] == 3  # Pericles' treasure
    assert "buy" in G.legal(state, 0) and "end" in G.legal(state, 0)


def test_migration_europe_example() -> None:
    # RB §La Migration, Exemple: from Europe, 4 pawns: 1 to the Mediterranean (6 -> 7) and 3 to
    # America; « l'Europe est adjacente à l'Amérique »
    state = spending(modern=True, hero="louis-xiv")  # Europe only, population 4
    state["pop"]["europe"][0] = 10
    state["pop"]["mediterranean"][0] = 6
    gold = state["gold"][0]
    state, _ = act(state, 0, "migrate europe")
    assert state["gold"][0] == gold - 2 and state["step"] == "migrate"
    targets = {a.split()[1] for a in G.legal(state, 0) if a.startswith("move")}
    assert targets == set(load().territories["europe"].adjacent)
    assert {"america", "mediterranean"} <= targets
    with pytest.raises(IllegalAction):
        act(state, 0, "move china 1")  # not adjacent
    state, _ = act(state, 0, "move mediterranean 1")
    with pytest.raises(IllegalAction):
        act(state, 0, "move america 4")  # 4 pawns in all
    state, _ = act(state, 0, "move america 3")
    assert state["pop"]["mediterranean"][0] == 7 and state["pop"]["america"][0] == 3
    assert state["pop"]["europe"][0] == 6 and state["step"] == "spend"


def test_america_is_adjacent_to_russia_and_asia_across_the_board() -> None:
    # RB §La Migration: « L'Amérique est adjacente à la Russie et à l'Asie de l'autre côté »
    assert {"russia", "pacific", "europe"} <= set(load().territories["america"].adjacent)


def test_migration_can_stop_early_and_needs_2_gold() -> None:
    state = spending(gold=0)
    state["gold"][0] = 1
    state["bank"] += 2
    assert not any(a.startswith("migrate") for a in G.legal(state, 0))
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "migrate mediterranean")
    assert refused.value.msg.key == "heros.error.gold"


def test_in_the_ancient_era_migration_stays_on_beige_territories() -> None:
    state = spending()
    state, _ = act(state, 0, "migrate mediterranean")
    assert {a.split()[1] for a in G.legal(state, 0) if a.startswith("move")} == {
        "africa", "middle-east"}


def test_build_a_wonder_for_7_gold_and_3_points() -> None:
    # RB §Construire une Merveille: « coût 7 or », « tu gagnes immédiatement 3 points »
    state = spending(gold=14)
    gold = state["gold"][0]
    state, _ = act(state, 0, "build pyramids")
    assert state["gold"][0] == gold - 7 and state["points"][0] == 3
    assert "build pyramids" not in G.legal(state, 0)  # « ni détruite, ni volée »
    state, _ = act(state, 0, "build great-wall")  # « autant de Merveilles que ton or le permet »
    assert {w["id"] for w in state["wonders"] if w["owner"] == 0} == {"great-wall", "pyramids"}


def test_two_gold_for_one_point() -> None:
    # RB §Convertir ton or: « 2 pièces d'or pour 1 point de Civilisation »
    state = spending(gold=5)
    gold = state["gold"][0]
    state, _ = act(state, 0, "buy")
    assert state["gold"][0] == gold - 2 and state["points"][0] == 1


def test_gold_is_spent_only_in_ones_own_spending_phase() -> None:
    # RB: « tu ne peux dépenser ton or qu'à ton tour de jeu »
    state = spending()
    with pytest.raises(IllegalAction):
        act(state, 1, "buy")
    assert G.legal(state, 1) == []


def test_the_bank_holds_60_coins() -> None:
    state = spending(gold=0)
    total = sum(state["gold"]) + state["bank"]
    assert total == 60
