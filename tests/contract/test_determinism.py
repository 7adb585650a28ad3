"""Determinization, for every game and option set: the same seed deals the same game and another
seed another; the same actions from the same seed lead to the same state (the history of a
random game replays to its final state); the outcome is translated."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import replay
from engine.i18n import has
from tests.contract.games import CONTRACTS, TOY
from tests.support import msg_keys

ALL = {**CONTRACTS, "toy": TOY}
CASES = [(key, name, seeds) for key in [*registry.keys(), "toy"]
         for name, seeds in ALL[key].determinism]


@pytest.mark.parametrize("key, config, seeds", CASES,
                         ids=[f"{k}-{n}" for k, n, _ in CASES])
def test_same_seed_and_actions_give_the_same_state(registered: str, key: str, config: str,
                                                   seeds: tuple[int, ...]) -> None:
    c = ALL[key]
    cfg = c.config(config)
    g = c.game
    options = dict(cfg.options)
    for seed in seeds:
        assert g.setup(cfg.players, seed, options) == g.setup(cfg.players, seed, options)
        assert g.setup(cfg.players, seed + 1, options) != g.setup(cfg.players, seed, options)
        history, final, _ = c.playout(cfg, seed)
        assert replay(g, cfg.players, seed, options, history) == final, f"seed {seed}"
        out = g.outcome(final)
        assert out is not None and set(out.winners) <= set(range(cfg.players))
        if c.catalogued:
            assert out.scores is not None
            for msg in (out.reason, *out.details):
                assert all(has(k, "en") and has(k, "fr") for k in msg_keys(msg)), msg
