"""7 Wonders Duel: the turn post's picture, designed for Discord's inline preview (~550x350): a
1100x700 landscape canvas shown at half size, so every essential text is drawn at >= 18 px
(render.common.min_font_for); the rest is drawn inside render.common.secondary(). The hand
(render/duel/hand.py) is drawn at the same scale with the same tiles.

The turn picture: the header (age, wonders built), both players side by side (name, coins,
points, shields, and the expansions' numbers: the Senate chambers controlled, the leaders
recruited; what the last move changed as +/- beside each number), the military track with the
conflict pawn (and an expansion's panel beside it: Agora's Senate), then what the player to act
chooses among (the accessible cards with their names and what they cost that player; the
wonders offered; the tokens; the cards of the Mausoleum or to destroy; an expansion's choices,
as the leaders offered), beside the age's structure drawn as a schematic (the card just taken
outlined), and the last move. At the end, the result (winners, kind of victory, each player's
points; or who resigned). What the expansions add comes through render/duel/extension.py.

Each part is drawn by a module of its own (render/duel/__init__.py lists them); turn() lays
them out. `changes(before, view)` (turn_changes.py) says what the latest action changed, from
two public views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.core import Outcome
from render.common import PAPER
from render.duel.choices import choice_items, draw_choices
from render.duel.last_strip import draw_last, last_height, last_layout
from render.duel.sentence import last_move, last_text
from render.duel.tiles import token_text
from render.duel.turn_changes import changes
from render.duel.turn_frame import LAST, MAIN_Y, SIDE_W, TRACK_H, TRACK_Y, H, M, W, asked, is_over
from render.duel.turn_panels import draw_head, draw_player
from render.duel.turn_result import draw_result, point_keys
from render.duel.turn_side import draw_side
from render.duel.turn_track import below_track, draw_track

# the names the tests and the other pictures have imported from here
__all__ = [
    "H",
    "LAST",
    "M",
    "TRACK_H",
    "TRACK_Y",
    "W",
    "asked",
    "changes",
    "choice_items",
    "last_move",
    "last_text",
    "point_keys",
    "token_text",
    "turn",
]


def turn(view: Mapping[str, Any], names: Sequence[str], locale: str,
         before: Mapping[str, Any] | None = None, outcome: Outcome | None = None) -> Image.Image:
    """The turn post's picture (see the module's docstring)."""
    img = Image.new("RGB", (W, H), PAPER)
    changed = changes(before, view)
    draw_head(img, view, locale, outcome)
    for s in range(2):
        draw_player(img, view, names, locale, s, changed, outcome)
    over = is_over(view, outcome)
    below = 0 if over else below_track(view)  # the result takes the whole width
    draw_track(img, view, names, locale, changed, below)
    layout = last_layout(img, view, names, locale, changed)
    last_h = last_height(layout)
    bottom = H - M - last_h - 10
    main = (M, MAIN_Y, W - M - SIDE_W - 12, bottom)
    side = (W - M - SIDE_W, MAIN_Y + below, W - M, bottom)
    if over:
        draw_result(img, view, names, locale, outcome, (M, MAIN_Y, W - M, bottom))
    else:
        draw_choices(img, view, names, locale, main)
        draw_side(img, view, names, locale, side, changed)
    draw_last(img, view, names, locale, layout, (M, H - M - last_h, W - M, H - M))
    return img
