"""Res Publica's components, read from data/respublica/cards.json and checked once.

The rules code never hard-codes a count: card kinds, their family, how many of each exist in each
variant, the group sizes and the point piles all come from the data file, whose every entry cites
the rulebook (Res Publica (Reiner Knizia, Queen Games), French rulebook).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache

import data

PEOPLE = "people"
CIVILISATION = "civilisation"
CARDS = "cards"
GENERIC = (PEOPLE, CIVILISATION, CARDS)  # generic kinds, usable only in trade terms
# « 2 paires ou 3 cartes de civilisation » (Règles commerciales / Exemples): a term counting
# pairs of identical cards, of any kind, rather than cards
PAIRS = "pairs"
FULL = "full"
CLASSIC = "classic"
VARIANTS = (FULL, CLASSIC)


@dataclass(frozen=True)
class Group:
    """What a set of identical cards is laid for: `size` cards of one kind give one `card`."""

    size: int
    card: str  # city | town | church | library
    size_with_library: int | None = None


@dataclass(frozen=True)
class Variant:
    name: str
    kinds: tuple[str, ...]  # the specific kinds, in canonical order
    family: dict[str, str]  # kind -> people | civilisation
    counts: dict[str, int]  # kind -> number of cards
    groups: dict[str, Group]  # kind -> the group it is laid as
    piles: dict[str, list[int]]  # point card -> its values, top first
    deal: int
    draw_people: int
    draw_per_city: int
    draw_max: int
    max_terms: int
    max_count: int

    def members(self, kind: str) -> frozenset[str]:
        """The specific kinds a trade term's kind stands for (a pair may be of any kind)."""
        known = self._members.get(kind)
        return known if known is not None else self._members_of(kind)

    def _members_of(self, kind: str) -> frozenset[str]:
        if kind in (CARDS, PAIRS):
            return frozenset(self.kinds)
        if kind in (PEOPLE, CIVILISATION):
            return frozenset(k for k in self.kinds if self.family[k] == kind)
        return frozenset((kind,))

    @cached_property
    def _members(self) -> dict[str, frozenset[str]]:
        """members() of every term kind, worked out once: trades ask it all the time."""
        return {k: self._members_of(k) for k in self.term_kinds}

    @cached_property
    def term_kinds(self) -> tuple[str, ...]:
        """Every kind a trade term may name, in canonical order (specific kinds, then generic,
        then pairs)."""
        return (*self.kinds, *GENERIC, PAIRS)

    @property
    def max_pairs(self) -> int:
        """A term names at most `max_count` cards: as many whole pairs as fit (2 pairs)."""
        return self.max_count // 2

    def max_of(self, kind: str) -> int:
        """The largest count a term of this kind may name."""
        return self.max_pairs if kind == PAIRS else self.max_count

    @property
    def total(self) -> int:
        return sum(self.counts.values())


@cache
def raw() -> dict:
    return json.loads(data.path("respublica", "cards.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=8)  # one per variant
def variant(name: str) -> Variant:
    if name not in VARIANTS:
        raise ValueError(f"unknown Res Publica variant {name!r}")
    src = raw()
    kinds = tuple(k["kind"] for k in src["kinds"] if k[name] > 0)
    groups: dict[str, Group] = {}
    for g in src["groups"]:
        for k in g["kinds"]:
            if k in kinds:
                groups[k] = Group(g["size"], g["card"], g.get("size_with_library"))
    v = Variant(
        name=name,
        kinds=kinds,
        family={k["kind"]: k["family"] for k in src["kinds"] if k["kind"] in kinds},
        counts={k["kind"]: k[name] for k in src["kinds"] if k["kind"] in kinds},
        groups=groups,
        piles={p["card"]: list(p["values"]) for p in src["piles"] if p[name]},
        deal=src["deal"]["people"],
        draw_people=src["draw"]["people"],
        draw_per_city=src["draw"]["civilisation_per_city"],
        draw_max=src["draw"]["max"],
        max_terms=src["trade"]["max_terms"],
        max_count=src["trade"]["max_count"],
    )
    _check(v)
    return v


def _check(v: Variant) -> None:
    """Fail loudly on a broken data file rather than play a wrong game."""
    for family in (PEOPLE, CIVILISATION):
        n = sum(c for k, c in v.counts.items() if v.family[k] == family)
        # Matériel de jeu: 65 + 65 cards; Res Publica classique: 140 cards = 120 + 20 point cards
        expected = 65 if v.name == FULL else 60
        if n != expected:
            raise ValueError(f"{v.name}: {n} {family} cards, expected {expected}")
    if set(v.groups) != set(v.kinds):
        raise ValueError(f"{v.name}: every kind must be layable as a group")
    for group in v.groups.values():
        if group.card not in v.piles:
            raise ValueError(f"{v.name}: group card {group.card} has no pile")
    towns = v.piles["town"]
    if towns != sorted(towns, reverse=True) or len(towns) != 10:
        raise ValueError("towns must be 10 cards sorted from the highest (top) down")
    if PAIRS in v.kinds or v.max_pairs < 1:
        raise ValueError("pairs is a trade term, not a kind of card; a term must allow a pair")
    if v.max_count < max(g.size for g in v.groups.values()):
        raise ValueError("the trade count cap must allow a whole group")
