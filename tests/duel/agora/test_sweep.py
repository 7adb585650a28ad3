"""The Agora sweep (issue: « random playouts of hundreds of seeds, the four kinds of victory all
occurring; no conspiracy or face-down decree ever appears in a public view, log line or error »).
AGORA_SEEDS (default 360) sets the number of seeds for a bigger local run."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from engine.core import replay
from engine.duel.agora import data as agora_data

from .helpers import OPTIONS, G
from .playouts import check_events, check_invariants, check_no_leak, playout

CHUNK = 40
SEEDS = int(os.environ.get("AGORA_SEEDS", "360"))
FIRST = 7000


@pytest.mark.slow
@pytest.mark.parametrize("first", range(FIRST, FIRST + SEEDS, CHUNK))
def test_hundreds_of_random_agora_games_end_cleanly(first: int) -> None:
    plots = set(agora_data.load().plots)
    for seed in range(first, min(first + CHUNK, FIRST + SEEDS)):
        history, state, events = playout(seed)
        check_invariants(state)
        check_no_leak(state, random.Random(seed))
        check_events(events)
        assert replay(G, 2, seed, OPTIONS, history) == state, f"seed {seed}: replay"
        assert not any(p in text.split() for _, text in history for p in plots), "a plot in a text"
        out = G.outcome(state)
        assert out is not None and len(out.winners) in (1, 2)


@pytest.mark.slow
def test_the_four_kinds_of_victory_occur() -> None:
    """001_0bfc4baf4f650892.txt §FIN DE LA PARTIE: « La partie se termine immédiatement en cas de
    Suprématie Militaire, Scientifique ou Politique »; otherwise the civilian count."""
    reasons = Counter(playout(s)[1]["outcome"]["reason"] for s in range(FIRST, FIRST + SEEDS))
    assert set(reasons) == {"civilian", "military", "science", "politics"}, reasons
