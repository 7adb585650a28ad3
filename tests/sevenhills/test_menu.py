"""The act phase's menu (engine/sevenhills/menu.py) holds exactly the texts of `legal()`: a walk
through it picks what a walk through the list picks, drawing the same numbers, and `apply`
accepts by it exactly the texts `legal()` lists (Seven Hills, French rules V1.0, §V.1)."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction, play
from engine.policy import holds, texts, walk
from engine.sevenhills.menu import ActMenu, Product

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
    """At every step of a random game, the menu playouts walk (menu.Product, ActMenu) holds the
    texts of `legal()`, and walking itself picks what the walk over that list picks, drawing the
    same numbers (the recorded playouts depend on it)."""
    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    phases = set()
    while G.outcome(state) is None:
        seat = rnd.choice(sorted(G.prompt(state)))
        legal, menu = G.legal(state, seat), G.menu(state, seat)
        if isinstance(menu, Product):
            phases.add(state["phase"])
            assert menu.texts() == legal
            assert sorted(texts(menu)) == sorted(legal)
        for s in range(2):
            by_list, by_menu = random.Random(s), random.Random(s)
            assert walk(menu, by_menu) == walk(legal, by_list)
            assert by_menu.getstate() == by_list.getstate()
        G.apply(state, seat, walk(legal, rnd))
    assert phases == {"preplace", "take", "deploy", "discard", "return"}
