"""7 Wonders Duel's board: the status box under the header: the seat asked, what it is asked (the
engine's prompt, or an expansion's phase), whether it plays again, and the last move; or, at the
end, the result: the winners, the kind of victory (or who resigned) and each player's points by
category.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg
from engine.i18n import action_label, translate
from render.common import (
    ALERT,
    GOLD,
    GOOD,
    INK,
    MUTED,
    PANEL,
    Box,
    badge,
    fit_lines,
    font,
    rounded,
    seat_colour,
    shade,
    star,
    text_line,
    tint,
)
from render.duel import icons, parts
from render.duel.board_badges import name_badge, rich
from render.duel.choices import phase_text
from render.duel.extension import simultaneous
from render.duel.icons import paste
from render.duel.parts import GAME, t
from render.duel.turn_result import point_keys


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


def draw_status(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str], locale: str,
                box: Box) -> int:
    """The status box: the active seat, what it is asked (the engine's prompt), whether it plays
    again, and the last move; or the final result. Returns the height needed."""
    if view.get("outcome"):
        return draw_result(img, view, names, locale, box)
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
        rich(img, (x, y), "status.turn", locale, names, active, 26, max_width=inner - tag_w)
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
        lw = rich(img, (x, y), "status.last", locale, names, last.get("seat"), 17, bold=False,
                   fill=MUTED, max_width=inner * 0.45)
        text_line(d, (x + lw + 8, y), action_label(GAME, str(last["action"]), locale, names),
                  17, fill=MUTED, max_width=inner - lw - 8)
    return height


def draw_result(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str], locale: str,
                box: Box) -> int:
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
    paste(img, star(34), (x, y - 17))
    x += 44
    if len(winners) == 1:
        w = rich(img, (x, y), "result.winner", locale, names, winners[0], 28,
                  max_width=(x1 - x0) * 0.55)
    else:
        w = text_line(d, (x, y), t("result.shared", locale), 28, bold=True)
    if reason == "resigned" and outcome.get("resigned") is not None:
        rich(img, (x + w + 16, y), "turn.resigned_by", locale, names,
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
        name_badge(img, (x0 + pad, mid), names, s, 20, name_w - 16)
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
