"""7 Wonders Duel's turn picture: what the latest action changed, from two public views (the card
taken, the wonders built, the tokens taken, each player's numbers, the pawn's move), which the
panels, the structure's schematic and the last move's strip show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.duel.extension import enabled
from render.duel.turn_frame import players, total_points


def changes(before: Mapping[str, Any] | None, view: Mapping[str, Any]) -> dict[str, Any]:
    """What the latest action changed between two public views: `seat` (who acted), `slot`
    (the structure index of the card taken) and `card`, `wonders` (ids just built),
    `tokens` (progress tokens just taken), `deltas` (per seat: coins, points, shields, and the
    expansions' numbers), `pawn` (its move). Empty when `before` is None or belongs to another
    age's structure."""
    if before is None:
        return {}
    out: dict[str, Any] = {"seat": (view.get("last") or {}).get("seat")}
    old = list(before.get("structure") or [])
    new = list(view.get("structure") or [])
    if len(old) == len(new) and before.get("age") == view.get("age"):
        for a, b in zip(old, new, strict=True):
            if not a.get("taken") and b.get("taken"):
                out["slot"] = int(b.get("index", new.index(b)))
                out["card"] = a.get("card")
    olds, news = players(before), players(view)
    # a supremacy ends the game whatever the points: their change (the military points no
    # longer counted, "31 −13" in red beside the winner) would read as a loss
    supremacy = str((view.get("outcome") or {}).get("reason") or "") in ("military", "science")
    wonders: list[str] = []
    tokens: list[str] = []
    deltas: list[dict[str, int]] = []
    for s in range(2):
        built = {w.get("id") for w in olds[s].get("wonders") or [] if w.get("built")}
        wonders += [str(w["id"]) for w in news[s].get("wonders") or []
                    if w.get("built") and w.get("id") not in built]
        tokens += [str(x) for x in news[s].get("progress") or []
                   if x not in (olds[s].get("progress") or [])]
        sh_old = list((before.get("military") or {}).get("shields") or [0, 0])
        sh_new = list((view.get("military") or {}).get("shields") or [0, 0])
        delta = {
            "coins": int(news[s].get("coins") or 0) - int(olds[s].get("coins") or 0),
            "points": 0 if supremacy else total_points(news[s]) - total_points(olds[s]),
            "shields": int(sh_new[s] if s < len(sh_new) else 0)
            - int(sh_old[s] if s < len(sh_old) else 0),
        }
        for ext in enabled(view):
            delta |= ext.deltas(before, view, s)
        deltas.append(delta)
    out["wonders"] = wonders
    out["tokens"] = tokens
    out["deltas"] = deltas
    out["pawn"] = int((view.get("military") or {}).get("pawn") or 0) - int(
        (before.get("military") or {}).get("pawn") or 0)
    return out
