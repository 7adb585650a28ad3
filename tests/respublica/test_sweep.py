"""The long sweep (issue: « random playouts of hundreds of seeds for 3, 4 and 5 players and both
variants end without error »): 60 seeds per configuration, 360 games, with the checks that
matter at every step and cost little: a prompted seat always has a legal action, the game ends,
cards are conserved, the history replays to the final state, and the public view holds no hand.
test_properties.py runs the expensive per-step checks (every legal text applies, leak probes)
on fewer seeds. The random player walks `Game.menu`, which holds exactly the texts of `legal`
and draws the same numbers (tests/respublica/test_menu.py), without listing thousands of
trades at every step: the same games as a walk over `legal`, at a fraction of the time."""

from __future__ import annotations

import random

import pytest

from engine.core import play, replay
from engine.policy import walk
from engine.respublica.cards import variant

from .helpers import G
from .test_properties import MAX_STEPS, card_count

CHUNK = 20  # seeds per test, so a failure names a small range and pytest reports progress
SEEDS_PER_CONFIG = 60


@pytest.mark.slow
@pytest.mark.parametrize("classic", [False, True], ids=["full", "classic"])
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("first", range(1000, 1000 + SEEDS_PER_CONFIG, CHUNK))
def test_hundreds_of_random_games_end_cleanly(players: int, classic: bool, first: int) -> None:
    options = {"classic": classic}
    total = variant("classic" if classic else "full").total
    lengths = []
    for seed in range(first, first + CHUNK):
        rnd = random.Random(seed)
        state = G.setup(players, seed, options)
        history: list[tuple[int, str]] = []
        for _ in range(MAX_STEPS):
            if G.outcome(state) is not None:
                break
            asked = sorted(G.prompt(state))
            assert asked, f"seed {seed}: nobody to act and no outcome"
            seat = rnd.choice(asked)
            menu = G.menu(state, seat)
            assert (menu.choices([]) if hasattr(menu, "choices") else menu), \
                f"seed {seed}: dead end for seat {seat} in {state['phase']}"
            text = walk(menu, rnd)
            state, _ = play(G, state, seat, text)
            history.append((seat, text))
        else:
            raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} actions")
        assert card_count(state) == total, f"seed {seed}: cards not conserved"
        public = G.view(state, None)
        assert "hand" not in public and all(isinstance(s["hand"], int) for s in public["seats"])
        assert replay(G, players, seed, options, history) == state, f"seed {seed}: replay"
        outcome = G.outcome(state)
        assert outcome is not None and outcome.scores is not None
        best = max(outcome.scores)
        assert set(outcome.winners) == {s for s, v in enumerate(outcome.scores) if v == best}
        lengths.append(len(history))
    assert min(lengths) > players * 10  # real games, not an early stop
