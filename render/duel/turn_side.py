"""7 Wonders Duel's turn picture: the column beside the choices: the age's structure drawn as a
schematic (the card just taken outlined in the last move's colour) and the progress tokens on
the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    GOLD,
    LINE,
    MUTED,
    PANEL,
    Box,
    draw_text,
    mix,
    rounded,
    secondary,
    shade,
    text_line,
    tint,
)
from render.duel import icons, parts
from render.duel.extension import first_answer, registered
from render.duel.icons import paste
from render.duel.parts import card_colour, component, name_of, t
from render.duel.sentence import thing_colour
from render.duel.turn_drafted import drafted_height, draw_drafted
from render.duel.turn_frame import LAST, ROMAN


def draw_side(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
              box: Box, changed: Mapping[str, Any]) -> None:
    x0, y0, x1, y1 = box
    parts.panel(img, box, 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    pad = 12
    slots = list(view.get("structure") or [])
    left = [s for s in slots if not s.get("taken")]
    age = int(view.get("age") or 0)
    tok_h = 64
    if slots and age:
        title = t("structure", locale, roman=ROMAN.get(age, str(age)))
        tw = text_line(d, (x0 + pad, y0 + pad + 12), title, 22, bold=True)
        with secondary():
            text_line(d, (x0 + pad + tw + 10, y0 + pad + 13),
                      t("turn.left", locale, n=len(left)), 15, fill=MUTED,
                      max_width=x1 - x0 - 2 * pad - tw - 10)
        _schematic(img, view, (x0 + pad, y0 + pad + 32, x1 - pad, y1 - pad - tok_h),
                   changed.get("slot"), changed.get("card"))
    elif view.get("draft"):  # the wonder draft: what each player has taken
        if drafted_height(view, locale, x1 - x0 - 2 * pad) > y1 - y0 - 2 * pad - tok_h:
            tok_h = 0  # (beside Agora's Senate) the tokens give way; the board shows them
        draw_drafted(img, view, names, locale, (x0 + pad, y0 + pad, x1 - pad, y1 - pad - tok_h))
    else:
        draw_text(d, (x0 + pad, y0 + pad, x1 - pad, y1 - pad - tok_h),
                  t("turn.no_structure", locale), 20, bold=True, fill=MUTED)
    # the progress tokens on the board
    tokens = list(view.get("progress_board") or []) if tok_h else []
    ty = y1 - pad - tok_h + 8
    dd = 48
    step = (x1 - x0 - 2 * pad) / max(5, len(tokens))
    for k, tok in enumerate(tokens):
        tx = x0 + pad + k * step + (step - dd) / 2
        if tok:
            paste(img, icons.token_disc(str(tok), dd), (tx, ty))
        else:
            paste(img, parts.empty_token(dd), (tx, ty))
    taken = changed.get("tokens") or []
    if taken and tokens:
        with secondary():
            text_line(d, (x1 - pad, ty - 8), ", ".join(name_of(x, locale) for x in taken), 14,
                      fill=LAST, anchor="rm", max_width=x1 - x0 - 2 * pad)


def _schematic(img: Image.Image, view: Mapping[str, Any], box: Box, last: int | None,
               taken_card: str | None = None) -> None:
    """The structure as small shapes: face-up cards in their colour, face-down ones as their
    back, accessible ones ringed in gold, the card just taken still drawn in its colour in its
    space, ringed thick in the last move's colour (the colour of the last move's strip)."""
    x0, y0, x1, y1 = box
    slots = list(view.get("structure") or [])
    if not slots:
        return
    rows = max(int(s.get("row", 1)) for s in slots)
    cols = [int(s.get("col", 1)) for s in slots]
    cmin, cmax = min(cols), max(cols)
    units = cmax - cmin + 2
    unit = min((x1 - x0) / units, 26.0)
    cw = 2 * unit - 4
    step = min((y1 - y0) / (rows + 0.4), cw * 0.9)
    ch = step * 1.35
    if (rows - 1) * step + ch > y1 - y0:
        ch = y1 - y0 - (rows - 1) * step
    span = units * unit
    left = x0 + (x1 - x0 - span) / 2
    just: tuple[float, float, float, float] | None = None
    for slot in sorted(slots, key=lambda s: (int(s.get("row", 1)), int(s.get("col", 1)))):
        cx = left + (int(slot.get("col", 1)) - cmin) * unit + 2
        cy = y0 + (int(slot.get("row", 1)) - 1) * step
        bx = (cx, cy, cx + cw, cy + ch)
        if slot.get("taken"):
            if last is not None and int(slot.get("index", -1)) == last:
                just = bx
            else:
                rounded(img, bx, 5, None, tint(LINE, 0.3), 1)
            continue
        card = slot.get("card")
        theirs = first_answer(e.slot_fill(slot) for e in registered())  # Agora's senators
        if theirs is not None:
            fill = theirs
        elif slot.get("face_up") and card:
            fill = card_colour(component(str(card)).get("colour"))
        else:
            back = slot.get("back") or ""
            fill = parts.GUILD_BACK if back == "guild" else parts.AGE_BACKS.get(
                int(slot.get("age") or 1), MUTED)
            fill = mix(fill, (255, 255, 255), 0.35)
        if slot.get("accessible"):
            rounded(img, (cx - 3, cy - 3, cx + cw + 3, cy + ch + 3), 7, GOLD)
        rounded(img, bx, 5, fill, shade(fill, 0.3), 1)
    if just is not None:  # on top of its neighbours
        a, b, c, e = just
        rounded(img, (a - 5, b - 5, c + 5, e + 5), 9, LAST)
        taken = (tint(thing_colour(taken_card), 0.2) if taken_card
                 else tint(LAST, 0.75))
        rounded(img, just, 5, taken, (255, 255, 255), 2)
