"""Random Agora games for the sweep and the property tests, and the invariants they keep.

Three kinds of players, drawn from the seed: uniform walkers (engine.policy.walk, what `tabula
selfplay` uses), builders (a walk among construct/recruit/trigger texts when there are some) and,
for one seat in a third of the seeds, a senator-lover (recruits, places cubes and conspires
whenever it can) against a walker: a walker rarely takes the 6 chambers, so without that seat
political supremacy would almost never be seen."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from functools import cache

from engine.core import Event, Msg, State, copy_state
from engine.duel import cards as C
from engine.duel.agora import data as agora_data
from engine.duel.cards import get
from engine.policy import walk
from tests.duel.playouts import play_out

from .helpers import OPTIONS, G

MAX_STEPS = 900

Policy = Callable[[Sequence[str], random.Random], str]


def builder(legal: Sequence[str], rnd: random.Random) -> str:
    chosen = [t for t in legal if t.startswith(("construct ", "recruit ", "trigger "))]
    return walk(chosen or legal, rnd)


def senator(legal: Sequence[str], rnd: random.Random) -> str:
    for prefixes in (("recruit ",), ("place ", "conspire", "remove ", "trigger "), ("construct ",)):
        chosen = [t for t in legal if t.startswith(prefixes)]
        if chosen:
            return walk(chosen, rnd)
    chosen = [t for t in legal if t != "skip"]
    return walk(chosen or legal, rnd)


def policies(seed: int) -> tuple[Policy, Policy]:
    kind = seed % 3
    if kind == 0:
        return walk, walk
    if kind == 1:
        return builder, builder
    return (senator, walk) if seed % 2 else (walk, senator)


@cache
def playout(seed: int) -> tuple[tuple[tuple[int, str], ...], State, tuple[Event, ...]]:
    return play_out(seed, OPTIONS, policies(seed))


def card_places(state: State) -> list[str]:
    """Every Age/Guild card and senator, wherever it is."""
    ag = state["agora"]
    out = [c for d in state["decks"].values() for c in d]
    out += [c for r in state["removed"].values() for c in r]
    out += [s["card"] for s in state["structure"] if s["card"] is not None]
    out += state["discard"]
    for seat, p in enumerate(state["players"]):
        out += p["cards"] + ag["senators"][seat]
        out += [w["card"] for w in p["wonders"] if w["card"] is not None]
        out += [x["card"] for x in ag["plots"][seat] if x["card"] is not None]
    out += [w["card"] for w in ag["sabotaged"]]
    return out


def check_invariants(state: State) -> None:
    data = agora_data.load()
    ag = state["agora"]
    assert sorted(card_places(state)) == sorted(C.ids("card") + list(data.senators)), "cards"
    assert all(p["coins"] >= 0 for p in state["players"]), "negative coins"
    tokens = [t for t in state["board_tokens"] if t] + state["box_tokens"]
    tokens += [t for p in state["players"] for t in p["tokens"]] + [o["id"] for o in ag["obscured"]]
    assert sorted(tokens) == sorted(C.ids("progress") + list(data.tokens)), "progress tokens"
    wonders = [w["id"] for p in state["players"] for w in p["wonders"]] + state["wonder_pool"]
    wonders += [w["id"] for w in ag["sabotaged"]]
    if state["draft"]:
        wonders += state["draft"]["offer"]
    assert sorted(wonders) == sorted(C.ids("wonder") + list(data.wonders)), "wonders"
    decrees = [d["id"] for ch in ag["senate"] for d in ch["decrees"]] + ag["decree_box"]
    assert sorted(decrees) == sorted(data.decrees), "decrees"
    plots = ag["plot_deck"] + ag["draw"] + [x["id"] for s in (0, 1) for x in ag["plots"][s]]
    assert sorted(plots) == sorted(data.plots), "conspiracies"
    for seat in (0, 1):
        placed = sum(ch["cubes"][seat] for ch in ag["senate"])
        assert 0 <= placed <= data.cubes and all(ch["cubes"][seat] >= 0 for ch in ag["senate"])
    for ch in ag["senate"]:
        if sum(ch["cubes"]):
            assert all(d["up"] for d in ch["decrees"]), "a face-down decree with cubes"
    assert -9 <= state["pawn"] <= 9


def _kind(card: str) -> str:
    comp = get(card)
    return "guild" if comp.colour == "purple" else comp.kind


def scrambled(state: State, rnd: random.Random, viewer: int | None) -> State:
    """The same situation for `viewer` with every thing hidden from it changed."""
    s = copy_state(state)
    ag = s["agora"]
    chooser = s["active"] if viewer is not None and s["active"] == viewer else None
    # Cards: face-down slots, decks, removed (unless the viewer is looking at them: Treason).
    down = [i for i, slot in enumerate(s["structure"]) if slot["card"] and not slot["up"]]
    pool = [s["structure"][i]["card"] for i in down] + [c for d in s["decks"].values() for c in d]
    keep_removed = chooser is not None and s["phase"] == "treason"
    if not keep_removed:
        pool += [c for r in s["removed"].values() for c in r]
    by_kind: dict[str, list[str]] = {}
    for c in pool:
        by_kind.setdefault(_kind(c), []).append(c)
    for cards in by_kind.values():
        rnd.shuffle(cards)

    def draw(card: str) -> str:
        return by_kind[_kind(card)].pop()

    for i in down:
        s["structure"][i]["card"] = draw(s["structure"][i]["card"])
    for key in list(s["decks"]):
        s["decks"][key] = [draw(c) for c in s["decks"][key]]
    if not keep_removed:
        for key in list(s["removed"]):
            s["removed"][key] = [draw(c) for c in s["removed"][key]]
    s["wonder_pool"] = ["x-" + w for w in s["wonder_pool"]]
    if not (chooser is not None and s["phase"] in ("library", "obscure")):
        s["box_tokens"] = ["x-" + t for t in s["box_tokens"]]
        s["library"] = ["x-" + t for t in s["library"]]
    # Conspiracies: the deck, the draw (unless its chooser looks), the others' untriggered ones.
    hidden = list(ag["plot_deck"])
    keep_draw = chooser is not None and s["phase"] == "keep"
    if not keep_draw:
        hidden += ag["draw"]
    mine = [] if viewer is None else ag["plots"][viewer]
    others = [p for seat in (0, 1) for p in ag["plots"][seat] if p not in mine and not p["done"]]
    hidden += [p["id"] for p in others]
    rnd.shuffle(hidden)
    ag["plot_deck"] = [hidden.pop() for _ in ag["plot_deck"]]
    if not keep_draw:
        ag["draw"] = [hidden.pop() for _ in ag["draw"]]
    for p in others:
        p["id"] = hidden.pop()
    # Decrees: face down ones and the box.
    down_decrees = [d for ch in ag["senate"] for d in ch["decrees"] if not d["up"]]
    box = [d["id"] for d in down_decrees] + ag["decree_box"]
    rnd.shuffle(box)
    for d in down_decrees:
        d["id"] = box.pop()
    ag["decree_box"] = box
    for o in ag["obscured"]:
        if not o["up"]:
            o["id"] = "x-" + o["id"]
    return s


def check_no_leak(state: State, rnd: random.Random) -> None:
    for viewer in (None, 0, 1):
        before = json.dumps(G.view(state, viewer), sort_keys=True)
        after = json.dumps(G.view(scrambled(state, rnd, viewer), viewer), sort_keys=True)
        assert before == after, f"view of {viewer} leaks hidden information"
    public = G.view(state, None)
    assert "private" not in public


def ids_in(msg: Msg) -> set[str]:
    found = set()
    if msg.key.startswith("duel.tok."):
        found.add(msg.key.removeprefix("duel.tok."))
    for v in msg.params.values():
        for item in v if isinstance(v, (list, tuple)) else (v,):
            if isinstance(item, Msg):
                found |= ids_in(item)
    return found


def check_events(events: Sequence[Event]) -> None:
    """Public log lines name a conspiracy only when it is triggered, a decree only when it turns
    up (or later), never a conspiracy drawn or kept."""
    plots, decrees = set(agora_data.load().plots), set(agora_data.load().decrees)
    shown: set[str] = set()
    for e in events:
        if e.to is not None:
            continue
        found = ids_in(e.msg)
        if e.msg.key == "duel.agora.log.decree":
            shown |= found & decrees
        named_plots = found & plots
        assert not named_plots or e.msg.key in ("duel.agora.log.trigger",), (e.msg.key, named_plots)
        assert found & decrees <= shown, (e.msg.key, found & decrees)
