"""Duel's turn picture during the wonder draft and Agora's Senate on it (issue 25, "Pictures",
Duel): each test fails on the code before its fix. The texts are read with the drawn-text spy
(tests/support.py), on the picture's own canvas."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from engine import registry
from engine.core import play
from render import duel as R
from render.common import MIN_PREVIEW_PX, preview_scale
from render.duel import parts
from render.duel.agora.turn import SENATE_BELOW
from render.duel.last_strip import last_height, last_layout
from render.duel.parts import name_of, t
from render.duel.sentence import last_text
from render.duel.turn_changes import changes
from render.duel.turn_frame import SIDE_W, TRACK_H, TRACK_Y, H, M, W
from render.samples import Moment, game_samples, moment
from tests.support import Placed, drawn_text_boxes

G = registry.get("duel")
NAMES = ["Aurelia", "Bérénice"]


def _at(name: str) -> Moment:
    return moment("duel", next(s for s in game_samples("duel") if s.name == name))


def _drawn(at: Moment, locale: str) -> list[Placed]:
    """The texts drawn on the turn picture itself (not on a card or strip drawn aside)."""
    view = G.view(at.state, None)
    with drawn_text_boxes(R.clear_caches) as placed:
        R.turn(view, NAMES, locale, before=G.view(at.before, None) if at.before else None)
    return [p for p in placed if tuple(p.canvas.size) == (W, H)]


@pytest.fixture(scope="module")
def draft() -> Moment:
    """Round 2 of the draft has just begun: the latest pick left one wonder of round 1's group,
    which went to the other player."""
    return _at("draft-en")


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_last_move_names_the_wonder_the_draft_gave_the_other_player(
        draft: Moment, locale: str) -> None:
    """The strip said "Bérénice took The Great Library" only: the last wonder of the group,
    given to Aurelia by the same move, was not named."""
    view = G.view(draft.state, None)
    mover = view["last"]["seat"]
    auto = view["players"][1 - mover]["wonders"][-1]["id"]
    texts = _drawn(draft, locale)
    layout = last_layout(Image.new("RGB", (W, H)), view, NAMES, locale,
                         changes(G.view(draft.before, None), view))
    strip_top = H - M - last_height(layout)  # the strip at the picture's foot
    strip = [p.text for p in texts if p.box[1] >= strip_top]
    assert name_of(auto, locale) in strip
    assert NAMES[1 - mover] in strip and NAMES[mover] in strip
    assert name_of(view["last"]["action"].split()[1], locale) in strip


def test_a_pick_that_leaves_two_wonders_names_only_the_pick() -> None:
    """The first pick of a group gives nothing to the other player: one name, one wonder."""
    at = _at("start-fr")
    seat = min(G.prompt(at.state))
    state, _ = play(G, at.state, seat, G.legal(at.state, seat)[0])
    text = last_text(G.view(state, None), NAMES, "en")
    assert text.startswith(NAMES[seat]) and "last one" not in text and NAMES[1 - seat] not in text


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_each_players_drafted_wonders_are_named_on_the_picture(draft: Moment,
                                                               locale: str) -> None:
    """The draft's picture showed only the wonders on offer, not those each player held."""
    view = G.view(draft.state, None)
    essential = [p for p in _drawn(draft, locale) if not p.secondary]
    side = [p.text for p in essential if p.box[0] >= W - M - SIDE_W]
    for player in view["players"]:
        assert player["wonders"]
        for wonder in player["wonders"]:
            assert name_of(wonder["id"], locale) in side
    assert set(NAMES) <= set(side)
    assert t("turn.drafted", locale) in side


def _recording(calls: list[tuple[Any, ...]]) -> Callable[..., Any]:
    real = parts.strip

    def strip(items: tuple[Any, ...], *args: Any, **kwargs: Any) -> Any:
        calls.append(items)
        return real(items, *args, **kwargs)

    strip.cache_clear = real.cache_clear  # type: ignore[attr-defined]
    return strip


def test_each_offered_wonder_shows_its_cost(draft: Moment, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    """The offered wonders' tiles showed what each does, not what it costs."""
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(parts, "strip", _recording(calls))
    R.clear_caches()
    view = G.view(draft.state, None)
    R.turn(view, NAMES, "en", before=G.view(draft.before, None))
    offer = view["draft"]["offer"]
    assert offer
    for wonder in offer:
        cost = parts.cost_items(parts.component(wonder).get("cost") or {})
        assert cost and cost in calls, wonder


@pytest.fixture(scope="module")
def agora() -> Moment:
    return _at("agora-age2-en")


def _senate_box() -> tuple[float, float, float, float]:
    return (W - M - SIDE_W, TRACK_Y, W - M, TRACK_Y + TRACK_H + SENATE_BELOW)


def _inside(p: Placed, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p.box[0] and p.box[2] <= box[2] and box[1] <= p.box[1] and p.box[3] <= box[3]


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_senate_reads_at_preview_size_with_a_legend(agora: Moment, locale: str) -> None:
    """The Senate was a strip of "0·0 1·0 0·1 …" at 13 px, unreadable in the preview, with no
    legend: now each chamber's cubes of both players at the essential size, the players'
    names, and each controlled chamber with its public decree."""
    view = G.view(agora.state, None)
    chambers = view["agora"]["senate"]
    box = _senate_box()
    inside = [p for p in _drawn(agora, locale) if _inside(p, box)]
    scale = preview_scale((W, H))
    assert inside and all(not p.secondary and p.size * scale >= MIN_PREVIEW_PX for p in inside)
    texts = [p.text for p in inside]
    assert set(NAMES) <= set(texts)
    for ch in chambers:  # the chamber's number over its column, both players' cubes below
        heads = [p for p in inside if p.text == str(ch["chamber"])]
        assert heads, ch["chamber"]
        head = min(heads, key=lambda p: p.box[1])  # the numbers are the table's top line
        centre = (head.box[0] + head.box[2]) / 2
        below = sorted((p for p in inside if abs((p.box[0] + p.box[2]) / 2 - centre) < 6
                        and p.box[1] > head.box[3]), key=lambda p: p.box[1])
        assert [p.text for p in below[:2]] == [str(n) for n in ch["cubes"]]
    held = [ch for ch in chambers if ch["control"] is not None]
    assert held  # the sample has controlled chambers
    legend = " ".join(texts)
    for ch in held:
        for dec in ch["decrees"]:
            if dec is not None:
                words = name_of(dec, locale).split(":", 1)[-1].split()
                assert " ".join(words[:2]) in legend, dec


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_senate_says_when_nobody_controls_a_chamber(locale: str) -> None:
    at = _at("agora-age2-en")
    view = G.view(at.state, None)
    for ch in view["agora"]["senate"]:
        ch["control"] = None
    with drawn_text_boxes(R.clear_caches) as placed:
        R.turn(view, NAMES, locale)
    assert t("agora.turn.nobody", locale) in [p.text for p in placed]
