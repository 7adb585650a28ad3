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
