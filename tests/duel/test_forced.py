"""Forced steps (Game.forced) of 7 Wonders Duel and its expansions: the lone actions whose being
forced is public, played without asking (data/duel/README.md: reading 20, Leaders reading 21,
Agora reading 17). Rules cited as in the other Duel tests: « 7wd.md » for the base game, « 004 »
for Leaders, « RB-A » for Agora."""

from __future__ import annotations

from functools import cache

import pytest

from engine.core import parse_options
from engine.duel.expansion import enabled
from engine.duel.game import FORCED_PHASES
from tests.support import lone_asks

from .helpers import G


@cache
def lone(words: tuple[str, ...]) -> dict[str, list]:
    return lone_asks(G, 2, parse_options(G, words), range(12),
                     lambda state, seat: state["phase"])


def declared(state) -> frozenset[str]:
    return FORCED_PHASES.union(*(e.forced_phases for e in enabled(state)))


@pytest.mark.parametrize(("words", "phase", "verb"), [
    ((), "play", "discard"),  # 7wd.md §1: the one accessible card, neither constructible nor a wonder's
    ((), "destroy", "destroy"),  # Statue of Zeus / Circus Maximus: the opponent's one card
    (("leaders",), "announce", "discard"),  # 004: a chosen leader its player cannot pay
    (("leaders",), "bury", "bury"),  # 004 Abu Simbel « Enterrez »: the one leader in hand
    (("agora",), "remove", "remove"),  # RB-A military token: the one rival cube
])
def test_a_public_lone_action_is_played_without_asking(words, phase, verb):
    found = lone(words)[phase]
    for state, seat in found:
        text = G.forced(state, seat)
        assert text is not None and G.legal(state, seat) == [text]
        assert text.split()[0] == verb


@pytest.mark.parametrize("words", [(), ("agora",), ("leaders",), ("agora", "leaders")])
def test_only_the_declared_phases_are_forced(words):
    """Obscurantism and Treason (what only their player sees), and every phase with `skip` or
    `pass`, stay asked."""
    for phase, found in lone(words).items():
        for state, seat in found:
            assert (G.forced(state, seat) is not None) == (phase in declared(state)), phase
    state = G.setup(2, 1, parse_options(G, words))
    assert not declared(state) & {"obscure", "treason", "keep", "curia", "senate",
                                  "conspirator", "maecenas", "rome", "euclid", "ptolemy"}


def test_the_base_game_declares_no_expansion_phase():
    state = G.setup(2, 1, {})
    assert declared(state) == FORCED_PHASES == {"play", "destroy", "mausoleum"}
