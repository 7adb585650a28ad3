"""The Leaders phases: setup, the leader draft, the wonder pool, the recruitment phase and its
hidden simultaneous choices (004 « Règles »)."""

from __future__ import annotations

import json

import pytest

import data
from engine.core import IllegalAction, parse_options
from engine.duel.cards import ids
from engine.duel.leaders import rules as L
from engine.duel.leaders.data import load, panel

from .helpers import G, act, coins, drafted, keys, new, recruit_both, recruiting, run


def test_the_option_alone_means_all_leaders_and_its_values_are_the_two_panels() -> None:
    # 004 « Variantes »: the two 16-leader panels; the issue: `leaders` alone = all 43.
    assert parse_options(G, ["leaders"]) == {"leaders": "all"}
    assert parse_options(G, ["leaders=points"]) == {"leaders": "points"}
    assert parse_options(G, ["leaders=abilities"]) == {"leaders": "abilities"}
    with pytest.raises(IllegalAction):
        parse_options(G, ["leaders=heroes"])
    assert len(panel("all")) == 43
    assert {len(panel(p)) for p in ("points", "abilities")} == {16}


def test_ten_coins_and_the_leader_draft_comes_first() -> None:
    # 004 Modifications de la préparation: « pour un total de 10 pièces »; Ajout de la Phase
    # Leaders: « Avant la Phase de sélection des Merveilles ».
    s = new()
    assert [coins(s, 0), coins(s, 1)] == [10, 10]
    assert s["phase"] == "leaders" and G.prompt(s).keys() == {1}
    assert G.view(s, None)["draft"] is None  # no wonder is revealed yet
    assert len(G.legal(s, 1)) == 4


def test_draft_order_second_player_one_first_two_second_the_last_then_reversed() -> None:
    # 004 Ajout de la Phase Leaders.
    s = new(3)
    order = []
    while s["phase"] == "leaders":
        seat = next(iter(G.prompt(s)))
        order.append(seat)
        s, _ = act(s, seat, G.legal(s, seat)[0])
    assert order == [1, 0, 0, 0, 1, 1]  # the last of each group is given, not chosen
    hands = s["leaders"]["hands"]
    assert [len(h) for h in hands] == [4, 4]
    assert s["phase"] == "draft" and G.prompt(s).keys() == {0}  # then the wonder draft


def test_rome_and_abu_simbel_join_the_wonder_pool() -> None:
    # 004 Modifications de la Phase de sélection des Merveilles.
    s = new()
    pool = s["draft"]["offer"] + s["wonder_pool"]
    assert sorted(pool) == sorted(ids("wonder") + ["rome", "abu-simbel"])


def test_a_panel_deals_only_its_leaders() -> None:
    # 004 « Variantes »: « mélangez uniquement les 16 leaders listés »
    s = new(2, "abilities")
    lead = s["leaders"]
    assert set(lead["draft"]["offer"] + lead["pool"]) == set(panel("abilities"))


def test_the_data_keeps_what_the_text_states() -> None:
    # 004 Darius, Néron: « ne coûte aucune pièce »; Rome: 2 points; provenance everywhere.
    got = load()
    assert got.leaders["darius"].coin_cost == 0 and got.leaders["nero"].coin_cost == 0
    assert got.wonders["rome"].points == 2
    raw = json.loads(data.path("duel", "leaders.json").read_text("utf-8"))
    for entry in raw["leaders"]:
        assert entry["cost_provenance"].split(" ")[0] in ("rulebook", "7wd.md", "reconstructed")


def test_recruitment_both_choose_at_once_and_nothing_shows_before_both() -> None:
    # 004 Modifications du déroulement d'un Âge: « Chaque joueur en choisit un, face cachée ...
    # retournent simultanément ».
    s = recruiting(hands=(("caesar", "sappho"), ("nero", "zenobia")))
    assert s["phase"] == "recruit" and set(G.prompt(s)) == {0, 1}
    assert G.legal(s, 0) == ["choose caesar", "choose sappho"]
    before = [json.dumps(G.view(s, v), sort_keys=True) for v in (None, 1)]
    s2, events = act(s, 0, "choose sappho")
    public = [e for e in events if e.to is None]
    assert keys(public) == ["duel.log.chose"]
    assert [e.to for e in events if e.to is not None] == [(0,)]
    assert set(G.prompt(s2)) == {1} and G.legal(s2, 0) == []
    # Neither the public view nor the other seat's view can tell what was chosen.
    s3, _ = act(s, 0, "choose caesar")
    for v in (None, 1):
        assert json.dumps(G.view(s2, v), sort_keys=True) == json.dumps(G.view(s3, v), sort_keys=True)
        assert "sappho" not in json.dumps(G.view(s2, v)["leaders"]["revealed"])
    assert G.view(s2, None)["leaders"]["players"][0]["chosen"] is True
    assert G.view(s2, 0)["private"]["leaders"]["pick"] == "sappho"
    assert before[0] != json.dumps(G.view(s2, None), sort_keys=True)  # only « has chosen »
    s4, events = act(s2, 1, "choose zenobia")
    assert keys(events)[-2:] == ["duel.log.leader_reveal", "duel.log.leader_reveal"]
    assert s4["phase"] == "announce" and G.view(s4, None)["leaders"]["revealed"] == ["sappho", "zenobia"]


def test_announce_is_hidden_too_then_recruit_pays_and_discard_gains_two() -> None:
    # 004: « annoncent simultanément ... gagne 2 pièces (ce montant n'est pas augmenté par le
    # nombre de cartes jaunes) ... paye le coût du leader ».
    s = recruiting(hands=(("zenobia",), ("sappho",)))
    s["players"][1]["cards"] = ["tavern", "wood-reserve"]  # yellow cards do not count
    s, _ = run(s, (0, "choose zenobia"), (1, "choose sappho"))
    assert G.legal(s, 0) == ["recruit zenobia pay 2", "discard zenobia gain 2"]
    s, events = act(s, 0, "recruit zenobia pay 2")
    assert keys([e for e in events if e.to is None]) == ["duel.log.announced"]
    assert coins(s, 0) == 10  # nothing happens before both have announced
    s, _ = act(s, 1, "discard sappho gain 2")
    assert coins(s, 0) == 8 and coins(s, 1) == 12
    assert s["leaders"]["recruited"] == [["zenobia"], []] and s["leaders"]["hands"] == [[], []]
    assert s["phase"] == "play" and s["structure"]  # then Age I is laid and played


def test_cannot_recruit_without_the_coins() -> None:
    s = recruiting(hands=(("pericles",), ("sappho",)))
    s["players"][0]["coins"] = 5
    s, _ = run(s, (0, "choose pericles"), (1, "choose sappho"))
    assert G.legal(s, 0) == ["discard pericles gain 2"]
    with pytest.raises(IllegalAction):
        act(s, 0, "recruit pericles pay 6")


def test_discard_coins_come_before_the_opponents_effects() -> None:
    # 004 Note: « recevront l'argent de leurs leaders défaussés avant l'application des effets
    # des leaders adverses »; Darius: « s'il a défaussé son leader contre des pièces, elles
    # pourront être perdues ».
    s = recruiting(hands=(("darius",), ("sappho",)))
    s["players"][1]["coins"] = 0
    s, _ = recruit_both(s, "darius", "sappho", "recruit", "discard")
    assert coins(s, 1) == 0  # gained 2, then lost 2 to Darius


def test_effects_apply_with_the_starting_player_first() -> None:
    # 004 Note: « le joueur qui joue en premier ou a le choix du premier joueur ... applique
    # l'effet de son leader en premier ».
    for starter in (0, 1):
        s = recruiting(hands=(("diocletian",), ("darius",)), age=2, starter=starter)
        s, events = recruit_both(s, "diocletian", "darius")
        losers = [e.msg.params["seat"]["seat"] for e in events if e.msg.key == "duel.log.lose"]
        assert losers == ([1, 0] if starter == 0 else [0, 1])


def test_age_two_recruitment_comes_before_the_structure_and_the_start_choice() -> None:
    # 004: « Au début de chaque âge, avant de préparer la structure de cet âge »
    s = recruiting(hands=(("sappho",), ("zenobia",)), age=2, starter=1)
    assert s["structure"] == [] and s["age"] == 2
    s, _ = recruit_both(s, "sappho", "zenobia")
    assert s["phase"] == "start" and G.prompt(s).keys() == {1} and len(s["structure"]) == 20


def test_a_whole_game_reaches_three_recruitments() -> None:
    s = new(4)
    seen = 0
    for _ in range(400):
        if G.outcome(s) is not None:
            break
        if s["phase"] == "recruit" and set(G.prompt(s)) == {0, 1}:
            seen += 1
        seat = min(G.prompt(s))
        s, _ = act(s, seat, G.legal(s, seat)[-1])
    assert seen == 3 or s["outcome"]["reason"] != "civilian"


def test_hidden_choices_are_refused_for_the_other_seat_and_when_done() -> None:
    s = recruiting(hands=(("sappho",), ("zenobia",)))
    with pytest.raises(IllegalAction):
        act(s, 1, "choose sappho")  # not in their hand
    s, _ = act(s, 0, "choose sappho")
    with pytest.raises(IllegalAction):
        act(s, 0, "choose sappho")  # already chosen


def test_the_leaders_hooks_are_off_without_the_option() -> None:
    s = G.setup(2, 1, {})
    assert not L.on(s) and s["phase"] == "draft" and s["players"][0]["coins"] == 7


def test_drafted_helper_state_is_consistent() -> None:
    s = drafted(hands=(("sappho",), ()))
    assert "sappho" not in s["leaders"]["pool"]
