"""7 Wonders Duel's board: the military track: 17 spaces between the two capitals, the zones'
end-game points above, the looting tokens below (dashed once taken), the pawn, each side's
shields, and who leads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    GOLD,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    Box,
    rounded,
    seat_colour,
    seat_name,
    shade,
    text_line,
    text_width,
    tint,
)
from render.duel import icons, parts
from render.duel.board_badges import name_badge, rich
from render.duel.extension import enabled, first_answer
from render.duel.icons import paste
from render.duel.parts import t


def draw_military(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                  box: Box) -> None:
    """The conflict track: 17 spaces between the two capitals, the zones' end-game points above,
    the looting tokens below (dashed once taken), the pawn, each side's shields, who leads."""
    x0, y0, x1, y1 = box
    parts.panel(img, box, 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    mil = view.get("military") or {}
    pawn = int(mil.get("pawn") or 0)
    shields = list(mil.get("shields") or [])
    cap_w = 124
    track_x0, track_x1 = x0 + 14 + cap_w + 6, x1 - 14 - cap_w - 6
    sw = (track_x1 - track_x0) / 17
    ty = y0 + 58  # top of the spaces
    th = 52

    def sx(pos: int) -> float:
        """Left x of the space at signed position pos (-8..8)."""
        return track_x0 + (pos + 8) * sw

    # zone points above the track
    for first, last, pts in ((1, 2, 2), (3, 5, 5), (6, 8, 10)):
        for sign in (-1, 1):
            a, b = sorted((sign * first, sign * last))
            left, right = sx(a) + 4, sx(b) + sw - 4
            d.line((left, ty - 7, right, ty - 7), fill=LINE, width=2)
            paste(img, icons.laurel(42, pts), ((left + right) / 2 - 21, ty - 52))
    # the spaces
    for pos in range(-8, 9):
        dist = abs(pos)
        fill = (250, 244, 226) if dist == 0 else (
            (244, 224, 214) if dist <= 2 else (236, 198, 184) if dist <= 5 else (224, 166, 150))
        left = sx(pos)
        rounded(img, (left + 2, ty, left + sw - 2, ty + th), 6, fill, shade(fill, 0.25), 2)
    # the capitals: the seat's name above, its shields below
    for seat, (cx0, cx1) in ((0, (x0 + 14, x0 + 14 + cap_w)), (1, (x1 - 14 - cap_w, x1 - 14))):
        colour = seat_colour(seat)
        rounded(img, (cx0, ty - 4, cx1, ty + th + 4), 10, tint(colour, 0.75), colour, 3)
        paste(img, icons.icon("castle", 44, shade(colour, 0.35)), ((cx0 + cx1) / 2 - 22,
                                                                 ty + th / 2 - 22))
        name = seat_name(names, seat)
        nw = min(cap_w + 60, text_width(name, 18, True) + 18)
        nx = cx0 if seat == 0 else cx1 - nw
        name_badge(img, (nx, y0 + 26), names, seat, 18, nw)
        sh = str(shields[seat] if seat < len(shields) else 0)
        word = t("stat.shields", locale, n=int(sh))
        sy = ty + th + 26
        piece = icons.shield(28)
        total = piece.width + 12 + text_width(sh, 20, True) + text_width(word, 15)
        sx0 = cx0 if seat == 0 else cx1 - total
        paste(img, piece, (sx0, sy - 14))
        w = text_line(d, (sx0 + piece.width + 6, sy), sh, 20, bold=True)
        text_line(d, (sx0 + piece.width + 12 + w, sy + 1), word, 15, fill=MUTED,
                  max_width=cap_w + 30 - piece.width - w - 12)
    # looting tokens under the track
    for i, tok in enumerate(mil.get("tokens") or []):
        a, b = sorted((int(tok.get("first", 0)), int(tok.get("last", 0))))
        a, b = max(a, -8), min(b, 8)
        left, right = sx(a) + 10, sx(b) + sw - 10
        tb = (left, ty + th + 12, right, ty + th + 40)
        loot = int(tok.get("loot", 0))
        if tok.get("taken"):
            _dashed(img, tb, LINE)
        else:
            rounded(img, tb, 13, (252, 240, 206), shade(GOLD, 0.2), 2)
            piece = first_answer(e.military_token(view, i, 26) for e in enabled(view))
            if piece is None:  # the looting (Agora's tokens loot nothing)
                piece = parts.loss_coin(26, loot)
            paste(img, piece, ((left + right) / 2 - 13, ty + th + 13))
    # the pawn
    pos = max(-9, min(9, pawn))
    if abs(pos) == 9:
        cx = x0 + 14 + cap_w / 2 if pos < 0 else x1 - 14 - cap_w / 2
    else:
        cx = sx(pos) + sw / 2
    _pawn(img, (cx, ty + th / 2))
    # who leads
    ly = y1 - 18
    if pawn:
        leader = 0 if pawn > 0 else 1
        dist = abs(pawn)
        pts = 2 if dist <= 2 else 5 if dist <= 5 else 10
        key = "military.leads" if dist < 9 else "military.supremacy"
        w = rich(None, (0, 0), key, locale, names, leader, 17, bold=False,
                  max_width=track_x1 - track_x0, n=dist, points=pts)
        rich(img, ((x0 + x1) / 2 - w / 2, ly), key, locale, names, leader, 17, bold=False,
              fill=INK, max_width=track_x1 - track_x0, n=dist, points=pts)
    else:
        text_line(d, ((x0 + x1) / 2, ly), t("military.balanced", locale), 17, fill=MUTED,
                  anchor="mm")


def _pawn(img: Image.Image, centre: tuple[float, float]) -> None:
    piece = parts.pawn(50)
    paste(img, piece, (centre[0] - 25, centre[1] - 25))


def _dashed(img: Image.Image, box: Box, colour: RGB) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = (int(v) for v in box)
    dash, gap = 8, 6
    for x in range(x0, x1, dash + gap):
        d.line((x, y0, min(x + dash, x1), y0), fill=colour, width=2)
        d.line((x, y1, min(x + dash, x1), y1), fill=colour, width=2)
    for y in range(y0, y1, dash + gap):
        d.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=2)
        d.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=2)
