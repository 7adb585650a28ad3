"""The end's score lines name the expansions' points, which the totals already hold
(001 Fin de partie: the Senate's chambers count; 004: leaders' points count), and only the
categories that are not zero."""

from __future__ import annotations

from engine.core import Msg
from engine.duel import Duel
from engine.duel.scoring import CATEGORIES

from .playouts import playout

G = Duel()


def _parts(line: Msg) -> dict[str, int]:
    """category -> points, from a seat's score line."""
    parts = line.params["parts"]
    listed = parts.params["parts"] if isinstance(parts, Msg) else ()
    return {m.key.removeprefix("duel.outcome.part_"): m.params["n"] for m in listed}


def test_the_score_lines_name_senate_and_leader_points() -> None:
    _, state, _ = playout(2, "agora+all")
    outcome = G.outcome(state)
    assert outcome is not None
    points = state["outcome"]["points"]
    for seat in (0, 1):
        line = outcome.score_of(seat)
        assert line is not None and line.params["n"] == points[seat]["total"]
        told = _parts(line)
        assert told == {c: n for c, n in points[seat].items() if c != "total" and n}
        assert {"senate", "leaders"} & {c for c, n in points[seat].items() if n} <= set(told)
    assert outcome.notes() == ()


def test_the_base_game_lines_have_the_base_categories() -> None:
    from tests.duel.playouts import playout as base

    _, state, _ = base(4)
    outcome = G.outcome(state)
    assert [m.key for m in outcome.details] == ["duel.outcome.score"] * 2
    for seat in (0, 1):
        assert set(_parts(outcome.score_of(seat))) <= set(CATEGORIES)
