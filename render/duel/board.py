"""7 Wonders Duel: the public board, drawn from the engine's views (engine/duel/VIEW.md).

board() reads only the public keys of the view, never view["private"] (the Great Library's
drawn tokens) nor view["viewer"], so a seat's board and the spectator's are the same picture
(tests/render/test_duel.py checks it on real games). The turn post's picture and the viewer's
own picture are drawn for the inline preview in render/duel/turn.py and render/duel/hand.py.

The board is drawn from the top down, each band in a module of its own: the header (here), the
status or the final result (board_status.py), the military track (board_track.py), the
structure or the draft with the side column (board_middle.py), both cities (board_city.py),
then the expansions' bands; board_badges.py draws the seats' names for all of them.

Words come from our keys `duel.render.*` (data/duel/i18n/render.<locale>.json) and from the
engine's: component names `duel.tok.<id>`, the prompt's Msg, action texts
(engine.i18n.action_label). Card faces, backs, wonders and icons are cached layers
(render/duel/parts.py, render/duel/icons.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.core import Outcome
from render.common import PAPER, RGB, header_band, resigned_seat, star, text_line
from render.duel import icons, parts
from render.duel.board_city import clear_city_caches, draw_city
from render.duel.board_middle import draw_middle
from render.duel.board_status import draw_status
from render.duel.board_track import draw_military
from render.duel.extension import enabled, registered
from render.duel.icons import paste
from render.duel.parts import t
from render.duel.turn_frame import is_over, players

__all__ = ["W", "board", "clear_caches"]


W = 1200  # board width
M = 20  # outer margin
HEADER: RGB = (32, 46, 78)  # deep blue
HEADER_INK: RGB = (246, 226, 178)


def board(view: Mapping[str, Any], names: Sequence[str], locale: str,
          outcome: Outcome | None = None) -> Image.Image:
    """The public board: header, the status (who is asked what, the last move) or the final
    result, the military track, the age's structure (or the wonder draft) with the progress
    tokens and the discard pile beside it, and both cities."""
    if outcome is not None and not view.get("outcome"):  # a resignation, a clock run out
        view = {**view, "outcome": _platform_outcome(view, outcome), "active": None}
    status_h = draw_status(None, view, names, locale, (M, 0, W - M, 0))
    mil_h = 196
    middle_h = draw_middle(None, view, names, locale, (M, 0, W - M, 0))
    panel_w = W - 2 * M
    panel_hs = [draw_city(None, view, names, locale, s, (M, 0, M + panel_w, 0)) for s in range(2)]
    header_h = 64
    total = header_h + M + status_h + 14 + mil_h + 14 + middle_h + 14 + panel_hs[0] + 10 \
        + panel_hs[1] + M
    img = Image.new("RGB", (W, total), PAPER)
    _header(img, view, locale, header_h)
    y = header_h + M
    draw_status(img, view, names, locale, (M, y, W - M, y + status_h))
    y += status_h + 14
    draw_military(img, view, names, locale, (M, y, W - M, y + mil_h))
    y += mil_h + 14
    draw_middle(img, view, names, locale, (M, y, W - M, y + middle_h))
    y += middle_h + 14
    for s in range(2):
        draw_city(img, view, names, locale, s, (M, y, M + panel_w, y + panel_hs[s]))
        y += panel_hs[s] + 10
    for ext in enabled(view):  # the expansions' bands: the leaders', the Senate
        img = ext.board_band(img, view, names, locale)
    return img


def _platform_outcome(view: Mapping[str, Any], outcome: Outcome) -> dict[str, Any]:
    """The platform's end of the game (a resignation...) as the view's `outcome`: the winners,
    who resigned, and the standing when the game stopped."""
    points = [dict(p.get("points") or {}) for p in players(view)]
    return {"winners": list(outcome.winners), "reason": "resigned",
            "resigned": resigned_seat(outcome),
            "scores": list(outcome.scores) if outcome.scores is not None else
            [p.get("total", 0) for p in points], "points": points}


def _header(img: Image.Image, view: Mapping[str, Any], locale: str, h: int) -> None:
    age = int(view.get("age") or 0)
    if is_over(view):
        label = t("over", locale)
    elif age == 0 or view.get("phase") == "draft":
        label = t("draft", locale)
    else:
        label = t("age", locale, n=age, roman={1: "I", 2: "II", 3: "III"}.get(age, str(age)))
    d = header_band(img, W, h, HEADER, t("title", locale), 32, M, label, 20)
    built = int(view.get("wonders_built") or 0)
    text = t("wonders_built", locale, n=built)
    tw = text_line(d, (W - M, h / 2 - 1), text, 20, bold=True, fill=HEADER_INK, anchor="rm")
    paste(img, icons.icon("wonder", 28, HEADER_INK), (W - M - tw - 36, h / 2 - 15))


def clear_caches() -> None:
    """Forget every cached layer (faces are cached per locale; tests that watch what is drawn
    start from a clean slate)."""
    parts.clear_caches()
    icons.clear_caches()
    clear_city_caches()
    star.cache_clear()
    for ext in registered():
        ext.clear_caches()
