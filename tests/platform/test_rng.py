"""The games' generator (engine.rng): `shuffle` writes `randbelow` out for speed, and must
draw exactly what Fisher-Yates over `randbelow` draws, or every recorded game changes."""

from __future__ import annotations

from engine import rng


def reference_shuffle(state: dict[str, int], items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def test_shuffle_draws_what_fisher_yates_over_randbelow_draws() -> None:
    for seed in [0, 1, 2, 7, 12345, (1 << 64) - 1, (1 << 63) + 11]:
        for n in [0, 1, 2, 3, 10, 52, 97, 300]:
            ours, theirs = {"rng": rng.seed_state(seed)}, {"rng": rng.seed_state(seed)}
            a, b = list(range(n)), list(range(n))
            rng.shuffle(ours, a)
            reference_shuffle(theirs, b)
            assert a == b, (seed, n)
            assert ours == theirs, (seed, n)  # the generator left at the same point
            assert sorted(a) == list(range(n))


def test_a_shuffle_moves_cards() -> None:
    """The test above compares with something that shuffles (not two identities)."""
    state = {"rng": rng.seed_state(3)}
    deck = list(range(52))
    rng.shuffle(state, deck)
    assert deck != list(range(52))
