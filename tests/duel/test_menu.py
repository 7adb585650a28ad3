"""A turn's play as a menu (engine/duel/moves.py PlayMenu), worked out one verb at a time, holds
exactly the texts of `legal()` with the same moves, with and without the expansions; a walk
through it picks what a walk through the list picks, drawing the same numbers."""

from __future__ import annotations

import random

import pytest

from engine.core import parse_options, play
from engine.duel.moves import PlayMenu, options
from engine.policy import texts, walk

from .helpers import G


@pytest.mark.parametrize("words", [(), ("agora",), ("leaders",), ("agora", "leaders")])
def test_play_menu_holds_the_legal_texts_and_moves(words: tuple[str, ...]) -> None:
    checked = walked_moves = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = G.setup(2, seed, parse_options(G, words))
        while G.outcome(state) is None:
            seat = rng.choice(sorted(G.prompt(state)))
            legal = G.legal(state, seat)
            menu = G.menu(state, seat)
            if isinstance(menu, PlayMenu):
                checked += 1
                assert sorted(texts(menu)) == sorted(legal)
                found = options(state, seat)
                assert all(menu.move(t) == found[t] for t in legal)
                for verb in ("construct", "discard", "wonder"):  # every text as if walked
                    for arg in menu.args(verb):
                        for i, rest in enumerate(menu._rest(verb, arg)):
                            text = f"{verb} {arg} {rest}"
                            menu._walked = (text, verb, arg, i)
                            assert menu.move(text) == found[text], text
                for s in range(3):
                    by_list, by_menu = random.Random(s), random.Random(s)
                    walked = PlayMenu(state, seat)
                    text = walk(walked, by_menu)
                    assert text == walk(legal, by_list)
                    assert by_menu.getstate() == by_list.getstate()
                    # the walked text's move, built alone (`_walked_move`), is the listed one
                    assert walked.move(text) == found[text]
                    walked_moves += walked._walked is not None
            state, _ = play(G, state, seat, walk(legal, rng))
    assert checked > 60 and walked_moves > 100


def test_a_walked_wonder_with_several_quotes_has_the_listed_move() -> None:
    """Architecture lets the builder choose which 2 resources to leave out of a wonder's cost:
    several quotes each card may go under. The move `walk` builds alone for the i-th text
    (`PlayMenu._walked_move`: the cards in order, each with every quote) is the listed one."""
    several = 0
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = G.setup(2, seed, {})
        while G.outcome(state) is None and several < 5:
            seat = rng.choice(sorted(G.prompt(state)))
            if state["phase"] == "play" and "architecture" not in state["players"][seat]["tokens"]:
                state["players"][seat]["tokens"].append("architecture")
            menu = G.menu(state, seat)
            if isinstance(menu, PlayMenu):
                found = options(state, seat)
                for wid in menu.args("wonder"):
                    if len(menu.play.affordable(wid)) < 2:
                        continue
                    several += 1
                    for i, rest in enumerate(menu._rest("wonder", wid)):
                        text = f"wonder {wid} {rest}"
                        menu._walked = (text, "wonder", wid, i)
                        assert menu.move(text) == found[text], text
            state, _ = play(G, state, seat, walk(G.legal(state, seat), rng))
    assert several >= 5
