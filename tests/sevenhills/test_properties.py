"""Per-step properties on a few random games: invariants after every action, no hidden card in
any other seat's view or in a public event, an illegal action changes nothing, and the legal
texts are short menus (each next token among at most 25)."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction, copy_state, play
from engine.policy import walk

from .helpers import G
from .playouts import check_invariants, check_no_leak, check_public_events


def trie_width(texts: list[str]) -> int:
    widest = 0
    prefixes: dict[tuple[str, ...], set[str]] = {}
    for text in texts:
        tokens = text.split()
        for i, token in enumerate(tokens):
            prefixes.setdefault(tuple(tokens[:i]), set()).add(token)
    for nexts in prefixes.values():
        widest = max(widest, len(nexts))
    return widest


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (3, 3), (4, 4)])
def test_every_step_keeps_the_invariants_and_hides_the_hands(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    steps = 0
    while G.outcome(state) is None:
        prompted = G.prompt(state)
        for seat in range(players):
            if seat not in prompted:
                assert G.legal(state, seat) == []
        seat = min(prompted)
        legal = G.legal(state, seat)
        assert trie_width(legal) <= 25, legal
        if steps % 7 == 0:
            check_no_leak(state, rnd)
            frozen = copy_state(state)
            with pytest.raises(IllegalAction):
                play(G, state, seat, "place nothing at all")
            assert state == frozen
        text = walk(legal, rnd)
        new, events = play(G, state, seat, text)
        check_public_events(state, new, events)
        state = new
        check_invariants(state)
        steps += 1
    assert steps > 100


MUTATIONS = ("palatine", "forum", "red-noble", "blue-slave-2", "noble", "@0", "@3", "9", "done")


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12)])
def test_anything_not_legal_is_refused_and_changes_nothing(players: int, seed: int) -> None:
    """engine.core.play on a text near a legal one (a token changed, added or dropped): either
    it is legal, or IllegalAction with a catalogue key, and the state is untouched."""
    from engine.i18n import has

    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    steps = 0
    while G.outcome(state) is None and steps < 600:
        seat = min(G.prompt(state))
        legal = G.legal(state, seat)
        if steps % 5 == 0:
            base = rnd.choice(legal).split()
            for text in (
                " ".join([*base[:-1], rnd.choice(MUTATIONS)]),
                " ".join([*base, rnd.choice(MUTATIONS)]),
                " ".join(base[:-1]),
            ):
                if not text or text in legal:
                    continue
                frozen = copy_state(state)
                with pytest.raises(IllegalAction) as refused:
                    play(G, state, seat, text)
                assert state == frozen
                assert has(refused.value.msg.key, "en") and has(refused.value.msg.key, "fr")
        state, _ = play(G, state, seat, walk(legal, rnd))
        steps += 1
