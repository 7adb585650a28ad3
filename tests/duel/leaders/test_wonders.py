"""Rome and Abu Simbel (004 « Description des Merveilles »), and the 8th wonder (004 « Merveilles »)."""

from __future__ import annotations

from engine.duel.cards import component
from engine.duel.leaders import rules as L

from .helpers import G, act, coins, keys, offer, playing


def build_wonder(state, seat: int, wonder: str) -> tuple:
    state["players"][seat]["wonders"][0]["id"] = wonder
    state["players"][seat]["coins"] = 30
    offer(state, "lumber-yard")
    text = next(t for t in G.legal(state, seat) if t.startswith(f"wonder {wonder} lumber-yard"))
    return act(state, seat, text)


def test_the_new_wonders_are_components_like_the_others() -> None:
    rome, abu = component("rome"), component("abu-simbel")
    assert rome["kind"] == abu["kind"] == "wonder" and rome["points"] == 2
    assert {"play_again": True} in abu["effects"]


def test_rome_draws_two_leaders_into_the_hand_and_may_recruit_one_free() -> None:
    # 004 Rome: the two are available later; « Appliquez immédiatement les effets »; any leader of
    # the hand; « Si vous choisissez de ne pas recruter de leader, vous ne gagnerez pas deux pièces ».
    s = playing()
    s["leaders"]["hands"][0] = ["darius"]
    s["leaders"]["pool"].remove("darius")
    s, events = build_wonder(s, 0, "rome")
    assert "duel.log.rome" in keys(events) and len(s["leaders"]["hands"][0]) == 3
    assert s["phase"] == "rome" and "recruit darius" in G.legal(s, 0) and "pass" in G.legal(s, 0)
    before = coins(s, 1)
    s, _ = act(s, 0, "recruit darius")
    assert coins(s, 1) == before - 2 and s["leaders"]["recruited"][0] == ["darius"]
    assert len(s["leaders"]["hands"][0]) == 2 and s["phase"] == "play" and s["active"] == 1
    assert G.view(s, None)["players"][0]["points"]["wonders"] == 2


def test_rome_pass_gains_nothing() -> None:
    s = playing()
    s, _ = build_wonder(s, 0, "rome")
    c = coins(s, 0)
    s, _ = act(s, 0, "pass")
    assert coins(s, 0) == c and s["leaders"]["recruited"][0] == []


def test_abu_simbel_buries_a_leader_for_twice_its_cost_and_plays_again() -> None:
    # 004 Abu Simbel: buried leaders have no ability, score double their cost; « Rejouez ».
    s = playing(recruited=(("cleopatra", "leonidas"), ()))
    s, _ = build_wonder(s, 0, "abu-simbel")
    assert s["phase"] == "bury" and sorted(G.legal(s, 0)) == ["bury cleopatra", "bury leonidas"]
    s, events = act(s, 0, "bury cleopatra")
    assert "duel.log.bury" in keys(events)
    assert s["leaders"]["buried"][0] == ["cleopatra"] and L.points(s, 0) == 8  # not 5 + 8
    assert s["active"] == 0 and s["phase"] == "play"  # plays again


def test_abu_simbel_buried_leader_loses_its_ability_effects_done_stay() -> None:
    # 004 Abu Simbel: « Hannibal / César : Ne déplacez pas le pion »; chains are lost.
    s = playing(recruited=(("leonidas", "caesar"), ()))
    s["pawn"] = 2
    s, _ = build_wonder(s, 0, "abu-simbel")
    s, _ = act(s, 0, "bury leonidas")
    assert s["pawn"] == 2 and "sword" not in L.chains(s, 0)
    s, _ = playing(recruited=(("caesar",), ())), None
    s, _ = build_wonder(s, 0, "abu-simbel")
    s, _ = act(s, 0, "bury caesar")
    assert s["pawn"] == 0


def test_abu_simbel_without_a_recruited_leader_just_plays_again() -> None:
    s = playing()
    s, _ = build_wonder(s, 0, "abu-simbel")
    assert s["phase"] == "play" and s["active"] == 0


def test_the_eighth_wonder_is_kept_face_down_in_front_of_its_owner() -> None:
    # 004 « Merveilles »: « ne remettez pas votre 4ᵉ merveille dans la boîte ... face cachée »
    s = playing()
    for seat in (0, 1):
        for w in s["players"][seat]["wonders"][: 4 if seat else 2]:
            w["card"] = "press"
    s["players"][0]["coins"] = 40
    text = next(t for t in G.legal(s, 0) if t.startswith("wonder the-temple-of-artemis"))
    s, _ = act(s, 0, text)
    view = G.view(s, None)
    assert [w["boxed"] for w in view["players"][0]["wonders"]] == [False, False, False, True]
    assert len(s["players"][0]["wonders"]) == 4
