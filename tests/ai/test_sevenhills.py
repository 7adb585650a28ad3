"""Computer players in Seven Hills, 3 and 4 players (engine/sevenhills/ai.py).

No peeking: two states that differ only in what a seat cannot see (the other hands, the deck's
order, the discard pile under its top card, the generator) give the same determinization and
the same decision at every level, including the defenders' choices asked out of turn and at
once after a revolt."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import ai
from engine.core import State, copy_state, play
from engine.policy import walk
from engine.sevenhills import ai as sh_ai
from engine.sevenhills import board as B
from tests.sevenhills.helpers import C, G, act, at_act, clear_board, give, place, started

PLAYERS = (3, 4)
OUT_OF_TURN = ("protect", "levy", "return")


@cache
def positions(players: int, seeds: tuple[int, ...] = (4, 7), every: int = 97) -> tuple[State, ...]:
    """States met in random games: every few actions, and every state where a seat is asked
    out of turn (a revolt's defenders, the consuls' levy, the legions' return)."""
    found = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = G.setup(players, seed, {})
        step = 0
        while G.outcome(state) is None:
            asked = G.prompt(state)
            if step % every == 0 or len(asked) > 1 or (
                    state["phase"] in OUT_OF_TURN and rnd.random() < 0.3):
                found.append(copy_state(state))
            seat = min(asked)
            state, _ = play(G, state, seat, walk(G.legal(state, seat), rnd))
            step += 1
    return (*found, two_defenders(players))


def twin(state: State, seat: int) -> State:
    """The same game as `seat` sees it, with the hidden parts changed where they can be."""
    t = copy_state(state)
    t["rng"] = (t["rng"] + 0x5DEECE66D) % (1 << 64)
    t["deck"].reverse()
    if len(t["discard"]) > 2:
        under = t["discard"][:-1]
        under.reverse()
        t["discard"][:-1] = under
    for s in range(t["players"]):
        if s != seat and t["hands"][s] and t["deck"]:
            t["hands"][s][0], t["deck"][0] = t["deck"][0], t["hands"][s][0]
            break
    return t


def _seats(state: State) -> list[int]:
    return sorted(G.prompt(state))


@pytest.mark.parametrize("players", PLAYERS)
def test_a_determinization_shows_the_seat_what_it_saw(players: int) -> None:
    """The seat's view and legal actions are the true ones, and every card is somewhere once."""
    every_card = sorted(k.id for k in C.cards)
    for i, state in enumerate(positions(players)):
        for seat in range(players):
            det = sh_ai.determinize(state, seat, random.Random(i))
            assert G.view(det, seat) == G.view(state, seat)
            cards = det["deck"] + det["discard"] + [k for h in det["hands"] for k in h]
            assert sorted(cards) == every_card
            if seat in G.prompt(state):
                assert G.legal(det, seat) == G.legal(state, seat)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_level_plays_a_legal_move(players: int) -> None:
    asked_out_of_turn = simultaneous = 0
    for i, state in enumerate(positions(players, (12,), 61)):
        asked = _seats(state)
        asked_out_of_turn += state["phase"] in OUT_OF_TURN
        simultaneous += len(asked) > 1
        for seat in asked:
            legal = G.legal(state, seat)
            for level in ai.ARENA_LEVELS:
                budget = {"medium": 2, "hard": 12}.get(level)
                assert ai.decide(G, state, seat, level, i, budget=budget, seconds=60) in legal
    assert asked_out_of_turn > 0 and simultaneous > 0


def two_defenders(players: int) -> State:
    """A revolt against two players who both have a centurion where they are targeted: both
    are asked at once what their centurions protect (tests/sevenhills/test_revolt.py)."""
    state = clear_board(at_act(started(players)))
    give(state, 0, ["red-slave-1", "red-slave-2", "blue-slave-1", "green-knight-1"])
    for v in (1, 2):
        place(state, v, "caelian", "knight")
        place(state, v, "caelian", "centurion")
    state, _ = act(state, 0, "revolt red-slave-1 red-slave-2 blue-slave-1")
    state, _ = act(state, 0, "target @1 caelian knight")
    state, _ = act(state, 0, "target @2 caelian knight")
    assert sorted(G.prompt(state)) == [1, 2]
    return state


def test_two_defenders_asked_at_once_each_decide_alone() -> None:
    state = two_defenders(4)
    for seat in _seats(state):
        legal = G.legal(state, seat)
        for level in ai.ARENA_LEVELS:
            budget = {"medium": 2, "hard": 24}.get(level)
            move = ai.decide(G, state, seat, level, 3, budget=budget, seconds=60)
            assert move in legal
            other = twin(state, seat)
            assert ai.decide(G, other, seat, level, 3, budget=budget, seconds=60) == move


def test_the_same_seed_gives_the_same_move() -> None:
    for state in positions(4)[::6]:
        seat = _seats(state)[0]
        for level, budget in (("easy", None), ("medium", 3), ("hard", 40)):
            moves = {ai.decide(G, state, seat, level, 5, budget=budget, seconds=60)
                     for _ in range(2)}
            assert len(moves) == 1


def test_the_candidates_keep_every_move_but_most_exchanges() -> None:
    for players in PLAYERS:
        for state in positions(players):
            for seat in _seats(state):
                legal = G.legal(state, seat)
                picked = sh_ai.candidates(state, seat, legal, random.Random(0))
                assert picked and set(picked) <= set(legal)
                assert [t for t in legal if not t.startswith("exchange ")] == [
                    t for t in picked if not t.startswith("exchange ")]
                assert sum(t.startswith("exchange ") for t in picked) <= 5
                assert picked == sh_ai.candidates(twin(state, seat), seat, legal,
                                                  random.Random(0))


def test_an_exchange_gives_away_a_lone_card_not_a_placement() -> None:
    state = positions(3)[5]
    seat = _seats(state)[0]
    hand = ["red-noble", "red-knight-1", "red-plebeian-1", "blue-plebeian-2"]
    picked = sh_ai.candidates({**state, "phase": "act", "hands": [hand] * 3}, seat,
                              ["exchange " + " ".join(B.sort_cards([k])) for k in hand]
                              + ["exchange red-noble red-knight-1 red-plebeian-1"],
                              random.Random(0))
    assert "exchange blue-plebeian-2" in picked
    assert "exchange red-noble" not in picked  # the noble of a colour held three times
    assert "exchange red-noble red-knight-1 red-plebeian-1" not in picked


def test_the_evaluation_is_a_share_of_the_win() -> None:
    for players in PLAYERS:
        for state in positions(players):
            if G.outcome(state) is not None:
                continue
            shares = [sh_ai.evaluate(state, s) for s in range(players)]
            assert all(0.0 < x < 1.0 for x in shares)
    state = positions(3)[4]
    ahead = copy_state(state)
    ahead["prestige"][0] += 15
    assert sh_ai.evaluate(ahead, 0) > sh_ai.evaluate(state, 0) + 0.05
    assert sh_ai.evaluate(ahead, 1) < sh_ai.evaluate(state, 1)
    placed = copy_state(state)
    hill = C.new_hills(state["era"])[0]
    for _ in range(3):
        if placed["supply"][0]["knight"]:
            B.put(placed, hill, 0, "knight")
    assert sh_ai.evaluate(placed, 0) > sh_ai.evaluate(state, 0)
