"""Why a move is good, in one line, for the hint (engine/ai/hint.py).

The terms are those of the evaluation (engine/sevenhills/ai.py `projected`): prestige, each open
hill's majority as the board stands, the Forum (the consul), and the hand as markers to come.
The reason is a rival's majority broken (a revolt), else what the move itself does where no
term says it (issue 44: an exchange, a take from the deck, a consul's levy, a centurion removed,
a theft, the additional actions given up), else the term that grew most. Cards drawn from the
deck are dealt by the determinization: a reason never names them (only cards given away, or the
discard pile's top, which everyone sees).
"""

from __future__ import annotations

from engine.ai.hint import gain_of
from engine.core import Msg, State

from . import ai
from . import board as B
from . import scoring as S
from .components import load
from .step import card_msg


def the(place: str) -> Msg:
    """A hill or the Forum with its article, as every line names a place (« sur l'Aventin »)."""
    return Msg(f"seven-hills.the.{place}")


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


def reason(before: State, after: State, seat: int, action: str = "") -> Msg | None:
    for hill in load().open_hills(before["era"]):
        was = _leader(before, hill)
        if was not in (None, seat) and _leader(after, hill) != was \
                and _people(after, hill)[was] < _people(before, hill)[was]:
            return Msg("seven-hills.hint.blocks", {"seat": Msg.seat(was),
                                                   "hill": the(hill)})
    verb, *args = action.split() or [""]
    for rival in range(before["players"]):  # a levy comes after the election: said below
        if rival != seat and verb != "levy" \
                and B.forum_markers(after, rival) < B.forum_markers(before, rival):
            return Msg("seven-hills.hint.purge", {"seat": Msg.seat(rival)})
    said = _what_it_does(before, after, seat, verb, args)
    if said is not None:
        return said
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
    named = {"hill": the(hill)}
    if now == seat and was not in (None, seat):
        return Msg("seven-hills.hint.takes_from", {**named, "seat": Msg.seat(was)})
    if now == seat and was != seat:
        return Msg("seven-hills.hint.takes", named)
    if now == seat:
        return Msg("seven-hills.hint.strengthens", named)
    return Msg("seven-hills.hint.places", named)


def _what_it_does(before: State, after: State, seat: int, verb: str,
                  args: list[str]) -> Msg | None:
    """The reason of a move whose gain no evaluation term shows (or shows from the cards the
    determinization dealt, which a reason must not read)."""
    hand = before["hands"][seat]
    if verb == "exchange":  # « Echange »: the cards given away are the seat's own
        return Msg("seven-hills.hint.exchange", {
            "n": len(args), "cards": tuple(card_msg(k) for k in args)})
    if verb == "draw":  # the act or a knight's additional action
        return Msg("seven-hills.hint.draw", {"n": len(after["hands"][seat]) - len(hand)})
    if verb == "take" and args == ["deck"] and before["discard"]:
        return Msg("seven-hills.hint.take_deck", {"card": card_msg(before["discard"][-1])})
    if verb == "steal":
        victim = int(args[1][1:])
        n = len(before["hands"][victim]) - len(after["hands"][victim])
        return Msg("seven-hills.hint.steal", {"n": n, "seat": Msg.seat(victim)})
    if verb in ("dismiss", "levy") and int(args[0][1:]) != seat:
        owner, sector = int(args[0][1:]), args[1]
        return Msg(f"seven-hills.hint.{verb}", {"seat": Msg.seat(owner), "hill": the(sector)})
    if verb == "levy":  # one of the seat's own plebeians: the one it misses least
        return Msg("seven-hills.hint.levy_own", {"hill": the(args[1])})
    if verb == "done" and before["phase"] == "power":
        return Msg("seven-hills.hint.done")
    return None
