"""The decrees' effects (001_0bfc4baf4f650892.txt §DESCRIPTION DES SYMBOLES « Sénateurs » /
« Décrets »; 7wd.md §2.3). Each is put in chamber 1, controlled by seat 0."""

from __future__ import annotations

import pytest

from engine.duel import payment
from engine.duel.cards import get

from .helpers import G, act, coins, cubes, decree, give, legal, offer, ready


def ruled(decree_id: str):  # noqa: ANN201
    state = ready()
    decree(state, 1, decree_id)
    cubes(state, 1, 1, 0)
    return state


@pytest.mark.parametrize(("decree_id", "card", "colour"), [
    ("decree-blue-coins", "altar", "blue"), ("decree-green-coins", "apothecary", "green"),
    ("decree-yellow-coins", "tavern", "yellow"), ("decree-red-coins", "stable", "red"),
])
def test_coins_when_either_player_constructs_that_colour(decree_id: str, card: str, colour: str) -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « À chaque fois que vous ou votre adversaire construisez une carte de cette couleur, vous
    # prenez autant de Pièces à la Banque que l'Âge en cours (1, 2 ou 3 Pièces). »
    state = ruled(decree_id)
    assert get(card).colour == colour
    state["age"] = 2
    state["active"] = state["turn"] = 1
    offer(state, card)
    coins(state, 0, 0)
    coins(state, 1, 20)
    text = legal(state, 1, f"construct {card}")[0]
    state, _ = act(state, 1, text)
    assert state["players"][0]["coins"] == 2


@pytest.mark.parametrize(("decree_id", "card"), [
    ("decree-yellow-ignore", "caravansery"), ("decree-red-ignore", "horse-breeders"),
    ("decree-green-ignore", "dispensary"),
])
def test_ignore_one_resource_symbol(decree_id: str, card: str) -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « Vous ignorez 1 symbole du coût (ressource ou Pièces, au choix) pour construire les cartes
    # de cette couleur. »
    state = ready()
    comp = get(card)
    full = payment.cheapest(state, 0, comp).coins
    decree(state, 1, decree_id)
    cubes(state, 1, 1, 0)
    assert payment.cheapest(state, 0, comp).coins == full - 2  # one resource bought at 2 less


def test_ignore_the_coin_symbol() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « ressource ou Pièces, au choix »; a coin cost is one symbol (7wd.md §2.9)
    state = ruled("decree-yellow-ignore")
    comp = get("caravansery")  # 2 coins, glass, papyrus
    give(state, 0, "glassworks", "press")
    quotes = payment.quotes(state, 0, comp)
    assert min(q.coins for q in quotes) == 0
    offer(state, "caravansery")
    assert legal(state, 0, "construct caravansery") == [
        "construct caravansery pay 2", "construct caravansery spare coins free",
    ]
    state, _ = act(state, 0, "construct caravansery spare coins free")
    assert state["players"][0]["coins"] == 7


def test_wonders_cost_one_resource_less() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « Vous payez 1 ressource de moins (de votre choix) pour construire vos Merveilles. »
    state = ready()
    comp = get("the-pyramids")
    full = payment.cheapest(state, 0, comp).coins
    decree(state, 1, "decree-wonder-discount")
    cubes(state, 1, 1, 0)
    assert payment.cheapest(state, 0, comp).coins == full - 2


@pytest.mark.parametrize(("decree_id", "cheaper", "same"), [
    ("decree-raw-trade", "wood", "glass"), ("decree-goods-trade", "papyrus", "clay"),
])
def test_trading_one_coin_less_never_below_one(decree_id: str, cheaper: str, same: str) -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « Vous payez 1 Pièce de moins pour chaque ressource (Marron ou Grise) que vous achetez à la
    # Banque. Important : ... le minimum à payer est toujours de 1 Pièce. »
    state = ruled(decree_id)
    trade = G.view(state, None)["players"][0]["trade"]
    assert trade[cheaper] == 1 and trade[same] == 2
    assert G.view(state, None)["players"][1]["trade"][cheaper] == 2  # only for its controller


def test_discard_two_more_coins() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « Lorsque vous défaussez une carte pour prendre des Pièces à la Banque, vous prenez 2 Pièces
    # supplémentaires. »
    state = ruled("decree-discard")
    offer(state, "lumber-yard")
    assert "discard lumber-yard gain 4" in legal(state, 0, "discard")


def test_wonder_coins_when_either_builds_a_wonder() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « À chaque fois que vous ou votre adversaire construisez une Merveille, vous prenez autant de
    # Pièces à la Banque que l'Âge en cours »
    state = ruled("decree-wonder-coins")
    state["active"] = state["turn"] = 1
    coins(state, 1, 30)
    coins(state, 0, 0)
    offer(state, "lumber-yard")
    text = legal(state, 1, "wonder piraeus lumber-yard")[0]
    state, _ = act(state, 1, text)
    assert state["players"][0]["coins"] == 1


def test_the_opponents_chains() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « vous bénéficiez des chaînages présents sur les cartes construites par votre adversaire »
    state = ruled("decree-chains")
    give(state, 1, "stable")
    state["age"] = 2
    assert payment.chained(state, 0, get("horse-breeders"))
    assert not payment.chained(state, 1, get("barracks"))


def test_two_more_blue_cards_for_senate_actions() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « vous ajoutez 2 au nombre total de cartes Bleues que vous possédez »
    from engine.duel.agora.decrees import senate_actions

    state = ruled("decree-senate")
    assert senate_actions(state, 0) == 2 and senate_actions(state, 1) == 1
