"""Helpers for the Res Publica rule tests: build a state through setup, then edit it directly.

Rulebook: /work/shared/seeds/003_5696c65f3d882321.txt (cited as "003, <section>")."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import Event, Msg, State, play
from engine.respublica import ResPublica

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


def keys(ev: list[Event]) -> list[str]:
    return [e.msg.key for e in ev]


def msg_keys(msg: Msg) -> Iterator[str]:
    """Every catalogue key inside a Msg, its nested Msg params included."""
    yield msg.key
    for value in msg.params.values():
        yield from _param_keys(value)


def _param_keys(value: Any) -> Iterator[str]:
    if isinstance(value, Msg):
        yield from msg_keys(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _param_keys(v)
