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
    checked = 0
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
                for s in range(3):
                    by_list, by_menu = random.Random(s), random.Random(s)
                    assert walk(PlayMenu(state, seat), by_menu) == walk(legal, by_list)
                    assert by_menu.getstate() == by_list.getstate()
            state, _ = play(G, state, seat, walk(legal, rng))
    assert checked > 60
