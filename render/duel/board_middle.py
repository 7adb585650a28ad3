"""7 Wonders Duel's board: the middle: the age's structure (faces, backs, taken spaces, what each
player would pay for an accessible card) or the wonder draft, beside a column of the progress
tokens on the board and the discard pile; one band of both between ages; the whole discard pile
when the Mausoleum picks from it.
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
    Box,
    badge,
    draw_text,
    font,
    rounded,
    seat_colour,
    shade,
    text_line,
    tint,
)
from render.duel import icons, parts
from render.duel.board_badges import name_badge, rich
from render.duel.extension import enabled, first_answer, registered
from render.duel.icons import paste
from render.duel.parts import component, t
from render.duel.turn_frame import is_over

# the structure
CARD = (140, 180)
ROW_STEP = 112  # vertical distance between rows: a covering card hides the bottom 40 %
SIDE_W = 240  # the column beside the structure: progress tokens, discard pile


def draw_middle(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str], locale: str,
                box: Box) -> int:
    """The structure (or the draft) with the side column; a single band of progress tokens and
    discard pile when the structure is empty; and the whole discard pile when the Mausoleum
    picks from it."""
    x0, y0, x1, _ = box
    drafting = bool(view.get("draft")) or view.get("phase") == "draft"
    has_cards = any(not s.get("taken") for s in view.get("structure") or [])
    if not drafting and not has_cards:
        height = _band(img, view, locale, box)
    else:
        left_w = x1 - x0 - SIDE_W - 14
        if drafting:
            main_h = _draft(img, view, names, locale, (x0, y0, x0 + left_w, y0))
        else:
            main_h = _structure(img, view, names, locale, (x0, y0, x0 + left_w, y0))
        side_h = _side(img, view, names, locale, (x0 + left_w + 14, y0, x1, y0))
        height = max(main_h, side_h)
    if view.get("phase") == "mausoleum" and view.get("discard"):
        y = y0 + height + 14
        height += 14 + _discard_box(img, view, locale, (x0, y, x1, y))
    return height


def _band(img: Image.Image | None, view: Mapping[str, Any], locale: str, box: Box) -> int:
    """The progress tokens left on the board and the discard pile, in one row (between ages,
    at the end of the game)."""
    x0, y0, x1, _ = box
    pad = 14
    height = pad + 24 + 64 + pad + 24
    if img is None:
        return height
    parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    right_w = 300
    text_line(d, (x0 + pad, y0 + pad + 10), t("progress.board", locale), 18, bold=True)
    tokens = list(view.get("progress_board") or [])
    col_w = (x1 - x0 - 2 * pad - right_w) / max(5, len(tokens))
    ty = y0 + pad + 30
    for k, tok in enumerate(tokens):
        tx = x0 + pad + k * col_w
        if tok:
            parts.token_row(img, str(tok), tx, ty, 54, col_w - 8, locale, 15)
        else:
            paste(img, parts.empty_token(54), (tx, ty))
    dx = x1 - pad - right_w + 20
    d.line((dx - 12, y0 + pad, dx - 12, y0 + height - pad), fill=LINE, width=2)
    _discard_summary(img, view, locale, (dx, y0 + pad, x1 - pad, y0 + height - pad))
    return height


def _discard_summary(img: Image.Image, view: Mapping[str, Any], locale: str, box: Box) -> None:
    """The discard pile's size and its top card, and the cards out of the game."""
    x0, y0, x1, _ = box
    d = ImageDraw.Draw(img)
    discard = list(view.get("discard") or [])
    y = y0 + 10
    text_line(d, (x0, y), t("discard", locale), 18, bold=True, max_width=x1 - x0 - 50)
    badge(img, (x1, y), str(len(discard)), 18, INK, anchor="rm")
    y += 24
    if discard:
        text_line(d, (x0, y + 8), t("discard.top", locale), 15, fill=MUTED, max_width=x1 - x0)
        y += 20
        paste(img, parts.card_pill(str(discard[-1]), 30, int(x1 - x0), locale), (x0, y))
        y += 36
    else:
        text_line(d, (x0, y + 8), t("discard.empty", locale), 15, fill=MUTED, max_width=x1 - x0)
        y += 22
    removed = view.get("removed")
    if isinstance(removed, int):
        text_line(d, (x0, y + 10), t("removed", locale, n=removed), 14, fill=MUTED,
                  max_width=x1 - x0)


def _discard_box(img: Image.Image | None, view: Mapping[str, Any], locale: str,
                 box: Box) -> int:
    """Every discarded card, newest first (the Mausoleum builds one of them for free)."""
    x0, y0, x1, _ = box
    pad = 14
    pill_h = 32
    cards = list(dict.fromkeys(reversed(list(view.get("discard") or []))))
    pills = [parts.card_pill(str(c), pill_h, 260, locale) for c in cards]
    lines: list[list[Image.Image]] = [[]]
    used = 0.0
    for pill in pills:
        if lines[-1] and used + pill.width > x1 - x0 - 2 * pad:
            lines.append([])
            used = 0.0
        lines[-1].append(pill)
        used += pill.width + 8
    height = pad + 30 + len(lines) * (pill_h + 8) + pad - 4
    if img is None:
        return height
    parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, GOLD, 3)
    d = ImageDraw.Draw(img)
    text_line(d, (x0 + pad, y0 + pad + 10), t("discard.mausoleum", locale, n=len(cards)), 18,
              bold=True, max_width=x1 - x0 - 2 * pad)
    y = y0 + pad + 30
    for line in lines:
        x = x0 + pad
        for pill in line:
            paste(img, pill, (x, y))
            x += pill.width + 8
        y += pill_h + 8
    return height


def _structure(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
               locale: str, box: Box) -> int:
    """The age's cards in their rows: face-up cards with their faces, face-down ones as backs of
    their age (guilds distinct when the view says so), taken spaces empty, accessible cards
    ringed in gold with what each player would pay."""
    x0, y0, x1, _ = box
    slots = list(view.get("structure") or [])
    # down to the last row that still holds a card: taken rows leave no empty band
    rows = max((int(s.get("row", 1)) for s in slots if not s.get("taken")), default=0)
    cw, ch, row_step = first_answer(e.card_size(view, CARD, ROW_STEP) for e in enabled(view)) or \
        (*CARD, ROW_STEP)  # Agora's rows have 7 cards
    legend_h = 46
    pad = 14
    body_h = (rows - 1) * row_step + ch + 12 if rows else 90
    height = pad + legend_h + body_h + pad
    if img is None:
        return height
    parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    # the legend: the prices shown under accessible cards, seat 0 left and seat 1 right
    ly = y0 + pad + 16
    age = int(view.get("age") or 0)
    title = t("structure", locale, roman={1: "I", 2: "II", 3: "III"}.get(age, str(age)))
    tw = text_line(d, (x0 + pad, ly), title, 22, bold=True, fill=INK)
    legend_x = x0 + pad + tw + 24
    lw = text_line(d, (legend_x, ly), t("legend.prices", locale), 16, fill=MUTED,
                   max_width=x1 - legend_x - 260)
    bx = legend_x + lw + 10
    b0 = name_badge(img, (bx, ly), names, 0, 16, 120)
    name_badge(img, (b0[2] + 8, ly), names, 1, 16, 120)
    if not rows:
        draw_text(d, (x0 + pad, y0 + pad + legend_h, x1 - pad, y0 + height - pad),
                  t("structure.empty", locale), 22, bold=True, fill=MUTED)
        return height
    cols = [int(s.get("col", 1)) for s in slots]
    cmin, cmax = min(cols), max(cols)
    unit = (cw + 10) / 2
    span = (cmax - cmin) * unit + cw
    left = x0 + (x1 - x0 - span) / 2
    top = y0 + pad + legend_h + 4
    for slot in sorted(slots, key=lambda s: (int(s.get("row", 1)), int(s.get("col", 1)))):
        if slot.get("taken"):
            continue
        cx = left + (int(slot.get("col", 1)) - cmin) * unit
        cy = top + (int(slot.get("row", 1)) - 1) * row_step
        card = slot.get("card")
        open_ = bool(slot.get("accessible")) and not is_over(view)
        if open_:
            paste(img, parts.accessible_glow(cw, ch), (cx - 5, cy - 5))
        theirs = first_answer(e.slot_face(slot, cw, ch, locale) for e in registered())
        if theirs is not None:  # an expansion's card (Agora: a senator's face or its back)
            paste(img, theirs, (cx, cy))
        elif slot.get("face_up") and card:
            paste(img, parts.card_face(str(card), cw, ch, locale), (cx, cy))
        else:
            guild = bool(slot.get("guild")) or slot.get("back") == "guild"
            paste(img, parts.card_back(int(slot.get("age") or age or 1), guild, cw, ch),
                  (cx, cy))
        if open_:
            _prices(img, slot, (cx, cy, cx + cw, cy + ch))
    return height


def _prices(img: Image.Image, slot: Mapping[str, Any], box: Box) -> None:
    """What each seat would pay for an accessible card, seat 0 on the left, seat 1 on the
    right: coins, 'free' by its chain (the chain symbol), or a dash."""
    x0, y0, x1, y1 = box
    top = y0 + parts.price_top(y1 - y0)
    price = list(slot.get("price") or [None, None])
    chain = list(slot.get("chain") or [False, False])
    comp = component(str(slot.get("card") or ""))
    pw = (x1 - x0 - 18) / 2
    ph = min(36, y1 - top - 8)
    py = top + (y1 - 6 - top - ph) / 2
    for s in range(2):
        px = x0 + 6 + s * (pw + 6)
        colour = seat_colour(s)
        rounded(img, (px, py, px + pw, py + ph), int(ph // 2), tint(colour, 0.7), colour, 2)
        value = price[s] if s < len(price) else None
        free_chain = bool(chain[s]) if s < len(chain) else False
        isz = int(ph - 8)
        if free_chain and comp.get("chain_from"):
            ic = icons.icon(comp["chain_from"], isz, shade(colour, 0.5))
            paste(img, ic, (px + (pw - isz) / 2, py + 4))
        elif value is None:
            ImageDraw.Draw(img).text((px + pw / 2, py + ph / 2), "–", font=font(20, True),
                                     fill=MUTED, anchor="mm")
        else:
            c = icons.coin(isz, int(value))
            paste(img, c, (px + (pw - isz) / 2, py + 4))


def _draft(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
           locale: str, box: Box) -> int:
    """The wonder draft: the offered wonders, big, and who picks."""
    x0, y0, x1, _ = box
    draft = view.get("draft") or {}
    offer = list(draft.get("offer") or [])
    pad = 16
    tw_, th_ = (x1 - x0 - 2 * pad - 14) // 2, 150
    rows = max(1, -(-len(offer) // 2))
    height = pad + 50 + rows * (th_ + 12) + 40 + pad
    if img is None:
        return height
    picker = draft.get("picker", view.get("active"))
    accent = seat_colour(picker) if picker is not None else GOLD
    parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, accent, 3)
    d = ImageDraw.Draw(img)
    rnd = int(draft.get("round") or 1)
    y = y0 + pad + 16
    w = text_line(d, (x0 + pad, y), t("draft.round", locale, n=rnd), 24, bold=True)
    if picker is not None:
        rich(img, (x0 + pad + w + 18, y), "draft.picks", locale, names, picker, 22,
              max_width=x1 - x0 - 2 * pad - w - 18)
    y = y0 + pad + 50
    for k, wid in enumerate(offer):
        r, c = divmod(k, 2)
        tx = x0 + pad + c * (tw_ + 14)
        ty = y + r * (th_ + 12)
        paste(img, parts.wonder_tile(str(wid), tw_, th_, "offer", locale), (tx, ty))
    if not offer:
        draw_text(d, (x0 + pad, y, x1 - pad, y + th_), t("draft.none", locale), 22,
                  fill=MUTED)
    y = y0 + height - pad - 16
    text_line(d, (x0 + pad, y), t("draft.order", locale), 16, fill=MUTED,
              max_width=x1 - x0 - 2 * pad)
    return height


def _side(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
          locale: str, box: Box) -> int:
    """The progress tokens on the board (ringed in gold when one must be chosen) and the
    discard pile."""
    x0, y0, x1, _ = box
    pad = 12
    tokens = list(view.get("progress_board") or [])
    td = 54
    height = pad + 34 + len(tokens) * (td + 10) + 14 + 150 + pad
    if img is None:
        return height
    parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    y = y0 + pad + 12
    text_line(d, (x0 + pad, y), t("progress.board", locale), 18, bold=True,
              max_width=x1 - x0 - 2 * pad)
    y += 22
    choosing = view.get("phase") == "progress"
    for tok in tokens:
        if tok:
            parts.token_row(img, str(tok), x0 + pad + 4, y, td, x1 - pad - (x0 + pad + 4),
                            locale, 15, ring=GOLD if choosing else None)
        else:
            paste(img, parts.empty_token(td), (x0 + pad + 4, y))
        y += td + 10
    y += 4
    d.line((x0 + pad, y, x1 - pad, y), fill=LINE, width=2)
    _discard_summary(img, view, locale, (x0 + pad, y + 10, x1 - pad, y0 + height - pad))
    return height
