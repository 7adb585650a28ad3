"""Civilian victory points (7wd.md §1.7 End of game) and the guilds' counts (§1.2 Guilds)."""

from __future__ import annotations

from typing import Any

from engine.core import State

from . import city
from .cards import get, load
from .expansion import enabled

CATEGORIES = ("blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military")
COINS_PER_POINT = 3


def guild_count(state: State, counts: str) -> int:
    """The number a guild multiplies: taken in the city that has the most (7wd.md §1.2 Guilds)."""

    def of(seat: int) -> int:
        if counts == "wonders":
            return len(city.built_wonders(state, seat))
        if counts == "coins":
            return city.player(state, seat)["coins"] // COINS_PER_POINT
        return city.count(state, seat, *counts.split("+"))

    return max(of(0), of(1))


def military_points(pawn: int, seat: int) -> int:
    """Only the player the pawn advances for scores, by its distance (7wd.md §1.5)."""
    ahead = pawn if seat == 0 else -pawn
    if ahead <= 0:
        return 0
    for first, last, pts in load().military["points"]:
        if first <= ahead <= last:
            return int(pts)
    return 0


def points(state: State, seat: int) -> dict[str, int]:
    """The score breakdown if the game ended now."""
    out = dict.fromkeys(CATEGORIES, 0)
    for cid in city.cards(state, seat):
        card = get(cid)
        if card.colour == "purple":
            g = card.effect("guild")
            out["purple"] += g["points"] * guild_count(state, g["counts"])
        elif card.colour in ("blue", "green", "yellow"):
            out[card.colour] += card.points  # brown, grey and red cards print no points
    out["wonders"] = sum(get(w).points for w in city.built_wonders(state, seat))
    owned = city.player(state, seat)["tokens"]
    for tid in owned:
        token = get(tid)
        out["progress"] += token.points
        if token.effect("token") == "mathematics":
            out["progress"] += 3 * len(owned)  # « 3 VP per progress token you own (incl. itself) »
    out["coins"] = city.player(state, seat)["coins"] // COINS_PER_POINT
    out["military"] = military_points(state["pawn"], seat)
    extra: dict[str, int] = {}
    for ext in enabled(state):  # e.g. the leaders (Leaders), the Senate's chambers (Agora)
        extra.update(ext.points(state, seat))
    out.update(extra)
    out["total"] = sum(out[c] for c in CATEGORIES) + sum(extra.values())
    return out


def breakdown(state: State) -> list[dict[str, Any]]:
    return [points(state, 0), points(state, 1)]
