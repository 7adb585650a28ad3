"""Res Publica: the pieces the board, the turn picture and the hand draw with: the kinds' colours
and the rules of laying them (from the component data), icons, card faces and backs, point
cards, a line with a seat's name as a badge. Static layers are cached and never drawn on once
cached."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import data
from engine.core import Msg
from engine.i18n import action_label, has, token_label, translate
from render import common
from render.common import (
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    RGB,
    Box,
    Painter,
    Words,
    badge_line,
    disc,
    draw_text,
    font,
    ink_on,
    mix,
    painted_icon,
    paste,
    seat_colour,
    seat_name,
    shade,
    star,
    supersampled,
    tint,
    unit_box,
    unit_points,
)

GAME = "res-publica"
PEOPLE = "people"
CIVILISATION = "civilisation"

# --- look -------------------------------------------------------------------------------------

# a laid group's tile (the board's player panels)
G_FACE = (108, 118)
G_OFF = 4
G_POINT = (130, 42)
G_TILE = (132, 154)

HEADER: RGB = (110, 28, 34)  # Roman red
FAMILY_FRAME: dict[str, RGB] = {PEOPLE: (96, 62, 30), CIVILISATION: (28, 60, 104)}
FAMILY_BACK: dict[str, RGB] = {PEOPLE: (150, 96, 48), CIVILISATION: (44, 92, 150)}

# Each kind has its own colour AND its name written on the card: colour is never the only cue.
KIND_COLOURS: dict[str, RGB] = {
    "anglo-saxons": (192, 57, 43),
    "huns": (230, 126, 34),
    "vikings": (36, 113, 163),
    "goths": (125, 60, 152),
    "lombards": (35, 155, 86),
    "monks": (110, 75, 58),
    "alchemy": (22, 160, 133),
    "commerce": (212, 172, 13),
    "shipbuilding": (93, 173, 226),
    "architecture": (166, 172, 175),
    "metallography": (86, 101, 115),
    "books": (194, 24, 91),
}
CARD_COLOURS: dict[str, RGB] = {
    "city": (178, 74, 40),
    "town": (176, 122, 20),
    "church": (106, 64, 140),
    "library": (92, 64, 40),
}
POINT_FACE: RGB = (255, 247, 222)

# Groups laid for point cards; read from the component data, with the rulebook's values as a
# fallback (Poser les cartes: 5 people -> city, 5 civilisation -> town, 4 with a library,
# 2 monks -> church, 2 books -> library).
_DEFAULT_GROUPS = {
    PEOPLE: (5, "city", None),
    CIVILISATION: (5, "town", 4),
    "monks": (2, "church", None),
    "books": (2, "library", None),
}
PILE_OF_CARD = {"city": "cities", "town": "towns", "church": "churches", "library": "libraries"}


tr = Words(f"{GAME}.render.")


def _kind_label(kind: str, locale: str) -> str:
    return token_label(GAME, kind, locale)


@lru_cache(maxsize=1)
def _group_rules() -> dict[str, tuple[int, str, int | None]]:
    """kind -> (cards needed, point card earned, cards needed with a library)."""
    try:
        raw = json.loads(data.path("respublica", "cards.json").read_text(encoding="utf-8"))
        rules = {}
        for g in raw["groups"]:
            for kind in g["kinds"]:
                rules[kind] = (int(g["size"]), str(g["card"]), g.get("size_with_library"))
        return rules
    except (OSError, KeyError, ValueError, TypeError):
        return {}


@lru_cache(maxsize=1)
def draw_rules() -> tuple[int, int, int]:
    """(people cards drawn, civilisation cards per city, most cards drawn) at a turn's end
    (Piocher des cartes: 1 people card, 1 civilisation card per city, 3 cards at most)."""
    try:
        raw = json.loads(data.path("respublica", "cards.json").read_text(encoding="utf-8"))
        d = raw["draw"]
        return int(d["people"]), int(d["civilisation_per_city"]), int(d["max"])
    except (OSError, KeyError, ValueError, TypeError):
        return 1, 1, 3


def group_rule(kind: str, family: str) -> tuple[int, str, int | None]:
    rule = _group_rules().get(kind)
    if rule is not None:
        return rule
    return _DEFAULT_GROUPS.get(kind) or _DEFAULT_GROUPS.get(family) or (5, "city", None)


def kind_colour(kind: str) -> RGB:
    if kind in KIND_COLOURS:
        return KIND_COLOURS[kind]
    h = sum(map(ord, kind))
    return (80 + h * 37 % 140, 80 + h * 53 % 140, 80 + h * 71 % 140)


def families_of(view: Mapping[str, Any]) -> dict[str, str]:
    return {k["kind"]: k["family"] for k in view.get("kinds", [])}


# --- icons: simple geometry in a unit square, painted supersampled ----------------------------

CUT = (0, 0, 0, 0)  # paint transparency: holes in an icon


_p = unit_points  # short names: the painters below use them on every line


_r = unit_box


def _shield(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.ellipse(_r(s, 0.08, 0.08, 0.92, 0.92), fill=c)
    d.ellipse(_r(s, 0.2, 0.2, 0.8, 0.8), outline=CUT, width=int(0.05 * s))
    d.ellipse(_r(s, 0.38, 0.38, 0.62, 0.62), outline=CUT, width=int(0.045 * s))


def _bow(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.arc(_r(s, -0.06, 0.06, 0.62, 0.94), start=-78, end=78, fill=c, width=int(0.09 * s))
    d.line(_p(s, 0.33, 0.08, 0.33, 0.92), fill=c, width=int(0.035 * s))
    d.line(_p(s, 0.1, 0.5, 0.8, 0.5), fill=c, width=int(0.06 * s))
    d.polygon(_p(s, 0.96, 0.5, 0.76, 0.38, 0.76, 0.62), fill=c)
    d.polygon(_p(s, 0.04, 0.38, 0.16, 0.5, 0.04, 0.62, 0.12, 0.5), fill=c)


def _helmet(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.pieslice(_r(s, 0.2, 0.26, 0.8, 0.86), start=180, end=360, fill=c)
    d.rectangle(_r(s, 0.16, 0.55, 0.84, 0.67), fill=c)
    d.rectangle(_r(s, 0.45, 0.6, 0.55, 0.84), fill=c)
    for m in (lambda x: x, lambda x: 1 - x):
        d.polygon(
            _p(s, m(0.26), 0.5, m(0.12), 0.4, m(0.05), 0.24, m(0.06), 0.06, m(0.16), 0.26,
               m(0.3), 0.38),
            fill=c,
        )


def _sword(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.5, 0.04, 0.57, 0.14, 0.57, 0.62, 0.43, 0.62, 0.43, 0.14), fill=c)
    d.rectangle(_r(s, 0.26, 0.62, 0.74, 0.7), fill=c)
    d.rectangle(_r(s, 0.455, 0.7, 0.545, 0.86), fill=c)
    d.ellipse(_r(s, 0.43, 0.84, 0.57, 0.97), fill=c)
    d.line(_p(s, 0.5, 0.16, 0.5, 0.58), fill=CUT, width=max(1, int(0.02 * s)))


def _crown(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.1, 0.74, 0.1, 0.3, 0.3, 0.52, 0.5, 0.2, 0.7, 0.52, 0.9, 0.3, 0.9, 0.74),
              fill=c)
    d.rectangle(_r(s, 0.1, 0.74, 0.9, 0.88), fill=c)
    for x in (0.3, 0.5, 0.7):
        d.ellipse(_r(s, x - 0.04, 0.77, x + 0.04, 0.85), fill=CUT)
    for x, y in ((0.1, 0.28), (0.5, 0.18), (0.9, 0.28)):
        d.ellipse(_r(s, x - 0.06, y - 0.06, x + 0.06, y + 0.06), fill=c)


def _monk(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.5, 0.04, 0.7, 0.26, 0.7, 0.46, 0.3, 0.46, 0.3, 0.26), fill=c)
    d.ellipse(_r(s, 0.39, 0.2, 0.61, 0.44), fill=CUT)
    d.polygon(_p(s, 0.3, 0.44, 0.7, 0.44, 0.86, 0.95, 0.14, 0.95), fill=c)
    d.line(_p(s, 0.27, 0.64, 0.73, 0.64), fill=CUT, width=int(0.035 * s))
    d.line(_p(s, 0.5, 0.64, 0.5, 0.9), fill=CUT, width=int(0.03 * s))


def _flask(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.rectangle(_r(s, 0.41, 0.1, 0.59, 0.42), fill=c)
    d.rectangle(_r(s, 0.34, 0.05, 0.66, 0.13), fill=c)
    d.polygon(_p(s, 0.41, 0.38, 0.59, 0.38, 0.9, 0.86, 0.86, 0.93, 0.14, 0.93, 0.1, 0.86),
              fill=c)
    d.line(_p(s, 0.3, 0.64, 0.7, 0.64), fill=CUT, width=int(0.035 * s))
    d.ellipse(_r(s, 0.42, 0.72, 0.5, 0.8), fill=CUT)
    d.ellipse(_r(s, 0.56, 0.78, 0.62, 0.84), fill=CUT)


def _scales(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.rectangle(_r(s, 0.46, 0.16, 0.54, 0.86), fill=c)
    d.rectangle(_r(s, 0.28, 0.84, 0.72, 0.93), fill=c)
    d.rectangle(_r(s, 0.1, 0.2, 0.9, 0.27), fill=c)
    d.ellipse(_r(s, 0.44, 0.08, 0.56, 0.2), fill=c)
    for cx in (0.2, 0.8):
        d.line(_p(s, cx, 0.25, cx - 0.15, 0.56), fill=c, width=int(0.025 * s))
        d.line(_p(s, cx, 0.25, cx + 0.15, 0.56), fill=c, width=int(0.025 * s))
        d.chord(_r(s, cx - 0.18, 0.44, cx + 0.18, 0.7), start=0, end=180, fill=c)


def _ship(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.04, 0.6, 0.96, 0.6, 0.8, 0.86, 0.2, 0.86), fill=c)
    d.rectangle(_r(s, 0.47, 0.06, 0.53, 0.6), fill=c)
    d.polygon(_p(s, 0.56, 0.1, 0.56, 0.54, 0.9, 0.54), fill=c)
    d.polygon(_p(s, 0.44, 0.18, 0.44, 0.54, 0.16, 0.54), fill=c)
    d.line(_p(s, 0.08, 0.94, 0.92, 0.94), fill=c, width=int(0.04 * s))


def _temple(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.06, 0.32, 0.5, 0.08, 0.94, 0.32), fill=c)
    d.rectangle(_r(s, 0.1, 0.34, 0.9, 0.41), fill=c)
    for x in (0.14, 0.34, 0.56, 0.76):
        d.rectangle(_r(s, x, 0.44, x + 0.1, 0.8), fill=c)
    d.rectangle(_r(s, 0.08, 0.82, 0.92, 0.88), fill=c)
    d.rectangle(_r(s, 0.03, 0.9, 0.97, 0.96), fill=c)


def _anvil(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.02, 0.36, 0.94, 0.36, 0.94, 0.5, 0.7, 0.5, 0.62, 0.58, 0.62, 0.7,
                 0.38, 0.7, 0.38, 0.58, 0.3, 0.5, 0.22, 0.46), fill=c)
    d.polygon(_p(s, 0.26, 0.7, 0.74, 0.7, 0.84, 0.88, 0.16, 0.88), fill=c)
    # the hammer above the anvil
    d.rectangle(_r(s, 0.54, 0.06, 0.84, 0.18), fill=c)
    d.line(_p(s, 0.69, 0.14, 0.46, 0.3), fill=c, width=int(0.05 * s))


def _book(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.5, 0.26, 0.06, 0.16, 0.06, 0.78, 0.5, 0.88), fill=c)
    d.polygon(_p(s, 0.5, 0.26, 0.94, 0.16, 0.94, 0.78, 0.5, 0.88), fill=c)
    d.line(_p(s, 0.5, 0.26, 0.5, 0.88), fill=CUT, width=int(0.03 * s))
    for y in (0.36, 0.48, 0.6):
        d.line(_p(s, 0.14, y, 0.42, y + 0.06), fill=CUT, width=int(0.022 * s))
        d.line(_p(s, 0.58, y + 0.06, 0.86, y), fill=CUT, width=int(0.022 * s))


def _walls(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.rectangle(_r(s, 0.06, 0.46, 0.94, 0.92), fill=c)
    for x0 in (0.06, 0.7):
        d.rectangle(_r(s, x0, 0.2, x0 + 0.24, 0.92), fill=c)
        for k in range(3):
            x = x0 + k * 0.09
            d.rectangle(_r(s, x, 0.1, x + 0.06, 0.2), fill=c)
    for x in (0.36, 0.48, 0.6):
        d.rectangle(_r(s, x, 0.38, x + 0.06, 0.46), fill=c)
    d.pieslice(_r(s, 0.38, 0.56, 0.62, 0.8), start=180, end=360, fill=CUT)
    d.rectangle(_r(s, 0.38, 0.68, 0.62, 0.92), fill=CUT)


def _houses(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.polygon(_p(s, 0.04, 0.56, 0.3, 0.32, 0.56, 0.56, 0.56, 0.92, 0.04, 0.92), fill=c)
    d.polygon(_p(s, 0.44, 0.42, 0.7, 0.14, 0.96, 0.42, 0.96, 0.92, 0.44, 0.92), fill=c)
    d.line(_p(s, 0.44, 0.42, 0.44, 0.92), fill=CUT, width=int(0.03 * s))
    d.rectangle(_r(s, 0.22, 0.7, 0.36, 0.92), fill=CUT)
    d.rectangle(_r(s, 0.62, 0.5, 0.78, 0.64), fill=CUT)
    d.rectangle(_r(s, 0.64, 0.74, 0.78, 0.92), fill=CUT)


def _church(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    d.rectangle(_r(s, 0.14, 0.5, 0.86, 0.94), fill=c)
    d.polygon(_p(s, 0.06, 0.54, 0.5, 0.26, 0.94, 0.54), fill=c)
    d.rectangle(_r(s, 0.46, 0.02, 0.54, 0.3), fill=c)
    d.rectangle(_r(s, 0.36, 0.09, 0.64, 0.16), fill=c)
    d.pieslice(_r(s, 0.38, 0.62, 0.62, 0.86), start=180, end=360, fill=CUT)
    d.rectangle(_r(s, 0.38, 0.74, 0.62, 0.94), fill=CUT)


def _shelf(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    x = 0.08
    for w, top in ((0.12, 0.2), (0.1, 0.3), (0.14, 0.14), (0.1, 0.26)):
        d.rectangle(_r(s, x, top, x + w, 0.84), fill=c)
        d.line(_p(s, x + 0.02, top + 0.1, x + w - 0.02, top + 0.1), fill=CUT,
               width=max(1, int(0.02 * s)))
        x += w + 0.03
    d.polygon(_p(s, 0.7, 0.84, 0.8, 0.84, 0.95, 0.28, 0.85, 0.25), fill=c)
    d.rectangle(_r(s, 0.04, 0.87, 0.96, 0.94), fill=c)


def _hand_icon(d: ImageDraw.ImageDraw, s: float, c: tuple[int, ...]) -> None:
    """Three fanned cards: "cards in hand"."""

    for angle in (-24, 0, 24):
        a = math.radians(angle)
        corners = []
        for cx, cy in ((-0.2, -0.34), (0.2, -0.34), (0.2, 0.3), (-0.2, 0.3)):
            # rotate around the bottom centre of the fan (0.5, 0.9)
            x, y = cx, cy - 0.28
            corners.append((0.5 + x * math.cos(a) - y * math.sin(a),
                            0.9 + x * math.sin(a) + y * math.cos(a)))
        cx_, cy_ = sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4
        big = [(cx_ + (px - cx_) * 1.18, cy_ + (py - cy_) * 1.12) for px, py in corners]
        d.polygon([(px * s, py * s) for px, py in big], fill=CUT)
        d.polygon([(px * s, py * s) for px, py in corners], fill=c)


ICONS: dict[str, Painter] = {
    "anglo-saxons": _shield,
    "huns": _bow,
    "vikings": _helmet,
    "goths": _sword,
    "lombards": _crown,
    "monks": _monk,
    "alchemy": _flask,
    "commerce": _scales,
    "shipbuilding": _ship,
    "architecture": _temple,
    "metallography": _anvil,
    "books": _book,
    "city": _walls,
    "town": _houses,
    "church": _church,
    "library": _shelf,
    "hand": _hand_icon,
}


def icon(name: str, size: int, colour: RGB) -> Image.Image:
    """An anti-aliased RGBA icon of `size` px in `colour` (a plain disc for unknown names)."""
    return painted_icon(ICONS.get(name), size, colour)




# --- cards ------------------------------------------------------------------------------------


def _card_shape(family: str, w: int, h: int, fill: RGB) -> Image.Image:
    """The blank card of a family: people cards have round corners and a brown frame,
    civilisation cards nearly square corners and a blue double frame."""
    frame = FAMILY_FRAME.get(family, INK)
    people = family == PEOPLE

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        r = (0.13 if people else 0.04) * w * k
        bw = max(2, round(w / 50)) * k
        d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=r, fill=(*frame, 255))
        d.rounded_rectangle((bw, bw, w * k - 1 - bw, h * k - 1 - bw), radius=max(0, r - bw),
                            fill=(*fill, 255))
        if not people:
            g = bw * 1.6
            d.rounded_rectangle((g, g, w * k - 1 - g, h * k - 1 - g), radius=max(0, r - g),
                                outline=(*frame, 255), width=max(1, k))

    return supersampled((w, h), draw)


def _medallion(family: str, d: int, colour: RGB, kind: str) -> Image.Image:
    """The kind's icon on a disc (people) or a diamond (civilisation)."""
    frame = FAMILY_FRAME.get(family, INK)

    def draw(dr: ImageDraw.ImageDraw, k: int) -> None:
        s = d * k
        if family == PEOPLE:
            dr.ellipse((0, 0, s - 1, s - 1), fill=(*frame, 255))
            b = 0.05 * s
            dr.ellipse((b, b, s - 1 - b, s - 1 - b), fill=(*colour, 255))
        else:
            dr.polygon(_p(s, 0.5, 0, 1, 0.5, 0.5, 1, 0, 0.5), fill=(*frame, 255))
            dr.polygon(_p(s, 0.5, 0.07, 0.93, 0.5, 0.5, 0.93, 0.07, 0.5), fill=(*colour, 255))

    img = supersampled((d, d), draw)
    inner = int(d * (0.6 if family == PEOPLE else 0.5))
    paste(img, icon(kind, inner, ink_on(colour)), ((d - inner) / 2, (d - inner) / 2))
    return img


def kind_name(kind: str, locale: str) -> str:
    """A kind's name as written on its card: the catalogue's label, capitalised."""
    label = _kind_label(kind, locale)
    return label[:1].upper() + label[1:]


@lru_cache(maxsize=256)
def kind_face(kind: str, family: str, w: int, h: int, locale: str, medal: float = 0.46,
              name_h: float = 0.26, min_name: int = 11) -> Image.Image:
    """The face of a card of `kind`: its medallion (`medal` of the height) and its name below
    (in `name_h` of the height); the bottom is left for a count or an overlapping point card.
    Cached: copy it before drawing on it."""
    colour = kind_colour(kind)
    img = _card_shape(family, w, h, tint(colour, 0.8))
    md = int(min(w * 0.62, h * medal))
    top = h * 0.06
    paste(img, _medallion(family, md, colour, kind), ((w - md) / 2, top))
    name_top = int(top + md + 2)
    draw_text(
        ImageDraw.Draw(img), (5, name_top, w - 5, name_top + int(h * name_h)),
        kind_name(kind, locale), max(14, w // 7, min_name), bold=True, fill=INK,
        min_size=min_name,
        max_lines=2, spacing=1.05,
    )
    return img


@lru_cache(maxsize=128)
def kind_stack(kind: str, family: str, w: int, h: int, count: int, off: int, locale: str,
               medal: float = 0.46, name_h: float = 0.26, min_name: int = 11) -> Image.Image:
    """`count` cards of a kind as a stack (up to 5 visible edges), the face in front."""
    shown = max(1, min(count, 5))
    extra = off * (shown - 1)
    img = Image.new("RGBA", (w + extra, h + extra), (0, 0, 0, 0))
    back = _card_shape(family, w, h, tint(kind_colour(kind), 0.55))
    for i in range(shown - 1, 0, -1):
        paste(img, back, (i * off, extra - i * off))
    paste(img, kind_face(kind, family, w, h, locale, medal, name_h, min_name), (0, extra))
    return img


@lru_cache(maxsize=64)
def card_back(family: str, w: int, h: int) -> Image.Image:
    """The back of a deck's card: a pattern of discs (people) or diamonds (civilisation)."""
    colour = FAMILY_BACK.get(family, MUTED)
    img = _card_shape(family, w, h, colour)
    light = (*mix(colour, (255, 255, 255), 0.25), 255)

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        step = w / 4
        for row in range(int(h / step) + 1):
            for col in range(5):
                cx = (col - 0.5 * (row % 2)) * step
                cy = (row + 0.5) * step
                if not (step * 0.45 < cx < w - step * 0.45 and step * 0.45 < cy < h - step * 0.45):
                    continue
                r = step * 0.22
                if family == PEOPLE:
                    d.ellipse(((cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k), fill=light)
                else:
                    d.polygon([((cx) * k, (cy - r) * k), ((cx + r) * k, cy * k),
                               (cx * k, (cy + r) * k), ((cx - r) * k, cy * k)], fill=light)

    pattern = supersampled((w, h), draw)
    img.alpha_composite(pattern)
    return img


@lru_cache(maxsize=128)
def point_card(card: str, value: int | None, w: int, h: int, locale: str,
               landscape: bool = True) -> Image.Image:
    """A point card (city, town, church, library): its icon, name and value."""
    colour = CARD_COLOURS.get(card, MUTED)

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        r = 0.12 * min(w, h) * k
        bw = max(2, round(min(w, h) / 22)) * k
        d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=r, fill=(*colour, 255))
        d.rounded_rectangle((bw, bw, w * k - 1 - bw, h * k - 1 - bw), radius=max(0, r - bw),
                            fill=(*POINT_FACE, 255))

    img = supersampled((w, h), draw)
    dr = ImageDraw.Draw(img)
    name = tr(f"card.{card}", locale)
    has_value = value is not None and card != "library"
    if landscape:
        isz = int(h * 0.66)
        paste(img, icon(card, isz, colour), (h * 0.16, (h - isz) / 2))
        vd = int(h * 0.74)
        right = w - 6
        if has_value:
            disc(img, (w - h * 0.14 - vd / 2, h / 2), vd, colour)
            dr.text((w - h * 0.14 - vd / 2, h / 2), str(value), font=font(int(vd * 0.62), True),
                    fill=(255, 255, 255), anchor="mm")
            right = int(w - h * 0.2 - vd)
        draw_text(dr, (int(h * 0.2 + isz), 2, right, h - 2), name, int(h * 0.4), bold=True,
                  fill=shade(colour, 0.3), min_size=10, max_lines=1)
    else:
        isz = int(w * 0.42)
        paste(img, icon(card, isz, colour), ((w - isz) / 2, h * 0.08))
        draw_text(dr, (5, int(h * 0.08 + isz + 2), w - 5, int(h * 0.08 + isz + h * 0.2)), name,
                  int(w * 0.17), bold=True, fill=shade(colour, 0.3), min_size=10, max_lines=2,
                  spacing=1.0)
        if has_value:
            vd = int(w * 0.46)
            disc(img, (w / 2, h - vd / 2 - h * 0.06), vd, colour)
            dr.text((w / 2, h - vd / 2 - h * 0.06), str(value), font=font(int(vd * 0.62), True),
                    fill=(255, 255, 255), anchor="mm")
    return img


@lru_cache(maxsize=16)
def empty_slot(w: int, h: int) -> Image.Image:
    """The place of an exhausted pile: a dashed outline."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    dash, gap = 10, 7
    for x in range(4, w - 4, dash + gap):
        d.line((x, 1, min(x + dash, w - 4), 1), fill=(*LINE, 255), width=3)
        d.line((x, h - 2, min(x + dash, w - 4), h - 2), fill=(*LINE, 255), width=3)
    for y in range(4, h - 4, dash + gap):
        d.line((1, y, 1, min(y + dash, h - 4)), fill=(*LINE, 255), width=3)
        d.line((w - 2, y, w - 2, min(y + dash, h - 4)), fill=(*LINE, 255), width=3)
    return img


# --- text with a seat's name as a coloured badge ----------------------------------------------


def rich_line(
    img: Image.Image, xy: tuple[float, float], key: str, locale: str, names: Sequence[str],
    seat: int | None, size: int, *, bold: bool = True, fill: RGB = INK, max_width: float = 600,
    **params: Any,
) -> float:
    """Write the template `key` with its {name} drawn as the seat's colour badge (the name
    itself is always written). `xy` is the left-middle point. Returns the width used."""
    return badge_line(img, xy, tr(key, locale, name=NAME_MARK, **params), names, seat, size,
                      bold=bold, fill=fill, max_width=max_width)


def name_badge(img: Image.Image, xy: tuple[float, float], names: Sequence[str], seat: int,
                size: int, max_width: float, anchor: str = "lm") -> Box:
    """A seat's name on its colour, shrinking a little before it is cut (render.common's)."""
    return common.name_badge(img, xy, seat_name(names, seat), size, seat_colour(seat), max_width,
                             min_size=max(12, int(size * 0.8)), anchor=anchor)


@lru_cache(maxsize=16)
def tick_disc(size: int, colour: RGB, mark: RGB = (255, 255, 255)) -> Image.Image:
    """A tick mark in a disc of `colour`."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        d.ellipse((0, 0, s - 1, s - 1), fill=(*colour, 255))
        d.line(_p(s, 0.26, 0.52, 0.44, 0.7, 0.76, 0.32), fill=(*mark, 255),
               width=int(0.12 * s), joint="curve")

    return supersampled((size, size), draw)


@lru_cache(maxsize=256)
def group_tile(kind: str, family: str, count: int, card: str, value: int | None,
               locale: str) -> Image.Image:
    """A laid group: its stack of cards, the count, and the point card laid across it."""
    tw, th = G_TILE
    img = Image.new("RGBA", (tw, th), (0, 0, 0, 0))
    fw, fh = G_FACE
    stack = kind_stack(kind, family, fw, fh, count, G_OFF, locale, 0.46, 0.29)
    paste(img, stack, (0, 0))
    extra = stack.height - fh
    # the count, on the face's top-left corner
    disc(img, (15, extra + 15), 26, INK, outline=(255, 255, 255), width=2)
    ImageDraw.Draw(img).text((15, extra + 15), str(count), font=font(16, True),
                             fill=(255, 255, 255), anchor="mm")
    pw, ph = G_POINT
    paste(img, point_card(card, value, pw, ph, locale), ((tw - pw) / 2, th - ph))
    return img


def proposal_label(text: str, locale: str, names: Sequence[str] = ()) -> str:
    """A proposal (`2 huns and 1 shipbuilding`) in words. With the engine's plural-aware term
    keys (res-publica.term.<kind>, res-publica.prop.<op>) it reads "2 Hun cards and
    1 shipbuilding card" (`2 shipbuilding or architecture`: "2 cards, shipbuilding or
    architecture in any mix"); otherwise it is translated token by token (action_label)."""
    tokens = text.split()
    if len(tokens) == 4 and tokens[0].isascii() and tokens[0].isdigit() and tokens[2] == "or":
        # one count over two kinds: `2 shipbuilding or architecture`
        mix = Msg(f"{GAME}.prop.mix", {"n": int(tokens[0]), "a": Msg(f"{GAME}.tok.{tokens[1]}"),
                                       "b": Msg(f"{GAME}.tok.{tokens[3]}")})
        if all(has(k, locale) or has(k) for k in (mix.key, f"{GAME}.tok.{tokens[1]}",
                                                   f"{GAME}.tok.{tokens[3]}")):
            return translate(mix, locale, names)
    ok = len(tokens) in (2, 5) and tokens[0].isdigit() and (
        len(tokens) == 2 or (tokens[2] in ("and", "or") and tokens[3].isdigit())
    )
    if ok:
        terms = [Msg(f"{GAME}.term.{tokens[i + 1]}", {"n": int(tokens[i])})
                 for i in range(0, len(tokens), 3)]
        keys = [t.key for t in terms] + ([f"{GAME}.prop.{tokens[2]}"] if len(tokens) == 5 else [])
        if all(has(k, locale) or has(k) for k in keys):
            if len(terms) == 1:
                return translate(terms[0], locale, names)
            return translate(Msg(keys[-1], {"a": terms[0], "b": terms[1]}), locale, names)
    return action_label(GAME, text, locale, names)


def clear_caches() -> None:
    """Forget every cached piece (card faces are cached per locale; tests that watch what is
    drawn start from a clean slate)."""
    for cached in (kind_face, kind_stack, card_back, point_card, group_tile, painted_icon, empty_slot,
                   star, tick_disc):
        cached.cache_clear()
