"""What a seat (or a spectator) may see: the dict specified in engine/duel/VIEW.md.

Hidden and never copied here: the removed cards, the undealt decks, face-down cards, the unseen
wonders, the progress tokens in the box, and (except for its chooser) the Great Library's draw.
"""

from __future__ import annotations

from typing import Any

from engine.core import State

from . import city, payment, scoring
from . import structure as st
from .cards import COLOURS, SCIENCE, get, load
from .expansion import enabled
from .moves import ask, wonders_built


def _slot(state: State, i: int) -> dict[str, Any]:
    s = state["structure"]
    slot = s[i]
    taken = slot["card"] is None
    open_ = st.accessible(s, i)
    out: dict[str, Any] = {
        "index": i,
        "row": slot["row"],
        "col": slot["col"],
        "age": state["age"],
        "face_up": slot["up"],
        # Guilds have their own back in the box: where they lie in Age III is public.
        "back": "guild" if not taken and get(slot["card"]).colour == "purple" else f"age{state['age']}",
        "taken": taken,
        "accessible": open_,
        "card": slot["card"] if slot["up"] and not taken else None,
        "price": None,
        "chain": None,
    }
    for ext in enabled(state):  # e.g. an Agora senator: its own back, its recruiting price
        if ext.slot(state, out, slot["card"]):
            return out
    if open_:
        comp = get(slot["card"])
        chains = [payment.chained(state, seat, comp) for seat in (0, 1)]
        out["chain"] = chains
        out["price"] = [
            0 if chains[seat] else payment.cheapest(state, seat, comp).coins for seat in (0, 1)
        ]
    return out


def _player(state: State, seat: int) -> dict[str, Any]:
    p = city.player(state, seat)
    by_colour = {c: city.cards(state, seat, (c,)) for c in COLOURS}
    boxed = state["boxed_wonder"]
    science = city.science(state, seat)
    return {
        "seat": seat,
        "coins": p["coins"],
        "city": by_colour,
        "wonders": [
            {
                "id": w["id"],
                "built": w["card"] is not None,
                "card": w["card"],
                "boxed": w["id"] == boxed,
            }
            for w in p["wonders"]
        ],
        "progress": list(p["tokens"]),
        "science": {s: science[s] for s in SCIENCE},
        "science_kinds": city.science_kinds(state, seat),
        "chains": sorted(city.chains(state, seat)),
        "production": city.production(state, seat),
        "choices": [list(c) for c in city.choices(state, seat)],
        "trade": city.trade_prices(state, seat),
        "points": scoring.points(state, seat),
    }


def build_view(state: State, seat: int | None) -> dict[str, Any]:
    comps = load()
    asked = ask(state)
    prompt = next(iter(asked.values())).to_json() if asked else None
    draft = state["draft"]
    outcome = state["outcome"]
    view: dict[str, Any] = {
        "game": "duel",
        "viewer": seat,
        "age": state["age"],
        "phase": state["phase"],
        "active": state["active"],
        "prompt": prompt,
        "play_again": state["play_again"],
        "structure": [_slot(state, i) for i in range(len(state["structure"]))],
        "removed": sum(len(v) for v in state["removed"].values()),
        "discard": list(state["discard"]),
        "progress_board": list(state["board_tokens"]),
        "military": {
            "pawn": state["pawn"],
            "tokens": [
                {**token, "taken": state["loot"][i]}
                for i, token in enumerate(comps.military["tokens"])
            ],
            "shields": [city.player(state, s)["shields"] for s in (0, 1)],
        },
        "players": [_player(state, s) for s in (0, 1)],
        "draft": None
        if draft is None
        else {"round": draft["round"], "offer": list(draft["offer"]), "picker": draft["order"][0]},
        "wonders_built": wonders_built(state),
        "boxed_wonder": state["boxed_wonder"],
        "last": dict(state["last"]) if state["last"] else None,
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome["winners"]),
            "reason": outcome["reason"],
            "scores": [p["total"] for p in outcome["points"]],
            "points": [dict(p) for p in outcome["points"]],
        },
    }
    if seat is not None:
        private: dict[str, Any] = {}
        if state["phase"] == "library" and state["active"] == seat:
            private["library"] = list(state["library"])
        view["private"] = private
    for ext in enabled(state):  # VIEW.md ## Leaders, ## Agora
        ext.extend_view(view, state, seat)
    return view
