"""The act phase's menu (engine/sevenhills/menu.py) holds exactly the texts of `legal()`: a walk
through it picks what a walk through the list picks, drawing the same numbers, and `apply`
accepts by it exactly the texts `legal()` lists (Seven Hills, French rules V1.0, §V.1)."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction, play
from engine.policy import holds, texts, walk
from engine.sevenhills.menu import ActMenu, Product, Rows

from .helpers import C, G


def act_states(players: int, seed: int):
    """The act steps of a random game, with the seat asked."""
    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    while G.outcome(state) is None:
        seat = rnd.choice(sorted(G.prompt(state)))
        if state["phase"] == "act":
            yield state, seat
        G.apply(state, seat, walk(G.legal(state, seat), rnd))  # in place, once looked at


def near_misses(legal: list[str], hand: list[str], rnd: random.Random) -> set[str]:
    """Texts close to legal ones: cards reversed, dropped, added, swapped for another card."""
    out = set()
    cards = [k.id for k in C.cards]
    for text in rnd.sample(legal, min(len(legal), 12)):
        verb, *args = text.split()
        out.add(" ".join([verb, *reversed(args)]))
        out.add(" ".join([verb, *args[1:]]))
        out.add(" ".join([verb, *args, rnd.choice(hand or cards)]))
        out.add(" ".join([verb, *args, rnd.choice(cards)]))
        if args:
            out.add(" ".join([verb, *args[:-1], rnd.choice(cards)]))
        out.add(" ".join([rnd.choice(["place", "revolt", "exchange", "draw"]), *args]))
    return out


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_act_menu_holds_the_legal_texts(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    verbs = set()
    for i, (state, seat) in enumerate(act_states(players, seed)):
        legal = G.legal(state, seat)
        menu = G.menu(state, seat)
        assert isinstance(menu, ActMenu)
        assert sorted(texts(menu)) == sorted(legal)
        verbs |= {t.split()[0] for t in legal}
        for s in range(3):
            by_list, by_menu = random.Random(s), random.Random(s)
            assert walk(menu, by_menu) == walk(legal, by_list)
            assert by_menu.getstate() == by_list.getstate()
        for text in near_misses(legal, state["hands"][seat], rnd):
            assert holds(menu, text) == menu.holds(text) == (text in legal), text
            if text not in legal and i % 5 == 0:  # refused by apply too (a copy each: often)
                with pytest.raises(IllegalAction):
                    play(G, state, seat, text)
    assert verbs == {"place", "revolt", "draw", "exchange"}


@pytest.mark.parametrize(("players", "seed"), [(4, 4)])
def test_every_menu_walks_as_its_legal_list(players: int, seed: int) -> None:
    """At every step of a random game, the menu playouts walk (menu.Product, Rows, ActMenu)
    holds the texts of `legal()`, and walking itself picks what the walk over that list picks,
    drawing the same numbers (the recorded playouts depend on it)."""
    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    phases, listed = set(), set()
    while G.outcome(state) is None:
        seat = rnd.choice(sorted(G.prompt(state)))
        legal, menu = G.legal(state, seat), G.menu(state, seat)
        if isinstance(menu, Product):
            phases.add(state["phase"])
        if isinstance(menu, Rows):
            listed.add(state["phase"])
        if isinstance(menu, (Product, Rows)):
            assert menu.texts() == legal
            assert sorted(texts(menu)) == sorted(legal)
        for s in range(2):
            by_list, by_menu = random.Random(s), random.Random(s)
            assert walk(menu, by_menu) == walk(legal, by_list)
            assert by_menu.getstate() == by_list.getstate()
        G.apply(state, seat, walk(legal, rnd))
    assert phases == {"preplace", "take", "deploy", "discard", "return"}
    assert listed == {"power", "target", "protect", "levy"}


def test_apply_legal_plays_the_text_it_is_given() -> None:
    """`apply_legal` hands a menu's walked move to its handler only when it is the text given:
    after two walks, the first one's text is the one played (as `play` plays it)."""
    for seed in range(20):
        rnd = random.Random(seed)
        state = G.setup(3, seed, {})
        while state["phase"] != "act":
            seat = G.asked(state)[0]
            G.apply_legal(state, seat, walk(G.menu(state, seat), rnd))
        seat = G.asked(state)[0]
        menu = G.menu(state, seat)
        first, second = walk(menu, rnd), walk(menu, rnd)
        if first != second:
            break
    else:
        raise AssertionError("no two different walks")
    expected, _ = play(G, state, seat, first)
    G.apply_legal(state, seat, first, menu)
    assert state == expected
