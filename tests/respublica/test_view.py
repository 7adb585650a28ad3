"""The view contract the renderer relies on, and hidden information (ARCHITECTURE: « Hidden
information ... exists only in the views of those who may see it »; 003, Préparation du jeu:
hands « face cachée », decks « face cachée »)."""

from __future__ import annotations

import json

from .helpers import G, act, new, run, set_hand

KEYS = {"game", "variant", "players", "viewer", "active", "phase", "prompt", "last_round",
        "last_drawer", "piles", "seats", "trade", "outcome", "kinds"}


def test_view_has_the_renderer_keys():
    state = new(4)
    for viewer in (None, 0, 3):
        view = G.view(state, viewer)
        assert view.keys() >= KEYS
        assert view["game"] == "res-publica" and view["variant"] == "full"
        assert view["players"] == 4 and view["viewer"] == viewer
        assert view["phase"] == "turn" and view["prompt"] == [0]
        assert set(view["piles"]) == {"people", "civilisation", "towns", "cities", "churches",
                                      "libraries"}
        assert all({"hand", "groups", "points", "cities", "libraries"} <= s.keys()
                   for s in view["seats"])
        assert [s["hand"] for s in view["seats"]] == [4, 4, 4, 4]
        assert view["kinds"][0] == {"kind": "anglo-saxons", "family": "people"}
        assert view["kinds"][-1] == {"kind": "books", "family": "civilisation"}
        json.dumps(view)


def test_only_the_viewer_sees_their_hand():
    state = new(3)
    set_hand(state, 1, {"huns": 2, "alchemy": 1})
    assert "hand" not in G.view(state, None)
    assert G.view(state, 1)["hand"] == {"huns": 2, "alchemy": 1}
    assert G.view(state, 0)["hand"] == {k: n for k, n in state["hands"][0].items() if n}


def test_other_hands_and_deck_order_do_not_change_public_views():
    state = new(3)
    before = [json.dumps(G.view(state, v), sort_keys=True) for v in (None, 0)]
    set_hand(state, 1, {"monks": 3, "goths": 1})
    state["decks"]["people"].reverse()
    state["decks"]["civilisation"].reverse()
    after = [json.dumps(G.view(state, v), sort_keys=True) for v in (None, 0)]
    assert before == after


def test_trade_view_is_public_and_complete():
    """Everything announced is public (003, Commerce: answers are announced in turn)."""
    state = new(3)
    set_hand(state, 1, {"goths": 1})
    state, _ = run(state, (0, "seek 1 goths"), (1, "answer 2 huns"))
    trade = G.view(state, None)["trade"]
    assert trade == {"by": 0, "mode": "seek", "proposal": "1 goths",
                     "answers": [{"seat": 1, "answer": "2 huns"}, {"seat": 2, "answer": None}],
                     "accepted": None}
    assert G.view(state, None)["phase"] == "answers" and G.view(state, None)["prompt"] == [2]
    state, _ = act(state, 2, "pass")
    assert G.view(state, None)["phase"] == "accept"
