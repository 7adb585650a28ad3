"""7 Wonders Duel: the viewer's own picture, landscape like the turn picture and drawn at its
scale (render/duel/turn.py, render/duel/turn_frame.py): their numbers, what they choose among now with their own prices
(or the Great Library's drawn tokens), their leaders and conspiracies (with the options),
their wonders and production."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    PANEL,
    PAPER,
    Box,
    badge_line,
    draw_text,
    font,
    rounded,
    seat_colour,
    secondary,
    shade,
    text_line,
    tint,
)
from render.duel import icons, parts
from render.duel.choices import choice_items
from render.duel.extension import enabled
from render.duel.icons import paste
from render.duel.item import Item
from render.duel.parts import name_of, t
from render.duel.tiles import grid_cols, tiles
from render.duel.turn_frame import ES, SIDE_W, H, M, W, asked, players, total_points

HAND_TILE = 220.0  # the hand's tiles may be taller: it has the room, and nothing else to show


def _hand_sections(view: Mapping[str, Any], seat: int) -> list[tuple[str, list[Item]]]:
    """(title key, items) of what the viewer chooses among now and what only they hold."""
    sections: list[tuple[str, list[Item]]] = []
    private = view.get("private") or {}
    if seat in asked(view):
        if view.get("phase") == "library" and private.get("library"):
            sections.append(("hand.library", [("token", str(x), parts.CARD_COLOURS["green"],
                                               None) for x in private["library"]]))
        else:
            key, items = choice_items(view)
            if items:
                sections.append((f"turn.hand.{key.split('.')[-1]}", items))
    for ext in enabled(view):  # the viewer's leaders, conspiracies...
        sections += ext.hand_sections(view, seat)
    return sections


def hand(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The viewer's own picture, landscape like the turn picture: their numbers, what they
    choose among now with their own prices (or the Great Library's drawn tokens), their
    leaders and conspiracies (with the options), their wonders and production."""
    viewer = view.get("viewer")
    if viewer is None:
        raise ValueError("hand() needs a seat's view, not the public one")
    seat = int(viewer)
    player = players(view)[seat]
    colour = seat_colour(seat)
    img = Image.new("RGB", (W, H), PAPER)
    d = ImageDraw.Draw(img)
    head = 76
    d.rectangle((0, 0, W, head), fill=tint(colour, 0.75))
    d.rectangle((0, head - 5, W, head), fill=colour)
    x = W - M - 4
    for value, piece in ((total_points(player), icons.laurel(42)),
                         (int(player.get("coins") or 0), icons.coin(40))):
        vw = text_line(d, (x, head / 2 - 2), str(value), 32, bold=True, anchor="rm")
        paste(img, piece, (x - vw - 6 - piece.width, head / 2 - 2 - piece.height / 2))
        x -= vw + 6 + piece.width + 24
    badge_line(img, (M + 4, head / 2 - 2), t("hand.title", locale, name=NAME_MARK), names, seat,
               28, max_width=x - M - 14, min_ratio=ES / 28)
    # left: what the viewer chooses among, and what only they hold
    main = (M, head + 12, W - M - SIDE_W - 12, H - M)
    parts.panel(img, main, 14, PANEL, colour, 3)
    sections = _hand_sections(view, seat)
    x0, y0, x1, y1 = main
    pad = 14
    if not sections:
        draw_text(d, (x0 + pad, y0 + pad, x1 - pad, y1 - pad),
                  t("turn.hand.wait", locale), 22, bold=True, fill=MUTED)
    # the tiles share the height by the rows each section needs
    rows = [max(1, -(-len(items) // grid_cols(len(items)))) for _, items in sections]
    free = y1 - y0 - pad - len(sections) * 42 - sum(rows) * 10
    th = min(HAND_TILE, free / max(1, sum(rows)))
    y = y0 + pad
    for (key, items), r in zip(sections, rows, strict=True):
        title = t(key, locale, n=len(items), leader=name_of(items[0][1], locale))
        text_line(d, (x0 + pad, y + 14), title, 22, bold=True, fill=shade(colour, 0.4),
                  max_width=x1 - x0 - 2 * pad)
        room = 34 + r * (th + 10)
        tiles(img, items, locale, (x0 + pad, y + 34, x1 - pad, y + room), HAND_TILE)
        y += room + 8
    _hand_side(img, view, player, locale, (W - M - SIDE_W, head + 12, W - M, H - M))
    return img


def _hand_side(img: Image.Image, view: Mapping[str, Any], player: Mapping[str, Any],
               locale: str, box: Box) -> None:
    """The viewer's wonders (built ones ticked) and production."""
    x0, y0, x1, y1 = box
    parts.panel(img, box, 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    pad = 12
    y = y0 + pad + 12
    text_line(d, (x0 + pad, y), t("wonders", locale), 22, bold=True)
    y += 30
    for w in player.get("wonders") or []:
        built = bool(w.get("built"))
        fill = parts.WONDER_LIT if built else parts.WONDER_DIM
        rounded(img, (x0 + pad, y, x1 - pad, y + 44), 8, fill, parts.WONDER_FRAME, 2)
        label = name_of(str(w.get("id")), locale)
        text_line(d, (x0 + pad + 10, y + 22), ("✓ " if built else "") + label, ES,
                  bold=True, fill=INK if built else MUTED, max_width=x1 - x0 - 2 * pad - 20)
        y += 50
    if not player.get("wonders"):
        text_line(d, (x0 + pad, y + 10), t("none", locale), ES, fill=MUTED)
        y += 30
    y += 8
    text_line(d, (x0 + pad, y + 12), t("turn.production", locale), 22, bold=True)
    y += 30
    production = player.get("production") or {}
    trade = player.get("trade") or {}
    step = (x1 - x0 - 2 * pad) / len(parts.RESOURCES)
    for k, res in enumerate(parts.RESOURCES):
        rx = x0 + pad + k * step
        n = int(production.get(res, 0))
        tile = icons.resource_tile(res, 36)
        paste(img, tile if n else parts.faded(tile, 0.35), (rx, y))
        d.text((rx + 18, y + 52), str(n), font=font(22, True), fill=INK if n else MUTED,
               anchor="mm")
        if trade.get(res) is not None and y + 90 < y1:
            with secondary():
                paste(img, icons.coin(24, int(trade[res])), (rx + 6, y + 68))
