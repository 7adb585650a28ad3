"""Random Leaders games (uniform walkers and builders, as tests/duel/playouts.py) and the
invariants they keep. Several seats may be asked at once (the recruitment phase): the seat that
acts is drawn among them, so both orders of the hidden choices occur."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.core import Event, State, copy_state, play
from engine.duel import cards as C
from engine.duel.leaders.data import panel
from engine.policy import walk
from tests.duel.playouts import builder

from .helpers import G

MAX_STEPS = 600
BUILD_VERBS = ("construct ", "recruit ", "wonder ", "pythagoras ", "copy ", "euclid ")


def build_more(legal: list[str], rnd: random.Random) -> str:
    chosen = [t for t in legal if t.startswith(BUILD_VERBS)]
    return builder(chosen or legal, rnd)


def options_of(config: str) -> dict[str, Any]:
    """`all`, `points`, `abilities`, or `agora+all`... (Leaders with Agora)."""
    out: dict[str, Any] = {}
    for part in config.split("+"):
        if part == "agora":
            out["agora"] = True
        else:
            out["leaders"] = part
    return out


@cache
def playout(seed: int, config: str = "all", check_steps: bool = False
            ) -> tuple[tuple[tuple[int, str], ...], State, tuple[Event, ...]]:
    rnd = random.Random(seed)
    pol = walk if seed % 2 == 0 else build_more
    options = options_of(config)
    state = G.setup(2, seed, options)
    history: list[tuple[int, str]] = []
    events: list[Event] = []
    for _ in range(MAX_STEPS):
        if G.outcome(state) is not None:
            break
        asked = sorted(G.prompt(state))
        assert asked, f"seed {seed}: nobody asked in {state['phase']}"
        seat = rnd.choice(asked)
        legal = G.legal(state, seat)
        assert legal, f"seed {seed}: dead end for seat {seat} in {state['phase']}"
        if check_steps:
            check_hidden_choices(state)
            check_invariants(state, options)
        text = pol(legal, rnd)
        state, ev = play(G, state, seat, text)
        history.append((seat, text))
        events += ev
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} actions")
    return tuple(history), state, tuple(events)


def check_invariants(state: State, options: Mapping[str, Any]) -> None:
    lead = state["leaders"]
    places = [c for d in state["decks"].values() for c in d]
    places += [c for r in state["removed"].values() for c in r]
    places += [s["card"] for s in state["structure"] if s["card"] is not None]
    places += state["discard"]
    for seat, p in enumerate(state["players"]):
        places += p["cards"]
        places += [w["card"] for w in p["wonders"] if w["card"] is not None]
        places += [c for x, c in lead["tucked"][seat].items() if x == "pythagoras"]
    if "agora" not in options:
        assert sorted(places) == sorted(C.ids("card")), "cards not conserved"
    assert all(p["coins"] >= 0 for p in state["players"]), "negative coins"
    people = list(lead["pool"]) + (lead["draft"]["offer"] if lead["draft"] else [])
    for seat in (0, 1):
        people += lead["hands"][seat] + lead["recruited"][seat] + lead["buried"][seat]
        people += lead["dismissed"][seat]
    for entry in state["pending"]:
        if entry["phase"] == "maecenas":
            people += entry["draw"]
    assert sorted(people) == sorted(panel(lead["panel"])), "leaders not conserved"
    assert -9 <= state["pawn"] <= 9


def check_hidden_choices(state: State) -> None:
    """While a seat's hidden choice stands, changing it changes nothing the others may see."""
    lead = state["leaders"]
    for key, phase in (("picks", "recruit"), ("calls", "announce")):
        if state["phase"] != phase:
            continue
        for seat in (0, 1):
            mine = lead[key][seat]
            if mine is None or (phase == "announce" and lead["calls"][1 - seat] is not None):
                continue
            other = copy_state(state)
            if phase == "recruit":
                alternatives = [x for x in lead["hands"][seat] if x != mine]
                if not alternatives:
                    continue
                other["leaders"][key][seat] = alternatives[0]
            else:
                other["leaders"][key][seat] = "dismiss" if mine == "recruit" else "recruit"
            for viewer in (None, 1 - seat):
                a = json.dumps(G.view(state, viewer), sort_keys=True)
                b = json.dumps(G.view(other, viewer), sort_keys=True)
                assert a == b, f"seat {seat}'s hidden {key} leaks to {viewer}"
                assert G.legal(state, 1 - seat) == G.legal(other, 1 - seat)
    public = json.dumps(G.view(state, None))
    assert '"pool"' not in public and "private" not in G.view(state, None)
