"""Costs (7wd.md §1.7 Construction and Trading, §1.1 chains, §1.4 Economy, Masonry,
Architecture, Urbanism)."""

from __future__ import annotations

from engine.duel import city

from .helpers import act, build, coins, give, keys, legal_for, offer, ready, tokens


def test_resources_missing_cost_two_plus_the_opponents_brown_and_grey_production() -> None:
    s = ready()
    offer(s, "baths")  # 1 stone
    assert legal_for(s, 0, "construct baths") == ["construct baths pay 2"]
    give(s, 1, "quarry", "shelf-quarry")  # the opponent produces 3 stone
    assert legal_for(s, 0, "construct baths") == ["construct baths pay 5"]
    give(s, 1, "glassworks", "glass-blower")
    assert city.trade_prices(s, 0)["glass"] == 4


def test_own_production_makes_it_free_and_resources_are_not_spent() -> None:
    s = ready()
    offer(s, "baths", "walls")
    give(s, 0, "quarry")
    assert legal_for(s, 0, "construct baths") == ["construct baths free"]
    # walls: 2 stone; one produced, one bought
    assert legal_for(s, 0, "construct walls") == ["construct walls pay 2"]


def test_choice_producers_do_not_count_in_the_opponents_price() -> None:
    s = ready()
    offer(s, "baths")
    give(s, 1, "caravansery")
    build(s, 1, "piraeus")
    s["players"][1]["wonders"].append({"id": "the-great-lighthouse", "card": "altar"})
    assert city.trade_prices(s, 0)["stone"] == 2
    assert legal_for(s, 0, "construct baths") == ["construct baths pay 2"]


def test_each_choice_producer_gives_one_unit_of_one_resource() -> None:
    s = ready()
    offer(s, "laboratory")  # 1 wood 2 glass
    give(s, 0, "forum")
    assert legal_for(s, 0, "construct laboratory") == ["construct laboratory pay 4"]
    build(s, 0, "the-great-lighthouse")  # wood/clay/stone: covers the wood
    assert legal_for(s, 0, "construct laboratory") == ["construct laboratory pay 2"]


def test_reserves_and_customs_house_fix_the_price_at_one() -> None:
    s = ready()
    give(s, 1, "quarry", "shelf-quarry", "glassworks")
    give(s, 0, "stone-reserve", "customs-house")
    prices = city.trade_prices(s, 0)
    assert prices["stone"] == 1 and prices["glass"] == 1 and prices["papyrus"] == 1
    assert prices["wood"] == 2 and prices["clay"] == 2


def test_chain_makes_the_card_free_7wd_1_1() -> None:
    s = ready()
    offer(s, "horse-breeders")
    give(s, 0, "stable")
    assert legal_for(s, 0, "construct horse-breeders") == ["construct horse-breeders chain"]
    s, ev = act(s, 0, "construct horse-breeders chain")
    assert s["players"][0]["coins"] == 7 and "duel.log.construct_chain" in keys(ev)


def test_urbanism_gives_four_coins_per_chain() -> None:
    s = ready()
    offer(s, "horse-breeders")
    give(s, 0, "stable")
    tokens(s, 0, "urbanism")
    s, ev = act(s, 0, "construct horse-breeders chain")
    assert s["players"][0]["coins"] == 11 and "duel.log.urbanism" in keys(ev)


def test_economy_gives_the_opponent_the_trading_coins_only() -> None:
    s = ready()
    offer(s, "caravansery")  # 2 coins + glass + papyrus
    tokens(s, 1, "economy")
    s, ev = act(s, 0, "construct caravansery pay 6")
    assert s["players"][0]["coins"] == 1
    assert s["players"][1]["coins"] == 7 + 4
    assert "duel.log.economy" in keys(ev)


def test_masonry_spares_two_resources_of_blue_cards() -> None:
    s = ready()
    offer(s, "aqueduct", "palace")
    coins(s, 0, 30)
    tokens(s, 0, "masonry")
    # Aqueduct 3 stone: only one stone to buy; the choice cannot matter, so no `spare`
    assert legal_for(s, 0, "construct aqueduct") == ["construct aqueduct pay 2"]
    # Palace 1 clay 1 stone 1 wood 2 glass, all at 2: any two spared give the same price
    assert legal_for(s, 0, "construct palace") == ["construct palace pay 6"]


def test_masonry_choice_is_part_of_the_text_when_it_changes_the_price() -> None:
    s = ready()
    offer(s, "palace")
    coins(s, 0, 30)
    tokens(s, 0, "masonry")
    give(s, 1, "glassworks")  # glass now costs 3
    texts = legal_for(s, 0, "construct palace")
    assert "construct palace spare glass glass pay 6" in texts
    assert "construct palace spare wood clay pay 8" in texts
    assert "construct palace spare wood glass pay 7" in texts
    assert all(" spare " in t for t in texts)
    s, _ = act(s, 0, "construct palace spare wood clay pay 8")
    assert s["players"][0]["coins"] == 22


def test_masonry_does_not_apply_to_other_colours() -> None:
    s = ready()
    offer(s, "walls")
    tokens(s, 0, "masonry")
    assert legal_for(s, 0, "construct walls") == ["construct walls pay 4"]


def test_architecture_spares_two_resources_of_wonders() -> None:
    s = ready()
    offer(s, "altar")
    tokens(s, 0, "architecture")
    # Pyramids 3 stone 1 papyrus: 2 units left to buy, all at 2
    assert legal_for(s, 0, "wonder the-pyramids altar") == ["wonder the-pyramids altar pay 4"]
    give(s, 1, "quarry")  # stone at 3: sparing two stones is cheaper than stone + papyrus
    assert legal_for(s, 0, "wonder the-pyramids altar") == [
        "wonder the-pyramids altar spare stone stone pay 5",
        "wonder the-pyramids altar spare stone papyrus pay 6",
    ]
