"""Héros du Monde's components, read from data/heros/*.json and checked once, loudly.

This is a reconstructed edition (the reconstruction policy (RECONSTRUCTION.md in docs/SOURCES.md)): the rulebook
(002_1590ecd798d68744.txt) gives the rules and a few components; the rest is reconstructed and
marked so in the data files, every entry carrying its provenance (`rulebook ...`, `source ...` or
`reconstructed: ...`). Loading checks the data against every stated fact (counts, value ranges,
the rulebook's examples) and raises DataError if one is broken.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import data

ERAS = ("ancient", "modern")
COLOURS = ("red", "blue", "green")  # « rouge plutôt Conquérant, bleue plutôt Découverte, verte »
PROVENANCE = ("rulebook", "source", "reconstructed")
POWER_KINDS = {"populate", "cancel", "third", "free_migration", "gold", "defend_reroll",
               "attack_reroll"}
WHEN = {"own_turn", "defending", "attacking", "scoring"}
EFFECTS = ("defender_loses", "replace", "flee", "steal_gold", "attacker_loses", "both_lose")

# Stated facts (002_1590ecd798d68744.txt §Lorsque vous ouvrez la boîte, and the research file).
HERO_COUNT = 76
TOKEN_COUNT = 53
WONDERS_PER_ERA = {"ancient": 5, "modern": 4}
TERRITORIES_PER_ERA = {"ancient": 5, "modern": 4}
RANGES = {"population": (0, 7), "discoveries": (0, 2), "conquest": (0, 4), "treasure": (0, 5)}
TERRITORY_RANGE = (1, 5)
TOKEN_VALUES = (0, 4)
DIE_FACES = 6
ATTACKER_FACES = 4  # « bénéfique deux fois sur trois pour l'assaillant »
STATED_ADJACENT = {("europe", "america"), ("america", "russia"), ("america", "pacific"),
                   ("europe", "mediterranean")}
STATED_TOKENS = {"banking": ("modern", 4), "physics": ("modern", 3), "painting": ("modern", 3),
                 "school": ("modern", 2), "slavery": (None, 0), "epidemic": (None, 0),
                 "pottery": (None, None), "roads": (None, None), "writing": (None, None),
                 "metallurgy": (None, None)}
STATED_HEROES = ("plato", "charlemagne", "queen-victoria", "julius-caesar", "nebuchadnezzar",
                 "lao-tzu", "shakespeare", "mozart")
STATED_WONDERS = ("hanging-gardens", "great-wall", "ajanta", "lighthouse")


class DataError(ValueError):
    """The data files contradict a stated fact: raised at load time, never during play."""


@dataclass(frozen=True)
class Hero:
    id: str
    name_en: str
    name_fr: str
    dates: str
    era: str
    population: int
    discoveries: int
    conquest: int
    treasure: int
    colour: str
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Token:
    id: str
    name_en: str
    name_fr: str
    era: str
    value: int


@dataclass(frozen=True)
class Territory:
    id: str
    name_en: str
    name_fr: str
    era: str
    slots: int
    adjacent: tuple[str, ...]


@dataclass(frozen=True)
class Wonder:
    id: str
    name_en: str
    name_fr: str
    era: str
    kind: str
    when: str
    n: int
    min_players: int


@dataclass(frozen=True)
class Face:
    id: str
    name_en: str
    name_fr: str
    effect: str
    favours: str


@dataclass(frozen=True)
class Components:
    heroes: dict[str, Hero]
    tokens: dict[str, Token]
    territories: dict[str, Territory]
    wonders: dict[str, Wonder]
    die: tuple[Face, ...]
    era_value: dict[str, int]
    to_end: dict[str, int]
    supply: dict[str, int]
    costs: dict[str, int]

    def territory_ids(self, era: str | None = None) -> list[str]:
        return [t.id for t in self.territories.values() if era is None or t.era == era]

    def in_play(self, era: str) -> list[str]:
        """Territories in play: the beige ones in the ancient era, all nine in the modern one
        (« L'Ensemble des Territoires est désormais en jeu! »)."""
        return self.territory_ids("ancient" if era == "ancient" else None)

    def hero_ids(self, era: str) -> list[str]:
        return [h.id for h in self.heroes.values() if h.era == era]

    def token_ids(self, era: str) -> list[str]:
        return [t.id for t in self.tokens.values() if t.era == era]

    def wonder_ids(self, era: str, players: int) -> list[str]:
        return [w.id for w in self.wonders.values() if w.era == era and players >= w.min_players]


def _read(name: str) -> Any:
    return json.loads(data.path("heros", name).read_text(encoding="utf-8"))


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(f"data/heros: {message}")


def _provenance(entry: dict[str, Any]) -> None:
    prov = entry.get("provenance")
    _check(isinstance(prov, dict) and prov, f"{entry.get('id')}: no provenance")
    for field, text in prov.items():
        known = field == "*" or field in entry or field in entry.get("power", {})
        _check(known, f"{entry['id']}: provenance of unknown {field}")
        _check(str(text).startswith(PROVENANCE), f"{entry['id']}.{field}: provenance {text!r}")
    covered = "*" in prov or all(f in prov for f in entry if f not in ("id", "provenance"))
    _check(covered, f"{entry['id']}: provenance does not cover every field")


def _names(entry: dict[str, Any]) -> tuple[str, str]:
    name = entry.get("name", {})
    _check(bool(name.get("en")) and bool(name.get("fr")), f"{entry['id']}: EN and FR names")
    return name["en"], name["fr"]


def _heroes(raw: list[dict[str, Any]], territories: dict[str, Territory]) -> dict[str, Hero]:
    out = {}
    for e in raw:
        _provenance(e)
        en, fr = _names(e)
        _check(e["era"] in ERAS and e["colour"] in COLOURS, f"{e['id']}: era or colour")
        for stat, (lo, hi) in RANGES.items():
            _check(isinstance(e[stat], int) and lo <= e[stat] <= hi, f"{e['id']}: {stat} range")
        terrs = tuple(e["territories"])
        lo, hi = TERRITORY_RANGE
        _check(lo <= len(terrs) <= hi and len(set(terrs)) == len(terrs), f"{e['id']}: territories")
        _check(all(t in territories for t in terrs), f"{e['id']}: unknown territory")
        if e["era"] == "ancient":  # only the beige territories are in play in the ancient era
            _check(all(territories[t].era == "ancient" for t in terrs),
                   f"{e['id']}: an ancient hero acts in ancient territories only")
        out[e["id"]] = Hero(e["id"], en, fr, e.get("dates", ""), e["era"], e["population"],
                            e["discoveries"], e["conquest"], e["treasure"], e["colour"], terrs)
    _check(len(out) == len(raw) == HERO_COUNT, f"{len(raw)} heroes, not {HERO_COUNT}")
    for hid in STATED_HEROES:
        _check(hid in out, f"the rulebook's hero {hid} is missing")
    # « Charlemagne peut répartir ses 4 pions Populations entre L'Europe et la Méditerranée »,
    # « Charlemagne pioche 1 découverte », « la valeur de Conquête de Charlemagne 4 ».
    c = out["charlemagne"]
    _check((c.population, c.discoveries, c.conquest) == (4, 1, 4), "Charlemagne's values")
    _check(set(c.territories) == {"europe", "mediterranean"}, "Charlemagne's territories")
    _check(c.era == "modern", "Charlemagne is modern (the Massacre example's era value)")
    return out


def _tokens(raw: list[dict[str, Any]]) -> dict[str, Token]:
    out = {}
    for e in raw:
        _provenance(e)
        en, fr = _names(e)
        lo, hi = TOKEN_VALUES
        _check(e["era"] in ERAS and lo <= e["value"] <= hi, f"{e['id']}: era or value")
        out[e["id"]] = Token(e["id"], en, fr, e["era"], e["value"])
    _check(len(out) == len(raw) == TOKEN_COUNT, f"{len(raw)} discoveries, not {TOKEN_COUNT}")
    for tid, (era, value) in STATED_TOKENS.items():
        _check(tid in out, f"the stated discovery {tid} is missing")
        _check(era is None or out[tid].era == era, f"{tid}: era")
        _check(value is None or out[tid].value == value, f"{tid}: value")
    return out


@cache
def load() -> Components:
    """Every component, validated; a mistake in data/heros fails here, loudly."""
    board = _read("board.json")
    eras = {e["id"]: e for e in board["eras"]}
    _check(set(eras) == set(ERAS), "two eras")
    _check(eras["modern"]["value"] == 2, "« la valeur de l'époque Moderne qui est 2 »")
    _check((eras["ancient"]["slots"], eras["modern"]["slots"]) == (3, 4), "ladders of 3 and 4")
    _check((eras["ancient"]["complete_to_end"], eras["modern"]["complete_to_end"]) == (4, 8),
           "4 of 5, then 8 of 9 complete ladders")
    territories = {}
    for e in board["territories"]:
        _provenance(e)
        en, fr = _names(e)
        territories[e["id"]] = Territory(e["id"], en, fr, e["era"], eras[e["era"]]["slots"],
                                         tuple(e["adjacent"]))
    per_era = Counter(t.era for t in territories.values())
    _check(dict(per_era) == TERRITORIES_PER_ERA, f"territories per era {dict(per_era)}")
    for t in territories.values():
        for other in t.adjacent:
            _check(other in territories and t.id in territories[other].adjacent,
                   f"adjacency {t.id}-{other} must be known and symmetric")
    for a, b in STATED_ADJACENT:
        _check(b in territories[a].adjacent, f"stated adjacency {a}-{b}")
    ancient = [t for t in territories.values() if t.era == "ancient"]
    _check(_connected([t.id for t in ancient], territories), "ancient territories connected")
    wonders = {}
    for e in board["wonders"]:
        _provenance(e)
        en, fr = _names(e)
        p = e["power"]
        _check(p["kind"] in POWER_KINDS and p["when"] in WHEN, f"{e['id']}: power")
        wonders[e["id"]] = Wonder(e["id"], en, fr, e["era"], p["kind"], p["when"], p.get("n", 0),
                                  e.get("min_players", 2))
    _check(dict(Counter(w.era for w in wonders.values())) == WONDERS_PER_ERA, "5 + 4 wonders")
    for wid in STATED_WONDERS:
        _check(wid in wonders and wonders[wid].era == "ancient", f"stated wonder {wid}")
    _check(wonders["lighthouse"].min_players == 3, "no Lighthouse with 2 players")
    _check(wonders["ajanta"].kind == "third", "Ajanta: score as the third player")
    faces = []
    for e in board["die"]:
        _provenance(e)
        en, fr = _names(e)
        _check(e["effect"] in EFFECTS and e["favours"] in ("attacker", "defender"), e["id"])
        faces.append(Face(e["id"], en, fr, e["effect"], e["favours"]))
    _check(len(faces) == DIE_FACES, "a six-sided die")
    _check(sum(f.favours == "attacker" for f in faces) == ATTACKER_FACES, "4 faces of 6 attack")
    _check(faces[0].id == "massacre" and faces[0].effect == "defender_loses", "Massacre")
    heroes = _heroes(_read("heroes.json")["heroes"], territories)
    tokens = _tokens(_read("discoveries.json")["tokens"])
    ids = list(heroes) + list(tokens) + list(territories) + list(wonders) + [f.id for f in faces]
    dup = [i for i, n in Counter(ids).items() if n > 1]
    _check(not dup, f"ids used twice: {dup}")
    # The bag must fill every ladder of an era (returned tokens go back in it).
    for era in ERAS:
        slots = sum(t.slots for t in territories.values() if era == "modern" or t.era == era)
        _check(sum(1 for t in tokens.values() if t.era == era) >= slots - (5 if era == "modern"
               else 0), f"enough {era} discoveries")
    supply = {k: v for k, v in board["supply"].items() if k != "provenance"}
    _check(supply["pawns"] * 5 == 125 and supply["riders"] * 5 == 40 and supply["gold"] == 60,
           "125 pawns, 40 riders, 60 coins for 5 colours")
    costs = {k: v for k, v in board["costs"].items() if k != "provenance"}
    _check(costs == {"migration": 2, "migration_pawns": 4, "wonder": 7, "wonder_points": 3,
                     "gold_per_point": 2}, "the text's costs")
    return Components(
        heroes=heroes,
        tokens=tokens,
        territories=territories,
        wonders=wonders,
        die=tuple(faces),
        era_value={e: eras[e]["value"] for e in ERAS},
        to_end={e: eras[e]["complete_to_end"] for e in ERAS},
        supply=supply,
        costs=costs,
    )


def _connected(ids: list[str], territories: dict[str, Territory]) -> bool:
    seen, todo = {ids[0]}, [ids[0]]
    while todo:
        for other in territories[todo.pop()].adjacent:
            if other in ids and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == set(ids)


def hero(hid: str) -> Hero:
    return load().heroes[hid]


def token(tid: str) -> Token:
    return load().tokens[tid]


def territory(tid: str) -> Territory:
    return load().territories[tid]


def wonder(wid: str) -> Wonder:
    return load().wonders[wid]


def hero_data(hid: str) -> dict[str, Any]:
    """A hero's card as plain data for the views (names are `heros.tok.<id>`)."""
    h = hero(hid)
    return {"id": h.id, "era": h.era, "dates": h.dates, "population": h.population,
            "discoveries": h.discoveries, "conquest": h.conquest, "treasure": h.treasure,
            "colour": h.colour, "territories": list(h.territories)}
