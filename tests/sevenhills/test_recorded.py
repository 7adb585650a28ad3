"""Seven Hills games played the service's way (engine.core.play: the checked `apply` on a copy)
give exactly the states, log lines and private lines they gave when recorded. The playout digests
(tests/platform/test_playouts.py) hold the playouts' path, which skips the log lines; this holds
the path of a move in Discord, whose lines players read, so that making playouts faster changes
neither. A rule change that alters them on purpose records them again (and says so)."""

from __future__ import annotations

import hashlib
import json
import random
import threading

import pytest

from engine.core import play
from engine.policy import walk
from engine.sevenhills.step import unlogged

from .helpers import G

# (players, seed, actions, digest of every state and every event of the game)
# recorded again for issue 44: a sector in a log line is `seven-hills.the.<sector>` (its article),
# a card `seven-hills.the_card` (its article; the same digests with `seven-hills.card` there)
RECORDED = [(3, 4, 1074, "d4936ce0cfdc1964"), (4, 5, 925, "e20f38abdf8b22f0")]


def played(players: int, seed: int) -> tuple[int, str]:
    """A random game through `play`, each seat's text walked from its `legal` list: the number
    of actions and the digest of each action's text, events (with who sees them) and state."""
    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    out = hashlib.sha256(json.dumps(state, sort_keys=True).encode())
    n = 0
    while G.outcome(state) is None:
        seat = rnd.choice(sorted(G.prompt(state)))
        text = walk(G.legal(state, seat), rnd)
        state, events = play(G, state, seat, text)
        out.update(json.dumps([seat, text, [e.to_json() for e in events], state],
                              sort_keys=True).encode())
        n += 1
    return n, out.hexdigest()[:16]


@pytest.mark.parametrize(("players", "seed", "actions", "recorded"), RECORDED)
def test_games_give_the_recorded_states_and_lines(
    players: int, seed: int, actions: int, recorded: str,
) -> None:
    assert played(players, seed) == (actions, recorded)


def test_playouts_leave_out_only_their_own_log_lines() -> None:
    """`apply_legal` (playouts, searches) writes no log line and gives the state `apply` gives;
    a move played meanwhile in another thread, and every move after, logs as ever."""
    state = G.setup(3, 2, {})
    seat = state["preplace"][0]
    text = G.legal(state, seat)[0]
    logged, events = play(G, state, seat, text)
    assert events
    quiet = json.loads(json.dumps(state))
    assert G.apply_legal(quiet, seat, text) == []
    assert quiet == logged
    seen: list[int] = []
    with unlogged():
        other = threading.Thread(target=lambda: seen.append(len(play(G, state, seat, text)[1])))
        other.start()
        other.join()
    assert seen == [len(events)]
    assert play(G, state, seat, text)[1] == events
