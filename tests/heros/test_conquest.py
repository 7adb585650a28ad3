"""RB §Effectuer une Conquête: territory and defender declared, the die rolled by the engine's
seeded generator and shown to all; strength = the hero's conquest value + the era's value."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.heros.components import load

from .helpers import (
    G,
    act,
    after_setup,
    clear_board,
    force_bag,
    force_face,
    put,
    to_modern,
    to_play_step,
)


def charlemagne_attacks(face: str, blue: int = 6, green: int = 9):
    """The text's example: Charlemagne in the Mediterranean, blue (seat 0) with 6 population
    against green (seat 1) with 9."""
    state = to_modern(clear_board(after_setup(3)))
    put(state, 0, "mediterranean", blue)
    put(state, 1, "mediterranean", green)
    to_play_step(state, "charlemagne", seat=0)
    force_bag(state, ["school"])
    state, _ = act(state, 0, "play charlemagne")
    state, _ = act(state, 0, "place europe 4")
    state, _ = act(state, 0, "discover school europe")
    assert state["step"] == "conquer"
    force_face(state, face)
    return state


def test_massacre_of_4_plus_2() -> None:
    # RB §Effectuer une Conquête, Exemple: « obtient Massacre ... Il détruit 6 pions de Population
    # du joueur vert (la valeur de Conquête de Charlemagne 4 + la valeur de l'époque Moderne qui
    # est 2). Le joueur vert ne possède plus que 3 pions ... le joueur bleu devient majoritaire »
    state = charlemagne_attacks("massacre")
    state, events = act(state, 0, "conquer mediterranean @1")
    assert state["pop"]["mediterranean"][:2] == [6, 3]
    assert state["last_die"]["face"] == "massacre" and state["last_die"]["value"] == 4 + 2
    assert all(e.to is None for e in events)  # the die is shown to all
    keys = [e.msg.key for e in events]
    assert "heros.log.die" in keys and "heros.log.effect.defender_loses" in keys
    assert state["step"] == "spend"


def test_territory_and_defender_are_declared_among_those_present() -> None:
    # RB: « tu dois annoncer dans quel Territoire et quel joueur tu vas tenter de conquérir »
    state = charlemagne_attacks("massacre")
    assert sorted(G.legal(state, 0)) == ["conquer mediterranean @1", "skip"]
    with pytest.raises(IllegalAction):
        act(state, 0, "conquer mediterranean @2")  # not there
    with pytest.raises(IllegalAction):
        act(state, 0, "conquer europe @1")


def test_the_ancient_era_value_is_1() -> None:
    state = clear_board(after_setup(3))
    put(state, 0, "mediterranean", 2)
    put(state, 1, "mediterranean", 9)
    to_play_step(state, "leonidas", seat=0)  # conquest 4, Mediterranean
    state, _ = act(state, 0, "play leonidas")
    state, _ = act(state, 0, "place mediterranean 3")
    force_face(state, "massacre")
    state, _ = act(state, 0, "conquer mediterranean @1")
    assert state["pop"]["mediterranean"][1] == 9 - (4 + 1)


@pytest.mark.parametrize(
    ("face", "blue", "green", "gold"),
    [
        ("assimilation", 12, 3, None),  # 6 of green's replaced by blue's
        ("revolt", 0, 9, None),  # the attacker loses 6 (of 6)
        ("carnage", 0, 3, None),  # both lose as many: 6
        ("pillage", 6, 9, 6),  # 6 gold stolen
    ],
)
def test_the_other_faces(face: str, blue: int, green: int, gold: int | None) -> None:
    # Reconstructed faces (data/heros/README.md), from the outcomes the research lists.
    state = charlemagne_attacks(face)
    state["gold"][1] = 10
    state["bank"] -= 9
    before = state["gold"][0]
    state, _ = act(state, 0, "conquer mediterranean @1")
    assert state["pop"]["mediterranean"][:2] == [blue, green]
    if gold is not None:
        assert state["gold"][1] == 10 - gold
        assert state["gold"][0] == before + gold + 1  # + Charlemagne's treasure


def test_exodus_the_defender_chooses_where_they_flee() -> None:
    state = charlemagne_attacks("exodus")
    state, _ = act(state, 0, "conquer mediterranean @1")
    assert G.prompt(state).keys() == {1}  # the defender is asked, outside their turn
    assert sorted(G.legal(state, 1)) == ["flee africa", "flee europe", "flee middle-east"]
    assert G.legal(state, 0) == []
    state, _ = act(state, 1, "flee africa")
    assert state["pop"]["mediterranean"][1] == 3 and state["pop"]["africa"][1] == 6
    assert G.prompt(state).keys() == {0} and state["step"] == "spend"


def test_four_faces_of_six_favour_the_attacker() -> None:
    # Research: « bénéfique deux fois sur trois pour l'assaillant »
    faces = load().die
    assert len(faces) == 6 and sum(f.favours == "attacker" for f in faces) == 4


def test_the_die_is_the_engines_seeded_generator() -> None:
    a = charlemagne_attacks("massacre")
    b = charlemagne_attacks("massacre")
    assert act(a, 0, "conquer mediterranean @1")[0] == act(b, 0, "conquer mediterranean @1")[0]
