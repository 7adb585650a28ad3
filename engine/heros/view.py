"""What each seat may see. Hidden: the heroes in hands (each seat sees its own) and the order of
the hero deck; everything else is public (the drawn discoveries are shown to all when drawn, the
bag's content follows from the tokens on the board).

Keys: game, players, viewer, era, era_value, to_end (complete ladders that end the era),
completed, step (the turn's step), phase (the step, or the pending question: reroll, defend,
flee, ajanta), active, prompt (seats asked), turns; territories [{id, era, slots, in_play,
adjacent, ladder [{id, value, era}], complete, scored, population [per seat]}], edges [[a, b]];
bag, deck (counts), row [hero], bank; wonders [{id, era, owner, used, power, when, n}]; seats
[{gold, points, supply, on_board, hand (a count), played [hero ids], discovered,
heroes_with_discovery, wonders [ids]}]; turn {hero, pop_left, drawn, used} | None; conquest
{territory, attacker, defender, value, face, cancelled} | None; migration; pending [{kind,
seat}]; last_die {face, territory, attacker, defender, value} | None; last {seat, action}
| None (the latest action, a public canonical text); outcome; and `hand`
[hero] for a seat's own view only. A hero is {id, era, dates, population, discoveries,
conquest, treasure, colour, territories}; names are the catalogue keys `heros.tok.<id>`."""

from __future__ import annotations

from typing import Any

from engine.core import Game, State

from .components import hero, hero_data, load, token, wonder


def build_view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    c = load()
    era = state["era"]
    in_play = set(c.in_play(era))
    n = state["players"]
    edges = sorted({tuple(sorted((t.id, o))) for t in c.territories.values() for o in t.adjacent})
    turn = state["turn"]
    cq = state["conquest"]
    out: dict[str, Any] = {
        "game": game.key,
        "players": n,
        "viewer": seat,
        "era": era,
        "era_value": c.era_value[era],
        "to_end": c.to_end[era],
        "completed": sum(1 for t in in_play if len(state["ladders"][t]) >= c.territories[t].slots),
        "step": state["step"],
        "phase": state["pending"][0]["kind"] if state["pending"] else state["step"],
        "active": state["active"] if state["outcome"] is None else None,
        "prompt": sorted(game.prompt(state)),
        "turns": state["turns"],
        "territories": [
            {
                "id": t.id,
                "era": t.era,
                "slots": t.slots,
                "in_play": t.id in in_play,
                "adjacent": list(t.adjacent),
                "ladder": [{"id": k, "value": token(k).value, "era": token(k).era}
                           for k in state["ladders"][t.id]],
                "complete": len(state["ladders"][t.id]) >= t.slots,
                "scored": t.id in state["scored"],
                "population": list(state["pop"][t.id]),
            }
            for t in c.territories.values()
        ],
        "edges": [list(e) for e in edges],
        "bag": len(state["bag"]),
        "deck": len(state["deck"]),
        "row": [hero_data(h) for h in state["row"]],
        "bank": state["bank"],
        "wonders": [
            {"id": w["id"], "era": wonder(w["id"]).era, "owner": w["owner"], "used": w["used"],
             "power": wonder(w["id"]).kind, "when": wonder(w["id"]).when, "n": wonder(w["id"]).n}
            for w in state["wonders"]
        ],
        "seats": [
            {
                "gold": state["gold"][s],
                "points": state["points"][s],
                "supply": state["supply"][s],
                "on_board": sum(state["pop"][t][s] for t in state["pop"]),
                "hand": len(state["hands"][s]),
                "played": list(state["played"][s]),
                "discovered": state["discovered"][s],
                "heroes_with_discovery": sum(1 for h in state["played"][s]
                                             if hero(h).discoveries > 0),
                "wonders": [w["id"] for w in state["wonders"] if w["owner"] == s],
            }
            for s in range(n)
        ],
        "turn": None if turn is None else {
            "hero": hero_data(turn["hero"]) if turn["hero"] else None,
            "pop_left": turn["pop_left"],
            "drawn": list(turn["drawn"]),
            "used": list(turn["used"]),
        },
        "conquest": None if cq is None else {k: cq[k] for k in
                                             ("territory", "attacker", "defender", "value",
                                              "face", "cancelled")},
        "migration": dict(state["migration"]) if state["migration"] else None,
        "pending": [{"kind": p["kind"], "seat": p["seat"]} for p in state["pending"]],
        "last_die": dict(state["last_die"]) if state["last_die"] else None,
        "last": dict(state["last"]) if state.get("last") else None,
        "outcome": state["outcome"],
    }
    if seat is not None and 0 <= seat < n:
        out["hand"] = [hero_data(h) for h in sorted(state["hands"][seat])]
    return out
