"""Why a move is good, in one line, for the hint (engine/ai/hint.py).

The terms are those of the evaluation (engine/sevenhills/ai.py `projected`): prestige, each open
hill's majority as the board stands, the Forum (the consul), and the hand as markers to come.
The reason is a rival's majority broken (a revolt), else the term that grew most.
"""

from __future__ import annotations

from engine.ai.hint import gain_of
from engine.core import Msg, State

from . import ai
from . import board as B
from . import scoring as S
from .components import load


def _people(state: State, hill: str) -> list[int]:
    return S.people_on(state["sectors"][hill], load().people)


def _leader(state: State, hill: str) -> int | None:
    people = _people(state, hill)
    top = max(people)
    return people.index(top) if top > 0 and people.count(top) == 1 else None


def terms(state: State, seat: int) -> dict[str, float]:
    c = load()
    out = {"prestige": float(state["prestige"][seat]),
           "forum": float(B.forum_markers(state, seat)),
           "hand": ai.hand_worth(state["hands"][seat])}
    if state["phase"] not in ("preplace", "levy", "return") and B.active(state) == seat:
        pending = state["deploy"][: max(0, state["limit"] - state["counter"])]
        out["deploy"] = sum(ai.MARKER.get(k, 1.5) for k in pending)
    for hill in c.open_hills(state["era"]):
        people = _people(state, hill)
        lead = 2.0 if _leader(state, hill) == seat else 0.0
        out[f"h.{hill}"] = lead + 0.5 * people[seat]
    return out


def reason(before: State, after: State, seat: int) -> Msg | None:
    for hill in load().open_hills(before["era"]):
        was = _leader(before, hill)
        if was not in (None, seat) and _leader(after, hill) != was \
                and _people(after, hill)[was] < _people(before, hill)[was]:
            return Msg("seven-hills.hint.blocks", {"seat": Msg.seat(was),
                                                   "hill": Msg(f"seven-hills.tok.{hill}")})
    for rival in range(before["players"]):
        if rival != seat and B.forum_markers(after, rival) < B.forum_markers(before, rival):
            return Msg("seven-hills.hint.purge", {"seat": Msg.seat(rival)})
    gains = gain_of(terms(before, seat), terms(after, seat))
    if not gains:
        # A discard loses a card: the one whose loss costs the hand least.
        if len(after["hands"][seat]) == len(before["hands"][seat]) - 1 \
                and len(after["discard"]) == len(before["discard"]) + 1:
            return Msg("seven-hills.hint.discard")
        return None
    term = gains[0][1]
    if term == "prestige":
        return Msg("seven-hills.hint.prestige",
                   {"n": after["prestige"][seat] - before["prestige"][seat]})
    if term == "forum":
        return Msg("seven-hills.hint.forum")
    if term == "deploy":
        return Msg("seven-hills.hint.deploy", {"n": len(after["deploy"])})
    if term == "hand":
        return Msg("seven-hills.hint.hand")
    hill = term[2:]
    was, now = _leader(before, hill), _leader(after, hill)
    named = {"hill": Msg(f"seven-hills.tok.{hill}")}
    if now == seat and was not in (None, seat):
        return Msg("seven-hills.hint.takes_from", {**named, "seat": Msg.seat(was)})
    if now == seat and was != seat:
        return Msg("seven-hills.hint.takes", named)
    if now == seat:
        return Msg("seven-hills.hint.strengthens", named)
    return Msg("seven-hills.hint.places", named)
