"""Computer players in Héros du Monde, 2 to 5 players (engine/heros/ai.py).

No peeking: two states that differ only in what a seat cannot see (the heroes in the other
hands, the order of the hero deck, the generator that draws discoveries and rolls the die) give
the same determinization and the same decision at every level, including the questions asked
out of turn (a defender's wonder, a flight, Ajanta at a scoring)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import ai
from engine.core import State, copy_state, play
from engine.heros import ai as heros_ai
from engine.policy import walk
from tests.heros.helpers import (
    G,
    act,
    after_setup,
    clear_board,
    force_face,
    owner,
    put,
    to_play_step,
)

PLAYERS = (2, 3, 4, 5)


@cache
def positions(players: int, seeds: tuple[int, ...] = (3, 8), every: int = 29) -> tuple[State, ...]:
    """States met in random games: every few actions, and every question asked out of turn."""
    found = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = G.setup(players, seed, {})
        step = 0
        while G.outcome(state) is None:
            asked = G.prompt(state)
            seat = min(asked)
            if step % every == 0 or seat != state["active"]:
                found.append(copy_state(state))
            state, _ = play(G, state, seat, walk(G.legal(state, seat), rnd))
            step += 1
    return (*found, defending(players))


def defending(players: int) -> State:
    """Seat 1, attacked, is asked outside its turn whether its Great Wall cancels the die
    (tests/heros/test_wonders.py)."""
    state = clear_board(after_setup(players))
    put(state, 0, "mediterranean", 2)
    put(state, 1, "mediterranean", 9)
    owner(state, "great-wall", 1)
    to_play_step(state, "leonidas", seat=0)
    state, _ = act(state, 0, "play leonidas")
    state, _ = act(state, 0, "place mediterranean 3")
    force_face(state, "massacre")
    state, _ = act(state, 0, "conquer mediterranean @1")
    assert G.prompt(state).keys() == {1}
    return state


def twin(state: State, seat: int) -> State:
    """The same game as `seat` sees it, with the hidden parts changed where they can be."""
    t = copy_state(state)
    t["rng"] = (t["rng"] + 0x5DEECE66D) % (1 << 64)
    t["deck"].reverse()
    for s in range(t["players"]):
        if s != seat and t["hands"][s] and t["deck"]:
            t["hands"][s][0], t["deck"][0] = t["deck"][0], t["hands"][s][0]
            break
    return t


def _seats(state: State) -> list[int]:
    return sorted(G.prompt(state))


@pytest.mark.parametrize("players", PLAYERS)
def test_a_determinization_shows_the_seat_what_it_saw(players: int) -> None:
    """The seat's view and legal actions are the true ones, and the era's heroes are all
    somewhere once."""
    for i, state in enumerate(positions(players)):
        heroes = sorted(state["deck"] + state["row"] + [h for p in state["played"] for h in p]
                        + [h for hand in state["hands"] for h in hand])
        for seat in range(players):
            det = heros_ai.determinize(state, seat, random.Random(i))
            assert G.view(det, seat) == G.view(state, seat)
            assert sorted(det["deck"] + det["row"] + [h for p in det["played"] for h in p]
                          + [h for hand in det["hands"] for h in hand]) == heroes
            if seat in G.prompt(state):
                assert G.legal(det, seat) == G.legal(state, seat)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_level_plays_a_legal_move(players: int) -> None:
    out_of_turn = 0
    for i, state in enumerate(positions(players, (12,), 37)):
        for seat in _seats(state):
            out_of_turn += seat != state["active"]
            legal = G.legal(state, seat)
            for level in ai.ARENA_LEVELS:
                budget = {"medium": 2, "hard": 12}.get(level)
                assert ai.decide(G, state, seat, level, i, budget=budget, seconds=60) in legal
    assert out_of_turn > 0  # a defender asked outside its turn was answered


def test_the_same_seed_gives_the_same_move() -> None:
    for state in positions(4)[::7]:
        seat = _seats(state)[0]
        for level, budget in (("easy", None), ("medium", 3), ("hard", 40)):
            moves = {ai.decide(G, state, seat, level, 5, budget=budget, seconds=60)
                     for _ in range(2)}
            assert len(moves) == 1


def test_the_evaluation_is_a_share_of_the_win() -> None:
    for players in PLAYERS:
        for state in positions(players):
            if G.outcome(state) is not None:
                continue
            shares = [heros_ai.evaluate(state, s) for s in range(players)]
            assert all(0.0 < x < 1.0 for x in shares)
    state = positions(3)[6]
    ahead = copy_state(state)
    ahead["points"][0] += 12
    assert heros_ai.evaluate(ahead, 0) > heros_ai.evaluate(state, 0) + 0.05
    assert heros_ai.evaluate(ahead, 1) < heros_ai.evaluate(state, 1)


def test_leading_a_territory_nearly_complete_is_worth_more() -> None:
    state = clear_board(after_setup(3))
    put(state, 1, "india", 2)
    state["ladders"]["india"] = ["pottery", "writing"]
    leading = copy_state(state)
    put(leading, 0, "india", 4)
    trailing = copy_state(state)
    put(trailing, 0, "india", 1)
    assert heros_ai.evaluate(leading, 0) > heros_ai.evaluate(trailing, 0)


def _shortfall(temperature: float) -> float:
    """How much worse than the best candidate easy's softmax pick is expected to be, as a
    fraction of what a uniform pick loses, over the 5-player positions with a choice."""
    import math

    from engine.ai.knowledge import considered, knowledge
    from engine.ai.plausible import tried

    know = knowledge(G)
    assert know is not None
    chances: list[float] = []
    for i, state in enumerate(positions(5)):
        seat = min(G.prompt(state))
        legal = G.legal(state, seat)
        if len(legal) < 2:
            continue
        rng = random.Random(i)
        det = know.determinize(state, seat, rng)
        texts = considered(know, det, seat, legal, rng)
        values = tried(G, know, det, seat, texts)
        top = max(values)
        uniform = top - sum(values) / len(values)
        if uniform <= 0:
            continue  # every move alike
        weights = [math.exp((v - top) / temperature) for v in values]
        picked = sum(w * v for w, v in zip(weights, values, strict=True)) / sum(weights)
        chances.append((top - picked) / uniform)
    assert len(chances) >= 10
    return sum(chances) / len(chances)


def test_easy_prefers_the_better_moves_in_heros() -> None:
    """Issue 28: Héros' moves differ by little in `evaluate`, so at the default temperature easy
    picked about as a random bot (30% of 5-player games among random bots, a fair share of 20%).
    At Héros' own temperature it gives up little more than half of what a uniform pick does (at 0.03: 82%)."""
    from engine.ai.plausible import EASY_TEMPERATURE

    assert heros_ai.EASY_TEMPERATURE < EASY_TEMPERATURE
    old, new = _shortfall(EASY_TEMPERATURE), _shortfall(heros_ai.EASY_TEMPERATURE)
    assert new < 0.6 < 0.75 < old, (old, new)
