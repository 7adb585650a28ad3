"""Héros du Monde: the viewer's heroes (send it ephemerally only), drawn at the turn picture's
scale (render/heros/turn.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    MUTED,
    PAPER,
    draw_text,
    hand_title,
    header_band,
    min_font_for,
    rounded,
    secondary,
    shade,
    text_line,
    tint,
)
from render.heros.parts import BEIGE, ORANGE, dates, tr
from render.heros.turn import BAND, TITLE_BAND, W, hero_block

HAND_H = 340


def hand(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The viewer's heroes as cards side by side (1100x440, read at half size)."""
    seat = view.get("viewer")
    if seat is None:
        raise ValueError("a hand needs the viewer's seat")
    heroes = view.get("hand", [])
    img = Image.new("RGB", (W, HAND_H), PAPER)
    header_band(img, W, BAND, TITLE_BAND, "", 26, 18)
    hand_title(img, (18, BAND / 2 - 1), names, seat, locale,
               tr("heros.render.hand_count", locale, names, n=len(heroes)), 24,
               fill=(255, 255, 255), max_width=W - 36, min_size=min_font_for((W, HAND_H)))
    draw = ImageDraw.Draw(img)
    seats = view.get("seats", [])
    facts = ""
    if isinstance(seat, int) and 0 <= seat < len(seats):
        s = seats[seat]
        facts = f"{s.get('gold', 0)} {tr('heros.render.gold', locale, names)} · " + \
            tr("heros.render.points", locale, names, n=s.get("points", 0))
    if facts:
        text_line(draw, (18, BAND + 26), facts, 20, bold=True, fill=MUTED)
    top = BAND + 50
    if not heroes:
        draw_text(draw, (18, top, W - 18, HAND_H - 18), tr("heros.render.no_hand", locale, names),
                  26, fill=MUTED)
        return img
    count = max(len(heroes), 3)
    cw = (W - 36 - 14 * (count - 1)) / count
    for i, hero in enumerate(heroes):
        x = int(18 + i * (cw + 14))
        _hand_card(img, draw, hero, locale, names, x, top, int(x + cw), HAND_H - 16)
    return img


def _hand_card(img: Image.Image, draw: ImageDraw.ImageDraw, hero: Mapping[str, Any],
               locale: str, names: Sequence[str], x0: int, y0: int, x1: int, y1: int) -> None:
    era_fill = BEIGE if hero.get("era") == "ancient" else ORANGE
    rounded(img, (x0, y0, x1, y1), 14, tint(era_fill, 0.45), shade(era_fill, 0.45), 2)
    y = hero_block(img, draw, hero, locale, names, x0 + 10, y0 + 10, x1 - 10, y1 - 34)
    del y
    with secondary():
        text_line(draw, (x0 + 12, y1 - 18), dates(hero.get("dates", ""), locale), 16,
                  fill=MUTED, max_width=x1 - x0 - 24)
