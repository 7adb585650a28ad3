"""Card, wonder and token effects (7wd.md §1.2-1.5)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.duel.cards import get

from .helpers import G, act, build, coins, give, keys, legal_for, offer, ready, tokens


def _wonder(s, seat: int, wonder: str, card: str) -> tuple:
    coins(s, seat, 40)
    text = legal_for(s, seat, f"wonder {wonder} {card}")[0]
    return act(s, seat, text)


# --- play again (7wd.md §1.3, §1.4 Theology) ------------------------------------------------------


@pytest.mark.parametrize(
    "wonder",
    ["the-sphinx", "piraeus", "the-hanging-gardens", "the-temple-of-artemis", "the-appian-way"],
)
def test_play_again_wonders(wonder: str) -> None:
    s = ready(wonders=((wonder, "the-pyramids"), ("the-colossus",)))
    offer(s, "altar")
    s, ev = _wonder(s, 0, wonder, "altar")
    assert s["active"] == 0 and s["phase"] == "play"
    assert "duel.log.play_again" in keys(ev)


def test_a_wonder_without_play_again_passes_the_turn() -> None:
    s = ready()
    offer(s, "altar")
    s, _ = _wonder(s, 0, "the-pyramids", "altar")
    assert s["active"] == 1


def test_theology_gives_every_wonder_play_again_never_twice() -> None:
    s = ready()
    offer(s, "altar", "theater", "baths")
    tokens(s, 0, "theology")
    s, _ = _wonder(s, 0, "the-pyramids", "altar")
    assert s["active"] == 0
    s, _ = _wonder(s, 0, "the-temple-of-artemis", "theater")  # already plays again: once only
    assert s["active"] == 0
    s, _ = act(s, 0, "construct baths pay 2")
    assert s["active"] == 1


# --- wonders (7wd.md §1.3) ----------------------------------------------------------------------


def test_temple_of_artemis_hanging_gardens_appian_way_coins() -> None:
    s = ready(
        wonders=(
            ("the-temple-of-artemis", "the-hanging-gardens", "the-appian-way"),
            ("the-colossus",),
        )
    )
    offer(s, "altar", "theater", "baths")
    coins(s, 0, 20)
    coins(s, 1, 2)
    s, _ = act(s, 0, "wonder the-temple-of-artemis altar pay 8")
    assert s["players"][0]["coins"] == 20 - 8 + 12
    s, _ = act(s, 0, "wonder the-hanging-gardens theater pay 8")
    assert s["players"][0]["coins"] == 24 - 8 + 6
    s, ev = act(s, 0, "wonder the-appian-way baths pay 10")
    assert s["players"][0]["coins"] == 22 - 10 + 3
    assert s["players"][1]["coins"] == 0  # « loses 3 coins », all if fewer
    assert "duel.log.lose" in keys(ev)


def test_colossus_two_shields_and_strategy_does_not_add_to_wonders() -> None:
    s = ready(wonders=(("the-colossus",), ("the-pyramids",)))
    offer(s, "altar")
    tokens(s, 0, "strategy")
    s, _ = _wonder(s, 0, "the-colossus", "altar")
    assert s["pawn"] == 2


@pytest.mark.parametrize(
    ("wonder", "colour", "card"),
    [("the-statue-of-zeus", "brown", "quarry"), ("circus-maximus", "grey", "press")],
)
def test_statue_of_zeus_and_circus_maximus_destroy_an_opponents_card(wonder, colour, card) -> None:
    s = ready(wonders=((wonder,), ("the-pyramids",)))
    offer(s, "altar")
    give(s, 1, "quarry", "lumber-yard", "press", "altar")
    s, _ = _wonder(s, 0, wonder, "altar")
    assert s["phase"] == "destroy" and s["active"] == 0 and s["pawn"] == 1
    mine = [t.split()[1] for t in G.legal(s, 0)]
    assert all(get(c).colour == colour for c in mine)
    with pytest.raises(IllegalAction) as e:
        act(s, 0, "destroy altar")
    assert e.value.msg.key == "duel.error.cannot_destroy"
    s, ev = act(s, 0, f"destroy {card}")
    assert card not in s["players"][1]["cards"] and s["discard"][-1] == card
    assert s["active"] == 1 and s["phase"] == "play"


def test_destroy_with_nothing_to_destroy_asks_nothing() -> None:
    s = ready(wonders=(("the-statue-of-zeus",), ("the-pyramids",)))
    offer(s, "altar")
    give(s, 1, "press")
    s, _ = _wonder(s, 0, "the-statue-of-zeus", "altar")
    assert s["phase"] == "play" and s["active"] == 1


def test_mausoleum_constructs_a_discarded_card_for_free() -> None:
    s = ready(wonders=(("the-mausoleum",), ("the-pyramids",)))
    offer(s, "altar")
    s["discard"] = ["tavern", "workshop"]
    s, _ = _wonder(s, 0, "the-mausoleum", "altar")
    assert s["phase"] == "mausoleum"
    assert sorted(G.legal(s, 0)) == ["mausoleum tavern", "mausoleum workshop"]
    before = s["players"][0]["coins"]
    s, ev = act(s, 0, "mausoleum tavern")
    assert "tavern" in s["players"][0]["cards"] and s["discard"] == ["workshop"]
    assert s["players"][0]["coins"] == before + 4  # its effect applies, nothing paid
    assert "altar" not in s["discard"]  # the tucked card is not discarded


def test_mausoleum_with_an_empty_discard_asks_nothing() -> None:
    s = ready(wonders=(("the-mausoleum",), ("the-pyramids",)))
    offer(s, "altar")
    s, _ = _wonder(s, 0, "the-mausoleum", "altar")
    assert s["phase"] == "play" and s["active"] == 1


def test_great_library_draws_three_of_the_removed_tokens_privately() -> None:
    s = ready(wonders=(("the-great-library",), ("the-pyramids",)))
    offer(s, "altar")
    box = list(s["box_tokens"])
    s, ev = _wonder(s, 0, "the-great-library", "altar")
    assert s["phase"] == "library"
    drawn = s["library"]
    assert len(drawn) == 3 and set(drawn) <= set(box)
    assert sorted(G.legal(s, 0)) == sorted(f"progress {t}" for t in drawn)
    private = [e for e in ev if e.msg.key == "duel.log.library"]
    assert private and private[0].to == (0,)
    assert G.view(s, 0)["private"]["library"] == drawn
    assert "library" not in G.view(s, 1)["private"]
    for t in drawn:
        assert t not in str(G.view(s, None)) and t not in str(G.view(s, 1))
    board = list(s["board_tokens"])
    s, _ = act(s, 0, f"progress {drawn[1]}")
    assert s["players"][0]["tokens"] == [drawn[1]]
    assert s["board_tokens"] == board and drawn[1] not in s["box_tokens"]
    assert s["library"] == [] and s["active"] == 1


def test_seven_wonders_only_the_last_returns_to_the_box() -> None:
    s = ready()
    for w in (
        "the-pyramids",
        "the-great-lighthouse",
        "the-temple-of-artemis",
        "the-statue-of-zeus",
    ):
        build(s, 0, w)
    for w in ("circus-maximus", "piraeus"):
        build(s, 1, w)
    s["active"] = s["turn"] = 1
    offer(s, "altar")
    s, ev = _wonder(s, 1, "the-colossus", "altar")
    assert s["boxed_wonder"] == "the-appian-way" and "duel.log.boxed" in keys(ev)
    assert legal_for(s, 0, "wonder") == []
    s["active"] = s["turn"] = 1
    with pytest.raises(IllegalAction) as e:
        act(s, 1, "wonder the-appian-way theater pay 10")
    assert e.value.msg.key == "duel.error.wonder_limit"


# --- science (7wd.md §1.4) ----------------------------------------------------------------------


def test_a_pair_of_symbols_takes_a_progress_token_from_the_board() -> None:
    s = ready()
    offer(s, "workshop")
    give(s, 0, "laboratory")  # plumb, like the Workshop
    s["board_tokens"] = ["agriculture", "law", "philosophy", "strategy", "urbanism"]
    s, _ = act(s, 0, "construct workshop pay 2")
    assert s["phase"] == "progress" and s["active"] == 0
    assert sorted(G.legal(s, 0)) == sorted(f"progress {t}" for t in s["board_tokens"])
    s, _ = act(s, 0, "progress agriculture")
    assert s["players"][0]["tokens"] == ["agriculture"]
    assert s["players"][0]["coins"] == 7 - 2 + 6
    assert s["board_tokens"][0] is None
    assert s["phase"] == "play" and s["active"] == 1
    with pytest.raises(IllegalAction):
        act(s, 1, "progress law")


def test_a_pair_with_no_token_left_asks_nothing() -> None:
    s = ready()
    offer(s, "workshop")
    give(s, 0, "laboratory")
    s["board_tokens"] = [None] * 5
    s, _ = act(s, 0, "construct workshop pay 2")
    assert s["phase"] == "play" and s["active"] == 1


def test_six_different_symbols_win_at_once() -> None:
    s = ready()
    offer(s, "workshop")
    give(s, 0, "apothecary", "scriptorium", "pharmacist", "academy", "university")
    s, ev = act(s, 0, "construct workshop pay 2")
    out = G.outcome(s)
    assert out is not None and out.winners == (0,) and out.reason.key == "duel.outcome.science"
    assert s["phase"] == "over" and G.legal(s, 0) == [] and G.prompt(s) == {}


def test_law_counts_for_supremacy() -> None:
    s = ready()
    offer(s, "workshop")
    give(s, 0, "laboratory", "apothecary", "scriptorium", "pharmacist")
    s["board_tokens"] = ["law", None, None, None, None]
    s, _ = act(s, 0, "construct workshop pay 2")  # a pair, 4 different symbols
    s, _ = act(s, 0, "progress law")
    assert G.outcome(s) is None  # 5 different symbols with Law
    s2 = ready()
    offer(s2, "workshop")
    give(s2, 0, "laboratory", "apothecary", "scriptorium", "pharmacist", "academy")
    s2["board_tokens"] = ["law", "agriculture", None, None, None]
    s2, _ = act(s2, 0, "construct workshop pay 2")  # 5 symbols and a pair
    s2, _ = act(s2, 0, "progress law")  # the 6th
    assert G.outcome(s2).reason.key == "duel.outcome.science"


# --- military (7wd.md §1.5) ---------------------------------------------------------------------


def test_shields_move_the_pawn_and_looting_applies_on_entering_a_zone() -> None:
    s = ready()
    s["pawn"] = 2
    offer(s, "walls")
    give(s, 0, "quarry", "stone-pit")
    coins(s, 1, 7)
    s, ev = act(s, 0, "construct walls free")  # 2 shields: 2 -> 4, entering 3-5
    assert s["pawn"] == 4 and s["players"][1]["coins"] == 5 and s["loot"][2]
    s["active"] = s["turn"] = 0
    offer(s, "guard-tower")
    s, _ = act(s, 0, "construct guard-tower free")  # 5: same zone, no second looting
    assert s["pawn"] == 5 and s["players"][1]["coins"] == 5
    s["active"] = s["turn"] = 0
    coins(s, 1, 3)
    offer(s, "garrison")
    give(s, 0, "clay-pool")
    s, _ = act(s, 0, "construct garrison free")  # 6: the 5-coin token, all 3 coins lost
    assert s["pawn"] == 6 and s["players"][1]["coins"] == 0 and s["loot"][3]


def test_the_pawn_goes_back_and_forth_and_tokens_stay_taken() -> None:
    s = ready()
    s["pawn"] = 3
    s["loot"][2] = True
    s["active"] = s["turn"] = 1
    offer(s, "guard-tower")
    s, _ = act(s, 1, "construct guard-tower free")
    assert s["pawn"] == 2 and s["players"][0]["coins"] == 7


def test_seat_one_pushes_towards_seat_zeros_capital() -> None:
    s = ready()
    s["pawn"] = -2
    s["active"] = s["turn"] = 1
    offer(s, "guard-tower")
    s, _ = act(s, 1, "construct guard-tower free")
    assert s["pawn"] == -3 and s["players"][0]["coins"] == 5 and s["loot"][1]


def test_strategy_adds_a_shield_to_red_cards() -> None:
    s = ready()
    offer(s, "guard-tower")
    tokens(s, 0, "strategy")
    s, _ = act(s, 0, "construct guard-tower free")
    assert s["pawn"] == 2


def test_reaching_the_capital_wins_at_once() -> None:
    s = ready()
    s["pawn"] = 8
    s["loot"] = [False, False, True, True]
    offer(s, "guard-tower")
    s, ev = act(s, 0, "construct guard-tower free")
    out = G.outcome(s)
    assert s["pawn"] == 9 and out.winners == (0,) and out.reason.key == "duel.outcome.military"
    assert "duel.log.win_military" in keys(ev)


def test_military_supremacy_during_a_wonder_drops_its_pending_destroy() -> None:
    s = ready(wonders=(("the-statue-of-zeus",), ("the-pyramids",)))
    s["pawn"] = 8
    offer(s, "altar")
    give(s, 1, "quarry")
    s, _ = _wonder(s, 0, "the-statue-of-zeus", "altar")
    assert G.outcome(s).reason.key == "duel.outcome.military"
    assert s["pending"] == [] and s["phase"] == "over"


# --- cards with immediate coins (7wd.md §1.2) ------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "city", "gain"),
    [
        ("tavern", [], 4),
        ("brewery", [], 6),
        ("chamber-of-commerce", ["press", "glassworks"], 6),
        ("port", ["quarry", "clay-pool", "press"], 4),
        ("armory", ["walls", "stable"], 2),
        ("lighthouse", ["tavern"], 2),  # counts itself (README reading 8)
    ],
)
def test_commercial_cards_give_coins(card: str, city: list[str], gain: int) -> None:
    s = ready()
    offer(s, card)
    give(s, 0, *city)
    coins(s, 0, 30)
    text = legal_for(s, 0, f"construct {card}")[0]
    paid = int(text.split()[-1]) if text.endswith(tuple("0123456789")) else 0
    s, _ = act(s, 0, text)
    assert s["players"][0]["coins"] == 30 - paid + gain


def test_arena_two_coins_per_wonder_built() -> None:
    s = ready()
    offer(s, "arena")
    give(s, 0, "brewery")  # barrel: the chain
    build(s, 0, "the-pyramids")
    build(s, 0, "the-great-lighthouse")
    s, _ = act(s, 0, "construct arena chain")
    assert s["players"][0]["coins"] == 7 + 4


def test_guild_coins_count_the_city_with_most_cards() -> None:
    s = ready()
    offer(s, "magistrates-guild")
    give(s, 0, "altar")
    give(s, 1, "baths", "theater", "temple")
    coins(s, 0, 30)
    text = legal_for(s, 0, "construct magistrates-guild")[0]
    s, _ = act(s, 0, text)
    paid = int(text.split()[-1])
    assert s["players"][0]["coins"] == 30 - paid + 3  # the opponent's 3 blue cards


def test_shipowners_counts_brown_and_grey_together() -> None:
    s = ready()
    offer(s, "shipowners-guild")
    give(s, 0, "quarry", "press", "clay-pool")
    give(s, 1, "lumber-yard", "glassworks")
    coins(s, 0, 30)
    text = legal_for(s, 0, "construct shipowners-guild")[0]
    s, _ = act(s, 0, text)
    assert s["players"][0]["coins"] == 30 - int(text.split()[-1]) + 3


@pytest.mark.parametrize("guild", ["builders-guild", "moneylenders-guild"])
def test_builders_and_moneylenders_give_no_coins(guild: str) -> None:
    s = ready()
    offer(s, guild)
    coins(s, 0, 30)
    build(s, 0, "the-pyramids")
    text = legal_for(s, 0, f"construct {guild}")[0]
    s, _ = act(s, 0, text)
    assert s["players"][0]["coins"] == 30 - int(text.split()[-1])


# --- progress tokens with immediate effects (7wd.md §1.4) -----------------------------------------


@pytest.mark.parametrize(
    ("token", "gain"), [("agriculture", 6), ("urbanism", 6), ("philosophy", 0)]
)
def test_token_coins(token: str, gain: int) -> None:
    s = ready()
    offer(s, "workshop")
    give(s, 0, "laboratory")
    s["board_tokens"] = [token, None, None, None, None]
    s, _ = act(s, 0, "construct workshop pay 2")
    s, _ = act(s, 0, f"progress {token}")
    assert s["players"][0]["coins"] == 5 + gain
