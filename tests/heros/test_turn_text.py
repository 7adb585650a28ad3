"""The turn post's text for Héros du Monde: each seat's public standing (score_lines), the
latest action in the public view, French destinations with their article, CLDR plurals."""

from __future__ import annotations

import copy

from engine.core import Msg
from engine.i18n import translate

from .helpers import G, act, after_setup, fresh


def test_score_lines_give_points_gold_and_population_of_every_seat() -> None:
    state = after_setup(3)
    state["points"] = [1, 12, 0]
    state["gold"] = [4, 1, 0]
    lines = G.score_lines(state)
    assert sorted(lines) == [0, 1, 2]
    assert translate(lines[0], "en") == "1 point · 4 gold · 7 population"
    assert translate(lines[1], "en") == "12 points · 1 gold · 7 population"
    assert translate(lines[2], "en") == "0 points · 0 gold · 7 population"
    assert translate(lines[2], "fr") == "0 point · 0 or · 7 pions de Population"  # CLDR: 0 is one
    assert translate(lines[1], "fr") == "12 points · 1 or · 7 pions de Population"


def test_score_lines_leak_nothing_hidden() -> None:
    """Two states differing only in the hands and the deck order give the same lines."""
    state = after_setup(4)
    other = copy.deepcopy(state)
    other["hands"][0], other["hands"][1] = other["hands"][1], other["hands"][0]
    other["deck"].reverse()
    assert G.score_lines(state) == G.score_lines(other)


def test_the_view_names_the_latest_action() -> None:
    state = fresh(3)
    assert G.view(state, None)["last"] is None
    seat = state["active"]
    state, _ = act(state, seat, "place mediterranean")
    assert G.view(state, None)["last"] == {"seat": seat, "action": "place mediterranean"}


def test_french_destinations_take_their_article() -> None:
    def move(to: str) -> str:
        msg = Msg("heros.log.move", {"seat": Msg.seat(0), "n": 2,
                                     "territory": Msg("heros.from.middle-east"),
                                     "to": Msg(f"heros.to.{to}")})
        return translate(msg, "fr", ["Ann"])

    assert move("america") == "Ann déplace 2 pions du Moyen-Orient vers l'Amérique."
    assert move("china") == "Ann déplace 2 pions du Moyen-Orient vers la Chine."
    assert move("europe").endswith("vers l'Europe.")
    msg = Msg("heros.log.move", {"seat": Msg.seat(0), "n": 1,
                                 "territory": Msg("heros.from.america"),
                                 "to": Msg("heros.to.russia")})
    assert translate(msg, "en", ["Ann"]) == "Ann moves 1 pawn from America to Russia."
    assert translate(msg, "fr", ["Ann"]) == "Ann déplace 1 pion d'Amérique vers la Russie."


def test_a_migration_logs_its_destination_with_the_article() -> None:
    state = after_setup(3)
    seat = state["active"]
    state["step"] = "migrate"
    state["migration"] = {"from": "mediterranean", "any": True, "moved": 0, "left": 1}
    state["pop"]["mediterranean"][seat] = 3
    state["supply"][seat] -= 3
    _, events = act(state, seat, "move africa 1")
    assert translate(events[0].msg, "fr", ["A", "B", "C"]).endswith(
        "de la Méditerranée vers l'Afrique.")
    assert translate(events[0].msg, "en", ["A", "B", "C"]).endswith(
        "from the Mediterranean to Africa.")


def test_plurals_follow_each_language() -> None:
    detail = Msg("heros.outcome.detail", {"seat": Msg.seat(0), "n": 1, "discovered": 0})
    assert translate(detail, "en", ["Ann"]) == "Ann: 1 point (0 discoveries made)."
    assert translate(detail, "fr", ["Ann"]) == "Ann : 1 point (0 Découverte faite)."
    detail = Msg("heros.outcome.detail", {"seat": Msg.seat(0), "n": 2, "discovered": 3})
    assert translate(detail, "fr", ["Ann"]) == "Ann : 2 points (3 Découvertes faites)."
