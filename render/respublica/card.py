"""A Res Publica card alone, as `/game card` shows it: a kind's face, or a point card with the
value on top of its pile."""

from __future__ import annotations

from PIL import Image

from engine.respublica.cards import raw
from render.respublica.parts import kind_face, point_card


def card(cid: str, locale: str) -> Image.Image | None:
    src = raw()
    family = {k["kind"]: k["family"] for k in src["kinds"]}
    if cid in family:
        return kind_face(cid, family[cid], 180, 260, locale).copy()
    values = {p["card"]: p["values"] for p in src["piles"]}
    if cid in values:
        return point_card(cid, values[cid][0], 260, 180, locale)
    return None
