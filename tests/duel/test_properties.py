"""Properties of random playouts (ARCHITECTURE, tests by layer 2): no dead end, every legal text
applies, components conserved, coins never negative, the history replays, no hidden information
in public views or public events (7wd.md §1.6 face-down cards, §1.7 removed cards, §1.4 the box)."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction, copy_state, play
from engine.i18n import has

from .helpers import G, msg_keys
from .playouts import check_invariants, check_no_leak, ids_in, playout

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_step_of_a_random_game(seed: int) -> None:
    history, final, _ = playout(seed)
    rnd = random.Random(seed + 99)
    state = G.setup(2, seed, {})
    check_invariants(state)
    for seat, text in history:
        for other in G.legal(state, seat):  # every legal text applies, and leaves state untouched
            before = copy_state(state)
            play(G, state, seat, other)
            assert state == before
        assert G.legal(state, 1 - seat) == []
        with pytest.raises(IllegalAction):
            play(G, state, 1 - seat, text)
        state, events = play(G, state, seat, text)
        check_invariants(state)
        check_no_leak(state, rnd)
        public = json.dumps(G.view(state, None))
        for e in events:
            assert all(has(k, "en") and has(k, "fr") for k in msg_keys(e.msg)), e.msg
            if e.to is None:  # a public line names only what everyone can see
                for cid in ids_in(e.msg):
                    assert f'"{cid}"' in public, (e.msg, cid)
            else:
                assert e.to == (seat,)
        for msg in G.prompt(state).values():
            assert all(has(k, "en") and has(k, "fr") for k in msg_keys(msg))
    assert state == final


def test_illegal_texts_change_nothing_and_are_explained() -> None:
    history, _, _ = playout(3)
    state = G.setup(2, 3, {})
    for seat, text in history[:30]:
        for bad in (
            "",
            "construct",
            "wonder",
            "discard nothing gain 2",
            "progress law",
            "start @0",
            "mausoleum altar",
            "destroy quarry",
            text + " extra",
            "draft the-sphinx",
        ):
            if bad in G.legal(state, seat):
                continue
            before = copy_state(state)
            with pytest.raises(IllegalAction) as e:
                play(G, state, seat, bad)
            assert state == before
            key = e.value.msg.key
            assert (
                key.startswith(("duel.error.", "error.")) and has(key, "en") and has(key, "fr")
            ), key
        state, _ = play(G, state, seat, text)
