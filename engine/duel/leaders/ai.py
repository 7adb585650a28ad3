"""What a computer player knows of Leaders (engine/duel/ai.py asks through `Expansion.hide`
and `Expansion.worth`).

Hidden from a seat: the leaders not drafted (the pool, those Maecenas drew for the rival), the
wonders' first offer while the leader draft runs (VIEW.md: not revealed before it is over), the
rival's face-down choice and announcement in the recruitment phase (resampled among what the
rival may choose: its public hand, recruit if it can pay), and what Croesus or Ramses drew for
the rival (drawn again from the piles just dealt). A seat sees its own draws.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.deal import Deal
from engine.core import State
from engine.duel import city
from engine.duel.cards import get

ABILITY = 1.0  # a recruited leader's lasting power, beyond its points
IN_HAND = 0.5  # a leader still to recruit (ages before the last)


def hide(state: State, seat: int, deal: Deal) -> None:
    lead = state["leaders"]
    deal.unordered(lead["pool"], "leader")
    if state["phase"] == "leaders":
        deal.unordered(state["draft"]["offer"], "wonder")
    for other in (0, 1):
        if other != seat:
            _hide_choice(state, other, deal)
    for entry in state["pending"]:
        if "draw" in entry:
            _hide_draw(state, seat, entry, deal)


def _hide_choice(state: State, other: int, deal: Deal) -> None:
    lead = state["leaders"]
    if lead["revealed"] is None and lead["picks"][other] is not None:
        hand = list(lead["hands"][other])
        deal.then(lambda rng: lead["picks"].__setitem__(other, rng.choice(hand)))
    if lead["calls"][other] is not None:
        def call(rng: random.Random) -> None:
            pick = lead["picks"][other]
            can_pay = get(pick).coin_cost <= city.player(state, other)["coins"]
            lead["calls"][other] = rng.choice(["recruit", "dismiss"] if can_pay else ["dismiss"])
        deal.then(call)


def _hide_draw(state: State, seat: int, entry: dict[str, Any], deal: Deal) -> None:
    mine = entry["seat"] == seat
    draw = entry["draw"]
    if entry["phase"] == "maecenas":
        if not mine:
            deal.unordered(draw, "leader")
    elif entry["phase"] == "croesus":  # the cards removed from this age, all of them
        pile = state["removed"][str(state["age"])]
        if mine:
            deal.known(pile)
        else:
            deal.then(lambda rng: draw.__setitem__(slice(None), list(pile)))
    elif entry["phase"] == "ramses":  # guilds drawn from those removed
        pile = state["removed"]["guilds"]
        if mine:
            deal.known(pile, draw)
        else:
            n = len(draw)
            deal.then(lambda rng: draw.__setitem__(slice(None), rng.sample(pile, n)))


def worth(state: State, seat: int) -> float:
    lead = state["leaders"]
    total = ABILITY * sum(1 for lid in lead["recruited"][seat] if _has_power(lid))
    if state["age"] < 3:
        total += IN_HAND * len(lead["hands"][seat])
    return total


def _has_power(lid: str) -> bool:
    """Effects scored at the end (`points_...`) are in the points already."""
    return any(not next(iter(e)).startswith("points") for e in get(lid).effects)
