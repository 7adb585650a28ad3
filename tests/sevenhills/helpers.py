"""Shared helpers for the Seven Hills rule tests: a game at a chosen moment, built from a real
setup and then arranged (the state is plain JSON, so a test may lay out hands and markers)."""

from __future__ import annotations

from engine.core import Event, State, play
from engine.sevenhills import SevenHills
from engine.sevenhills import board as B
from engine.sevenhills.components import CLASSES, load

G = SevenHills()
C = load()
RULES = "Seven Hills, French rules (D. Duchon, V1.0)"


def act(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    return play(G, state, seat, text)


def started(players: int = 3, seed: int = 1) -> State:
    """A game past pre-placement (each plebeian put on the Palatine), at seat 0's take step."""
    state = G.setup(players, seed, {})
    while state["phase"] == "preplace":
        seat = state["preplace"][0]
        state, _ = act(state, seat, "preplace palatine")
    return state


def clear_board(state: State) -> State:
    """Every marker back to its owner's supply; camps empty."""
    for sector in B.sectors_all():
        for seat in range(state["players"]):
            for cls in CLASSES:
                while state["sectors"][sector][seat][cls]:
                    B.lift(state, sector, seat, cls)
    for seat in range(state["players"]):
        state["supply"][seat]["plebeian"] += state["legion"][seat] + state["waiting"][seat]
        state["legion"][seat] = state["waiting"][seat] = 0
    return state


def give(state: State, seat: int, cards: list[str]) -> State:
    """`seat` holds exactly `cards` (taken from wherever they were; the rest go to the deck)."""
    for hand in state["hands"]:
        for k in cards:
            if k in hand:
                hand.remove(k)
    for k in cards:
        if k in state["deck"]:
            state["deck"].remove(k)
        if k in state["discard"]:
            state["discard"].remove(k)
    state["deck"] = [*state["hands"][seat], *state["deck"]]  # returned to the bottom
    state["hands"][seat] = list(cards)
    return state


def place(state: State, seat: int, sector: str, cls: str, n: int = 1) -> State:
    for _ in range(n):
        B.put(state, sector, seat, cls)
    return state


def at_act(state: State) -> State:
    """Skip the take step of the active seat (as if it had taken nothing)."""
    assert state["phase"] == "take"
    state["phase"] = "act"
    return state


def cards_of(colour: str, cls: str) -> list[str]:
    return [k.id for k in C.cards if k.colour == colour and k.cls == cls]


def markers(state: State, sector: str, seat: int) -> dict[str, int]:
    return dict(state["sectors"][sector][seat])


def total_markers(state: State, seat: int) -> dict[str, int]:
    out = dict(state["supply"][seat])
    for sector in B.sectors_all():
        for cls in CLASSES:
            out[cls] += state["sectors"][sector][seat][cls]
    out["plebeian"] += state["legion"][seat] + state["waiting"][seat]
    return out
