"""Helpers for the Duel rule tests: build a state through setup, then edit it directly.

Rules are cited as "7wd.md §x.y" (the component notes on 7 Wonders Duel (7wd.md in docs/SOURCES.md))."""

from __future__ import annotations

from engine.core import Event, State, play
from engine.duel import Duel
from engine.duel import structure as st
from tests.support import keys, msg_keys  # noqa: F401 - re-exported to the tests

G = Duel()

# The first-game wonders of 7wd.md §1.7.
FIRST_GAME = (
    ("the-pyramids", "the-great-lighthouse", "the-temple-of-artemis", "the-statue-of-zeus"),
    ("circus-maximus", "piraeus", "the-appian-way", "the-colossus"),
)


def new(seed: int = 1, options: dict | None = None) -> State:
    return G.setup(2, seed, options or {})


def ready(seed: int = 1, wonders: tuple[tuple[str, ...], ...] = FIRST_GAME,
          options: dict | None = None) -> State:
    """A game (with these options) past the draft, at the start of Age I, seat 0 to play."""
    state = new(seed, options)
    state["draft"] = None
    state["wonder_pool"] = []
    for seat in (0, 1):
        state["players"][seat]["wonders"] = [{"id": w, "card": None} for w in wonders[seat]]
    st.lay(state, 1)
    state.update(age=1, phase="play", active=0, turn=0)
    return state


def offer(state: State, *cards: str) -> None:
    """Make these cards the first accessible cards of the structure."""
    open_slots = [
        i for i, s in enumerate(state["structure"]) if st.accessible(state["structure"], i)
    ]
    assert len(cards) <= len(open_slots)
    for i, card in zip(open_slots, cards, strict=False):
        _swap(state, card, state["structure"][i]["card"])


def _swap(state: State, a: str, b: str) -> None:
    """Exchange two cards wherever they are (structure, decks, removed), keeping every card once."""
    if a == b:
        return
    for slot in state["structure"]:
        if slot["card"] in (a, b):
            slot["card"] = b if slot["card"] == a else a
    for pile in list(state["decks"].values()) + list(state["removed"].values()):
        for k, c in enumerate(pile):
            if c in (a, b):
                pile[k] = b if c == a else a


def give(state: State, seat: int, *cards: str) -> None:
    state["players"][seat]["cards"].extend(cards)


def tokens(state: State, seat: int, *ids: str) -> None:
    state["players"][seat]["tokens"].extend(ids)


def coins(state: State, seat: int, n: int) -> None:
    state["players"][seat]["coins"] = n


def build(state: State, seat: int, wonder: str, card: str = "lumber-yard") -> None:
    """Mark one of the seat's wonders built (without its effects)."""
    w = next(w for w in state["players"][seat]["wonders"] if w["id"] == wonder)
    w["card"] = card


def act(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    return play(G, state, seat, text)


def run(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, text in moves:
        state, ev = act(state, seat, text)
        events += ev
    return state, events


def legal_for(state: State, seat: int, prefix: str) -> list[str]:
    return [t for t in G.legal(state, seat) if t.startswith(prefix)]






