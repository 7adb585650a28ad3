"""Helpers for the Leaders tests. Rules are cited as « 004 <section> », the French rulebook
the 7 Wonders Duel: Leaders fan-expansion rules (French, v1.1.1; docs/SOURCES.md) (Description des Leaders: one section per leader)."""

from __future__ import annotations

from engine.core import Event, State
from engine.duel.leaders import rules as L
from tests.duel.helpers import FIRST_GAME, G, act, offer, run  # noqa: F401 - re-exported


def new(seed: int = 1, panel: str = "all") -> State:
    return G.setup(2, seed, {"leaders": panel})


def drafted(seed: int = 1, hands: tuple[tuple[str, ...], ...] = ((), ())) -> State:
    """Both drafts done (the first-game wonders), before the recruitment of Age I."""
    state = new(seed)
    lead = state["leaders"]
    lead["draft"] = None
    for seat in (0, 1):
        for x in hands[seat]:
            if x in lead["pool"]:
                lead["pool"].remove(x)
        lead["hands"][seat] = list(hands[seat])
        state["players"][seat]["wonders"] = [{"id": w, "card": None} for w in FIRST_GAME[seat]]
    state["draft"] = None
    state["wonder_pool"] = []
    return state


def recruiting(seed: int = 1, hands: tuple[tuple[str, ...], ...] = ((), ()), age: int = 1,
               starter: int = 0) -> State:
    """At the recruitment phase before `age` (its structure not laid yet)."""
    state = drafted(seed, hands)
    if age > 1:  # the earlier ages' cards out of the way: into the discard pile
        for a in range(1, age):
            state["discard"] += state["decks"][str(a)]
            state["decks"][str(a)] = []
    L.begin(state, age, starter)
    return state


def playing(seed: int = 1, recruited: tuple[tuple[str, ...], ...] = ((), ()), age: int = 1
            ) -> State:
    """Age `age` in play, seat 0 to play, these leaders recruited."""
    state = recruiting(seed, ((), ()), age)
    assert state["phase"] == "start" if age > 1 else state["phase"] == "play"
    state.update(phase="play", active=0, turn=0)
    for seat in (0, 1):
        state["leaders"]["recruited"][seat] = list(recruited[seat])
    return state




def recruit_both(state: State, a: str, b: str, call_a: str = "recruit", call_b: str = "recruit"
                 ) -> tuple[State, list[Event]]:
    """Both choose, then both announce (`recruit` or `discard`)."""
    state, events = run(state, (0, f"choose {a}"), (1, f"choose {b}"))
    texts = [next(t for t in G.legal(state, s) if t.startswith(c))
             for s, c in ((0, call_a), (1, call_b))]
    state, more = run(state, (0, texts[0]), (1, texts[1]))
    return state, events + more


def coins(state: State, seat: int) -> int:
    return state["players"][seat]["coins"]


def keys(events: list[Event]) -> list[str]:
    return [e.msg.key for e in events]
