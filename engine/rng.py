"""A small random generator whose whole state is one integer kept in the game state.

The state is JSON, so the generator must be too: same seed + same actions = same game, and the
stored action history replays exactly. SplitMix64 is tiny, fast and good enough for shuffling.
"""

from collections.abc import MutableSequence
from typing import Any

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & _MASK


_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_SPAN = 1 << 64


def _next(state: dict[str, Any]) -> int:
    z = state["rng"] = (state["rng"] + _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def randbelow(state: dict[str, Any], n: int) -> int:
    """A uniform integer in [0, n), drawn from state["rng"] (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _SPAN - _SPAN % n
    while True:
        r = _next(state)
        if r < limit:
            return r % n


def shuffle(state: dict[str, Any], items: MutableSequence[Any]) -> None:
    """Fisher-Yates shuffle in place, driven by state["rng"]: `randbelow(state, i + 1)` for
    each place from the last, with `randbelow` and `_next` written out here (a deck's shuffle
    is dozens of draws, and a Seven Hills playout reshuffles its deck ten times;
    tests/platform/test_rng.py compares the two)."""
    seed = state["rng"]
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = _SPAN - _SPAN % n
        while True:
            seed = (seed + _GAMMA) & _MASK
            z = ((seed ^ (seed >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    state["rng"] = seed
