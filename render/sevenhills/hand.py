"""Seven Hills: the viewer's hand (send it ephemerally only), landscape and legible in a reply's
inline preview."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.sevenhills.components import load
from render.common import (
    GOLD,
    MUTED,
    PAPER,
    hand_title,
    min_font_for,
    paste,
    text_line,
)
from render.sevenhills.parts import CARD_GAP, CARD_H, CARD_W, HEADER, card_face, tr

HAND_W = 1100
M = 20  # margin
HAND_HEADER = 64
HAND_PER_ROW = 7  # the hand limit


def hand(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The viewer's hand: each card with its colour, class (its marker's shape), additional
    action and legion icon."""
    cards = list(view.get("hand", []))
    rows = max(1, -(-len(cards) // HAND_PER_ROW))
    h = HAND_HEADER + M + rows * CARD_H + (rows - 1) * CARD_GAP + M
    img = Image.new("RGB", (HAND_W, h), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, HAND_W, HAND_HEADER), fill=HEADER)
    d.rectangle((0, HAND_HEADER - 4, HAND_W, HAND_HEADER), fill=GOLD)
    seat = view.get("viewer")
    count = tr("hand_count", locale, n=len(cards), limit=load().hand_limit)
    hand_title(img, (M, HAND_HEADER / 2 - 2), names, seat, locale, count, 26,
               fill=(255, 255, 255), max_width=HAND_W - 2 * M, min_size=min_font_for(img.size))
    if not cards:
        text_line(d, (HAND_W / 2, HAND_HEADER + (h - HAND_HEADER) / 2), tr("no_cards", locale),
                  26, fill=MUTED, anchor="mm")
    row_w = HAND_PER_ROW * CARD_W + (HAND_PER_ROW - 1) * CARD_GAP
    left = (HAND_W - row_w) // 2
    for i, card in enumerate(cards):
        r, c = divmod(i, HAND_PER_ROW)
        x = left + c * (CARD_W + CARD_GAP)
        y = HAND_HEADER + M + r * (CARD_H + CARD_GAP)
        paste(img, card_face(card, locale), (x, y))
    return img
