"""Random Seven Hills games for the property tests and the sweep, and the invariants every state
keeps. The player is engine.policy.walk (what `tabula selfplay` uses: uniform over the menus,
token by token); when several seats are asked at once (a revolt's defenders), the lowest acts."""

from __future__ import annotations

import json
import random
from functools import cache

from engine.core import Event, State, copy_state, play
from engine.policy import walk
from engine.sevenhills import board as B
from engine.sevenhills.components import CLASSES, load

from .helpers import G

MAX_STEPS = 6000


@cache
def playout(players: int, seed: int) -> tuple[tuple[tuple[int, str], ...], State, int]:
    """A whole random game: its history, its final state, the number of actions."""
    rnd = random.Random(seed)
    state = G.setup(players, seed, {})
    history: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        if G.outcome(state) is not None:
            return tuple(history), state, len(history)
        seat = min(G.prompt(state))
        legal = G.legal(state, seat)
        assert legal, f"seed {seed}: dead end in {state['phase']}"
        text = walk(legal, rnd)
        state, _ = play(G, state, seat, text)
        history.append((seat, text))
    raise AssertionError(f"{players}p seed {seed}: no end after {MAX_STEPS} actions")


def check_invariants(state: State) -> None:
    c = load()
    cards = state["deck"] + state["discard"] + [k for h in state["hands"] for k in h]
    assert sorted(cards) == sorted(k.id for k in c.cards), "cards not conserved"
    assert all(len(h) <= c.hand_limit for h in state["hands"]), "hand over the limit"
    for seat in range(state["players"]):
        total = dict(state["supply"][seat])
        for sector in B.sectors_all():
            for cls in CLASSES:
                assert state["sectors"][sector][seat][cls] >= 0
                total[cls] += state["sectors"][sector][seat][cls]
        total["plebeian"] += state["legion"][seat] + state["waiting"][seat]
        assert total == c.markers, f"markers of {seat} not conserved: {total}"
        assert all(v >= 0 for v in state["supply"][seat].values())
    assert 0 <= state["counter"] <= state["limit"]
    assert state["temple"] in (1, 2)


def scrambled(state: State, rnd: random.Random, keep: int | None) -> State:
    """The same public situation with every hidden card changed: the deck's order and the hands
    of all seats but `keep` (same sizes)."""
    s = copy_state(state)
    pool = list(s["deck"])
    for seat, hand in enumerate(s["hands"]):
        if seat != keep:
            pool += hand
    rnd.shuffle(pool)
    s["deck"] = [pool.pop() for _ in s["deck"]]
    for seat, hand in enumerate(s["hands"]):
        if seat != keep:
            s["hands"][seat] = [pool.pop() for _ in hand]
    return s


def check_no_leak(state: State, rnd: random.Random) -> None:
    """Views of those who may not know hidden things do not change when those things do."""
    for viewer in (None, *range(state["players"])):
        before = json.dumps(G.view(state, viewer), sort_keys=True)
        after = json.dumps(G.view(scrambled(state, rnd, viewer), viewer), sort_keys=True)
        assert before == after, f"the view of {viewer} leaks hidden information"
    assert "hand" not in G.view(state, None)


def card_ids_in(event: Event) -> set[str]:
    text = json.dumps(event.to_json())
    return {k.id for k in load().cards if f'"seven-hills.tok.{k.id}"' in text}


def check_public_events(before: State, after: State, events: list[Event]) -> None:
    """A public event names only cards that are face up: on the discard pile now, or the
    discard's top card that was just taken (unless the discard pile was just reshuffled into
    the deck, when the cards named were face up a moment before)."""
    top = before["discard"][-1] if before["discard"] else None
    if after["reshuffles"] != before["reshuffles"]:
        return  # the discard pile (face up, public) became the deck during this action
    for e in events:
        if e.to is not None:
            continue
        for card in card_ids_in(e):
            assert card in after["discard"] or card == top, f"public event names {card}: {e}"
