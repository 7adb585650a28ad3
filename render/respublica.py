"""Res Publica: the public board and a player's private hand, drawn from the engine's views.

board() reads only the public keys of the view: never view["hand"], nor the cards a trader
picked to deliver (trade.deliver[].cards, present only in that trader's view), so the board of
a seat's view and the spectator's are the same picture (tests/render checks it on real games).
hand() draws view["hand"], the viewer's own cards, and is for that player only.

Every word drawn comes from the catalogues: our keys `res-publica.render.*`
(data/res-publica/i18n/render.<locale>.json), the engine's kind names through
engine.i18n.token_label, and trade proposals through the engine's plural-aware term keys
(`res-publica.term.<kind>`, `res-publica.prop.<op>`), or engine.i18n.action_label if missing.

Static layers (card faces per kind, size and locale; card backs; point cards; icons; laid
groups) are cached and never drawn on once cached.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import data
from engine.core import Msg, Outcome
from engine.i18n import action_label, has, token_label, translate
from render.common import (
    ALERT,
    GOLD,
    GOOD,
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    PANEL,
    PAPER,
    RGB,
    Box,
    Painter,
    badge,
    badge_line,
    disc,
    draw_text,
    ellipsize,
    face,
    fit_lines,
    font,
    header_band,
    ink_on,
    mix,
    painted_icon,
    paste,
    rounded,
    seat_colour,
    seat_name,
    secondary,
    shade,
    star,
    supersampled,
    text_line,
    text_width,
    tint,
    unit_box,
    unit_points,
)

GAME = "res-publica"
PEOPLE = "people"
CIVILISATION = "civilisation"

# --- look -------------------------------------------------------------------------------------

W = 1200  # board width
HAND_W = 1100  # hand image width: landscape, at most 700 tall (half size in the preview)
HM = 14  # the hand's outer margin
M = 20  # outer margin

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
_PILE_OF_CARD = {"city": "cities", "town": "towns", "church": "churches", "library": "libraries"}


def _t(key: str, locale: str, **params: Any) -> str:
    return translate(Msg(f"{GAME}.render.{key}", params), locale)


def _kind_label(kind: str, locale: str) -> str:
    return token_label(GAME, kind, locale)


@lru_cache(maxsize=1)
def _group_rules() -> dict[str, tuple[int, str, int | None]]:
    """kind -> (cards needed, point card earned, cards needed with a library)."""
    try:
        raw = json.loads(data.path("res-publica", "cards.json").read_text(encoding="utf-8"))
        rules = {}
        for g in raw["groups"]:
            for kind in g["kinds"]:
                rules[kind] = (int(g["size"]), str(g["card"]), g.get("size_with_library"))
        return rules
    except (OSError, KeyError, ValueError, TypeError):
        return {}


@lru_cache(maxsize=1)
def _draw_rules() -> tuple[int, int, int]:
    """(people cards drawn, civilisation cards per city, most cards drawn) at a turn's end
    (Piocher des cartes: 1 people card, 1 civilisation card per city, 3 cards at most)."""
    try:
        raw = json.loads(data.path("res-publica", "cards.json").read_text(encoding="utf-8"))
        d = raw["draw"]
        return int(d["people"]), int(d["civilisation_per_city"]), int(d["max"])
    except (OSError, KeyError, ValueError, TypeError):
        return 1, 1, 3


def _group_rule(kind: str, family: str) -> tuple[int, str, int | None]:
    rule = _group_rules().get(kind)
    if rule is not None:
        return rule
    return _DEFAULT_GROUPS.get(kind) or _DEFAULT_GROUPS.get(family) or (5, "city", None)


def _kind_colour(kind: str) -> RGB:
    if kind in KIND_COLOURS:
        return KIND_COLOURS[kind]
    h = sum(map(ord, kind))
    return (80 + h * 37 % 140, 80 + h * 53 % 140, 80 + h * 71 % 140)


def _families(view: Mapping[str, Any]) -> dict[str, str]:
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
    colour = _kind_colour(kind)
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
    back = _card_shape(family, w, h, tint(_kind_colour(kind), 0.55))
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
    name = _t(f"card.{card}", locale)
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
    return badge_line(img, xy, _t(key, locale, name=NAME_MARK, **params), names, seat, size,
                      bold=bold, fill=fill, max_width=max_width)


def _name_badge(img: Image.Image, xy: tuple[float, float], names: Sequence[str], seat: int,
                size: int, max_width: float, anchor: str = "lm") -> Box:
    """A seat's name on its colour; long names shrink a little before being cut."""
    name = seat_name(names, seat)
    floor = max(12, int(size * 0.8))
    while size > floor and text_width(name, size, True) + 2 * max(6, size // 2) > max_width:
        size -= 1
    return badge(img, xy, name, size, seat_colour(seat), max_width=max_width, anchor=anchor)


# --- the board --------------------------------------------------------------------------------

# group tiles on the board
G_FACE = (108, 118)
G_OFF = 4
G_POINT = (130, 42)
G_TILE = (132, 154)
G_GAP = 6
PANEL_LEFT = 296  # the left block of a player panel: name, points, hand, cities
PANEL_MIN_H = 172
PILE_CARD = (86, 116)
PILE_TILE_W = 118


def board(view: Mapping[str, Any], names: Sequence[str], locale: str,
          outcome: Outcome | None = None) -> Image.Image:
    """The public board: header, last-round banner, piles, the phase box (whose turn, the
    trade in progress, or the final scores) and one panel per player. Reads only public keys:
    never view["hand"]. With `outcome` (the platform's end, a resignation included) the phase
    box shows the result instead of whose turn it is."""
    if outcome is not None:
        view = {**view, "outcome": outcome.to_json(), "active": None, "prompt": []}
    seats = view.get("seats", [])
    over = view.get("phase") == "over" or bool(view.get("outcome"))
    families = _families(view)

    # measure the player panels first: their height depends on the groups laid
    group_area = W - 2 * M - PANEL_LEFT - 16
    per_row = max(1, (group_area + G_GAP) // (G_TILE[0] + G_GAP))
    heights = []
    for seat in seats:
        rows = max(1, -(-len(seat.get("groups", [])) // per_row))
        heights.append(max(PANEL_MIN_H, 18 + rows * G_TILE[1] + (rows - 1) * G_GAP))

    header_h = 64
    banner_h = 48 if view.get("last_round") and view.get("phase") not in ("final", "over") \
        and not over else 0
    top_h = _top_height(view, names, locale)
    total_h = header_h + banner_h + M + top_h + M + sum(heights) + 10 * (len(seats) - 1) + M
    img = Image.new("RGB", (W, total_h), PAPER)

    _header(img, view, locale, header_h)
    y = header_h
    if banner_h:
        _last_round_banner(img, view, names, locale, y, banner_h)
        y += banner_h
    y += M
    piles_w = _piles(img, view, locale, (M, y, M, y + top_h))
    _info_box(img, view, names, locale, (M + piles_w + 16, y, W - M, y + top_h))
    y += top_h + M
    for i, seat in enumerate(seats):
        _player_panel(img, view, names, locale, i, seat, families, (M, y, W - M, y + heights[i]),
                      per_row)
        y += heights[i] + 10
    return img


def _header(img: Image.Image, view: Mapping[str, Any], locale: str, h: int) -> None:
    variant = "classic" if view.get("variant") == "classic" else "full"
    players = view.get("players", len(view.get("seats", [])))
    header_band(img, W, h, HEADER, _t("title", locale), 32, M, _t(f"variant.{variant}", locale),
                18, _t("players", locale, n=players), 20)


def _last_round_banner(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
                       locale: str, y: int, h: int) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, y, W, y + h), fill=ALERT)
    last = view.get("last_drawer")
    if last is None:
        text = _t("last_round_plain", locale)
    else:
        text = translate(Msg(f"{GAME}.render.last_round", {"name": seat_name(names, last)}),
                         locale)
    draw_text(d, (M, y, W - M, y + h), text, 24, bold=True, fill=(255, 255, 255), max_lines=1,
              min_size=16)


def _pile_list(view: Mapping[str, Any]) -> list[tuple[str, str, int | None, int]]:
    """(pile, what it shows, value, cards left) for each pile of this variant."""
    piles = view.get("piles", {})
    out: list[tuple[str, str, int | None, int]] = [
        ("people", "back", None, int(piles.get("people", 0))),
        ("civilisation", "back", None, int(piles.get("civilisation", 0))),
    ]
    towns = list(piles.get("towns", []))
    out.append(("towns", "town", towns[0] if towns else None, len(towns)))
    out.append(("cities", "city", 3, int(piles.get("cities", 0))))
    classic = view.get("variant") == "classic"
    if not classic and "churches" in piles:
        out.append(("churches", "church", 7, int(piles.get("churches", 0))))
    if not classic and "libraries" in piles:
        out.append(("libraries", "library", None, int(piles.get("libraries", 0))))
    return out


_PILES_H = 14 + PILE_CARD[1] + 8 + 52 + 10


def _top_height(view: Mapping[str, Any], names: Sequence[str], locale: str) -> int:
    piles_h = _PILES_H
    info_w = W - 2 * M - 16 - (28 + PILE_TILE_W * len(_pile_list(view)))
    return max(piles_h, _info_content(None, view, names, locale, (0, 0, info_w, 0)))


def _piles(img: Image.Image, view: Mapping[str, Any], locale: str, box: Box) -> int:
    """The draw piles and the point-card piles. Returns the width used."""
    x0, y0, _, y1 = box
    piles = _pile_list(view)
    w = 28 + PILE_TILE_W * len(piles)
    rounded(img, (x0, y0, x0 + w, y1), 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    cw, ch = PILE_CARD
    for i, (pile, show, value, left) in enumerate(piles):
        tx = x0 + 14 + i * PILE_TILE_W
        cx = tx + (PILE_TILE_W - cw) / 2
        cy = y0 + 14
        if left <= 0:
            paste(img, empty_slot(cw, ch), (cx, cy))
            text_line(d, (cx + cw / 2, cy + ch / 2), _t("empty", locale), 17, bold=True,
                      fill=MUTED, anchor="mm")
        elif show == "back":
            family = PEOPLE if pile == "people" else CIVILISATION
            paste(img, card_back(family, cw, ch), (cx, cy))
            disc(img, (cx + cw / 2, cy + ch / 2), 56, (255, 255, 255),
                 outline=FAMILY_FRAME[family], width=3)
            size = 30 if left < 100 else 24
            d.text((cx + cw / 2, cy + ch / 2), str(left), font=font(size, True), fill=INK,
                   anchor="mm")
        else:
            paste(img, point_card(show, value, cw, ch, locale, landscape=False), (cx, cy))
        label = _t(f"pile.{pile}", locale)
        ly = cy + ch + 8
        lines, s = fit_lines(label, PILE_TILE_W - 6, 36, 16, True, 12, 2, 1.05)
        for line in lines:
            text_line(d, (tx + PILE_TILE_W / 2, ly + s * 0.55), line, s, bold=True, fill=INK,
                      anchor="mm")
            ly += s * 1.08
        if show != "back" and left > 0:
            text_line(d, (tx + PILE_TILE_W / 2, ly + 9), _t("left", locale, n=left), 16,
                      fill=MUTED, anchor="mm", max_width=PILE_TILE_W - 4)
    towns = list(view.get("piles", {}).get("towns", []))
    if towns and y1 - y0 - _PILES_H >= 70:
        _next_towns(img, towns, locale, (x0 + 14, y0 + _PILES_H, x0 + w - 14, y1 - 12))
    return w


def _next_towns(img: Image.Image, towns: Sequence[int], locale: str, box: Box) -> None:
    """The values of the towns still in the pile, top first (when there is room for them)."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    d.line((x0, y0, x1, y0), fill=LINE, width=2)
    my = y0 + 14 + (y1 - y0 - 14) / 2
    lw = text_line(d, (x0, my), _t("next_towns", locale), 17, bold=True, fill=MUTED,
                   max_width=(x1 - x0) * 0.34)
    colour = CARD_COLOURS["town"]
    size = 38
    step = min(size + 8, (x1 - x0 - lw - 20) / max(1, len(towns)))
    x = x0 + lw + 14 + size / 2
    for k, value in enumerate(towns):
        if k == 0:
            disc(img, (x, my), size, colour, outline=shade(colour, 0.4), width=3)
        else:
            disc(img, (x, my), size - 6, tint(colour, 0.55))
        d.text((x, my), str(value), font=font(22 if k == 0 else 18, True),
               fill=(255, 255, 255) if k == 0 else shade(colour, 0.45), anchor="mm")
        x += step


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


def _answer_text(mode: str, answer: Any, locale: str, names: Sequence[str]) -> tuple[str, RGB]:
    if answer is None:
        return _t("answer.waiting", locale), MUTED
    if answer == "pass":
        return _t("answer.pass", locale), MUTED
    what = proposal_label(str(answer), locale, names)
    return _t(f"answer.{'offer' if mode == 'offer' else 'seek'}", locale, what=what), INK


def _score_details(outcome: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    """seat -> (points on the table, pairs in hand), from the outcome's detail lines."""
    out: dict[int, tuple[int, int]] = {}
    for detail in outcome.get("details") or []:
        p = detail.get("p", {}) if isinstance(detail, Mapping) else {}
        seat = p.get("seat")
        seat = seat.get("seat") if isinstance(seat, Mapping) else seat
        if isinstance(seat, int) and isinstance(p.get("cards"), int) and isinstance(
            p.get("pairs"), int
        ):
            out[seat] = (p["cards"], p["pairs"])
    return out


class _Pen:
    """Draws into the info box, or only measures when there is no image."""

    def __init__(self, img: Image.Image | None) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img) if img is not None else None

    def __bool__(self) -> bool:
        return self.img is not None


def _person_rows(
    pen: _Pen, rows: Sequence[tuple[int, str, RGB, bool, bool]], x: float, y: float,
    inner: float, names: Sequence[str], tick: int | None = None,
) -> float:
    """Rows of `[name badge] text`, text wrapped to two lines; (seat, text, colour, bold,
    highlighted). Returns the new y."""
    name_w = min(max((text_width(seat_name(names, r[0]), 17, True) + 18 for r in rows),
                     default=0), inner * 0.42)
    for seat, text, colour, bold, marked in rows:
        tw = inner - name_w - 10 - (30 if marked else 0)
        lines, sz = fit_lines(text, tw, 64, 18, bold, 14, 3, 1.08)
        rh = max(32, int(len(lines) * sz * 1.08 + 8))
        if pen:
            if marked:
                rounded(pen.img, (x - 6, y - 2, x + inner + 6, y + rh), 10, tint(GOOD, 0.78))
                paste(pen.img, _tick(22, GOOD), (x + inner - 24, y + rh / 2 - 12))
            _name_badge(pen.img, (x, y + min(rh, 32) / 2 - 1), names, seat, 17, name_w)
            ty = y + (rh - len(lines) * sz * 1.08) / 2
            for li in lines:
                text_line(pen.draw, (x + name_w + 10, ty + sz * 0.54), li, sz, bold=bold,
                          fill=colour)
                ty += sz * 1.08
        y += rh + 4
    return y


def _info_content(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
                  locale: str, box: Box) -> int:
    """Draw (or, with img None, only measure) the phase box: whose turn, the trade in
    progress with every answer, or the final scores. Returns the height needed."""
    x0, y0, x1, _ = box
    pad = 16
    inner = x1 - x0 - 2 * pad
    x = x0 + pad
    y = y0 + pad
    phase = view.get("phase")
    trade = view.get("trade")
    outcome = view.get("outcome")
    prompt = list(view.get("prompt") or [])
    pen = _Pen(img)
    d = pen.draw

    if outcome and outcome.get("scores") is None:
        # a resignation: who resigned, and the others share the victory (no scores)
        who = ((outcome.get("reason") or {}).get("p") or {}).get("who")
        if isinstance(who, Mapping) and isinstance(who.get("seat"), int):
            if pen:
                rich_line(pen.img, (x, y + 16), "turn.resigned", locale, names, who["seat"], 24,
                          fill=ALERT, max_width=inner)
            y += 40
        for s in sorted(outcome.get("winners") or []):
            if pen:
                paste(pen.img, _star(22), (x, y + 4))
                _name_badge(pen.img, (x + 30, y + 15), names, s, 20, inner - 40)
            y += 36
        return int(y - y0 + pad)

    if outcome:
        if d is not None:
            text_line(d, (x, y + 14), _t("final_scores", locale), 24, bold=True, fill=INK)
        y += 38
        scores = list(outcome.get("scores") or [])
        winners = set(outcome.get("winners") or [])
        details = _score_details(outcome)
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        row_h = 36
        for s in order:
            rank = sum(1 for other in scores if other > scores[s])  # ties share a rank
            if pen:
                mid = y + (row_h - 4) / 2
                if s in winners:
                    rounded(pen.img, (x - 6, y, x1 - pad + 6, y + row_h - 4), 10,
                            tint(GOLD, 0.7))
                    paste(pen.img, _star(22), (x, mid - 11))
                else:
                    text_line(d, (x + 11, mid), str(rank + 1), 18, bold=True, fill=MUTED,
                              anchor="mm")
                sw = text_line(d, (x1 - pad, mid), str(scores[s]), 26, bold=True, fill=INK,
                               anchor="rm")
                room = inner - 32 - sw - 12
                detail = ""
                if s in details:
                    cards_, pairs = details[s]
                    detail = _t("score_detail", locale, cards=cards_, n=pairs)
                dw = text_width(detail, 15) + 10 if detail else 0
                name_w = text_width(seat_name(names, s), 18, True) + 18
                if dw and room - dw < min(name_w, 120):
                    dw, detail = 0, ""
                nb = _name_badge(pen.img, (x + 32, mid), names, s, 18, room - dw)
                if detail:
                    text_line(d, (nb[2] + 8, mid + 1), detail, 15, fill=MUTED)
            y += row_h
        return y - y0 + pad - 4

    if trade:
        by = trade.get("by")
        mode = "offer" if trade.get("mode") == "offer" else "seek"
        if pen:
            rich_line(pen.img, (x, y + 15), f"trade.{mode}", locale, names, by, 22,
                      max_width=inner)
        y += 38
        text = proposal_label(str(trade.get("proposal", "")), locale, names)
        lines, s = fit_lines(text, inner - 24, 84, 24, True, 16, 3, 1.1)
        bh = int(len(lines) * s * 1.1 + 16)
        if pen:
            rounded(pen.img, (x, y, x1 - pad, y + bh), 10,
                    tint(seat_colour(by if by is not None else 0), 0.8))
            draw_text(d, (x + 12, y + 4, x1 - pad - 12, y + bh - 4), text, s, bold=True,
                      min_size=s, max_lines=3, spacing=1.1)
        y += bh + 10
        accepted = trade.get("accepted")
        rows = []
        for ans in trade.get("answers", []):
            if accepted is not None and ans.get("seat") != accepted:
                continue  # once an answer is taken, the others no longer matter
            label, colour = _answer_text(mode, ans.get("answer"), locale, names)
            rows.append((ans.get("seat"), label, colour,
                         ans.get("answer") not in (None, "pass"), ans.get("seat") == accepted))
        y = _person_rows(pen, rows, x, y, inner, names)
        if accepted is not None:
            if pen:
                text_line(d, (x, y + 14), _t("answer.accepted", locale), 21, bold=True,
                          fill=GOOD)
            y += 32
            # who hands over what; which cards a chooser picked stays hidden (never read)
            rows = []
            for side in trade.get("deliver") or []:
                what = proposal_label(str(side.get("promise", "")), locale, names)
                chosen = bool(side.get("chosen"))
                state = _t("deliver.chosen" if chosen else "deliver.choosing", locale)
                rows.append((side.get("seat"), f"{_t('deliver.gives', locale, what=what)}"
                             f" · {state}", INK if chosen else MUTED, False, chosen))
            y = _person_rows(pen, rows, x, y, inner, names)
        elif phase == "accept":
            y += 4
            if pen:
                rich_line(pen.img, (x, y + 13), "status.accept", locale, names, by, 18,
                          bold=False, fill=MUTED, max_width=inner)
            y += 28
        return int(y - y0 + pad - 4)

    if phase == "final":
        lines, sz = fit_lines(_t("status.final", locale), inner, 56, 22, True, 16, 2, 1.1)
        for li in lines:
            if d is not None:
                text_line(d, (x, y + sz * 0.6), li, sz, bold=True, fill=INK)
            y += sz * 1.1
        y += 10
        for s in prompt:
            if pen:
                rich_line(pen.img, (x, y + 14), "status.final_who", locale, names, s, 18,
                          bold=False, max_width=inner)
            y += 34
        return int(y - y0 + pad)

    active = view.get("active")
    if phase == "over" or active is None:
        if d is not None:
            text_line(d, (x, y + 16), _t("status.over", locale), 26, bold=True)
        return 32 + 2 * pad
    turn = view.get("turn")
    turn_text = _t("status.turn_number", locale, n=turn) if isinstance(turn, int) else ""
    turn_w = text_width(turn_text, 17, True) + 12 if turn_text else 0
    if pen:
        rich_line(pen.img, (x, y + 18), "status.turn", locale, names, active, 26,
                  max_width=inner - turn_w)
        if turn_text:
            text_line(d, (x1 - pad, y + 18), turn_text, 17, bold=True, fill=MUTED, anchor="rm")
    y += 46
    # what the active player already did this turn (public: everyone saw it)
    done = [key for key, flag in (("status.traded", view.get("traded")),
                                  ("status.laid", view.get("laid"))) if flag]
    hint = " ".join(_t(k, locale) for k in done) if done else _t("status.turn_hint", locale)
    hint_lines, hs = fit_lines(hint, inner, 66, 19, False, 14, 3)
    for li in hint_lines:
        if d is not None:
            text_line(d, (x, y + hs * 0.56), li, hs, fill=MUTED)
        y += hs * 1.12
    return int(y - y0 + pad)


def _info_box(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
              box: Box) -> None:
    x0, y0, x1, y1 = box
    active = view.get("active")
    trade = view.get("trade")
    accent = seat_colour(trade["by"]) if trade and trade.get("by") is not None else (
        seat_colour(active) if active is not None else GOLD
    )
    if view.get("outcome"):
        accent = GOLD
    rounded(img, box, 14, PANEL, accent, 4)
    _info_content(img, view, names, locale, (x0, y0, x1, y1))


_star = star  # the winner's star


@lru_cache(maxsize=16)
def _tick(size: int, colour: RGB, mark: RGB = (255, 255, 255)) -> Image.Image:
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


def _stat(img: Image.Image, xy: tuple[float, float], name: str, number: int, word: str,
          colour: RGB, max_width: float) -> None:
    d = ImageDraw.Draw(img)
    x, y = xy
    paste(img, icon(name, 24, colour), (x, y - 12))
    x += 30
    x += text_line(d, (x, y), str(number), 21, bold=True, fill=INK)
    text_line(d, (x + 6, y + 1), word, 16, fill=MUTED, max_width=max_width - (x + 6 - xy[0]))


def _player_panel(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                  i: int, seat: Mapping[str, Any], families: Mapping[str, str], box: Box,
                  per_row: int) -> None:
    x0, y0, x1, y1 = box
    colour = seat_colour(i)
    outcome = view.get("outcome") or {}
    winners = set(outcome.get("winners") or [])
    active = view.get("active") == i and view.get("phase") not in ("over",) and not outcome
    prompt = set(view.get("prompt") or [])
    asked = i in prompt and not active and not outcome
    winner = i in winners

    if active:
        rounded(img, box, 14, tint(colour, 0.84), colour, 6)
    elif winner:
        rounded(img, box, 14, tint(GOLD, 0.8), shade(GOLD, 0.1), 5)
    else:
        rounded(img, box, 14, PANEL, mix(colour, LINE, 0.55), 2)
    # seat colour strip along the left edge, under the name
    rounded(img, (x0 + 8, y0 + 10, x0 + 16, y1 - 10), 4, colour)

    d = ImageDraw.Draw(img)
    lx = x0 + 26
    nb = _name_badge(img, (lx, y0 + 30), names, i, 23, PANEL_LEFT - 34)
    tag = None
    if winner:
        tag = (_t("tag.winner", locale), shade(GOLD, 0.1))
    elif active:
        tag = (_t("tag.active", locale), shade(colour, 0.35))
    elif asked:
        key = "tag.answer" if view.get("phase") == "answers" else "tag.act"
        tag = (_t(key, locale), shade(colour, 0.2))
    tag_w = (text_width(("▶ " if active else "") + tag[0], 16, True) + 16
             + (28 if winner else 0)) if tag else 0
    same_line = nb[2] + 8 + tag_w < x0 + PANEL_LEFT - 10
    if tag:
        ty = y0 + 30 if same_line else y0 + 64
        tx = nb[2] + 8 if same_line else lx
        if winner:
            paste(img, _star(26), (tx, ty - 13))
            tx += 28
        badge(img, (tx, ty), ("▶ " if active else "") + tag[0], 16, tag[1])

    # points, big
    py = y0 + 62 if not tag or same_line else y0 + 84
    pts = int(seat.get("points", 0))
    pb = (lx, py, lx + 92, py + 80)
    rounded(img, pb, 12, (255, 255, 255), shade(colour, 0.1), 3)
    d.text(((pb[0] + pb[2]) / 2, py + 32), str(pts), font=font(40 if pts < 100 else 32, True),
           fill=INK, anchor="mm")
    text_line(d, ((pb[0] + pb[2]) / 2, py + 66), _t("points", locale, n=pts), 15, bold=True,
              fill=MUTED, anchor="mm", max_width=86)

    # hand size, cities, libraries
    sx = lx + 104
    smax = x0 + PANEL_LEFT - sx
    n = int(seat.get("hand", 0))
    _stat(img, (sx, py + 12), "hand", n, _t("stat.hand", locale, n=n), INK, smax)
    c = int(seat.get("cities", 0))
    _stat(img, (sx, py + 40), "city", c, _t("stat.cities", locale, n=c), CARD_COLOURS["city"],
          smax)
    if view.get("variant") != "classic":
        b = int(seat.get("libraries", 0))
        _stat(img, (sx, py + 68), "library", b, _t("stat.libraries", locale, n=b),
              CARD_COLOURS["library"], smax)

    # the groups laid
    gx0 = x0 + PANEL_LEFT
    groups = seat.get("groups", [])
    if not groups:
        text_line(d, (gx0 + 12, (y0 + y1) / 2), _t("no_groups", locale), 19, fill=MUTED)
        return
    d.line((gx0 - 4, y0 + 14, gx0 - 4, y1 - 14), fill=LINE, width=2)
    for k, g in enumerate(groups):
        r, col = divmod(k, per_row)
        gx = gx0 + 10 + col * (G_TILE[0] + G_GAP)
        gy = y0 + 9 + r * (G_TILE[1] + G_GAP)
        kind = g.get("kind", "")
        tile = group_tile(kind, families.get(kind, PEOPLE), int(g.get("count", 0)),
                          g.get("card", "city"), g.get("value"), locale)
        paste(img, tile, (gx, gy))


# --- the hand ---------------------------------------------------------------------------------

H_FACE = (166, 150)
H_OFF = 3
H_TILE_W = 172
H_GAP = 8
H_MIN = 18  # the hand's smallest essential text: 9 px at half size


def _layable(kind: str, family: str, count: int, view: Mapping[str, Any],
             libraries: int) -> tuple[int, str, int | None, bool]:
    """(cards needed, point card, its value, layable now) for `count` cards of `kind`."""
    size, card, with_library = _group_rule(kind, family)
    if with_library and libraries > 0:
        size = int(with_library)
    piles = view.get("piles", {})
    pile = piles.get(_PILE_OF_CARD.get(card, ""), 0)
    if card == "town":
        towns = list(pile or [])
        value, left = (towns[0] if towns else None), len(towns)
    else:
        value = {"city": 3, "church": 7}.get(card)
        left = int(pile or 0)
    return size, card, value, count >= size and left > 0


def hand(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The viewer's own hand: cards grouped by kind with their counts, the groups that can be
    laid now, and the pairs (1 point each at the end)."""
    viewer = view.get("viewer")
    if viewer is None:
        raise ValueError("hand() needs a seat's view, not the public one")
    cards: Mapping[str, int] = view.get("hand") or {}
    kinds = [k["kind"] for k in view.get("kinds", [])] or list(cards)
    families = _families(view)
    seats = view.get("seats", [])
    me = seats[viewer] if 0 <= viewer < len(seats) else {}
    libraries = int(me.get("libraries", 0))
    cities = int(me.get("cities", 0))

    sections: list[tuple[str, list[str]]] = []
    for family in (PEOPLE, CIVILISATION):
        held = [k for k in kinds if families.get(k, PEOPLE) == family and cards.get(k, 0) > 0]
        if held:
            sections.append((family, held))
    extra = [k for k in cards if k not in kinds and cards[k] > 0]
    if extra:
        sections.append((PEOPLE, extra))

    per_row = (HAND_W - 2 * HM + H_GAP) // (H_TILE_W + H_GAP)
    tile_h = H_FACE[1] + 4 * H_OFF + 46
    header_h = 58
    body = 0
    for _, held in sections:
        rows = -(-len(held) // per_row)
        body += 32 + rows * (tile_h + 8)
    notes = _hand_notes(view, cards, libraries, cities, locale)
    can_lay = any(
        _layable(k, fam, int(cards[k]), view, libraries)[3]
        for fam, held in sections for k in held
    )
    if can_lay and not _over(view):
        notes.insert(0, (_t("hand.lay_legend", locale), GOOD, True))
    notes_h = 6 + 27 * len(notes) if notes else 0
    height = header_h + HM + (body if sections else 90) + notes_h + HM
    img = Image.new("RGB", (HAND_W, height), PAPER)
    d = ImageDraw.Draw(img)

    colour = seat_colour(viewer)
    d.rectangle((0, 0, HAND_W, header_h), fill=tint(colour, 0.75))
    d.rectangle((0, header_h - 5, HAND_W, header_h), fill=colour)
    total = sum(int(v) for v in cards.values())
    count_text = _t("hand.count", locale, n=total)
    cw = text_width(count_text, 22, True) + 24
    rich_line(img, (HM, header_h / 2 - 2), "hand.title", locale, names, viewer, 26,
              max_width=HAND_W - 2 * HM - cw - 20)
    badge(img, (HAND_W - HM, header_h / 2 - 2), count_text, 22, INK, anchor="rm")

    y = header_h + HM
    if not sections:
        draw_text(d, (HM, y, HAND_W - HM, y + 70), _t("hand.empty", locale), 26, bold=True,
                  fill=MUTED)
        y += 90
    for family, held in sections:
        frame = FAMILY_FRAME[family]
        label = _t(f"family.{family}", locale)
        lw = text_line(d, (HM, y + 13), label, 21, bold=True, fill=frame)
        d.line((HM + lw + 12, y + 14, HAND_W - HM, y + 14), fill=tint(frame, 0.5), width=3)
        y += 32
        for k, kind in enumerate(held):
            r, col = divmod(k, per_row)
            tx = HM + col * (H_TILE_W + H_GAP)
            ty = y + r * (tile_h + 8)
            _hand_tile(img, view, kind, family, int(cards[kind]), libraries, locale,
                       (tx, ty, tx + H_TILE_W, ty + tile_h))
        rows = -(-len(held) // per_row)
        y += rows * (tile_h + 8)
    if notes:
        y += 2
        for note, ncolour, tick in notes:
            nx = HM
            if tick:
                paste(img, _tick(22, GOOD), (HM, y + 3))
                nx += 30
            draw_text(d, (nx, y, HAND_W - HM, y + 27), note, 19, bold=True, fill=ncolour,
                      align="left", max_lines=1, min_size=H_MIN)
            y += 27
    return img


def _hand_notes(view: Mapping[str, Any], cards: Mapping[str, int], libraries: int, cities: int,
                locale: str) -> list[tuple[str, RGB, bool]]:
    notes: list[tuple[str, RGB, bool]] = []
    pairs = sum(int(c) // 2 for c in cards.values())
    if _over(view):
        if pairs:
            notes.append((_t("hand.pairs_final", locale, n=pairs), INK, False))
        return notes
    if pairs:
        notes.append((_t("hand.pairs_total", locale, n=pairs), INK, False))
    if cities:
        people, per_city, most = _draw_rules()
        civ = cities * per_city
        if civ > most - people:
            notes.append((_t("hand.draws_choice", locale, n=cities, people=people,
                             civ=most - people, alt=min(civ, most)), MUTED, False))
        else:
            notes.append((_t("hand.draws", locale, n=cities, people=people, civ=civ), MUTED, False))
    if libraries and view.get("variant") != "classic":
        notes.append((_t("hand.library", locale), CARD_COLOURS["library"], False))
    return notes


def _over(view: Mapping[str, Any]) -> bool:
    return view.get("phase") == "over" or bool(view.get("outcome"))


def _hand_tile(img: Image.Image, view: Mapping[str, Any], kind: str, family: str, count: int,
               libraries: int, locale: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    need, card, value, layable = _layable(kind, family, count, view, libraries)
    if layable:
        rounded(img, (x0 - 3, y0 - 3, x1 + 1, y1 + 1), 14, tint(GOOD, 0.8), GOOD, 3)
    fw, fh = H_FACE
    stack = kind_stack(kind, family, fw, fh, count, H_OFF, locale, 0.36, 0.3, H_MIN)
    sx = x0 + (x1 - x0 - stack.width) / 2
    sy = y0 + 3 + (4 * H_OFF - (stack.height - fh))
    paste(img, stack, (sx, sy))
    # the count, big, in a pill across the bottom of the face
    fy1 = sy + stack.height
    count_text = f"× {count}"
    pw = text_width(count_text, 26, True) + 26
    rounded(img, (sx + (fw - pw) / 2, fy1 - 40, sx + (fw + pw) / 2, fy1 - 6), 17, INK)
    d = ImageDraw.Draw(img)
    d.text((sx + fw / 2, fy1 - 23), count_text, font=font(26, True), fill=(255, 255, 255),
           anchor="mm")

    ly = fy1 + 4
    card_name = _t(f"card.{card}", locale)
    if value is not None and card != "library":
        card_name = f"{card_name} {value}"
    pairs = count // 2
    if _over(view):
        if pairs:  # the game is over: nothing more to lay, only the pairs still count
            draw_text(d, (x0 + 2, int(ly), x1 - 2, int(ly + 24)), _t("hand.pairs", locale,
                                                                        n=pairs),
                      H_MIN, bold=True, fill=INK, max_lines=1, min_size=H_MIN)
        return
    if layable:
        _centred_badge(img, ((x0 + x1) / 2, ly + 13), card_name, H_MIN + 1, GOOD, x1 - x0 - 4,
                       tick=True, min_size=H_MIN)
    elif count >= need:
        text = _t("hand.pile_empty", locale, card=card_name)
        draw_text(d, (x0 + 2, int(ly), x1 - 2, int(ly + 26)), text, H_MIN, bold=True,
                  fill=ALERT, max_lines=1, min_size=H_MIN)
    else:
        text = _t("hand.progress", locale, have=count, need=need, card=card_name)
        if text_width(text, H_MIN, True) > x1 - x0 - 4:
            # too long with the card's name: the count, then the point card's icon
            text = f"{count}/{need} →"
            tw = text_width(text, H_MIN, True)
            tx = (x0 + x1) / 2 - (tw + 30) / 2
            text_line(d, (tx, ly + 13), text, H_MIN, bold=True, fill=MUTED)
            paste(img, icon(card, 24, CARD_COLOURS.get(card, MUTED)), (tx + tw + 6, ly + 1))
        else:
            draw_text(d, (x0 + 2, int(ly), x1 - 2, int(ly + 26)), text, H_MIN, bold=True,
                      fill=MUTED, max_lines=1, min_size=H_MIN)
    if pairs:
        with secondary():  # the total of the pairs is written below the cards
            draw_text(d, (x0 + 2, int(ly + 25), x1 - 2, int(ly + 43)),
                      _t("hand.pairs", locale, n=pairs), 15, fill=INK, max_lines=1,
                      min_size=12)


def _centred_badge(img: Image.Image, centre: tuple[float, float], text: str, size: int,
                   fill: RGB, max_width: float, tick: bool = False, min_size: int = 12) -> Box:
    """A pill centred on `centre`, shrunk (down to `min_size`, then cut) to fit `max_width`;
    with a tick mark before the text if `tick`."""
    pad = 8
    mark = size + 6 if tick else 0
    for s in range(size, min_size - 1, -1):
        if text_width(text, s, True) + 2 * pad + mark <= max_width:
            size = s
            break
    else:
        size = min_size
        text = ellipsize(text, max_width - 2 * pad - mark, size, True)
    w = text_width(text, size, True) + 2 * pad + mark
    x0 = centre[0] - w / 2
    h = int(size * 1.55)
    rounded(img, (x0, centre[1] - h / 2, x0 + w, centre[1] - h / 2 + h), h // 2, fill)
    ink = ink_on(fill)
    if tick:
        paste(img, _tick(size + 2, ink, fill), (x0 + pad - 2, centre[1] - (size + 2) / 2))
    ImageDraw.Draw(img).text((x0 + pad + mark + (w - 2 * pad - mark) / 2, centre[1]), text,
                             font=face(text, size, True), fill=ink, anchor="mm")
    return (int(x0), int(centre[1] - h / 2), int(x0 + w), int(centre[1] + h / 2))


def clear_caches() -> None:
    """Forget every cached layer (card faces are cached per locale; tests that watch what is
    drawn start from a clean slate)."""
    for cached in (kind_face, kind_stack, card_back, point_card, group_tile, painted_icon, empty_slot,
                   _star, _tick):
        cached.cache_clear()
    from render.respublica_turn import clear_caches as clear_turn_caches

    clear_turn_caches()


# The turn post's picture lives in its own module; it draws with the pieces above.
from render.respublica_turn import last_move, turn  # noqa: E402

__all__ = ["board", "clear_caches", "hand", "last_move", "turn"]
