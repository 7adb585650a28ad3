"""7 Wonders Duel's turn picture: the last move's strip at the bottom: the sentence's pieces laid
out in one or two lines (22 px down to the essential size, never cut), the mover's name as a
badge and the components as pills in their colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    LINE,
    MUTED,
    PANEL,
    Box,
    badge,
    seat_colour,
    seat_name,
    shade,
    text_line,
    text_width,
    tint,
)
from render.duel import parts
from render.duel.parts import name_of, t
from render.duel.sentence import Piece, sentence_pieces, thing_colour
from render.duel.turn_frame import ES, LAST, LAST_H, M, W


def _piece_text(piece: Piece, names: Sequence[str], locale: str) -> str:
    kind, value, _ = piece
    if kind == "name":
        return seat_name(names, value)
    if kind == "pill":
        return name_of(str(value), locale)
    return str(value)


def _piece_w(piece: Piece, names: Sequence[str], locale: str, size: int) -> float:
    w = text_width(_piece_text(piece, names, locale), size, True)
    return w + (2 * max(6, size // 2) if piece[0] != "word" else 0)


LAST_SIZE = 22


def _flow(pieces: list[Piece], names: Sequence[str], locale: str, first_w: float,
          next_w: float, size: int) -> list[list[Piece]]:
    """Greedy lines of the pieces: the first line `first_w` wide, the others `next_w`."""
    gap = size * 0.3
    lines: list[list[Piece]] = [[]]
    used = 0.0
    for piece in pieces:
        pw = _piece_w(piece, names, locale, size)
        room = first_w if len(lines) == 1 else next_w
        tight = piece[0] == "word" and str(piece[1])[:1] in ",.:;)"
        need = pw + (0 if not lines[-1] or tight else gap)
        if lines[-1] and used + need > room:
            lines.append([piece])
            used = pw
        else:
            lines[-1].append(piece)
            used += need
    return lines


def last_layout(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                changed: Mapping[str, Any]) -> tuple[list[list[Piece]], int, float] | None:
    """The last move's lines, their size (22 px down to 18, never cut) and the first line's
    left offset after the 'Last move' badge."""
    if not changed:
        return None
    pieces = sentence_pieces(view, names, locale)
    if not pieces:
        return None
    bw = text_width(t("turn.last", locale), 20, True) + 2 * 10 + 10 + 10
    first_w = W - 2 * M - bw - 14
    next_w = W - 2 * M - 28
    for size in range(LAST_SIZE, ES - 1, -1):
        lines = _flow(pieces, names, locale, first_w, next_w, size)
        if len(lines) == 1:
            return lines, size, bw
    for size in range(LAST_SIZE, ES - 1, -1):
        lines = _flow(pieces, names, locale, first_w, next_w, size)
        if len(lines) <= 2 or size == ES:
            return lines, size, bw
    return None  # not reached


def began(view: Mapping[str, Any]) -> bool:
    """Whether anyone has moved: a wonder picked, a card taken from the structure."""
    draft = view.get("draft") or {}
    return (any(p.get("wonders") for p in view.get("players") or [])
            or any(s.get("taken") for s in view.get("structure") or [])
            or int(draft.get("round") or 1) > 1 or len(draft.get("offer") or [0] * 4) < 4)


def last_height(layout: tuple[list[list[Piece]], int, float] | None) -> int:
    if layout is None or len(layout[0]) == 1:
        return LAST_H
    lines, size, _ = layout
    return int(len(lines) * (size * 1.55 + 4) + 14)


def draw_last(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
              layout: tuple[list[list[Piece]], int, float] | None, box: Box) -> None:
    x0, y0, x1, y1 = box
    if layout is None:
        d = ImageDraw.Draw(img)
        parts.panel(img, box, 12, PANEL, LINE, 2)
        # no public last move: the start, or a choice made face down (Leaders' recruitment)
        key = "turn.secret_last" if began(view) else "turn.no_last"
        text_line(d, (x0 + 14, (y0 + y1) / 2), t(key, locale), 20, fill=MUTED,
                  max_width=x1 - x0 - 28)
        return
    lines, size, bw = layout
    parts.panel(img, box, 12, tint(LAST, 0.9), LAST, 3)
    d = ImageDraw.Draw(img)
    line_h = size * 1.55 + 4
    top = (y0 + y1) / 2 - line_h * len(lines) / 2
    badge(img, (x0 + 10, top + line_h / 2), t("turn.last", locale), 20, LAST)
    gap = size * 0.3
    for k, line in enumerate(lines):
        y = top + line_h * (k + 0.5)
        x = x0 + bw if k == 0 else x0 + 14
        for j, piece in enumerate(line):
            kind, value, _ = piece
            tight = kind == "word" and str(value)[:1] in ",.:;)"
            if j and not tight:
                x += gap
            if kind == "name":
                box_ = badge(img, (x, y), seat_name(names, value), size,
                             seat_colour(value) if value is not None else MUTED)
                x = box_[2]
            elif kind == "pill":
                colour = thing_colour(str(value))
                box_ = badge(img, (x, y), name_of(str(value), locale), size, tint(colour, 0.7),
                             ink=shade(colour, 0.6))
                x = box_[2]
            else:
                x += text_line(d, (x, y), str(value), size, bold=True)
