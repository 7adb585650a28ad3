"""What a Res Publica log line says (issue 25, « Words »): nothing about nothing: no « worth 0 »
for a library, no « 0 people cards » in a draw."""

from __future__ import annotations

from engine.i18n import translate

from .helpers import act, new, set_hand

NAMES = ["Aurelia", "Brutus", "Cornelia"]


def lines(events, locale="en"):
    return [translate(e.msg, locale, NAMES) for e in events if e.to is None]


def test_a_library_is_not_said_to_be_worth_0():
    state = new()
    set_hand(state, 0, {"books": 2})
    _, ev = act(state, 0, "lay books")
    assert lines(ev) == ["Aurelia lays 2 book cards and takes a library, worth no points."]
    assert "0" not in lines(ev, "fr")[0]


def test_a_draw_names_only_what_was_drawn():
    state = new()
    _, ev = act(state, 0, "end")  # no city: one people card only
    assert lines(ev) == ["Aurelia draws 1 people card."]
    assert lines(ev, "fr") == ["Aurelia pioche 1 carte des peuples."]
    state = new()
    state["decks"]["people"] = []
    _, ev = act(state, 0, "end")
    assert lines(ev) == ["Aurelia draws no card."]


def test_the_usual_order_suggested_for_a_delivery_keeps_every_card():
    """`give 1 metallography 1 alchemy 2 vikings` was answered « write 1 alchemy 1
    metallography », dropping the Vikings (issue 25)."""
    from engine.core import IllegalAction
    from engine.respublica.cards import variant
    from engine.respublica.trade import parse_cards

    v = variant("full")
    for typed, usual in (("1 metallography 1 alchemy 2 vikings", "2 vikings 1 alchemy 1 metallography"),
                         ("1 huns 1 huns", "2 huns")):
        try:
            parse_cards(v, typed.split())
        except IllegalAction as exc:
            assert exc.msg.key == "res-publica.error.give_order"
            assert exc.msg.params["canonical"] == usual
        else:
            raise AssertionError(typed)
