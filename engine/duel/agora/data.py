"""The Agora expansion's components, read from data/duel/agora.json and checked once, loudly.

Facts: the reference notes « 7wd.md » §2; rulebook: the rulebook of 7 Wonders Duel: Agora (Repos Production, French edition)
(cited as RB-A). Senators, the two wonders and the two progress tokens become `Component`s that
`engine.duel.cards.get` finds (cards.EXTRA), so the base code and the renderer read them like any
other component; decrees and conspiracies are plain records here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import data
from engine.duel import cards
from engine.duel.cards import AGES, RESOURCES, Component, Slot

SENATOR_COUNT = 13  # RB-A Matériel: 7 Politicians, 6 Conspirators
DECREE_COUNT = 16
PLOT_COUNT = 16
CHAMBERS = 6
SECTIONS = ("left", "centre", "right")
AGE_SLOTS = {1: 25, 2: 25, 3: 23}  # 7wd.md §2.8
PLOT_STEPS = {
    "take_wonder", "blackmail", "destroy_blue", "destroy_yellow", "obscure", "coup", "fraud",
    "treason", "place_any", "remove_cube", "espionage", "scrap", "scrap_again", "embezzle",
    "foreclose", "coerce", "shift", "sabotage",
}
DECREE_EFFECTS = {
    "coins_on_build", "ignore_symbol", "wonder_discount", "shield", "trade_discount", "blue_bonus",
    "discard_bonus", "coins_on_wonder", "borrow_chains", "conspirator_replay",
}


@dataclass(frozen=True)
class Chamber:
    section: str
    points: int
    face_up: bool


@dataclass(frozen=True)
class Agora:
    cubes: int
    senators_per_age: dict[int, int]
    chambers: tuple[Chamber, ...]
    actions_by_blue: tuple[tuple[int, int, int], ...]
    senators: dict[str, dict[str, Any]]
    decrees: dict[str, dict[str, Any]]
    plots: dict[str, dict[str, Any]]
    wonders: dict[str, dict[str, Any]]
    tokens: tuple[str, ...]
    military: tuple[str, ...]
    structures: dict[int, tuple[Slot, ...]]


class DataError(ValueError):
    """data/duel/agora.json is wrong: raised at load time, never at play time."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(f"data/duel/agora.json: {message}")


def _component(entry: dict[str, Any], kind: str) -> Component:
    cid = entry["id"]
    _check(entry.get("source", "").startswith("7wd.md §2"), f"{cid}: no source")
    cost = dict(entry.get("cost", {}))
    _check(all(k in RESOURCES for k in cost), f"{cid}: bad cost")
    return Component(
        id=cid,
        kind=kind,
        name_en=entry["name"]["en"],
        name_fr=entry["name"]["fr"],
        age=None,
        colour=None,
        cost=cost,
        points=entry.get("points", 0),
        shields=0,
        science=None,
        chain_gives=None,
        chain_from=None,
        effects=tuple(entry.get("effects", ())),
    )


@cache
def load() -> Agora:
    raw = json.loads(data.path("duel", "agora.json").read_text(encoding="utf-8"))
    senators = {e["id"]: e for e in raw["senators"]}
    _check(len(senators) == SENATOR_COUNT, "13 senators")
    kinds = [e["kind"] for e in senators.values()]
    _check(kinds.count("politician") == 7 and kinds.count("conspirator") == 6, "7 + 6 senators")
    for e in senators.values():
        _check(e["kind"] == "conspirator" or e["section"] in SECTIONS, f"{e['id']}: section")
    decrees = {e["id"]: e for e in raw["decrees"]}
    _check(len(decrees) == DECREE_COUNT, "16 decrees")
    for e in decrees.values():
        _check(len(e["effect"]) == 1 and next(iter(e["effect"])) in DECREE_EFFECTS, e["id"])
    plots = {e["id"]: e for e in raw["conspiracies"]}
    _check(len(plots) == PLOT_COUNT, "16 conspiracies")
    for e in plots.values():
        _check(all(s in PLOT_STEPS for s in e["steps"]), f"{e['id']}: steps")
    senate = raw["senate"]
    chambers = tuple(Chamber(c["section"], c["points"], c["face_up"]) for c in senate["chambers"])
    _check(len(chambers) == CHAMBERS, "6 chambers")
    _check([c.points for c in chambers] == [1, 2, 3, 3, 2, 1], "chamber points 1/2/3/3/2/1")
    per_age = {int(k): v for k, v in raw["senators_per_age"].items()}
    _check(sum(per_age.values()) == SENATOR_COUNT, "every senator is dealt")
    structures = {}
    for age in AGES:
        rows = raw["structures"][str(age)]
        slots = tuple(
            Slot(r, col, r % 2 == 1) for r, cols in enumerate(rows, start=1) for col in cols
        )
        _check(len(slots) == AGE_SLOTS[age], f"age {age}: {len(slots)} slots")
        structures[age] = slots
    wonders = {e["id"]: e for e in raw["wonders"]}
    tokens = tuple(e["id"] for e in raw["progress"])
    military = tuple(raw["military"]["tokens"])
    _check(len(military) == 4, "four military tokens")
    comps = [_component({**e, "name": e["name"]}, "senator") for e in raw["senators"]]
    comps += [_component(e, "wonder") for e in raw["wonders"]]
    comps += [_component(e, "progress") for e in raw["progress"]]
    comps += [_component(e, "conspiracy") for e in raw["conspiracies"]]
    for comp in comps:
        _check(comp.id not in cards.load().cards, f"{comp.id}: id used by the base game")
        cards.EXTRA[comp.id] = comp
    return Agora(
        cubes=raw["cubes"],
        senators_per_age=per_age,
        chambers=chambers,
        actions_by_blue=tuple(tuple(x) for x in senate["actions_by_blue"]),  # type: ignore[misc]
        senators=senators,
        decrees=decrees,
        plots=plots,
        wonders=wonders,
        tokens=tokens,
        military=military,
        structures=structures,
    )


@lru_cache(maxsize=256)  # asked for every decree in force at every price: the data never changes
def decree_effect(decree: str) -> tuple[str, Any]:
    """(kind, value), hashable (a list of resources as a tuple): a price's key holds them."""
    (key, value), = load().decrees[decree]["effect"].items()
    return key, tuple(value) if isinstance(value, list) else value
