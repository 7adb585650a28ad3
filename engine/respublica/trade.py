"""Trade proposals: their one canonical text, parsing with precise reasons, who can deliver them,
and every concrete way to deliver one.

A proposal names at most two characteristics (Commerce / Règles commerciales: « plus de deux
caractéristiques, qui peuvent être reliées par « et » ou « ou », ne peuvent être citées »):

- `2 huns`: one term, a count and a kind;
- `1 monks and 2 people`: two terms, disjoint cards (« 1 carte de Moines et 2 cartes des peuples
  supplémentaires »: a monk plus two OTHER people cards);
- `3 alchemy or 3 metallography`: two terms, the giver delivers one of them, their choice;
- `2 shipbuilding or architecture`: one count over two kinds, in any mix (« Contre 2 cartes de
  construction navale ou d'architecture »: two cards, each of either kind).

A term's kind is a specific kind (`huns`), a generic one: `people` (any people card, monks
included), `civilisation` (any civilisation card, books included), `cards` (any card: « 2 autres
cartes », « au choix »), or `pairs`, which counts pairs of identical cards of any kind (« 2 paires
ou 3 cartes de civilisation » is `3 civilisation or 2 pairs`).

Internally a proposal is a list of branches (the giver keeps any one), each a list of needs:
`(count, set of kinds)` for cards, `(count, None)` for pairs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.core import IllegalAction, Msg

from .cards import GENERIC, PAIRS, Variant, variant

AND = "and"
OR = "or"
MIX = "mix"  # `n k1 or k2`: one count over two kinds; its text says "or"

Term = tuple[int, str]  # (count, kind)
Hand = Mapping[str, int]
Need = tuple[int, frozenset[str] | None]  # (count, kinds), or (pairs, None)


@dataclass(frozen=True)
class Proposal:
    terms: tuple[Term, ...]  # one or two terms, in canonical kind order (MIX: the same count)
    op: str | None = None  # "and" | "or" | "mix" with two terms, None with one

    @property
    def text(self) -> str:
        if self.op == MIX:
            (n, k1), (_, k2) = self.terms
            return f"{n} {k1} {OR} {k2}"
        words = [f"{n} {k}" for n, k in self.terms]
        return f" {self.op} ".join(words)


def _kind(kind: str) -> Msg:
    return Msg(f"res-publica.kind.{kind}")


def kind_rank(v: Variant, kind: str) -> int:
    return v.term_kinds.index(kind)


def number(token: str) -> int | None:
    """A count written in ASCII digits, else None: str.isdigit accepts '⁹' or '٣', which
    int() then refuses or reads, and no canonical text contains them."""
    if token.isascii() and token.isdigit():
        return int(token)
    return None


def mix_single(v: Variant, k1: str, k2: str) -> str | None:
    """The one kind that already says « k1 or k2 in any mix » (`huns or people` is `people`,
    `people or civilisation` is `cards`), or None when the mix says something new."""
    union = v.members(k1) | v.members(k2)
    return next((k for k in v.term_kinds if k != PAIRS and v.members(k) == union), None)


def mixable(v: Variant, k1: str, k2: str) -> bool:
    return (k1, k2) in _mixes(v.name)


@lru_cache(maxsize=8)  # one per variant
def _mixes(name: str) -> frozenset[tuple[str, str]]:
    """Every (k1, k2) that may share one count, either way round."""
    v = variant(name)
    return frozenset((k1, k2) for k1 in v.term_kinds for k2 in v.term_kinds
                     if PAIRS not in (k1, k2) and k1 != k2 and mix_single(v, k1, k2) is None)


# --- parsing ---------------------------------------------------------------------------------


def parse(v: Variant, tokens: list[str]) -> Proposal:
    """The proposal written in `tokens`, or IllegalAction saying exactly what is wrong."""
    return _parse(v.name, tuple(tokens))


@lru_cache(maxsize=16384)
def _parse(name: str, tokens: tuple[str, ...]) -> Proposal:
    """`parse`, remembered: the state holds proposals as text and every step reads them again
    (a refusal raises and is not remembered)."""
    v = variant(name)
    if not tokens:
        raise IllegalAction("res-publica.error.proposal_missing")
    if len(tokens) >= 6 and sum(1 for t in tokens if t in (AND, OR)) >= 2:
        # « 1 carte de Goths, de Huns et d'Anglo-Saxons »: a third characteristic
        raise IllegalAction("res-publica.error.too_many_terms", max=v.max_terms)
    if len(tokens) == 4 and tokens[2] == OR:
        return _mix(v, list(tokens))
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


def _mix(v: Variant, tokens: list[str]) -> Proposal:
    """`2 shipbuilding or architecture`: two cards, each of either kind."""
    if number(tokens[3]) is not None:
        raise IllegalAction("res-publica.error.proposal_syntax", text=" ".join(tokens))
    n, k1 = _term(v, tokens[0], tokens[1])
    k2 = _known(v, tokens[3])
    if PAIRS in (k1, k2):
        raise IllegalAction("res-publica.error.mix_pairs")
    if k1 == k2:
        raise IllegalAction("res-publica.error.same_kind", kind=_kind(k1))
    single = mix_single(v, k1, k2)
    if single is not None:
        raise IllegalAction("res-publica.error.mix_single", canonical=f"{n} {single}")
    if kind_rank(v, k2) < kind_rank(v, k1):
        raise IllegalAction("res-publica.error.order", canonical=Proposal(
            ((n, k2), (n, k1)), MIX).text)
    return Proposal(((n, k1), (n, k2)), MIX)


def _known(v: Variant, kind: str) -> str:
    if kind not in v.term_kinds:
        if kind in variant("full").kinds:
            raise IllegalAction("res-publica.error.classic_kind", kind=_kind(kind))
        raise IllegalAction("res-publica.error.unknown_kind", kind=kind)
    return kind


def _term(v: Variant, count: str, kind: str) -> Term:
    n = number(count)
    if n is None:
        raise IllegalAction("res-publica.error.proposal_syntax", text=f"{count} {kind}")
    if kind == PAIRS and not 1 <= n <= v.max_pairs:
        raise IllegalAction("res-publica.error.pairs_range", count=n, max=v.max_pairs)
    if not 1 <= n <= v.max_count:
        raise IllegalAction("res-publica.error.count_range", count=n, max=v.max_count)
    return (n, _known(v, kind))


def parse_cards(v: Variant, tokens: list[str]) -> dict[str, int]:
    """A concrete delivery `1 alchemy 2 huns`: specific kinds only, canonical order, counts >= 1."""
    if not tokens or len(tokens) % 2:
        raise IllegalAction("res-publica.error.give_syntax")
    out: dict[str, int] = {}
    ordered = True
    last = -1
    for count, kind in zip(tokens[::2], tokens[1::2], strict=True):
        n = number(count)
        if n is None or n < 1:
            raise IllegalAction("res-publica.error.give_syntax")
        if kind not in v.kinds:
            if kind in GENERIC or kind == PAIRS:
                raise IllegalAction("res-publica.error.give_generic", kind=_kind(kind))
            raise IllegalAction("res-publica.error.unknown_kind", kind=kind)
        rank = v.kinds.index(kind)
        ordered = ordered and rank > last
        last = rank
        out[kind] = out.get(kind, 0) + n
    if not ordered:  # the usual order of every card named, none dropped (issue 25)
        raise IllegalAction("res-publica.error.give_order", canonical=cards_text(v, out))
    return out


def cards_text(v: Variant, cards: Mapping[str, int]) -> str:
    return " ".join(f"{cards[k]} {k}" for k in v.kinds if cards.get(k, 0) > 0)


# --- every proposal --------------------------------------------------------------------------


@lru_cache(maxsize=8)  # one per variant
def all_proposals(name: str) -> tuple[Proposal, ...]:
    """Every legal proposal of a variant, each once (kinds distinct and in canonical order)."""
    v = variant(name)
    kinds = v.term_kinds
    out: list[Proposal] = []
    for i, k1 in enumerate(kinds):
        counts1 = range(1, v.max_of(k1) + 1)
        for a in counts1:
            out.append(Proposal(((a, k1),)))
        for k2 in kinds[i + 1 :]:
            for a in counts1:
                for b in range(1, v.max_of(k2) + 1):
                    out.append(Proposal(((a, k1), (b, k2)), AND))
                    out.append(Proposal(((a, k1), (b, k2)), OR))
            if mixable(v, k1, k2):
                for a in counts1:
                    out.append(Proposal(((a, k1), (a, k2)), MIX))
    return tuple(out)


@lru_cache(maxsize=16)  # variants x prefixes (seek, offer, answer)
def all_texts(name: str, prefix: str) -> tuple[str, ...]:
    return tuple(f"{prefix} {p.text}" for p in all_proposals(name))


# --- who can deliver -------------------------------------------------------------------------


def _need(v: Variant, term: Term) -> Need:
    n, k = term
    return (n, None) if k == PAIRS else (n, v.members(k))


def branches(v: Variant, p: Proposal) -> list[tuple[Need, ...]]:
    """The ways `p` may be kept, the giver's choice: each term of an « ou », or all the terms."""
    if p.op == OR:
        return [(_need(v, t),) for t in p.terms]
    if p.op == MIX:
        (n, k1), (_, k2) = p.terms
        return [((n, v.members(k1) | v.members(k2)),)]
    return [tuple(_need(v, t) for t in p.terms)]


def pairs_in(hand: Hand) -> int:
    return sum(c // 2 for c in hand.values())


def available(v: Variant, hand: Hand, kind: str) -> int:
    """Cards of `kind` in `hand`; for `pairs`, pairs of identical cards."""
    if kind == PAIRS:
        return pairs_in(hand)
    return sum(hand.get(k, 0) for k in v.members(kind))


def pairs_left(hand: Hand, a: int, kinds: frozenset[str]) -> int:
    """The most pairs `hand` still holds once `a` cards of `kinds` are set aside (`a` must not
    exceed what it holds of them). One card from each odd count costs no pair; every other two
    cards cost one, and a last single card one."""
    odd = sum(1 for k in kinds if hand.get(k, 0) % 2)
    return pairs_in(hand) - (max(0, a - odd) + 1) // 2


def _branch_ok(hand: Hand, needs: tuple[Need, ...]) -> bool:
    """Whether `hand` holds disjoint cards for every need of a branch."""
    cards = [(n, s) for n, s in needs if s is not None]
    pairs = [n for n, s in needs if s is None]
    if pairs:
        if not cards:
            return pairs_in(hand) >= pairs[0]
        a, kinds = cards[0]
        held = sum(hand.get(k, 0) for k in kinds)
        return held >= a and pairs_left(hand, a, kinds) >= pairs[0]
    if len(cards) == 1:
        n, kinds = cards[0]
        return sum(hand.get(k, 0) for k in kinds) >= n
    # a from A and b from B, disjoint: with x cards only in A, y only in B and z in both,
    # possible iff z covers what A and B lack on their own
    (a, sa), (b, sb) = cards
    x = sum(hand.get(k, 0) for k in sa - sb)
    y = sum(hand.get(k, 0) for k in sb - sa)
    z = sum(hand.get(k, 0) for k in sa & sb)
    return z >= max(0, a - x) + max(0, b - y)


def can_deliver(v: Variant, hand: Hand, p: Proposal) -> bool:
    """Whether `hand` can keep promise `p`: for « ou », one branch, the giver's choice."""
    return any(_branch_ok(hand, b) for b in branches(v, p))


def can_propose(v: Variant, hand: Hand, p: Proposal) -> bool:
    """Whether `hand` may put `p` forward as what it gives: « un joueur n'a le droit de proposer
    que des cartes qu'il possède » (Règles commerciales), so each branch of a « ou » must be
    held on its own; the giver still picks the branch when the cards change hands. A mix
    (`2 shipbuilding or architecture`) names both its kinds: the hand holds some of each, and
    as many of the two together as it promises (issue 44: `1 anglo-saxons or lombards` with no
    Anglo-Saxon was allowed while `1 anglo-saxons or 1 lombards` was refused)."""
    if p.op == OR:
        return all(_branch_ok(hand, b) for b in branches(v, p))
    if p.op == MIX:
        (n, k1), (_, k2) = p.terms
        held1, held2 = available(v, hand, k1), available(v, hand, k2)
        return held1 > 0 and held2 > 0 and held1 + held2 >= n  # mixed kinds are disjoint
    return can_deliver(v, hand, p)


def hand_key(v: Variant, hand: Hand) -> tuple[int, ...]:
    return tuple(hand.get(k, 0) for k in v.kinds)


# A hand's proposals average 70 KB of text (190 KB at most): 4,096 of them grew a bot's process
# past 450 MB. The searching bots list none (they read the menus); the service and the
# one-ply bots list a hand's a few times in a row, which these few keep.
PROPOSABLE_CACHED = 128


@lru_cache(maxsize=PROPOSABLE_CACHED)
def proposable_texts(name: str, key: tuple[int, ...], prefix: str) -> tuple[str, ...]:
    """`<prefix> <proposal>` for every proposal this hand may offer, in all_proposals order.

    Hot path (every turn of every playout), so the test of `can_propose` is unrolled per kind
    pair: disjoint kinds need a <= avail(A) and b <= avail(B); nested A within B needs
    a <= avail(A) and a + b <= avail(B); "or" needs each term on its own; pairs with a card
    term need the pairs left once the cards are set aside; a mix needs some of each kind and
    a of both together. Cached: hands repeat between calls."""
    v = variant(name)
    hand = dict(zip(v.kinds, key, strict=True))
    avail = {k: available(v, hand, k) for k in v.term_kinds}
    kinds = v.term_kinds
    out: list[str] = []
    for i, k1 in enumerate(kinds):
        s1 = v.members(k1)
        av1 = avail[k1]
        counts1 = range(1, min(v.max_of(k1), av1) + 1)
        for a in counts1:
            out.append(f"{prefix} {a} {k1}")
        for k2 in kinds[i + 1 :]:
            av2 = avail[k2]
            counts2 = range(1, min(v.max_of(k2), av2) + 1)
            if k2 == PAIRS:
                for a in counts1:
                    left = pairs_left(hand, a, s1)
                    for b in counts2:
                        if b <= left:
                            out.append(f"{prefix} {a} {k1} and {b} {k2}")
                        out.append(f"{prefix} {a} {k1} or {b} {k2}")
            else:
                nested = s1 <= v.members(k2)  # canonical order: k2 never lies within k1
                for a in counts1:
                    for b in counts2:
                        if not nested or a + b <= av2:
                            out.append(f"{prefix} {a} {k1} and {b} {k2}")
                        out.append(f"{prefix} {a} {k1} or {b} {k2}")
            if mixable(v, k1, k2) and av1 and av2:  # a mix names both kinds: some of each
                for a in range(1, min(v.max_count, av1 + av2) + 1):  # mixed kinds are disjoint
                    out.append(f"{prefix} {a} {k1} or {k2}")
    return tuple(out)


def shortfall(v: Variant, hand: Hand, p: Proposal, *, propose: bool = False,
              ) -> tuple[int, str] | None:
    """For an error message to the holder: a term they hold too few cards for (held, kind);
    with `propose`, a kind of a mix they hold none of (can_propose)."""
    if p.op == MIX:
        if not propose:
            return None
        return next(((0, k) for _, k in p.terms if available(v, hand, k) == 0), None)
    for n, k in p.terms:
        held = available(v, hand, k)
        if held < n:
            return held, k
    return None


# --- concrete deliveries ---------------------------------------------------------------------


def deliveries(v: Variant, hand: Hand, p: Proposal) -> list[dict[str, int]]:
    """Every distinct multiset of specific cards from `hand` that fulfils `p`, in a stable order."""
    return list(iter_deliveries(v, hand, p))


def iter_deliveries(v: Variant, hand: Hand, p: Proposal) -> Iterator[dict[str, int]]:
    """`deliveries` one at a time (to learn whether there is just one, take two)."""
    seen: set[tuple[int, ...]] = set()
    for needs in branches(v, p):
        for d in _exact(v, hand, needs):
            key = tuple(d.get(k, 0) for k in v.kinds)
            if key not in seen:
                seen.add(key)
                yield d


def fulfils(v: Variant, cards: Mapping[str, int], p: Proposal) -> bool:
    """Whether exactly these cards are a delivery of `p` (no card more, none less): as many
    cards as a branch names, and that branch can be kept from them."""
    total = sum(cards.values())
    for needs in branches(v, p):
        size = sum(n * (2 if s is None else 1) for n, s in needs)
        if total == size and _branch_ok(cards, needs):
            return True
    return False


def _exact(v: Variant, hand: Hand, needs: tuple[Need, ...]) -> Iterator[dict[str, int]]:
    """Multisets of cards from `hand` keeping exactly the needs of one branch."""
    cards = tuple((n, s) for n, s in needs if s is not None)
    pairs = [n for n, s in needs if s is None]
    if not pairs:
        yield from _exact_cards(v, hand, cards)
        return
    chosen = _exact_cards(v, hand, cards) if cards else iter([{}])
    for part in chosen:
        rest = {k: hand.get(k, 0) - part.get(k, 0) for k in v.kinds}
        for twos in _exact_pairs(v, rest, pairs[0]):
            out = dict(part)
            for k, c in twos.items():
                out[k] = out.get(k, 0) + c
            yield out


def _exact_pairs(v: Variant, hand: Hand, pairs: int) -> Iterator[dict[str, int]]:
    """Ways to take exactly `pairs` pairs of identical cards from `hand`."""
    kinds = [k for k in v.kinds if hand.get(k, 0) >= 2]
    chosen: dict[str, int] = {}

    def rec(i: int, left: int) -> Iterator[dict[str, int]]:
        if left == 0:
            yield dict(chosen)
            return
        if i == len(kinds):
            return
        k = kinds[i]
        for c in range(min(hand[k] // 2, left), -1, -1):
            if c:
                chosen[k] = 2 * c
            yield from rec(i + 1, left - c)
            chosen.pop(k, None)

    yield from rec(0, pairs)


def _exact_cards(
    v: Variant, hand: Hand, needs: tuple[tuple[int, frozenset[str]], ...],
) -> Iterator[dict[str, int]]:
    """Multisets of exactly sum(counts) cards splitting into the needs. With sets A and B, a
    multiset splits iff it has at most a cards only in A and at most b only in B."""
    total = sum(n for n, _ in needs)
    sets = [s for _, s in needs]
    only_a = sets[0] - sets[1] if len(sets) == 2 else sets[0]
    only_b = sets[1] - sets[0] if len(sets) == 2 else frozenset()
    cap_a = needs[0][0]
    cap_b = needs[1][0] if len(needs) == 2 else 0
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

# Its cache, for the bench that fills every large cache to its size (bot/bench/memory.py).
parse_cache = _parse
