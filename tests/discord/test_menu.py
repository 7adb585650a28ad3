"""The choice menu's walk through legal action texts (bot/discord/menu.py), game-agnostic."""

from __future__ import annotations

from bot import menu
from bot.menu import CONFIRM, Step

TRADE = [
    "answer 2 huns or 1 books",
    "answer 2 huns or 1 wine",
    "answer 3 goths",
    "pass",
]


def test_chains_with_a_single_continuation_collapse() -> None:
    actions = menu.split(TRADE)
    root = menu.at(actions, ())
    assert root.steps == (Step(("answer",), False), Step(("pass",), True))
    answer = menu.at(actions, ("answer",))
    # 2 -> huns -> or -> 1 is forced: one step; `3 goths` completes an action.
    assert answer.steps == (Step(("2", "huns", "or", "1"), False), Step(("3", "goths"), True))
    last = menu.at(actions, ("answer", "2", "huns", "or", "1"))
    assert [s.tokens for s in last.steps] == [("books",), ("wine",)]
    assert all(s.final for s in last.steps) and not last.confirm


def test_a_complete_action_with_continuations_offers_confirm() -> None:
    actions = menu.split(["lay huns", "lay huns and goths", "lay huns and monks", "end"])
    root = menu.at(actions, ())
    assert root.steps[0] == Step(("lay", "huns"), False)  # complete, but more can follow
    below = menu.at(actions, ("lay", "huns"))
    assert below.confirm
    assert below.items[0] is CONFIRM
    assert [s.tokens for s in below.steps] == [("and",)]


def test_options_keep_the_games_order() -> None:
    actions = menu.split(["seek 1", "offer 1", "end", "lay 1"])
    assert [s.tokens[0] for s in menu.at(actions, ()).steps] == ["seek", "offer", "end", "lay"]


def test_prefixes_encode_literally_when_they_fit_and_by_index_otherwise() -> None:
    actions = menu.split(TRADE)
    prefix = ("answer", "2", "huns", "or", "1")
    assert menu.encode(actions, prefix, 60) == "answer 2 huns or 1"
    short = menu.encode(actions, prefix, 10)
    assert short == "#0.0" and len(short) <= 10
    assert menu.decode(actions, short) == prefix
    assert menu.decode(actions, "answer 2 huns or 1") == prefix
    assert menu.decode(actions, "") == ()


def test_a_prefix_that_names_no_menu_decodes_to_none() -> None:
    actions = menu.split(TRADE)
    assert menu.decode(actions, "answer 2") is None  # inside a collapsed step
    assert menu.decode(actions, "build castle") is None
    assert menu.decode(actions, "#7") is None
    assert menu.decode(actions, "#x") is None


def test_back_goes_to_the_menu_the_step_was_chosen_in() -> None:
    actions = menu.split(TRADE)
    assert menu.parent(actions, ("answer", "2", "huns", "or", "1")) == ("answer",)
    assert menu.parent(actions, ("answer",)) == ()
    assert menu.parent(actions, ()) == ()


def test_typed_beginnings_snap_to_the_end_of_their_step() -> None:
    actions = menu.split(TRADE)
    assert menu.snap(actions, ("answer", "2")) == ("answer", "2", "huns", "or", "1")
    assert menu.snap(actions, ("answer",)) == ("answer",)
    assert menu.snap(actions, ("build",)) is None


def test_long_menus_paginate_and_every_custom_id_fits() -> None:
    from bot.discord.playing import menu_message

    long = "w" * 40
    texts = [f"{long} {long} {n}" for n in range(60)]
    actions = menu.split(texts)
    prefix = (long, long)
    _, view = menu_message("nogame", [], "en", actions, 123456789, 4242, prefix, page=1)
    ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert all(len(i) <= 100 for i in ids), ids
    select = view.children[0]
    assert len(select.item.options) == 25  # type: ignore[attr-defined]
    assert any(i.startswith("tabula:page:123456789:4242:0:") for i in ids)
    assert any(i.startswith("tabula:page:123456789:4242:2:") for i in ids)
    code = ids[0].split(":", 4)[4]
    assert code.startswith("#") and menu.decode(actions, code) == prefix
