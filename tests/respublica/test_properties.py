"""Random playouts (ARCHITECTURE, tests by layer 2): games end, no dead end, every legal action
applies, cards are conserved, the history replays, and views never leak hidden information."""

from __future__ import annotations

import json
import os
import random

import pytest

from engine.core import IllegalAction, copy_state, play, replay
from engine.i18n import has
from engine.policy import walk
from engine.respublica.cards import variant
from engine.respublica.trade import all_texts

from .helpers import G, msg_keys

# 7 seeds x 6 configurations keep the suite near 40 s on two cores (policy.walk dominates);
# RESPUBLICA_SEEDS=100 runs the long sweep (600 games, all ending cleanly when last run).
SEEDS = range(int(os.environ.get("RESPUBLICA_SEEDS", "7")))
CONFIGS = [(p, c) for p in (3, 4, 5) for c in (False, True)]
MAX_STEPS = 20_000
SMALL = 300  # legal lists up to this size are applied exhaustively; larger ones are sampled


def card_count(state) -> int:
    hands = sum(sum(h.values()) for h in state["hands"])
    decks = sum(len(d) for d in state["decks"].values())
    laid = sum(g["count"] for groups in state["groups"] for g in groups)
    return hands + decks + laid


def public_views(state, viewer):
    return json.dumps(G.view(state, None), sort_keys=True), json.dumps(
        G.view(state, viewer), sort_keys=True)


def check_no_leak(state, rnd: random.Random) -> None:
    """Another seat's hand and the deck order never show: scrambling them leaves the public view
    and the views of the other seats unchanged."""
    n = state["players"]
    for viewer in range(n):
        view = G.view(state, viewer)
        assert view["hand"] == {k: c for k, c in state["hands"][viewer].items() if c}
        assert all(isinstance(s["hand"], int) for s in view["seats"])
    assert "hand" not in G.view(state, None)
    other = rnd.randrange(n)
    viewer = (other + 1 + rnd.randrange(n - 1)) % n
    before = public_views(state, viewer)
    scrambled = copy_state(state)
    hand = scrambled["hands"][other]
    total = sum(hand.values())
    kinds = list(hand)
    for k in kinds:
        hand[k] = 0
    for _ in range(total):
        hand[rnd.choice(kinds)] += 1
    for deck in scrambled["decks"].values():
        rnd.shuffle(deck)
    trade = scrambled["trade"]
    if trade and trade["deliver"]:
        for side in trade["deliver"]:
            if side["seat"] != viewer and side["cards"] is not None and not side["auto"]:
                side["cards"] = {"huns": 99}  # a hidden choice must not show
    assert public_views(scrambled, viewer) == before


def playout(players: int, classic: bool, seed: int, tokens: set[str] | None = None):
    rnd = random.Random(seed * 1000 + players * 10 + classic)
    options = {"classic": classic}
    state = G.setup(players, seed, options)
    total = variant("classic" if classic else "full").total
    actions: list[tuple[int, str]] = []
    keys: set[str] = set()
    biggest = 0
    for step in range(MAX_STEPS):
        if G.outcome(state) is not None:
            break
        prompt = G.prompt(state)
        assert prompt, "a running game always asks someone"
        for msg in prompt.values():
            keys.update(msg_keys(msg))
        legal = {seat: G.legal(state, seat) for seat in prompt}
        for seat, texts in legal.items():
            assert texts, f"dead end for seat {seat} in phase {state['phase']}"
            biggest = max(biggest, len(texts))
            if tokens is not None:
                tokens.update(" ".join(texts).split())
        seat = rnd.choice(sorted(prompt))
        texts = legal[seat]
        text = walk(texts, rnd)
        others = texts if len(texts) <= SMALL else rnd.sample(texts, 4)
        for alt in others:
            if alt != text:
                play(G, state, seat, alt)  # raises on a legal text refused
        state, events = play(G, state, seat, text)
        actions.append((seat, text))
        for event in events:
            keys.update(msg_keys(event.msg))
            assert event.to in (None, (seat,)), "private events go to the actor only"
        assert card_count(state) == total
        assert all(c >= 0 for h in state["hands"] for c in h.values())
        if step % 7 == 0:
            check_no_leak(state, rnd)
    outcome = G.outcome(state)
    assert outcome is not None, "the game did not end"
    keys.update(msg_keys(outcome.reason))
    for d in outcome.details:
        keys.update(msg_keys(d))
    return state, actions, keys, biggest


@pytest.mark.slow
@pytest.mark.parametrize("players, classic", CONFIGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(players, classic, seed):
    state, actions, keys, _ = playout(players, classic, seed)
    assert replay(G, players, seed, {"classic": classic}, actions) == state
    assert G.setup(players, seed, {"classic": classic}) == G.setup(players, seed,
                                                                    {"classic": classic})
    missing = [k for k in keys if not (has(k, "en") and has(k, "fr"))]
    assert not missing
    out = G.outcome(state)
    assert len(out.scores) == players and set(out.winners) <= set(range(players))
    assert all(out.scores[w] == max(out.scores) for w in out.winners)


def test_apply_accepts_exactly_the_legal_texts():
    """For a couple of states of each phase along playouts, a candidate text is refused by apply
    iff it is missing from legal, and each refusal is a translated IllegalAction."""
    rnd = random.Random(3)
    seen: dict[str, int] = {}
    errors: set[str] = set()
    fixed = {"end", "end civilisation", "pass", "decline", "done", "give 1 huns", "give 2 cards",
             "give 1 alchemy 1 commerce", "accept @0", "accept @1", "accept @2", "accept @3",
             "answer 1 huns", "seek 1 huns", "offer 1 huns", "lay people", "end now",
             *(f"lay {k}" for k in variant("full").kinds)}
    for seed in (3, 4):
        state = G.setup(4, seed, {})
        while G.outcome(state) is None:
            seat = min(G.prompt(state))
            legal = G.legal(state, seat)
            phase = state["phase"]
            if seen.get(phase, 0) < 3:
                seen[phase] = seen.get(phase, 0) + 1
                candidates = fixed | set(rnd.sample(legal, min(len(legal), 120))) | {
                    *rnd.sample(all_texts("full", "answer"), 60),
                    *rnd.sample(all_texts("full", "offer"), 60),
                    *rnd.sample(all_texts("full", "seek"), 20)}
                legal_set = set(legal)
                for text in candidates:
                    try:
                        play(G, state, seat, text)
                        assert text in legal_set, text
                    except IllegalAction as exc:
                        assert text not in legal_set, (text, exc)
                        errors.update(msg_keys(exc.msg))
            state, _ = play(G, state, seat, walk(legal, rnd))
    assert set(seen) == {"turn", "answers", "accept", "deliver", "final"}
    missing = [k for k in errors if not (has(k, "en") and has(k, "fr"))]
    assert not missing
    assert len(errors) > 5
