"""Placing clients (Seven Hills, French rules V1.0, §V.1 Placement de clients (a)-(c), Fin de la phase
placement) and the additional actions (§VII)."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction
from engine.i18n import translate
from engine.sevenhills import board as B
from tests.support import keys

from .helpers import C, G, act, at_act, clear_board, give, place, started


def placing(cards: list[str], players: int = 3) -> dict:
    state = at_act(started(players))
    return give(state, 0, cards)


def test_three_or_more_cards_of_one_colour() -> None:
    # (a) « 3 cartes ou plus de la même couleur de fond »; « Les cartes de 1 seule couleur »
    state = placing(["red-noble", "red-knight-1", "blue-knight-1", "red-plebeian-1"])
    legal = [t for t in G.legal(state, 0) if t.startswith("place ")]
    assert legal == ["place red-noble red-knight-1 red-plebeian-1"]
    with pytest.raises(IllegalAction, match="place_rule"):
        act(state, 0, "place red-noble red-knight-1 blue-knight-1")
    with pytest.raises(IllegalAction, match="place_rule"):
        act(state, 0, "place red-noble red-knight-1")


def test_slave_cards_are_not_clients() -> None:
    state = placing(["red-slave-1", "red-slave-2", "red-knight-1"])
    assert not [t for t in G.legal(state, 0) if t.startswith("place ")]


def test_each_card_deploys_one_marker_of_its_class_on_open_sectors() -> None:
    # (b) « Placez les marqueurs ... en suivant les indications de la combinaison »; « vous ne
    # pouvez vous déployer que sur la colline en cours »
    state = placing(["green-noble", "green-centurion-2", "green-plebeian-4"])
    state, _ = act(state, 0, "place green-noble green-centurion-2 green-plebeian-4")
    assert state["phase"] == "deploy" and sorted(state["deploy"]) == ["centurion", "noble",
                                                                       "plebeian"]
    sectors = {t.split()[2] for t in G.legal(state, 0)}
    assert sectors == {"palatine", "caelian", "forum"}  # era 1 (reconstructed schedule)
    with pytest.raises(IllegalAction, match="closed"):
        act(state, 0, "deploy noble esquiline")
    state, _ = act(state, 0, "deploy noble forum")
    state, _ = act(state, 0, "deploy centurion palatine")
    state, _ = act(state, 0, "deploy plebeian caelian")
    assert B.count(state, "forum", 0, "noble") == 1
    # « le compteur de manches est déplacé en fonction du nombre de marqueurs ... (unités) »
    assert state["counter"] == 3
    assert state["phase"] == "power" and state["powers"] == ["purge"]  # the noble's power


def test_round_limit_example() -> None:
    # Fin de la phase placement, example: counter on 12 with 3 players (limit 13); « 1 carte noble
    # et 2 cartes plébéiens, vous ne pouvez déployer que 1 marqueur client de votre choix et vous
    # passez à l'action additionnelle »
    state = placing(["yellow-noble", "yellow-plebeian-1", "yellow-plebeian-4", "red-slave-1"])
    state["counter"] = 12
    assert state["limit"] == 13
    state, _ = act(state, 0, "place yellow-noble yellow-plebeian-1 yellow-plebeian-4")
    assert {t.split()[1] for t in G.legal(state, 0)} == {"noble", "plebeian"}  # your choice
    state, ev = act(state, 0, "deploy plebeian palatine")
    assert state["counter"] == 13 and state["deploy"] == []
    assert "seven-hills.log.limit" in keys(ev) and "seven-hills.log.lost" in keys(ev)
    # the noble's power (remove a marker from the Forum) has nothing to remove: skipped
    assert state["phase"] == "power" and state["powers"] == ["steal2"]
    while state["phase"] == "power":
        state, _ = act(state, 0, G.legal(state, 0)[0])
    state, ev = act(state, 0, f"discard {state['hands'][0][0]}")
    assert "seven-hills.log.consul_phase" in keys(ev)  # the phase ends with the turn


def test_a_class_run_out_is_replaced_by_plebeians() -> None:
    # (b) « Si vous êtes à court de marqueurs clients, remplacez-les par des clients plébéiens.
    # Mais si vous êtes à court de plébéiens, vous ne pouvez pas les remplacer. »
    state = placing(["red-noble", "red-knight-1", "red-knight-2"])
    state["supply"][0].update(noble=0, knight=1, plebeian=1)
    state, ev = act(state, 0, "place red-noble red-knight-1 red-knight-2")
    assert sorted(state["deploy"]) == ["knight", "plebeian"]
    assert keys(ev).count("seven-hills.log.substitute") == 1
    assert keys(ev).count("seven-hills.log.no_marker") == 1


def test_knights_draw_and_plebeians_steal_as_far_as_the_hand_limit() -> None:
    # (c) example: « si vous avez 4 cartes en main quand vous avez soumis des chevaliers
    # (Piochez 2 cartes) et des plébéiens (Volez 2 cartes ...), vous ne pouvez prendre que
    # jusqu'à 3 cartes en raison de la limite de main (7) »
    combo = ["purple-knight-1", "purple-knight-2", "purple-plebeian-1"]
    state = placing([*combo, "red-slave-1", "red-slave-2", "blue-slave-1", "blue-slave-2"])
    assert len(state["hands"][1]) == 4
    state, _ = act(state, 0, "place " + " ".join(combo))
    for _ in range(3):
        state, _ = act(state, 0, "deploy knight palatine" if "knight" in state["deploy"]
                       else "deploy plebeian palatine")
    assert len(state["hands"][0]) == 4
    assert sorted(state["powers"]) == ["draw", "draw", "steal2"]
    state, _ = act(state, 0, "draw")
    assert len(state["hands"][0]) == 6
    state, ev = act(state, 0, "steal 2 @1")
    assert len(state["hands"][0]) == 7 and len(state["hands"][1]) == 3  # only 1 fits
    # the second draw cannot be done at all any more: skipped
    assert state["phase"] == "discard" and "seven-hills.log.power_void" in keys(ev)
    stolen = [e for e in ev if e.msg.key == "seven-hills.log.stole"]
    assert stolen and stolen[0].to == (0, 1)


def test_powers_forum_plebeian_and_centurion() -> None:
    # §VII: « Retirez 1 marqueur client du forum Romanum (n'importe quelles couleur et classe) »,
    # « Déployez 1 marqueur plébéien n'importe où (dans les secteurs en cours) », « Enlevez 1
    # centurion d'un adversaire (indépendamment du secteur) »
    state = placing(["orange-noble", "orange-centurion-1", "orange-plebeian-3", "red-slave-1"])
    clear_board(state)
    place(state, 2, "forum", "knight")
    place(state, 1, "esquiline", "centurion")  # not open: still reachable
    state["counter"] = 12
    state, _ = act(state, 0, "place orange-noble orange-centurion-1 orange-plebeian-3")
    state, _ = act(state, 0, "deploy centurion caelian")
    assert sorted(state["powers"]) == ["dismiss", "purge", "settle"]
    assert "purge @2 knight" in G.legal(state, 0)
    assert G.legal(state, 0).count("dismiss @1 esquiline") == 1
    assert not any(t.startswith("dismiss @0") for t in G.legal(state, 0))  # an opponent's
    state, _ = act(state, 0, "purge @2 knight")
    state, _ = act(state, 0, "settle palatine")
    assert state["counter"] == 13  # the power's plebeian does not move the counter
    state, _ = act(state, 0, "dismiss @1 esquiline")
    assert B.count(state, "forum", 2, "knight") == 0 and state["supply"][2]["knight"] == 5
    assert B.count(state, "esquiline", 1, "centurion") == 0
    assert B.count(state, "palatine", 0, "plebeian") == 1
    assert state["phase"] == "discard"


def test_additional_actions_may_be_forgone() -> None:
    state = placing(["red-knight-1", "red-knight-2", "red-plebeian-2"])
    state, _ = act(state, 0, "place red-knight-1 red-knight-2 red-plebeian-2")
    for _ in range(3):
        state, _ = act(state, 0, G.legal(state, 0)[0])
    assert "done" in G.legal(state, 0)
    state, ev = act(state, 0, "done")
    assert state["phase"] == "discard" or state["phase"] == "take"
    assert "seven-hills.log.power_skip" in keys(ev)


def test_every_deployment_is_on_the_current_eras_hills_or_the_forum() -> None:
    # §III.2 (1) « Déployer les marqueurs clients sur les 'collines' de l'époque actuelle ou le
    # 'Forum Romanum' »; « de nouvelles collines sont ajoutées à chaque époque pour déployer les
    # nouveaux marqueurs clients »; §V.1 Placement (b) « vous ne pouvez vous déployer que sur la
    # colline en cours »
    for era in range(1, 6):
        state = placing(["red-knight-1", "red-knight-2", "red-plebeian-2"])
        state["era"] = era
        state, _ = act(state, 0, "place red-knight-1 red-knight-2 red-plebeian-2")
        assert {t.split()[2] for t in G.legal(state, 0)} == {*C.new_hills(era), "forum"}
        assert G.view(state, None)["prompt"] == [0]


def test_an_older_hill_takes_no_new_clients() -> None:
    # §V.1 Placement (b) « vous ne pouvez vous déployer que sur la colline en cours »: in era 2
    # the Palatine and the Caelian (era 1) are still in play and score 5/2 (§V.3 (1)), but new
    # clients go on the Aventine or the Forum; the refusal says where, and changes nothing
    state = placing(["red-knight-1", "red-knight-2", "red-plebeian-2"])
    state["era"] = 2
    state, _ = act(state, 0, "place red-knight-1 red-knight-2 red-plebeian-2")
    assert {*C.open_hills(2)} == {"palatine", "caelian", "aventine"}
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        act(state, 0, "deploy knight palatine")
    msg = info.value.msg
    assert msg.key == "seven-hills.error.not_current"
    assert msg.params["n"] == 1 and [h.key for h in msg.params["hills"]] == [
        "seven-hills.tok.aventine"]
    for locale in ("en", "fr"):
        text = translate(msg, locale)
        assert "{" not in text and ("Aventine" in text or "Aventin" in text)
    with pytest.raises(IllegalAction, match="closed"):  # a hill of a later era
        act(state, 0, "deploy knight esquiline")
    assert json.dumps(state, sort_keys=True) == before
    state, ev = act(state, 0, "deploy knight aventine")
    assert B.count(state, "aventine", 0, "knight") == 1
    state, ev = act(state, 0, "deploy knight forum")
    assert B.count(state, "forum", 0, "knight") == 1


def test_the_plebeian_power_reaches_every_sector_in_play() -> None:
    # §VII « Déployez 1 marqueur plébéien n'importe où (dans les secteurs en cours) »: unlike a
    # client's deployment, the older hills too
    state = placing(["orange-noble", "orange-centurion-1", "orange-plebeian-3"])
    state["era"] = 3
    state, _ = act(state, 0, "place orange-noble orange-centurion-1 orange-plebeian-3")
    assert {t.split()[2] for t in G.legal(state, 0)} == {"quirinal", "forum"}
    while state["phase"] == "deploy":
        state, _ = act(state, 0, G.legal(state, 0)[0])
    settle = {t.split()[1] for t in G.legal(state, 0) if t.startswith("settle ")}
    assert settle == {*C.open_hills(3), "forum"}
    assert settle == {"palatine", "caelian", "aventine", "quirinal", "forum"}
    before = B.count(state, "caelian", 0, "plebeian")
    state, _ = act(state, 0, "settle caelian")  # an era-1 hill
    assert B.count(state, "caelian", 0, "plebeian") == before + 1


def test_cards_must_be_held_and_named_once_in_hand_order() -> None:
    state = placing(["red-knight-1", "red-knight-2", "red-plebeian-2"])
    with pytest.raises(IllegalAction, match="card_order"):
        act(state, 0, "place red-plebeian-2 red-knight-1 red-knight-2")
    with pytest.raises(IllegalAction, match="not_in_hand"):
        act(state, 0, "place red-knight-1 red-knight-2 red-plebeian-3")
    with pytest.raises(IllegalAction, match="no_card"):
        act(state, 0, "place red-knight-1 red-knight-2 red-emperor")
