"""A Seven Hills card alone, as `/game card` shows it (its face, as in a hand); None for a hill
or the Forum (a plain card of words is drawn instead, render/card.py)."""

from __future__ import annotations

from PIL import Image

from engine.sevenhills.components import load
from render.sevenhills.parts import card_face


def card(cid: str, locale: str) -> Image.Image | None:
    return card_face(cid, locale) if load().is_card(cid) else None
