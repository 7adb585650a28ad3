"""The Leaders sweep's sample (the issue: « random playouts of hundreds of seeds with each panel,
with all leaders, and with Agora »): tests/contract/test_sweep.py plays and checks each
configuration (CONFIGS); with all leaders, every leader is recruited and each kind of victory
occurs. LEADERS_SEEDS (default 60 per configuration) runs more."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from .helpers import G
from .playouts import playout

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
