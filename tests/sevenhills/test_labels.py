"""Every legal action of a Seven Hills state has its own label, in both languages (issue 44):
typed moves are read back from labels (bot.menu.resolve), so two actions that read the same
would be one move to a player. Cards are named as people say them ("the red plebeian"), with
only what tells a card from its kin, so the property is held at random states of random games,
where hands hold several cards of one colour and class."""

from __future__ import annotations

import random

import pytest

from bot import menu
from engine.core import play
from engine.i18n import LOCALES, action_label
from engine.policy import walk

from .helpers import C, G, at_act, give, started

NAMES = ["Aurelia", "Brutus", "Cornélie", "Decimus"]


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12)])
def test_no_two_legal_actions_share_a_label(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    looked = kin = 0
    while G.outcome(state) is None:
        seat = rnd.choice(sorted(G.prompt(state)))
        legal = G.legal(state, seat)
        if len(legal) > 1 and rnd.random() < 0.25:
            looked += 1
            for locale in LOCALES:
                labels = {}
                for text in legal:
                    said = menu.fold(action_label(G.key, text, locale, NAMES))
                    assert said not in labels, (locale, text, labels.get(said))
                    labels[said] = text
            kinds = [(C.card(k).colour, C.card(k).cls) for k in state["hands"][seat]]
            kin += len(kinds) != len(set(kinds))
        state, _ = play(G, state, seat, walk(legal, rnd))
    assert looked > 50 and kin  # hands held two cards of one colour and class


def test_a_label_reads_back_to_its_action() -> None:
    """At a state with two red plebeians in hand, each one's label plays that card."""
    state = at_act(give(started(3, seed=2), 0, ["red-plebeian-4", "red-plebeian-5",
                                                 "red-plebeian-1", "blue-noble"]))
    legal = G.legal(state, 0)
    exchanges = [t for t in legal if t.startswith("exchange ")]
    assert "exchange red-plebeian-4" in exchanges and "exchange red-plebeian-5" in exchanges
    for locale in LOCALES:
        for text in exchanges:
            said = action_label(G.key, text, locale, NAMES)
            typed = menu.resolve(legal, said.upper(), G.canonical,
                                 lambda t, loc=locale: action_label(G.key, t, loc, NAMES))
            assert typed == menu.Typed("play", tuple(text.split())), (said, typed)
