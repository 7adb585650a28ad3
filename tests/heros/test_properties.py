"""Properties over random playouts: every legal text applies, a refused text changes nothing,
population and gold are conserved, the history replays, and no hidden hero leaks into the public
view, the other seats' views, public events or refusal messages."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction, copy_state, play, replay
from engine.heros.game import population_cap
from engine.policy import walk

from .helpers import G, fresh

MAX_STEPS = 5000


def conserved(state) -> None:
    n = state["players"]
    cap = population_cap(n)
    for s in range(n):
        on_board = sum(state["pop"][t][s] for t in state["pop"])
        assert on_board + state["supply"][s] == cap
        assert state["supply"][s] >= 0 and state["gold"][s] >= 0
    assert sum(state["gold"]) + state["bank"] == 60
    assert all(v >= 0 for pops in state["pop"].values() for v in pops)


def hidden(state, seat):
    """Hero ids hidden from `seat`: other hands and the deck."""
    out = set(state["deck"])
    for s, hand in enumerate(state["hands"]):
        if s != seat:
            out |= set(hand)
    return out - set(state["row"]) - {h for p in state["played"] for h in p}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(3):
        rnd = random.Random(seed)
        state = fresh(players, seed)
        history = []
        for step in range(MAX_STEPS):
            if G.outcome(state) is not None:
                break
            conserved(state)
            seat = rnd.choice(sorted(G.prompt(state)))
            legal = G.legal(state, seat)
            assert legal and len(legal) == len(set(legal))
            if step % 7 == 0:  # every legal text applies
                for text in legal[:12]:
                    play(G, state, seat, text)
            if step % 5 == 0:  # a refused text changes nothing and tells nothing hidden
                before = copy_state(state)
                for bad in ("take nobody", "place atlantis 3", "buy 3", "wonder x", "end now"):
                    with pytest.raises(IllegalAction) as refused:
                        play(G, state, seat, bad)
                    text = json.dumps(refused.value.msg.to_json())
                    assert not any(h in text for h in hidden(state, seat))
                assert state == before
            text = walk(legal, rnd)
            state, events = play(G, state, seat, text)
            history.append((seat, text))
            public = json.dumps(G.view(state, None)) + json.dumps(
                [e.to_json() for e in events if e.to is None])
            secret = hidden(state, -1)
            assert not any(f'"{h}"' in public for h in secret), text
            other = (seat + 1) % players
            mine = json.dumps(G.view(state, other))
            assert not any(f'"{h}"' in mine for h in hidden(state, other))
            for s in range(players):  # other seats' legal texts: only when asked
                if s not in G.prompt(state):
                    assert G.legal(state, s) == []
        else:
            raise AssertionError("no end")
        conserved(state)
        assert replay(G, players, seed, {}, history) == state


def test_an_illegal_action_changes_nothing() -> None:
    state = fresh(3)
    before = copy_state(state)
    for bad in ("place europe", "fly", "", "take deck", "place china 2"):
        with pytest.raises(IllegalAction):
            play(G, state, 0, bad)
    assert state == before
    with pytest.raises(IllegalAction) as refused:
        play(G, state, 1, "place china")
    assert refused.value.msg.key == "error.not_your_turn"


def test_hands_only_in_the_own_view() -> None:
    state = fresh(3, 5)
    public = G.view(state, None)
    assert "hand" not in public and all(isinstance(s["hand"], int) for s in public["seats"])
    mine = G.view(state, 1)
    assert [h["id"] for h in mine["hand"]] == sorted(state["hands"][1])
    assert not any(h in json.dumps(public) for h in state["hands"][1])
    assert not any(h in json.dumps(public) for h in state["deck"])


def test_refusals_say_why_in_the_players_terms() -> None:
    from .helpers import after_setup

    state = after_setup(3)
    with pytest.raises(IllegalAction) as refused:
        play(G, state, 0, "dance")
    assert refused.value.msg.key == "error.unknown_action"
    with pytest.raises(IllegalAction) as refused:
        play(G, state, 0, "buy")
    assert refused.value.msg.key == "heros.error.not_now"
    state, _ = play(G, state, 0, "take deck")
    absent = next(h for h in state["row"])
    with pytest.raises(IllegalAction) as refused:
        play(G, state, 0, f"play {absent}")
    assert refused.value.msg.key == "heros.error.not_in_hand"
