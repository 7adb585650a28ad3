"""The trade arithmetic against a brute-force oracle: who can deliver a proposal, and every way
to deliver it (003_5696c65f3d882321.txt, Règles commerciales: « Chose promise, chose due »)."""

from __future__ import annotations

import itertools
import random

from engine.respublica.cards import variant
from engine.respublica.trade import (
    all_proposals,
    can_deliver,
    can_propose,
    deliveries,
    fulfils,
    hand_key,
    proposable_texts,
)

V = variant("full")


def submultisets(hand: dict[str, int]):
    kinds = [k for k in V.kinds if hand.get(k, 0)]
    for counts in itertools.product(*(range(hand[k] + 1) for k in kinds)):
        yield {k: c for k, c in zip(kinds, counts, strict=True) if c}


def oracle_fulfils(cards: dict[str, int], p) -> bool:
    """Split the cards every possible way and test each part against its term."""
    total = sum(cards.values())
    if p.op != "and":
        return any(total == n and all(k in V.members(kind) for k in cards) for n, kind in p.terms)
    (a, ka), (b, kb) = p.terms
    if total != a + b:
        return False
    for part in submultisets(cards):
        rest = {k: cards[k] - part.get(k, 0) for k in cards if cards[k] - part.get(k, 0)}
        if (sum(part.values()) == a and all(k in V.members(ka) for k in part)
                and all(k in V.members(kb) for k in rest)):
            return True
    return False


def test_deliveries_match_the_oracle_on_random_small_hands():
    rnd = random.Random(7)
    proposals = [p for p in all_proposals("full") if sum(n for n, _ in p.terms) <= 6]
    for _ in range(60):
        kinds = rnd.sample(V.kinds, 4)
        hand = {k: rnd.randint(0, 3) for k in kinds}
        for p in rnd.sample(proposals, 40):
            expected = [d for d in submultisets(hand) if oracle_fulfils(d, p)]
            got = deliveries(V, hand, p)
            key = lambda d: tuple(sorted(d.items()))  # noqa: E731
            assert sorted(map(key, got)) == sorted(map(key, expected)), (hand, p.text)
            assert len(set(map(key, got))) == len(got)
            assert can_deliver(V, hand, p) == bool(expected), (hand, p.text)
            for d in got:
                assert fulfils(V, d, p)
            branches = [(t,) for t in p.terms] if p.op == "or" else [p.terms]
            proposable = all(
                any(oracle_fulfils(d, type(p)(terms, None) if len(terms) == 1 else p)
                    for d in submultisets(hand))
                for terms in branches
            )
            assert can_propose(V, hand, p) == proposable, (hand, p.text)
            text = f"offer {p.text}"
            assert (text in proposable_texts("full", hand_key(V, hand), "offer")) == proposable
