"""A random playout writes none of the commonest log lines (engine/duel/log.py), and nothing
else: the recorded playouts (tests/platform/test_playouts.py) compare the state and history of
Duel's own loop, which writes none, with the generic loop's, which writes every line. Here: the
lines come back after the playout, and a move played meanwhile in another thread still logs."""

from __future__ import annotations

import random
import threading

from engine.core import copy_state, parse_options
from engine.duel.log import logged, unlogged
from engine.policy import walk

from .helpers import G


def _a_discard() -> tuple[dict, int, str]:
    """A turn of play of a game with both expansions, and its first discard text."""
    state = G.setup(2, 5, parse_options(G, ("agora", "leaders")))
    rng = random.Random(5)
    while not (state["phase"] == "play" and G.outcome(state) is None
               and not G.legal(state, state["active"])[0].startswith("pythagoras")):
        seat = rng.choice(sorted(G.asked(state)))
        G.apply(state, seat, walk(G.legal(state, seat), rng))
    seat = state["active"]
    return state, seat, next(t for t in G.legal(state, seat) if t.startswith("discard"))


def _keys(events: list) -> list[str]:
    return [e.msg.key for e in events]


def test_a_discard_logs_its_line_but_not_inside_a_playout() -> None:
    state, seat, text = _a_discard()
    logged_events = G.apply(copy_state(state), seat, text)
    assert "duel.log.discard" in _keys(logged_events)
    with unlogged():
        assert not logged()
        quiet = G.apply(copy_state(state), seat, text)
    assert logged()  # the lines come back after the playout
    assert "duel.log.discard" not in _keys(quiet)
    assert "duel.log.discard" in _keys(G.apply(copy_state(state), seat, text))


def test_a_move_played_in_another_thread_meanwhile_still_logs() -> None:
    state, seat, text = _a_discard()
    found: list[str] = []
    other = threading.Thread(target=lambda: found.extend(_keys(G.apply(copy_state(state), seat,
                                                                         text))))
    with unlogged():
        other.start()
        other.join()
    assert "duel.log.discard" in found


def test_a_whole_playout_leaves_the_lines_on() -> None:
    state = G.setup(2, 3, parse_options(G, ("agora", "leaders")))
    G.play_to_end(state, random.Random(3), [], 2000)
    assert G.outcome(state) is not None and logged()
