"""7 Wonders Duel's board: a seat's name as a badge in its colour, and a catalogue template with its
{name} drawn as that badge (the status, the result, the military track, the draft, the cities).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from render import common
from render.common import (
    INK,
    NAME_MARK,
    RGB,
    Box,
    badge_line,
    seat_colour,
    seat_name,
)
from render.duel.parts import t


def rich(img: Image.Image | None, xy: tuple[float, float], key: str, locale: str,
         names: Sequence[str], seat: int | None, size: int, *, bold: bool = True, fill: RGB = INK,
         max_width: float = 600, **params: Any) -> float:
    """The template `key` with its {name} drawn as the seat's colour badge. Returns its width
    (only measures when img is None)."""
    return badge_line(img, xy, t(key, locale, name=NAME_MARK, **params), names, seat, size,
                      bold=bold, fill=fill, max_width=max_width, min_ratio=0.72,
                      before_share=0.5)


def name_badge(img: Image.Image, xy: tuple[float, float], names: Sequence[str], seat: int,
               size: int, max_width: float, anchor: str = "lm") -> Box:
    """A seat's name on its colour, shrinking a little before it is cut (render.common's)."""
    return common.name_badge(img, xy, seat_name(names, seat), size, seat_colour(seat), max_width,
                             min_size=max(12, int(size * 0.8)), anchor=anchor)
