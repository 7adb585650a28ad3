"""What a seat may know of a Seven Hills state (None: the public view).

Public: the board (every sector's markers by seat and class, open or not this era, new this era),
the Forum, both camps, the temple token, the round track, prestige, turn order, hand sizes, the
deck's size, the discard pile's top card (cards are discarded face up), the revealed legion
cards, a placement's markers still to deploy and pending additional actions (the played cards
are public), a revolt's targets and protections. Private: the seat's own hand (`hand`). The deck
order and the other hands never appear.
"""

from __future__ import annotations

from typing import Any

from engine.core import State

from . import board as B
from .components import CLASSES, FORUM, load


def view(game: Any, state: State, seat: int | None) -> dict[str, Any]:
    c = load()
    era = state["era"]
    n = state["players"]
    phase = state["phase"]
    over = phase == "over"
    sectors = []
    for s in B.sectors_all():
        is_forum = s == FORUM
        sectors.append({
            "id": s,
            "forum": is_forum,
            "opens": None if is_forum else c.opens[s],
            "open": is_forum or c.opens[s] <= era,
            "new": (not is_forum) and c.opens[s] == era,
            "markers": [dict(state["sectors"][s][v]) for v in range(n)],
        })
    revolt = state["revolt"]
    out: dict[str, Any] = {
        "game": game.key,
        "players": n,
        "viewer": seat,
        "phase": phase,
        "prompt": sorted(game.prompt(state)),
        "active": None if over or phase in ("preplace", "levy", "return", "protect")
        else B.active(state),
        "era": era,
        "eras": c.eras,
        "order": list(state["order"]),
        "counter": state["counter"],
        "limit": state["limit"],
        "ending": state["ending"],
        "temple": state["temple"],
        "deck": len(state["deck"]),
        "discard_top": state["discard"][-1] if state["discard"] else None,
        "discard_size": len(state["discard"]),
        "sectors": sectors,
        "legion": list(state["legion"]),
        "waiting": list(state["waiting"]),
        "seats": [
            {
                "prestige": state["prestige"][v],
                "hand": len(state["hands"][v]),
                "supply": dict(state["supply"][v]),
                "forum": B.forum_markers(state, v),
                "knights": B.on_board(state, v, "knight"),
                "penalties": state["penalties"][v],
            }
            for v in range(n)
        ],
        "preplace": list(state["preplace"]),
        "deploy": list(state["deploy"]),
        "powers": list(state["powers"]),
        "revolt": None if revolt is None else {
            "by": revolt["by"],
            "left": revolt["left"],
            "targets": [list(t) for t in revolt["targets"]],
            "protected": {k: {s: dict(v) for s, v in p.items()}
                          for k, p in revolt["protected"].items()},
            "defenders": list(revolt["defenders"]),
        },
        "consuls": list(state["consuls"]),
        "consul": None if state["consul"] is None else {
            "levy": list(state["consul"]["levy"]),
            "returns": list(state["consul"]["returns"]),
            "placing": state["consul"]["placing"],
        },
        "revealed": [dict(r) for r in state["revealed"][-n:]],
        "last_scores": state["last_scores"],
        "classes": list(CLASSES),
        "outcome": state["outcome"],
    }
    if seat is not None:
        out["hand"] = B.sort_cards(state["hands"][seat])
    return out
