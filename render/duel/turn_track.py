"""7 Wonders Duel's turn picture: the military track with the conflict pawn (ringed when it just
moved), the tokens still on the track, who leads, and an expansion's panel beside it (Agora's
Senate).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import GOLD, LINE, PANEL, badge, rounded, seat_colour, shade, text_width, tint
from render.duel import icons, parts
from render.duel.extension import enabled
from render.duel.icons import paste
from render.duel.turn_frame import ES, LAST, TRACK_H, TRACK_Y, M, W


def below_track(view: Mapping[str, Any]) -> int:
    """How far the panels beside the track reach below it (the side column starts lower)."""
    return max((ext.below_track(view) for ext in enabled(view) if ext.beside_track(view)),
               default=0)


def draw_track(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
               changed: Mapping[str, Any], below: int = 0) -> None:
    """The track, and the panels beside it reaching `below` it (0: as tall as the track)."""
    x0, y0, y1 = M, TRACK_Y, TRACK_Y + TRACK_H
    beside = [(ext, w) for ext in enabled(view) if (w := ext.beside_track(view))]
    x1 = W - M - sum(w + 12 for _, w in beside)
    parts.panel(img, (x0, y0, x1, y1), 12, PANEL, LINE, 2)
    mil = view.get("military") or {}
    pawn = int(mil.get("pawn") or 0)
    cap_w = 54
    tx0, tx1 = x0 + 10 + cap_w + 4, x1 - 10 - cap_w - 4
    sw = (tx1 - tx0) / 17
    ty, th = y0 + 10, TRACK_H - 20
    for pos in range(-8, 9):
        dist = abs(pos)
        fill = (250, 244, 226) if dist == 0 else (
            (244, 224, 214) if dist <= 2 else (236, 198, 184) if dist <= 5 else (224, 166, 150))
        left = tx0 + (pos + 8) * sw
        rounded(img, (left + 1, ty, left + sw - 1, ty + th), 5, fill, shade(fill, 0.25), 1)
    for seat, (cx0, cx1) in ((0, (x0 + 10, x0 + 10 + cap_w)), (1, (x1 - 10 - cap_w, x1 - 10))):
        colour = seat_colour(seat)
        rounded(img, (cx0, ty - 2, cx1, ty + th + 2), 8, tint(colour, 0.7), colour, 3)
        paste(img, icons.icon("castle", 30, shade(colour, 0.35)), ((cx0 + cx1) / 2 - 15,
                                                                 ty + th / 2 - 15))
    # looting / Agora tokens still on the track: small marks under the spaces
    for tok in mil.get("tokens") or []:
        if tok.get("taken"):
            continue
        a, b = sorted((int(tok.get("first", 0)), int(tok.get("last", 0))))
        left, right = tx0 + (max(a, -8) + 8) * sw + 6, tx0 + (min(b, 8) + 8) * sw + sw - 6
        rounded(img, (left, ty + th - 7, right, ty + th - 2), 2, shade(GOLD, 0.1))
    pos = max(-9, min(9, pawn))
    if abs(pos) == 9:
        cx = x0 + 10 + cap_w / 2 if pos < 0 else x1 - 10 - cap_w / 2
    else:
        cx = tx0 + (pos + 8) * sw + sw / 2
    moved = int(changed.get("pawn") or 0)
    if moved:
        disc_ring = th + 6
        rounded(img, (cx - disc_ring / 2, ty + th / 2 - disc_ring / 2, cx + disc_ring / 2,
                      ty + th / 2 + disc_ring / 2), int(disc_ring / 2), None, LAST, 4)
    paste(img, parts.pawn(th - 4), (cx - (th - 4) / 2, ty + 2))
    if pawn:
        leader = 0 if pawn > 0 else 1
        lead = f"{abs(pawn)}"
        text = "→ " + lead if leader == 0 else lead + " ←"
        bw = text_width(text, ES, True) + 2 * max(6, ES // 2)
        # beside the pawn, on the side it moves to; at a capital, inside the track
        right = leader == 0 if x0 + 4 <= cx - th / 2 - 6 - bw and \
            cx + th / 2 + 6 + bw <= x1 - 4 else cx < (x0 + x1) / 2
        side_x = cx + (th / 2 + 6) * (1 if right else -1)
        badge(img, (side_x, ty + th / 2), text, ES, seat_colour(leader),
              anchor="lm" if right else "rm")
    x = x1 + 12
    for ext, w in beside:  # Agora's Senate
        ext.draw_beside_track(img, view, names, locale,
                              (x, y0, x + w, y1 + min(below, ext.below_track(view))))
        x += w + 12
