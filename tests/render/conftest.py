"""Real Res Publica states for the render tests: seeded games played by the random policy with
the real engine, with a state kept at each kind of moment (turn, trade answers, acceptance,
delivery, last round, final laying, game over)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import registry
from engine.core import State, play
from engine.policy import walk

GAME = "res-publica"
NAMES = ["Aurelia", "Bérénice", "Caius Julius Maximus", "Dido", "Eudoxia"]

# (players, seed, options)
GAMES = [(3, 11, {}), (5, 3, {}), (4, 8, {"classic": True}), (3, 5, {"classic": True})]


def moments(players: int, seed: int, options: dict[str, Any]) -> dict[str, State]:
    """The first state of each moment of one seeded game, plus an early and a mid-game state."""
    game = registry.get(GAME)
    state = game.setup(players, seed, options)
    rng = random.Random(seed)
    found: dict[str, State] = {"start": state}
    steps = 0
    while game.outcome(state) is None:
        seat = min(game.prompt(state))
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
        steps += 1
        phase = state["phase"]
        key = "last_round" if state["last_round"] and phase == "turn" else phase
        found.setdefault(key, state)
        if phase == "answers" and any(
            a["answer"] not in (None, "pass") for a in state["trade"]["answers"]
        ):
            found.setdefault("answered", state)
        if steps == 60:
            found["mid"] = state
    found["over"] = state
    return found


_CACHE: dict[tuple, dict[str, State]] = {}


def game_moments(players: int, seed: int, options: dict[str, Any]) -> dict[str, State]:
    key = (players, seed, tuple(sorted(options.items())))
    if key not in _CACHE:
        _CACHE[key] = moments(players, seed, options)
    return _CACHE[key]


@pytest.fixture(scope="session")
def game():
    return registry.get(GAME)


@pytest.fixture(scope="session")
def all_moments() -> list[tuple[tuple, str, State]]:
    """[(game spec, moment name, state)] over every game of GAMES."""
    out = []
    for spec in GAMES:
        for name, state in game_moments(*spec).items():
            out.append((spec, name, state))
    return out
