"""Helpers for the Agora rule tests: a game with the `agora` option, edited directly.

Rules are cited as "001_0bfc4baf4f650892.txt §<section>" (the French Agora rulebook,
the 7 Wonders Duel: Agora rulebook (French edition; docs/SOURCES.md)) and "7wd.md §2.x" (the component notes on 7 Wonders Duel (7wd.md in docs/SOURCES.md))."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel import Duel
from engine.duel import structure as st
from tests.duel import helpers as base
from tests.duel.helpers import FIRST_GAME, act, coins, give, keys, run, tokens  # noqa: F401 - re-exported

G = Duel()
RB = "001_0bfc4baf4f650892.txt"
OPTIONS = {"agora": True}


def new(seed: int = 1) -> State:
    return base.new(seed, OPTIONS)


def ready(seed: int = 1, wonders: tuple[tuple[str, ...], ...] = FIRST_GAME) -> State:
    """An Agora game past the draft, at the start of Age I, seat 0 to play."""
    return base.ready(seed, wonders, OPTIONS)


def offer(state: State, *cards: str) -> None:
    """Make these cards (age cards or senators) the first accessible cards of the structure."""
    open_slots = [i for i, s in enumerate(state["structure"]) if st.accessible(state["structure"], i)]
    for i, card in zip(open_slots, cards, strict=False):
        base._swap(state, card, state["structure"][i]["card"])
        state["structure"][i]["up"] = True


def cubes(state: State, chamber: int, a: int, b: int) -> None:
    """Set the cubes of chamber (1..6) and recompute control silently (no decree moves)."""
    ch = state["agora"]["senate"][chamber - 1]
    ch["cubes"] = [a, b]
    if a or b:
        for d in ch["decrees"]:
            d["up"] = True
    ag = state["agora"]
    ag["control"][chamber - 1] = 0 if a > b else 1 if b > a else None


def decree(state: State, chamber: int, *ids: str, up: bool = True) -> None:
    """Put these decrees in the chamber; the ones they replace go where they were (each decree
    stays in the game once)."""
    ag = state["agora"]
    old = [d["id"] for d in ag["senate"][chamber - 1]["decrees"]]
    ag["senate"][chamber - 1]["decrees"] = []
    spare = [d for d in old if d not in ids]
    for d in ids:
        if d in ag["decree_box"]:
            ag["decree_box"].remove(d)
            if spare:
                ag["decree_box"].append(spare.pop())
        for ch in ag["senate"]:
            for entry in ch["decrees"]:
                if entry["id"] == d:
                    entry["id"] = spare.pop() if spare else ag["decree_box"].pop()
    ag["decree_box"] += spare
    ag["senate"][chamber - 1]["decrees"] = [{"id": d, "up": up} for d in ids]


def plot(state: State, seat: int, pid: str, card: str | None = None, done: bool = False) -> None:
    state["agora"]["plots"][seat].append({"id": pid, "card": card, "done": done})




def legal(state: State, seat: int, prefix: str = "") -> list[str]:
    return [t for t in G.legal(state, seat) if t.startswith(prefix)]


def agora(state: State) -> dict[str, Any]:
    return state["agora"]
