"""Every leader of 004 « Description des Leaders », with its notes (one section per leader)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, State
from engine.duel import city
from engine.duel.agora import data as agora_data
from engine.duel.leaders import rules as L

from .helpers import (
    FIRST_GAME,
    G,
    act,
    coins,
    keys,
    offer,
    playing,
    recruit_both,
    recruiting,
    run,
)


def construct(state: State, seat: int, card: str) -> tuple[State, list]:
    """Put `card` on an accessible slot and construct it (the cheapest text)."""
    offer(state, card)
    texts = [t for t in G.legal(state, seat) if t.startswith(f"construct {card} ")]
    assert texts, G.legal(state, seat)
    return act(state, seat, texts[0])


def give(state: State, seat: int, *cards: str) -> None:
    state["players"][seat]["cards"].extend(cards)


# --- points at the end -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lid", "points"), [("cleopatra", 5), ("nefertiti", 4), ("zenobia", 3), ("sappho", 2)]
)
def test_fixed_points(lid: str, points: int) -> None:
    # 004 Cléopâtre 5, Néfertiti 4, Zénobie 3, Sappho 2.
    s = playing(recruited=((lid,), ()))
    assert L.points(s, 0) == points and L.points(s, 1) == 0
    assert G.view(s, None)["players"][0]["points"]["leaders"] == points


@pytest.mark.parametrize(
    ("lid", "cards", "points"),
    [
        ("hypatia", ("workshop", "apothecary", "theater"), 2),  # 004 Hypatie: 1 per green
        ("nebuchadnezzar", ("theater", "altar", "guard-tower"), 2),  # Nabuchodonosor: blue
        ("pericles", ("guard-tower", "stable", "altar"), 2),  # Périclès: red
        ("phidias", ("lumber-yard", "quarry", "press"), 2),  # Phidias: brown
        ("praxiteles", ("press", "glassworks", "quarry"), 4),  # Praxitèle: 2 per grey
        ("varro", ("tavern", "wood-reserve", "theater"), 2),  # Varron: yellow
        ("hiram", ("merchants-guild", "builders-guild", "arena"), 4),  # Hiram: 2 per guild
    ],
)
def test_points_per_card(lid: str, cards: tuple[str, ...], points: int) -> None:
    s = playing(recruited=((lid,), ()))
    give(s, 0, *cards)
    give(s, 1, *cards)  # the opponent's cards never count
    assert L.points(s, 0) == points


def test_amytis_two_points_per_wonder() -> None:
    # 004 Amytis
    s = playing(recruited=(("amytis",), ()))
    s["players"][0]["wonders"][0]["card"] = "press"
    s["players"][0]["wonders"][1]["card"] = "quarry"
    assert L.points(s, 0) == 4


def test_aristotle_three_points_per_progress_token() -> None:
    # 004 Aristote
    s = playing(recruited=(("aristotle",), ()))
    s["players"][0]["tokens"] = ["agriculture", "law"]
    assert L.points(s, 0) == 6


def test_midas_one_point_per_three_coins() -> None:
    # 004 Midas
    s = playing(recruited=(("midas",), ()))
    s["players"][0]["coins"] = 11
    assert L.points(s, 0) == 3


def test_justinian_three_points_per_complete_blue_red_green_set() -> None:
    # 004 Justinien: « pour chaque série ... Les séries partielles ne rapportent aucun point »
    s = playing(recruited=(("justinian",), ()))
    give(s, 0, "theater", "altar", "guard-tower", "stable", "workshop")
    assert L.points(s, 0) == 3
    give(s, 0, "apothecary")
    assert L.points(s, 0) == 6


def test_plato_seven_points_per_set_of_the_seven_colours() -> None:
    # 004 Platon
    s = playing(recruited=(("plato",), ()))
    give(s, 0, "lumber-yard", "press", "theater", "tavern", "workshop", "guard-tower")
    assert L.points(s, 0) == 0
    give(s, 0, "merchants-guild")
    assert L.points(s, 0) == 7


def test_alexander_points_for_the_loot_tokens_removed_not_cumulated() -> None:
    # 004 Alexandre: 2 or 5, « 5 au total, points non cumulables », even if the pawn went back.
    s = playing(recruited=(("alexander",), ()))
    assert L.points(s, 0) == 0
    s["loot"][2] = True  # the « 2 coins » token against seat 1
    assert L.points(s, 0) == 2
    s["loot"][3] = True
    s["pawn"] = 0
    assert L.points(s, 0) == 5
    s["loot"][0] = True  # removed against seat 0: the opponent's doing, not ours
    assert L.points(s, 1) == 0


def test_vitruvius_two_points_per_pair_sharing_a_chain_symbol() -> None:
    # 004 Vitruve, its example: the Theatre and the Statue are a pair; chain leaders count.
    s = playing(recruited=(("vitruvius",), ()))
    give(s, 0, "theater", "statue")
    assert L.points(s, 0) == 2
    s["leaders"]["recruited"][0].append("leonidas")
    give(s, 0, "barracks")  # freed by Leonidas's sword, even if built another way
    assert L.points(s, 0) == 4


# --- chains ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lid", "card"),
    [("archimedes", "dispensary"), ("hammurabi", "temple"), ("leonidas", "barracks"),
     ("xenophon", "library"), ("da-vinci", "horse-breeders")],
)
def test_chain_leaders_build_their_cards_for_free(lid: str, card: str) -> None:
    # 004 Archimède, Hammurabi, Léonidas, Xénophon, De Vinci: « construire gratuitement les
    # cartes comportant un de ces symboles »; « des pièces via l'Urbanisme ».
    s = playing(recruited=((lid,), ()), age=2)
    s["players"][0]["tokens"] = ["urbanism"]
    offer(s, card)
    assert f"construct {card} chain" in G.legal(s, 0)
    before = coins(s, 0)
    s, _ = act(s, 0, f"construct {card} chain")
    assert coins(s, 0) == before + 4


def test_da_vinci_is_the_union_of_the_four_lists() -> None:
    # 004 De Vinci: « ne pas inclure Archimède, Hammurabi, Léonidas et Xénophon »
    union = set().union(*(L.get(x).effect("chains") for x in
                          ("archimedes", "hammurabi", "leonidas", "xenophon")))
    assert set(L.get("da-vinci").effect("chains")) == union


# --- military --------------------------------------------------------------------------------------


def test_caesar_two_shields_after_the_opponent_paid() -> None:
    # 004 César: « prendra effet après que votre adversaire ait payé son leader actuel »
    s = recruiting(hands=(("caesar",), ("cleopatra",)), age=2)
    s["pawn"] = 2
    s["players"][1]["coins"] = 5
    s, events = recruit_both(s, "caesar", "cleopatra")
    assert s["pawn"] == 4 and coins(s, 1) == 0  # paid 4, then looted the last one
    assert s["leaders"]["recruited"][1] == ["cleopatra"]


def test_hannibal_one_shield_and_the_discard_coins_can_be_looted() -> None:
    # 004 Hannibal: « s'il a défaussé son leader contre des pièces, elles pourront être perdues »
    s = recruiting(hands=(("hannibal",), ("sappho",)), age=2)
    s["pawn"] = 2
    s["players"][1]["coins"] = 0
    s, _ = recruit_both(s, "hannibal", "sappho", "recruit", "discard")
    assert s["pawn"] == 3 and coins(s, 1) == 0


def test_darius_and_diocletian() -> None:
    # 004 Darius: 2 coins, costs nothing; Dioclétien: 4; « pas de pénalité ».
    s = recruiting(hands=(("darius",), ("diocletian",)))
    s["players"][1]["coins"] = 3
    s, _ = recruit_both(s, "darius", "diocletian")
    assert coins(s, 0) == 10 - 0 - 4 and coins(s, 1) == 0


def test_aspasia_cancels_the_next_move_either_way_once() -> None:
    # 004 Aspasie: « indépendamment de la direction »; « ne pouvez pas refuser »
    s = playing(recruited=(("aspasia",), ()))
    s, events = construct(s, 0, "guard-tower")  # her owner's own move
    assert s["pawn"] == 0 and "duel.log.aspasia" in keys(events)
    assert s["active"] == 1
    s, _ = construct(s, 1, "stable")
    assert s["pawn"] == -1  # spent: the next move happens


def test_caligula_doubles_looting() -> None:
    # 004 Caligula
    s = playing(recruited=(("caligula",), ()), age=2)
    s["pawn"] = 2
    give(s, 0, "quarry", "stone-pit")
    s, _ = construct(s, 0, "walls")  # 2 shields: enters the « 2 » zone
    assert coins(s, 1) == 10 - 4


def test_nero_takes_what_the_opponent_loses_rulebook_example() -> None:
    # 004 Néron, example: Walls into the « 5 » zone, Bruno has 4 coins, Antoine gets them.
    s = playing(recruited=(("nero",), ()), age=2)
    s["pawn"] = 5
    s["loot"][2] = True
    s["players"][1]["coins"] = 4
    give(s, 0, "quarry", "stone-pit")
    before = coins(s, 0)
    s, events = construct(s, 0, "walls")
    assert coins(s, 1) == 0 and coins(s, 0) == before + 4


def test_caligula_and_nero_together_give_all_the_doubled_loss() -> None:
    # 004 Caligula / Néron: « recevra toutes les pièces perdues », no more than lost.
    s = playing(recruited=(("caligula", "nero"), ()), age=2)
    s["pawn"] = 2
    s["players"][1]["coins"] = 3
    give(s, 0, "quarry", "stone-pit")
    before = coins(s, 0)
    s, _ = construct(s, 0, "walls")
    assert coins(s, 1) == 0 and coins(s, 0) == before + 3


def test_tomyris_the_looter_loses_as_much_capped_by_what_you_lost() -> None:
    # 004 Tomyris: « ne peut pas perdre plus de pièces que vous n'en perdez »
    s = playing(recruited=((), ("tomyris",)), age=2)
    s["pawn"] = 2
    s["players"][1]["coins"] = 1
    give(s, 0, "quarry", "stone-pit")
    before = coins(s, 0)
    s, _ = construct(s, 0, "walls")
    assert coins(s, 1) == 0 and coins(s, 0) == before - 1


def test_semiramis_a_shield_after_each_looting_suffered() -> None:
    # 004 Sémiramis
    s = playing(recruited=((), ("semiramis",)), age=2)
    s["pawn"] = 2
    give(s, 0, "quarry", "stone-pit")
    s, events = construct(s, 0, "walls")  # to 4, loots, then Semiramis pushes back to 3
    assert s["pawn"] == 3 and "duel.log.semiramis" in keys(events)


def test_semiramis_cannot_stop_a_military_supremacy() -> None:
    # 004 Sémiramis: « ne peut pas l'en empêcher »
    s = playing(recruited=((), ("semiramis",)), age=2)
    s["pawn"] = 7
    give(s, 0, "quarry", "stone-pit")
    s, _ = construct(s, 0, "walls")
    assert s["outcome"]["reason"] == "military" and s["outcome"]["winners"] == [0]


# --- trading, discarding -------------------------------------------------------------------------------


def test_berenice_counts_as_a_yellow_card_when_discarding() -> None:
    # 004 Bérénice: « ne compte pas comme une carte jaune pour toute autre utilisation »
    s = playing(recruited=(("berenice",), ()))
    assert any(t.endswith("gain 3") for t in G.legal(s, 0) if t.startswith("discard"))
    assert city.count(s, 0, "yellow") == 0


def test_bilkis_buys_one_unit_for_two_coins() -> None:
    # 004 Bilkis: « Ce coût n'est pas augmenté par les cartes marron ou grises adverses »
    s = playing(recruited=(("bilkis",), ()), age=2)
    give(s, 1, "quarry", "stone-pit", "shelf-quarry")  # stone costs 2 + 4 = 6 for seat 0
    s["players"][0]["coins"] = 20
    offer(s, "walls")
    assert "construct walls pay 8" in G.legal(s, 0)  # 2 (Bilkis) + 6
    s["leaders"]["recruited"][0] = []
    assert "construct walls pay 12" in G.legal(s, 0)


def test_hatshepsut_a_coin_per_unit_the_opponent_buys_not_at_a_fixed_price() -> None:
    # 004 Hatchepsout: « pas de pièces s'il achète ... grâce à une carte dépôt »
    s = playing(recruited=((), ("hatshepsut",)), age=2)
    before = coins(s, 1)
    s, events = construct(s, 0, "walls")  # 2 stone bought
    assert coins(s, 1) == before + 2 and "duel.log.hatshepsut" in keys(events)
    s = playing(recruited=((), ("hatshepsut",)), age=2)
    give(s, 0, "stone-reserve")
    s, _ = construct(s, 0, "walls")
    assert coins(s, 1) == before


# --- cards built for free ---------------------------------------------------------------------------


def test_solomon_builds_a_card_of_the_discard_for_free_or_passes() -> None:
    # 004 Salomon
    s = recruiting(hands=(("solomon",), ("sappho",)), age=2)
    s["discard"] = ["theater", "press"]
    s, _ = recruit_both(s, "solomon", "sappho")
    assert s["phase"] == "solomon" and set(G.legal(s, 0)) == {
        "construct theater", "construct press", "pass"}
    s, _ = act(s, 0, "construct theater")
    assert "theater" in s["players"][0]["cards"] and s["discard"] == ["press"]
    assert s["phase"] == "start"


def test_solomon_in_age_one_has_no_effect() -> None:
    # 004 Salomon: « aucun effet s'il est recruté au début de l'Âge I »
    s = recruiting(hands=(("solomon",), ("sappho",)))
    s, _ = recruit_both(s, "solomon", "sappho")
    assert s["phase"] == "play"


def test_croesus_builds_one_of_the_three_removed_cards_after_the_structure() -> None:
    # 004 Crésus: « Après avoir construit sa structure, prenez les trois cartes ... »
    s = recruiting(hands=(("croesus",), ("sappho",)))
    removed = list(s["removed"]["1"])
    s, events = recruit_both(s, "croesus", "sappho")
    assert s["phase"] == "croesus" and len(s["structure"]) == 20
    assert sorted(G.legal(s, 0)) == sorted(f"construct {c}" for c in removed)
    # shown to the recruiter only
    assert G.view(s, 0)["private"]["leaders"]["draw"] == removed
    assert G.view(s, 1)["private"]["leaders"]["draw"] == []
    assert all(e.to == (0,) for e in events if e.msg.key == "duel.log.drawn")
    s, _ = act(s, 0, f"construct {removed[0]}")
    assert removed[0] in s["players"][0]["cards"] and s["removed"]["1"] == removed[1:]


def test_ramses_draws_two_unused_guilds_after_age_three_is_laid() -> None:
    # 004 Ramsès: recruited in any age, used when the structure of Age III is laid.
    s = recruiting(hands=(("ramses",), ("sappho",)), age=3)
    guilds = list(s["removed"]["guilds"])
    s, _ = recruit_both(s, "ramses", "sappho")
    assert s["phase"] == "ramses" and len(s["structure"]) == 20
    texts = G.legal(s, 0)
    assert "pass" in texts and len(texts) == 3
    card = texts[0].split()[1]
    assert card in guilds
    s, _ = act(s, 0, texts[0])
    assert card in s["players"][0]["cards"] and card not in s["removed"]["guilds"]


def test_maecenas_draws_two_out_of_the_game_and_recruits_one_free() -> None:
    # 004 Mécène: « Si vous n'en recrutez aucun, vous ne recevez pas de pièces »; the other
    # stays out of the game.
    s = recruiting(hands=(("maecenas",), ("sappho",)))
    s, _ = recruit_both(s, "maecenas", "sappho")
    assert s["phase"] == "maecenas"
    drawn = G.view(s, 0)["private"]["leaders"]["draw"]
    assert len(drawn) == 2 and G.view(s, 1)["private"]["leaders"]["draw"] == []
    before = coins(s, 0)
    pick = drawn[0] if drawn[0] not in ("solomon", "croesus", "maecenas") else drawn[1]
    s, _ = act(s, 0, f"recruit {pick}")
    assert pick in s["leaders"]["recruited"][0] and coins(s, 0) <= before
    assert (set(drawn) - {pick}) <= set(s["leaders"]["pool"])


def test_maecenas_may_pass_for_nothing() -> None:
    s = recruiting(hands=(("maecenas",), ("sappho",)))
    s, _ = recruit_both(s, "maecenas", "sappho")
    before = coins(s, 0)
    s, _ = act(s, 0, "pass")
    assert coins(s, 0) == before and s["leaders"]["recruited"][0] == ["maecenas"]


# --- science -----------------------------------------------------------------------------------------


def test_euclid_rulebook_example_pharmacist_then_dispensary_gives_law() -> None:
    # 004 Euclide, example: Pharmacist (I) + Euclid; the Dispensary under Euclid gives Law, still
    # 2 points, no progress token, one more kind of symbol.
    s = playing(recruited=(("euclid",), ()), age=2)
    give(s, 0, "pharmacist")
    kinds = city.science_kinds(s, 0)
    offer(s, "dispensary")
    s, _ = act(s, 0, "construct dispensary chain")
    assert s["phase"] == "euclid" and G.legal(s, 0) == ["euclid dispensary", "pass"]
    s, _ = act(s, 0, "euclid dispensary")
    assert s["phase"] == "play" and s["active"] == 1  # no progress token
    assert city.science(s, 0)["law"] == 1 and city.science_kinds(s, 0) == kinds + 1
    assert G.view(s, None)["players"][0]["points"]["green"] == 2
    assert "euclid" not in {t.split()[0] for t in G.legal(s, 0)}  # once per game


def test_euclid_with_the_law_token_a_law_pair_takes_a_token() -> None:
    # 004 Euclide: « Si vous avez un symbole Loi ... vous pouvez prendre un jeton Progrès »
    s = playing(recruited=(("euclid",), ()), age=2)
    give(s, 0, "pharmacist")
    s["players"][0]["tokens"] = ["law"]
    offer(s, "dispensary")
    s, _ = run(s, (0, "construct dispensary chain"), (0, "euclid dispensary"))
    assert s["phase"] == "progress"


def test_euclid_pass_keeps_the_pair() -> None:
    s = playing(recruited=(("euclid",), ()), age=2)
    give(s, 0, "pharmacist")
    offer(s, "dispensary")
    s, _ = run(s, (0, "construct dispensary chain"), (0, "pass"))
    assert s["phase"] == "progress"


def test_ptolemy_rulebook_example_school_copies_the_mortar() -> None:
    # 004 Ptolémée, example: Pharmacist (I); in Age II the School copies the mortar: a pair,
    # a progress token; the School no longer gives a wheel, still 1 point.
    s = playing(recruited=(("ptolemy",), ()), age=2)
    give(s, 0, "pharmacist")
    give(s, 1, "dispensary")
    s["players"][0]["coins"] = 20
    s, _ = construct(s, 0, "school")
    assert s["phase"] == "ptolemy" and G.legal(s, 0) == ["copy mortar", "pass"]
    s, _ = act(s, 0, "copy mortar")
    assert s["phase"] == "progress"
    assert city.science(s, 0)["mortar"] == 2 and city.science(s, 0)["wheel"] == 0
    assert G.view(s, None)["players"][0]["points"]["green"] == 1


def test_ptolemy_only_in_ages_two_and_three() -> None:
    s = playing(recruited=(("ptolemy",), ()))
    give(s, 0, "pharmacist")
    s, _ = construct(s, 0, "workshop")
    assert s["phase"] == "play"


def test_pythagoras_once_a_card_under_him_and_play_again() -> None:
    # 004 Pythagore: « Vous ne retirez aucun avantage de cette carte, mais vous pouvez rejouer »
    s = playing(recruited=(("pythagoras",), ()))
    offer(s, "tavern")
    before = coins(s, 0)
    s, _ = act(s, 0, "pythagoras tavern")
    assert s["active"] == 0 and coins(s, 0) == before and "tavern" not in s["players"][0]["cards"]
    assert s["leaders"]["tucked"][0] == {"pythagoras": "tavern"}
    assert not [t for t in G.legal(s, 0) if t.startswith("pythagoras")]
    with pytest.raises(IllegalAction):
        act(s, 1, "pythagoras tavern")


# --- wonders -----------------------------------------------------------------------------------------


def test_imhotep_builds_the_fourth_wonder_after_seven() -> None:
    # 004 Imhotep; « Merveilles »: the 8th wonder is kept face down, not boxed.
    s = playing(recruited=((), ()))
    for seat in (0, 1):
        for w in s["players"][seat]["wonders"][: 4 if seat else 3]:
            w["card"] = "press"
    s["boxed_wonder"] = s["players"][0]["wonders"][3]["id"]
    s["players"][0]["coins"] = 40
    assert not [t for t in G.legal(s, 0) if t.startswith("wonder")]
    s["leaders"]["recruited"][0] = ["imhotep"]
    texts = [t for t in G.legal(s, 0) if t.startswith("wonder the-statue-of-zeus")]
    assert texts
    s, _ = act(s, 0, texts[0])
    assert s["boxed_wonder"] is None
    assert G.view(s, None)["players"][0]["wonders"][3]["built"]


def test_imhotep_buried_has_no_effect() -> None:
    s = playing(recruited=((), ()))
    s["leaders"]["buried"][0] = ["imhotep"]
    assert not L.can_pass_limit(s, 0)


def test_every_leader_of_the_text_has_a_test_here() -> None:
    # 004 « Description des Leaders »: 43 sections, each tested above by its id.
    from pathlib import Path

    from engine.duel.leaders.data import panel

    source = Path(__file__).read_text("utf-8") + Path(__file__).with_name(
        "test_wonders.py").read_text("utf-8")
    missing = [lid for lid in panel("all") if f'"{lid}"' not in source]
    assert not missing, missing


# 7 Wonders Duel: Leaders (fan expansion, French rules v1.1.1), « Salomon »: « Lorsque vous recrutez
# Salomon, vous pouvez choisir une carte de la défausse et la construire gratuitement. » With Agora,
# a discarded senator is not a card one constructs (it is recruited, RB-A A): not offered, as the
# Mausoleum reads it (data/duel/README.md, Leaders reading 20).


def _agora_recruiting(discard: list[str]) -> State:
    state = G.setup(2, 1, {"leaders": "all", "agora": True})
    lead = state["leaders"]
    lead["draft"] = None
    for seat, hand in enumerate((("solomon",), ("sappho",))):
        lead["pool"] = [x for x in lead["pool"] if x not in hand]
        lead["hands"][seat] = list(hand)
        state["players"][seat]["wonders"] = [{"id": w, "card": None} for w in FIRST_GAME[seat]]
    state.update(draft=None, wonder_pool=[], discard=list(discard))
    L.begin(state, 2, 0)
    return state


def test_solomon_with_agora_offers_no_discarded_senator() -> None:
    senator = next(iter(agora_data.load().senators))
    s = _agora_recruiting([senator, "theater", senator, "press"])
    s, _ = recruit_both(s, "solomon", "sappho")
    assert s["phase"] == "solomon"
    assert set(G.legal(s, 0)) == {"construct theater", "construct press", "pass"}
    with pytest.raises(IllegalAction):
        act(s, 0, f"construct {senator}")
    s, _ = act(s, 0, "construct press")
    assert "press" in s["players"][0]["cards"] and s["discard"] == [senator, "theater", senator]


def test_solomon_with_only_senators_discarded_has_nothing_to_build() -> None:
    senator = next(iter(agora_data.load().senators))
    s = _agora_recruiting([senator])
    s, _ = recruit_both(s, "solomon", "sappho")
    assert s["phase"] != "solomon" and "solomon" in s["leaders"]["recruited"][0]
    assert s["discard"] == [senator] and senator not in s["players"][0]["cards"]
