"""Random players for playouts, and the invariants every state keeps.

Two random players: `walk` (engine.policy: uniform over the menus, token by token, what
`tabula selfplay` uses) and `builder` (the same walk among the construct texts whenever there is
one). The walker discards a third of its cards, which makes scientific supremacy (6 different
symbols) practically unreachable; the builder reaches every kind of victory. Each seat of a
playout draws its player from the seed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from functools import cache

from engine.core import Event, Msg, State, copy_state, play
from engine.duel import cards as C
from engine.duel.cards import get
from engine.policy import walk

from .helpers import G

MAX_STEPS = 400

Policy = Callable[[Sequence[str], random.Random], str]


def builder(legal: Sequence[str], rnd: random.Random) -> str:
    construct = [t for t in legal if t.startswith("construct ")]
    return walk(construct or legal, rnd)


def policies(seed: int) -> tuple[Policy, Policy]:
    """Even seeds: two walkers; odd seeds: two builders."""
    return (walk, walk) if seed % 2 == 0 else (builder, builder)


@cache
def playout(seed: int) -> tuple[tuple[tuple[int, str], ...], State, tuple[Event, ...]]:
    """A whole random game: its history, final state and every event."""
    return play_out(seed, {}, policies(seed))


def play_out(seed: int, options: dict, pols: tuple[Policy, Policy],
             ) -> tuple[tuple[tuple[int, str], ...], State, tuple[Event, ...]]:
    """A whole game with these options, each seat played by its policy (one seat asked at a
    time, as in Duel): its history, final state and every event."""
    rnd = random.Random(seed)
    state = G.setup(2, seed, options)
    history: list[tuple[int, str]] = []
    events: list[Event] = []
    for _ in range(MAX_STEPS):
        if G.outcome(state) is not None:
            break
        asked = list(G.prompt(state))
        assert len(asked) == 1, f"seed {seed}: asked {asked}"
        seat = asked[0]
        legal = G.legal(state, seat)
        assert legal, f"seed {seed}: dead end for seat {seat} in {state['phase']}"
        text = pols[seat](legal, rnd)
        state, ev = play(G, state, seat, text)
        history.append((seat, text))
        events += ev
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} actions")
    return tuple(history), state, tuple(events)


def card_places(state: State) -> list[str]:
    """Every Age/Guild card, wherever it is: decks, removed, structure, cities, discard, wonders."""
    out = [c for d in state["decks"].values() for c in d]
    out += [c for r in state["removed"].values() for c in r]
    out += [s["card"] for s in state["structure"] if s["card"] is not None]
    out += state["discard"]
    for p in state["players"]:
        out += p["cards"]
        out += [w["card"] for w in p["wonders"] if w["card"] is not None]
    return out


def check_invariants(state: State) -> None:
    assert sorted(card_places(state)) == sorted(C.ids("card")), "cards not conserved"
    assert all(p["coins"] >= 0 for p in state["players"]), "negative coins"
    tokens = [t for t in state["board_tokens"] if t] + state["box_tokens"]
    tokens += [t for p in state["players"] for t in p["tokens"]]
    assert sorted(tokens) == sorted(C.ids("progress")), "progress tokens not conserved"
    wonders = [w["id"] for p in state["players"] for w in p["wonders"]] + state["wonder_pool"]
    if state["draft"]:
        wonders += state["draft"]["offer"]
    assert sorted(wonders) == sorted(C.ids("wonder")), "wonders not conserved"
    assert -9 <= state["pawn"] <= 9
    built = sum(w["card"] is not None for p in state["players"] for w in p["wonders"])
    assert built <= 7


def scrambled(state: State, rnd: random.Random, keep_library: bool) -> State:
    """The same public situation with every hidden card, wonder and token changed."""
    s = copy_state(state)
    down = [i for i, slot in enumerate(s["structure"]) if slot["card"] and not slot["up"]]
    pool = [s["structure"][i]["card"] for i in down]
    pool += [c for d in s["decks"].values() for c in d] + [
        c for r in s["removed"].values() for c in r
    ]
    # Guilds have their own back (public), so a face-down guild is swapped with a guild only.
    guilds = [c for c in pool if get(c).colour == "purple"]
    others = [c for c in pool if get(c).colour != "purple"]
    rnd.shuffle(guilds)
    rnd.shuffle(others)

    def draw(card: str) -> str:
        return (guilds if get(card).colour == "purple" else others).pop()

    for i in down:
        s["structure"][i]["card"] = draw(s["structure"][i]["card"])
    for key in list(s["decks"]):
        s["decks"][key] = [draw(c) for c in s["decks"][key]]
    for key in list(s["removed"]):
        s["removed"][key] = [draw(c) for c in s["removed"][key]]
    rnd.shuffle(s["wonder_pool"])
    s["wonder_pool"] = ["x-" + w for w in s["wonder_pool"]]
    s["box_tokens"] = ["x-" + t for t in s["box_tokens"]]
    if not keep_library:
        s["library"] = ["x-" + t for t in s["library"]]
    return s


def check_no_leak(state: State, rnd: random.Random) -> None:
    """Views of those who may not know hidden things do not change when those things do."""
    chooser = state["active"] if state["phase"] == "library" else None
    for viewer in (None, 0, 1):
        before = json.dumps(G.view(state, viewer), sort_keys=True)
        after = json.dumps(
            G.view(scrambled(state, rnd, viewer == chooser and viewer is not None), viewer),
            sort_keys=True,
        )
        assert before == after, f"view of {viewer} leaks hidden information"
    public = G.view(state, None)
    assert "private" not in public
    for slot in public["structure"]:
        if not slot["face_up"] or slot["taken"]:
            assert slot["card"] is None


def ids_in(msg: Msg) -> set[str]:
    found = set()
    if msg.key.startswith("duel.tok."):
        found.add(msg.key.removeprefix("duel.tok."))
    for v in msg.params.values():
        for item in v if isinstance(v, (list, tuple)) else (v,):
            if isinstance(item, Msg):
                found |= ids_in(item)
    return found
