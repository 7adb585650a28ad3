"""Seven Hills: what the board, the turn picture and the hand share: colours, words, the markers'
shapes and a card's face (our own shapes and text, no scanned art)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core import Msg
from engine.i18n import translate
from engine.sevenhills.components import load
from render.common import (
    INK,
    MIN_PREVIEW_PX,
    MUTED,
    RGB,
    Words,
    draw_text,
    paste,
    rounded,
    secondary,
    shade,
    supersampled,
    text_line,
)

GAME = "seven-hills"
HEADER: RGB = (122, 28, 34)  # Roman red
ROAD: RGB = (224, 212, 188)
CLOSED: RGB = (226, 222, 214)
CARD_COLOURS: dict[str, RGB] = {
    "red": (196, 48, 43), "orange": (232, 128, 30), "yellow": (232, 196, 50),
    "green": (58, 140, 70), "blue": (46, 98, 176), "purple": (122, 66, 150),
    "brown": (128, 86, 52),
}
# At 1100 px wide the hand's preview halves it, so every essential text on a card is at least
# HAND_MIN px (the legend caption is secondary).
CARD_W, CARD_H, CARD_GAP = 144, 318, 9
HAND_MIN = 2 * MIN_PREVIEW_PX


tr = Words(f"{GAME}.render.")


def token_name(token: str, locale: str) -> str:
    return translate(Msg(f"{GAME}.tok.{token}"), locale)


# --- marker icons: cube (noble), hexagon (knight), cylinder (centurion), disc (plebeian) ----------


@lru_cache(maxsize=256)
def marker(cls: str, size: int, colour: RGB) -> Image.Image:
    edge = (*shade(colour, 0.45), 255)
    fill = (*colour, 255)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        w = max(1, int(s * 0.07))
        if cls == "noble":
            d.rectangle((s * 0.14, s * 0.14, s * 0.86, s * 0.86), fill=fill, outline=edge, width=w)
        elif cls == "knight":
            pts = [(s / 2 + s * 0.42 * math.cos(math.pi / 3 * i + math.pi / 6),
                    s / 2 + s * 0.42 * math.sin(math.pi / 3 * i + math.pi / 6)) for i in range(6)]
            d.polygon(pts, fill=fill, outline=edge, width=w)
        elif cls == "centurion":
            d.rounded_rectangle((s * 0.26, s * 0.06, s * 0.74, s * 0.94), radius=s * 0.16,
                                fill=fill, outline=edge, width=w)
            d.line((s * 0.28, s * 0.24, s * 0.72, s * 0.24), fill=edge, width=w)
        else:
            d.ellipse((s * 0.08, s * 0.22, s * 0.92, s * 0.78), fill=fill, outline=edge, width=w)

    return supersampled((size, size), paint)


# --- a card's face: legible in the hand's inline preview ------------------------------------------


@lru_cache(maxsize=256)
def card_face(card: str, locale: str) -> Image.Image:
    k = load().card(card)
    colour = CARD_COLOURS.get(k.colour, MUTED)
    img = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    rounded(img, (0, 0, CARD_W, CARD_H), 14, colour, shade(colour, 0.45), 3)
    rounded(img, (7, 44, CARD_W - 7, CARD_H - 7), 10, (255, 252, 245))
    d = ImageDraw.Draw(img)
    ink = (255, 255, 255) if sum(colour) < 480 else INK
    f = HAND_MIN
    draw_text(d, (8, 4, CARD_W - 8, 42), translate(Msg(f"{GAME}.colour.{k.colour}"), locale)
              .capitalize(), 22, bold=True, fill=ink, max_lines=1, min_size=f)
    if k.cls != "slave":
        paste(img, marker(k.cls, 50, colour), (CARD_W / 2 - 25, 50))
    else:
        d.line((CARD_W / 2 - 18, 56, CARD_W / 2 + 18, 94), fill=INK, width=5)
        d.line((CARD_W / 2 + 18, 56, CARD_W / 2 - 18, 94), fill=INK, width=5)
    draw_text(d, (8, 104, CARD_W - 8, 132), token_name(k.cls, locale).capitalize(), 22, bold=True,
              max_lines=1, min_size=f)
    power = translate(Msg(f"{GAME}.power.{k.power}"), locale) if k.power else \
        (tr("revolt_card", locale) if k.cls == "slave" else "—")
    draw_text(d, (10, 136, CARD_W - 10, 214), power, f, fill=INK if k.power else MUTED,
              max_lines=3, min_size=f)
    with secondary():
        text_line(d, (CARD_W / 2, 228), tr("legion_caption", locale), 14, fill=MUTED,
                  anchor="mm")
    rounded(img, (10, 240, CARD_W - 10, CARD_H - 14), 12, ROAD)
    draw_text(d, (14, 240, CARD_W - 14, CARD_H - 14), tr(f"legion_short.{k.legion}", locale),
              f, bold=True, max_lines=2, min_size=f)
    return img


def clear_caches() -> None:
    """Forget every cached layer (tests that watch what is drawn start from a clean slate)."""
    for cached in (marker, card_face):
        cached.cache_clear()
