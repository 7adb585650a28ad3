"""Res Publica (Reiner Knizia, Queen Games), French rulebook ("003" below):
« Fin du jeu et comptabilisation des points »."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.i18n import translate

from .helpers import G, act, keys, new, run, set_hand

NAMES = ("A", "B", "C")


def last_card_state(players: int = 3, drawer: int = 1):
    """`drawer` to play, with one city and one civilisation card left in the deck."""
    state = new(players)
    state["active"] = drawer
    state["groups"][drawer] = [{"kind": "huns", "count": 5, "card": "city", "value": 3}]
    state["decks"]["civilisation"] = state["decks"]["civilisation"][:1]
    return state


def test_drawing_the_last_civilisation_card_starts_the_last_round():
    """003, Fin du jeu: « Dès qu'un joueur pioche la dernière carte de civilisation du tas, le
    dernier tour commence »."""
    state, ev = act(last_card_state(), 1, "end")
    assert "res-publica.event.last_round" in keys(ev)
    view = G.view(state, None)
    assert view["last_round"] and view["last_drawer"] == 1
    assert view["piles"]["civilisation"] == 0


def test_everyone_has_one_more_turn_the_drawer_last():
    """003, Fin du jeu: « Chaque joueur n'a plus qu'un tour final complet; en dernier lieu le
    joueur qui a pioché la dernière carte de civilisation »: seats 2, 0, then 1 again."""
    state, _ = act(last_card_state(), 1, "end")
    turns = []
    while G.view(state, None)["phase"] == "turn":
        seat = G.view(state, None)["active"]
        turns.append(seat)
        state, _ = act(state, seat, "end")
    assert turns == [2, 0, 1]
    assert G.view(state, None)["phase"] == "final"


def test_final_turns_are_complete_turns_with_trading():
    """« un tour final complet »: trading is still open in the last round."""
    state, _ = act(last_card_state(), 1, "end")
    assert any(t.startswith("seek ") for t in G.legal(state, 2))
    assert G.prompt(state)[2].key == "res-publica.ask.turn_last"


def test_final_lay_downs_in_turn_order_after_the_drawer_then_scoring():
    """003, Fin du jeu: « Avant que commence la comptabilisation des points, tous les joueurs ont
    la possibilité de poser 5 cartes des peuples ou de civilisation identiques. De plus, les
    joueurs peuvent poser 2 moines et/ou 2 livres »; reading (README): in turn order starting
    after the drawer, `lay` then `done`, no trading."""
    state, _ = act(last_card_state(), 1, "end")
    state, _ = run(state, (2, "end"), (0, "end"), (1, "end"))
    for s in range(3):
        set_hand(state, s, {})
    set_hand(state, 0, {"alchemy": 5, "monks": 2})
    set_hand(state, 2, {"commerce": 5})
    order = []
    while G.view(state, None)["phase"] == "final":
        (seat,) = G.prompt(state)
        order.append(seat)
        legal = G.legal(state, seat)
        assert not any(t.startswith(("seek", "offer", "end")) for t in legal)
        for text in [t for t in legal if t.startswith("lay ")]:
            state, _ = act(state, seat, text)
        with pytest.raises(IllegalAction):
            act(state, seat, "seek 1 huns")
        state, ev = act(state, seat, "done")
    assert order == [2, 0, 1]
    # seat 2 laid first and took the 9; seat 0 took the 8
    assert [g["value"] for g in state["groups"][2]] == [9]
    assert sorted(g["value"] for g in state["groups"][0]) == [7, 8]  # church 7, town 8
    assert G.outcome(state) is not None
    assert G.prompt(state) == {}
    assert G.view(state, None)["phase"] == "over" and G.view(state, None)["active"] is None


def _scored(hands, groups, players=3):
    state = new(players)
    state["phase"] = "final"
    state["final"] = {"order": list(range(players)), "index": players - 1}
    state["active"] = players - 1
    for s in range(players):
        set_hand(state, s, hands[s])
        state["groups"][s] = [{"kind": "x", "count": 0, "card": c, "value": v}
                              for c, v in groups[s]]
    state, ev = act(state, players - 1, "done")
    return state, ev


def test_scoring_point_cards_and_pairs():
    """003, comptabilisation: « Chaque joueur compte les points présents sur les cartes des points
    (cités, églises, villes). Les bibliothèques ne rapportent aucun point. Chaque paire de cartes
    identiques présente dans les mains du joueur rapporte 1 point. Le joueur ayant le plus de
    points a gagné »."""
    state, ev = _scored(
        [{"huns": 3, "alchemy": 4, "monks": 1}, {"goths": 2}, {}],
        [[("city", 3), ("town", 9), ("library", 0)], [("church", 7), ("town", 8)], [("city", 3)]],
    )
    out = G.outcome(state)
    assert out.scores == (3 + 9 + 0 + 1 + 2, 7 + 8 + 1, 3)
    assert out.winners == (1,)
    assert out.reason.key == "res-publica.outcome.win"
    assert [d.params["pairs"] for d in out.details] == [3, 1, 0]
    # "from point cards" since 4224a4b (issue 44.11: a score says where its points come from)
    assert [translate(out.score_of(s), "en", NAMES) for s in (0, 1, 2)] == [
        "A 15 points: 12 from point cards, 3 for pairs in hand",
        "B 16 points: 15 from point cards, 1 for a pair in hand",
        "C 3 points: 3 from point cards"]
    assert G.view(state, None)["outcome"]["scores"] == list(out.scores)
    # the end post says the reason and the scores (the outcome's), not the log as well
    assert "res-publica.outcome.win" not in keys(ev)


def test_tie_is_a_shared_victory():
    """003, comptabilisation: « En cas d'égalité, il y a plusieurs vainqueurs »."""
    state, _ = _scored([{}, {"huns": 2}, {}], [[("city", 3), ("city", 3)], [("town", 5)], []])
    out = G.outcome(state)
    assert out.winners == (0, 1)
    assert out.reason.key == "res-publica.outcome.shared"


def test_game_over_refuses_actions():
    state, _ = _scored([{}, {}, {}], [[], [], []])
    with pytest.raises(IllegalAction) as info:
        act(state, 0, "end")
    assert info.value.msg.key == "error.game_over"
    assert G.legal(state, 0) == []
