"""Setup and the wonder draft (7wd.md §1.7 Setup, Wonder draft, Decks)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.duel import cards as C

from .helpers import G, act, new, run


def test_two_players_only() -> None:
    with pytest.raises(IllegalAction) as e:
        G.setup(3, 1, {})
    assert e.value.msg.key == "duel.error.players"


def test_seven_coins_each_pawn_centred_four_looting_tokens() -> None:
    s = new()
    assert [p["coins"] for p in s["players"]] == [7, 7]
    assert s["pawn"] == 0 and s["loot"] == [False] * 4


def test_five_progress_tokens_on_the_board_the_rest_in_the_box() -> None:
    s = new()
    assert len(s["board_tokens"]) == 5 and len(s["box_tokens"]) == 5
    assert sorted(s["board_tokens"] + s["box_tokens"]) == sorted(C.ids("progress"))


def test_three_cards_removed_per_age_and_three_guilds_in_age_three() -> None:
    s = new()
    for age in ("1", "2", "3"):
        assert len(s["removed"][age]) == 3
        assert len(s["decks"][age]) == 20
    guilds = [c for c in s["decks"]["3"] if C.get(c).colour == "purple"]
    assert len(guilds) == 3 and len(s["removed"]["guilds"]) == 4
    every = [c for d in s["decks"].values() for c in d] + [
        c for r in s["removed"].values() for c in r
    ]
    assert sorted(every) == sorted(C.ids("card"))


def test_setup_is_deterministic_and_varies_with_the_seed() -> None:
    assert new(5) == new(5)
    assert new(5)["decks"] != new(6)["decks"]


def test_draft_order_first_1_second_2_first_last_then_reversed() -> None:
    s = new(3)
    first = list(s["draft"]["offer"])
    assert G.prompt(s).keys() == {0}
    s, ev = run(s, (0, f"draft {first[0]}"), (1, f"draft {first[1]}"), (1, f"draft {first[2]}"))
    # seat 0 takes the last of the group without being asked
    assert [w["id"] for w in s["players"][0]["wonders"]] == [first[0], first[3]]
    assert [w["id"] for w in s["players"][1]["wonders"]] == first[1:3]
    second = list(s["draft"]["offer"])
    assert len(second) == 4 and not set(second) & set(first)
    assert G.prompt(s).keys() == {1}
    s, _ = run(s, (1, f"draft {second[0]}"), (0, f"draft {second[1]}"), (0, f"draft {second[2]}"))
    assert [w["id"] for w in s["players"][1]["wonders"]] == first[1:3] + [second[0], second[3]]
    assert [w["id"] for w in s["players"][0]["wonders"]] == [first[0], first[3]] + second[1:3]
    # the draft is over: Age I is laid and the first player begins
    assert s["draft"] is None and s["age"] == 1 and s["phase"] == "play" and s["active"] == 0
    assert len(s["wonder_pool"]) == 4  # back in the box, unseen


def test_only_offered_wonders_can_be_drafted() -> None:
    s = new(3)
    hidden = s["wonder_pool"][0]
    with pytest.raises(IllegalAction) as e:
        act(s, 0, f"draft {hidden}")
    assert e.value.msg.key == "duel.error.not_offered"


def test_age_one_structure_after_the_draft_7wd_1_6() -> None:
    s = new(4)
    for _ in range(6):
        seat = next(iter(G.prompt(s)))
        s, _ = act(s, seat, G.legal(s, seat)[0])
    struct = s["structure"]
    assert len(struct) == 20
    assert sum(slot["up"] for slot in struct) == 12
    assert s["decks"]["1"] == []
    # the bottom row (6 cards) is accessible at the start of Age I
    view = G.view(s, None)
    assert [sl["row"] for sl in view["structure"] if sl["accessible"]] == [5] * 6


def test_the_game_key_is_registered() -> None:
    from engine import registry

    game = registry.get("duel")
    assert game.key == "duel" and game.module == "duel"
    assert (game.min_players, game.max_players) == (2, 2)
    assert {o.name for o in game.options} <= {"agora", "leaders"}  # the expansions' options
