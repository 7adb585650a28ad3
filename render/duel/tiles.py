"""7 Wonders Duel: the tiles of what a player chooses among, in a grid (the turn picture's choices
and the hand's sections): the name big in one shared size, its colour as a band, its price,
and what it does when there is room.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    ALERT,
    GOOD,
    INK,
    MUTED,
    Box,
    badge,
    draw_text,
    fit_lines,
    font,
    rounded,
    secondary,
    shade,
    text_width,
    tint,
)
from render.duel import icons, parts
from render.duel.extension import first_answer, registered
from render.duel.icons import paste
from render.duel.item import Item
from render.duel.parts import component, name_of, t
from render.duel.turn_frame import ES


def tiles(img: Image.Image, items: list[Item], locale: str, box: Box,
          tallest: float = 128.0) -> None:
    """The items as tiles in a grid: the name big, its colour as a band, its price. The names
    share one font size, the largest at which every name shown fits whole."""
    x0, y0, x1, y1 = box
    n = len(items)
    cols = grid_cols(n)
    rows = max(1, -(-n // cols))
    gap = 10
    tw = (x1 - x0 - (cols - 1) * gap) / cols
    th = min(tallest, (y1 - y0 - (rows - 1) * gap) / rows)
    if th < TILE_MIN:  # too many (the Mausoleum late in the game): as many as fit, then a count
        rows = max(1, int((y1 - y0 + gap) // (TILE_MIN + gap)))
        th = TILE_MIN
    shown = items[: rows * cols]
    if len(shown) < n:
        shown = items[: rows * cols - 1]
    size = min((_label_size(item, locale, (0, 0, tw, th)) for item in shown), default=22)
    for k, item in enumerate(shown):
        r, c = divmod(k, cols)
        tx, ty = x0 + c * (tw + gap), y0 + r * (th + gap)
        _tile(img, item, locale, (tx, ty, tx + tw, ty + th), size)
    if len(shown) < n:
        r, c = divmod(len(shown), cols)
        tx, ty = x0 + c * (tw + gap), y0 + r * (th + gap)
        draw_text(ImageDraw.Draw(img), (tx, ty, tx + tw, ty + th),
                  t("turn.more", locale, n=n - len(shown)), 20, bold=True, fill=MUTED)


TILE_MIN = 50  # a tile's least height: two lines of a name at the essential size


def _price_w(price: Any, locale: str) -> float:
    """The room a tile's price takes at its right (with its gap)."""
    if price is None:
        return 0
    if price == 0:
        return int(text_width(t("turn.free", locale), ES, True)) + 18 + 6
    return 38 + 6


def _label_room(item: Item, locale: str, box: Box) -> tuple[float, float, int]:
    """(width, height, lines) a tile's name may take."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    width = (x1 - 8 - _price_w(item[3], locale)) - x0 - 22
    return width, min(h - 8, 52 if h > 60 else h - 6), 2 if h >= TILE_MIN else 1


def _label_size(item: Item, locale: str, box: Box) -> int:
    """The largest size (22 down to the essential size) at which the tile's name fits whole."""
    width, height, lines = _label_room(item, locale, box)
    label = _label(item[0], item[1], locale)
    for size in range(22, ES - 1, -1):
        fitted, _ = fit_lines(label, width, height, size, True, size, lines, 1.1)
        if not any(li.endswith("…") for li in fitted):
            return size
    return ES


def grid_cols(n: int) -> int:
    """Columns of a grid of n tiles."""
    return 4 if n > 9 else 3 if n > 4 or n == 3 else 2 if n > 1 else 1


def _tile(img: Image.Image, item: Item, locale: str, box: Box, size: int = 22) -> None:
    kind, cid, colour, price = item
    x0, y0, x1, y1 = (int(v) for v in box)
    h = y1 - y0
    rounded(img, (x0, y0, x1, y1), 10, tint(colour, 0.86), shade(colour, 0.1), 2)
    rounded(img, (x0, y0, x0 + 12, y1), 6, colour)
    d = ImageDraw.Draw(img)
    right = x1 - 8
    if price is not None:
        cs = 38
        if price == "chain":
            comp = component(cid) if cid else {}
            sym = comp.get("chain_from") if comp else None
            rounded(img, (right - cs, y0 + 6, right, y0 + 6 + cs), 8, tint(GOOD, 0.8), GOOD, 2)
            if sym:
                paste(img, icons.icon(str(sym), cs - 10, shade(GOOD, 0.3)),
                      (right - cs + 5, y0 + 11))
        elif price == 0:
            badge(img, (right, y0 + 6 + cs / 2), t("turn.free", locale), ES, GOOD, anchor="rm")
            cs = int(text_width(t("turn.free", locale), ES, True)) + 18
        else:
            dear = isinstance(price, str) and price.startswith("dear:")
            value = int(str(price).removeprefix("dear:"))
            if dear:  # too dear for the player now: ringed in red
                rounded(img, (right - cs - 4, y0 + 2, right + 4, y0 + 10 + cs),
                        int(cs / 2) + 4, ALERT)
            paste(img, icons.coin(cs, value), (right - cs, y0 + 6))
        right -= cs + 6
    label = _label(kind, cid, locale)
    width, height, most = _label_room(item, locale, box)
    lines, size = fit_lines(label, width, height, size, True, size, most, 1.1)
    ty = y0 + 8
    for line in lines:
        d.text((x0 + 20, ty + size * 0.55), line, font=font(size, True),
               fill=shade(colour, 0.55), anchor="lm")
        ty += size * 1.1
    sh = int(max(16, min(y1 - ty - 6, 64, (y1 - y0) * 0.5)))
    with secondary():  # an expansion's small picture under the name (Agora: the senator's card)
        piece = first_answer(e.item_piece(kind, cid, sh, locale) for e in registered())
    if piece is not None:
        paste(img, piece, (x1 - 8 - piece.width, y1 - 4 - piece.height))
    if h > 60:  # what it does, readable in the preview (a token; an expansion's: a leader)
        text = token_text(cid, locale) if kind == "token" else \
            first_answer(e.item_text(kind, cid, locale) for e in registered())
        if text:
            top = max(ty + 2, y0 + 50) if price is not None else ty + 2  # under the price
            room = (x0 + 20, top, x1 - 8, y1 - 6)
            lines = max(1, int((room[3] - room[1]) // (ES * 1.12)))
            draw_text(d, room, text, 22, fill=INK, align="left", valign="top", min_size=ES,
                      max_lines=lines)
    cost_w = 0
    if y1 - ty >= 30 and kind == "wonder":  # what it costs to build, at the right
        cost_w = _wonder_cost(img, cid, (x0, ty, x1, y1), 30 if y1 - ty > 46 else 22)
    if y1 - ty >= 30 and kind in ("card", "wonder"):  # room under the name: its effects
        items = parts.effect_items(cid)
        if items:
            with secondary():
                st = parts.strip(items, 30 if y1 - ty > 46 else 22, int(x1 - x0 - 30 - cost_w))
                paste(img, st, (x0 + 20, y1 - 6 - st.height))


def _wonder_cost(img: Image.Image, wid: str, box: Box, size: int) -> int:
    """A wonder's cost in resources on a plate at the tile's bottom right (the draft offers
    wonders by what they cost as much as by what they do). The width it takes, with its gap."""
    x0, _, x1, y1 = (int(v) for v in box)
    items = parts.cost_items(component(wid).get("cost") or {})
    if not items:
        return 0
    st = parts.strip(items, size, int((x1 - x0) * 0.5))
    right, bottom = x1 - 8, y1 - 6
    rounded(img, (right - st.width - 12, bottom - st.height - 6, right, bottom + 2), 8,
            tint(MUTED, 0.75), shade(MUTED, 0.1), 1)
    paste(img, st, (right - st.width - 6, bottom - st.height - 2))
    return st.width + 24


def token_text(tid: str, locale: str) -> str:
    """What a progress token does, in a few words ('' for a token this picture cannot tell)."""
    from engine.i18n import has

    return t(f"token.{tid}", locale) if has(f"duel.render.token.{tid}", locale) else ""


def _label(kind: str, cid: str, locale: str) -> str:
    theirs = first_answer(e.item_label(kind, cid, locale) for e in registered())
    return theirs or name_of(cid, locale)
