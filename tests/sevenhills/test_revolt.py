"""The revolt (Seven Hills, French rules V1.0, §V.1 Révolte (a)-(d)): 2 or 3 slave cards, targets final
once chosen, the defender's centurions asked asynchronously, replacement by the same class or
plebeians, no additional action, no round counter move."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction
from engine.sevenhills import board as B
from engine.sevenhills import revolt as R
from tests.support import keys

from .helpers import G, act, at_act, clear_board, give, place, started

SLAVES = ["red-slave-1", "red-slave-2", "blue-slave-1", "green-knight-1"]


def revolting(hand: list[str] = SLAVES) -> dict:
    state = clear_board(at_act(started()))
    return give(state, 0, hand)


def test_two_or_three_slave_cards_of_any_colour() -> None:
    # (a) « Indépendamment de la couleur ... 2 ou 3 cartes Esclave ... pas plus de 3 »;
    # « 1 marqueur ... par 2 cartes ... et 2 marqueurs par 3 cartes »
    state = revolting()
    place(state, 1, "palatine", "noble", 2)
    revolts = [t for t in G.legal(state, 0) if t.startswith("revolt ")]
    assert "revolt red-slave-1 blue-slave-1" in revolts
    assert "revolt red-slave-1 red-slave-2 blue-slave-1" in revolts
    with pytest.raises(IllegalAction, match="revolt_rule"):
        act(state, 0, "revolt red-slave-1 green-knight-1")
    after, _ = act(state, 0, "revolt red-slave-1 red-slave-2 blue-slave-1")
    assert after["revolt"]["left"] == 2 and after["phase"] == "target"
    after, _ = act(state, 0, "revolt red-slave-1 blue-slave-1")
    assert after["revolt"]["left"] == 1


def test_only_nobles_and_knights_of_others_anywhere() -> None:
    # (c) « chaque colline y compris le Forum Romanum »; « contre des nobles et des chevaliers »;
    # « dans des secteurs ou vous n'avez pas de marqueurs »
    state = revolting()
    place(state, 1, "forum", "knight")
    place(state, 2, "esquiline", "noble")
    place(state, 2, "palatine", "centurion")
    place(state, 2, "palatine", "plebeian")
    place(state, 0, "caelian", "noble")
    state, _ = act(state, 0, "revolt red-slave-1 blue-slave-1")
    assert sorted(G.legal(state, 0)) == ["target @1 forum knight", "target @2 esquiline noble"]


def test_no_target_no_revolt() -> None:
    state = revolting()
    place(state, 1, "forum", "knight")
    revolts = [t for t in G.legal(state, 0) if t.startswith("revolt ")]
    assert revolts and all(len(t.split()) == 3 for t in revolts)  # one marker only
    with pytest.raises(IllegalAction, match="no_target"):
        act(state, 0, "revolt red-slave-1 red-slave-2 blue-slave-1")


def test_unprotected_targets_are_replaced_at_once_no_counter_no_power() -> None:
    # (b) « remplacer les marqueurs clients d'autres joueurs par les vôtres dans le même secteur »
    # « aucune action additionnelle ... et le compteur de manches ne bouge pas »
    state = revolting()
    place(state, 1, "forum", "knight")
    place(state, 2, "palatine", "noble")
    state, _ = act(state, 0, "revolt red-slave-1 red-slave-2 blue-slave-1")
    state, _ = act(state, 0, "target @1 forum knight")
    state, ev = act(state, 0, "target @2 palatine noble")
    assert B.count(state, "forum", 0, "knight") == 1 and B.count(state, "forum", 1, "knight") == 0
    assert B.count(state, "palatine", 0, "noble") == 1 and B.count(state, "palatine", 2, "noble") == 0
    assert state["supply"][1]["knight"] == 5 and state["supply"][2]["noble"] == 3
    assert keys(ev).count("seven-hills.log.replaced") == 2
    assert state["counter"] == 0 and state["phase"] == "discard"


def test_plebeians_replace_when_the_class_is_out() -> None:
    # (b) « Si vous n'avez pas de marqueur clients de la même classe ..., vos marqueurs plébéiens »
    state = revolting()
    place(state, 1, "forum", "noble")
    state["supply"][0]["noble"] = 0
    state, _ = act(state, 0, "revolt red-slave-1 blue-slave-1")
    state, _ = act(state, 0, "target @1 forum noble")
    assert B.count(state, "forum", 0, "plebeian") == 1


def test_the_defender_is_asked_and_the_targets_cannot_be_taken_back() -> None:
    # (d) « Si vous avez au moins un centurion dans le même secteur, vous pouvez défendre en
    # mettant les centurions sur des marqueurs »; « vous ne pouvez pas vous rétracter »
    state = revolting()
    place(state, 1, "palatine", "noble")
    place(state, 1, "palatine", "knight")
    place(state, 1, "palatine", "centurion")
    state, _ = act(state, 0, "revolt red-slave-1 red-slave-2 blue-slave-1")
    state, _ = act(state, 0, "target @1 palatine noble")
    assert all(t.startswith("target ") for t in G.legal(state, 0))  # no way back
    with pytest.raises(IllegalAction):
        act(state, 0, "done")
    state, ev = act(state, 0, "target @1 palatine knight")
    assert state["phase"] == "protect"
    prompt = G.prompt(state)
    assert list(prompt) == [1]  # asked to the defender, not the attacker
    assert G.legal(state, 0) == []
    assert sorted(G.legal(state, 1)) == ["done", "protect palatine knight",
                                         "protect palatine noble"]
    state, ev = act(state, 1, "protect palatine noble")  # its one centurion is used: done
    assert B.count(state, "palatine", 1, "noble") == 1
    assert B.count(state, "palatine", 1, "knight") == 0
    assert B.count(state, "palatine", 0, "knight") == 1
    assert "seven-hills.log.saved" in keys(ev)
    assert state["phase"] == "discard" and list(G.prompt(state)) == [0]


def test_one_centurion_protects_one_marker() -> None:
    # (d) « 1 centurion sur la même colline ... peut protéger 1 marqueur noble ou chevalier »
    state = revolting()
    place(state, 1, "forum", "noble", 2)
    place(state, 1, "forum", "centurion")
    state, _ = act(state, 0, "revolt red-slave-1 red-slave-2 blue-slave-1")
    state, _ = act(state, 0, "target @1 forum noble")
    state, _ = act(state, 0, "target @1 forum noble")
    state, _ = act(state, 1, "protect forum noble")
    assert B.count(state, "forum", 1, "noble") == 1 and B.count(state, "forum", 0, "noble") == 1


def test_no_centurion_in_the_sector_no_defence() -> None:
    # (d) « Si vous n'avez pas de centurion dans le même secteur, il n'y a aucune manière »
    state = revolting()
    place(state, 1, "forum", "noble")
    place(state, 1, "palatine", "centurion")
    state, _ = act(state, 0, "revolt red-slave-1 blue-slave-1")
    state, _ = act(state, 0, "target @1 forum noble")
    assert state["phase"] == "discard" and B.count(state, "forum", 0, "noble") == 1


def test_several_defenders_are_asked_at_once() -> None:
    # « Il est possible de se révolter dans plusieurs secteurs et/ou contre plusieurs couleurs »
    state = revolting()
    for v in (1, 2):
        place(state, v, "caelian", "knight")
        place(state, v, "caelian", "centurion")
    state, _ = act(state, 0, "revolt red-slave-1 red-slave-2 blue-slave-1")
    state, _ = act(state, 0, "target @1 caelian knight")
    state, _ = act(state, 0, "target @2 caelian knight")
    assert sorted(G.prompt(state)) == [1, 2]
    state, _ = act(state, 2, "done")  # gives up its defence
    assert list(G.prompt(state)) == [1]
    state, _ = act(state, 1, "protect caelian knight")
    assert B.count(state, "caelian", 1, "knight") == 1
    assert B.count(state, "caelian", 2, "knight") == 0
    assert B.count(state, "caelian", 0, "knight") == 1


def test_the_targets_a_revolt_can_choose_are_counted_as_they_are_offered() -> None:
    """`choosable` (asked by the act menu at every step) counts the targets a revolt can choose
    one after another exactly as `target_options` offers them: boards of a few nobles and knights
    and an attacker short of nobles, knights or plebeians, where one marker or one replacement
    decides between 0, 1 and 2."""
    rnd = random.Random(28)
    seen = set()
    for _ in range(250):
        state = clear_board(started(rnd.choice([3, 4]), rnd.randrange(50)))
        seat = rnd.randrange(state["players"])
        for _ in range(rnd.randrange(4)):
            victim = rnd.randrange(state["players"])
            place(state, victim, rnd.choice(B.sectors_all()), rnd.choice(["noble", "knight"]))
        for cls in ("noble", "knight", "plebeian"):
            state["supply"][seat][cls] = rnd.choice([0, 0, 1, 2])
        first = R.target_options(state, seat, [])
        offered = 2 if any(R.target_options(state, seat, [list(t)]) for t in first) else \
            1 if first else 0
        assert R.choosable(state, seat) == offered
        assert R.choosable(state, seat, 1) == min(offered, 1)
        seen.add(offered)
    assert seen == {0, 1, 2}
