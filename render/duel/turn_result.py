"""7 Wonders Duel's turn picture at the end: the winners, the kind of victory (or who resigned),
and each player's points by category (the base game's columns, then the expansions').
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Outcome
from render.common import (
    ALERT,
    GOLD,
    INK,
    MUTED,
    NAME_MARK,
    Box,
    badge_line,
    draw_text,
    font,
    name_badge,
    resigned_seat,
    rounded,
    seat_colour,
    seat_name,
    secondary,
    shade,
    star,
    text_line,
    text_width,
    tint,
)
from render.duel import parts
from render.duel.extension import numbered
from render.duel.icons import paste
from render.duel.parts import t
from render.duel.turn_frame import ES, players, winners_of

POINT_KEYS = ("blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military")


def point_keys(view: Mapping[str, Any]) -> tuple[str, ...]:
    """The score table's columns: the base game's, then the expansions' (the Senate's with
    Agora, the leaders' with Leaders)."""
    return POINT_KEYS + tuple(key for e in numbered(view) for key in e.point_keys)


def draw_result(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                outcome: Outcome | None, box: Box) -> None:
    x0, y0, x1, y1 = box
    parts.panel(img, box, 14, tint(GOLD, 0.86), shade(GOLD, 0.1), 4)
    d = ImageDraw.Draw(img)
    winners = winners_of(view, outcome)
    gone = resigned_seat(outcome)
    y = y0 + 36
    x = x0 + 20
    paste(img, star(40), (x, y - 20))
    x += 50
    # the reason (or who resigned) keeps its room: the winner's name gives way to it
    resigned_by = t("turn.resigned_by", locale, name=NAME_MARK)
    reason = t(f"reason.{(view.get('outcome') or {}).get('reason') or 'civilian'}", locale)
    if gone is not None:
        tail = badge_line(None, (x, y), resigned_by, names, gone, 24, max_width=x1 - x - 20,
                          min_ratio=ES / 24)
    else:
        tail = text_width(reason, 26, True)
    tail = min(tail, (x1 - x - 20) / 2)
    if len(winners) == 1:
        w = badge_line(img, (x, y), t("result.winner", locale, name=NAME_MARK), names,
                       winners[0], 32, max_width=x1 - x - 38 - tail)
    else:
        w = text_line(d, (x, y), t("result.shared", locale), 32, bold=True)
    x += w + 18
    if gone is not None:
        badge_line(img, (x, y), resigned_by, names, gone, 24, fill=ALERT, max_width=x1 - x - 20,
                   min_ratio=ES / 24)
    else:
        text_line(d, (x, y), reason, 26, bold=True, fill=shade(GOLD, 0.5),
                  max_width=x1 - x - 20)
    # the score table: each category, the totals
    out = view.get("outcome") or {}
    points = list(out.get("points") or [])
    if not points:  # a resignation: the standing when the game stopped
        points = [p.get("points") or {} for p in players(view)]
    keys = (*point_keys(view), "total")
    top = y0 + 80
    # the names' column: wide enough for a bot's name ("Thémistocle (difficile)"), the
    # columns of numbers keeping at least 62 px each; a longer name is cut
    widest = max(text_width(seat_name(names, s), 18, True) for s in range(2)) + 28
    name_w = max(210, min(widest, x1 - x0 - 40 - 62 * len(keys)))
    col_w = (x1 - x0 - 40 - name_w) / len(keys)
    if gone is not None:
        with secondary():
            draw_text(d, (x0 + 20, top, x0 + 10 + name_w, top + 56), t("turn.standing", locale),
                      15, fill=MUTED, align="left", min_size=11, max_lines=3)
    for k, key in enumerate(keys):
        cx = x0 + 20 + name_w + col_w * (k + 0.5)
        parts.category_icon(img, key, (cx, top + 18), 32)
        word = t(f"points.{key}", locale)
        size = 14
        while size > 10 and text_width(word, size, True) > col_w - 2:
            size -= 1
        with secondary():
            text_line(d, (cx, top + 46), word, size, bold=True, fill=MUTED, anchor="mm",
                      max_width=col_w - 2)
    row_h = 60
    for s in range(2):
        ry = top + 64 + s * (row_h + 8)
        mid = ry + row_h / 2
        if s in winners:
            rounded(img, (x0 + 10, ry, x1 - 10, ry + row_h), 10, tint(GOLD, 0.6))
        name_badge(img, (x0 + 20, mid), seat_name(names, s), 26, seat_colour(s), name_w - 12,
                   min_size=ES)
        pts = points[s] if s < len(points) and isinstance(points[s], Mapping) else {}
        for k, key in enumerate(keys):
            cx = x0 + 20 + name_w + col_w * (k + 0.5)
            value = pts.get(key)
            big = key == "total"
            d.text((cx, mid), "–" if value is None else str(value),
                   font=font(32 if big else 24, True), fill=INK if big or value else MUTED,
                   anchor="mm")
