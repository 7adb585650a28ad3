"""7 Wonders Duel: Agora on the board (engine/duel/VIEW.md « Agora », view["agora"]): what the
plug-in of render/duel/agora/__init__.py draws there.

`card_size` (the Agora structures are a card wider), `senator_card` (a senator's face or its own
back), `token_icon` (the Agora military tokens: place a cube / remove a rival cube), and
`board_band`, which returns the board with the Senate's band added below it: six chambers in a
line, grouped by section, each with its points, its decree(s) (face-down ones as backs), both
players' cubes and who controls it, then each player's senators, conspiracies (backs; prepared
ones with their tucked card; triggered ones by name) and cubes left. Everything is drawn from our
own shapes and text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    GOLD,
    INK,
    LINE,
    MUTED,
    PANEL,
    PAPER,
    Words,
    draw_text,
    paste,
    rounded,
    seat_colour,
    seat_name,
    shade,
    text_line,
    text_width,
    tint,
)
from render.duel import icons

W = 1200
M = 20
AGORA_CARD = (116, 150)  # 7 cards a row must fit beside the progress tokens
SENATOR_BACK = (46, 52, 64)
POLITICIAN = (246, 244, 236)
CONSPIRATOR = (38, 38, 44)
SECTION_TINT = {"left": (222, 232, 244), "centre": (240, 230, 212), "right": (226, 240, 226)}
DECREE_UP = (252, 246, 222)
DECREE_DOWN = (92, 70, 44)
PLOT_BACK = (70, 34, 40)


tr = Words()  # a catalogue key, whole


def name(cid: str, locale: str) -> str:
    return tr(f"duel.tok.{cid}", locale)


def card_size(view: Mapping[str, Any], card: tuple[int, int], row_step: int) -> tuple[int, int, int]:
    """The card size and row step of the structure: smaller for the Agora's 7-card rows."""
    if not view.get("agora"):
        return card[0], card[1], row_step
    w, h = AGORA_CARD
    return w, h, round(row_step * h / card[1])


@lru_cache(maxsize=64)
def senator_card(card: str | None, w: int, h: int, locale: str) -> Image.Image:
    """A senator: white Politician with its section, black Conspirator; None: the back."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    if card is None:
        rounded(img, (0, 0, w, h), 10, SENATOR_BACK, GOLD, 3)
        d = ImageDraw.Draw(img)
        dm = int(w * 0.5)
        rounded(img, ((w - dm) / 2, h * 0.3 - dm / 2, (w + dm) / 2, h * 0.3 + dm / 2), dm // 2,
                shade(SENATOR_BACK, 0.2), GOLD, 2)
        d.text((w / 2, h * 0.3), "S", font=_font(int(dm * 0.5)), fill=GOLD, anchor="mm")
        return img
    conspirator = card.startswith("conspirator")
    fill = CONSPIRATOR if conspirator else POLITICIAN
    ink = (240, 240, 240) if conspirator else INK
    rounded(img, (0, 0, w, h), 10, fill, shade(GOLD, 0.2), 3)
    d = ImageDraw.Draw(img)
    band = int(h * 0.3)
    section = card.split("-")[1] if not conspirator else None
    if section:
        rounded(img, (6, 6, w - 6, band), 8, SECTION_TINT[section], shade(SECTION_TINT[section], 0.3), 2)
        draw_text(d, (8, 6, w - 8, band), tr(f"duel.agora.section.{section}", locale), 15,
                  bold=True, fill=INK, min_size=9, max_lines=1)
    else:
        paste(img, icons.icon("destroy", band - 12, (220, 200, 160)), ((w - band + 12) / 2, 12))
    kind = tr("duel.tok.conspirator-a" if conspirator else "duel.tok.politician-left-a", locale)
    draw_text(d, (6, band + 2, w - 6, int(h * 0.58)), kind.split(" (")[0], 15, bold=True,
              fill=ink, min_size=9, max_lines=2)
    return img


def _font(size: int):  # noqa: ANN202
    from render.common import font

    return font(size, True)


@lru_cache(maxsize=8)
def token_icon(kind: str, size: int) -> Image.Image:
    """The Agora military tokens: a cube to place (small), a rival cube crossed out (large)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = size * 0.2
    rounded(img, (c, c, size - c, size - c), 3, (120, 120, 120) if kind == "purge" else (190, 140, 60),
            INK, 2)
    if kind == "purge":
        d.line((2, 2, size - 3, size - 3), fill=(200, 40, 40), width=3)
        d.line((2, size - 3, size - 3, 2), fill=(200, 40, 40), width=3)
    else:
        d.text((size / 2, size / 2), "+", font=_font(int(size * 0.6)), fill=INK, anchor="mm")
    return img


# --- the board band ------------------------------------------------------------------------------

CH_W = (W - 2 * M - 5 * 8 - 2 * 16) / 6
CH_H = 236


def board_band(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
               locale: str) -> Image.Image:
    ag = view["agora"]
    players_h = 2 * 92
    height = 56 + CH_H + 20 + players_h + 30
    out = Image.new("RGB", (img.width, img.height + height), PAPER)
    out.paste(img, (0, 0))
    y0 = img.height
    rounded(out, (M, y0, W - M, y0 + height - 10), 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(out)
    text_line(d, (M + 16, y0 + 28), tr("duel.render.agora.senate", locale), 22, bold=True)
    text_line(d, (W - M - 16, y0 + 28), tr("duel.render.agora.deck", locale,
              n=ag.get("plot_deck", 0)), 16, fill=MUTED, anchor="rm")
    top = y0 + 56
    for i, ch in enumerate(ag["senate"]):
        x = M + 16 + i * (CH_W + 8)
        _chamber(out, ch, (x, top, x + CH_W, top + CH_H), names, locale)
    y = top + CH_H + 20
    for seat in (0, 1):
        _player_row(out, ag, seat, names, locale, (M + 16, y, W - M - 16, y + 84))
        y += 92
    extra = []
    if ag.get("obscured"):
        shown = [name(o, locale) if o else "?" for o in ag["obscured"]]
        extra.append(tr("duel.render.agora.obscured", locale, tokens=", ".join(shown)))
    if ag.get("sabotaged"):
        extra.append(tr("duel.render.agora.sabotaged", locale,
                        wonders=", ".join(name(w["id"], locale) for w in ag["sabotaged"])))
    if extra:
        text_line(d, (M + 16, y + 6), " · ".join(extra), 15, fill=MUTED, max_width=W - 2 * M - 32)
    return out


def _chamber(img: Image.Image, ch: Mapping[str, Any], box: tuple[float, float, float, float],
             names: Sequence[str], locale: str) -> None:
    x0, y0, x1, y1 = box
    control = ch.get("control")
    edge = seat_colour(control) if control is not None else LINE
    rounded(img, box, 12, SECTION_TINT.get(ch["section"], PANEL), edge, 4 if control is not None else 2)
    d = ImageDraw.Draw(img)
    _fit(d, (x0 + 10, y0 + 18), tr("duel.render.agora.chamber", locale, n=ch["chamber"]), 16,
         x1 - x0 - 56, bold=True)
    paste(img, icons.laurel(34, int(ch["points"])), (x1 - 42, y0 + 2))
    # the decree(s)
    dy = y0 + 40
    decrees = ch.get("decrees") or []
    dh = 76 if len(decrees) <= 1 else 50
    for dec in decrees:
        if dec is None:
            rounded(img, (x0 + 8, dy, x1 - 8, dy + dh), 8, DECREE_DOWN, shade(DECREE_DOWN, 0.3), 2)
            draw_text(d, (x0 + 8, dy, x1 - 8, dy + dh), tr("duel.render.agora.decree_down", locale),
                      14, bold=True, fill=(240, 226, 200), min_size=9)
        else:
            rounded(img, (x0 + 8, dy, x1 - 8, dy + dh), 8, DECREE_UP, shade(GOLD, 0.2), 2)
            label = name(dec, locale).split(":", 1)[-1].strip()
            draw_text(d, (x0 + 12, dy + 2, x1 - 12, dy + dh - 2), label, 14, fill=INK,
                      min_size=9, max_lines=4, spacing=1.0)
        dy += dh + 4
    if not decrees:
        draw_text(d, (x0 + 8, dy, x1 - 8, dy + 40), tr("duel.render.agora.no_decree", locale), 13,
                  fill=MUTED, min_size=9)
    # the cubes
    cy = y0 + 128
    for seat in (0, 1):
        n = int(ch["cubes"][seat])
        colour = seat_colour(seat)
        yy = cy + seat * 44
        size = 20
        for k in range(min(n, 5)):
            rounded(img, (x0 + 10 + k * (size + 4), yy, x0 + 10 + k * (size + 4) + size, yy + size),
                    4, colour, shade(colour, 0.4), 2)
        if n:
            text_line(d, (x1 - 10, yy + size / 2), f"×{n}", 16, bold=True, fill=shade(colour, 0.3),
                      anchor="rm")
    who = seat_name(names, control) if control is not None else tr("duel.render.agora.nobody", locale)
    text_line(d, ((x0 + x1) / 2, y1 - 16), who, 14, bold=control is not None,
              fill=shade(edge, 0.2) if control is not None else MUTED, anchor="mm",
              max_width=x1 - x0 - 12)


def _fit(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, width: float,
         *, bold: bool = False, fill: tuple[int, int, int] = INK) -> None:
    """One line of text, shrunk (never cut) to fit `width`."""
    while size > 9 and text_width(text, size, bold) > width:
        size -= 1
    text_line(d, xy, text, size, bold=bold, fill=fill)


def _player_row(img: Image.Image, ag: Mapping[str, Any], seat: int, names: Sequence[str],
                locale: str, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    p = ag["players"][seat]
    colour = seat_colour(seat)
    rounded(img, box, 10, tint(colour, 0.88), tint(colour, 0.4), 2)
    d = ImageDraw.Draw(img)
    text_line(d, (x0 + 12, y0 + 18), seat_name(names, seat), 17, bold=True, fill=shade(colour, 0.3),
              max_width=200)
    stats = tr("duel.render.agora.stats", locale, cubes=p["supply"], senators=len(p["senators"]),
               cost=p["cost"])
    _fit(d, (x0 + 12, y0 + 44), stats, 14, 330, fill=INK)
    pol = sum(1 for s in p["senators"] if s.startswith("politician"))
    _fit(d, (x0 + 12, y0 + 66), tr("duel.render.agora.kinds", locale, politicians=pol,
         conspirators=len(p["senators"]) - pol, actions=p["actions"]), 13, 330, fill=MUTED)
    x = x0 + 350
    text_line(d, (x, y0 + 14), tr("duel.render.agora.plots", locale, n=len(p["plots"])), 14,
              bold=True, fill=INK)
    for plot in p["plots"][:7]:
        _plot_tile(img, plot.get("id"), bool(plot.get("prepared")), bool(plot.get("triggered")),
                   plot.get("card"), (x, y0 + 26, x + 112, y1 - 4), locale)
        x += 118


def _plot_tile(img: Image.Image, pid: str | None, prepared: bool, triggered: bool,
               card: str | None, box: tuple[float, float, float, float], locale: str) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    if pid is None or not triggered:
        fill = PLOT_BACK if pid is None else (250, 236, 236)
        rounded(img, box, 8, fill, GOLD if prepared else shade(fill, 0.4), 3 if prepared else 2)
        label = name(pid, locale) if pid else tr("duel.render.agora.plot_back", locale)
        draw_text(d, (x0 + 4, y0 + 2, x1 - 4, y1 - 16), label, 13, bold=True,
                  fill=(240, 220, 200) if pid is None else INK, min_size=9, max_lines=2)
    else:
        rounded(img, box, 8, (236, 236, 236), LINE, 2)
        draw_text(d, (x0 + 4, y0 + 2, x1 - 4, y1 - 16), name(pid, locale), 13, fill=MUTED,
                  min_size=9, max_lines=2)
    state = "triggered" if triggered else "prepared" if prepared else "unprepared"
    text_line(d, ((x0 + x1) / 2, y1 - 9), tr(f"duel.render.agora.{state}", locale), 11,
              fill=GOLD if prepared and not triggered else MUTED, anchor="mm", max_width=x1 - x0 - 6)
