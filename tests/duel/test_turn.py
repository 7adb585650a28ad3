"""A turn: take an accessible card and construct it, discard it or build a wonder with it; newly
accessible cards are revealed (7wd.md §1.7 Turn, §1.6)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.duel import structure as st

from .helpers import G, act, build, coins, give, keys, legal_for, offer, ready


def test_construct_puts_the_card_in_the_city_and_passes_the_turn() -> None:
    s = ready()
    offer(s, "lumber-yard")
    s, ev = act(s, 0, "construct lumber-yard free")
    assert s["players"][0]["cards"] == ["lumber-yard"]
    assert "lumber-yard" not in [slot["card"] for slot in s["structure"]]
    assert s["active"] == 1 and s["phase"] == "play"
    assert "duel.log.construct_free" in keys(ev)


def test_coin_cost_is_paid_to_the_bank() -> None:
    s = ready()
    offer(s, "logging-camp")
    s, _ = act(s, 0, "construct logging-camp pay 1")
    assert s["players"][0]["coins"] == 6 and s["players"][1]["coins"] == 7


def test_discard_for_two_coins_plus_one_per_yellow_card() -> None:
    s = ready()
    offer(s, "lumber-yard")
    give(s, 0, "tavern", "wood-reserve")
    assert legal_for(s, 0, "discard lumber-yard") == ["discard lumber-yard gain 4"]
    s, _ = act(s, 0, "discard lumber-yard gain 4")
    assert s["players"][0]["coins"] == 11 and s["discard"] == ["lumber-yard"]


def test_build_a_wonder_tucks_the_card_under_it() -> None:
    s = ready()
    offer(s, "altar")
    coins(s, 0, 20)
    # The Pyramids: 3 stone 1 papyrus, bought at 2 each (7wd.md §1.3, §1.7 Trading)
    s, ev = act(s, 0, "wonder the-pyramids altar pay 8")
    assert s["players"][0]["wonders"][0] == {"id": "the-pyramids", "card": "altar"}
    assert s["players"][0]["coins"] == 12 and "altar" not in s["players"][0]["cards"]
    assert "duel.log.wonder" in keys(ev)


def test_only_accessible_cards_can_be_taken_and_the_refusal_hides_where_a_card_is() -> None:
    s = ready()
    hidden = next(slot["card"] for slot in s["structure"] if not slot["up"])
    covered_up = next(
        slot["card"]
        for i, slot in enumerate(s["structure"])
        if slot["up"] and not st.accessible(s["structure"], i)
    )
    removed = s["removed"]["1"][0]
    answers = set()
    for card in (hidden, covered_up, removed):
        with pytest.raises(IllegalAction) as e:
            act(s, 0, f"discard {card} gain 2")
        answers.add(e.value.msg.key)
    assert answers == {"duel.error.not_accessible"}


def test_cards_becoming_accessible_are_revealed_7wd_1_6() -> None:
    s = ready()
    struct = s["structure"]
    # Age I row 4 (face down) is covered by row 5: take both cards under the first row-4 card
    target = next(i for i, slot in enumerate(struct) if slot["row"] == 4)
    under = [
        i
        for i, slot in enumerate(struct)
        if slot["row"] == 5 and abs(slot["col"] - struct[target]["col"]) == 1
    ]
    assert not struct[target]["up"]
    first, second = (struct[i]["card"] for i in under)
    s, _ = act(s, 0, f"discard {first} gain 2")
    assert not s["structure"][target]["up"]
    s, ev = act(s, 1, f"discard {second} gain 2")
    assert s["structure"][target]["up"]
    assert "duel.log.reveal" in keys(ev)
    revealed = next(e for e in ev if e.msg.key == "duel.log.reveal")
    assert revealed.to is None  # public
    assert revealed.msg.params["card"].key == f"duel.tok.{s['structure'][target]['card']}"


def test_cannot_afford_says_the_cost_and_the_coins() -> None:
    s = ready()
    offer(s, "stone-reserve")
    coins(s, 0, 2)
    assert legal_for(s, 0, "construct stone-reserve") == []
    with pytest.raises(IllegalAction) as e:
        act(s, 0, "construct stone-reserve pay 3")
    assert e.value.msg.key == "duel.error.cannot_afford"
    assert e.value.msg.params["cost"] == 3 and e.value.msg.params["coins"] == 2


def test_a_wrong_price_suggests_the_right_text() -> None:
    s = ready()
    offer(s, "stone-reserve")
    with pytest.raises(IllegalAction) as e:
        act(s, 0, "construct stone-reserve pay 2")
    assert e.value.msg.key == "duel.error.did_you_mean"
    assert "construct stone-reserve pay 3" in e.value.msg.params["texts"]


def test_wonder_errors() -> None:
    s = ready()
    offer(s, "altar")
    for text, key in (
        ("wonder circus-maximus altar pay 8", "duel.error.not_your_wonder"),
        ("wonder the-pyramids nothing pay 8", "duel.error.not_accessible"),
    ):
        with pytest.raises(IllegalAction) as e:
            act(s, 0, text)
        assert e.value.msg.key == key
    build(s, 0, "the-pyramids")
    with pytest.raises(IllegalAction) as e:
        act(s, 0, "wonder the-pyramids altar pay 8")
    assert e.value.msg.key == "duel.error.wonder_built"


def test_only_the_active_seat_acts() -> None:
    s = ready()
    assert G.legal(s, 1) == []
    with pytest.raises(IllegalAction):
        act(s, 1, G.legal(s, 0)[0])


def test_a_verb_out_of_phase_is_refused() -> None:
    s = ready()
    with pytest.raises(IllegalAction) as e:
        act(s, 0, "draft the-pyramids")
    assert e.value.msg.key == "duel.error.verb"
