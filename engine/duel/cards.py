"""7 Wonders Duel's components, read from data/duel/*.json and checked once, loudly.

The rules code never hard-codes a card: costs, effects, chains, science symbols, the age
structures and the military track all come from the data files, whose every entry cites
the reference notes on 7 Wonders Duel's components (« 7wd.md » §1). `component(id)` is also what the renderer reads (VIEW.md).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

import data

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
RAW = ("wood", "clay", "stone")  # brown
GOODS = ("glass", "papyrus")  # grey
COLOURS = ("brown", "grey", "yellow", "red", "blue", "green", "purple")
SCIENCE = ("globe", "law", "sundial", "mortar", "plumb", "quill", "wheel")
AGES = (1, 2, 3)

# What the data must contain (7wd.md §1.2: 23 + 23 + 20 Age cards and 7 guilds; §1.3: 12
# wonders; §1.4: 10 progress tokens; §1.6: 20 slots per age).
AGE_CARD_COUNTS = {1: 23, 2: 23, 3: 20}
GUILD_COUNT = 7
WONDER_COUNT = 12
TOKEN_COUNT = 10
SLOTS_PER_AGE = 20

EFFECT_KINDS = {
    "produce",
    "produce_choice",
    "trade_fixed",
    "coins",
    "coins_per_card",
    "coins_per_wonder",
    "guild",
    "play_again",
    "opponent_loses",
    "destroy",
    "mausoleum",
    "great_library",
    "token",
}
TOKEN_FLAGS = {
    "architecture",
    "economy",
    "masonry",
    "mathematics",
    "strategy",
    "theology",
    "urbanism",
}
GUILD_COUNTS = {"yellow", "brown+grey", "blue", "green", "red", "wonders", "coins"}


@dataclass(frozen=True)
class Component:
    """A card, wonder or progress token. Fields unused by a kind keep their neutral value."""

    id: str
    kind: str  # card | wonder | progress
    name_en: str
    name_fr: str
    age: int | None
    colour: str | None
    cost: dict[str, int]
    points: int
    shields: int
    science: str | None
    chain_gives: str | None
    chain_from: str | None
    effects: tuple[dict[str, Any], ...]

    def effect(self, kind: str) -> Any:
        """The value of this component's effect of that kind, or None."""
        return self.by_kind.get(kind)

    # Worked out once per component (a frozen dataclass's __dict__ still takes them): the rules
    # ask them at every step of every playout.
    @cached_property
    def by_kind(self) -> dict[str, Any]:
        """Each kind of effect's value, the first effect's where several have it (shared: read
        it, never change it)."""
        out: dict[str, Any] = {}
        for e in self.effects:
            for kind, value in e.items():
                out.setdefault(kind, value)
        return out

    @cached_property
    def coin_cost(self) -> int:
        return self.cost.get("coins", 0)

    @cached_property
    def resource_cost(self) -> dict[str, int]:
        """The resources of the cost (shared by every caller: read it, never change it)."""
        return {r: n for r, n in self.cost.items() if r in RESOURCES}


# Components of the expansions (engine/duel/agora/data.py...), registered when their data loads;
# never part of the base game's tables, counts or ids().
EXTRA: dict[str, Component] = {}
# How to find the components not registered yet: engine.duel.expansion gives its way (import
# every expansion, True the first time); this module knows no expansion.
_FIND_MORE: list[Callable[[], bool]] = []


def find_more_with(find: Callable[[], bool]) -> None:
    """Register a way to make more components known (True if it may have added some)."""
    _FIND_MORE.append(find)


@dataclass(frozen=True)
class Slot:
    row: int
    col: int
    face_up: bool


@dataclass(frozen=True)
class Components:
    cards: dict[str, Component]
    wonders: dict[str, Component]
    tokens: dict[str, Component]
    structures: dict[int, tuple[Slot, ...]]
    military: dict[str, Any]
    # every id found so far (ids never change meaning; the rules ask for them all the time)
    found: dict[str, Component] = field(default_factory=dict, compare=False, repr=False)

    def get(self, cid: str) -> Component:
        comp = self.found.get(cid)
        if comp is None:
            comp = self.found[cid] = self._get(cid)
        return comp

    def _get(self, cid: str) -> Component:
        for table in (self.cards, self.wonders, self.tokens, EXTRA):
            if cid in table:
                return table[cid]
        if any([find() for find in _FIND_MORE]) and cid in EXTRA:  # the expansions register
            return EXTRA[cid]  # theirs when imported
        raise KeyError(cid)

    def age_cards(self, age: int) -> list[str]:
        return [c.id for c in self.cards.values() if c.age == age and c.colour != "purple"]

    def guilds(self) -> list[str]:
        return [c.id for c in self.cards.values() if c.colour == "purple"]


class DataError(ValueError):
    """The data files are wrong: raised at load time, never at play time."""


def _read(name: str) -> Any:
    return json.loads(data.path("duel", name).read_text(encoding="utf-8"))


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(f"data/duel: {message}")


def _component(entry: dict[str, Any], kind: str) -> Component:
    cid = entry["id"]
    _check(bool(entry.get("source", "").startswith("7wd.md §1")), f"{cid}: no source")
    cost = dict(entry.get("cost", {}))
    _check(all(k in RESOURCES or k == "coins" for k in cost), f"{cid}: bad cost {cost}")
    _check(all(isinstance(n, int) and n > 0 for n in cost.values()), f"{cid}: bad cost {cost}")
    effects = tuple(entry.get("effects", ()))
    for e in effects:
        _check(len(e) == 1 and next(iter(e)) in EFFECT_KINDS, f"{cid}: bad effect {e}")
    science = entry.get("science")
    _check(science is None or science in SCIENCE, f"{cid}: bad science {science}")
    colour = entry.get("colour")
    _check(kind != "card" or colour in COLOURS, f"{cid}: bad colour {colour}")
    _check(entry["name"].get("en") and entry["name"].get("fr"), f"{cid}: EN and FR names")
    return Component(
        id=cid,
        kind=kind,
        name_en=entry["name"]["en"],
        name_fr=entry["name"]["fr"],
        age=entry.get("age"),
        colour=colour,
        cost=cost,
        points=entry.get("points", 0),
        shields=entry.get("shields", 0),
        science=science,
        chain_gives=entry.get("chain_gives"),
        chain_from=entry.get("chain_from"),
        effects=effects,
    )


def _structures(raw: dict[str, Any]) -> dict[int, tuple[Slot, ...]]:
    out = {}
    for age in AGES:
        rows = raw["ages"][str(age)]
        # Odd rows (counted from 1, the farthest) are face up (7wd.md §1.6).
        slots = tuple(
            Slot(r, col, r % 2 == 1) for r, cols in enumerate(rows, start=1) for col in cols
        )
        _check(len(slots) == SLOTS_PER_AGE, f"age {age} structure has {len(slots)} slots")
        out[age] = slots
    return out


@cache
def load() -> Components:
    """Every component, validated; a mistake in data/duel fails here, loudly."""
    cards = [_component(e, "card") for e in _read("cards.json")["cards"]]
    wonders = [_component(e, "wonder") for e in _read("wonders.json")["wonders"]]
    tokens = [_component(e, "progress") for e in _read("progress.json")["tokens"]]
    ids = [c.id for c in cards + wonders + tokens]
    dup = [i for i, n in Counter(ids).items() if n > 1]
    _check(not dup, f"ids used twice: {dup}")
    for age, n in AGE_CARD_COUNTS.items():
        got = sum(1 for c in cards if c.age == age and c.colour != "purple")
        _check(got == n, f"age {age} has {got} cards, not {n}")
    guilds = [c for c in cards if c.colour == "purple"]
    _check(len(guilds) == GUILD_COUNT and all(c.age == 3 for c in guilds), "7 age III guilds")
    _check(len(wonders) == WONDER_COUNT, f"{len(wonders)} wonders, not {WONDER_COUNT}")
    _check(len(tokens) == TOKEN_COUNT, f"{len(tokens)} progress tokens, not {TOKEN_COUNT}")
    for t in tokens:
        flag = t.effect("token")
        _check(flag is None or flag in TOKEN_FLAGS, f"{t.id}: bad token effect {flag}")
    for c in guilds:
        _check(c.effect("guild")["counts"] in GUILD_COUNTS, f"{c.id}: bad guild count")
    # Chains (7wd.md §1.1): 17 symbols, each printed on one card and freeing exactly one later card.
    gives = Counter(c.chain_gives for c in cards if c.chain_gives)
    takes = Counter(c.chain_from for c in cards if c.chain_from)
    _check(len(gives) == 17 and gives == takes and max(gives.values()) == 1, "17 chain pairs")
    by_id = {c.id: c for c in cards}
    for c in cards:
        if c.chain_from:
            giver = next(g for g in cards if g.chain_gives == c.chain_from)
            _check(giver.age < c.age, f"{c.id}: chain {c.chain_from} comes from a later age")
    # Science (7wd.md §1.1): 6 symbols on exactly two green cards each, Law on its token only.
    sci = Counter(c.science for c in cards if c.science)
    _check(all(sci[s] == 2 for s in SCIENCE if s != "law") and "law" not in sci, "science pairs")
    _check(all(c.colour == "green" for c in cards if c.science), "science only on green cards")
    military = _read("military.json")
    _check(len(military["tokens"]) == 4, "four military tokens")
    return Components(
        cards=by_id,
        wonders={w.id: w for w in wonders},
        tokens={t.id: t for t in tokens},
        structures=_structures(_read("structures.json")),
        military=military,
    )


class _Found(dict[str, Component]):
    """Every component found so far, by id (ids never change meaning): a miss asks `load()`,
    which raises KeyError for an unknown id."""

    def __missing__(self, cid: str) -> Component:
        comp = self[cid] = load().get(cid)
        return comp


# The component of an id. The rules ask for one about 1,700 times a playout: the table's own
# lookup, with no Python call of ours in between (`_Found.__missing__` only on the first ask).
get: Callable[[str], Component] = _Found().__getitem__


def ids(kind: str) -> list[str]:
    """Every id of a kind (`card`, `wonder`, `progress`), in data order."""
    comps = load()
    table = {"card": comps.cards, "wonder": comps.wonders, "progress": comps.tokens}[kind]
    return list(table)


def component(cid: str) -> dict[str, Any]:
    """The static facts of a card, wonder or progress token, as plain data (VIEW.md)."""
    c = get(cid)
    return {
        "id": c.id,
        "kind": c.kind,
        "name": f"duel.tok.{c.id}",
        "age": c.age,
        "colour": c.colour,
        "cost": dict(c.cost),
        "points": c.points,
        "shields": c.shields,
        "science": c.science,
        "chain_gives": c.chain_gives,
        "chain_from": c.chain_from,
        "effects": [json.loads(json.dumps(e)) for e in c.effects],
    }
