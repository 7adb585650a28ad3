"""Héros du Monde's turn picture (render/heros_turn.py) from real engine states: what a player
needs at a glance is drawn as essential (every name, who acts, the points, the ladders and the
population), the last move is found by comparing the views before and after it and outlined,
the end (natural or by resignation) shows the result instead of whose turn it is, in both
languages; the full board names the last move, shows the result and whole wonder names."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core import State, play, resigned
from engine.policy import walk
from render import heros as R
from render import heros_turn as T
from render.common import MIN_PREVIEW_PX, preview_scale
from tests.support import drawn_text_sizes, drawn_texts

GAME = "heros"
NAMES = ["Aurelia", "Bérénice", "Cornélie", "Decimus", "Eudoxia"]


@pytest.fixture(scope="module")
def heros():
    return registry.get(GAME)


def history(players: int, seed: int, limit: int = 20_000) -> list[tuple[State, str]]:
    """A seeded random game: each state with the action played from it, the last state with ''."""
    game = registry.get(GAME)
    state = game.setup(players, seed, {})
    rnd = random.Random(seed)
    out = []
    for _ in range(limit):
        if game.outcome(state) is not None:
            break
        seat = min(game.prompt(state))
        action = walk(game.legal(state, seat), rnd)
        out.append((state, action))
        state, _ = play(game, state, seat, action)
    out.append((state, ""))
    return out


@pytest.fixture(scope="module")
def game4():
    return history(4, 3)


def _pair(heros, game4, verb: str, era: str = "ancient", args: int | None = None):
    """The public views before and after the first action `verb ...` played in `era`."""
    for i, (state, action) in enumerate(game4[:-1]):
        words = action.split()
        if words[0] == verb and state["era"] == era and (args is None or len(words) == args + 1):
            return heros.view(state, None), heros.view(game4[i + 1][0], None), action
    raise AssertionError(f"no {verb} in the game")


def test_the_last_move_is_found_from_the_views_before_and_after(heros, game4) -> None:
    before, after, action = _pair(heros, game4, "place", args=2)
    change = T.last_move(before, after)
    _, where, n = action.split()
    assert change.territories == [where]
    assert after["last"]["action"] == action
    assert T.move_text(after, change.move, "en", NAMES) == \
        f"placed {n} in {T._name('en', where)}"
    before, after, action = _pair(heros, game4, "discover")
    _, token, where = action.split()
    change = T.last_move(before, after)
    slot = next(i for i, k in enumerate(
        next(t for t in after["territories"] if t["id"] == where)["ladder"]) if k["id"] == token)
    assert (where, slot) in change.slots and where in change.territories
    assert not T.last_move(None, after)  # nothing to highlight at the start


def test_a_played_hero_and_points_gained_are_part_of_the_change(heros, game4) -> None:
    before, after, action = _pair(heros, game4, "play")
    assert T.last_move(before, after).hero == action.split()[1]
    for i, (state, _) in enumerate(game4[:-1]):
        nxt = game4[i + 1][0]
        if nxt["points"] != state["points"]:
            change = T.last_move(heros.view(state, None), heros.view(nxt, None))
            gained = {s: nxt["points"][s] - state["points"][s] for s in range(4)
                      if nxt["points"][s] != state["points"][s]}
            assert change.points == gained
            break
    else:
        raise AssertionError("nobody scored")


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_last_move_is_outlined_and_labelled(heros, game4, locale) -> None:
    before, after, _ = _pair(heros, game4, "place", args=2)
    plain = T.turn(after, NAMES[:4], locale)
    marked = T.turn(after, NAMES[:4], locale, before=before)
    assert plain.tobytes() != marked.tobytes()
    px = marked.load()
    assert any(px[x, y] == T.MARK for x in range(0, T.W, 3) for y in range(T.BAND, T.H, 3))
    assert not any(plain.load()[x, y] == T.MARK for x in range(0, T.W, 3)
                   for y in range(T.BAND, T.H, 3))
    with drawn_text_sizes(R.clear_caches) as drawn:
        T.turn(after, NAMES[:4], locale, before=before)
    label = "Last move:" if locale == "en" else "Dernier coup :"
    assert any(d.text.startswith(label) and not d.secondary for d in drawn)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_what_a_player_needs_is_drawn_as_essential(heros, game4, locale) -> None:
    state = game4[len(game4) // 2][0]
    view = heros.view(state, None)
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = T.turn(view, NAMES[:4], locale)
    floor = MIN_PREVIEW_PX / preview_scale(img.size)
    essential = [d for d in drawn if not d.secondary]
    assert all(d.size >= floor for d in essential)
    shown = {d.text for d in essential}
    text = "\n".join(shown)
    for name in NAMES[:4]:  # every name, whole
        assert name in shown
    seat = view["prompt"][0]
    assert ("to play" if locale == "en" else "À") in text and NAMES[seat] in shown
    for s in view["seats"]:
        assert str(s["points"]) in shown
    for t in view["territories"]:
        assert T._name(locale, t["id"]).split()[0].split("-")[0] in text
        if t["in_play"]:
            for k in t["ladder"]:
                assert str(k["value"]) in shown
            for v in t["population"]:
                assert v == 0 or str(v) in shown


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_end_shows_the_result_and_nobody_to_play(heros, game4, locale) -> None:
    last = game4[-1][0]
    outcome = heros.outcome(last)
    assert outcome is not None
    with drawn_texts(R.clear_caches) as seen:
        T.turn(heros.view(last, None), NAMES[:4], locale, before=heros.view(game4[-2][0], None))
        R.board(heros.view(last, None), NAMES[:4], locale)
    text = "\n".join(seen)
    assert "to play" not in text and "de jouer" not in text
    assert ("wins" if locale == "en" else "l'emporte") in text
    assert NAMES[outcome.winners[0]] in seen


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_resignation_shows_who_resigned_and_the_winners(heros, game4, locale) -> None:
    state = game4[len(game4) // 3][0]
    outcome = resigned(4, 2)
    view = heros.view(state, None)
    for draw in (lambda: T.turn(view, NAMES[:4], locale, outcome=outcome),
                 lambda: R.board(view, NAMES[:4], locale, outcome=outcome)):
        with drawn_text_sizes(R.clear_caches) as drawn:
            draw()
        text = "\n".join(d.text for d in drawn if not d.secondary)
        assert "to play" not in text and "de jouer" not in text
        assert ("resigned" if locale == "en" else "abandonne") in text
        assert ("Winners" if locale == "en" else "Vainqueurs") in text
        for s in (0, 1, 3):
            assert NAMES[s] in text


def test_the_hand_is_legible_in_the_preview(heros, game4) -> None:
    state = game4[40][0]
    seat = state["active"]
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = R.hand(heros.view(state, seat), NAMES[:4], "fr")
    assert img.width > img.height
    floor = MIN_PREVIEW_PX / preview_scale(img.size)
    assert all(d.size >= floor for d in drawn if not d.secondary)
    for hid in state["hands"][seat]:
        assert T._name("fr", hid) in {d.text for d in drawn}


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_full_board_names_the_last_move(heros, game4, locale) -> None:
    before, after, action = _pair(heros, game4, "place", args=2)
    with drawn_texts(R.clear_caches) as seen:
        R.board(after, NAMES[:4], locale)
    assert ("Last move:" if locale == "en" else "Dernier coup :") in seen
    assert T.move_text(after, after["last"], locale, NAMES) in seen


def test_the_full_board_writes_whole_wonder_names(heros) -> None:
    moments = history(5, 8)
    for locale in ("en", "fr"):
        for state, _ in (moments[0], moments[-1]):
            view = heros.view(state, None)
            with drawn_texts(R.clear_caches) as seen:
                R.board(view, NAMES, locale)
            for w in view["wonders"]:
                assert R._name(locale, w["id"]) in seen  # never ellipsized
            assert not any(t.endswith("…") for t in seen if "heros" not in t and len(t) > 12
                           and any(R._name(locale, w["id"]).startswith(t[:-1])
                                   for w in view["wonders"]))
