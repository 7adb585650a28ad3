"""End of an age, who begins the next, civilian scoring and its tie-break (7wd.md §1.7; §1.2
guilds; §1.4 Mathematics; §1.5 military points)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.duel import scoring

from .helpers import G, act, build, coins, give, keys, ready, tokens


def last_card(s, card: str = "altar") -> None:
    """Leave a single (accessible) card in the structure."""
    for slot in s["structure"]:
        slot["card"] = None
    s["structure"][0].update(card=card, up=True)


@pytest.mark.parametrize(("pawn", "chooser"), [(3, 1), (-1, 0)])
def test_the_weaker_military_chooses_who_begins_the_next_age(pawn: int, chooser: int) -> None:
    s = ready()
    s["pawn"] = pawn
    last_card(s)
    s, ev = act(s, 0, "construct altar free")
    assert s["age"] == 2 and s["phase"] == "start" and s["active"] == chooser
    assert "duel.log.age" in keys(ev)
    # the new structure is laid before the choice: the chooser sees its face-up cards
    assert len(s["structure"]) == 20 and s["decks"]["2"] == []
    assert sorted(G.legal(s, chooser)) == ["start @0", "start @1"]
    s, _ = act(s, chooser, "start @1")
    assert s["phase"] == "play" and s["active"] == 1


@pytest.mark.parametrize("last", [0, 1])
def test_with_the_pawn_centred_the_last_active_player_chooses(last: int) -> None:
    s = ready()
    s["active"] = s["turn"] = last
    last_card(s)
    s, _ = act(s, last, "construct altar free")
    assert s["phase"] == "start" and s["active"] == last


def test_play_again_is_lost_at_the_end_of_an_age() -> None:
    s = ready(wonders=(("the-sphinx",), ("the-pyramids",)))
    coins(s, 0, 30)
    last_card(s)
    s, _ = act(s, 0, "wonder the-sphinx altar pay 8")
    assert s["phase"] == "start" and s["play_again"] is False


def test_start_needs_a_seat() -> None:
    s = ready()
    last_card(s)
    s, _ = act(s, 0, "construct altar free")
    with pytest.raises(IllegalAction) as e:
        act(s, 0, "start @2")
    assert e.value.msg.key == "duel.error.start_seat"


def test_after_age_three_the_game_ends_by_civilian_scoring() -> None:
    s = ready()
    s["age"] = 3
    last_card(s, "palace")
    give(s, 0, "clay-pool", "quarry", "lumber-yard", "glassworks", "glass-blower")
    s, ev = act(s, 0, "construct palace free")
    out = G.outcome(s)
    assert out is not None and out.reason.key == "duel.outcome.civilian"
    assert out.winners == (0,) and out.scores == (7 + 2, 2)  # palace 7 + coins 7//3 each
    assert s["phase"] == "over" and "duel.log.age_end" in keys(ev)
    assert [d.key for d in out.details] == ["duel.outcome.score"] * 2
    # who has which total, and only the categories that are not zero (palace 7, coins 2)
    assert [m.params for m in ev[-1].msg.params["scores"]] == [
        {"seat": {"seat": 0}, "n": 9}, {"seat": {"seat": 1}, "n": 2}]
    parts = out.score_of(0).params["parts"].params["parts"]
    assert [(m.key, m.params["n"]) for m in parts] == [
        ("duel.outcome.part_blue", 7), ("duel.outcome.part_coins", 2)]


def _scored(s) -> list[dict]:
    return scoring.breakdown(s)


def test_score_categories() -> None:
    s = ready()
    give(s, 0, "altar", "workshop", "port", "merchants-guild")  # blue 3, green 1, yellow 3
    give(s, 1, "tavern", "brewery")
    build(s, 0, "the-pyramids")
    tokens(s, 0, "agriculture", "mathematics")
    coins(s, 0, 11)
    s["pawn"] = 4
    p = _scored(s)[0]
    assert p["blue"] == 3 and p["green"] == 1 and p["yellow"] == 3
    assert p["purple"] == 2  # merchants: 1 per yellow card in the city with most (the opponent's 2)
    assert p["wonders"] == 9
    assert p["progress"] == 4 + 3 * 2  # Agriculture 4, Mathematics 3 per token incl. itself
    assert p["coins"] == 3 and p["military"] == 5
    assert p["total"] == 3 + 1 + 3 + 2 + 9 + 10 + 3 + 5
    assert _scored(s)[1]["military"] == 0  # only the player the pawn advances for


@pytest.mark.parametrize(
    ("pawn", "points"), [(0, 0), (1, 2), (2, 2), (3, 5), (5, 5), (6, 10), (8, 10)]
)
def test_military_points_by_distance_7wd_1_5(pawn: int, points: int) -> None:
    assert scoring.military_points(pawn, 0) == points
    assert scoring.military_points(-pawn, 1) == points
    assert scoring.military_points(pawn, 1) == 0 or pawn == 0


@pytest.mark.parametrize(
    ("guild", "mine", "theirs", "points"),
    [
        ("builders-guild", 1, 2, 4),  # 2 per wonder in the city with most wonders
        ("moneylenders-guild", 0, 0, 4),  # 1 per 3 coins in the richest city (13 coins)
        ("tacticians-guild", 0, 0, 2),
        ("scientists-guild", 0, 0, 1),
    ],
)
def test_guild_points(guild: str, mine: int, theirs: int, points: int) -> None:
    s = ready()
    give(s, 0, guild, "walls", "workshop")
    give(s, 1, "stable", "guard-tower")
    coins(s, 1, 13)
    for w in ("the-pyramids",)[:mine]:
        build(s, 0, w)
    for w in ("circus-maximus", "piraeus")[:theirs]:
        build(s, 1, w)
    assert _scored(s)[0]["purple"] == points


def test_tie_goes_to_most_blue_points_then_shared() -> None:
    s = ready()
    s["age"] = 3
    last_card(s, "lumber-yard")
    give(s, 0, "altar")  # blue 3
    build(s, 0, "the-statue-of-zeus")  # 3
    coins(s, 0, 6)  # + 2 from the discard below: 8 coins, 2 points -> 8
    give(s, 1, "workshop", "apothecary", "port")  # 1 + 1 + 3, no blue
    build(s, 1, "circus-maximus")  # 3 -> 8
    coins(s, 1, 0)
    s, _ = act(s, 0, "discard lumber-yard gain 2")
    out = G.outcome(s)
    assert out.scores == (8, 8) and out.winners == (0,)  # blue cards decide
    s2 = ready()
    s2["age"] = 3
    last_card(s2, "lumber-yard")
    coins(s2, 0, 5)
    coins(s2, 1, 7)
    s2, _ = act(s2, 0, "discard lumber-yard gain 2")
    out2 = G.outcome(s2)
    assert out2.scores == (2, 2) and out2.winners == (0, 1)
    assert out2.reason.key == "duel.outcome.civilian_shared"


@pytest.mark.parametrize(
    ("owned", "points"),
    [
        (["agriculture"], 4),
        (["philosophy"], 7),
        (["law", "economy"], 0),
        (["mathematics"], 3),
        (["mathematics", "philosophy", "law"], 9 + 7),
    ],
)
def test_progress_token_points_7wd_1_4(owned: list[str], points: int) -> None:
    s = ready()
    tokens(s, 0, *owned)
    assert _scored(s)[0]["progress"] == points
