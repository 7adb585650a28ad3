"""7 Wonders Duel icons: our own simple geometry (no scanned art), painted supersampled.

Every painter draws in a unit square scaled by `s`, in one colour `c`, with CUT for holes:
resources, science symbols, chain symbols, progress-token emblems and effect marks. The
multi-colour pieces (resource tiles, coins, shields, laurels) are built from them in
`piece()`. Everything returned is cached: copy before drawing on it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    INK,
    RGB,
    Painter,
    font,
    ink_on,
    painted_icon,
    paste,
    shade,
    supersampled,
    tint,
    unit_box,
    unit_points,
)

CUT = (0, 0, 0, 0)


_p = unit_points  # short names: the painters below use them on every line


_r = unit_box


def _w(s: float, t: float) -> int:
    return max(1, int(t * s))


# --- resources ----------------------------------------------------------------------------------


def _wood(d, s, c):
    """Two stacked logs, end grain showing."""
    for y in (0.52, 0.22):
        d.rounded_rectangle(_r(s, 0.12, y, 0.8, y + 0.26), radius=0.13 * s, fill=c)
        d.ellipse(_r(s, 0.66, y, 0.92, y + 0.26), fill=c)
        d.ellipse(_r(s, 0.72, y + 0.06, 0.86, y + 0.2), outline=CUT, width=_w(s, 0.03))
    d.ellipse(_r(s, 0.36, 0.78, 0.6, 0.92), fill=c)


def _clay(d, s, c):
    """Three bricks."""
    for x0, y0, x1, y1 in ((0.06, 0.52, 0.48, 0.8), (0.52, 0.52, 0.94, 0.8),
                           (0.28, 0.2, 0.72, 0.48)):
        d.rounded_rectangle(_r(s, x0, y0, x1, y1), radius=0.04 * s, fill=c)


def _stone(d, s, c):
    """A heap of rocks."""
    d.polygon(_p(s, 0.06, 0.86, 0.14, 0.56, 0.34, 0.44, 0.5, 0.58, 0.52, 0.86), fill=c)
    d.polygon(_p(s, 0.4, 0.86, 0.44, 0.4, 0.62, 0.16, 0.84, 0.3, 0.94, 0.62, 0.9, 0.86),
              fill=c)
    d.line(_p(s, 0.46, 0.6, 0.5, 0.88), fill=CUT, width=_w(s, 0.04))


def _glass(d, s, c):
    """A bottle."""
    d.rectangle(_r(s, 0.42, 0.06, 0.58, 0.3), fill=c)
    d.rectangle(_r(s, 0.38, 0.04, 0.62, 0.1), fill=c)
    d.rounded_rectangle(_r(s, 0.22, 0.3, 0.78, 0.94), radius=0.16 * s, fill=c)
    d.line(_p(s, 0.34, 0.46, 0.34, 0.78), fill=CUT, width=_w(s, 0.05))


def _papyrus(d, s, c):
    """A scroll."""
    d.rectangle(_r(s, 0.2, 0.14, 0.8, 0.86), fill=c)
    d.ellipse(_r(s, 0.06, 0.06, 0.3, 0.24), fill=c)
    d.ellipse(_r(s, 0.7, 0.76, 0.94, 0.94), fill=c)
    for y in (0.36, 0.5, 0.64):
        d.line(_p(s, 0.32, y, 0.68, y), fill=CUT, width=_w(s, 0.04))


# --- science symbols ------------------------------------------------------------------------------


def _globe(d, s, c):
    """Armillary sphere: rings on a stand."""
    d.ellipse(_r(s, 0.14, 0.04, 0.86, 0.76), outline=c, width=_w(s, 0.07))
    d.ellipse(_r(s, 0.14, 0.3, 0.86, 0.5), outline=c, width=_w(s, 0.06))
    d.line(_p(s, 0.5, 0.04, 0.5, 0.76), fill=c, width=_w(s, 0.06))
    d.ellipse(_r(s, 0.42, 0.32, 0.58, 0.48), fill=c)
    d.rectangle(_r(s, 0.46, 0.76, 0.54, 0.88), fill=c)
    d.rectangle(_r(s, 0.28, 0.86, 0.72, 0.96), fill=c)


def _scales(d, s, c):
    d.rectangle(_r(s, 0.46, 0.14, 0.54, 0.86), fill=c)
    d.rectangle(_r(s, 0.28, 0.84, 0.72, 0.94), fill=c)
    d.rectangle(_r(s, 0.08, 0.18, 0.92, 0.26), fill=c)
    d.ellipse(_r(s, 0.43, 0.05, 0.57, 0.19), fill=c)
    for cx in (0.2, 0.8):
        d.line(_p(s, cx, 0.24, cx - 0.15, 0.56), fill=c, width=_w(s, 0.035))
        d.line(_p(s, cx, 0.24, cx + 0.15, 0.56), fill=c, width=_w(s, 0.035))
        d.chord(_r(s, cx - 0.19, 0.42, cx + 0.19, 0.72), start=0, end=180, fill=c)


def _sundial(d, s, c):
    d.pieslice(_r(s, 0.04, 0.24, 0.96, 1.16), start=180, end=360, fill=c)
    d.rectangle(_r(s, 0.04, 0.7, 0.96, 0.84), fill=c)
    for a in (200, 230, 270, 310, 340):
        r = math.radians(a)
        d.line([(0.5 * s, 0.7 * s), ((0.5 + 0.4 * math.cos(r)) * s, (0.7 + 0.4 * math.sin(r)) * s)],
               fill=CUT, width=_w(s, 0.03))
    d.polygon(_p(s, 0.5, 0.7, 0.5, 0.06, 0.7, 0.7), fill=c)
    d.line(_p(s, 0.5, 0.06, 0.7, 0.7), fill=c, width=_w(s, 0.04))


def _mortar(d, s, c):
    d.line(_p(s, 0.6, 0.5, 0.9, 0.06), fill=c, width=_w(s, 0.11))
    d.ellipse(_r(s, 0.82, 0.01, 0.96, 0.15), fill=c)
    d.chord(_r(s, 0.08, 0.22, 0.92, 0.9), start=0, end=180, fill=c)
    d.rectangle(_r(s, 0.04, 0.5, 0.96, 0.6), fill=c)
    d.rectangle(_r(s, 0.32, 0.86, 0.68, 0.96), fill=c)


def _plumb(d, s, c):
    """Set square with a plumb line."""
    d.polygon(_p(s, 0.08, 0.06, 0.22, 0.06, 0.22, 0.78, 0.92, 0.78, 0.92, 0.92, 0.08, 0.92),
              fill=c)
    d.line(_p(s, 0.22, 0.12, 0.62, 0.12), fill=c, width=_w(s, 0.05))
    d.line(_p(s, 0.6, 0.12, 0.6, 0.46), fill=c, width=_w(s, 0.035))
    d.polygon(_p(s, 0.48, 0.46, 0.72, 0.46, 0.6, 0.68), fill=c)


def _feather(d, s, c):
    d.polygon(_p(s, 0.92, 0.04, 0.7, 0.1, 0.44, 0.3, 0.26, 0.56, 0.2, 0.76, 0.36, 0.7,
                 0.6, 0.52, 0.8, 0.28), fill=c)
    d.line(_p(s, 0.86, 0.1, 0.3, 0.66), fill=CUT, width=_w(s, 0.03))
    d.line(_p(s, 0.26, 0.7, 0.08, 0.96), fill=c, width=_w(s, 0.06))


def _wheel(d, s, c):
    d.ellipse(_r(s, 0.06, 0.06, 0.94, 0.94), outline=c, width=_w(s, 0.1))
    d.ellipse(_r(s, 0.38, 0.38, 0.62, 0.62), fill=c)
    for k in range(4):
        a = k * math.pi / 4
        dx, dy = 0.42 * math.cos(a), 0.42 * math.sin(a)
        d.line([((0.5 - dx) * s, (0.5 - dy) * s), ((0.5 + dx) * s, (0.5 + dy) * s)], fill=c,
               width=_w(s, 0.06))


# --- chain symbols ----------------------------------------------------------------------------------


def _horseshoe(d, s, c):
    d.arc(_r(s, 0.12, 0.1, 0.88, 0.86), start=150, end=30 + 360, fill=c, width=_w(s, 0.16))
    d.rectangle(_r(s, 0.12, 0.72, 0.3, 0.86), fill=c)
    d.rectangle(_r(s, 0.7, 0.72, 0.88, 0.86), fill=c)
    for x, y in ((0.24, 0.3), (0.5, 0.17), (0.76, 0.3)):
        d.ellipse(_r(s, x - 0.035, y - 0.035, x + 0.035, y + 0.035), fill=CUT)


def _sword(d, s, c):
    d.polygon(_p(s, 0.5, 0.02, 0.58, 0.12, 0.58, 0.62, 0.42, 0.62, 0.42, 0.12), fill=c)
    d.rectangle(_r(s, 0.24, 0.62, 0.76, 0.71), fill=c)
    d.rectangle(_r(s, 0.45, 0.7, 0.55, 0.86), fill=c)
    d.ellipse(_r(s, 0.42, 0.84, 0.58, 0.98), fill=c)


def _tower(d, s, c):
    d.rectangle(_r(s, 0.24, 0.28, 0.76, 0.96), fill=c)
    d.rectangle(_r(s, 0.16, 0.18, 0.84, 0.3), fill=c)
    for x in (0.16, 0.44, 0.72):
        d.rectangle(_r(s, x, 0.04, x + 0.12, 0.2), fill=c)
    d.pieslice(_r(s, 0.38, 0.66, 0.62, 0.9), start=180, end=360, fill=CUT)
    d.rectangle(_r(s, 0.38, 0.78, 0.62, 0.96), fill=CUT)
    d.rectangle(_r(s, 0.46, 0.4, 0.54, 0.54), fill=CUT)


def _book(d, s, c):
    d.polygon(_p(s, 0.5, 0.24, 0.04, 0.14, 0.04, 0.8, 0.5, 0.9), fill=c)
    d.polygon(_p(s, 0.5, 0.24, 0.96, 0.14, 0.96, 0.8, 0.5, 0.9), fill=c)
    d.line(_p(s, 0.5, 0.24, 0.5, 0.9), fill=CUT, width=_w(s, 0.04))
    for y in (0.36, 0.5, 0.64):
        d.line(_p(s, 0.13, y, 0.41, y + 0.05), fill=CUT, width=_w(s, 0.03))
        d.line(_p(s, 0.59, y + 0.05, 0.87, y), fill=CUT, width=_w(s, 0.03))


def _gear(d, s, c):
    teeth = 8
    pts = []
    for k in range(teeth * 4):
        a = 2 * math.pi * k / (teeth * 4)
        r = 0.47 if (k % 4) in (1, 2) else 0.36
        pts.append(((0.5 + r * math.cos(a)) * s, (0.5 + r * math.sin(a)) * s))
    d.polygon(pts, fill=c)
    d.ellipse(_r(s, 0.36, 0.36, 0.64, 0.64), fill=CUT)


def _mask(d, s, c):
    d.chord(_r(s, 0.08, -0.3, 0.92, 0.92), start=0, end=180, fill=c)
    d.rectangle(_r(s, 0.08, 0.12, 0.92, 0.32), fill=c)
    d.ellipse(_r(s, 0.22, 0.26, 0.42, 0.42), fill=CUT)
    d.ellipse(_r(s, 0.58, 0.26, 0.78, 0.42), fill=CUT)
    d.chord(_r(s, 0.32, 0.44, 0.68, 0.78), start=0, end=180, fill=CUT)


def _moon(d, s, c):
    d.ellipse(_r(s, 0.08, 0.08, 0.92, 0.92), fill=c)
    d.ellipse(_r(s, 0.3, -0.02, 1.06, 0.74), fill=CUT)


def _drop(d, s, c):
    d.ellipse(_r(s, 0.18, 0.36, 0.82, 0.96), fill=c)
    d.polygon(_p(s, 0.5, 0.02, 0.2, 0.58, 0.8, 0.58), fill=c)
    d.arc(_r(s, 0.3, 0.52, 0.7, 0.86), start=100, end=170, fill=CUT, width=_w(s, 0.05))


def _vase(d, s, c):
    d.rectangle(_r(s, 0.38, 0.04, 0.62, 0.12), fill=c)
    d.rectangle(_r(s, 0.42, 0.1, 0.58, 0.28), fill=c)
    d.ellipse(_r(s, 0.2, 0.22, 0.8, 0.8), fill=c)
    d.polygon(_p(s, 0.32, 0.7, 0.68, 0.7, 0.56, 0.92, 0.44, 0.92), fill=c)
    d.rectangle(_r(s, 0.34, 0.9, 0.66, 0.97), fill=c)
    for m in (lambda x: x, lambda x: 1 - x):
        xs = sorted((m(0.1), m(0.3)))
        d.arc(_r(s, xs[0], 0.16, xs[1], 0.5), start=0, end=360, fill=c, width=_w(s, 0.05))


def _target(d, s, c):
    d.ellipse(_r(s, 0.04, 0.04, 0.96, 0.96), fill=c)
    d.ellipse(_r(s, 0.18, 0.18, 0.82, 0.82), fill=CUT)
    d.ellipse(_r(s, 0.3, 0.3, 0.7, 0.7), fill=c)
    d.ellipse(_r(s, 0.42, 0.42, 0.58, 0.58), fill=CUT)


def _helmet(d, s, c):
    d.pieslice(_r(s, 0.16, 0.2, 0.84, 0.9), start=180, end=360, fill=c)
    d.rectangle(_r(s, 0.16, 0.54, 0.36, 0.92), fill=c)
    d.rectangle(_r(s, 0.64, 0.54, 0.84, 0.92), fill=c)
    d.rectangle(_r(s, 0.16, 0.5, 0.84, 0.6), fill=c)
    d.rectangle(_r(s, 0.46, 0.58, 0.54, 0.82), fill=c)
    d.chord(_r(s, 0.3, 0.02, 0.9, 0.4), start=180, end=360, fill=c)  # the crest


def _harp(d, s, c):
    """A lyre."""
    d.arc(_r(s, 0.06, 0.1, 0.5, 0.9), start=120, end=300, fill=c, width=_w(s, 0.09))
    d.arc(_r(s, 0.5, 0.1, 0.94, 0.9), start=240, end=420, fill=c, width=_w(s, 0.09))
    d.rectangle(_r(s, 0.14, 0.08, 0.86, 0.16), fill=c)
    d.rounded_rectangle(_r(s, 0.26, 0.74, 0.74, 0.94), radius=0.08 * s, fill=c)
    for x in (0.38, 0.5, 0.62):
        d.line(_p(s, x, 0.16, x, 0.76), fill=c, width=_w(s, 0.03))


def _teapot(d, s, c):
    """An oil lamp."""
    d.ellipse(_r(s, 0.14, 0.4, 0.7, 0.84), fill=c)
    d.polygon(_p(s, 0.56, 0.5, 0.96, 0.5, 0.92, 0.62, 0.6, 0.7), fill=c)
    d.arc(_r(s, 0.0, 0.46, 0.28, 0.74), start=90, end=270, fill=c, width=_w(s, 0.06))
    d.rectangle(_r(s, 0.3, 0.84, 0.56, 0.92), fill=c)
    d.polygon(_p(s, 0.9, 0.44, 0.84, 0.24, 0.88, 0.06, 0.98, 0.3), fill=c)  # the flame
    d.ellipse(_r(s, 0.36, 0.48, 0.5, 0.56), fill=CUT)


def _column(d, s, c):
    d.rectangle(_r(s, 0.16, 0.04, 0.84, 0.14), fill=c)
    d.rectangle(_r(s, 0.24, 0.14, 0.76, 0.2), fill=c)
    d.rectangle(_r(s, 0.3, 0.2, 0.7, 0.8), fill=c)
    for x in (0.4, 0.5, 0.6):
        d.line(_p(s, x, 0.24, x, 0.76), fill=CUT, width=_w(s, 0.025))
    d.rectangle(_r(s, 0.24, 0.8, 0.76, 0.86), fill=c)
    d.rectangle(_r(s, 0.16, 0.86, 0.84, 0.96), fill=c)


def _sun(d, s, c):
    d.ellipse(_r(s, 0.28, 0.28, 0.72, 0.72), fill=c)
    for k in range(12):
        a = 2 * math.pi * k / 12
        r0, r1 = 0.3, 0.48 if k % 2 == 0 else 0.4
        d.line([((0.5 + r0 * math.cos(a)) * s, (0.5 + r0 * math.sin(a)) * s),
                ((0.5 + r1 * math.cos(a)) * s, (0.5 + r1 * math.sin(a)) * s)], fill=c,
               width=_w(s, 0.06))


def _temple(d, s, c):
    d.polygon(_p(s, 0.04, 0.3, 0.5, 0.06, 0.96, 0.3), fill=c)
    d.rectangle(_r(s, 0.08, 0.32, 0.92, 0.4), fill=c)
    for x in (0.12, 0.32, 0.58, 0.78):
        d.rectangle(_r(s, x, 0.43, x + 0.1, 0.8), fill=c)
    d.rectangle(_r(s, 0.06, 0.82, 0.94, 0.88), fill=c)
    d.rectangle(_r(s, 0.02, 0.9, 0.98, 0.97), fill=c)


def _barrel(d, s, c):
    d.ellipse(_r(s, 0.14, 0.04, 0.86, 0.96), fill=c)
    d.rectangle(_r(s, 0.12, 0.0, 0.88, 0.08), fill=CUT)
    d.rectangle(_r(s, 0.12, 0.92, 0.88, 1.0), fill=CUT)
    for y in (0.26, 0.74):
        d.line(_p(s, 0.1, y, 0.9, y), fill=CUT, width=_w(s, 0.05))
    d.line(_p(s, 0.5, 0.1, 0.5, 0.9), fill=CUT, width=_w(s, 0.03))


# --- progress tokens and effects ------------------------------------------------------------------


def _wheat(d, s, c):
    d.line(_p(s, 0.5, 0.18, 0.5, 0.96), fill=c, width=_w(s, 0.05))
    for y in (0.2, 0.36, 0.52):
        d.ellipse(_r(s, 0.26, y, 0.48, y + 0.14), fill=c)
        d.ellipse(_r(s, 0.52, y, 0.74, y + 0.14), fill=c)
    d.ellipse(_r(s, 0.41, 0.04, 0.59, 0.22), fill=c)
    d.line(_p(s, 0.5, 0.78, 0.24, 0.66), fill=c, width=_w(s, 0.05))


def _compass(d, s, c):
    """Dividers over a pediment: architecture."""
    d.ellipse(_r(s, 0.42, 0.02, 0.58, 0.18), fill=c)
    d.line(_p(s, 0.5, 0.12, 0.18, 0.94), fill=c, width=_w(s, 0.08))
    d.line(_p(s, 0.5, 0.12, 0.82, 0.94), fill=c, width=_w(s, 0.08))
    d.arc(_r(s, 0.14, 0.3, 0.86, 1.02), start=200, end=340, fill=c, width=_w(s, 0.05))


def _coins_stack(d, s, c):
    for y in (0.7, 0.54, 0.38):
        d.ellipse(_r(s, 0.12, y, 0.72, y + 0.24), fill=c)
        d.arc(_r(s, 0.12, y, 0.72, y + 0.24), start=20, end=160, fill=CUT, width=_w(s, 0.03))
    d.ellipse(_r(s, 0.46, 0.06, 0.94, 0.54), fill=c)
    d.ellipse(_r(s, 0.56, 0.16, 0.84, 0.44), outline=CUT, width=_w(s, 0.04))


def _bricks(d, s, c):
    rows = ((0.1, (0.04, 0.34, 0.64)), (0.38, (0.04, 0.2, 0.5, 0.8)), (0.66, (0.04, 0.34, 0.64)))
    for y, xs in rows:
        for i, x in enumerate(xs):
            x1 = xs[i + 1] - 0.04 if i + 1 < len(xs) else 0.96
            d.rectangle(_r(s, x, y, x1, y + 0.24), fill=c)


def _triangle(d, s, c):
    """Mathematics: a right triangle with a circle."""
    d.polygon(_p(s, 0.06, 0.92, 0.94, 0.92, 0.06, 0.14), fill=c)
    d.polygon(_p(s, 0.2, 0.8, 0.56, 0.8, 0.2, 0.48), fill=CUT)
    d.ellipse(_r(s, 0.56, 0.06, 0.94, 0.44), outline=c, width=_w(s, 0.07))


def _owl(d, s, c):
    """Philosophy: an owl."""
    d.ellipse(_r(s, 0.16, 0.2, 0.84, 0.96), fill=c)
    d.polygon(_p(s, 0.16, 0.38, 0.2, 0.06, 0.4, 0.26), fill=c)
    d.polygon(_p(s, 0.84, 0.38, 0.8, 0.06, 0.6, 0.26), fill=c)
    for x in (0.36, 0.64):
        d.ellipse(_r(s, x - 0.13, 0.3, x + 0.13, 0.56), fill=CUT)
        d.ellipse(_r(s, x - 0.05, 0.38, x + 0.05, 0.48), fill=c)
    d.polygon(_p(s, 0.45, 0.56, 0.55, 0.56, 0.5, 0.68), fill=CUT)


def _crossed_swords(d, s, c):
    for m in (lambda x: x, lambda x: 1 - x):
        d.line([(m(0.14) * s, 0.1 * s), (m(0.78) * s, 0.8 * s)], fill=c, width=_w(s, 0.09))
        d.line([(m(0.62) * s, 0.86 * s), (m(0.86) * s, 0.62 * s)], fill=c, width=_w(s, 0.07))
        d.ellipse(_r(s, min(m(0.8), m(0.96)), 0.82, max(m(0.8), m(0.96)), 0.98), fill=c)


def _eye_sun(d, s, c):
    """Theology: a sun over a temple front."""
    d.pieslice(_r(s, 0.2, 0.06, 0.8, 0.66), start=180, end=360, fill=c)
    for k in range(7):
        a = math.pi + math.pi * (k + 0.5) / 7
        d.line([((0.5 + 0.34 * math.cos(a)) * s, (0.36 + 0.34 * math.sin(a)) * s),
                ((0.5 + 0.48 * math.cos(a)) * s, (0.36 + 0.48 * math.sin(a)) * s)],
               fill=c, width=_w(s, 0.05))
    d.rectangle(_r(s, 0.08, 0.42, 0.92, 0.5), fill=c)
    for x in (0.14, 0.34, 0.56, 0.76):
        d.rectangle(_r(s, x, 0.52, x + 0.1, 0.84), fill=c)
    d.rectangle(_r(s, 0.04, 0.86, 0.96, 0.96), fill=c)


def _houses(d, s, c):
    d.polygon(_p(s, 0.04, 0.56, 0.3, 0.32, 0.56, 0.56, 0.56, 0.94, 0.04, 0.94), fill=c)
    d.polygon(_p(s, 0.44, 0.42, 0.7, 0.12, 0.96, 0.42, 0.96, 0.94, 0.44, 0.94), fill=c)
    d.line(_p(s, 0.44, 0.42, 0.44, 0.94), fill=CUT, width=_w(s, 0.03))
    d.rectangle(_r(s, 0.22, 0.72, 0.36, 0.94), fill=CUT)
    d.rectangle(_r(s, 0.62, 0.5, 0.78, 0.64), fill=CUT)
    d.rectangle(_r(s, 0.64, 0.76, 0.78, 0.94), fill=CUT)


def _replay(d, s, c):
    """Play again: a circular arrow."""
    d.arc(_r(s, 0.12, 0.12, 0.88, 0.88), start=-30, end=250, fill=c, width=_w(s, 0.13))
    d.polygon(_p(s, 0.62, 0.02, 0.96, 0.24, 0.6, 0.42), fill=c)


def _card_x(d, s, c):
    """Destroy a card: a card with a cross."""
    d.rounded_rectangle(_r(s, 0.2, 0.06, 0.8, 0.94), radius=0.08 * s, fill=c)
    d.line(_p(s, 0.32, 0.3, 0.68, 0.7), fill=CUT, width=_w(s, 0.09))
    d.line(_p(s, 0.68, 0.3, 0.32, 0.7), fill=CUT, width=_w(s, 0.09))


def _cards_up(d, s, c):
    """Take from the discard: two cards and an arrow."""
    d.rounded_rectangle(_r(s, 0.06, 0.3, 0.5, 0.94), radius=0.06 * s, fill=c)
    d.rounded_rectangle(_r(s, 0.3, 0.3, 0.74, 0.94), radius=0.06 * s, outline=CUT,
                        width=_w(s, 0.05))
    d.rounded_rectangle(_r(s, 0.32, 0.32, 0.72, 0.92), radius=0.06 * s, fill=c)
    d.polygon(_p(s, 0.84, 0.04, 0.98, 0.26, 0.9, 0.26, 0.9, 0.5, 0.78, 0.5, 0.78, 0.26,
                 0.7, 0.26), fill=c)


def _token_draw(d, s, c):
    """Choose a progress token from the box: three discs."""
    for x, y in ((0.28, 0.62), (0.72, 0.62), (0.5, 0.3)):
        d.ellipse(_r(s, x - 0.24, y - 0.24, x + 0.24, y + 0.24), fill=c)
        d.ellipse(_r(s, x - 0.13, y - 0.13, x + 0.13, y + 0.13), outline=CUT, width=_w(s, 0.04))


def _crown(d, s, c):
    d.polygon(_p(s, 0.08, 0.76, 0.08, 0.28, 0.3, 0.52, 0.5, 0.18, 0.7, 0.52, 0.92, 0.28,
                 0.92, 0.76), fill=c)
    d.rectangle(_r(s, 0.08, 0.76, 0.92, 0.9), fill=c)


def _flask(d, s, c):
    d.rectangle(_r(s, 0.41, 0.08, 0.59, 0.42), fill=c)
    d.rectangle(_r(s, 0.34, 0.04, 0.66, 0.12), fill=c)
    d.polygon(_p(s, 0.41, 0.38, 0.59, 0.38, 0.9, 0.86, 0.86, 0.94, 0.14, 0.94, 0.1, 0.86), fill=c)


def _wonder(d, s, c):
    """A pyramid: a wonder."""
    d.polygon(_p(s, 0.02, 0.9, 0.5, 0.1, 0.98, 0.9), fill=c)
    for y in (0.4, 0.6, 0.78):
        d.line(_p(s, 0.5 - (y - 0.1) * 0.6, y, 0.5 + (y - 0.1) * 0.6, y), fill=CUT,
               width=_w(s, 0.03))


def _castle(d, s, c):
    """A capital."""
    d.rectangle(_r(s, 0.08, 0.44, 0.92, 0.94), fill=c)
    for x0 in (0.04, 0.68):
        d.rectangle(_r(s, x0, 0.2, x0 + 0.28, 0.94), fill=c)
        for k in range(3):
            x = x0 + k * 0.1
            d.rectangle(_r(s, x, 0.08, x + 0.07, 0.2), fill=c)
    d.polygon(_p(s, 0.36, 0.44, 0.5, 0.16, 0.64, 0.44), fill=c)
    d.pieslice(_r(s, 0.38, 0.58, 0.62, 0.82), start=180, end=360, fill=CUT)
    d.rectangle(_r(s, 0.38, 0.7, 0.62, 0.94), fill=CUT)


ICONS: dict[str, Painter] = {
    # resources
    "wood": _wood, "clay": _clay, "stone": _stone, "glass": _glass, "papyrus": _papyrus,
    # science symbols
    "globe": _globe, "law": _scales, "sundial": _sundial, "mortar": _mortar, "plumb": _plumb,
    "quill": _feather, "wheel": _wheel,
    # chain symbols
    "horseshoe": _horseshoe, "sword": _sword, "tower": _tower, "book": _book, "gear": _gear,
    "mask": _mask, "moon": _moon, "drop": _drop, "vase": _vase, "target": _target,
    "helmet": _helmet, "harp": _harp, "lamp": _teapot, "column": _column, "sun": _sun,
    "temple": _temple, "barrel": _barrel,
    # progress tokens
    "agriculture": _wheat, "architecture": _compass, "economy": _coins_stack, "masonry": _bricks,
    "mathematics": _triangle, "philosophy": _owl, "strategy": _crossed_swords,
    "theology": _eye_sun, "urbanism": _houses,
    # effects and board
    "replay": _replay, "destroy": _card_x, "discard_pick": _cards_up, "token_draw": _token_draw,
    "crown": _crown, "flask": _flask, "wonder": _wonder, "castle": _castle,
}

# Names the engine may use for the same thing (science symbols, chains, resources, tokens).
ALIASES: dict[str, str] = {
    "armillary": "globe", "armillary_sphere": "globe", "armillary-sphere": "globe",
    "sphere": "globe", "scales": "law",
    "mortar_and_pestle": "mortar", "mortar-and-pestle": "mortar", "pestle": "mortar",
    "set_square": "plumb", "set-square": "plumb", "compass": "plumb", "plumb-line": "plumb",
    "feather": "quill", "writing": "quill", "pen": "quill",
    "paper": "papyrus",
    "teapot": "lamp", "oil-lamp": "lamp", "oil_lamp": "lamp",
    "lyre": "harp", "pillar": "column", "amphora": "vase", "water": "drop",
    "greek-building": "temple", "building": "temple", "water-drop": "drop",
}


def canon(name: str) -> str:
    name = str(name).lower()
    return name if name in ICONS else ALIASES.get(name, ALIASES.get(name.replace("-", "_"), name))


def icon(name: str, size: int, colour: RGB) -> Image.Image:
    """An anti-aliased RGBA icon of `size` px in `colour` (a plain disc for unknown names)."""
    return painted_icon(ICONS.get(canon(name)), size, colour)




# --- colours ----------------------------------------------------------------------------------------

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
RESOURCE_COLOURS: dict[str, RGB] = {
    "wood": (122, 84, 44),
    "clay": (196, 92, 44),
    "stone": (112, 116, 122),
    "glass": (36, 150, 196),
    "papyrus": (206, 168, 72),
}
SCIENCE = ("globe", "law", "sundial", "mortar", "plumb", "quill", "wheel")
COIN: RGB = (232, 184, 40)
COIN_EDGE: RGB = (150, 108, 10)
SHIELD: RGB = (196, 40, 36)
LAUREL: RGB = (40, 128, 70)
SCIENCE_GREEN: RGB = (34, 139, 70)
TOKEN_GREEN: RGB = (44, 140, 90)


def resource_colour(name: str) -> RGB:
    return RESOURCE_COLOURS.get(canon(name), (120, 120, 120))


# --- multi-colour pieces -----------------------------------------------------------------------------


@lru_cache(maxsize=256)
def resource_tile(name: str, size: int) -> Image.Image:
    """A resource: its icon in white on a rounded square of its colour (brown raw materials,
    grey-framed manufactured goods)."""
    colour = resource_colour(name)
    manufactured = canon(name) in ("glass", "papyrus")

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        if manufactured:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=0.22 * s, fill=(*shade(colour, 0.3),
                                                                              255))
            b = 0.08 * s
            d.rounded_rectangle((b, b, s - 1 - b, s - 1 - b), radius=0.16 * s,
                                fill=(*colour, 255))
        else:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=0.22 * s, fill=(*colour, 255))

    img = supersampled((size, size), draw)
    inner = int(size * 0.72)
    paste(img, icon(name, inner, ink_on(colour) if canon(name) == "papyrus" else (255, 255, 255)),
          ((size - inner) / 2, (size - inner) / 2))
    return img


@lru_cache(maxsize=256)
def coin(size: int, value: int | None = None) -> Image.Image:
    """A gold coin, with its value written on it."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        d.ellipse((0, 0, s - 1, s - 1), fill=(*COIN_EDGE, 255))
        b = 0.09 * s
        d.ellipse((b, b, s - 1 - b, s - 1 - b), fill=(*COIN, 255))

    img = supersampled((size, size), draw)
    if value is not None:
        text = str(value)
        fs = int(size * (0.62 if len(text) < 2 else 0.5))
        ImageDraw.Draw(img).text((size / 2, size / 2 + 1), text, font=font(fs, True), fill=INK,
                                 anchor="mm")
    return img


@lru_cache(maxsize=128)
def shield(size: int, value: int | None = None, colour: RGB = SHIELD) -> Image.Image:
    """A red shield, with a number of shields on it."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        d.polygon(_p(s, 0.1, 0.06, 0.9, 0.06, 0.9, 0.46, 0.5, 0.98, 0.1, 0.46), fill=(*colour,
                                                                                        255))
        d.chord(_r(s, 0.1, -0.1, 0.9, 0.98), start=0, end=180, fill=(*colour, 255))

    img = supersampled((size, size), draw)
    if value is not None:
        ImageDraw.Draw(img).text((size / 2, size * 0.44), str(value),
                                 font=font(int(size * 0.52), True), fill=(255, 255, 255),
                                 anchor="mm")
    return img


@lru_cache(maxsize=128)
def laurel(size: int, value: int | None = None, colour: RGB = LAUREL) -> Image.Image:
    """Victory points: a laurel wreath around the number."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        c = (*colour, 255)
        for side in (-1, 1):
            for i in range(6):
                a = math.radians(28 + i * 24)  # up each side, from the bottom
                cx = 0.5 + side * 0.38 * math.sin(a)
                cy = 0.52 + 0.38 * math.cos(a)
                r = 0.085
                d.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=c)
        d.arc(_r(s, 0.14, 0.16, 0.86, 0.88), start=20, end=160, fill=c, width=_w(s, 0.05))

    img = supersampled((size, size), draw)
    d = ImageDraw.Draw(img)
    if value is not None:
        text = str(value)
        d.ellipse((size * 0.24, size * 0.22, size * 0.76, size * 0.74), fill=(*tint(colour, 0.85),
                                                                              255))
        d.text((size / 2, size * 0.49), text, font=font(int(size * (0.4 if len(text) < 2 else
                                                                     0.32)), True),
               fill=shade(colour, 0.45), anchor="mm")
    return img


@lru_cache(maxsize=128)
def science_tile(name: str, size: int, owned: bool) -> Image.Image:
    """A science symbol on a disc: bright green when owned, pale when not."""
    fill = SCIENCE_GREEN if owned else (226, 232, 224)
    mark = (255, 255, 255) if owned else (172, 186, 172)

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        d.ellipse((0, 0, s - 1, s - 1), fill=(*fill, 255))

    img = supersampled((size, size), draw)
    inner = int(size * 0.62)
    paste(img, icon(name, inner, mark), ((size - inner) / 2, (size - inner) / 2))
    return img


@lru_cache(maxsize=128)
def token_disc(name: str, size: int, dim: bool = False) -> Image.Image:
    """A progress token: its emblem on a green disc with a gold ring."""
    fill = TOKEN_GREEN if not dim else (190, 204, 194)
    ring = (214, 176, 64) if not dim else (214, 206, 186)

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        d.ellipse((0, 0, s - 1, s - 1), fill=(*ring, 255))
        b = 0.07 * s
        d.ellipse((b, b, s - 1 - b, s - 1 - b), fill=(*fill, 255))

    img = supersampled((size, size), draw)
    inner = int(size * 0.56)
    paste(img, icon(name, inner, (255, 255, 255)), ((size - inner) / 2, (size - inner) / 2))
    return img


def clear_caches() -> None:
    for cached in (painted_icon, resource_tile, coin, shield, laurel, science_tile, token_disc):
        cached.cache_clear()
