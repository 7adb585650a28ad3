"""Res Publica's legal texts as a menu (engine.policy.Menu), for walks through the menus.

A turn offers about 6,000 `seek` proposals and up to as many `offer` ones; listing them all (and
splitting every text) was most of a random playout's time. Here each level of a proposal —
count, kind, `and`/`or`, count or mixed kind, kind — is worked out from the hand's counts when a
walk reaches it. The texts are those of `legal()`: `proposable_texts` for a hand (`hand` given),
`all_proposals` otherwise (tests/respublica/test_menu.py compares them on many states).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from engine.policy import END, TextMenu

from .cards import PAIRS, Variant, variant
from .trade import (
    AND,
    OR,
    Hand,
    Need,
    Proposal,
    branches,
    fulfils,
    mixable,
    number,
    pairs_in,
    pairs_left,
)

GIVE = "give"


@dataclass(frozen=True)
class _Shape:
    """What a variant's proposals are made of, worked out once."""

    kinds: tuple[str, ...]  # every kind a term may name, in canonical order
    after: dict[str, tuple[str, ...]]  # the kinds a second term may name after a first
    mixes: dict[str, tuple[str, ...]]  # the kinds after a first that may share its count
    members: dict[str, tuple[str, ...]]  # the specific kinds a term's kind stands for
    nested: frozenset[tuple[str, str]]  # (k1, k2): every card of k1 is a card of k2
    max_of: dict[str, int]
    max_count: int


@lru_cache(maxsize=8)  # one per variant
def _shape(name: str) -> _Shape:
    v = variant(name)
    kinds = v.term_kinds
    after = {k: kinds[i + 1:] for i, k in enumerate(kinds)}
    return _Shape(
        kinds=kinds,
        after=after,
        mixes={k: tuple(k2 for k2 in after[k] if mixable(v, k, k2)) for k in kinds},
        members={k: tuple(sorted(v.members(k))) for k in kinds},
        nested=frozenset((k1, k2) for k1 in kinds for k2 in after[k1]
                         if v.members(k1) <= v.members(k2)),
        max_of={k: v.max_of(k) for k in kinds},
        max_count=v.max_count,
    )


def proposals(v: Variant, hand: Hand | None) -> Proposals:
    """The proposals `hand` may put forward, or all of them (the same menu for every seat)."""
    return _every(v.name) if hand is None else Proposals(v, hand)


@lru_cache(maxsize=8)  # one per variant
def _every(name: str) -> Proposals:
    return Proposals(variant(name), None)


class Proposals:
    """Proposal texts (without their verb): all of them, or those `hand` may put forward."""

    def __init__(self, v: Variant, hand: Hand | None) -> None:
        self.v = v
        self.hand = hand
        self.shape = _shape(v.name)
        self.kinds = self.shape.kinds
        self._memo: dict[tuple[str, ...], list[str]] = {}  # the levels already worked out

    def any(self) -> bool:
        """Whether there is a proposal at all: with one card, `1 cards` may be offered."""
        return self.hand is None or any(self.hand.values())

    @cached_property
    def av(self) -> dict[str, int] | None:
        """The cards held of each kind a term may name (pairs: the pairs); None: no limit."""
        if self.hand is None:
            return None
        held = {k: self.hand.get(k, 0) for k in self.v.kinds}
        members = self.shape.members
        av = {k: sum(held[m] for m in members[k]) for k in self.kinds if k != PAIRS}
        av[PAIRS] = pairs_in(self.hand)
        return av

    @cached_property
    def cap(self) -> dict[str, int]:
        """The largest count a term of each kind may name."""
        av = self.av
        if av is None:
            return self.shape.max_of
        return {k: min(self.shape.max_of[k], av[k]) for k in self.kinds}

    # which texts exist (the rules of proposable_texts and all_proposals) -------------------------

    def _after(self, k1: str) -> Sequence[str]:
        return self.shape.after[k1]

    def _single(self, a: int, k1: str) -> bool:
        return 1 <= a <= self.cap[k1]

    def _and(self, a: int, k1: str, b: int, k2: str) -> bool:
        if not (1 <= a <= self.cap[k1] and 1 <= b <= self.cap[k2]):
            return False
        if self.av is None or self.hand is None:
            return True
        if k2 == PAIRS:  # the pairs left once the cards of k1 are set aside
            return b <= pairs_left(self.hand, a, self.v.members(k1))
        if (k1, k2) in self.shape.nested:  # nested kinds: disjoint cards
            return a + b <= self.av[k2]
        return True

    def _or(self, a: int, k1: str, b: int, k2: str) -> bool:
        return 1 <= a <= self.cap[k1] and 1 <= b <= self.cap[k2]

    def _mix_top(self, k1: str, k2: str) -> int:
        """The largest count `a k1 or k2` may name (mixed kinds are disjoint); a hand offers
        a mix only while it holds some of each kind (trade.can_propose)."""
        if self.av is None:
            return self.shape.max_count
        if not (self.av[k1] and self.av[k2]):
            return 0
        return min(self.shape.max_count, self.av[k1] + self.av[k2])

    def _mix(self, a: int, k1: str, k2: str) -> bool:
        return k2 in self.shape.mixes[k1] and 1 <= a <= self._mix_top(k1, k2)

    def _mix_after(self, a: int, k1: str) -> list[str]:
        return [k2 for k2 in self.shape.mixes[k1] if 1 <= a <= self._mix_top(k1, k2)]

    # the menu ------------------------------------------------------------------------------------

    def choices(self, prefix: Sequence[str]) -> list[str]:
        key = tuple(prefix)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._choices(key)
        return found

    def _choices(self, prefix: tuple[str, ...]) -> list[str]:
        n = len(prefix)
        if n == 0:
            return self._counts()
        a = number(prefix[0])
        if a is None:
            return []
        if n == 1:
            return sorted(k for k in self.kinds if self._single(a, k) or self._mix_after(a, k))
        k1 = prefix[1]
        if k1 not in self.shape.after:
            return []
        if n == 2:
            return self._joins(a, k1)
        op = prefix[2]
        if op not in (AND, OR):
            return []
        after = self._after(k1)
        if n == 3:
            counts = range(1, self.v.max_count + 1)
            if op == AND:
                return sorted(str(b) for b in counts
                              if any(self._and(a, k1, b, k2) for k2 in after))
            return sorted([*(str(b) for b in counts if any(self._or(a, k1, b, k2) for k2 in after)),
                           *self._mix_after(a, k1)])
        b = number(prefix[3])
        if n == 4:
            if b is None:  # a mix: `a k1 or k2`
                return [END] if op == OR and prefix[3] in after and self._mix(a, k1, prefix[3]) \
                    else []
            test = self._and if op == AND else self._or
            return sorted(k2 for k2 in after if test(a, k1, b, k2))
        k2 = prefix[4]
        if n == 5 and b is not None and k2 in after:
            return [END] if (self._and if op == AND else self._or)(a, k1, b, k2) else []
        return []

    def _counts(self) -> list[str]:
        """Every count some text starts with: up to the largest single term or mix."""
        top = max(self.cap.values(), default=0)
        if top < self.shape.max_count:
            for k1, mixes in self.shape.mixes.items():
                for k2 in mixes:
                    top = max(top, self._mix_top(k1, k2))
        return sorted(str(a) for a in range(1, top + 1))

    def _joins(self, a: int, k1: str) -> list[str]:
        """What may follow `a k1`: the end, `and`, `or`."""
        out = []
        single = self._single(a, k1)
        after = self._after(k1)
        if single:
            out.append(END)
            if any(self._and(a, k1, b, k2) for k2 in after
                   for b in range(1, self.cap[k2] + 1)):
                out.append(AND)
        if (single and any(self.cap[k2] >= 1 for k2 in after)) or self._mix_after(a, k1):
            out.append(OR)
        return sorted(out)


class ResPublicaMenu:
    """A seat's legal texts: a few short ones (end, lay, pass) and proposals under their verb."""

    def __init__(self, short: Sequence[str], proposals: dict[str, Proposals]) -> None:
        self.texts = list(short)  # the short texts, in the order `legal` lists them
        self.short = TextMenu(short)
        self.proposals = proposals

    def choices(self, prefix: Sequence[str]) -> list[str]:
        if not prefix:
            return sorted({*self.short.choices(prefix),
                           *(verb for verb, p in self.proposals.items() if p.any())})
        sub = self.proposals.get(prefix[0])
        if sub is not None:
            return sub.choices(prefix[1:])
        return self.short.choices(prefix)


# --- deliveries ---------------------------------------------------------------------------------


class _Single:
    """`n` cards of the kinds `kinds`."""

    def __init__(self, v: Variant, hand: Hand, n: int, kinds: frozenset[str]) -> None:
        self.n, self.kinds = n, kinds
        self.room = _room(v, hand, lambda k, h: h if k in kinds else 0)

    def feasible(self, fixed: Mapping[str, int], start: int) -> bool:
        if any(k not in self.kinds for k in fixed):
            return False
        held = sum(fixed.values())
        return held <= self.n <= held + self.room[start]


class _Two:
    """`a` cards of A and `b` other cards of B: at most a only in A, b only in B, the rest in
    both (trade._exact_cards)."""

    def __init__(self, v: Variant, hand: Hand, a: int, sa: frozenset[str], b: int,
                 sb: frozenset[str]) -> None:
        self.a, self.b = a, b
        self.only_a, self.only_b, self.both = sa - sb, sb - sa, sa & sb
        self.room_a = _room(v, hand, lambda k, h: h if k in self.only_a else 0)
        self.room_b = _room(v, hand, lambda k, h: h if k in self.only_b else 0)
        self.room_both = _room(v, hand, lambda k, h: h if k in self.both else 0)

    def feasible(self, fixed: Mapping[str, int], start: int) -> bool:
        x = y = z = 0
        for k, c in fixed.items():
            if k in self.only_a:
                x += c
            elif k in self.only_b:
                y += c
            elif k in self.both:
                z += c
            else:
                return False
        left = self.a + self.b - x - y - z
        if x > self.a or y > self.b or left < 0:
            return False
        return (min(self.room_a[start], self.a - x) + min(self.room_b[start], self.b - y)
                + self.room_both[start]) >= left


class _Pairs:
    """`n` pairs of identical cards."""

    def __init__(self, v: Variant, hand: Hand, n: int) -> None:
        self.cards = 2 * n
        self.room = _room(v, hand, lambda k, h: h - h % 2)

    def feasible(self, fixed: Mapping[str, int], start: int) -> bool:
        if any(c % 2 for c in fixed.values()):
            return False
        held = sum(fixed.values())
        return held <= self.cards <= held + self.room[start]


class _CardsAndPairs:
    """`a` cards of S and `n` pairs of identical cards besides. Exactly these cards keep it iff
    the cards outside S come in even numbers and a lies between the number of kinds of S held
    in odd numbers (each gives one card to the `a`) and the cards held of S (trade.fulfils)."""

    def __init__(self, v: Variant, hand: Hand, a: int, kinds: frozenset[str], n: int) -> None:
        self.a, self.kinds, self.size = a, kinds, a + 2 * n
        self.room_s = _room(v, hand, lambda k, h: h if k in kinds else 0)
        self.even_s = _room(v, hand, lambda k, h: h - h % 2 if k in kinds else 0)
        self.even_rest = _room(v, hand, lambda k, h: 0 if k in kinds else h - h % 2)

    def feasible(self, fixed: Mapping[str, int], start: int) -> bool:
        total = held = odd = 0
        for k, c in fixed.items():
            total += c
            if k in self.kinds:
                held += c
                odd += c % 2
            elif c % 2:
                return False
        left = self.size - total
        if left < 0:
            return False
        # s more cards of S (the rest from outside S, in pairs): the fewest s that can do is
        # the best, as taking more of S can only make more kinds odd
        lowest = max(0, self.a - held, left - self.even_rest[start])
        s = lowest + (lowest - left) % 2  # what is left outside S must be even
        if s > min(self.room_s[start], left):
            return False
        even = self.even_s[start]
        odd_more = s % 2 if s <= even else s - even  # beyond the even counts, odd kinds
        return odd + odd_more <= self.a


def _room(v: Variant, hand: Hand, usable: Callable[[str, int], int]) -> list[int]:
    """room[i]: the cards usable from the kinds v.kinds[i:]."""
    room = [0] * (len(v.kinds) + 1)
    for i in range(len(v.kinds) - 1, -1, -1):
        k = v.kinds[i]
        room[i] = room[i + 1] + usable(k, hand.get(k, 0))
    return room


class Deliveries:
    """`give <cards>`: every way `hand` keeps `promise` (trade.deliveries), asked kind by kind in
    canonical order. Whether a choice can still be completed is counted from the cards left in
    the later kinds, for each way the promise may be kept (its branches)."""

    def __init__(self, v: Variant, hand: Hand, promise: Proposal) -> None:
        self.v, self.hand, self.promise = v, hand, promise
        self.index = {k: i for i, k in enumerate(v.kinds)}
        self.branches = [_branch(v, hand, needs) for needs in branches(v, promise)]

    def _feasible(self, fixed: Mapping[str, int], start: int) -> bool:
        return any(b.feasible(fixed, start) for b in self.branches)

    def choices(self, prefix: Sequence[str]) -> list[str]:
        if not prefix:
            return [GIVE] if self._feasible({}, 0) else []
        if prefix[0] != GIVE:
            return []
        rest = prefix[1:]
        fixed: dict[str, int] = {}
        last = -1
        for count, kind in zip(rest[::2], rest[1::2], strict=False):
            c, i = number(count), self.index.get(kind, -1)
            if c is None or not 1 <= c <= self.hand.get(kind, 0) or i <= last:
                return []
            fixed[kind] = c
            last = i
        later = self.v.kinds[last + 1:]
        if len(rest) % 2:  # a count: the kinds it may be of
            c = number(rest[-1])
            if c is None or c < 1:
                return []
            return sorted(k for k in later if c <= self.hand.get(k, 0)
                          and self._feasible({**fixed, k: c}, self.index[k] + 1))
        out = {END} if fixed and fulfils(self.v, fixed, self.promise) else set()
        for k in later:
            for c in range(1, self.hand.get(k, 0) + 1):
                if str(c) not in out and self._feasible({**fixed, k: c}, self.index[k] + 1):
                    out.add(str(c))
        return sorted(out)


def _branch(v: Variant, hand: Hand, needs: tuple[Need, ...],
            ) -> _Single | _Two | _Pairs | _CardsAndPairs:
    cards = [(n, s) for n, s in needs if s is not None]
    pairs = [n for n, s in needs if s is None]
    if pairs:
        return _Pairs(v, hand, pairs[0]) if not cards else _CardsAndPairs(
            v, hand, *cards[0], pairs[0])
    if len(cards) == 1:
        return _Single(v, hand, *cards[0])
    (a, sa), (b, sb) = cards
    return _Two(v, hand, a, sa, b, sb)
