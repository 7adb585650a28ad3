"""7 Wonders Duel's turn picture during the wonder draft: the wonders each player already holds,
named, in the column where the age's structure will be (issue 25: the draft's picture showed
only the wonders on offer, so a player could not see what the other had taken).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    MUTED,
    Box,
    badge,
    name_badge,
    seat_colour,
    seat_name,
    shade,
    text_line,
    text_width,
    tint,
)
from render.duel import parts
from render.duel.parts import name_of, t
from render.duel.turn_frame import ES, players

ROW = 28  # a row of pills: a wonder's name at the essential size, and a gap
GAP = 8


def _rows(labels: list[str], width: float) -> list[list[tuple[str, float]]]:
    """The pills in greedy rows `width` wide (a name too long for a row is cut)."""
    rows: list[list[tuple[str, float]]] = [[]]
    used = 0.0
    for label in labels:
        w = min(text_width(label, ES, True) + 2 * (ES // 2), width)
        if rows[-1] and used + GAP + w > width:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0) + w
        rows[-1].append((label, w))
    return rows


def _laid(view: Mapping[str, Any], locale: str, width: float
          ) -> list[list[list[tuple[str, float]]]]:
    held = [[name_of(str(w.get("id")), locale) for w in p.get("wonders") or [] if w.get("id")]
            for p in players(view)]
    return [_rows(labels, width) if labels else [] for labels in held]


def drafted_height(view: Mapping[str, Any], locale: str, width: float) -> int:
    """The height the players' wonders take (without the title) in a column `width` wide."""
    return sum(40 + max(1, len(rows)) * ROW for rows in _laid(view, locale, width - 8))


def draw_drafted(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                 box: Box) -> None:
    """A title when there is room, then each player's name and the wonders they took in the
    draft as pills, in draft order."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    width = x1 - x0 - 8
    laid = _laid(view, locale, width)
    y = y0 + 4
    if drafted_height(view, locale, x1 - x0) + 40 <= y1 - y0:
        text_line(d, (x0, y0 + 14), t("turn.drafted", locale), 22, bold=True,
                  max_width=x1 - x0)
        y += 36
    frame = parts.WONDER_FRAME
    for seat, rows in enumerate(laid):
        y += 14
        name_badge(img, (x0, y), seat_name(names, seat), 22, seat_colour(seat), x1 - x0,
                   min_size=ES)
        y += 18 + ROW / 2
        if not rows:
            text_line(d, (x0 + 8, y), t("turn.drafted.none", locale), ES, fill=MUTED,
                      max_width=width)
            y += ROW
        for row in rows:
            x = x0 + 8
            for label, w in row:
                badge(img, (x, y), label, ES, tint(frame, 0.7), ink=shade(frame, 0.6),
                      max_width=w)
                x += w + GAP
            y += ROW
        y += 8 - ROW / 2
