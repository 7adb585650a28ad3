"""Agora: the Senate — cubes, decrees turned up, control, the shield decree, political supremacy.

RB-A = the rulebook of 7 Wonders Duel: Agora (Repos Production, French edition).
Chambers are numbered 1..6 in action texts
and log lines, 0..5 in the state. `update` is called after every change of cubes or decrees.
"""

from __future__ import annotations

from engine.core import Event, Msg, State
from engine.duel import game
from engine.duel.log import logged

from .data import load
from .decrees import controller, holder

SHIELD_DECREE = "decree-shield"


seat_msg = Msg.seat  # a seat shown by its player's name (one call: every log line has one)


def supply(state: State, seat: int) -> int:
    """« Vous disposez chacun en tout et pour tout de 12 cubes » (RB-A A): the cubes not in the
    Senate (removed cubes come back to their owner)."""
    left = load().cubes
    for ch in state["agora"]["senate"]:  # a loop, not a generator: every action may ask it
        left -= ch["cubes"][seat]
    return left


def on_board(state: State, seat: int) -> int:
    return sum(ch["cubes"][seat] for ch in state["agora"]["senate"])


def section_chambers(section: str) -> list[int]:
    return [i for i, ch in enumerate(load().chambers) if ch.section == section]


def move_pairs(state: State, seat: int) -> list[tuple[int, int]]:
    """Moves of one of `seat`'s cubes to an adjacent chamber (7wd.md §2.1: the line 1-6)."""
    out = []
    for i, ch in enumerate(state["agora"]["senate"]):
        if ch["cubes"][seat]:
            out += [(i, j) for j in (i - 1, i + 1) if 0 <= j < len(state["agora"]["senate"])]
    return out


def _reveal(state: State, i: int) -> list[Event]:
    """« Dès que vous placez un cube Influence dans une Chambre contenant un Décret face cachée,
    retournez ce jeton face visible » (RB-A A): any cube entering turns its decrees up."""
    events = []
    for d in state["agora"]["senate"][i]["decrees"]:
        if not d["up"]:
            d["up"] = True
            if logged():
                events.append(Event(
                    Msg("duel.agora.log.decree", {"chamber": i + 1, "decree": tok(d["id"])})))
    return events


def tok(cid: str) -> Msg:
    return Msg(f"duel.tok.{cid}")


def place(state: State, seat: int, i: int) -> list[Event]:
    state["agora"]["senate"][i]["cubes"][seat] += 1
    events = [Event(Msg("duel.agora.log.place", {"seat": seat_msg(seat), "chamber": i + 1}))] \
        if logged() else []
    return events + _reveal(state, i) + update(state)


def move(state: State, seat: int, i: int, j: int) -> list[Event]:
    cubes = state["agora"]["senate"]
    cubes[i]["cubes"][seat] -= 1
    cubes[j]["cubes"][seat] += 1
    events = [
        Event(Msg("duel.agora.log.move", {"seat": seat_msg(seat), "a": i + 1, "b": j + 1}))
    ] if logged() else []
    return events + _reveal(state, j) + update(state)


def remove(state: State, seat: int, i: int) -> list[Event]:
    """`seat` removes one of the opponent's cubes from chamber i (back to its owner)."""
    state["agora"]["senate"][i]["cubes"][1 - seat] -= 1
    events = [Event(Msg("duel.agora.log.remove", {"seat": seat_msg(seat), "chamber": i + 1}))]
    return events + update(state)


def shift(state: State, seat: int, i: int, j: int) -> list[Event]:
    """Insider Influence: the decree of chamber i goes under the one of chamber j (RB-A)."""
    senate = state["agora"]["senate"]
    decree = senate[i]["decrees"].pop(0)
    senate[j]["decrees"].append(decree)
    events = [Event(Msg("duel.agora.log.shift", {"seat": seat_msg(seat), "a": i + 1, "b": j + 1}))]
    if sum(senate[j]["cubes"]):
        events += _reveal(state, j)
    return events + update(state)


def update(state: State) -> list[Event]:
    """Control by strictly more cubes (RB-A D), the shield decree's pawn moves (RB-A Décrets),
    political supremacy (RB-A E). Military supremacy from the shield decree comes first."""
    ag = state["agora"]
    events: list[Event] = []
    for i in range(len(ag["senate"])):
        now = controller(state, i)
        was = ag["control"][i]
        if now != was:
            ag["control"][i] = now
            if now is None:
                events.append(Event(Msg("duel.agora.log.lost", {"seat": seat_msg(was), "chamber": i + 1})))
            else:
                events.append(Event(Msg("duel.agora.log.control", {"seat": seat_msg(now), "chamber": i + 1})))
    new = holder(state, SHIELD_DECREE)
    old = ag["shield"]
    if new != old:
        ag["shield"] = new
        if old is not None:
            # « vous perdez ce bouclier et déplacez le pion Conflit d'une case vers votre capitale »
            events.append(Event(Msg("duel.agora.log.shield_lost", {"seat": seat_msg(old)})))
            events += game.move_pawn(state, 1 - old, 1)
            state["players"][1 - old]["shields"] -= 1
            state["players"][old]["shields"] -= 1
            if state["outcome"] is not None:
                return events
        if new is not None:
            events += game.move_pawn(state, new, 1)
            if state["outcome"] is not None:
                return events
    for seat in (0, 1):
        if state["outcome"] is None and all(c == seat for c in ag["control"]):
            events += game.win(state, seat, "politics")
    return events


def points(state: State, seat: int) -> int:
    """« chaque Chambre que vous contrôlez vous rapporte des points de victoire » (RB-A D)."""
    return sum(
        ch.points for i, ch in enumerate(load().chambers) if controller(state, i) == seat
    )
