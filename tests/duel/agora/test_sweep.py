"""The Agora sweep's sample (issue: « random playouts of hundreds of seeds, the four kinds of
victory all occurring »): the seeds tests/contract/test_sweep.py plays (and checks: no conspiracy
or face-down decree in a public view, log line or text) end by the four kinds of victory.
AGORA_SEEDS (default 360) sets the number of seeds for a bigger local run."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from .playouts import playout

CHUNK = 40
SEEDS = int(os.environ.get("AGORA_SEEDS", "360"))
FIRST = 7000


@pytest.mark.slow
def test_the_four_kinds_of_victory_occur() -> None:
    """001_0bfc4baf4f650892.txt §FIN DE LA PARTIE: « La partie se termine immédiatement en cas de
    Suprématie Militaire, Scientifique ou Politique »; otherwise the civilian count."""
    reasons = Counter(playout(s)[1]["outcome"]["reason"] for s in range(FIRST, FIRST + SEEDS))
    assert set(reasons) == {"civilian", "military", "science", "politics"}, reasons
