"""Random playouts (the issue: « random playouts of hundreds of seeds with each panel, with all
leaders, and with Agora »): every game ends, keeps its invariants and replays; the hidden choices
never show. LEADERS_SEEDS (default 60 per configuration) runs more: the report gives the big run."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from engine.core import replay

from .helpers import G
from .playouts import check_invariants, options_of, playout

SEEDS = int(os.environ.get("LEADERS_SEEDS", "60"))
CHUNK = 20
FIRST = 7000
CONFIGS = ["all", "points", "abilities"]


def _agora_plays() -> bool:
    try:
        return any(o.name == "agora" for o in G.options) and G.setup(
            2, 1, {"agora": True, "leaders": "all"}) is not None
    except Exception:  # the Agora expansion is not there yet
        return False


if _agora_plays():
    CONFIGS.append("agora+all")


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("first", range(FIRST, FIRST + SEEDS, CHUNK))
def test_random_games_end_cleanly(config: str, first: int) -> None:
    for seed in range(first, min(first + CHUNK, FIRST + SEEDS)):
        history, state, _ = playout(seed, config)
        check_invariants(state, options_of(config))
        assert replay(G, 2, seed, options_of(config), history) == state, f"seed {seed}: replay"
        out = G.outcome(state)
        assert out is not None and len(out.winners) in (1, 2)


@pytest.mark.slow
def test_every_step_of_some_games_keeps_the_hidden_choices_hidden() -> None:
    for seed in range(FIRST, FIRST + 8):
        playout(seed, CONFIGS[seed % len(CONFIGS)], check_steps=True)


@pytest.mark.slow
def test_every_leader_is_recruited_and_every_kind_of_victory_occurs() -> None:
    recruited: set[str] = set()
    reasons: Counter[str] = Counter()
    phases: set[str] = set()
    for seed in range(FIRST, FIRST + SEEDS):
        history, state, _ = playout(seed, "all")
        recruited |= {x for s in (0, 1) for x in state["leaders"]["recruited"][s]
                      + state["leaders"]["buried"][s]}
        reasons[state["outcome"]["reason"]] += 1
        phases |= {text.split()[0] for _, text in history}
    assert len(recruited) >= 35, sorted(recruited)
    assert {"civilian", "military"} <= set(reasons), reasons
    assert {"choose", "recruit", "discard", "draft"} <= phases
