"""Seven Hills: the public board, drawn from engine views with our own shapes and text (no
scanned art).

The board shows: the era and the round track (counter / limit), the Temple of Jupiter token, the
deck and the discard pile's top card, Rome's sectors (the six hills, open or not this era, new
this era, with each player's markers by class and their people count; the Forum; Capitolium with
the temple; Campus Martius with the Consul Legion Camp and the Waiting Camp), then one line per
player in turn order (prestige, consul, cards in hand, markers left by class, knights, Forum).
It reads only public keys: never view["hand"]. Under the players, a key of the four marker
shapes. The hand is render/sevenhills/hand.py, the turn post's picture render/sevenhills/turn.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg, Outcome
from engine.i18n import translate
from engine.sevenhills.components import CLASSES, load
from engine.sevenhills.step import card_msg
from render.common import (
    GOLD,
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    PANEL,
    PAPER,
    RGB,
    badge,
    badge_line,
    disc,
    draw_text,
    header_band,
    mix,
    paste,
    rounded,
    seat_colour,
    seat_name,
    shade,
    star,
    text_line,
    tint,
)
from render.sevenhills.parts import (
    CARD_COLOURS,
    CLOSED,
    GAME,
    HEADER,
    ROAD,
    marker,
    token_name,
    tr,
)
from render.sevenhills.turn import status_line

W = 1000  # board width
M = 20  # margin
GRID = (("palatine", "caelian", "aventine"), ("quirinal", "forum", "viminal"),
        ("esquiline", "capitolium", "campus"))
TILE_H = 206
ICON = 22


def _marker_count(img: Image.Image, x: float, y: float, cls: str, n: int, colour: RGB,
                  size: int = ICON, dim: bool = False) -> float:
    """An icon and its count, left-middle at (x, y); returns the width used."""
    c = mix(colour, PANEL, 0.6) if dim else colour
    paste(img, marker(cls, size, c), (x, y - size / 2))
    w = text_line(ImageDraw.Draw(img), (x + size + 3, y), str(n), int(size * 0.8), bold=True,
                  fill=MUTED if dim else INK)
    return size + 3 + w + 10


def board(view: Mapping[str, Any], names: Sequence[str], locale: str,
          outcome: Outcome | None = None) -> Image.Image:
    """The public board. Reads only public keys (never view["hand"])."""
    n = view.get("players", 3)
    header_h, status_h, track_h = 60, 54, 92
    grid_h = 3 * TILE_H + 2 * 10
    seats_h = 26 + n * 54
    legend_h = 44
    info = _info_lines(view, names, locale)
    info_h = 26 + 30 * len(info) if info else 0
    total = (header_h + status_h + track_h + M + grid_h + M + seats_h + M + legend_h
             + (M + info_h if info_h else 0) + M)
    img = Image.new("RGB", (W, total), PAPER)
    _header(img, view, locale, header_h)
    y = header_h
    _status(img, view, names, locale, (0, y, W, y + status_h), outcome)
    y += status_h
    _track(img, view, locale, (M, y + 8, W - M, y + track_h))
    y += track_h + M
    _grid(img, view, names, locale, y)
    y += grid_h + M
    _seats(img, view, names, locale, (M, y, W - M, y + seats_h), outcome)
    y += seats_h + M
    _legend(img, locale, (M, y, W - M, y + legend_h))
    y += legend_h + M
    if info_h:
        _info(img, info, names, (M, y, W - M, y + info_h))
    return img


def _header(img: Image.Image, view: Mapping[str, Any], locale: str, h: int) -> None:
    era = tr("era", locale, era=view.get("era", 1), eras=view.get("eras", 5))
    header_band(img, W, h, HEADER, tr("title", locale), 30, M, tr("reconstructed", locale), 16,
                era, 24, gap=16)


def _status(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            box: tuple[int, int, int, int], outcome: Outcome | None = None) -> None:
    """Who acts, or the result (a resignation included, which only `outcome` knows)."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    d.rectangle(box, fill=PANEL)
    d.line((x0, y1 - 1, x1, y1 - 1), fill=LINE, width=2)
    status_line(img, view, names, locale, outcome, (M, (y0 + y1) / 2), W - 2 * M, 20)


def _legend(img: Image.Image, locale: str, box: tuple[int, int, int, int]) -> None:
    """The key of the four marker shapes, and how the hills count clients."""
    x0, y0, x1, y1 = box
    rounded(img, box, 12, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    cy = (y0 + y1) / 2
    x = x0 + 14 + text_line(d, (x0 + 14, cy), tr("legend", locale), 16, bold=True,
                            fill=MUTED) + 14
    for cls in CLASSES:
        paste(img, marker(cls, 24, MUTED), (x, cy - 12))
        label = tr("legend_noble", locale) if cls == "noble" else token_name(cls, locale)
        x += 28 + text_line(d, (x + 28, cy), label, 16) + 22


def _track(img: Image.Image, view: Mapping[str, Any], locale: str,
           box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    limit = int(view.get("limit", 13))
    counter = int(view.get("counter", 0))
    side = 300
    rounded(img, (x0, y0, x1 - side - 12, y1), 12, PANEL, LINE, 2)
    text_line(d, (x0 + 14, y0 + 18), tr("rounds", locale, counter=counter, limit=limit), 17,
              bold=True)
    cells = limit + 1
    cw = (x1 - side - 12 - x0 - 28) / cells
    for i in range(cells):
        cx0 = x0 + 14 + i * cw
        fill = GOLD if i == counter else (ROAD if i < counter else (255, 255, 255))
        if i == limit:
            fill = HEADER if counter < limit else GOLD
        rounded(img, (cx0 + 1, y0 + 38, cx0 + cw - 1, y1 - 10), 6, fill, LINE, 1)
        ink = (255, 255, 255) if i == limit and counter < limit else INK
        text_line(d, (cx0 + cw / 2, (y0 + 38 + y1 - 10) / 2), str(i), 14 if cw < 40 else 16,
                  bold=i in (counter, limit), fill=ink, anchor="mm")
    # the temple, the deck, the discard's top card
    sx = x1 - side
    rounded(img, (sx, y0, x1, y1), 12, PANEL, LINE, 2)
    temple = int(view.get("temple", 2))
    disc(img, (sx + 40, (y0 + y1) / 2), 52, GOLD, shade(GOLD, 0.4), 2)
    text_line(d, (sx + 40, (y0 + y1) / 2), str(temple), 28, bold=True, anchor="mm")
    draw_text(d, (sx + 70, y0 + 6, sx + 160, y1 - 6), tr("temple", locale, n=temple), 15,
              align="left", max_lines=3)
    draw_text(d, (sx + 162, y0 + 6, sx + 222, y1 - 6),
              tr("deck", locale, n=view.get("deck", 0)), 15, align="left", max_lines=3)
    top = view.get("discard_top")
    if top:
        _mini_card(img, top, (sx + 228, y0 + 6, x1 - 8, y1 - 6), locale)


def _mini_card(img: Image.Image, card: str, box: tuple[int, int, int, int], locale: str) -> None:
    k = load().card(card)
    colour = CARD_COLOURS.get(k.colour, MUTED)
    rounded(img, box, 8, colour, shade(colour, 0.4), 2)
    x0, y0, x1, y1 = box
    ink = (255, 255, 255) if sum(colour) < 480 else INK
    if k.cls != "slave":
        paste(img, marker(k.cls, 24, (255, 255, 255)), ((x0 + x1) / 2 - 12, y0 + 6))
    draw_text(ImageDraw.Draw(img), (x0 + 2, y0 + 30, x1 - 2, y1 - 2), token_name(k.cls, locale), 12,
              bold=True, fill=ink, max_lines=2, min_size=9)


def _grid(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
          y: int) -> None:
    tw = (W - 2 * M - 20) / 3
    sectors = {s["id"]: s for s in view.get("sectors", [])}
    for r, row in enumerate(GRID):
        for c, sid in enumerate(row):
            box = (int(M + c * (tw + 10)), int(y + r * (TILE_H + 10)),
                   int(M + c * (tw + 10) + tw), int(y + r * (TILE_H + 10) + TILE_H))
            if sid == "capitolium":
                _capitolium(img, view, locale, box)
            elif sid == "campus":
                _campus(img, view, names, locale, box)
            elif sid in sectors:
                _sector(img, view, sectors[sid], names, locale, box)


def _sector(img: Image.Image, view: Mapping[str, Any], sector: Mapping[str, Any],
            names: Sequence[str], locale: str, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    is_open = sector.get("open", False)
    new = sector.get("new", False)
    forum = sector.get("forum", False)
    fill = PANEL if is_open else CLOSED
    outline, width = (GOLD, 4) if new else ((HEADER, 3) if forum else (LINE, 2))
    rounded(img, box, 14, fill, outline, width)
    d = ImageDraw.Draw(img)
    if forum:
        tag, tag_fill = tr("forum_tag", locale), (246, 226, 178)
    elif new:
        tag, tag_fill = tr("new_tag", locale), GOLD
    elif is_open:
        tag, tag_fill = tr("old_tag", locale), ROAD
    else:
        tag, tag_fill = tr("closed_tag", locale, era=sector.get("opens")), (200, 196, 188)
    tag_box = badge(img, (x1 - 10, y0 + 20), tag, 13, tag_fill, anchor="rm")
    text_line(d, (x0 + 14, y0 + 20), token_name(sector["id"], locale), 19, bold=True,
              fill=INK if is_open else MUTED, max_width=tag_box[0] - x0 - 20)
    load_ = load()
    rows = [(s, m) for s, m in enumerate(sector.get("markers", [])) if sum(m.values()) > 0]
    if not rows:
        text_line(d, ((x0 + x1) / 2, (y0 + y1) / 2 + 12), tr("empty", locale), 15,
                  fill=MUTED, anchor="mm")
        return
    row_h = min(38, (y1 - y0 - 46) / max(1, len(rows)))
    for i, (s, m) in enumerate(rows):
        cy = y0 + 46 + row_h * i + row_h / 2
        colour = seat_colour(s)
        d.rectangle((x0 + 10, cy - row_h / 2 + 3, x0 + 15, cy + row_h / 2 - 3), fill=colour)
        x = x0 + 22
        for cls in CLASSES:
            if m.get(cls, 0):
                x += _marker_count(img, x, cy, cls, m[cls], colour, size=20)
        people = sum(load_.people[k] * m.get(k, 0) for k in CLASSES)
        count = sum(m.values()) if forum else people
        badge(img, (x1 - 10, cy), tr("clients", locale, n=count), 13, tint(colour, 0.6),
              anchor="rm")


def _capitolium(img: Image.Image, view: Mapping[str, Any], locale: str,
                box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    rounded(img, box, 14, (240, 232, 212), LINE, 2)
    d = ImageDraw.Draw(img)
    text_line(d, (x0 + 14, y0 + 20), "Capitolium", 19, bold=True)
    temple = int(view.get("temple", 2))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 12
    # a small temple: pediment, columns, base
    d.polygon([(cx - 70, cy - 30), (cx, cy - 66), (cx + 70, cy - 30)], fill=ROAD, outline=MUTED)
    for i in range(5):
        px = cx - 56 + i * 28
        d.rectangle((px - 5, cy - 28, px + 5, cy + 30), fill=(250, 246, 236), outline=MUTED)
    d.rectangle((cx - 76, cy + 30, cx + 76, cy + 40), fill=ROAD, outline=MUTED)
    disc(img, (cx, cy), 46, GOLD, shade(GOLD, 0.4), 2)
    text_line(d, (cx, cy), str(temple), 26, bold=True, anchor="mm")
    text_line(d, (cx, y1 - 16), tr("temple_short", locale, n=temple), 14, fill=MUTED,
              anchor="mm", max_width=x1 - x0 - 16)


def _campus(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    rounded(img, box, 14, (232, 236, 222), LINE, 2)
    d = ImageDraw.Draw(img)
    text_line(d, (x0 + 14, y0 + 20), "Campus Martius", 19, bold=True)
    half = (y1 - y0 - 40) / 2
    for i, (key, counts) in enumerate((("legion_camp", view.get("legion", [])),
                                       ("waiting_camp", view.get("waiting", [])))):
        top = y0 + 38 + i * half
        d.line((x0 + 10, top, x1 - 10, top), fill=LINE, width=1)
        text_line(d, (x0 + 14, top + 15), tr(key, locale), 14, bold=True, fill=MUTED,
                  max_width=x1 - x0 - 28)
        x = x0 + 14
        shown = [(s, c) for s, c in enumerate(counts) if c]
        if not shown:
            text_line(d, (x, top + 44), "—", 16, fill=MUTED)
        for s, c in shown:
            x += _marker_count(img, x, top + 44, "plebeian", c, seat_colour(s), size=22)


def _seats(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
           box: tuple[int, int, int, int], outcome: Outcome | None = None) -> None:
    x0, y0, x1, y1 = box
    rounded(img, box, 12, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    cols = (x0 + 14, x0 + 270, x0 + 400, x0 + 500)
    for label, x in zip(("order", "prestige", "hand", "supply"), cols, strict=True):
        text_line(d, (x, y0 + 14), tr(f"col.{label}", locale), 13, bold=True, fill=MUTED)
    seats = view.get("seats", [])
    consuls = view.get("consuls", [])
    active = view.get("active")
    winners = list(outcome.winners) if outcome is not None else \
        (view.get("outcome") or {}).get("winners", [])
    if winners:
        active = None
    for i, s in enumerate(view.get("order", range(len(seats)))):
        seat = seats[s]
        cy = y0 + 26 + i * 54 + 27
        if s == active or s in winners:
            rounded(img, (x0 + 4, cy - 25, x1 - 4, cy + 25), 10, tint(seat_colour(s), 0.85))
        text_line(d, (cols[0], cy), f"{i + 1}.", 18, bold=True)
        b = badge(img, (cols[0] + 28, cy), seat_name(names, s), 18, seat_colour(s),
                  max_width=170)
        if s in consuls:
            badge(img, (b[2] + 6, cy), tr("consul", locale), 12, GOLD)
        if s in winners:
            paste(img, star(26), (cols[1] - 34, cy - 13))
        text_line(d, (cols[1], cy), str(seat.get("prestige", 0)), 24, bold=True)
        text_line(d, (cols[2], cy), tr("cards", locale, n=seat.get("hand", 0)), 16)
        x = cols[3]
        for cls in CLASSES:
            x += _marker_count(img, x, cy, cls, seat.get("supply", {}).get(cls, 0),
                               seat_colour(s), size=20)
        text_line(d, (x + 4, cy), tr("knights_forum", locale, k=seat.get("knights", 0),
                                     f=seat.get("forum", 0)), 14, fill=MUTED,
                  max_width=x1 - x - 14)


def _info_lines(view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[tuple[str, int | None]]:
    """Short lines under the players: a revolt, markers to deploy, the last legion cards, the
    last era's scores."""
    out: list[tuple[str, int | None]] = []
    revolt = view.get("revolt")
    if revolt:
        targets = ", ".join(
            tr("target", locale, cls=token_name(c, locale),
               sector=translate(Msg(f"{GAME}.the.{sec}"), locale), who=seat_name(names, v))
            for v, sec, c in revolt.get("targets", []))
        key = "revolt" if revolt.get("left", 0) else "revolt_chosen"
        out.append((tr(key, locale, name=NAME_MARK, n=revolt.get("left", 0),
                       targets=targets or "—"), revolt.get("by")))
    if view.get("deploy"):
        out.append((tr("to_deploy", locale, name=NAME_MARK,
                       markers=", ".join(token_name(k, locale) for k in view["deploy"])),
                    view.get("active")))
    if view.get("powers"):
        out.append((tr("powers", locale, name=NAME_MARK, powers=", ".join(
            translate(Msg(f"{GAME}.power.{p}"), locale) for p in view["powers"])),
            view.get("active")))
    for r in view.get("revealed", [])[-2:]:
        if r.get("era") == view.get("era") or r.get("era") == view.get("era", 1) - 1:
            out.append((tr("revealed", locale, name=NAME_MARK,
                           card=_card_name(r["card"], locale),
                           icon=translate(Msg(f"{GAME}.legion.{r['icon']}"), locale),
                           back=r["back"]), r["seat"]))
    last = view.get("last_scores")
    if last:
        for s in view.get("order", []):
            sc = last["seats"][s]
            out.append((tr("scored", locale, name=NAME_MARK, era=last["era"],
                           hills=sum(sc["hills"].values()), knights=sc["knights"]), s))
    return out


def _info(img: Image.Image, lines: list[tuple[str, int | None]], names: Sequence[str],
          box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    rounded(img, box, 12, PANEL, LINE, 2)
    for i, (text, seat) in enumerate(lines):
        cy = y0 + 13 + 30 * i + 15
        if NAME_MARK in text and seat is not None:
            badge_line(img, (x0 + 14, cy), text, names, seat, 16, bold=False,
                       max_width=x1 - x0 - 28)
        else:
            text_line(ImageDraw.Draw(img), (x0 + 14, cy), text.replace(NAME_MARK, ""), 16,
                      max_width=x1 - x0 - 28)



def _card_name(card: str, locale: str) -> str:
    """The card as a sentence names it, with its article: « a révélé le plébéien bleu »."""
    return translate(card_msg(card), locale)


