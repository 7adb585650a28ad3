"""What each seat sees (issue: « Render: ... the owner's conspiracies in the ephemeral hand
(prepared or not), the opponent's as backs »; « no conspiracy or face-down decree ever appears in a
public view, log line or error »). 001_0bfc4baf4f650892.txt §C: conspiracies « face cachée »."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction, play
from engine.duel.agora import data as agora_data
from engine.duel.agora import rules as agora

from .helpers import OPTIONS, G, act, offer, plot, ready
from .playouts import check_invariants, check_no_leak, policies, scrambled

PLOTS = set(agora_data.load().plots)
BAD = ("trigger 1", "trigger 3", "prepare 2 lumber-yard", "keep 3 top", "place 7", "move 1 3",
       "remove 2", "shift 1 1", "take the-pyramids", "build quarry", "obscure law", "conspire",
       "recruit conspirator-a pay 3", "skip", "swap altar")


def _hidden_ids(state: dict) -> set[str]:  # type: ignore[type-arg]
    ag = state["agora"]
    out = set(ag["plot_deck"]) | set(ag["draw"]) | set(ag["decree_box"])
    out |= {p["id"] for s in (0, 1) for p in ag["plots"][s] if not p["done"]}
    out |= {d["id"] for ch in ag["senate"] for d in ch["decrees"] if not d["up"]}
    return out


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 16, 17])
def test_every_step_keeps_hidden_things_hidden(seed: int) -> None:
    rnd = random.Random(seed)
    pols = policies(seed)
    state = G.setup(2, seed, OPTIONS)
    while G.outcome(state) is None:
        check_no_leak(state, rnd)
        check_invariants(state)
        hidden = _hidden_ids(state)
        public = json.dumps(G.view(state, None))
        assert not any(f'"{h}"' in public for h in hidden)
        seat = next(iter(G.prompt(state)))
        legal = G.legal(state, seat)
        assert not PLOTS & {w for t in legal for w in t.split()}
        for bad in BAD:  # errors name nothing hidden
            if bad in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                play(G, state, seat, bad)
            assert not any(h in str(err.value.msg) for h in hidden), (bad, err.value.msg)
        state, events = play(G, state, seat, pols[seat](legal, rnd))
        for e in events:
            if e.to is None and e.msg.key != "duel.agora.log.trigger":
                assert not any(h in repr(e.msg) for h in _hidden_ids(state) | hidden - {
                    d["id"] for ch in state["agora"]["senate"] for d in ch["decrees"] if d["up"]
                }), e.msg


def test_owner_sees_its_conspiracies_the_opponent_backs() -> None:
    state = ready()
    plot(state, 0, "coup")
    plot(state, 0, "treason", card="lumber-yard")
    mine, theirs, public = G.view(state, 0), G.view(state, 1), G.view(state, None)
    assert mine["private"]["agora"]["plots"] == ["coup", "treason"]
    assert theirs["private"]["agora"]["plots"] == []
    shown = public["agora"]["players"][0]["plots"]
    assert shown == [
        {"id": None, "prepared": False, "card": None, "triggered": False},
        {"id": None, "prepared": True, "card": "lumber-yard", "triggered": False},
    ]
    assert theirs["agora"] == public["agora"]


def test_a_triggered_conspiracy_is_public() -> None:
    # 001_0bfc4baf4f650892.txt §C « révélez la carte Complot déclenchée ... Gardez la carte Complot face visible »
    state = ready()
    plot(state, 0, "coup", card="lumber-yard")
    state, _ = act(state, 0, "trigger 1")
    assert G.view(state, None)["agora"]["players"][0]["plots"][0]["id"] == "coup"


def test_senators_have_their_own_back() -> None:
    # 001_0bfc4baf4f650892.txt §ÉLÉMENTS DE JEU « Cartes Sénateur »: « possèdent un dos différent »
    state = ready()
    slots = G.view(state, None)["structure"]
    assert {s["back"] for s in slots} == {"age1", "senator"}
    assert sum(s["back"] == "senator" for s in slots) == 5  # §MISE EN PLACE: 5 in Age I
    offer(state, "politician-left-a")
    slots = G.view(state, None)["structure"]
    open_ = next(s for s in slots if s["card"] == "politician-left-a")
    assert open_["price"] == [0, 0]


def test_scramble_changes_the_hidden_state() -> None:
    state = ready()
    plot(state, 1, "coup")
    other = scrambled(state, random.Random(1), 0)
    assert other["agora"]["plot_deck"] != state["agora"]["plot_deck"] or \
        other["agora"]["plots"][1] != state["agora"]["plots"][1]


def test_what_reveals_something_cannot_be_undone() -> None:
    state = ready()
    offer(state, "politician-left-a")
    after, _ = act(state, 0, "recruit politician-left-a free")
    assert agora.undoable(state, after)  # Duel.undoable asks it
    revealed, _ = act(after, 0, "place 2")  # chamber 2's decree turns up
    assert not agora.undoable(after, revealed)
