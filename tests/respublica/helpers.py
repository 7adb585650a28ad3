"""Helpers for the Res Publica rule tests: build a state through setup, then edit it directly.

Rulebook: Res Publica (Reiner Knizia, Queen Games), French rulebook, cited as "003, <section>"."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event, State, play
from engine.respublica import ResPublica
from tests.support import keys, msg_keys  # noqa: F401 - re-exported to the tests

G = ResPublica()


def new(players: int = 3, classic: bool = False, seed: int = 1) -> State:
    return G.setup(players, seed, {"classic": classic})


def set_hand(state: State, seat: int, cards: Mapping[str, int]) -> None:
    """Replace a seat's hand (all kinds of the variant, zeros included)."""
    hand = state["hands"][seat]
    for k in hand:
        hand[k] = 0
    for k, n in cards.items():
        assert k in hand, k
        hand[k] = n


def act(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    return play(G, state, seat, text)


def run(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, text in moves:
        state, ev = act(state, seat, text)
        events += ev
    return state, events






