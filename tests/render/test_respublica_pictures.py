"""Defects of Res Publica's turn picture found by playing (issue 25): each test fails on the code
before its fix. Texts are recorded with their boxes (tests/support.py's spy)."""

from __future__ import annotations

import re
from functools import cache
from importlib import import_module

import pytest

from engine import registry
from engine.i18n import catalogue
from render import respublica as R
from render.respublica.samples import NAMES
from render.samples import Moment, game_samples, moment, seat_names
from tests.support import Placed, drawn_text_boxes

G = registry.get("res-publica")
T = import_module("render.respublica.turn")  # the module (render.respublica.turn is the function)


@cache
def _at(name: str) -> Moment:
    return moment("res-publica", next(s for s in game_samples("res-publica") if s.name == name))


def _drawn(name: str) -> list[Placed]:
    at = _at(name)
    before = G.view(at.before, None) if at.before is not None else None
    with drawn_text_boxes(R.clear_caches) as drawn:
        R.turn(G.view(at.state, None), seat_names(at, NAMES), at.sample.locale, before=before,
               outcome=at.outcome)
    return [d for d in drawn if not d.secondary]


@pytest.mark.parametrize("name", ["deal-both-give-4p-full-en", "deal-both-give-3p-classic-fr",
                                  "trade-5p-full-fr", "trade-4p-classic-en"])
def test_an_answer_cell_is_never_cut(name: str) -> None:
    """"choosing… · gives 4 cards, metallography or…": the cell widens before it cuts."""
    ends = {v for v in catalogue(_at(name).sample.locale).values()
            if isinstance(v, str) and v.endswith("…")}
    cut = [d.text for d in _drawn(name) if d.text.endswith("…") and d.text not in ends
           and not any(n.startswith(d.text[:-1]) for n in seat_names(_at(name), NAMES))]
    assert cut == []


@pytest.mark.parametrize("name", ["trade-5p-full-fr", "deal-both-give-4p-full-en",
                                  "laid-4p-full-en"])
def test_the_left_block_never_runs_into_the_points_box(name: str) -> None:
    """In 5 players "▶ Doit répondre" and "6 cartes" ran into the points box."""
    edge = T.TM + T.LEFT_W + 8  # where a row's points box begins
    drawn = _drawn(name)
    names = set(seat_names(_at(name), NAMES))
    # the rows' names (under the status box, at most 96 px tall under the 56 px header)
    rows = [d.box[1] for d in drawn if d.text in names and d.box[0] < 100 and d.box[1] > 165]
    in_rows = [d for d in drawn if any(0 <= d.box[1] - top <= 70 for top in rows)]
    assert [d.text for d in in_rows if d.box[0] < edge - 40 and d.box[2] > edge] == []


@pytest.mark.parametrize("name", ["deal-both-give-4p-full-en", "laid-4p-full-en"])
def test_the_last_move_label_sits_inside_its_row(name: str) -> None:
    """The "last move"/"deal" tab sat across the top border of the row and its answer box: it
    now sits inside the row, level with the player's name."""
    at = _at(name)
    labels = {T.tr(f"turn.{k}", at.sample.locale) for k in ("last_move", "deal", "trade_over", "done")}
    drawn = _drawn(name)
    names = set(seat_names(at, NAMES))
    rows = [(d.box[1] + d.box[3]) / 2 for d in drawn if d.text in names and d.box[0] < 100]
    placed = [d for d in drawn if d.text in labels]
    assert placed and rows
    for d in placed:
        mid = (d.box[1] + d.box[3]) / 2
        assert min(abs(mid - r) for r in rows) <= 12, (d.text, d.box, rows)


def test_a_resignation_that_leaves_no_winner_is_drawn() -> None:
    """The last person resigns after the others left: the platform's end has no winner (e2e,
    test_the_lobby_and_looking_at_a_game); the winners' line shared its room among none."""
    from engine.core import resigned

    at = _at("resigned-4p-full-en")
    end = resigned(4, 1, left=(0, 2, 3))
    assert end.winners == ()
    png = R.turn(G.view(at.state, None), seat_names(at, NAMES), "en", outcome=end)
    assert png.size[0] > 0


@pytest.mark.parametrize("name", ["final-5p-full-fr", "last-round-5p-full-en",
                                  "final-3p-classic-en"])
def test_every_group_laid_is_shown(name: str) -> None:
    """Groups past the first few became a "+4" chip, so the final picture did not show what a
    player laid: now each group's value is drawn (chips get smaller first), or each point card
    is counted ("×5") where even small chips do not fit."""
    at = _at(name)
    drawn = _drawn(name)
    names = seat_names(at, NAMES)
    assert [d.text for d in drawn if re.fullmatch(r"\+\d+", d.text)] == []
    gx0 = T.TM + T.LEFT_W + 8 + T.POINTS_W + 12  # where a row's groups begin
    right = T.TW - T.TM - T.PILES_W - 12
    seats = G.view(at.state, None)["seats"]
    assert max(len(s["groups"]) for s in seats) > 4  # more than the chips that used to fit
    tops = [next((d.box[1] + d.box[3]) / 2 for d in drawn if d.text == names[i]
                 and d.box[0] < 100 and d.box[1] > 165)  # its row, not the status band
            for i in range(len(seats))]
    for i, seat in enumerate(seats):
        low = tops[i + 1] - 30 if i + 1 < len(seats) else T.TH  # the row ends where the next begins
        there = [d.text for d in drawn if gx0 <= d.box[0] and d.box[2] <= right
                 and tops[i] - 30 <= (d.box[1] + d.box[3]) / 2 < low]
        values = sorted(t for t in there if t.isdigit())
        counted = sum(int(t[1:]) for t in there if re.fullmatch(r"×\d+", t))
        laid = seat["groups"]
        assert laid == [] or counted == len(laid) or values == sorted(
            str(g["value"]) for g in laid if g["card"] != "library"), (i, there, laid)


# The seat with the most groups in the sample: 2 cities, a church, 2 libraries, 4 towns since
# issue 44.3 (9b13e9b) changed the seeded random game (a mixed offer names only kinds held).
@pytest.mark.parametrize(("width", "shown"), [(300, ["×2", "×1", "×2", "×4"]),
                                              (150, ["9 groups laid"])])
def test_a_narrow_row_counts_its_groups(width: int, shown: list[str]) -> None:
    """Beside an answer cell even small chips may not fit: each point card is counted, or, in
    the narrowest room, the groups are counted in words; never a "+N" chip."""
    from PIL import Image

    seats = G.view(_at("last-round-5p-full-en").state, None)["seats"]
    seat = max(seats, key=lambda s: len(s["groups"]))
    assert len(seat["groups"]) == 9
    img = Image.new("RGB", (T.TW, T.TH))
    with drawn_text_boxes(R.clear_caches) as drawn:
        T._chips(img, seat, {}, (), "en", (400, 300, 400 + width, 352))
    assert [d.text for d in drawn] == shown
