"""A 7 Wonders Duel component alone, as `/game card` shows it: an Age or Guild card's face, a
wonder's tile, a progress token with its name; None for the others (a plain card of words is
drawn instead, render/card.py)."""

from __future__ import annotations

from PIL import Image

from render.common import PAPER
from render.duel import parts


def card(cid: str, locale: str) -> Image.Image | None:
    kind = parts.component(cid).get("kind")
    if kind == "card":
        return parts.card_face(cid, 220, 330, locale, short=True)
    if kind == "wonder":
        return parts.wonder_tile(cid, 380, 180, "offer", locale)
    if kind == "progress":
        img = Image.new("RGBA", (330, 120), (*PAPER, 255))
        parts.token_row(img, cid, 10, 10, 100, 320, locale, size=22)
        return img
    return None
