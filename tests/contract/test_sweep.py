"""Random sweeps, for every game and option set: many seeds (in chunks, so that a failure names
a small range), each game ending without a dead end, keeping its invariants, hiding what it
hides in its final state, replaying from its history, with a sound outcome and the game's own
final checks (tests/contract/entries.py). Each game's environment variable (AGORA_SEEDS,
LEADERS_SEEDS, HEROS_SEEDS, SEVENHILLS_SEEDS) sets its number of seeds for a bigger local run."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core import replay
from tests.contract.games import CONTRACTS, TOY

ALL = {**CONTRACTS, "toy": TOY}
CASES = [(key, sweep, first) for key in [*registry.keys(), "toy"] for sweep in ALL[key].sweeps
         for first in range(sweep.first, sweep.first + sweep.seeds, sweep.chunk)]


@pytest.mark.slow
@pytest.mark.parametrize("key, sweep, first", CASES,
                         ids=[f"{k}-{s.config.name}-{f}" for k, s, f in CASES])
def test_random_games_end_cleanly(registered: str, key: str, sweep, first: int) -> None:
    c = ALL[key]
    cfg = sweep.config
    g = c.game
    for seed in range(first, min(first + sweep.chunk, sweep.first + sweep.seeds)):
        history, state, events = c.playout(cfg, seed)
        c.invariants(state, cfg)
        c.no_leak(state, random.Random(seed), cfg)
        if seed % sweep.replay_every == 0:
            assert replay(g, cfg.players, seed, dict(cfg.options), history) == state, \
                f"seed {seed}: replay"
        out = g.outcome(state)
        assert out is not None and out.winners, f"seed {seed}: no end"
        assert set(out.winners) <= set(range(cfg.players))
        c.final(history, state, events, cfg, seed)
