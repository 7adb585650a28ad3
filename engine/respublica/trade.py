"""Trade proposals: their one canonical text, parsing with precise reasons, who can deliver them,
and every concrete way to deliver one.

A proposal names at most two characteristics (Commerce / Règles commerciales: « plus de deux
caractéristiques ... ne peuvent être citées »): `2 huns`, `1 monks and 2 people`,
`3 alchemy or 3 metallography`. A term's kind is a specific kind (`huns`) or a generic one:
`people` (any people card, monks included), `civilisation` (any civilisation card, books
included), `cards` (any card). "and" means disjoint cards: `1 monks and 2 people` is a monk plus
two OTHER people cards (the rulebook's « 1 carte de Moines et 2 cartes des peuples
supplémentaires »).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

from engine.core import IllegalAction, Msg

from .cards import GENERIC, Variant, variant

AND = "and"
OR = "or"

Term = tuple[int, str]  # (count, kind)
Hand = Mapping[str, int]


@dataclass(frozen=True)
class Proposal:
    terms: tuple[Term, ...]  # one or two terms, in canonical kind order
    op: str | None = None  # "and" | "or" with two terms, None with one

    @property
    def text(self) -> str:
        words = [f"{n} {k}" for n, k in self.terms]
        return f" {self.op} ".join(words)


def _kind(kind: str) -> Msg:
    return Msg(f"res-publica.kind.{kind}")


def kind_rank(v: Variant, kind: str) -> int:
    return v.term_kinds.index(kind)


# --- parsing ---------------------------------------------------------------------------------


def parse(v: Variant, tokens: list[str]) -> Proposal:
    """The proposal written in `tokens`, or IllegalAction saying exactly what is wrong."""
    if not tokens:
        raise IllegalAction("res-publica.error.proposal_missing")
    connectors = tokens[2::3]
    if len(tokens) > 5 and len(tokens) % 3 == 2 and all(c in (AND, OR) for c in connectors):
        # « 1 carte de Goths, de Huns et d'Anglo-Saxons »: a third characteristic
        raise IllegalAction("res-publica.error.too_many_terms", max=v.max_terms)
    if len(tokens) not in (2, 5):
        raise IllegalAction("res-publica.error.proposal_syntax", text=" ".join(tokens))
    if len(tokens) == 5 and tokens[2] not in (AND, OR):
        raise IllegalAction("res-publica.error.proposal_syntax", text=" ".join(tokens))
    terms = [_term(v, tokens[0], tokens[1])]
    op = None
    if len(tokens) == 5:
        op = tokens[2]
        terms.append(_term(v, tokens[3], tokens[4]))
        if terms[0][1] == terms[1][1]:
            raise IllegalAction("res-publica.error.same_kind", kind=_kind(terms[0][1]))
        ordered = sorted(terms, key=lambda t: kind_rank(v, t[1]))
        if ordered != terms:
            canonical = Proposal(tuple(ordered), op).text
            raise IllegalAction("res-publica.error.order", canonical=canonical)
    return Proposal(tuple(terms), op)


def _term(v: Variant, count: str, kind: str) -> Term:
    if not count.isdigit():
        raise IllegalAction("res-publica.error.proposal_syntax", text=f"{count} {kind}")
    n = int(count)
    if not 1 <= n <= v.max_count:
        raise IllegalAction("res-publica.error.count_range", count=n, max=v.max_count)
    if kind not in v.term_kinds:
        if kind in variant("full").kinds:
            raise IllegalAction("res-publica.error.classic_kind", kind=_kind(kind))
        raise IllegalAction("res-publica.error.unknown_kind", kind=kind)
    return (n, kind)


def parse_cards(v: Variant, tokens: list[str]) -> dict[str, int]:
    """A concrete delivery `1 alchemy 2 huns`: specific kinds only, canonical order, counts >= 1."""
    if not tokens or len(tokens) % 2:
        raise IllegalAction("res-publica.error.give_syntax")
    out: dict[str, int] = {}
    last = -1
    for count, kind in zip(tokens[::2], tokens[1::2], strict=True):
        if not count.isdigit() or int(count) < 1:
            raise IllegalAction("res-publica.error.give_syntax")
        if kind not in v.kinds:
            if kind in GENERIC:
                raise IllegalAction("res-publica.error.give_generic", kind=_kind(kind))
            raise IllegalAction("res-publica.error.unknown_kind", kind=kind)
        rank = v.kinds.index(kind)
        if rank <= last:
            canonical = cards_text(v, {**out, kind: out.get(kind, 0) + int(count)})
            raise IllegalAction("res-publica.error.give_order", canonical=canonical)
        last = rank
        out[kind] = int(count)
    return out


def cards_text(v: Variant, cards: Mapping[str, int]) -> str:
    return " ".join(f"{cards[k]} {k}" for k in v.kinds if cards.get(k, 0) > 0)


# --- every proposal --------------------------------------------------------------------------


@cache
def all_proposals(name: str) -> tuple[Proposal, ...]:
    """Every legal proposal of a variant, each once (kinds distinct and in canonical order)."""
    v = variant(name)
    counts = range(1, v.max_count + 1)
    kinds = v.term_kinds
    out: list[Proposal] = []
    for i, k1 in enumerate(kinds):
        for a in counts:
            out.append(Proposal(((a, k1),)))
        for k2 in kinds[i + 1 :]:
            for a in counts:
                for b in counts:
                    out.append(Proposal(((a, k1), (b, k2)), AND))
                    out.append(Proposal(((a, k1), (b, k2)), OR))
    return tuple(out)


@cache
def all_texts(name: str, prefix: str) -> tuple[str, ...]:
    return tuple(f"{prefix} {p.text}" for p in all_proposals(name))


# --- who can deliver -------------------------------------------------------------------------


def available(v: Variant, hand: Hand, kind: str) -> int:
    return sum(hand.get(k, 0) for k in v.members(kind))


def _and_ok(v: Variant, avail: Mapping[str, int], t1: Term, t2: Term) -> bool:
    """Two disjoint sets of cards: a from A and b from B. With x cards only in A, y only in B
    and z in both, this is possible iff z covers what A and B lack on their own."""
    (a, ka), (b, kb) = t1, t2
    sa, sb = v.members(ka), v.members(kb)
    if sa.isdisjoint(sb):
        x, y, z = avail[ka], avail[kb], 0
    elif sa <= sb:
        x, y, z = 0, avail[kb] - avail[ka], avail[ka]
    else:  # sb <= sa: kinds are either disjoint or nested
        x, y, z = avail[ka] - avail[kb], 0, avail[kb]
    return z >= max(0, a - x) + max(0, b - y)


def _ok(v: Variant, avail: Mapping[str, int], p: Proposal) -> bool:
    if p.op is None:
        n, k = p.terms[0]
        return avail[k] >= n
    if p.op == OR:
        return any(avail[k] >= n for n, k in p.terms)
    return _and_ok(v, avail, p.terms[0], p.terms[1])


def can_deliver(v: Variant, hand: Hand, p: Proposal) -> bool:
    """Whether `hand` can keep promise `p`: for « ou », one branch, the giver's choice."""
    avail = {k: available(v, hand, k) for k in v.term_kinds}
    return _ok(v, avail, p)


def can_propose(v: Variant, hand: Hand, p: Proposal) -> bool:
    """Whether `hand` may put `p` forward as what it gives: « un joueur n'a le droit de proposer
    que des cartes qu'il possède » (Règles commerciales), so each branch of a « ou » must be
    held on its own; the giver still picks the branch when the cards change hands."""
    if p.op == OR:
        return all(available(v, hand, k) >= n for n, k in p.terms)
    return can_deliver(v, hand, p)


def hand_key(v: Variant, hand: Hand) -> tuple[int, ...]:
    return tuple(hand.get(k, 0) for k in v.kinds)


@lru_cache(maxsize=4096)
def proposable_texts(name: str, key: tuple[int, ...], prefix: str) -> tuple[str, ...]:
    """`<prefix> <proposal>` for every proposal this hand may offer, in all_proposals order.

    Hot path (every turn of every playout), so the test of `can_propose` is unrolled per kind
    pair: disjoint kinds need a <= avail(A) and b <= avail(B); nested A within B needs
    a <= avail(A) and a + b <= avail(B); "or" needs each term on its own. Cached: hands repeat
    between calls."""
    v = variant(name)
    hand = dict(zip(v.kinds, key, strict=True))
    avail = {k: available(v, hand, k) for k in v.term_kinds}
    counts = range(1, v.max_count + 1)
    kinds = v.term_kinds
    out: list[str] = []
    for i, k1 in enumerate(kinds):
        s1 = v.members(k1)
        av1 = avail[k1]
        for a in counts:
            if a <= av1:
                out.append(f"{prefix} {a} {k1}")
        for k2 in kinds[i + 1 :]:
            s2 = v.members(k2)
            av2 = avail[k2]
            nested = s1 <= s2  # kinds come in canonical order: k2 never lies within k1
            for a in counts:
                for b in counts:
                    both = a <= av1 and (a + b <= av2 if nested else b <= av2)
                    if both:
                        out.append(f"{prefix} {a} {k1} and {b} {k2}")
                    if a <= av1 and b <= av2:
                        out.append(f"{prefix} {a} {k1} or {b} {k2}")
    return tuple(out)


def shortfall(v: Variant, hand: Hand, p: Proposal) -> tuple[int, str] | None:
    """For an error message to the holder: a term they hold too few cards for (held, kind)."""
    for n, k in p.terms:
        held = available(v, hand, k)
        if held < n:
            return held, k
    return None


# --- concrete deliveries ---------------------------------------------------------------------


def deliveries(v: Variant, hand: Hand, p: Proposal) -> list[dict[str, int]]:
    """Every distinct multiset of specific cards from `hand` that fulfils `p`, in a stable order."""
    branches = [(t,) for t in p.terms] if p.op == OR else [p.terms]
    seen: set[tuple[int, ...]] = set()
    out: list[dict[str, int]] = []
    for terms in branches:
        for d in _exact(v, hand, terms):
            key = tuple(d.get(k, 0) for k in v.kinds)
            if key not in seen:
                seen.add(key)
                out.append(d)
    return out


def fulfils(v: Variant, cards: Mapping[str, int], p: Proposal) -> bool:
    """Whether exactly these cards are a delivery of `p` (no card more, none less)."""
    total = sum(cards.values())
    branches = [(t,) for t in p.terms] if p.op == OR else [p.terms]
    for terms in branches:
        if total != sum(n for n, _ in terms):
            continue
        sets = [v.members(k) for _, k in terms]
        if any(k not in set().union(*sets) for k, c in cards.items() if c):
            continue
        if len(terms) == 1 or _and_ok(
            v, {k: available(v, cards, k) for k in v.term_kinds}, terms[0], terms[1]
        ):
            return True
    return False


def _exact(v: Variant, hand: Hand, terms: tuple[Term, ...]) -> Iterator[dict[str, int]]:
    """Multisets of exactly sum(counts) cards splitting into the terms. With sets A and B, a
    multiset splits iff it has at most a cards only in A and at most b only in B."""
    total = sum(n for n, _ in terms)
    sets = [v.members(k) for _, k in terms]
    only_a = sets[0] - sets[1] if len(sets) == 2 else sets[0]
    only_b = sets[1] - sets[0] if len(sets) == 2 else frozenset()
    cap_a = terms[0][0]
    cap_b = terms[1][0] if len(terms) == 2 else 0
    kinds = [k for k in v.kinds if k in set().union(*sets) and hand.get(k, 0) > 0]
    room = [0] * (len(kinds) + 1)  # cards available from kinds[i:]
    for i in range(len(kinds) - 1, -1, -1):
        room[i] = room[i + 1] + hand[kinds[i]]
    chosen: dict[str, int] = {}

    def rec(i: int, left: int, x: int, y: int) -> Iterator[dict[str, int]]:
        if left == 0:
            yield dict(chosen)
            return
        if i == len(kinds) or room[i] < left:
            return
        k = kinds[i]
        top = min(hand[k], left)
        if k in only_a:
            top = min(top, cap_a - x)
        elif k in only_b:
            top = min(top, cap_b - y)
        for c in range(top, -1, -1):
            if c:
                chosen[k] = c
            nx = x + c if k in only_a else x
            ny = y + c if k in only_b else y
            yield from rec(i + 1, left - c, nx, ny)
            chosen.pop(k, None)

    yield from rec(0, total, 0, 0)
