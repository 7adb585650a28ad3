"""Defects of Duel's pictures found by playing (issue 25): each test fails on the code before its
fix."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import play
from render import duel as R
from render.duel.parts import name_of, t
from render.samples import game_samples, moment
from tests.support import drawn_texts

G = registry.get("duel")
NAMES = ["Aurelia", "Bérénice"]


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_face_down_choice_mid_game_is_not_the_start_of_the_game(locale: str) -> None:
    """Leaders' recruitment is chosen face down: the last move is hidden, and the strip said
    "The game begins" in Age II."""
    at = moment("duel", next(s for s in game_samples("duel") if s.name == "leaders-recruit-en"))
    seat = min(G.prompt(at.state))
    pick = G.legal(at.state, seat)[0]  # choose <leader>, face down
    state, _ = play(G, at.state, seat, pick)
    assert G.view(state, None)["last"] is None  # what the strip has to go by
    with drawn_texts(R.clear_caches) as texts:
        R.turn(G.view(state, None), NAMES, locale, before=G.view(at.state, None))
    assert t("turn.no_last", locale) not in texts
    assert t("turn.secret_last", locale) in texts


def test_the_start_still_says_the_game_begins() -> None:
    at = moment("duel", next(s for s in game_samples("duel") if s.name == "start-fr"))
    with drawn_texts(R.clear_caches) as texts:
        R.turn(G.view(at.state, None), NAMES, "fr")
    assert t("turn.no_last", "fr") in texts


def test_a_military_supremacy_shows_no_loss_of_points_beside_the_winner() -> None:
    """The winner's points fell by 13 on the move that won (its military points no longer
    count): the panel showed "31 −13" in red."""
    at = moment("duel", next(s for s in game_samples("duel") if s.name == "final-military-fr"))
    assert G.view(at.state, None)["outcome"]["reason"] == "military"
    with drawn_texts(R.clear_caches) as texts:
        R.turn(G.view(at.state, None), NAMES, "fr", before=G.view(at.before, None),
               outcome=at.outcome)
    assert "−13" not in texts and "-13" not in texts


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_two_revealed_leaders_are_shown_while_each_announces(locale: str) -> None:
    """Both recruitment picks turned face up: the picture showed neither, and said "dismiss"
    where the prompt says "discard"."""
    at = moment("duel", next(s for s in game_samples("duel") if s.name == "leaders-recruit-en"))
    state = at.state
    for seat in sorted(G.prompt(state)):
        state, _ = play(G, state, seat, G.legal(state, seat)[0])
    assert state["phase"] == "announce"
    with drawn_texts(R.clear_caches) as texts:
        R.turn(G.view(state, None), NAMES, locale, before=G.view(at.state, None))
    shown = "\n".join(texts)
    for leader in G.view(state, None)["leaders"]["revealed"]:
        assert name_of(leader, locale) in shown
    assert ("dismiss" if locale == "en" else "congédier") not in shown
    assert ("discard" if locale == "en" else "défausser") in shown
