"""The long sweep's sample (issue: « random playouts of hundreds of seeds end by each kind of
victory over the sample »): the 300 seeds of tests/contract/test_sweep.py (which checks each game:
no dead end, components conserved, coins never negative, the history replays, nothing hidden in
the public view) end by every kind of victory. Half the seeds are played by uniform walkers, half
by builders (see playouts.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from .playouts import playout

CHUNK = 25  # seeds per test: a failure names a small range and pytest reports progress
SEEDS = 300
FIRST = 1000


@pytest.mark.slow
def test_every_kind_of_victory_occurs_over_the_sample() -> None:
    """7wd.md §1.7 End of game: civilian, military supremacy (§1.5), scientific supremacy (§1.4)."""
    reasons = Counter(playout(seed)[1]["outcome"]["reason"] for seed in range(FIRST, FIRST + SEEDS))
    assert set(reasons) == {"civilian", "military", "science"}, reasons
