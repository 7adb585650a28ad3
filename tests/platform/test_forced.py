"""The contract of `Game.forced` (ARCHITECTURE, « Four optional hooks serve play over days »), for
every game of the registry: the text the rules play for a seat without asking it is exactly
that seat's only legal action, never a text for a seat that is not asked, and it reads nothing
the seat cannot see (two states that differ only in what the seat does not see, the other
hands and the decks' order, as a computer player's determinization deals them again, give the
same answer). Each game's rule tests show why its forced steps are public
(tests/respublica/test_forced.py; the readings in data/<game>/README.md)."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.ai.knowledge import knowledge
from engine.core import State, copy_state, parse_options
from engine.policy import walk

# (game, players, options): every game and option set, a few seeds each
CONFIGS = [
    ("res-publica", 4, ()), ("res-publica", 3, ("classic",)),
    ("seven-hills", 3, ()), ("seven-hills", 4, ()),
    ("heros", 2, ()), ("heros", 5, ()),
    ("duel", 2, ()), ("duel", 2, ("agora",)), ("duel", 2, ("leaders",)),
    ("duel", 2, ("agora", "leaders")),
]
SEEDS = (1, 2)


def _states(key: str, players: int, words: tuple[str, ...], seed: int) -> list[State]:
    """Every state of a random game in which the forced actions are played as the platform
    plays them (before anything else), the others drawn by a walk through the menus."""
    game = registry.get(key)
    rng = random.Random(seed)
    state = game.setup(players, seed, parse_options(game, words))
    out = []
    while game.outcome(state) is None:
        out.append(copy_state(state))
        asked = sorted(game.asked(state))
        forced = [(s, t) for s in asked if (t := game.forced(state, s)) is not None]
        if forced:
            seat, text = forced[0]
        else:
            seat = rng.choice(asked)
            text = walk(game.menu(state, seat), rng)
        game.apply_legal(state, seat, text)
    return out


@pytest.mark.parametrize(("key", "players", "words"), CONFIGS,
                         ids=[f"{k}-{p}-{'+'.join(w) or 'base'}" for k, p, w in CONFIGS])
def test_a_forced_text_is_the_asked_seats_only_legal_action(key, players, words):
    game = registry.get(key)
    forced = 0
    for seed in SEEDS:
        for state in _states(key, players, words, seed):
            asked = set(game.asked(state))
            for seat in range(players):
                text = game.forced(state, seat)
                if seat not in asked:
                    assert text is None, (seed, seat, state.get("phase"))
                elif text is not None:
                    assert game.legal(state, seat) == [text], (seed, seat, text)
                    forced += 1
    assert forced > 0, key  # every game has some


def test_every_game_is_covered():
    assert {k for k, _, _ in CONFIGS} == set(registry.keys())


@pytest.mark.parametrize(("key", "players", "words"), CONFIGS,
                         ids=[f"{k}-{p}-{'+'.join(w) or 'base'}" for k, p, w in CONFIGS])
def test_forced_reads_nothing_the_seat_cannot_see(key, players, words):
    """No leak: each asked seat's `forced` is the same on a state dealt again by its
    determinization (the other hands, the decks, whatever it does not see, changed)."""
    game = registry.get(key)
    known = knowledge(game)
    assert known is not None
    rng = random.Random(11)
    checked = forced = 0
    for i, state in enumerate(_states(key, players, words, SEEDS[0])):
        asked = game.asked(state)
        text = {s: game.forced(state, s) for s in asked}
        if i % 7 and all(t is None for t in text.values()):
            continue  # every state with a forced action, and one in seven of the others
        for seat in asked:
            twin = known.determinize(state, seat, rng)
            assert game.view(twin, seat) == game.view(state, seat)
            assert game.forced(twin, seat) == text[seat], (i, seat, text[seat])
            checked += 1
            forced += text[seat] is not None
    assert forced > 0 and checked > forced
