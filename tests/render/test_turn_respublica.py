"""Res Publica's turn picture: what a player reads at a glance in the channel's preview.

Real seeded games through the engine (the random policy), real Pillow pictures; the texts drawn
are recorded with tests/support.py's spy (size and secondary mark)."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core import copy_state, play, resigned
from engine.i18n import translate
from engine.policy import walk
from render import respublica as R
from render.common import MIN_PREVIEW_PX, preview_scale
from render.respublica.parts import kind_name, proposal_label
from render.respublica.turn import last_move
from tests.support import drawn_text_sizes

GAME = "res-publica"
NAMES = ["Aurelia", "Brutus", "Cornélie", "Decimus", "Eudoxia"]
TO_PLAY = {"en": "to play", "fr": "de jouer"}


@pytest.fixture(scope="module")
def game():
    return registry.get(GAME)


def _walk(game, players: int, seed: int, options=None, stop=lambda before, after: False):
    """(before, after) at the first action where `stop(before, after)` holds, or at the end."""
    state = game.setup(players, seed, dict(options or {}))
    rng = random.Random(seed)
    while game.outcome(state) is None:
        seat = min(game.prompt(state))
        before = state
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
        if stop(before, state):
            return before, state
    return before, state


def _draw(game, before, state, locale, outcome=None, n=None):
    names = NAMES[: n or state["players"]]
    b = game.view(before, None) if before is not None else None
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = R.turn(game.view(state, None), names, locale, before=b, outcome=outcome)
    return img, drawn


def _essential(drawn) -> list[str]:
    return [d.text for d in drawn if not d.secondary]


def _smallest(img, drawn) -> float:
    return min(d.size for d in drawn if not d.secondary) * preview_scale(img.size)


# --- what is essential is drawn as essential -------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_names_turn_points_and_piles_are_essential(game, locale):
    before, state = _walk(game, 4, 6, stop=lambda b, s: s["laid"] and sum(
        len(g) for g in s["groups"]) >= 3)
    img, drawn = _draw(game, before, state, locale)
    assert img.size[0] > img.size[1]
    assert _smallest(img, drawn) >= MIN_PREVIEW_PX
    shown = _essential(drawn)
    text = "\n".join(shown)
    for name in NAMES[:4]:
        assert name in shown
    assert TO_PLAY[locale] in text  # whose turn
    view = game.view(state, None)
    for seat in view["seats"]:  # every player's points
        assert str(seat["points"]) in shown
    for group in (g for seat in view["seats"] for g in seat["groups"] if g["card"] != "library"):
        assert str(group["value"]) in shown  # every group laid shows its point card's value
    assert str(view["piles"]["civilisation"]) in shown  # the deck whose end ends the game
    towns = view["piles"]["towns"]
    assert not towns or str(towns[0]) in shown  # the next town's value


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_trade_shows_the_proposal_and_every_answer_status(game, locale):
    before, state = _walk(game, 5, 3, stop=lambda b, s: s["phase"] == "answers" and any(
        a["answer"] not in (None, "pass") for a in s["trade"]["answers"]))
    img, drawn = _draw(game, before, state, locale)
    assert _smallest(img, drawn) >= MIN_PREVIEW_PX
    text = "\n".join(_essential(drawn))
    trade = game.view(state, None)["trade"]
    proposal = proposal_label(trade["proposal"], locale, NAMES)
    assert proposal.split()[0] in text and proposal.split()[-1] in text
    waiting = translate_render("answer.waiting", locale)
    to_answer = translate_render("tag.answer", locale)
    answered = [a for a in trade["answers"] if a["answer"] not in (None, "pass")]
    assert answered
    for a in answered:
        what = proposal_label(a["answer"], locale, NAMES)
        assert what.split()[0] in text
    assert to_answer in text  # the one answering now
    if sum(1 for a in trade["answers"] if a["answer"] is None) > 1:
        assert waiting in text


def translate_render(key: str, locale: str, **params) -> str:
    from engine.core import Msg

    return translate(Msg(f"{GAME}.render.{key}", params), locale)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_two_partners_choosing_at_once_are_both_marked(game, locale):
    before, state = _walk(game, 4, 2, stop=lambda b, s: s["phase"] == "deliver"
                          and len(game.prompt(s)) > 1)
    assert len(game.prompt(state)) == 2
    img, drawn = _draw(game, before, state, locale)
    text = "\n".join(_essential(drawn))
    assert text.count(translate_render("turn.tag.give", locale)) == 2
    assert text.count(translate_render("deliver.choosing", locale)) == 2
    assert _smallest(img, drawn) >= MIN_PREVIEW_PX


# --- the last move -----------------------------------------------------------------------------------


def test_last_move_finds_the_group_laid(game):
    before, state = _walk(game, 3, 11, stop=lambda b, s: len(s["groups"][b["active"]]) >
                          len(b["groups"][b["active"]]))
    seat = before["active"]
    change = last_move(game.view(before, None), game.view(state, None))
    assert change.groups == {seat: (len(before["groups"][seat]),)}
    assert change.seats == {seat}
    assert last_move(None, game.view(state, None)) == last_move(None, game.view(state, None))
    assert not last_move(None, game.view(state, None))


def test_last_move_finds_the_proposal_the_answer_and_the_draw(game):
    b, s = _walk(game, 4, 8, stop=lambda b, s: b["trade"] is None and s["trade"] is not None)
    assert last_move(game.view(b, None), game.view(s, None)).proposal
    b, s = _walk(game, 4, 8, stop=lambda b, s: b["phase"] == "answers" and s["phase"] ==
                 "answers")
    answered = next(a["seat"] for a, was in zip(s["trade"]["answers"], b["trade"]["answers"],
                                                strict=True)
                    if was["answer"] is None and a["answer"] is not None)
    assert last_move(game.view(b, None), game.view(s, None)).answer == answered
    b, s = _walk(game, 4, 8, stop=lambda b, s: b["phase"] == "turn" and s["active"] !=
                 b["active"] and s["turn"] > 3)
    change = last_move(game.view(b, None), game.view(s, None))
    assert change.drew == b["active"]
    assert change.hands.get(b["active"], 0) > 0


def test_the_picture_outlines_the_last_move(game):
    before, state = _walk(game, 3, 11, stop=lambda b, s: len(s["groups"][b["active"]]) >
                          len(b["groups"][b["active"]]))
    names = NAMES[:3]
    view = game.view(state, None)
    plain = R.turn(view, names, "en")
    marked = R.turn(view, names, "en", before=game.view(before, None))
    assert plain.tobytes() != marked.tobytes()
    with drawn_text_sizes(R.clear_caches) as drawn:
        R.turn(view, names, "fr", before=game.view(before, None))
    assert "dernier coup" in _essential(drawn)


# --- the end -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_natural_end_shows_the_winner_and_scores_not_whose_turn(game, locale):
    before, state = _walk(game, 3, 5, {"classic": True})
    outcome = game.outcome(state)
    img, drawn = _draw(game, before, state, locale, outcome=outcome)
    text = "\n".join(_essential(drawn))
    assert TO_PLAY[locale] not in text
    for seat in outcome.winners:
        assert NAMES[seat] in text
    for score in outcome.scores:
        assert str(score) in _essential(drawn)
    assert translate_render("turn.wins", locale, name="", n=max(outcome.scores)).strip() in text \
        or translate_render("turn.shared", locale) in text
    assert _smallest(img, drawn) >= MIN_PREVIEW_PX


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_resignation_shows_who_resigned_and_the_winners(game, locale):
    before, state = _walk(game, 4, 6, stop=lambda b, s: s["turn"] >= 12)
    outcome = resigned(4, 1)
    img, drawn = _draw(game, before, state, locale, outcome=outcome)
    text = "\n".join(_essential(drawn))
    assert TO_PLAY[locale] not in text
    assert translate_render("turn.resigned", locale, name="").strip() in text
    assert translate_render("turn.tag.resigned", locale) in text
    assert _essential(drawn).count(translate_render("tag.winner", locale)) == 3
    assert _smallest(img, drawn) >= MIN_PREVIEW_PX
    # the full board says it too, instead of whose turn it is
    with drawn_text_sizes(R.clear_caches) as drawn:
        R.board(game.view(state, None), NAMES[:4], locale, outcome=outcome)
    text = "\n".join(d.text for d in drawn)
    assert translate_render("turn.resigned", locale, name="").strip() in text
    assert TO_PLAY[locale] not in text


# --- the hand -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_hand_is_legible_in_the_preview_and_shows_every_kind(game, locale):
    _, state = _walk(game, 4, 6, stop=lambda b, s: sum(s["hands"][0].values()) >= 14)
    view = game.view(state, 0)
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = R.hand(view, NAMES[:4], locale)
    assert img.size[0] > img.size[1]
    assert _smallest(img, drawn) >= MIN_PREVIEW_PX
    shown = _essential(drawn)
    for kind, n in view["hand"].items():
        # a long name may wrap over two lines (at a space or after a hyphen)
        assert kind_name(kind, locale).replace(" ", "") in "".join(shown).replace(" ", "")
        assert f"× {n}" in shown


# --- score_lines -------------------------------------------------------------------------------------


def test_score_lines_say_points_groups_and_hand_size(game):
    _, state = _walk(game, 3, 11, stop=lambda b, s: sum(len(g) for g in s["groups"]) >= 2)
    lines = game.score_lines(state)
    assert set(lines) == {0, 1, 2}
    for seat, msg in lines.items():
        en = translate(msg, "en", NAMES)
        points = sum(g["value"] for g in state["groups"][seat])
        assert en.startswith(f"{points} point")
        assert f"{sum(state['hands'][seat].values())} card" in en
    fr = translate(game.score_lines(game.setup(3, 1, {}))[0], "fr", NAMES)
    assert fr == "0 point · 0 groupe posé · 4 cartes en main"  # French: 0 is singular


def test_score_lines_reveal_nothing_hidden(game):
    _, state = _walk(game, 4, 6, stop=lambda b, s: s["turn"] >= 8)
    other = copy_state(state)
    hand = other["hands"][0]
    held = [k for k, n in hand.items() if n > 0]
    absent = next(k for k in hand if hand[k] == 0)
    hand[held[0]] -= 1
    hand[absent] += 1  # the same number of cards, other kinds
    other["decks"]["people"].reverse()  # another deck order
    assert game.view(state, None) == game.view(other, None)
    assert game.score_lines(state) == game.score_lines(other)


def test_score_lines_at_the_end_give_the_total_with_pairs(game):
    _, state = _walk(game, 3, 5, {"classic": True})
    outcome = game.outcome(state)
    for seat, msg in game.score_lines(state).items():
        assert translate(msg, "en", NAMES).startswith(f"{outcome.scores[seat]} point")
