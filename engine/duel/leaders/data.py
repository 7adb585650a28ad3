"""7 Wonders Duel: Leaders (fan expansion) — its 43 leaders, 2 wonders and 2 panels, read from
data/duel/leaders.json and checked once, loudly, against what the rulebook states
(the French rules of 7 Wonders Duel: Leaders (fan expansion, v1.1.1, blazcowicz), cited as `004 §<section>`).

A reconstructed edition (README.md « reconstructed edition »): the text gives every effect
but few costs (Darius and Nero cost 0) and no chain list; every other value says where it comes
from (`rulebook`, `7wd.md §3` for the multiplayer costs, or `reconstructed` with a reason).
The components are registered in `cards.EXTRA`, so `cards.get(id)` and `cards.component(id)`
know them like any card (kind `leader` or `wonder`).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import data
from engine.duel import cards
from engine.duel.cards import COLOURS, RESOURCES, Component, DataError

LEADER_COUNT = 43  # 004 « Description des Leaders » describes 43 (its variants say 41)
PANEL_SIZE = 16  # 004 « Variantes »: « les 16 leaders listés »
COST_RANGE = range(0, 7)  # RECONSTRUCTION.md: 0-6
STATED_COSTS = {"darius": 0, "nero": 0}  # 004 Darius, Néron: « ne coûte aucune pièce »
ROME_POINTS = 2  # 004 Rome: « Cette Merveille rapporte 2 points de victoire »
CHAIN_LEADERS = ("archimedes", "hammurabi", "leonidas", "xenophon")  # and Da Vinci, their union
CHAIN_SYMBOLS = {
    "horseshoe", "sword", "tower", "book", "gear", "mask", "moon", "drop", "vase", "target",
    "helmet", "lyre", "lamp", "pillar", "sun", "building", "barrel",
}  # 7wd.md §1.1
PROVENANCE = ("rulebook", "7wd.md §3", "reconstructed")

LEADER_EFFECTS = {
    "points_loot", "points_per_wonder", "points_per_token", "points_per_card", "points_per_set",
    "points_per_coins", "points_chain_pairs", "chains", "cancel_move", "discard_bonus", "bilkis",
    "loot_double", "loot_to_me", "loot_mirror", "loot_shield", "opponent_loses", "croesus",
    "euclid", "hatshepsut", "imhotep", "maecenas", "ptolemy", "pythagoras", "ramses", "solomon",
}
WONDER_EFFECTS = {"rome", "bury", "play_again"}


@dataclass(frozen=True)
class LeadersData:
    leaders: dict[str, Component]
    wonders: dict[str, Component]
    panels: dict[str, tuple[str, ...]]


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(f"data/duel/leaders.json: {message}")


def _provenance(entry: dict[str, Any], field: str) -> None:
    value = entry.get(field, "")
    _check(value.startswith(PROVENANCE), f"{entry['id']}: {field} must name its provenance")
    if value.startswith("reconstructed"):
        _check(bool(entry.get("why") or entry.get("chains_why") or "(" in value),
               f"{entry['id']}: a reconstructed value says why")


def _component(entry: dict[str, Any], kind: str, allowed: set[str]) -> Component:
    cid = entry["id"]
    effects = tuple(entry.get("effects", ()))
    for e in effects:
        _check(len(e) == 1 and next(iter(e)) in allowed, f"{cid}: bad effect {e}")
    _check(bool(entry["name"].get("en") and entry["name"].get("fr")), f"{cid}: EN and FR names")
    cost = dict(entry["cost"]) if isinstance(entry["cost"], dict) else (
        {"coins": entry["cost"]} if entry["cost"] else {}
    )
    _check(all(k in RESOURCES or k == "coins" for k in cost), f"{cid}: bad cost {cost}")
    return Component(
        id=cid, kind=kind, name_en=entry["name"]["en"], name_fr=entry["name"]["fr"], age=None,
        colour=None, cost=cost, points=entry.get("points", 0), shields=entry.get("shields", 0),
        science=None, chain_gives=None, chain_from=None, effects=effects,
    )


@cache
def load() -> LeadersData:
    raw = json.loads(data.path("duel", "leaders.json").read_text(encoding="utf-8"))
    leaders: dict[str, Component] = {}
    for entry in raw["leaders"]:
        _check(isinstance(entry["cost"], int) and entry["cost"] in COST_RANGE,
               f"{entry['id']}: cost {entry['cost']} outside 0-6")
        _provenance(entry, "cost_provenance")
        _provenance(entry, "effect_provenance")
        leaders[entry["id"]] = _component(entry, "leader", LEADER_EFFECTS)
    _check(len(leaders) == LEADER_COUNT == len(raw["leaders"]), f"{len(leaders)} leaders, not 43")
    for lid, cost in STATED_COSTS.items():
        _check(leaders[lid].coin_cost == cost, f"{lid} costs {cost} (004 {lid})")
    chain_lists = {}
    for lid, comp in leaders.items():
        chains = comp.effect("chains")
        if chains is not None:
            _check(set(chains) <= CHAIN_SYMBOLS, f"{lid}: unknown chain symbol")
            chain_lists[lid] = set(chains)
    _check(set(chain_lists) == {*CHAIN_LEADERS, "da-vinci"}, "the five chain-symbol leaders")
    union = set().union(*(chain_lists[lid] for lid in CHAIN_LEADERS))
    _check(chain_lists["da-vinci"] == union, "Da Vinci's list is the union of the four")
    for comp in leaders.values():
        for e in comp.effects:
            for key in ("points_per_card", "points_per_set"):
                if key in e:
                    _check(set(e[key]["colours"]) <= set(COLOURS), f"{comp.id}: bad colours")
    panels = {}
    for name, panel in raw["panels"].items():
        members = tuple(panel["leaders"])
        _check(panel["source"].startswith("rulebook"), f"panel {name}: provenance")
        _check(len(members) == PANEL_SIZE == len(set(members)), f"panel {name}: 16 leaders")
        _check(set(members) <= set(leaders), f"panel {name}: unknown leader")
        panels[name] = members
    _check(set(panels) == {"points", "abilities"}, "the two panels of 004 « Variantes »")
    wonders = {}
    for entry in raw["wonders"]:
        _provenance(entry, "cost_provenance")
        wonders[entry["id"]] = _component(entry, "wonder", WONDER_EFFECTS)
    _check(set(wonders) == {"rome", "abu-simbel"}, "Rome and Abu Simbel")
    _check(wonders["rome"].points == ROME_POINTS, "Rome is worth 2 points")
    for w in wonders.values():
        _check(4 <= sum(w.resource_cost.values()) <= 6, f"{w.id}: cost like a base wonder")
    ids = list(leaders) + list(wonders)
    dup = [i for i, n in Counter(ids).items() if n > 1]
    _check(not dup, f"ids used twice: {dup}")
    for cid in ids:
        try:
            cards.load().get(cid)
        except KeyError:
            continue
        if cid not in cards.EXTRA:
            raise DataError(f"data/duel/leaders.json: {cid} is already a base component")
    cards.EXTRA.update(leaders)
    cards.EXTRA.update(wonders)
    return LeadersData(leaders, wonders, panels)


def leader(lid: str) -> Component:
    return load().leaders[lid]


def panel(name: str) -> list[str]:
    """The leaders of an option value: `all` (the 43) or a panel of 004 « Variantes »."""
    got = load()
    return list(got.leaders) if name == "all" else list(got.panels[name])


load()
