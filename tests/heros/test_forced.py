"""Forced steps (Game.forced) of Héros du Monde: the lone actions of compulsory steps, played
without asking (data/heros/README.md, reading 15). Rulebook: Héros du Monde, French edition
(« RB »), by heading."""

from __future__ import annotations

from functools import cache

import pytest

from engine.heros.game import FORCED_STEPS
from tests.support import lone_asks

from .helpers import G, act


def _step(state, seat) -> str:
    return state["pending"][0]["kind"] if state["pending"] else state["step"]


@cache
def lone() -> dict[str, list]:
    out: dict[str, list] = {}
    for players in (2, 4, 5):
        for step, found in lone_asks(G, players, {}, range(3), _step).items():
            out.setdefault(step, []).extend(found)
    return out


@pytest.mark.parametrize(("step", "verb"), [
    ("spend", "end"),  # RB Dépenser son or: nothing to spend, no wonder power to use
    ("discover", "discover"),  # RB « Tu dois obligatoirement jouer les Découvertes trouvées »
    ("place", "place"),  # RB « Tu dois jouer ce qu'apporte ton Héros » (reading 3)
    ("migrate", "move"),  # reading 12: a paid migration moves at least one pawn
    ("take", "take"),  # reading 14: the deck is empty, the row holds one hero
])
def test_a_compulsory_step_with_one_action_is_played_without_asking(step, verb):
    found = lone()[step]
    for state, seat in found:
        text = G.forced(state, seat)
        assert text is not None and G.legal(state, seat) == [text]
        assert text.split()[0] == verb
    state, seat = found[0]
    act(state, seat, G.forced(state, seat))


def test_a_step_that_may_be_refused_is_asked():
    """`conquer` always offers `skip`, a defender's wonder and Ajanta `pass`, the Arc de
    Triomphe `keep`: never one text, never forced."""
    assert not FORCED_STEPS & {"conquer", "reroll", "defend", "ajanta"}
    for step, found in lone().items():
        for state, seat in found:
            assert (G.forced(state, seat) is not None) == (step in FORCED_STEPS), step


def test_forced_asks_nothing_of_a_seat_not_asked():
    state, seat = lone()["spend"][0]
    assert [G.forced(state, s) for s in range(state["players"]) if s != seat] == \
        [None] * (state["players"] - 1)
