"""7 Wonders Duel's board: one player's city: name, coins, points and shields; production and what
a resource costs them to buy; science symbols; progress tokens; chain symbols; wonders; the
cards built, grouped by colour with their counts (and the small pieces cached for it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    ALERT,
    GOLD,
    INK,
    LINE,
    MUTED,
    PANEL,
    Box,
    badge,
    disc,
    font,
    ink_on,
    mix,
    rounded,
    seat_colour,
    shade,
    star,
    text_line,
    tint,
)
from render.duel import icons, parts
from render.duel.board_badges import name_badge
from render.duel.icons import paste
from render.duel.parts import COLOURS, RESOURCES, card_colour, t
from render.duel.turn_frame import is_over, players

SCIENCE = ("globe", "law", "sundial", "mortar", "plumb", "quill", "wheel")
LEFT_W = 430  # the left block of a city panel: production, science, tokens, chains


def draw_city(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str], locale: str,
              seat: int, box: Box) -> int:
    """One player's city: name, coins, points and shields; production and what a resource
    costs them to buy; science symbols; progress tokens; chain symbols; wonders; the cards
    built, grouped by colour with their counts."""
    x0, y0, x1, _ = box
    player = players(view)[seat]
    colour = seat_colour(seat)
    pad = 16
    head_h = 58
    left_h = _city_left(None, view, player, locale, (x0 + pad, 0, x0 + pad + LEFT_W, 0))
    right = (x0 + pad + LEFT_W + 20, 0, x1 - pad, 0)
    right_h = _city_right(None, view, player, locale, right)
    height = head_h + max(left_h, right_h) + pad
    if img is None:
        return height
    outcome = view.get("outcome") or {}
    winner = seat in (outcome.get("winners") or [])
    active = view.get("active") == seat and not is_over(view)
    if active:
        parts.panel(img, (x0, y0, x1, y0 + height), 14, tint(colour, 0.86), colour, 6)
    elif winner:
        parts.panel(img, (x0, y0, x1, y0 + height), 14, tint(GOLD, 0.82), shade(GOLD, 0.1), 5)
    else:
        parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, mix(colour, LINE, 0.5), 2)
    rounded(img, (x0 + 8, y0 + 10, x0 + 16, y0 + height - 10), 4, colour)
    d = ImageDraw.Draw(img)
    my = y0 + 32
    nb = name_badge(img, (x0 + 26, my), names, seat, 24, 360)
    tx = nb[2] + 10
    if winner:
        paste(img, star(28), (tx, my - 14))
        badge(img, (tx + 32, my), t("tag.winner", locale), 17, shade(GOLD, 0.1))
    elif active:
        badge(img, (tx, my), "▶ " + t("tag.active", locale), 17, shade(colour, 0.35))
    # coins, points, shields: big, on the right
    x = x1 - pad
    pts = player.get("points") or {}
    total = pts.get("total", 0) if isinstance(pts, Mapping) else 0
    mil = view.get("military") or {}
    shields = list(mil.get("shields") or [0, 0])
    stats = [
        ("coins", player.get("coins", 0), icons.coin(40)),
        ("points", total, icons.laurel(42)),
        ("shields", shields[seat] if seat < len(shields) else 0, icons.shield(38)),
    ]
    for key, value, piece in stats:
        word = t(f"stat.{key}", locale, n=int(value or 0))
        ww = text_line(d, (x, my + 2), word, 16, fill=MUTED, anchor="rm")
        vw = text_line(d, (x - ww - 6, my), str(int(value or 0)), 32, bold=True, anchor="rm")
        paste(img, piece, (x - ww - 6 - vw - 6 - piece.width, my - piece.height / 2))
        x -= ww + 6 + vw + 6 + piece.width + 26
    top = y0 + head_h
    _city_left(img, view, player, locale, (x0 + pad + 10, top, x0 + pad + 10 + LEFT_W, 0))
    d.line((right[0] - 10, top + 4, right[0] - 10, y0 + height - pad), fill=LINE, width=2)
    _city_right(img, view, player, locale, (right[0], top, right[2], 0))
    return height


def _caption(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, width: float) -> None:
    text_line(d, xy, text, 15, bold=True, fill=MUTED, max_width=width)


def _city_left(img: Image.Image | None, view: Mapping[str, Any], player: Mapping[str, Any],
               locale: str, box: Box) -> int:
    x0, y0, x1, _ = box
    tokens = list(player.get("progress") or [])
    chains = list(player.get("chains") or [])
    choices = list(player.get("choices") or [])
    rs = 38  # resource tile
    prod_h = 20 + rs + 26 + 30
    sci_h = 20 + 44 + 8
    tok_rows = -(-len(tokens) // 2)
    tok_h = 20 + max(1, tok_rows) * 50 + 4
    chain_h = 20 + 30 + 6 if chains else 0
    height = prod_h + 10 + sci_h + 10 + tok_h + chain_h
    if img is None:
        return height
    d = ImageDraw.Draw(img)
    # production, and the price of buying each resource
    y = y0
    _caption(d, (x0, y + 8), t("production", locale), x1 - x0)
    y += 20
    production = player.get("production") or {}
    trade = player.get("trade") or {}
    step = rs + 30
    for k, res in enumerate(RESOURCES):
        x = x0 + k * step
        n = int(production.get(res, 0))
        tile = icons.resource_tile(res, rs)
        paste(img, tile if n else parts.faded(tile, 0.35), (x, y))
        d.text((x + rs / 2, y + rs + 13), str(n), font=font(22, True),
               fill=INK if n else MUTED, anchor="mm")
        price = trade.get(res)
        if price is not None:
            paste(img, icons.coin(24, int(price)), (x + rs / 2 - 12, y + rs + 28))
    # one-of-several producers
    cx = x0 + 5 * step + 4
    for group in choices:
        items: list[tuple] = []
        for k, res in enumerate(group):
            if k:
                items.append(("text", "/"))
            items.append(("res", res))
        st = parts.strip(tuple(items), 26, int(x1 - cx))
        if cx + st.width > x1 + 20:
            break
        paste(img, st, (cx, y + (rs - 26) / 2 + (0 if group is choices[0] else 0)))
        cx += st.width + 12
    y += prod_h - 20 + 10
    # science symbols
    _caption(d, (x0, y + 8), t("science", locale, n=int(player.get("science_kinds") or 0)),
             x1 - x0)
    y += 20
    science = player.get("science") or {}
    for k, sym in enumerate(SCIENCE):
        x = x0 + k * 52
        n = int(science.get(sym, 0))
        paste(img, icons.science_tile(sym, 44, n > 0), (x, y))
        if n > 1:
            cx_, cy_ = x + 38, y + 6
            disc_img = _count_disc(20, n)
            paste(img, disc_img, (cx_ - 10, cy_ - 10))
    y += sci_h - 20 + 10
    # progress tokens
    _caption(d, (x0, y + 8), t("progress.owned", locale), x1 - x0)
    y += 20
    if not tokens:
        text_line(d, (x0, y + 22), t("none", locale), 16, fill=MUTED)
    for k, tok in enumerate(tokens):
        r, c = divmod(k, 2)
        parts.token_row(img, str(tok), x0 + c * (LEFT_W / 2), y + r * 50, 44,
                        LEFT_W / 2 - 10, locale, 14)
    y += tok_h - 20
    if chains:
        _caption(d, (x0, y + 8), t("chains", locale), x1 - x0)
        y += 20
        x = x0
        for sym in chains:
            paste(img, _chain_chip(str(sym), 30), (x, y))
            x += 34
            if x > x1 - 30:
                break
    return height


def _city_right(img: Image.Image | None, view: Mapping[str, Any], player: Mapping[str, Any],
                locale: str, box: Box) -> int:
    """The wonders (built lit, unbuilt dimmed with their cost) and the cards by colour."""
    x0, y0, x1, _ = box
    wonders = list(player.get("wonders") or [])
    gap = 8
    ww = int((x1 - x0 - 3 * gap) / 4)
    wh = 112
    won_h = 20 + (wh + 10 if wonders else 30)
    city = player.get("city") or {}
    pill_h = 30
    lines = _city_lines(city, locale, x1 - x0 - 40, pill_h)
    city_h = 20 + max(1, len(lines)) * (pill_h + 6) + 4
    height = won_h + 8 + city_h
    if img is None:
        return height
    d = ImageDraw.Draw(img)
    y = y0
    _caption(d, (x0, y + 8), t("wonders", locale), x1 - x0)
    y += 20
    if not wonders:
        text_line(d, (x0, y + 14), t("none", locale), 16, fill=MUTED)
    for k, w in enumerate(wonders[:4]):
        state = "boxed" if w.get("boxed") else "built" if w.get("built") else "unbuilt"
        paste(img, parts.wonder_tile(str(w.get("id")), ww, wh, state, locale),
              (x0 + k * (ww + gap), y))
    y += won_h - 20 + 8
    total = sum(len(city.get(c) or []) for c in COLOURS)
    _caption(d, (x0, y + 8), t("city", locale, n=total), x1 - x0)
    y += 20
    if not lines:
        text_line(d, (x0, y + 16), t("city.empty", locale), 16, fill=MUTED)
    # the cards the active player may destroy (Statue of Zeus, Circus Maximus) ringed in red
    targets = set(parts.destroy_colours(view)) if view.get("phase") == "destroy" and view.get(
        "active") not in (None, player.get("seat")) else set()
    for colour, count, row in lines:
        if count is not None:
            chip = _colour_count(colour, count, pill_h)
            paste(img, chip, (x0, y))
        x = x0 + 40
        for pill in row:
            if colour in targets:
                rounded(img, (x - 4, y - 4, x + pill.width + 4, y + pill_h + 4), 10, None,
                        ALERT, 3)
            paste(img, pill, (x, y))
            x += pill.width + 6
        y += pill_h + 6
    return height


def _city_lines(city: Mapping[str, Any], locale: str, width: float,
                pill_h: int) -> list[tuple[str, int | None, list[Image.Image]]]:
    """The built cards as lines of pills, one colour after the other (a colour's count at the
    start of its first line)."""
    lines: list[tuple[str, int | None, list[Image.Image]]] = []
    for colour in COLOURS:
        cards = list(city.get(colour) or [])
        if not cards:
            continue
        row: list[Image.Image] = []
        used = 0.0
        first = True
        for cid in cards:
            pill = parts.card_pill(str(cid), pill_h, int(min(width, 230)), locale)
            if row and used + pill.width > width:
                lines.append((colour, len(cards) if first else None, row))
                first = False
                row, used = [], 0.0
            row.append(pill)
            used += pill.width + 6
        lines.append((colour, len(cards) if first else None, row))
    return lines


@lru_cache(maxsize=64)
def _colour_count(colour: str, count: int, h: int) -> Image.Image:
    c = card_colour(colour)
    img = Image.new("RGBA", (h + 2, h), (0, 0, 0, 0))
    rounded(img, (0, 0, h + 2, h), 7, c, shade(c, 0.35), 2)
    ImageDraw.Draw(img).text(((h + 2) / 2, h / 2), str(count), font=font(int(h * 0.6), True),
                             fill=ink_on(c), anchor="mm")
    return img


@lru_cache(maxsize=32)
def _count_disc(d: int, n: int) -> Image.Image:
    img = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    disc(img, (d / 2, d / 2), d - 2, INK, outline=(255, 255, 255), width=1)
    ImageDraw.Draw(img).text((d / 2, d / 2), str(n), font=font(int(d * 0.62), True),
                             fill=(255, 255, 255), anchor="mm")
    return img


@lru_cache(maxsize=64)
def _chain_chip(symbol: str, d: int) -> Image.Image:
    img = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    rounded(img, (0, 0, d, d), 7, (255, 255, 255), LINE, 2)
    inner = int(d * 0.72)
    paste(img, icons.icon(symbol, inner, INK), ((d - inner) / 2, (d - inner) / 2))
    return img


def clear_city_caches() -> None:
    """Forget the city's cached small pieces."""
    for cached in (_colour_count, _count_disc, _chain_chip):
        cached.cache_clear()
