"""No peeking, for every game and option set: hidden information never reaches a view, a public
log line, a seat that is not asked, or a computer player's decision.

Views and log lines: along random games, every few steps, the game's own scrambling of what a
seat cannot see (tests/<game>/playouts.py or helpers) leaves the public view and the other seats'
views unchanged; a private line goes to the actor only; a seat not asked has no legal text.

Computer players: two states that differ only in what a seat cannot see (the twins of
tests/ai/test_<game>.py: other hands, the order of decks and piles, the generator, a rival's
hidden choice) give the same determinization and the same decision at every level, and the
same hint (the move and the words of its reason)."""

from __future__ import annotations

import random

import pytest

from engine import ai, registry
from engine.ai.hint import hint
from engine.ai.knowledge import knowledge
from engine.core import Game, State
from engine.i18n import LOCALES, translate
from tests.contract.games import CONTRACTS, TOY

ALL = {**CONTRACTS, "toy": TOY}
VIEW_CASES = [(key, name, seeds) for key in [*registry.keys(), "toy"]
              for name, seeds in ALL[key].hidden]


@pytest.mark.slow
@pytest.mark.parametrize("key, config, seeds", VIEW_CASES,
                         ids=[f"{k}-{n}-{s[0]}" for k, n, s in VIEW_CASES])
def test_hidden_information_never_reaches_another_seat(registered: str, key: str, config: str,
                                                        seeds: tuple[int, ...]) -> None:
    c = ALL[key]
    cfg = c.config(config)
    g = c.game
    for seed in seeds:
        rnd = random.Random(seed + 99)
        for i, step in enumerate(c.steps(cfg, seed)):
            if i % c.hidden_every == 0:
                c.invariants(step.state, cfg)
                c.no_leak(step.state, rnd, cfg)
            asked = g.prompt(step.state)
            for seat in range(cfg.players):
                if seat not in asked:
                    assert g.legal(step.state, seat) == [], (seed, i, seat)
            for e in step.events:
                if e.to is not None and c.private_to_actor:
                    assert e.to == (step.seat,), (seed, i, e.msg)
            c.public_events(step.state, step.after, step.events)


GAMES = registry.keys()
HINTED = 6  # hinted positions per case: a hint thinks as medium does, tested on them all
AI_CASES = [(key, pos) for key in GAMES for pos in CONTRACTS[key].ai]


@pytest.mark.slow
@pytest.mark.parametrize("key, positions", AI_CASES,
                         ids=[f"{k}-{p.name}" for k, p in AI_CASES])
def test_no_peeking_by_the_computer_players(key: str, positions) -> None:
    """States differing only in what the seat cannot see: same determinization, same move at
    every level, and the same hint."""
    g = registry.get(key)
    determinize = knowledge(g).determinize
    states = positions.positions()
    changed = hinted = 0
    for i, state in enumerate(states):
        for seat in sorted(g.prompt(state)):
            other = positions.twin(state, seat)
            assert g.view(other, seat) == g.view(state, seat)  # the twin is a fair one
            changed += positions.changed(state, other)
            for k in range(3):
                assert (determinize(state, seat, random.Random(k))
                        == determinize(other, seat, random.Random(k)))
            if positions.decide(i, state, seat):
                for level, budget in (("easy", None), ("medium", 2), ("hard", positions.hard)):
                    a = ai.decide(g, state, seat, level, i, budget=budget, seconds=60)
                    b = ai.decide(g, other, seat, level, i, budget=budget, seconds=60)
                    assert a == b, (level, i)
                if hinted < HINTED:  # the hint: the same move, the same words
                    check_hint(g, state, other, seat, i)
                    hinted += 1
    assert changed > len(states) // 2  # the twins do differ in hidden parts
    assert hinted


def check_hint(g: Game, state: State, other: State, seat: int, i: int) -> None:
    """The hint (engine.ai.hint: medium's move and its reason) of twin states: the same move
    and the same words, in both languages."""
    a = hint(g, state, seat, i, budget=2, seconds=60)
    b = hint(g, other, seat, i, budget=2, seconds=60)
    assert a.action == b.action, i
    for locale in LOCALES:
        assert translate(a.reason, locale) == translate(b.reason, locale), (i, locale)
