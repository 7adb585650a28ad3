"""Drawing helpers shared by every game's renderer: fonts, seat colours, shapes, text, PNG.

Everything here is game-agnostic, the platform's words included: `Words` (a game's catalogue
keys under one prefix, the one translate wrapper of every renderer) and `resigned_seat` (who
resigned, from the platform's outcome). Static pieces (fonts, anti-aliased masks) are cached with
lru_cache; callers `.copy()` any cached image before drawing on it.

Shapes are anti-aliased by drawing their mask at SUPER times the size and scaling it down;
text is drawn at its final size (FreeType hints it, which keeps small text crisp).
"""

from __future__ import annotations

import contextvars
import io
import math
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFont

import data
from engine.core import Msg, Outcome
from engine.i18n import LOCALES, translate

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

SUPER = 4  # supersampling factor of anti-aliased masks
FLAT_PIXELS = 100  # a colour covering this many pixels is kept exactly in the PNG palette

# --- legibility: what a turn image must keep readable -----------------------------------------

# A turn image is read in the channel's inline preview (Discord fits it into about 550x350), so
# its essential texts must stay at least MIN_PREVIEW_PX tall there. Secondary detail (a card's
# small print, a legend) may be smaller: it is drawn inside `with secondary():`, which the
# legibility test reads (tests/render/test_legibility.py). Everything else counts as essential.
PREVIEW_BOX = (550, 350)
MIN_PREVIEW_PX = 9
_SECONDARY: contextvars.ContextVar[bool] = contextvars.ContextVar("secondary", default=False)


@contextmanager
def secondary() -> Iterator[None]:
    """Texts drawn inside are secondary detail: not needed to read the turn at a glance."""
    token = _SECONDARY.set(True)
    try:
        yield
    finally:
        _SECONDARY.reset(token)


def is_secondary() -> bool:
    return _SECONDARY.get()


def preview_scale(size: tuple[int, int], box: tuple[int, int] = PREVIEW_BOX) -> float:
    """The factor a Discord client shrinks a picture of `size` by to fit its preview `box`."""
    return min(1.0, box[0] / size[0], box[1] / size[1])


def min_font_for(size: tuple[int, int]) -> int:
    """The smallest font size (px) whose text stays MIN_PREVIEW_PX tall in the preview."""
    return math.ceil(MIN_PREVIEW_PX / preview_scale(size))


# --- palette ----------------------------------------------------------------------------------

PAPER: RGB = (246, 240, 226)  # page background
PANEL: RGB = (255, 252, 245)  # panels drawn on the page
INK: RGB = (34, 30, 26)  # main text
MUTED: RGB = (108, 98, 86)  # secondary text
LINE: RGB = (205, 193, 170)  # thin rules and outlines
GOLD: RGB = (201, 150, 20)
ALERT: RGB = (178, 34, 34)
GOOD: RGB = (30, 126, 52)

# Seat colours: the Okabe-Ito palette, chosen to stay distinct for the common colour-vision
# deficiencies. A seat's colour is never shown without the seat's name written next to it.
SEAT_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),  # blue
    (230, 159, 0),  # orange
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (213, 94, 0),  # vermillion
    (86, 180, 233),  # sky blue (6th seat, if a game ever has one)
    (240, 228, 66),  # yellow
)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0 (black) to 1 (white)."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever contrasts more with `colour`."""
    lum = luminance(colour)
    return INK if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else (255, 255, 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` towards `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def tint(colour: RGB, t: float = 0.82) -> RGB:
    """A pale version of `colour` (towards white)."""
    return mix(colour, (255, 255, 255), t)


def shade(colour: RGB, t: float = 0.35) -> RGB:
    """A darker version of `colour` (towards black)."""
    return mix(colour, (0, 0, 0), t)


# --- fonts ------------------------------------------------------------------------------------

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at `size` px. The basic layout engine keeps output identical
    whether or not libraqm is installed."""
    return ImageFont.truetype(
        str(data.path("fonts", FONT_FILES[bold])), size, layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=2)
def _notdef(bold: bool = False) -> bytes:
    return bytes(font(24, bold).getmask("\uffff"))


@lru_cache(maxsize=4096)
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the shipped font draws `char` (rather than the empty-box glyph)."""
    if char.isspace() or char.isascii():
        return True
    return bytes(font(24, bold).getmask(char)) != _notdef(bold)


def face(text: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font to write `text` with: the bold face, unless it lacks one of the characters
    (DejaVu Sans Bold has no ✓, for one), then the regular face, which has more."""
    if bold and not all(has_glyph(c, True) for c in text):
        bold = False
    return font(size, bold)


def printable(text: str) -> str:
    """`text` without the characters our font cannot draw (emoji in a Discord name...)."""
    cleaned = "".join(c for c in text if has_glyph(c))
    return " ".join(cleaned.split())


def text_width(text: str, size: int, bold: bool = False) -> float:
    return face(text, size, bold).getlength(text)


def ellipsize(text: str, width: float, size: int, bold: bool = False) -> str:
    """`text`, cut with an ellipsis so that it is at most `width` px wide. The name of a seat a
    bot took over keeps its "(bot)": "Wilhelmina… (bot)"."""
    f = face(text, size, bold)
    if f.getlength(text) <= width:
        return text
    for tail in _took_over_tails():
        if text.endswith(tail) and len(text) > len(tail):
            return ellipsize(text[: -len(tail)], width - f.getlength(tail), size, bold) + tail
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, width: float, size: int, bold: bool = False) -> list[str]:
    """Greedy word wrap at spaces (and after hyphens) to lines at most `width` px wide.
    A single word wider than `width` stays on its own line (callers shrink or ellipsize)."""
    f = face(text, size, bold)
    words: list[str] = []
    for word in text.split():
        parts = word.split("-")
        words += [p + "-" for p in parts[:-1]] + [parts[-1]]
    lines: list[str] = []
    line = ""
    for word in words:
        glue = "" if not line or line.endswith("-") else " "
        if line and f.getlength(line + glue + word) > width:
            lines.append(line)
            line = word
        else:
            line += glue + word
    if line:
        lines.append(line)
    return lines


def fit_lines(
    text: str, width: float, height: float, size: int, bold: bool = False, min_size: int = 12,
    max_lines: int = 3, spacing: float = 1.12,
) -> tuple[list[str], int]:
    """The largest font size <= `size` at which `text` wraps into `width` x `height`, and its
    lines. At `min_size` the text is cut with an ellipsis if it still does not fit."""
    for s in range(size, min_size - 1, -1):
        lines = wrap(text, width, s, bold)
        tall = len(lines) * s * spacing
        if (
            len(lines) <= max_lines
            and tall <= height + 1
            and all(text_width(li, s, bold) <= width for li in lines)
        ):
            return lines, s
    s = min_size
    lines = wrap(text, width, s, bold)
    keep = max(1, min(max_lines, int(height // (s * spacing))))
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = lines[-1] + "…"
    return [ellipsize(li, width, s, bold) for li in lines], s


def draw_text(
    draw: ImageDraw.ImageDraw, box: Box, text: str, size: int, *, bold: bool = False,
    fill: RGB = INK, align: str = "center", valign: str = "middle", min_size: int = 12,
    max_lines: int = 3, spacing: float = 1.12,
) -> int:
    """Write `text` inside `box`, wrapped and shrunk to fit. Returns the font size used."""
    x0, y0, x1, y1 = box
    lines, s = fit_lines(text, x1 - x0, y1 - y0, size, bold, min_size, max_lines, spacing)
    f = face(text, s, bold)
    line_h = s * spacing
    total = line_h * len(lines)
    if valign == "top":
        y = y0
    elif valign == "bottom":
        y = y1 - total
    else:
        y = y0 + (y1 - y0 - total) / 2
    for line in lines:
        if align == "left":
            x, anchor = x0, "lm"
        elif align == "right":
            x, anchor = x1, "rm"
        else:
            x, anchor = (x0 + x1) / 2, "mm"
        draw.text((x, y + line_h / 2), line, font=f, fill=fill, anchor=anchor)
        y += line_h
    return s


def text_line(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, *,
    bold: bool = False, fill: RGB = INK, anchor: str = "lm", max_width: float | None = None,
) -> float:
    """One line of text at `xy` (Pillow anchor), cut to `max_width`. Returns its width."""
    if max_width is not None:
        text = ellipsize(text, max_width, size, bold)
    f = face(text, size, bold)
    draw.text(xy, text, font=f, fill=fill, anchor=anchor)
    return f.getlength(text)


# --- anti-aliased shapes ----------------------------------------------------------------------


@lru_cache(maxsize=64)
def _corner(radius: int) -> Image.Image:
    """The top-left quarter of an anti-aliased disc of `radius`, drawn once per radius."""
    big = Image.new("L", (2 * radius * SUPER, 2 * radius * SUPER), 0)
    ImageDraw.Draw(big).ellipse((0, 0, 2 * radius * SUPER - 1, 2 * radius * SUPER - 1), fill=255)
    disc = big.resize((2 * radius, 2 * radius), Image.Resampling.LANCZOS)
    return disc.crop((0, 0, radius, radius))


@lru_cache(maxsize=1024)
def _round_mask(w: int, h: int, radius: int) -> Image.Image:
    """A rounded-rectangle mask of any size from four cached corners: panels are sized by
    their text, so a mask per exact size would be drawn anew (supersampled) on most boards."""
    radius = max(0, min(radius, w // 2, h // 2))
    mask = Image.new("L", (w, h), 255)
    if radius:
        corner = _corner(radius)
        mask.paste(corner, (0, 0))
        mask.paste(corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT), (w - radius, 0))
        mask.paste(corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM), (0, h - radius))
        mask.paste(corner.transpose(Image.Transpose.ROTATE_180), (w - radius, h - radius))
    return mask


@lru_cache(maxsize=1024)
def _ring_mask(w: int, h: int, radius: int, width: int) -> Image.Image:
    """The outline of a rounded rectangle: the outer mask less the inner one."""
    outer = _round_mask(w, h, radius)
    if width * 2 >= min(w, h):
        return outer
    inner = Image.new("L", (w, h), 0)
    inner.paste(_round_mask(w - 2 * width, h - 2 * width, max(0, radius - width)), (width, width))
    return ImageChops.subtract(outer, inner)


def rounded(
    img: Image.Image, box: Box, radius: int, fill: RGB | None = None,
    outline: RGB | None = None, width: int = 0,
) -> None:
    """An anti-aliased rounded rectangle (`box` is x0, y0, x1, y1, exclusive of x1/y1).

    The straight parts are plain rectangles and only the four corners go through masks: the
    same pixels as pasting through a whole-panel mask, without building one per panel size."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return
    radius = max(0, min(radius, w // 2, h // 2))
    if fill is not None:
        _fill_rounded(img, (x0, y0, x1, y1), radius, fill)
    if outline is not None and width > 0:
        if width * 2 >= min(w, h) or width > radius:
            # A ring as wide as the panel, or thicker than its corners: the whole mask.
            img.paste(outline, (x0, y0, x1, y1), _ring_mask(w, h, radius, width))
        else:
            _ring_rounded(img, (x0, y0, x1, y1), radius, width, outline)


def _paste_rect(img: Image.Image, colour: RGB, x0: int, y0: int, x1: int, y1: int) -> None:
    if x1 > x0 and y1 > y0:
        img.paste(colour, (x0, y0, x1, y1))


def _quarters(corner: Image.Image) -> tuple[Image.Image, ...]:
    """A top-left corner mask and its three mirror images: top-right, bottom-left, bottom-right."""
    return (corner, corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
            corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
            corner.transpose(Image.Transpose.ROTATE_180))


@lru_cache(maxsize=64)
def _fill_corners(radius: int) -> tuple[Image.Image, ...]:
    return _quarters(_corner(radius))


@lru_cache(maxsize=256)
def _ring_corners(radius: int, width: int) -> tuple[Image.Image, ...]:
    """The corners of a ring `width` thick: the outer corner less the inner one, as _ring_mask
    makes them (the inner rounded rectangle is inset by `width`, its radius less by `width`)."""
    inner = Image.new("L", (radius, radius), 0)
    if radius > width:  # radius == width: the inner rectangle starts where the corner ends
        inner.paste(_corner(radius - width), (width, width))
    return _quarters(ImageChops.subtract(_corner(radius), inner))


def _corner_boxes(box: Box, r: int) -> tuple[tuple[int, int, int, int], ...]:
    x0, y0, x1, y1 = (int(v) for v in box)
    return ((x0, y0, x0 + r, y0 + r), (x1 - r, y0, x1, y0 + r), (x0, y1 - r, x0 + r, y1),
            (x1 - r, y1 - r, x1, y1))


def _fill_rounded(img: Image.Image, box: Box, r: int, fill: RGB) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    if not r:
        img.paste(fill, (x0, y0, x1, y1))
        return
    _paste_rect(img, fill, x0 + r, y0, x1 - r, y1)
    _paste_rect(img, fill, x0, y0 + r, x0 + r, y1 - r)
    _paste_rect(img, fill, x1 - r, y0 + r, x1, y1 - r)
    for mask, where in zip(_fill_corners(r), _corner_boxes(box, r), strict=True):
        img.paste(fill, where, mask)


def _ring_rounded(img: Image.Image, box: Box, r: int, width: int, outline: RGB) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    _paste_rect(img, outline, x0 + r, y0, x1 - r, y0 + width)  # top
    _paste_rect(img, outline, x0 + r, y1 - width, x1 - r, y1)  # bottom
    _paste_rect(img, outline, x0, y0 + r, x0 + width, y1 - r)  # left
    _paste_rect(img, outline, x1 - width, y0 + r, x1, y1 - r)  # right
    if r:
        for mask, where in zip(_ring_corners(r, width), _corner_boxes(box, r), strict=True):
            img.paste(outline, where, mask)


@lru_cache(maxsize=256)
def _disc_mask(d: int) -> Image.Image:
    big = Image.new("L", (d * SUPER, d * SUPER), 0)
    ImageDraw.Draw(big).ellipse((0, 0, d * SUPER - 1, d * SUPER - 1), fill=255)
    return big.resize((d, d), Image.Resampling.LANCZOS)


def disc(img: Image.Image, centre: tuple[float, float], d: int, fill: RGB,
         outline: RGB | None = None, width: int = 0) -> None:
    """An anti-aliased disc of diameter `d` centred on `centre`, with an optional ring."""
    cx, cy = centre
    if outline is not None and width > 0:
        o = d + 2 * width
        x, y = int(round(cx - o / 2)), int(round(cy - o / 2))
        img.paste(outline, (x, y, x + o, y + o), _disc_mask(o))
    x, y = int(round(cx - d / 2)), int(round(cy - d / 2))
    img.paste(fill, (x, y, x + d, y + d), _disc_mask(d))


def badge(
    img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, *,
    bold: bool = True, pad: int | None = None, max_width: float | None = None,
    ink: RGB | None = None, anchor: str = "lm",
) -> Box:
    """A pill with `text` on `fill` (text in black or white, whichever contrasts). `xy` is the
    left-middle point (anchor "lm") or the right-middle one ("rm"). Returns the pill's box."""
    pad = pad if pad is not None else max(6, size // 2)
    if max_width is not None:
        text = ellipsize(text, max_width - 2 * pad, size, bold)
    w = int(text_width(text, size, bold)) + 2 * pad
    h = int(size * 1.55)
    x, y = xy
    x0 = int(x - w) if anchor == "rm" else int(x)
    y0 = int(y - h / 2)
    rounded(img, (x0, y0, x0 + w, y0 + h), h // 2, fill)
    ImageDraw.Draw(img).text(
        (x0 + w / 2, y0 + h / 2), text, font=face(text, size, bold), fill=ink or ink_on(fill),
        anchor="mm",
    )
    return (x0, y0, x0 + w, y0 + h)


def fit_size(text: str, width: float, size: int, min_size: int, bold: bool = True,
             pad: float = 0) -> int:
    """The largest font size from `size` down to `min_size` at which `text` (plus `pad` on
    each side) is at most `width` wide; `min_size` if none is."""
    while size > min_size and text_width(text, size, bold) + 2 * pad > width:
        size -= 1
    return size


def short_name(name: str, width: float, size: int, bold: bool = True) -> str:
    """A player's name cut to `width`: whole if it fits, else a bot's name without its level
    ("Thémistocle (difficile)" -> "Thémistocle": names are unique in a game, the level is
    the part a reader can spare), else cut with an ellipsis."""
    if text_width(name, size, bold) <= width:
        return name
    base, paren, _ = name.rpartition(" (")
    if name.endswith(tuple(_took_over_tails())):
        return ellipsize(name, width, size, bold)  # which keeps the "(bot)"
    if paren and name.endswith(")") and base and text_width(base, size, bold) <= width:
        return base
    return ellipsize(name, width, size, bold)


@lru_cache(maxsize=1)
def _took_over_tails() -> frozenset[str]:
    """What the platform adds to the name of a seat a bot took over, in every language."""
    return frozenset(translate(Msg("bot.took_over", {"name": ""}), locale)
                     for locale in LOCALES)


def name_badge(
    img: Image.Image, xy: tuple[float, float], name: str, size: int, fill: RGB, max_width: float,
    *, min_size: int | None = None, anchor: str = "lm", bold: bool = True,
) -> Box:
    """A player's name as a pill of their colour that never runs past `max_width`: the font
    shrinks down to `min_size` (by default three quarters of `size`), then the name is cut
    with an ellipsis. Long names (a 32-character Discord name, "Thémistocle (difficile)")
    must never cover the numbers beside them."""
    floor = min_size if min_size is not None else max(9, int(size * 0.75))
    s = size
    while s > floor and badge_width(name, s, bold) > max_width:
        s -= 1
    pad = max(6, s // 2)
    return badge(img, xy, short_name(name, max_width - 2 * pad, s, bold), s, fill, bold=bold,
                 max_width=max_width, anchor=anchor)


def badge_width(text: str, size: int, bold: bool = True) -> float:
    """The width of `badge(..., text, size)`."""
    return int(text_width(text, size, bold)) + 2 * max(6, size // 2)


def supersampled(size: tuple[int, int], paint, mode: str = "RGBA") -> Image.Image:
    """An image of `size` painted by `paint(draw, scale)` at SUPER times the size, then scaled
    down with a good filter: anti-aliased polygons and ellipses for icons."""
    w, h = size
    big = Image.new(mode, (w * SUPER, h * SUPER), (0, 0, 0, 0) if mode == "RGBA" else 0)
    paint(ImageDraw.Draw(big), SUPER)
    return big.resize((w, h), Image.Resampling.LANCZOS)


# --- icons painted in a unit square -----------------------------------------------------------

Painter = Callable[[ImageDraw.ImageDraw, float, tuple[int, ...]], None]


def unit_points(s: float, *pts: float) -> list[tuple[float, float]]:
    """Points given in a unit square, scaled to `s` px."""
    return [(pts[i] * s, pts[i + 1] * s) for i in range(0, len(pts), 2)]


def unit_box(s: float, x0: float, y0: float, x1: float, y1: float) -> list[float]:
    """A box given in a unit square, scaled to `s` px."""
    return [x0 * s, y0 * s, x1 * s, y1 * s]


@lru_cache(maxsize=1024)
def painted_icon(paint: Painter | None, size: int, colour: RGB) -> Image.Image:
    """An anti-aliased RGBA icon of `size` px in `colour`, painted by `paint(draw, s, colour)`
    in an s-px square (a plain disc when there is no painter)."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        c = (*colour, 255)
        if paint is None:
            d.ellipse(unit_box(s, 0.2, 0.2, 0.8, 0.8), fill=c)
        else:
            paint(d, s, c)

    return supersampled((size, size), draw)


def paste(img: Image.Image, piece: Image.Image, xy: tuple[float, float]) -> None:
    """Paste an RGBA piece at `xy` (top-left), through its alpha."""
    x, y = int(round(xy[0])), int(round(xy[1]))
    img.paste(piece, (x, y), piece)


@lru_cache(maxsize=16)
def star(size: int) -> Image.Image:
    """A five-pointed gold star (a winner's mark), anti-aliased RGBA."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        pts = []
        for i in range(10):
            r = 0.5 if i % 2 == 0 else 0.22
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((s / 2 + r * s * math.cos(a), s / 2 + r * s * 1.05 * math.sin(a) + s * 0.04))
        d.polygon(pts, fill=(*shade(GOLD, 0.15), 255))

    return supersampled((size, size), draw)


# --- a line of text with a player's name as their colour badge ------------------------------

NAME_MARK = "\x00"  # translate the template with name=NAME_MARK, then hand it to badge_line


def badge_line(
    img: Image.Image | None, xy: tuple[float, float], text: str, names: Sequence[str],
    seat: int | None, size: int, *, bold: bool = True, fill: RGB = INK, max_width: float = 600,
    min_ratio: float = 0.75, before_share: float = 1.0,
) -> float:
    """Write `text` (a translated template where NAME_MARK stands for the player's name) with
    the name drawn as the seat's colour badge; the name itself is always written. `xy` is the
    left-middle point; the text shrinks down to `min_ratio` of `size` to fit `max_width`, and
    the words before the name take at most `before_share` of it. Returns the width used (with
    `img` None, only measures)."""
    before, _, after = text.partition(NAME_MARK)
    before, after = before.rstrip(), after.strip()
    name = seat_name(names, seat) if seat is not None else ""
    # Punctuation right after the name ("Aurelia: ...") sits against the badge, as in the text.
    tight = bool(after) and after[0] in ",.:;!?)…"

    def after_gap(sz: int) -> float:
        return sz * (0.08 if tight else 0.3)

    def needed(sz: int) -> float:
        gap = sz * 0.3
        w = text_width(before, sz, bold) + gap if before else 0
        w += text_width(name, sz, True) + 2 * max(6, sz // 2) + after_gap(sz) if name else 0
        return w + (text_width(after, sz, bold) if after else 0)

    floor = max(12, int(size * min_ratio))
    while size > floor and needed(size) > max_width:
        size -= 1
    if img is None:
        return min(needed(size), max_width)
    draw = ImageDraw.Draw(img)
    x, y = xy
    x0 = x
    if before:
        x += text_line(draw, (x, y), before, size, bold=bold, fill=fill,
                       max_width=max_width * before_share) + size * 0.3
    if seat is not None:
        # the name is what gives way (an ellipsis), never the words after it
        room = max_width - (x - x0) - (text_width(after, size, bold) + after_gap(size)
                                       if after else 0)
        # ...unless the words are a long sentence: the name keeps up to a third of the line
        room = max(room, size * 3, min(badge_width(name, size), max_width / 3))
        pad = max(6, size // 2)
        box = badge(img, (x, y), short_name(name, room - 2 * pad, size), size, seat_colour(seat),
                    max_width=room)
        x = box[2] + after_gap(size)
    if after:
        x += text_line(draw, (x, y), after, size, bold=bold, fill=fill,
                       max_width=max(20, max_width - (x - x0)))
    return x - x0


# --- PNG --------------------------------------------------------------------------------------


def to_png(img: Image.Image, colors: int = 256) -> bytes:
    """PNG bytes of `img`, quantised to a palette without dithering: flat drawings stay crisp
    and the files stay small.

    The palette holds exactly every colour that covers a real area (at least FLAT_PIXELS
    pixels: page, panels, card tints, seat and kind colours), then colours for the anti-aliased
    edges chosen by Pillow's fast octree on the image reduced to a quarter. Pixels of those flat
    colours keep them exactly (see `_exact_indices`); every other pixel takes a near palette
    colour. zlib level 3: level 6 saved ~15% of the bytes for twice the time, and pictures are
    far under Discord's and our size budget while time is what players feel."""
    rgb = img.convert("RGB")
    counted = rgb.getcolors(1 << 18) or []
    exact = sorted((nc for nc in counted if nc[0] >= FLAT_PIXELS), reverse=True)
    exact = [c for _, c in exact[: colors * 3 // 4]]
    rest_n = colors - len(exact)
    # A quarter-size sample is plenty for the anti-aliased edges and 4x cheaper than a half;
    # the octree is 4-5x faster than maximum coverage here for the same look.
    sample = rgb.reduce(4) if min(rgb.size) >= 128 else rgb
    rest = sample.quantize(colors=max(rest_n, 1), method=Image.Quantize.FASTOCTREE,
                           dither=Image.Dither.NONE)
    flat = [v for c in exact for v in c] + (rest.getpalette() or [])[: 3 * rest_n]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    pal = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    if exact:
        pal = _exact_indices(rgb, pal, exact)
        pal.putpalette(palette.getpalette() or [])
    out = io.BytesIO()
    pal.save(out, format="PNG", compress_level=3)
    return out.getvalue()


_LUTS = threading.local()


def _exact_indices(rgb: Image.Image, mapped: Image.Image, exact: Sequence[RGB]) -> Image.Image:
    """`mapped` with every pixel of colour exact[i] set to palette index i.

    Pillow maps RGB to a palette through a cache of 4x4x4 colour boxes, each box taking the
    entry nearest its centre: a flat colour off that centre came out one level off
    ((255, 252, 245) -> (254, 251, 244)), and two flat colours in one box could not both stay
    exact. A 2^24-entry table (one per thread, 16 MB, reset after use) looks every pixel's colour
    up exactly instead."""
    lut = getattr(_LUTS, "table", None)
    if lut is None:
        lut = _LUTS.table = np.full(1 << 24, 255, dtype=np.uint8)
    # RGBX as little-endian 32-bit words: R | G << 8 | B << 16 | X << 24.
    words = np.asarray(rgb.convert("RGBX")).view(np.uint32)[..., 0] & 0xFFFFFF
    keys = np.array([r | g << 8 | b << 16 for r, g, b in exact], dtype=np.uint32)
    lut[keys] = np.arange(len(keys), dtype=np.uint8)  # at most 192 entries: 255 stays free
    try:
        found = lut[words]
    finally:
        lut[keys] = 255
    indices = np.where(found != 255, found, np.asarray(mapped))
    return Image.frombytes("P", rgb.size, np.ascontiguousarray(indices, dtype=np.uint8).tobytes())


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """A seat's display name, drawable with our font: names[seat] or `#n`."""
    if seat is None:
        return ""
    if 0 <= seat < len(names):
        name = printable(str(names[seat]))
        if name:
            return name
    return f"#{seat + 1}"


# --- the platform's words --------------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """A renderer's words: `words(key, locale, names, **params)` is the catalogue's text of
    `prefix + key` in `locale`, seats shown by their player's name from `names` (optional).
    `key`, `locale` and `names` are positional, so a template may have parameters of those
    names. Each renderer makes its own: `t = Words("duel.render.")`."""

    prefix: str = ""

    def __call__(self, key: str, locale: str, names: Sequence[str] = (), /,
                 **params: Any) -> str:
        return translate(Msg(self.prefix + key, params), locale, names)


def resigned_seat(outcome: Outcome | Mapping[str, Any] | None) -> int | None:
    """The seat whose resignation ended the game, when `outcome` is the platform's
    resignation (`outcome.resigned`), as an Outcome or as its JSON in a view; None otherwise."""
    if isinstance(outcome, Mapping):
        reason = outcome.get("reason") or {}
        key, params = reason.get("k"), reason.get("p") or {}
    elif outcome is not None:
        key, params = outcome.reason.key, outcome.reason.params
    else:
        return None
    if key != "outcome.resigned":
        return None
    who = params.get("who")
    return int(who["seat"]) if isinstance(who, Mapping) and "seat" in who else None


HEADER_INK: RGB = (246, 226, 178)  # pale gold, on a header band


def hand_title(img: Image.Image, xy: tuple[float, float], names: Sequence[str], seat: int,
               locale: str, count: str, size: int, *, max_width: float, min_size: int,
               fill: RGB = INK) -> float:
    """Every game's hand titled the same way: "<name> · your hand · <count>" (the name as the
    seat's badge; `count` the game's own, "7 cards", "2 heroes"). Returns its width."""
    text = translate(Msg("render.hand.title", {"name": NAME_MARK, "count": count}), locale)
    return badge_line(img, xy, text, names, seat, size, fill=fill, max_width=max_width,
                      min_ratio=min_size / size)


def header_band(img: Image.Image, width: int, h: int, fill: RGB, title: str, size: int,
                margin: int, badge_text: str | None = None, badge_size: int = 18,
                right: str | None = None, right_size: int = 20, gap: int = 18,
                ) -> ImageDraw.ImageDraw:
    """The board's top band, shared by the games: a coloured band with a gold rule, the game's
    title in capitals, a badge beside it and a line at the right (both optional)."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, h), fill=fill)
    d.rectangle((0, h - 4, width, h), fill=GOLD)
    x = margin + text_line(d, (margin, h / 2 - 1), title.upper(), size, bold=True,
                           fill=(255, 255, 255))
    if badge_text:
        badge(img, (x + gap, h / 2 - 1), badge_text, badge_size, HEADER_INK)
    if right:
        text_line(d, (width - margin, h / 2 - 1), right, right_size, bold=True, fill=HEADER_INK,
                  anchor="rm")
    return d
