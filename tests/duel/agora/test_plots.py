"""The conspiracies (001_0bfc4baf4f650892.txt §B. PRÉPARER UN COMPLOT, §C. DÉCLENCHER UN COMPLOT,
§RÉSUMÉ DES ACTIONS POSSIBLES, §Complots et jetons Militaires; 7wd.md §2.4)."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction
from engine.duel import structure as st

from .helpers import (
    G,
    act,
    agora,
    coins,
    cubes,
    decree,
    give,
    keys,
    legal,
    offer,
    plot,
    ready,
    run,
    tokens,
)
from .playouts import check_no_leak, ids_in


def armed(pid: str, seed: int = 1):  # noqa: ANN201 - a state where seat 0 may trigger pid
    state = ready(seed)
    plot(state, 0, pid, card="lumber-yard")
    return state


def test_prepare_tucks_a_card_and_ends_the_turn() -> None:
    # 001_0bfc4baf4f650892.txt §B « placez la carte sélectionnée, face cachée, sous la zone de Préparation ... Le Complot est
    # alors préparé et votre tour est terminé. Cette action ne demande aucun coût. »
    state = ready()
    plot(state, 0, "coup")
    offer(state, "lumber-yard")
    before = state["players"][0]["coins"]
    state, events = act(state, 0, "prepare 1 lumber-yard")
    assert agora(state)["plots"][0][0]["card"] == "lumber-yard"
    assert state["players"][0]["coins"] == before and state["active"] == 1
    # « n'importe quelle carte accessible », senators included
    state2 = ready()
    plot(state2, 0, "coup")
    offer(state2, "conspirator-a")
    assert "prepare 1 conspirator-a" in legal(state2, 0, "prepare")


def test_trigger_at_the_start_of_the_turn_then_play_normally() -> None:
    # 001_0bfc4baf4f650892.txt §C « Le déclenchement d'un Complot s'effectue en plus de votre tour. Vous jouez donc votre
    # tour normalement une fois l'effet du Complot résolu. »
    state = armed("coup")
    state, events = act(state, 0, "trigger 1")
    assert state["pawn"] == 2 and state["phase"] == "play" and state["active"] == 0
    assert "duel.agora.log.trigger" in keys(events)
    # « vous ne pouvez déclencher qu'un seul Complot par tour »
    plot(state, 0, "blackmail", card="stone-pit")
    assert legal(state, 0, "trigger") == []
    card = next(iter(st.accessible_cards(state)))
    state, _ = act(state, 0, f"discard {card} gain 2")
    state["active"] = state["turn"] = 0  # seat 0's next turn
    assert legal(state, 0, "trigger") == ["trigger 2"]


def test_an_unprepared_or_triggered_conspiracy_cannot_be_triggered() -> None:
    # 001_0bfc4baf4f650892.txt §C « si vous disposez d'un Complot préparé »; the conspiracy stays face up once triggered
    state = ready()
    plot(state, 0, "coup")
    plot(state, 0, "blackmail", card="stone-pit", done=True)
    assert legal(state, 0, "trigger") == []
    with pytest.raises(IllegalAction):
        act(state, 0, "trigger 1")


def test_extortion_takes_an_unbuilt_wonder_then_may_move() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Volez à votre adversaire 1 carte Merveille non construite de votre choix »
    state = armed("extortion")
    state["players"][1]["wonders"][0]["card"] = "stone-pit"  # circus-maximus built
    state, _ = act(state, 0, "trigger 1")
    assert set(legal(state, 0)) == {"take piraeus", "take the-appian-way", "take the-colossus"}
    cubes(state, 3, 1, 0)
    state, _ = act(state, 0, "take piraeus")
    assert "piraeus" in [w["id"] for w in state["players"][0]["wonders"]]
    assert state["phase"] == "move" and "skip" in legal(state, 0)  # « Vous pouvez déplacer »
    state, _ = act(state, 0, "skip")
    assert state["phase"] == "play" and state["active"] == 0


def test_blackmail_takes_half_the_coins_rounded_up() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Volez ... la moitié de ses Pièces (arrondie en votre faveur) »
    state = armed("blackmail")
    coins(state, 0, 0)
    coins(state, 1, 7)
    state, _ = act(state, 0, "trigger 1")
    assert state["players"][0]["coins"] == 4 and state["players"][1]["coins"] == 3


@pytest.mark.parametrize(("pid", "card"), [("expropriation", "altar"), ("swindle", "tavern")])
def test_expropriation_and_swindle_discard_a_blue_or_yellow_card(pid: str, card: str) -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Placez dans la défausse 1 carte Bleue (Jaune) de votre choix construite par
    # votre adversaire »
    state = armed(pid)
    give(state, 1, card, "lumber-yard")
    state, _ = act(state, 0, "trigger 1")
    assert legal(state, 0) == [f"destroy {card}"]
    state, _ = act(state, 0, f"destroy {card}")
    assert card in state["discard"] and card not in state["players"][1]["cards"]


# The rulebook of 7 Wonders Duel: Agora (Repos Production, French edition), « Complots »,
# Obscurantisme: « Choisissez 1 Progrès situé sur le plateau ou chez votre adversaire ou hors jeu,
# et placez-le, face cachée, sur ce Complot. Aucun de vous ne pourra l'utiliser pour cette partie. »
OBSCURANTISM = "Choisissez 1 Progrès situé sur le plateau ou chez votre adversaire ou hors jeu"


def obscuring():  # noqa: ANN201 - seat 0 asked by Obscurantism, seat 1 owning Law
    state = armed("obscurantism")
    tokens(state, 1, "law")
    state["box_tokens"] = [t for t in state["box_tokens"] if t != "law"]
    state["board_tokens"] = [None if t == "law" else t for t in state["board_tokens"]]
    state, _ = act(state, 0, "trigger 1")
    assert state["phase"] == "obscure" and state["active"] == 0
    return state


def test_obscurantism_offers_the_board_the_opponents_and_each_token_out_of_the_game() -> None:
    # RB-A Complots, Obscurantisme: « Choisissez 1 Progrès situé sur le plateau ou chez votre
    # adversaire ou hors jeu »: the player chooses, the token out of the game included.
    state = obscuring()
    texts = legal(state, 0)
    board = [t for t in state["board_tokens"] if t]
    box = sorted(state["box_tokens"])
    assert len(box) >= 5  # 10 + Agora's 2, 5 on the board, Law with the opponent
    assert texts == ([f"obscure {t}" for t in board] + ["obscure law"]
                     + [f"obscure box {t}" for t in box])
    assert "obscure box" not in texts  # no random draw: the player chooses
    assert legal(state, 1) == []


@pytest.mark.parametrize("where", ["board", "opponent", "box"])
def test_obscurantism_places_the_chosen_token_face_down_wherever_it_came_from(where: str) -> None:
    # RB-A Complots, Obscurantisme: « et placez-le, face cachée, sur ce Complot. Aucun de vous ne
    # pourra l'utiliser pour cette partie. »
    state = obscuring()
    token = {"board": next(t for t in state["board_tokens"] if t), "opponent": "law",
             "box": sorted(state["box_tokens"])[0]}[where]
    text = f"obscure box {token}" if where == "box" else f"obscure {token}"
    after, _ = act(state, 0, text)
    assert agora(after)["obscured"] == [{"id": token, "up": False}]
    assert token not in after["board_tokens"] + after["box_tokens"]
    assert token not in after["players"][0]["tokens"] + after["players"][1]["tokens"]
    for viewer in (None, 0, 1):
        assert G.view(after, viewer)["agora"]["obscured"] == [None]  # face down
    assert after["phase"] == "play" and after["active"] == 0  # the turn goes on


def test_the_token_chosen_out_of_the_game_is_shown_to_its_chooser_only() -> None:
    # RB-A Complots, Obscurantisme « ... ou hors jeu »: the tokens out of the game are shown to
    # the player choosing, privately; never in the public view, the opponent's view, a public log
    # line, the last move shown on the board or the opponent's legal texts.
    state = obscuring()
    box = sorted(state["box_tokens"])
    assert G.view(state, 0)["private"]["agora"]["box"] == box
    assert "box" not in G.view(state, 1)["private"]["agora"]
    rnd = random.Random(3)
    check_no_leak(state, rnd)  # the box's tokens changed: public and opponent views unchanged
    token = box[-1]
    after, events = act(state, 0, f"obscure box {token}")
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert [e.msg.key for e in public] == ["duel.agora.log.obscure_box"]
    assert all(token not in ids_in(e.msg) for e in public)
    assert [(e.msg.key, e.to) for e in private] == [("duel.agora.log.obscure_box_private", (0,))]
    assert token in ids_in(private[0].msg)
    assert G.view(after, None)["last"] == {"seat": 0, "action": "obscure box"}
    assert legal(after, 1) == []
    check_no_leak(after, rnd)
    for viewer in (None, 1):
        assert token not in json.dumps(G.view(after, viewer)["agora"])
        assert G.view(after, viewer)["last"]["action"] == "obscure box"
    assert not G.undoable(state, after, events, 0)  # a private line: never taken back


def test_a_game_recorded_with_the_random_draw_still_replays() -> None:
    # Games stored before this reading hold `obscure box` (a token drawn at random): not offered
    # any more, still applied as it was, so that they replay.
    state = obscuring()
    after, events = act(state, 0, "obscure box")
    assert len(after["box_tokens"]) == len(state["box_tokens"]) - 1
    assert [o["up"] for o in agora(after)["obscured"]] == [False]
    assert [e.msg.key for e in events][:1] == ["duel.agora.log.obscure_box"]
    with pytest.raises(IllegalAction):
        act(state, 1, "obscure box")
    with pytest.raises(IllegalAction):
        act(state, 0, "obscure box not-a-token")


def test_coup_moves_the_pawn_two_spaces() -> None:
    # 001_0bfc4baf4f650892.txt §Complots (icon: 2 shields); 7wd.md §2.4 Coup
    state = armed("coup")
    state, _ = act(state, 0, "trigger 1")
    assert state["pawn"] == 2


def test_property_fraud_builds_a_back_row_building_not_a_senator() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Prenez 1 carte Bâtiment placée en fin de structure et construisez ce Bâtiment
    # gratuitement. Les cartes Sénateur ne peuvent pas être choisies. »
    state = armed("property-fraud")
    row1 = [s for s in state["structure"] if s["row"] == 1]
    row1[0]["card"], row1[1]["card"] = "politician-left-a", "quarry"
    for c in ("politician-left-a", "quarry"):
        for d in state["decks"].values():
            if c in d:
                d.remove(c)
    state, _ = act(state, 0, "trigger 1")
    texts = legal(state, 0)
    assert "build quarry" in texts and "build politician-left-a" not in texts
    state, _ = act(state, 0, "build quarry")
    assert "quarry" in state["players"][0]["cards"]
    assert state["phase"] == "play" and state["active"] == 0


@pytest.mark.parametrize(("age", "n"), [(1, 3), (2, 6), (3, 9)])
def test_treason_offers_the_removed_cards_of_the_ages_so_far(age: int, n: int) -> None:
    # 001_0bfc4baf4f650892.txt §Complots « À l'Âge I, prenez les 3 cartes écartées de l'Âge I. À l'Âge II, ... les 6 ...
    # Regardez-les secrètement et choisissez-en 1 que vous jouez gratuitement. »
    state = armed("treason")
    state["age"] = age
    state, _ = act(state, 0, "trigger 1")
    cards = [c for a in range(1, age + 1) for c in state["removed"][str(a)]]
    assert sorted(legal(state, 0)) == sorted(f"build {c}" for c in cards) and len(cards) == n
    assert G.view(state, 0)["private"]["agora"]["treason"] == cards
    assert "treason" not in G.view(state, 1).get("private", {}).get("agora", {})
    state, _ = act(state, 0, f"build {cards[0]}")
    assert cards[0] in state["players"][0]["cards"] and cards[0] not in state["removed"]["1"]


def test_political_maneuver_places_removes_and_may_move() -> None:
    # 001_0bfc4baf4f650892.txt §Complots et jetons Militaires: place 1 cube; « Retirez 1 cube Influence adverse »; move
    state = armed("political-maneuver")
    cubes(state, 5, 0, 2)
    state, _ = run(state, (0, "trigger 1"), (0, "place 4"))
    assert legal(state, 0) == ["remove 5"]
    state, _ = act(state, 0, "remove 5")
    assert agora(state)["senate"][4]["cubes"] == [0, 1]
    assert state["phase"] == "move"
    state, _ = act(state, 0, "move 4 5")
    assert agora(state)["senate"][4]["cubes"] == [1, 1] and state["phase"] == "play"


def test_espionage_plays_one_of_all_the_removed_tokens() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Prenez secrètement tous les jetons Progrès écartés en début de partie et
    # choisissez-en 1 que vous jouez. »
    state = armed("espionage")
    box = list(state["box_tokens"])
    state, events = act(state, 0, "trigger 1")
    assert sorted(legal(state, 0)) == sorted(f"progress {t}" for t in box)
    assert all(e.to == (0,) for e in events if e.msg.key == "duel.log.library")
    state, _ = act(state, 0, f"progress {box[0]}")
    assert box[0] in state["players"][0]["tokens"] and len(state["box_tokens"]) == len(box) - 1


def test_turn_of_events_discards_one_card_and_maybe_a_second() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Placez dans la défausse 1 carte accessible de la structure. Vous pouvez
    # immédiatement effectuer cette action une seconde fois. »
    state = armed("turn-of-events")
    state, _ = act(state, 0, "trigger 1")
    assert "skip" not in legal(state, 0)
    first = legal(state, 0)[0].split()[1]
    state, _ = act(state, 0, f"scrap {first}")
    assert first in state["discard"] and "skip" in legal(state, 0)
    state, _ = act(state, 0, "skip")
    assert state["phase"] == "play"


def test_embezzlement_counts_the_cubes() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Gagnez autant de Pièces que vous avez de cubes Influence dans le Sénat » and
    # « Votre adversaire perd autant de Pièces qu'il a de cubes Influence dans le Sénat »
    state = armed("embezzlement")
    cubes(state, 1, 2, 0)
    cubes(state, 4, 1, 3)
    coins(state, 0, 0)
    coins(state, 1, 5)
    state, _ = act(state, 0, "trigger 1")
    assert state["players"][0]["coins"] == 3 and state["players"][1]["coins"] == 2


def test_foreclosure_takes_a_brown_or_grey_card() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Volez à votre adversaire 1 carte Marron ou Grise de votre choix »
    state = armed("foreclosure")
    give(state, 1, "lumber-yard", "glassworks", "altar")
    state, _ = act(state, 0, "trigger 1")
    assert set(legal(state, 0)) == {"steal lumber-yard", "steal glassworks"}
    state, _ = act(state, 0, "steal glassworks")
    assert "glassworks" in state["players"][0]["cards"]
    assert state["players"][0]["cards"].count("glassworks") == 1


def test_coercion_swaps_cards_of_the_same_colour() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Prenez à votre adversaire 1 carte Bleue ou Verte ... En échange, donnez-lui 1 de
    # vos cartes de la même couleur. »
    state = armed("coercion")
    give(state, 1, "altar", "pharmacist")
    give(state, 0, "baths")
    state, _ = act(state, 0, "trigger 1")
    assert set(legal(state, 0)) == {"swap altar baths", "swap pharmacist"}
    state, _ = act(state, 0, "swap altar baths")
    assert "altar" in state["players"][0]["cards"] and "baths" in state["players"][1]["cards"]


def test_insider_influence_stacks_two_decrees_both_in_force() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Choisissez 1 Décret du Sénat et déplacez-le vers une Chambre de votre choix, sous
    # le Décret déjà présent. » « une Chambre sera donc sans Décret et une autre en contiendra 2 »
    state = armed("insider-influence")
    decree(state, 1, "decree-discard")
    decree(state, 6, "decree-raw-trade", up=False)
    cubes(state, 1, 1, 0)
    state, _ = run(state, (0, "trigger 1"), (0, "shift 6 1"))
    senate = agora(state)["senate"]
    assert [d["id"] for d in senate[0]["decrees"]] == ["decree-discard", "decree-raw-trade"]
    assert senate[5]["decrees"] == [] and senate[0]["decrees"][1]["up"]
    state, _ = act(state, 0, "skip")
    view = G.view(state, None)
    assert view["players"][0]["trade"]["wood"] == 1  # 2 - 1, both decrees apply
    assert any(t.startswith("discard") and t.endswith("gain 4") for t in G.legal(state, 0))
    # « La Chambre sans Décret reste ... indispensable pour remporter la Suprématie Politique »
    assert view["agora"]["senate"][5]["decrees"] == []


def test_sabotage_returns_a_built_wonder_to_the_box() -> None:
    # 001_0bfc4baf4f650892.txt §Complots « Choisissez 1 Merveille adverse construite et placez-la dans la boîte ... le
    # joueur ne perd pas les effets immédiats précédemment octroyés »
    state = armed("sabotage")
    state["players"][1]["wonders"][0]["card"] = "stone-pit"
    coins(state, 1, 5)
    state, _ = act(state, 0, "trigger 1")
    assert legal(state, 0) == ["raze circus-maximus"]
    state, _ = act(state, 0, "raze circus-maximus")
    assert "circus-maximus" not in [w["id"] for w in state["players"][1]["wonders"]]
    assert state["players"][1]["coins"] == 5
    assert G.view(state, None)["players"][1]["points"]["wonders"] == 0


def test_a_decree_moved_face_down_stays_hidden() -> None:
    state = armed("insider-influence")
    decree(state, 2, "decree-shield", up=False)
    state, _ = run(state, (0, "trigger 1"), (0, "shift 2 5"))
    assert G.view(state, None)["agora"]["senate"][4]["decrees"][1] is None


def test_conspiracy_and_decree_effects_trigger_shield_decree_with_cubes() -> None:
    state = armed("political-maneuver")
    decree(state, 3, "decree-shield")
    cubes(state, 3, 0, 1)
    agora(state)["shield"] = 1
    state["pawn"] = -1
    state, _ = run(state, (0, "trigger 1"), (0, "place 3"), (0, "remove 3"))
    assert agora(state)["shield"] == 0 and state["pawn"] == 1
