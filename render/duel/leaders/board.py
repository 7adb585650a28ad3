"""7 Wonders Duel: Leaders on the board (engine/duel/VIEW.md ## Leaders): what the plug-in of
render/duel/leaders/__init__.py draws there.

`board_band` returns the board with the leaders' band added below it, showing what is public:
each player's recruited leaders, the leaders buried under Abu Simbel, how many are in hand, who
has already made the hidden choice of the recruitment phase (never which), the revealed leaders,
and the leader draft. Leaders are drawn as our own tiles (`tile`): name, cost, and a short line
for the effect (`summary`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg
from engine.duel.cards import component
from engine.i18n import translate
from render.common import (
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    PAPER,
    Words,
    badge_line,
    draw_text,
    paste,
    rounded,
    seat_colour,
    shade,
    text_line,
    tint,
)
from render.duel import icons

W = 1200
M = 20
TILE = (128, 156)
CREAM = (250, 246, 236)
BURIED = (176, 160, 132)


t = Words("duel.render.leaders.")


def name(cid: str, locale: str) -> str:
    return translate(Msg(f"duel.tok.{cid}"), locale)


def summary(lid: str, locale: str) -> str:
    """A short line for the leader's effect, from its data."""
    comp = component(lid)
    parts = []
    if comp["points"]:
        parts.append(t("points", locale, n=comp["points"]))
    if comp["shields"]:
        parts.append(t("shields", locale, n=comp["shields"]))
    for effect in comp["effects"]:
        kind, value = next(iter(effect.items()))
        params: dict[str, Any] = {}
        if isinstance(value, Mapping):
            params["n"] = value.get("points", 0)
            params["what"] = ", ".join(
                translate(Msg(f"duel.colour.{c}"), locale) for c in value.get("colours", ())
            )
        elif isinstance(value, list):
            params["n"] = len(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            params["n"] = value
        parts.append(t(f"effect.{kind}", locale, **params))
    return " · ".join(parts)


@lru_cache(maxsize=256)
def tile(lid: str, locale: str, state: str = "normal", w: int = TILE[0], h: int = TILE[1]
         ) -> Image.Image:
    """A leader card: `normal`, `buried` (greyed, under Abu Simbel) or `picked` (outlined)."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    fill = tint(BURIED, 0.5) if state == "buried" else CREAM
    border = shade(BURIED, 0.3) if state == "buried" else (120, 104, 80)
    rounded(img, (0, 0, w, h), 10, fill, outline=border, width=3 if state == "picked" else 2)
    d = ImageDraw.Draw(img)
    cost = int(component(lid)["cost"].get("coins", 0))
    paste(img, icons.coin(30, cost), (6, 6))
    draw_text(d, (8, 40, w - 8, 82), name(lid, locale), 19, bold=True, max_lines=2)
    d.line((12, 86, w - 12, 86), fill=LINE, width=2)
    draw_text(d, (8, 90, w - 8, h - 8), summary(lid, locale), 14, fill=INK, max_lines=4,
              min_size=10)
    return img


def _row(img: Image.Image, ids: Sequence[str], x: float, y: float, locale: str, width: float,
         state: str = "normal") -> None:
    step = min(TILE[0] + 8, (width - TILE[0]) / max(1, len(ids) - 1) if len(ids) > 1 else 0)
    for k, lid in enumerate(ids):
        paste(img, tile(lid, locale, state), (x + k * step, y))


def _extend(img: Image.Image, extra: int) -> tuple[Image.Image, int]:
    out = Image.new("RGB", (img.width, img.height + extra), PAPER)
    out.paste(img, (0, 0))
    return out, img.height


def board_band(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
               locale: str) -> Image.Image:
    lead = view["leaders"]
    draft = lead.get("draft")
    rows = 2 + (1 if draft else 0) + (1 if lead.get("revealed") else 0)
    out, y = _extend(img, 60 + rows * (TILE[1] + 56) + M)
    d = ImageDraw.Draw(out)
    width = out.width - 2 * M
    text_line(d, (M, y + 24), t("title", locale, panel=t(f"panel.{lead['panel']}", locale)), 24,
              bold=True, max_width=width)
    y += 52
    if draft:
        badge_line(out, (M, y + 14), t("draft", locale, name=NAME_MARK), names, draft["picker"], 20,
                   max_width=width)
        _row(out, draft["offer"], M, y + 32, locale, width)
        y += TILE[1] + 56
    if lead.get("revealed"):
        text_line(d, (M, y + 14), t("revealed", locale), 20, bold=True)
        x = M
        for s, lid in enumerate(lead["revealed"]):
            if lid:
                paste(out, tile(lid, locale, "picked"), (x, y + 32))
                badge_line(out, (x + TILE[0] + 10, y + 32 + TILE[1] / 2), NAME_MARK, names, s,
                           18, max_width=200)
                x += TILE[0] + 240
        y += TILE[1] + 56
    for s, p in enumerate(lead["players"]):
        box = (M, y, M + width, y + TILE[1] + 48)
        rounded(out, box, 12, tint(seat_colour(s), 0.88), outline=tint(seat_colour(s), 0.4),
                width=2)
        status = ""
        if view.get("phase") in ("recruit", "announce"):
            status = t("chosen" if p.get("chosen") else "choosing", locale)
        line = t("player", locale, name=NAME_MARK, hand=len(p["hand"]), n=len(p["recruited"]))
        badge_line(out, (M + 10, y + 18), line + (f" — {status}" if status else ""), names, s,
                   18, max_width=width - 20)
        x = M + 10
        if not p["recruited"] and not p["buried"]:
            text_line(d, (x, y + 30 + TILE[1] / 2), t("none", locale), 17, fill=MUTED)
        _row(out, p["recruited"], x, y + 36, locale, width * 0.68)
        if p["buried"]:
            bx = M + width * 0.72
            text_line(d, (bx, y + 44), t("buried", locale), 15, bold=True, fill=shade(BURIED))
            _row(out, p["buried"], bx, y + 56, locale, width * 0.27, "buried")
        y += TILE[1] + 56
    return out
