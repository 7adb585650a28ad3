"""What a seat sees of Leaders (engine/duel/VIEW.md ## Leaders): the draft, each player's
leaders (all public: 004 « face visible »), whether each has made its hidden choice of the
recruitment phase (not which), and for the seat itself its own choices and what it alone was
shown (Maecenas, Croesus, Ramses)."""

from __future__ import annotations

from typing import Any

from engine.core import State

from .rules import HIDDEN, PHASES, ask

DRAWS = ("maecenas", "croesus", "ramses")  # what they draw is shown to them only


def extend_view(view: dict[str, Any], state: State, seat: int | None) -> None:
    lead = state["leaders"]
    asked = ask(state) if state["phase"] in PHASES and state["outcome"] is None else {}
    draft = lead["draft"]
    view["leaders"] = {
        "panel": lead["panel"],
        "draft": None if draft is None else {
            "round": draft["round"], "offer": list(draft["offer"]), "picker": draft["order"][0]},
        "players": [
            {
                "hand": list(lead["hands"][s]),
                "recruited": list(lead["recruited"][s]),
                "buried": list(lead["buried"][s]),
                "dismissed": list(lead["dismissed"][s]),
                "used": list(lead["used"][s]),
                "tucked": dict(lead["tucked"][s]),
                "chosen": state["phase"] in HIDDEN and (
                    lead["picks"][s] is not None if state["phase"] == "recruit"
                    else lead["calls"][s] is not None),
            }
            for s in (0, 1)
        ],
        "revealed": list(lead["revealed"]) if lead["revealed"] else None,
        "asked": sorted(asked),
        "out": len(lead["pool"]),
    }
    if state["phase"] == "leaders":
        view["draft"] = None  # the wonders are not revealed before the leader draft is over
    if state["phase"] in HIDDEN:
        view["active"] = None
        view["prompt"] = None
    if seat is not None:
        mine: dict[str, Any] = {
            "pick": lead["picks"][seat],
            "call": lead["calls"][seat],
            "draw": list(state["pending"][0].get("draw", ()))
            if state["pending"] and state["active"] == seat and state["phase"] in DRAWS else [],
        }
        if seat in asked:
            mine["prompt"] = asked[seat].to_json()
        view.setdefault("private", {})["leaders"] = mine

