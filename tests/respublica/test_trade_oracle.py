"""The trade arithmetic against a brute-force oracle: who can deliver a proposal, and every way
to deliver it (Res Publica, Reiner Knizia, French rulebook, Règles commerciales: « Chose promise,
chose due »), pairs (« 2 paires ou 3 cartes de civilisation ») and mixes (« 2 cartes de
construction navale ou d'architecture ») included."""

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


def only(cards: dict[str, int], kind: str, n: int) -> bool:
    """Exactly these cards are `n` of `kind` (n pairs of identical cards for `pairs`)."""
    if kind == "pairs":
        return sum(cards.values()) == 2 * n and all(c % 2 == 0 for c in cards.values())
    return sum(cards.values()) == n and all(k in V.members(kind) for k in cards)


def oracle_branches(p) -> list[list[tuple[int, str]]]:
    if p.op == "or":
        return [[t] for t in p.terms]
    return [list(p.terms)]


def oracle_fulfils(cards: dict[str, int], p) -> bool:
    """Split the cards every possible way and test each part against its term."""
    cards = {k: c for k, c in cards.items() if c}
    if p.op == "mix":  # n cards, each of either kind
        (n, k1), (_, k2) = p.terms
        return sum(cards.values()) == n and all(
            k in V.members(k1) or k in V.members(k2) for k in cards)
    for terms in oracle_branches(p):
        if len(terms) == 1:
            if only(cards, terms[0][1], terms[0][0]):
                return True
            continue
        (a, ka), (b, kb) = terms
        for part in submultisets(cards):
            rest = {k: cards[k] - part.get(k, 0) for k in cards if cards[k] - part.get(k, 0)}
            if only(part, ka, a) and only(rest, kb, b):
                return True
    return False


def key(d: dict[str, int]) -> tuple:
    return tuple(sorted((k, c) for k, c in d.items() if c))


def check(hand: dict[str, int], p) -> None:
    expected = [d for d in submultisets(hand) if oracle_fulfils(d, p)]
    got = deliveries(V, hand, p)
    assert sorted(map(key, got)) == sorted(map(key, expected)), (hand, p.text)
    assert len(set(map(key, got))) == len(got)
    assert can_deliver(V, hand, p) == bool(expected), (hand, p.text)
    for d in got:
        assert fulfils(V, d, p)
    # « un joueur n'a le droit de proposer que des cartes qu'il possède »: every branch held;
    # a mix names both its kinds, so some of each is held (issue 44)
    if p.op == "or":
        proposable = all(
            any(oracle_fulfils(d, type(p)((t,), None)) for d in submultisets(hand))
            for t in p.terms)
    elif p.op == "mix":
        proposable = bool(expected) and all(
            any(hand.get(k, 0) for k in V.members(kind)) for _, kind in p.terms)
    else:
        proposable = bool(expected)
    assert can_propose(V, hand, p) == proposable, (hand, p.text)
    text = f"offer {p.text}"
    assert (text in proposable_texts("full", hand_key(V, hand), "offer")) == proposable


def test_deliveries_match_the_oracle_on_random_small_hands():
    rnd = random.Random(7)
    proposals = [p for p in all_proposals("full")
                 if sum(n * (2 if k == "pairs" else 1) for n, k in p.terms) <= 6]
    for _ in range(60):
        kinds = rnd.sample(V.kinds, 4)
        hand = {k: rnd.randint(0, 3) for k in kinds}
        for p in rnd.sample(proposals, 40):
            check(hand, p)


def test_pairs_and_mixes_match_the_oracle():
    """Every proposal naming pairs or mixing two kinds, on hands rich in pairs and odd counts
    (where setting cards aside may or may not break a pair)."""
    rnd = random.Random(11)
    proposals = [p for p in all_proposals("full") if p.op == "mix"
                 or any(k == "pairs" for _, k in p.terms)]
    proposals = [p for p in proposals
                 if sum(n * (2 if k == "pairs" else 1) for n, k in p.terms) <= 7]
    assert any(p.op == "mix" for p in proposals) and any(p.op == "and" for p in proposals)
    for _ in range(40):
        kinds = rnd.sample(V.kinds, 4)
        hand = {k: rnd.randint(0, 4) for k in kinds}
        for p in rnd.sample(proposals, 60):
            check(hand, p)
