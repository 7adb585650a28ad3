"""The age structure: laying it out, which cards are accessible, revealing (7wd.md §1.6).

In the state, `structure` is a list of slots `{"row", "col", "card", "up"}`: `card` is None once
taken; `up` is whether the face is visible. A card at (r, c) is covered by the cards still at
(r+1, c-1) and (r+1, c+1); face-down cards are turned up when they become accessible.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Msg, State

from .cards import load
from .expansion import enabled
from .log import logged


def lay(state: State, age: int) -> None:
    """Deal the age's shuffled deck onto its structure, in slot order."""
    deck = state["decks"][str(age)]
    slots = load().structures[age]
    for ext in enabled(state):  # e.g. Agora's larger structures (7wd.md §2.8)
        if (own := ext.structure(state, age)) is not None:
            slots = own
            break
    if len(deck) != len(slots):
        raise AssertionError(f"age {age}: {len(deck)} cards for {len(slots)} slots")
    state["structure"] = [
        {"row": s.row, "col": s.col, "card": deck[i], "up": s.face_up} for i, s in enumerate(slots)
    ]
    state["decks"][str(age)] = []


def covered(structure: list[dict[str, Any]], i: int) -> bool:
    slot = structure[i]
    return any(
        other["card"] is not None
        and other["row"] == slot["row"] + 1
        and abs(other["col"] - slot["col"]) == 1
        for other in structure
    )


def accessible(structure: list[dict[str, Any]], i: int) -> bool:
    return structure[i]["card"] is not None and not covered(structure, i)


def accessible_cards(state: State) -> dict[str, int]:
    """Accessible card id -> slot index (accessible cards are always face up)."""
    s = state["structure"]
    cards = [slot["card"] for slot in s]
    found = {}
    i = 0
    for below in _layout(s)[0]:  # a loop, not a comprehension: every turn asks it
        card = cards[i]
        if card is not None:
            for j in below:
                if cards[j] is not None:
                    break
            else:
                found[card] = i
        i += 1  # noqa: SIM113 (a counter, not enumerate's tuples: every turn asks it)
    return found


Covers = tuple[tuple[int, ...], ...]


def _layout(structure: list[dict[str, Any]]) -> tuple[Covers, Covers]:
    """For each slot, the slots that may cover it (on the next row, a column either side), and
    the slots it may cover (on the row above), in slot order; kept by the structure list."""
    kept = _layouts.get(id(structure))
    if kept is None or kept[0] is not structure:
        if len(_layouts) >= LAYOUTS_KEPT:
            _layouts.clear()
        at = {slot["row"] * ROW + slot["col"]: i for i, slot in enumerate(structure)}
        covers: list[tuple[int, ...]] = []
        above: list[list[int]] = [[] for _ in structure]
        for j, slot in enumerate(structure):
            below = (slot["row"] + 1) * ROW + slot["col"]
            covers.append(tuple(at[p] for p in (below - 1, below + 1) if p in at))
            for i in covers[-1]:
                above[i].append(j)
        kept = _layouts[id(structure)] = (structure, tuple(covers), tuple(map(tuple, above)))
    return kept[1], kept[2]


# Each structure's `_layout`, kept by the structure list (held, so its id is not reused) for
# the turns of its age: a slot's row and column never change once it is laid (only its card
# and face do), and a structure list is replaced, never extended, by `lay`.
_layouts: dict[int, tuple[list[dict[str, Any]], Covers, Covers]] = {}
LAYOUTS_KEPT = 256


# A slot's position as one number, row * ROW + col (no tuple to build: asked at every step);
# the columns of every layout lie within 1..ROW - 2, so col ± 1 never reaches another row.
ROW = 64


def empty(state: State) -> bool:
    for slot in state["structure"]:  # noqa: SIM110 (a loop, not a generator: every action)
        if slot["card"] is not None:
            return False
    return True


def take(state: State, i: int) -> tuple[str, list[Event]]:
    """Remove the card of slot i; turn up the cards it uncovered (public events)."""
    s = state["structure"]
    taken = s[i]
    card = taken["card"]
    taken["card"] = None
    # Only the cards this one covered may be uncovered now: a row up, a column either side
    # (every face-down card of a layout starts covered, and only `take` removes a card). They
    # are turned up in slot order, as a pass over every slot would.
    covers, above = _layout(s)
    events = []
    for j in above[i]:
        slot = s[j]
        if not slot["up"] and slot["card"] is not None:
            for k in covers[j]:
                if s[k]["card"] is not None:
                    break
            else:
                slot["up"] = True
                if logged():
                    events.append(
                        Event(Msg("duel.log.reveal", {"card": Msg(f"duel.tok.{slot['card']}")})))
    return card, events
