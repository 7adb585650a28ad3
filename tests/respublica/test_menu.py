"""Res Publica's menu (engine/respublica/menu.py) holds exactly the texts of `legal()`, and a walk
through it picks what a walk through the list picks, drawing the same numbers: random playouts,
selfplay and searching players stay reproducible."""

from __future__ import annotations

import random

import pytest

from engine.policy import texts, walk
from engine.respublica.cards import variant
from engine.respublica.menu import Deliveries, Proposals, ResPublicaMenu
from engine.respublica.trade import (
    all_proposals,
    all_texts,
    can_deliver,
    cards_text,
    deliveries,
    hand_key,
    proposable_texts,
)

from .helpers import G


def random_hand(v, rnd: random.Random) -> dict[str, int]:
    """Hands of every shape: empty, one card, many pairs, a whole colour, a big hand."""
    size = rnd.choice([0, 1, 2, 3, 5, 8, 12, 20])
    kinds = rnd.sample(v.kinds, rnd.randint(1, len(v.kinds)))
    hand = dict.fromkeys(v.kinds, 0)
    for _ in range(size):
        hand[rnd.choice(kinds)] += 1
    return hand


@pytest.mark.parametrize("name", ["full", "classic"])
def test_proposals_of_a_hand_are_the_proposable_texts(name: str) -> None:
    v = variant(name)
    rnd = random.Random(name)
    for _ in range(150):
        hand = random_hand(v, rnd)
        expected = [t.removeprefix("offer ") for t in
                    proposable_texts(name, hand_key(v, hand), "offer")]
        got = texts(Proposals(v, hand))
        assert sorted(got) == sorted(expected), hand
        assert len(got) == len(set(got))


@pytest.mark.parametrize("name", ["full", "classic"])
def test_every_proposal_is_in_the_menu(name: str) -> None:
    expected = [t.removeprefix("x ") for t in all_texts(name, "x")]
    assert sorted(texts(Proposals(variant(name), None))) == sorted(expected)


@pytest.mark.parametrize("name", ["full", "classic"])
def test_deliveries_menu_holds_every_delivery(name: str) -> None:
    v = variant(name)
    rnd = random.Random(name + "give")
    every = all_proposals(name)
    counted = 0
    for _ in range(80):
        hand = random_hand(v, rnd)
        kept = [p for p in rnd.sample(every, 800) if can_deliver(v, hand, p)]
        for p in [rnd.choice(every), *rnd.sample(kept, min(len(kept), 6))]:
            menu = Deliveries(v, hand, p)
            expected = sorted("give " + cards_text(v, d) for d in deliveries(v, hand, p))
            counted += bool(expected)
            assert sorted(texts(menu)) == expected, (hand, p.text)
    assert counted > 300


def test_cards_and_pairs_deliveries_in_the_menu() -> None:
    """`a k and n pairs`: the cards outside k in pairs, odd counts of k giving to the `a`."""
    v = variant("full")
    rnd = random.Random(12)
    both = [p for p in all_proposals("full") if p.op == "and" and p.terms[1][1] == "pairs"]
    kept = 0
    for _ in range(40):
        hand = dict.fromkeys(v.kinds, 0)
        for k in rnd.sample(v.kinds, rnd.randint(2, 5)):
            hand[k] = rnd.randint(0, 4)
        for p in rnd.sample(both, 25):
            expected = sorted("give " + cards_text(v, d) for d in deliveries(v, hand, p))
            kept += bool(expected)
            assert sorted(texts(Deliveries(v, hand, p))) == expected, (hand, p.text)
    assert kept > 200


def states(players: int, classic: bool, seed: int):
    """The states of a random game, with the seat asked (each changed in place once looked at)."""
    rnd = random.Random(seed)
    state = G.setup(players, seed, {"classic": classic})
    while G.outcome(state) is None:
        seat = rnd.choice(sorted(G.prompt(state)))
        yield state, seat
        G.apply(state, seat, walk(G.legal(state, seat), rnd))


@pytest.mark.parametrize(("players", "classic", "seed"), [(3, False, 5), (4, True, 6)])
def test_menu_holds_the_legal_texts_and_walks_alike(players: int, classic: bool, seed: int) -> None:
    phases = set()
    for i, (state, seat) in enumerate(states(players, classic, seed)):
        legal = G.legal(state, seat)
        menu = G.menu(state, seat)
        if isinstance(menu, list):
            assert menu == legal
            continue
        phases.add(state["phase"])
        if i % 15 == 0 or state["phase"] == "deliver":  # listing a whole turn's menu is long
            assert sorted(texts(menu)) == sorted(legal)
        if i % 3 and state["phase"] != "deliver":  # walking a list of thousands is long too
            continue
        for s in range(2):
            by_list, by_menu = random.Random(s), random.Random(s)
            assert walk(menu, by_menu) == walk(legal, by_list)
            assert by_menu.getstate() == by_list.getstate()
    assert phases == {"turn", "answers", "deliver"}


def test_a_menu_of_one_text_draws_nothing() -> None:
    """A single text is taken without drawing, as the list walk takes a single candidate."""
    v = variant("full")
    empty = dict.fromkeys(v.kinds, 0)
    menu = ResPublicaMenu(["end"], {"offer": Proposals(v, empty)})  # nothing to offer
    rnd = random.Random(3)
    before = rnd.getstate()
    assert walk(menu, rnd) == "end"
    assert rnd.getstate() == before
    chain = ResPublicaMenu(["lay huns"], {})
    assert walk(chain, rnd) == "lay huns"
    assert rnd.getstate() == before
