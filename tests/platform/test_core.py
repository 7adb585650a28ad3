"""The game contract's helpers: messages, options, the random generator, play and replay."""

from __future__ import annotations

import random

import pytest

from engine import Event, IllegalAction, Msg, Outcome, parse_options, play, replay, rng
from engine.policy import walk
from tests.platform.toy import Toy


def test_msg_and_event_round_trip_through_json() -> None:
    msg = Msg("k", {"who": Msg.seat(2), "what": Msg("inner", {"n": 3}), "list": (1, Msg("x"))})
    assert Msg.from_json(msg.to_json()) == msg
    event = Event(msg, to=(1,))
    assert Event.from_json(event.to_json()) == event
    assert event.visible_to(1) and not event.visible_to(0) and not event.visible_to(None)
    out = Outcome((0, 2), (5, 3, 5), Msg("r"), (Msg("d"),))
    assert Outcome.from_json(out.to_json()) == out


def test_parse_options() -> None:
    game = Toy()
    assert parse_options(game, []) == {}
    assert parse_options(game, ["BIG"]) == {"big": True}
    for bad in (["huge"], ["big=3"]):
        with pytest.raises(IllegalAction):
            parse_options(game, bad)


def test_a_choice_named_alone_takes_its_bare_value() -> None:
    """`--option leaders` means `leaders=all` (OptionSpec.bare); a choice without `bare` still
    needs its value."""
    from engine.core import Game, OptionSpec

    class Choices(Game):
        key = "choices"
        options = (
            OptionSpec("leaders", Msg("x"), values=("all", "points"), bare="all"),
            OptionSpec("panel", Msg("y"), values=("a", "b")),
        )

    game = Choices()
    assert parse_options(game, ["leaders"]) == {"leaders": "all"}
    assert parse_options(game, ["leaders=points"]) == {"leaders": "points"}
    with pytest.raises(IllegalAction):
        parse_options(game, ["panel"])
    with pytest.raises(IllegalAction):
        parse_options(game, ["leaders=most"])


def test_rng_is_deterministic_and_uniform_enough() -> None:
    a, b = {"rng": rng.seed_state(9)}, {"rng": rng.seed_state(9)}
    assert [rng.randbelow(a, 6) for _ in range(50)] == [rng.randbelow(b, 6) for _ in range(50)]
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randbelow(a, 6)] += 1
    assert min(counts) > 850 and max(counts) < 1150
    items = list(range(10))
    rng.shuffle(a, items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    with pytest.raises(ValueError):
        rng.randbelow(a, 0)


def test_play_never_modifies_its_input() -> None:
    game = Toy()
    state = game.setup(2, 1, {})
    frozen = repr(state)
    new, events = play(game, state, 0, "  TAKE   2 ")
    assert repr(state) == frozen and new["pile"] == 3 and events
    with pytest.raises(IllegalAction):
        play(game, state, 0, "take 9")
    with pytest.raises(IllegalAction) as e:
        play(game, state, 1, "take 1")
    assert e.value.msg.key == "error.not_your_turn"
    assert repr(state) == frozen


def test_replay_and_random_walk() -> None:
    game = Toy()
    r = random.Random(4)
    state, history = game.setup(3, 77, {"big": True}), []
    while game.outcome(state) is None:
        seat = next(iter(game.prompt(state)))
        text = walk(game.legal(state, seat), r)
        history.append((seat, text))
        state, _ = play(game, state, seat, text)
    assert replay(game, 3, 77, {"big": True}, history) == state
    with pytest.raises(IllegalAction) as e:
        play(game, state, 0, "take 1")
    assert e.value.msg.key == "error.game_over"


def test_walk_offers_each_first_word_evenly() -> None:
    legal = ["end"] + [f"seek {n} x{k}" for n in range(5) for k in range(100)]
    r = random.Random(1)
    picks = [walk(legal, r) for _ in range(400)]
    assert 150 < picks.count("end") < 250  # not 1 in 501
