"""Seven Hills' components, read from data/sevenhills/components.json and checked once, loudly.

This is a reconstructed edition: the rulebook (the French translation, V1.0) lost
its tables and card pictures, so some values are reconstructed (each marked in the data file and
listed in data/sevenhills/README.md). `load()` checks every fact the text states (§II counts,
the 3-player round limit of the §V.1 example, the pre-placement counts, the points) and refuses a
data file that contradicts one.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import data

CLASSES = ("noble", "knight", "centurion", "plebeian")  # the marker classes (§II.4)
CARD_CLASSES = (*CLASSES, "slave")  # the card classes (§II.2)
FORUM = "forum"
POWERS = ("purge", "draw", "dismiss", "steal2", "steal1", "settle")
LEGIONS = ("all", "half", "none", "wait")


@dataclass(frozen=True)
class Card:
    id: str
    colour: str
    cls: str  # noble | knight | centurion | plebeian | slave
    power: str | None
    legion: str


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]
    cards: tuple[Card, ...]
    markers: dict[str, int]  # class -> markers per player
    people: dict[str, int]  # class -> people counted for majorities
    hills: tuple[str, ...]  # placement hills, in board order
    opens: dict[str, int]  # hill -> the era it opens in
    eras: int
    round_limit: dict[int, int]  # players -> limit
    preplacement: dict[int, tuple[int, ...]]  # players -> plebeians by turn-order position
    new_points: tuple[int, int]
    old_points: tuple[int, int]
    consul_points: int
    knight_pair: int
    knight_bonus: int
    empty_hand: int
    deal: int
    hand_limit: int
    refill: int
    temple_start: int
    consuls: dict[int, int]
    legions_per_consul: int
    power_n: dict[str, int]

    def card(self, cid: str) -> Card:
        return _by_id()[cid]

    def is_card(self, cid: str) -> bool:
        return cid in _by_id()

    def order(self, cid: str) -> int:
        return order_index()[cid]

    def open_hills(self, era: int) -> tuple[str, ...]:
        return tuple(h for h in self.hills if self.opens[h] <= era)

    def new_hills(self, era: int) -> tuple[str, ...]:
        return tuple(h for h in self.hills if self.opens[h] == era)


@cache
def raw() -> dict[str, Any]:
    return json.loads(data.path("sevenhills", "components.json").read_text(encoding="utf-8"))


@cache
def load() -> Components:
    src = raw()
    classes = {c["id"]: c for c in src["classes"]}
    pts = src["points"]
    comp = Components(
        colours=tuple(src["colours"]["value"]),
        cards=tuple(
            Card(c["id"], c["colour"], c["class"], c["power"], c["legion"]) for c in src["cards"]
        ),
        markers={k: classes[k]["markers"] for k in CLASSES},
        people={k: classes[k]["people"] for k in CLASSES},
        hills=tuple(h["id"] for h in src["hills"]),
        opens={h["id"]: h["opens"] for h in src["hills"]},
        eras=src["eras"]["value"],
        round_limit={int(k): v["value"] for k, v in src["round_limit"].items()},
        preplacement={int(k): tuple(v["value"]) for k, v in src["preplacement"].items()},
        new_points=tuple(pts["new"]),  # type: ignore[arg-type]
        old_points=tuple(pts["old"]),  # type: ignore[arg-type]
        consul_points=pts["consul"],
        knight_pair=pts["knight_pair"],
        knight_bonus=pts["knight_bonus"],
        empty_hand=pts["empty_hand"],
        deal=src["hand"]["deal"],
        hand_limit=src["hand"]["limit"],
        refill=src["hand"]["refill"],
        temple_start=src["temple"]["start"],
        consuls={3: src["consuls"]["3"], 4: src["consuls"]["4"]},
        legions_per_consul=src["consuls"]["legions"],
        power_n={k: v["n"] for k, v in src["powers"].items()},
    )
    check(comp, src)
    return comp


def check(c: Components, src: dict[str, Any]) -> None:
    """Fail loudly on a data file that contradicts a fact of the rulebook."""

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"seven-hills data: {what}")

    # §II.2: 84 client cards, 12 x 7 colours: 1 noble, 2 knights, 2 centurions, 5 plebeians, 2 slaves
    need(len(c.colours) == 7, "7 background colours (§II.2)")
    need(len(c.cards) == 84, "84 client cards (§II.2)")
    need(len({k.id for k in c.cards}) == 84, "card ids unique")
    per = {"noble": 1, "knight": 2, "centurion": 2, "plebeian": 5, "slave": 2}
    for colour in c.colours:
        mine = [k for k in c.cards if k.colour == colour]
        need(len(mine) == 12, f"12 cards of {colour} (§II.2)")
        need(Counter(k.cls for k in mine) == Counter(per), f"{colour}: class counts (§II.2)")
    need({k.colour for k in c.cards} == set(c.colours), "every card has a listed colour")
    # §II.4: 30 markers per colour: 3 nobles, 5 knights, 5 centurions, 17 plebeians
    need(c.markers == {"noble": 3, "knight": 5, "centurion": 5, "plebeian": 17}, "markers (§II.4)")
    need(c.people["noble"] == 2 and all(c.people[k] == 1 for k in CLASSES[1:]),
         "a noble counts as 2 people (§VII)")
    # §VII: the six additional actions; knights draw 2 and plebeians steal 2 (§V.1 example)
    need(all(k.power in (None, *POWERS) for k in c.cards), "known powers only (§VII)")
    need(set(POWERS) <= {k.power for k in c.cards}, "every power of §VII on some card")
    need(any(k.cls == "knight" and k.power == "draw" for k in c.cards), "knights draw 2 (§V.1)")
    need(any(k.cls == "plebeian" and k.power == "steal2" for k in c.cards),
         "plebeians steal 2 (§V.1)")
    need(all(k.power is None for k in c.cards if k.cls == "slave"), "slaves: revolt only")
    need(c.power_n == {"draw": 2, "steal1": 1, "steal2": 2, "purge": 1, "settle": 1,
                       "dismiss": 1}, "power sizes (§VII)")
    need(all(k.legion in LEGIONS for k in c.cards), "legion icons all/half/none/wait (§V.2)")
    need(set(LEGIONS) == {k.legion for k in c.cards}, "every legion icon used")
    # §III-§VI: 5 eras, 7/4 on new hills and 5/2 on older ones, consul 2, knights 1 per pair and
    # a 2-point bonus for all 5, the empty hand costs 10
    need(c.eras == 5, "5 eras (§VI)")
    need(c.new_points == (7, 4) and c.old_points == (5, 2), "placement points (§V.3)")
    need((c.consul_points, c.knight_pair, c.knight_bonus, c.empty_hand) == (2, 1, 2, -10),
         "consul, knights, empty hand (§V)")
    need((c.deal, c.hand_limit, c.refill, c.temple_start) == (4, 7, 2, 2), "hand and temple (§IV-V)")
    need(c.consuls == {3: 1, 4: 2} and c.legions_per_consul == 2, "consuls (§V.2)")
    need(c.round_limit[3] == 13, "3-player round limit 13 (§V.1 example)")
    need(set(c.round_limit) == {3, 4} and c.round_limit[4] > 0, "a limit for 3 and 4 players")
    need(c.preplacement == {3: (0, 1, 1), 4: (0, 1, 1, 2)}, "pre-placement counts (§IV.6)")
    # the hills: new ones every era, all open by the last
    need(len(c.hills) == len(set(c.hills)) and FORUM not in c.hills, "hill ids")
    need(all(1 <= c.opens[h] <= c.eras for h in c.hills), "hills open in eras 1-5")
    need(all(c.new_hills(e) for e in range(1, c.eras + 1)), "new hills every era (§III.2)")
    for entry in src["cards"]:
        need(set(entry["provenance"]) == {"colour", "class", "power", "legion"},
             f"{entry['id']}: provenance per field")
    for entry in src["hills"]:
        need(bool(entry.get("provenance")), f"{entry['id']}: provenance")


@cache
def _by_id() -> dict[str, Card]:
    return {k.id: k for k in load().cards}


def by_id() -> dict[str, Card]:
    """Each card by its id (what `Components.card` reads, for a loop over many cards)."""
    return _by_id()


@cache  # read by every sort of a hand: no call in between
def order_index() -> dict[str, int]:
    """Each card's place in the canonical order (hands and texts are sorted by it)."""
    return {k.id: i for i, k in enumerate(load().cards)}
