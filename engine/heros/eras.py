"""The two eras and the end (§Pour débuter une partie, §Tu prépares l'époque Moderne, §Fin de la
partie): dealing an era, the switch to the modern era, the final result."""

from __future__ import annotations

from engine import rng
from engine.core import Event, Msg, Outcome, State

from . import board as B
from .components import token
from .step import seat_msg


def start_era(state: State, era: str, first: int) -> None:
    """Deal an era: its discoveries in the bag, its wonders, its hero deck, 2 heroes each, 3 face
    up; then 7 population each, one at a time in turn from `first`, on this era's territories."""
    c = B.comp()
    n = state["players"]
    state["era"] = era
    state["bag"] = sorted(c.token_ids(era))
    deck = sorted(c.hero_ids(era))
    rng.shuffle(state, deck)
    state["hands"] = [[] for _ in range(n)]
    for _ in range(c.supply["hand"]):
        for s in range(n):
            state["hands"][s].append(deck.pop())
    state["row"] = [deck.pop() for _ in range(c.supply["row"])]
    state["deck"] = deck  # the top card is the end of the list
    state["wonders"] = [w for w in state["wonders"] if w["owner"] is not None]
    for w in state["wonders"]:
        w["used"] = False  # « retournées sur leur côté face »
    state["wonders"] += [{"id": w, "owner": None, "used": False}
                         for w in c.wonder_ids(era, n)]
    state["scored"] = []
    order = []
    for _ in range(c.supply["start_population"]):
        order += [(first + i) % n for i in range(n)]
    state["setup_order"] = order
    state.update(step="setup", first=first, turn=None, migration=None, conquest=None)
    skip_empty_setup(state)
    state["active"] = order[0] if state["setup_order"] else first


def skip_empty_setup(state: State) -> None:
    while state["setup_order"] and state["supply"][state["setup_order"][0]] <= 0:
        state["setup_order"].pop(0)


def switch_to_modern(state: State) -> list[Event]:
    """§Tu prépares l'époque Moderne, in the text's order."""
    c = B.comp()
    for t in c.territory_ids(B.ANCIENT):
        ladder = state["ladders"][t]
        if ladder:  # keep the most valuable beige discovery, complete or not
            best = max(ladder, key=lambda k: (token(k).value, k))
            state["ladders"][t] = [best]
    events = [Event(Msg("heros.log.era_end", {"points": _points_list(state)}))]
    first = state["active"]  # « En commençant par le joueur dont c'est le tour »
    start_era(state, B.MODERN, first)
    events.append(Event(Msg("heros.log.modern", {"seat": seat_msg(first)})))
    return events


def _points_list(state: State) -> tuple[Msg, ...]:
    return tuple(Msg("heros.log.seat_points", {"seat": seat_msg(s), "n": p})
                 for s, p in enumerate(state["points"]))


def end_game(state: State, reason: str) -> list[Event]:
    """« Le joueur qui possède à cet instant le plus grand nombre de points de Civilisation
    remporte la victoire »; ties by the scoring tie-breaks, else shared (README)."""
    n = state["players"]
    if state["turn"] and state["turn"]["drawn"]:  # never placed: back in the bag
        state["bag"] = sorted(state["bag"] + state["turn"]["drawn"])
        state["turn"]["drawn"] = []
    hwd = B.heroes_with_discovery(state)
    key = [(state["points"][s], state["discovered"][s], hwd[s]) for s in range(n)]
    best = max(key)
    winners = [s for s in range(n) if key[s] == best]
    rkey = f"heros.outcome.{reason}" + ("_shared" if len(winners) > 1 else "")
    reason_msg = Msg(rkey, {"seat": seat_msg(winners[0]),
                            "seats": tuple(seat_msg(s) for s in winners)})
    details = tuple(Msg("heros.outcome.detail", {"seat": seat_msg(s), "n": state["points"][s],
                                                 "discovered": state["discovered"][s]})
                    for s in range(n))
    out = Outcome(tuple(winners), tuple(state["points"]), reason_msg, details)
    state["outcome"] = out.to_json()
    state["step"] = "over"
    state["pending"] = []
    return []  # the reason and the scores are the outcome's: the end post says them once
