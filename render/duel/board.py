"""7 Wonders Duel: the public board, drawn from the engine's views (engine/duel/VIEW.md).

board() reads only the public keys of the view, never view["private"] (the Great Library's
drawn tokens) nor view["viewer"], so a seat's board and the spectator's are the same picture
(tests/render/test_duel.py checks it on real games). The turn post's picture and the viewer's
own picture are drawn for the inline preview in render/duel/turn.py and render/duel/hand.py.

Words come from our keys `duel.render.*` (data/duel/i18n/render.<locale>.json) and from the
engine's: component names `duel.tok.<id>`, the prompt's Msg, action texts
(engine.i18n.action_label). Card faces, backs, wonders and icons are cached layers
(render/duel/parts.py, render/duel/icons.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg, Outcome
from engine.i18n import action_label, translate
from render.common import (
    ALERT,
    GOLD,
    GOOD,
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    PANEL,
    PAPER,
    RGB,
    Box,
    badge,
    badge_line,
    disc,
    draw_text,
    fit_lines,
    font,
    header_band,
    ink_on,
    mix,
    resigned_seat,
    rounded,
    seat_colour,
    seat_name,
    shade,
    star,
    text_line,
    text_width,
    tint,
)
from render.duel import icons, parts
from render.duel.choices import phase_text
from render.duel.extension import enabled, first_answer, registered, simultaneous
from render.duel.icons import paste
from render.duel.parts import COLOURS, GAME, RESOURCES, card_colour, component, t
from render.duel.turn_result import point_keys

__all__ = ["W", "board", "clear_caches"]

W = 1200  # board width
M = 20  # outer margin
HEADER: RGB = (32, 46, 78)  # deep blue
HEADER_INK: RGB = (246, 226, 178)

# the structure
CARD = (140, 180)
ROW_STEP = 112  # vertical distance between rows: a covering card hides the bottom 40 %
SIDE_W = 240  # the column beside the structure: progress tokens, discard pile

SCIENCE = ("globe", "law", "sundial", "mortar", "plumb", "quill", "wheel")


def _over(view: Mapping[str, Any]) -> bool:
    return view.get("phase") == "over" or bool(view.get("outcome"))


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    players = list(view.get("players") or [])
    while len(players) < 2:
        players.append({"seat": len(players)})
    return players[:2]


def _prompt_text(view: Mapping[str, Any], locale: str, names: Sequence[str]) -> str:
    """What the active seat is asked, from the engine's Msg (VIEW.md `prompt`)."""
    prompt = view.get("prompt")
    if not isinstance(prompt, Mapping):
        return ""
    key = prompt.get("k", prompt.get("key"))
    if not key:
        return ""
    try:
        msg = Msg.from_json({"k": key, "p": prompt.get("p", prompt.get("params", {})) or {}})
        return translate(msg, locale, names)
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


# --- the board ------------------------------------------------------------------------------------


def board(view: Mapping[str, Any], names: Sequence[str], locale: str,
          outcome: Outcome | None = None) -> Image.Image:
    """The public board: header, the status (who is asked what, the last move) or the final
    result, the military track, the age's structure (or the wonder draft) with the progress
    tokens and the discard pile beside it, and both cities."""
    if outcome is not None and not view.get("outcome"):  # a resignation, a clock run out
        view = {**view, "outcome": _platform_outcome(view, outcome), "active": None}
    status_h = _status(None, view, names, locale, (M, 0, W - M, 0))
    mil_h = 196
    middle_h = _middle(None, view, names, locale, (M, 0, W - M, 0))
    panel_w = W - 2 * M
    panel_hs = [_city(None, view, names, locale, s, (M, 0, M + panel_w, 0)) for s in range(2)]
    header_h = 64
    total = header_h + M + status_h + 14 + mil_h + 14 + middle_h + 14 + panel_hs[0] + 10 \
        + panel_hs[1] + M
    img = Image.new("RGB", (W, total), PAPER)
    _header(img, view, locale, header_h)
    y = header_h + M
    _status(img, view, names, locale, (M, y, W - M, y + status_h))
    y += status_h + 14
    _military(img, view, names, locale, (M, y, W - M, y + mil_h))
    y += mil_h + 14
    _middle(img, view, names, locale, (M, y, W - M, y + middle_h))
    y += middle_h + 14
    for s in range(2):
        _city(img, view, names, locale, s, (M, y, M + panel_w, y + panel_hs[s]))
        y += panel_hs[s] + 10
    for ext in enabled(view):  # the expansions' bands: the leaders', the Senate
        img = ext.board_band(img, view, names, locale)
    return img


def _platform_outcome(view: Mapping[str, Any], outcome: Outcome) -> dict[str, Any]:
    """The platform's end of the game (a resignation...) as the view's `outcome`: the winners,
    who resigned, and the standing when the game stopped."""
    points = [dict(p.get("points") or {}) for p in _players(view)]
    return {"winners": list(outcome.winners), "reason": "resigned",
            "resigned": resigned_seat(outcome),
            "scores": list(outcome.scores) if outcome.scores is not None else
            [p.get("total", 0) for p in points], "points": points}


def _header(img: Image.Image, view: Mapping[str, Any], locale: str, h: int) -> None:
    age = int(view.get("age") or 0)
    if _over(view):
        label = t("over", locale)
    elif age == 0 or view.get("phase") == "draft":
        label = t("draft", locale)
    else:
        label = t("age", locale, n=age, roman={1: "I", 2: "II", 3: "III"}.get(age, str(age)))
    d = header_band(img, W, h, HEADER, t("title", locale), 32, M, label, 20)
    built = int(view.get("wonders_built") or 0)
    text = t("wonders_built", locale, n=built)
    tw = text_line(d, (W - M, h / 2 - 1), text, 20, bold=True, fill=HEADER_INK, anchor="rm")
    paste(img, icons.icon("wonder", 28, HEADER_INK), (W - M - tw - 36, h / 2 - 15))


# --- status: who is asked what; or the final result ----------------------------------------------


def _rich(img: Image.Image | None, xy: tuple[float, float], key: str, locale: str,
          names: Sequence[str], seat: int | None, size: int, *, bold: bool = True,
          fill: RGB = INK, max_width: float = 600, **params: Any) -> float:
    """The template `key` with its {name} drawn as the seat's colour badge. Returns its width
    (only measures when img is None)."""
    return badge_line(img, xy, t(key, locale, name=NAME_MARK, **params), names, seat, size,
                      bold=bold, fill=fill, max_width=max_width, min_ratio=0.72,
                      before_share=0.5)


def _status(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
            locale: str, box: Box) -> int:
    """The status box: the active seat, what it is asked (the engine's prompt), whether it plays
    again, and the last move; or the final result. Returns the height needed."""
    if view.get("outcome"):
        return _result(img, view, names, locale, box)
    x0, y0, x1, _ = box
    pad = 16
    inner = x1 - x0 - 2 * pad
    active = view.get("active")
    prompt = _prompt_text(view, locale, names)
    last = view.get("last")
    has_last = isinstance(last, Mapping) and bool(last.get("action"))
    if not prompt:  # an expansion's phase the engine's prompt does not put in words
        prompt = phase_text(view, locale)
    lines, size = fit_lines(prompt, inner, 52, 21, False, 16, 2, 1.12) if prompt else ([], 21)
    prompt_h = int(len(lines) * size * 1.12) + 10 if lines else 0
    height = pad + 36 + prompt_h + (30 if has_last else 0) + pad - 4
    if img is None:
        return height
    accent = seat_colour(active) if active is not None else GOLD
    parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, accent, 4)
    d = ImageDraw.Draw(img)
    x, y = x0 + pad, y0 + pad + 16
    tag_w = 0
    if view.get("play_again") and active is not None:
        tag = t("play_again", locale)
        bx = badge(img, (x1 - pad, y), tag, 18, GOOD, anchor="rm")
        paste(img, icons.icon("replay", 28, GOOD), (bx[0] - 34, y - 14))
        tag_w = bx[2] - bx[0] + 46
    both = simultaneous(view)
    if active is not None:
        _rich(img, (x, y), "status.turn", locale, names, active, 26, max_width=inner - tag_w)
    elif len(both) > 1:  # an expansion's phase asks both at once (Leaders' recruitment)
        text_line(d, (x, y), t("turn.both_choose", locale), 26, bold=True, max_width=inner)
    else:
        text_line(d, (x, y), t("over", locale), 26, bold=True)
    y += 20
    if lines:
        ly = y + 6
        for line in lines:
            text_line(d, (x, ly + size * 0.56), line, size, fill=INK, max_width=inner)
            ly += size * 1.12
        y += prompt_h
    if has_last:
        y += 14
        lw = _rich(img, (x, y), "status.last", locale, names, last.get("seat"), 17, bold=False,
                   fill=MUTED, max_width=inner * 0.45)
        text_line(d, (x + lw + 8, y), action_label(GAME, str(last["action"]), locale, names),
                  17, fill=MUTED, max_width=inner - lw - 8)
    return height




def _result(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
            locale: str, box: Box) -> int:
    """The end of the game: the winner(s), the kind of victory, and the points of each player
    by category (blue, green, yellow, purple cards, wonders, progress tokens, coins, military)."""
    outcome = view["outcome"]
    x0, y0, x1, _ = box
    pad = 16
    row_h = 46
    height = pad + 48 + 56 + 2 * row_h + pad
    if img is None:
        return height
    winners = list(outcome.get("winners") or [])
    reason = str(outcome.get("reason") or "civilian")
    parts.panel(img, (x0, y0, x1, y0 + height), 14, tint(GOLD, 0.86), shade(GOLD, 0.1), 5)
    d = ImageDraw.Draw(img)
    x, y = x0 + pad, y0 + pad + 22
    star = _star(34)
    paste(img, star, (x, y - 17))
    x += 44
    if len(winners) == 1:
        w = _rich(img, (x, y), "result.winner", locale, names, winners[0], 28,
                  max_width=(x1 - x0) * 0.55)
    else:
        w = text_line(d, (x, y), t("result.shared", locale), 28, bold=True)
    if reason == "resigned" and outcome.get("resigned") is not None:
        _rich(img, (x + w + 16, y), "turn.resigned_by", locale, names,
              int(outcome["resigned"]), 24, fill=ALERT, max_width=x1 - pad - (x + w + 16))
    else:
        text_line(d, (x + w + 16, y), t(f"reason.{reason}", locale), 24, bold=True,
                  fill=shade(GOLD, 0.5), max_width=x1 - pad - (x + w + 16))
    # the table
    y = y0 + pad + 48
    name_w = 220
    keys = (*point_keys(view), "total")
    col_w = (x1 - x0 - 2 * pad - name_w) / len(keys)
    for k, key in enumerate(keys):
        cx = x0 + pad + name_w + col_w * (k + 0.5)
        parts.category_icon(img, key, (cx, y + 16), 30)
        text_line(d, (cx, y + 42), t(f"points.{key}", locale), 13, bold=True, fill=MUTED,
                  anchor="mm", max_width=col_w - 4)
    y += 56
    points = list(outcome.get("points") or [])
    scores = list(outcome.get("scores") or [])
    for s in range(2):
        mid = y + row_h / 2
        if s in winners:
            rounded(img, (x0 + 8, y + 2, x1 - 8, y + row_h - 2), 10, tint(GOLD, 0.62))
        _name_badge(img, (x0 + pad, mid), names, s, 20, name_w - 16)
        pts = points[s] if s < len(points) and isinstance(points[s], Mapping) else {}
        for k, key in enumerate(keys):
            cx = x0 + pad + name_w + col_w * (k + 0.5)
            value = pts.get(key)
            if key == "total" and value is None and s < len(scores):
                value = scores[s]
            text = "–" if value is None else str(value)
            big = key == "total"
            d.text((cx, mid), text, font=font(28 if big else 22, True),
                   fill=INK if big or value else MUTED, anchor="mm")
        y += row_h
    return height


def _name_badge(img: Image.Image, xy: tuple[float, float], names: Sequence[str], seat: int,
                size: int, max_width: float, anchor: str = "lm") -> Box:
    name = seat_name(names, seat)
    floor = max(12, int(size * 0.8))
    while size > floor and text_width(name, size, True) + 2 * max(6, size // 2) > max_width:
        size -= 1
    return badge(img, xy, name, size, seat_colour(seat), max_width=max_width, anchor=anchor)


# --- the military track -------------------------------------------------------------------------


def _military(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
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
        _name_badge(img, (nx, y0 + 26), names, seat, 18, nw)
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
        w = _rich(None, (0, 0), key, locale, names, leader, 17, bold=False,
                  max_width=track_x1 - track_x0, n=dist, points=pts)
        _rich(img, ((x0 + x1) / 2 - w / 2, ly), key, locale, names, leader, 17, bold=False,
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


# --- the middle: the structure (or the draft) and the side column --------------------------------


def _middle(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
            locale: str, box: Box) -> int:
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
    b0 = _name_badge(img, (bx, ly), names, 0, 16, 120)
    _name_badge(img, (b0[2] + 8, ly), names, 1, 16, 120)
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
        open_ = bool(slot.get("accessible")) and not _over(view)
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
        _rich(img, (x0 + pad + w + 18, y), "draft.picks", locale, names, picker, 22,
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


# --- a city ---------------------------------------------------------------------------------------

LEFT_W = 430  # the left block of a city panel: production, science, tokens, chains


def _city(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str], locale: str,
          seat: int, box: Box) -> int:
    """One player's city: name, coins, points and shields; production and what a resource
    costs them to buy; science symbols; progress tokens; chain symbols; wonders; the cards
    built, grouped by colour with their counts."""
    x0, y0, x1, _ = box
    player = _players(view)[seat]
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
    active = view.get("active") == seat and not _over(view)
    if active:
        parts.panel(img, (x0, y0, x1, y0 + height), 14, tint(colour, 0.86), colour, 6)
    elif winner:
        parts.panel(img, (x0, y0, x1, y0 + height), 14, tint(GOLD, 0.82), shade(GOLD, 0.1), 5)
    else:
        parts.panel(img, (x0, y0, x1, y0 + height), 14, PANEL, mix(colour, LINE, 0.5), 2)
    rounded(img, (x0 + 8, y0 + 10, x0 + 16, y0 + height - 10), 4, colour)
    d = ImageDraw.Draw(img)
    my = y0 + 32
    nb = _name_badge(img, (x0 + 26, my), names, seat, 24, 360)
    tx = nb[2] + 10
    if winner:
        paste(img, _star(28), (tx, my - 14))
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


# --- cached small pieces ----------------------------------------------------------------------------

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


_star = star  # the winner's star


def clear_caches() -> None:
    """Forget every cached layer (faces are cached per locale; tests that watch what is drawn
    start from a clean slate)."""
    parts.clear_caches()
    icons.clear_caches()
    for cached in (_colour_count, _count_disc, _chain_chip, _star):
        cached.cache_clear()
    for ext in registered():
        ext.clear_caches()

