"""The end's score details name the expansions' points, which the totals already hold
(001 Fin de partie: the Senate's chambers count; 004: leaders' points count)."""

from __future__ import annotations

from engine.duel import Duel

from .playouts import playout

G = Duel()


def test_the_details_name_senate_and_leader_points() -> None:
    _, state, _ = playout(2, "agora+all")
    outcome = G.outcome(state)
    assert outcome is not None
    keys = [m.key for m in outcome.details]
    assert keys.count("duel.outcome.detail_senate") == 2
    assert keys.count("duel.outcome.detail_leaders") == 2
    points = state["outcome"]["points"]
    for msg in outcome.details[2:]:
        part = msg.key.rsplit("_", 1)[1]
        assert msg.params["n"] == points[msg.params["seat"]["seat"]][part]


def test_the_base_game_details_are_unchanged() -> None:
    from tests.duel.playouts import playout as base

    _, state, _ = base(4)
    assert [m.key for m in G.outcome(state).details] == ["duel.outcome.detail"] * 2
