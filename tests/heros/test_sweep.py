"""The sweep (issue: « random playouts of hundreds of seeds for 2, 3, 4 and 5 players »): each
player count plays HEROS_SEEDS seeds (default 100, 400 in all, about 16 s on one core; the
report names the big run), with the cheap checks at every step: a prompted seat always has a
legal action, the game ends, population and gold are conserved, the history replays."""

from __future__ import annotations

import os
import random

import pytest

from engine.core import play, replay
from engine.policy import walk

from .helpers import G
from .test_properties import MAX_STEPS, conserved

SEEDS = int(os.environ.get("HEROS_SEEDS", "100"))
CHUNK = 25


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("first", range(2000, 2000 + SEEDS, CHUNK))
def test_hundreds_of_random_games_end_cleanly(players: int, first: int) -> None:
    for seed in range(first, min(first + CHUNK, 2000 + SEEDS)):
        rnd = random.Random(seed)
        state = G.setup(players, seed, {})
        history: list[tuple[int, str]] = []
        for _ in range(MAX_STEPS):
            if G.outcome(state) is not None:
                break
            asked = sorted(G.prompt(state))
            assert asked, f"seed {seed}: nobody to act and no outcome"
            seat = rnd.choice(asked)
            legal = G.legal(state, seat)
            assert legal, f"seed {seed}: dead end in {state['step']}"
            text = walk(legal, rnd)
            state, _ = play(G, state, seat, text)
            history.append((seat, text))
        else:
            raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} actions")
        conserved(state)
        assert state["era"] == "modern"
        outcome = G.outcome(state)
        assert outcome is not None and outcome.scores is not None
        best = max(outcome.scores)
        assert all(outcome.scores[w] == best for w in outcome.winners)
        if seed % 5 == 0:
            assert replay(G, players, seed, {}, history) == state, f"seed {seed}: replay"
