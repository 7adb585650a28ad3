"""Why a move is good, in one line, for the hint (engine/ai/hint.py).

The terms are those of the evaluation (engine/heros/ai.py `projected`): points, gold, the heroes
in hand, and on each territory still to score the seat's population and whether it leads there
(the prize goes by rank). The reason is a rival's majority undone, else the term that grew most:
a majority taken or strengthened on a territory, points, gold, a hero.
"""

from __future__ import annotations

from engine.ai.hint import gain_of
from engine.core import Msg, State

from . import ai, scoring
from .components import hero, load
from .step import in_


def terms(state: State, seat: int) -> dict[str, float]:
    c = load()
    out = {"points": float(state["points"][seat]),
           "gold": state["gold"][seat] / c.costs["gold_per_point"],
           "hand": sum(ai.HAND_SHARE * ai.hero_worth(h) for h in state["hands"][seat])}
    for t in c.in_play(state["era"]):
        if t not in state["scored"]:
            lead = 2.0 if _leader(state, t) == seat else 0.0
            out[f"t.{t}"] = lead + ai.WORTH["population"] * state["pop"][t][seat]
    return out


def _leader(state: State, t: str) -> int | None:
    n = state["players"]
    hwd = [sum(1 for h in state["played"][s] if hero(h).discoveries > 0) for s in range(n)]
    order = scoring.ranking(state["pop"][t], state["discovered"], hwd, state["active"])
    return order[0] if order else None


def reason(before: State, after: State, seat: int, action: str = "") -> Msg | None:
    gains = gain_of(terms(before, seat), terms(after, seat))
    # A rival's lead undone (a conquest) counts as much as a lead of one's own.
    for t in load().in_play(before["era"]):
        was = _leader(before, t)
        if t in after["scored"] or t in before["scored"] or was in (None, seat):
            continue
        if _leader(after, t) not in (was, seat):
            return Msg("heros.hint.blocks", {"seat": Msg.seat(was), "where": in_(t)})
    if not gains:
        return None
    term = gains[0][1]
    if term == "points":
        return Msg("heros.hint.points", {"n": after["points"][seat] - before["points"][seat]})
    if term == "gold":
        return Msg("heros.hint.gold", {"n": after["gold"][seat] - before["gold"][seat]})
    if term == "hand":
        new = [h for h in after["hands"][seat] if h not in before["hands"][seat]]
        if not new:
            return None
        # The deck's top is dealt by the determinization: name only a hero the row showed.
        if new[0] not in before["row"]:
            return Msg("heros.hint.deck")
        return Msg("heros.hint.hero", {"hero": Msg(f"heros.tok.{new[0]}")})
    t = term[2:]
    was, now = _leader(before, t), _leader(after, t)
    where = {"where": in_(t)}
    if now == seat and was not in (None, seat):
        return Msg("heros.hint.takes_from", {**where, "seat": Msg.seat(was)})
    if now == seat and was is None:
        return Msg("heros.hint.first", where)
    if now == seat:
        return Msg("heros.hint.strengthens", where)
    return Msg("heros.hint.presence", where)
