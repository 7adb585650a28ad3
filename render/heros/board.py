"""Héros du Monde: the public board, drawn from views only.

    board(view, names, locale, outcome=None)
                                the world map of the 9 territories (beige ancient, orange modern,
                                borders drawn; the ones across the board's edge as arrows), each
                                with its discovery ladder and every player's population; the
                                score track; the face-up heroes; the wonders and their owners;
                                the turn (hero played, discoveries drawn, the conquest die);
                                the last move; the result when the game is over (a
                                resignation included: `outcome`)

Everything is our own drawing (shapes and text); readable on a phone at 1200 px wide. The turn
post's picture is render/heros/turn.py, the hand render/heros/hand.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Outcome
from render.common import (
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    PANEL,
    PAPER,
    badge,
    badge_line,
    disc,
    draw_text,
    fit_size,
    ink_on,
    name_badge,
    paste,
    resigned_seat,
    rounded,
    seat_colour,
    seat_name,
    secondary,
    shade,
    short_name,
    star,
    text_line,
    text_width,
    tint,
)
from render.heros.parts import (
    BEIGE,
    HERO_COLOURS,
    OFF,
    ORANGE,
    RESIGNED,
    SEA,
    dates,
    name_of,
    tr,
)
from render.heros.turn import move_text

WIDTH = 1200
HEADER_H = 104
WONDER_ROW = 54
PAD = 16

# The map: 4 columns x 3 rows of territory boxes (centre x, centre y, width, height).
MAP_TOP = 10 + HEADER_H + 8
MAP_H = 600
BOX_W, BOX_H = 250, 172
COLUMNS = (150, 443, 741, 1039)
LAYOUT = {
    "america": (COLUMNS[0], 330),
    "europe": (COLUMNS[1], 100),
    "russia": (COLUMNS[2], 100),
    "mediterranean": (COLUMNS[1], 300),
    "middle-east": (COLUMNS[2], 300),
    "china": (COLUMNS[3], 300),
    "africa": (COLUMNS[1], 500),
    "india": (COLUMNS[2], 500),
    "pacific": (COLUMNS[3], 500),
}
ACROSS = {("america", "russia"), ("america", "pacific")}  # « de l'autre côté du plateau »


# --- the board -------------------------------------------------------------------------------------


def board(view: Mapping[str, Any], names: Sequence[str], locale: str,
          outcome: Outcome | None = None) -> Image.Image:
    n = view["players"]
    wonders = view.get("wonders", [])
    players_h = 44 + 40 * n
    row_h = 214
    wonders_h = 44 + WONDER_ROW * ((len(wonders) + 1) // 2)
    height = MAP_TOP + MAP_H + PAD + players_h + PAD + row_h + PAD + wonders_h + PAD
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    if outcome is None and view.get("outcome"):
        outcome = Outcome.from_json(view["outcome"])
    _header(img, draw, view, names, locale, outcome)
    _map(img, draw, view, names, locale)
    y = MAP_TOP + MAP_H + PAD
    _players(img, draw, view, names, locale, y, players_h, outcome)
    y += players_h + PAD
    _row(img, draw, view, names, locale, y, row_h)
    y += row_h + PAD
    _wonders(img, draw, view, names, locale, y, wonders_h)
    return img


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
            names: Sequence[str], locale: str, outcome: Outcome | None = None) -> None:
    rounded(img, (PAD, 10, WIDTH - PAD, 10 + HEADER_H), 14, PANEL, LINE, 2)
    era = tr(f"heros.render.{view['era']}", locale, names)
    title = f"{tr('heros.name', locale, names)} · {tr('heros.render.era', locale, names, era=era)}"
    text_line(draw, (PAD + 14, 32), title, 24, bold=True, max_width=560)
    sub = " · ".join([
        tr("heros.render.ladders", locale, names, n=view.get("completed", 0),
           total=view.get("to_end", 0)),
        tr("heros.render.bag", locale, names, n=view.get("bag", 0)),
        tr("heros.render.deck", locale, names, n=view.get("deck", 0)),
        tr("heros.render.reconstructed", locale, names),
    ])
    left = _header_right(img, draw, view, names, locale, outcome)
    # the counts give way to who acts or won at the right (a long name never covers them)
    room = min(600, left - 16 - (PAD + 14))
    text_line(draw, (PAD + 14, 60), sub, fit_size(sub, room, 16, 11, bold=False), fill=MUTED,
              max_width=room)
    last = view.get("last")
    if isinstance(last, Mapping) and last.get("action"):
        seat = last.get("seat")
        text = tr("heros.render.last", locale, names, name=NAME_MARK)
        lw = badge_line(img, (PAD + 14, 92), text, names, seat if isinstance(seat, int) else None,
                        17, bold=False, max_width=400)
        text_line(draw, (PAD + 22 + lw, 92), move_text(view, last, locale, names), 17,
                  max_width=WIDTH - 2 * PAD - 40 - lw)


def _header_right(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
                  names: Sequence[str], locale: str, outcome: Outcome | None) -> float:
    """Who won (or resigned), else who acts, at the header's right; returns the left edge of
    what it drew beside the counts' line."""
    x = WIDTH - PAD - 14
    if outcome is not None:
        winners = list(outcome.winners)
        if (seat := resigned_seat(outcome)) is not None:
            text = tr("heros.render.resigned", locale, names, name=NAME_MARK)
            w = badge_line(None, (0, 0), text, names, seat, 20, max_width=540)
            badge_line(img, (x - w, 32), text, names, seat, 20, max_width=540)
            return _winner_pills(img, draw, names, locale, winners, (x, 64), 16, 18)
        if len(winners) == 1:
            text = tr("heros.render.winner", locale, names, name=NAME_MARK)
            w = badge_line(None, (0, 0), text, names, winners[0], 22, max_width=540)
            badge_line(img, (x - w, 45), text, names, winners[0], 22, max_width=540)
            paste(img, star(30), (x - w - 38, 30))
            return x - w - 38
        return _winner_pills(img, draw, names, locale, winners, (x, 45), 18, 20)
    asked = view.get("prompt", [])
    seat = asked[0] if asked else view.get("active")
    if seat is None:
        return x
    key = "heros.render.turn" if seat == view.get("active") else "heros.render.ask"
    text = tr(key, locale, names, name=NAME_MARK)
    w = badge_line(None, (0, 0), text, names, seat, 22, max_width=540)
    badge_line(img, (x - w, 45), text, names, seat, 22, max_width=540)
    return x - w


def _winner_pills(img: Image.Image, draw: ImageDraw.ImageDraw, names: Sequence[str],
                  locale: str, winners: Sequence[int], right: tuple[float, float], size: int,
                  label_size: int) -> float:
    """"Winners:" and their names from the right, within 540 px that the names share."""
    x, y = right
    label = tr("heros.render.winners", locale, names, name="").strip()
    share = (540 - text_width(label, label_size, True) - 4) / max(1, len(winners)) - 6
    for s in reversed(winners):
        x = name_badge(img, (x, y), seat_name(names, s), size, seat_colour(s), share,
                       min_size=12, anchor="rm")[0] - 6
    return x - 4 - text_line(draw, (x - 4, y), label, label_size, bold=True, anchor="rm")


def _map(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
         names: Sequence[str], locale: str) -> None:
    top = MAP_TOP
    rounded(img, (PAD, top, WIDTH - PAD, top + MAP_H), 18, SEA)
    terrs = {t["id"]: t for t in view.get("territories", [])}
    # borders first, under the boxes
    for a, b in view.get("edges", []):
        if a not in LAYOUT or b not in LAYOUT:
            continue
        if (a, b) in ACROSS or (b, a) in ACROSS:
            continue
        (ax, ay), (bx, by) = LAYOUT[a], LAYOUT[b]
        live = terrs.get(a, {}).get("in_play", True) and terrs.get(b, {}).get("in_play", True)
        colour = shade(SEA, 0.45) if live else shade(SEA, 0.15)
        draw.line((ax, top + ay, bx, top + by), fill=colour, width=7 if live else 4)
    _across(img, draw, view, names, locale)
    for tid, (cx, cy) in LAYOUT.items():
        if tid in terrs:
            _territory(img, draw, terrs[tid], view, names, locale, cx, top + cy)


def _across(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
            names: Sequence[str], locale: str) -> None:
    """Borders across the board's edge (« de l'autre côté du plateau de jeu »): an arrow from
    America to the left edge, and one from Russia and the Pacific to the right edge, each
    labelled with the other end."""
    top = MAP_TOP
    colour = shade(SEA, 0.45)
    ink = shade(SEA, 0.75)
    ax, ay = LAYOUT["america"]
    lane = top + 66
    x0 = PAD + 6
    draw.line((ax, top + ay - BOX_H // 2, ax, lane), fill=colour, width=6)
    draw.line((ax, lane, x0 + 10, lane), fill=colour, width=6)
    draw.polygon([(x0, lane), (x0 + 16, lane - 10), (x0 + 16, lane + 10)], fill=colour)
    others = ", ".join(name_of(locale, o) for o in ("russia", "pacific"))
    draw_text(draw, (x0 + 4, top + 8, LAYOUT["europe"][0] - BOX_W // 2 - 8, lane - 8),
              tr("heros.render.across", locale, names, name=others), 14, fill=ink,
              align="left", max_lines=3, min_size=11)
    x1 = WIDTH - PAD - 6
    rx, ry = LAYOUT["russia"]
    px, py = LAYOUT["pacific"]
    lane_x = x1 - 10
    draw.line((rx + BOX_W // 2, top + ry, x1 - 10, top + ry), fill=colour, width=6)
    draw.line((px + BOX_W // 2, top + py, lane_x, top + py), fill=colour, width=6)
    draw.line((lane_x, top + py, lane_x, top + ry), fill=colour, width=6)
    draw.polygon([(x1, top + ry), (x1 - 16, top + ry - 10), (x1 - 16, top + ry + 10)],
                 fill=colour)
    draw_text(draw, (rx + BOX_W // 2 + 10, top + ry - 60, x1 - 16, top + ry - 8),
              tr("heros.render.across", locale, names, name=name_of(locale, "america")), 14,
              fill=ink, align="right", max_lines=2, min_size=11)


def _territory(img: Image.Image, draw: ImageDraw.ImageDraw, t: Mapping[str, Any],
               view: Mapping[str, Any], names: Sequence[str], locale: str, cx: int,
               cy: int) -> None:
    x0, y0 = cx - BOX_W // 2, cy - BOX_H // 2
    x1, y1 = x0 + BOX_W, y0 + BOX_H
    live = t.get("in_play", True)
    fill = (BEIGE if t["era"] == "ancient" else ORANGE) if live else OFF
    outline = shade(fill, 0.45)
    if t.get("complete"):
        outline = (30, 126, 52)
    rounded(img, (x0, y0, x1, y1), 14, fill, outline, 4 if t.get("complete") else 2)
    title = name_of(locale, t["id"])
    room = x1 - (96 if live and t.get("complete") else 10)
    draw_text(draw, (x0 + 10, y0 + 4, room, y0 + 30), title, 18, bold=True, align="left",
              max_lines=1, min_size=12)
    if not live:
        draw_text(draw, (x0 + 10, y0 + 40, x1 - 10, y1 - 10),
                  tr("heros.render.out", locale, names), 15, fill=MUTED, max_lines=2)
        return
    if t.get("complete"):
        key = "heros.render.scored" if t.get("scored") else "heros.render.complete"
        badge(img, (x1 - 8, y0 + 17), tr(key, locale, names), 12, (30, 126, 52), anchor="rm")
    # the ladder: slots bottom-up from left to right
    slots = t.get("slots", 3)
    ladder = t.get("ladder", [])
    gap = 6
    sw = (BOX_W - 20 - gap * (slots - 1)) // slots
    sy0, sy1 = y0 + 34, y0 + 96
    for i in range(slots):
        sx0 = x0 + 10 + i * (sw + gap)
        box = (sx0, sy0, sx0 + sw, sy1)
        if i < len(ladder):
            tok = ladder[i]
            tf = BEIGE if tok.get("era") == "ancient" else ORANGE
            rounded(img, box, 8, tint(tf, 0.55), shade(tf, 0.5), 2)
            text_line(draw, (sx0 + sw / 2, sy0 + 18), str(tok.get("value", 0)), 22, bold=True,
                      anchor="mm")
            draw_text(draw, (sx0 + 3, sy0 + 32, sx0 + sw - 3, sy1 - 2),
                      name_of(locale, tok["id"]), 12, max_lines=2, min_size=9, spacing=1.0)
        else:
            rounded(img, box, 8, tint(fill, 0.5), shade(fill, 0.3), 1)
            text_line(draw, (sx0 + sw / 2, (sy0 + sy1) / 2), str(i + 1), 14, fill=shade(fill, 0.4),
                      anchor="mm")
    # population: a disc per present player, in seat colours, with the count
    pops = t.get("population", [])
    present = [(s, v) for s, v in enumerate(pops) if v > 0]
    if not present:
        return
    d = 44 if len(present) <= 4 else 40
    step = (BOX_W - 20) / max(len(present), 1)
    step = min(step, d + 14)
    py = y1 - 6 - d / 2 - 12
    for i, (s, v) in enumerate(present):
        px = x0 + 10 + d / 2 + i * step
        colour = seat_colour(s)
        disc(img, (px, py), d, colour, outline=shade(colour, 0.4), width=2)
        text_line(draw, (px, py), str(v), 18 if v < 100 else 15, bold=True, fill=ink_on(colour),
                  anchor="mm")
        with secondary():  # the disc's colour names the seat; its label is a reminder
            text_line(draw, (px, py + d / 2 + 8), short_name(seat_name(names, s), step - 2, 11,
                                                             False), 11, fill=INK, anchor="mm",
                      max_width=step - 2)


def _players(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
             names: Sequence[str], locale: str, y: int, h: int,
             outcome: Outcome | None = None) -> None:
    """The score track (a bar per player) and each player's gold, hand, supply, wonders; at the
    end the winners starred and a player who resigned tagged."""
    winners = set(outcome.winners) if outcome is not None else set()
    quitter = resigned_seat(outcome)
    rounded(img, (PAD, y, WIDTH - PAD, y + h), 14, PANEL, LINE, 2)
    text_line(draw, (PAD + 14, y + 22), tr("heros.render.score", locale, names), 18, bold=True)
    seats = view.get("seats", [])
    best = max([s.get("points", 0) for s in seats] + [10])
    turn = view.get("turn") or {}
    active = view.get("active")
    hero = (turn.get("hero") or {}).get("id") if turn else None
    if hero and active is not None and outcome is None:
        text = tr("heros.render.hero_now", locale, names, name=NAME_MARK,
                  hero=name_of(locale, hero))
        w = badge_line(None, (0, 0), text, names, active, 16, max_width=560)
        badge_line(img, (WIDTH - PAD - 14 - w, y + 22), text, names, active, 16, max_width=560)
    for s, seat in enumerate(seats):
        ry = y + 44 + 40 * s + 16
        colour = seat_colour(s)
        if s in winners:
            paste(img, star(22), (PAD + 12, ry - 11))
        badge(img, (PAD + 38, ry), seat_name(names, s), 16, colour, max_width=150)
        bx0, bx1 = PAD + 196, PAD + 560
        rounded(img, (bx0, ry - 11, bx1, ry + 11), 11, tint(colour, 0.85))
        length = int((bx1 - bx0) * seat.get("points", 0) / best)
        if length > 0:
            rounded(img, (bx0, ry - 11, bx0 + max(length, 22), ry + 11), 11, colour)
        text_line(draw, (bx1 + 10, ry), str(seat.get("points", 0)), 20, bold=True)
        facts = " · ".join([
            f"{seat.get('gold', 0)} {tr('heros.render.gold', locale, names)}",
            f"{tr('heros.render.hand', locale, names)} {seat.get('hand', 0)}",
            f"{tr('heros.render.supply', locale, names)} {seat.get('supply', 0)}",
            f"{tr('heros.render.discovered', locale, names)} {seat.get('discovered', 0)}",
            f"{tr('heros.render.played', locale, names)} {len(seat.get('played', []))}",
        ])
        fx = bx1 + 56
        if s == quitter:
            fx += text_line(draw, (fx, ry), tr("heros.render.resigned_tag", locale, names), 15,
                            bold=True, fill=RESIGNED) + 10
        draw_text(draw, (fx, ry - 10, WIDTH - PAD - 14, ry + 10), facts, 15, fill=MUTED,
                  align="left", max_lines=1, min_size=12)


def _row(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
         names: Sequence[str], locale: str, y: int, h: int) -> None:
    """The face-up heroes, the turn's drawn discoveries and the last conquest die."""
    rounded(img, (PAD, y, WIDTH - PAD, y + h), 14, PANEL, LINE, 2)
    text_line(draw, (PAD + 14, y + 20), tr("heros.render.row", locale, names), 18, bold=True)
    cw, ch = 232, 160
    for i, hero in enumerate(view.get("row", [])[:3]):
        hero_card(img, hero, locale, names, PAD + 14 + i * (cw + 12), y + 40, cw, ch)
    x = PAD + 14 + 3 * (cw + 12) + 6
    right = WIDTH - PAD - 14
    turn = view.get("turn") or {}
    yy = y + 56
    drawn = turn.get("drawn") or []
    if drawn:
        text = tr("heros.render.drawn", locale, names, n=len(drawn),
                  tokens=", ".join(name_of(locale, k) for k in drawn))
        draw_text(draw, (x, yy - 16, right, yy + 30), text, 16, align="left", max_lines=2)
        yy += 56
    die = view.get("last_die")
    if die:
        face = name_of(locale, die["face"])
        text = tr("heros.render.die", locale, names, face=face, n=die.get("value", 0))
        rounded(img, (x, yy - 6, right, yy + 86), 12, (250, 244, 230), LINE, 2)
        text_line(draw, (x + 12, yy + 14), text, 17, bold=True, max_width=right - x - 24)
        effect = tr(f"heros.face.{die['face']}", locale, names)
        text_line(draw, (x + 12, yy + 38), effect, 14, fill=MUTED, max_width=right - x - 24)
        a, d = die.get("attacker"), die.get("defender")
        if a is not None and d is not None:
            bx = x + 12
            box = badge(img, (bx, yy + 64), seat_name(names, a), 14, seat_colour(a),
                        max_width=(right - x) / 2 - 30)
            text_line(draw, (box[2] + 8, yy + 64), "→", 16, bold=True)
            badge(img, (box[2] + 30, yy + 64), seat_name(names, d), 14, seat_colour(d),
                  max_width=(right - x) / 2 - 30)


def hero_card(img: Image.Image, hero: Mapping[str, Any], locale: str, names: Sequence[str],
              x: int, y: int, w: int, h: int) -> None:
    """A hero: name, dates, population / discoveries / conquest / treasure, territories, on a
    band of its orientation colour (red conquest, blue discovery, green balanced)."""
    colour = HERO_COLOURS.get(hero.get("colour", ""), (120, 120, 120))
    era_fill = BEIGE if hero.get("era") == "ancient" else ORANGE
    rounded(img, (x, y, x + w, y + h), 12, tint(era_fill, 0.45), shade(era_fill, 0.45), 2)
    rounded(img, (x, y, x + w, y + 34), 12, colour)
    draw = ImageDraw.Draw(img)
    draw_text(draw, (x + 8, y + 2, x + w - 8, y + 32), name_of(locale, hero["id"]), 17, bold=True,
              fill=ink_on(colour), max_lines=1, min_size=11)
    text_line(draw, (x + 10, y + 46), dates(hero.get("dates", ""), locale), 12, fill=MUTED,
              max_width=w - 20)
    stats = [(tr(f"heros.render.abbr.{k}", locale, names), hero.get(k, 0))
             for k in ("population", "discoveries", "conquest", "treasure")]
    sw = (w - 20) / 4
    for i, (label, value) in enumerate(stats):
        sx = x + 10 + i * sw + sw / 2
        rounded(img, (int(sx - sw / 2 + 2), y + 58, int(sx + sw / 2 - 2), y + 100), 8, PANEL,
                LINE, 1)
        text_line(draw, (sx, y + 70), label, 12, fill=MUTED, anchor="mm", max_width=sw - 4)
        text_line(draw, (sx, y + 88), str(value), 20, bold=True, anchor="mm")
    terrs = ", ".join(name_of(locale, t) for t in hero.get("territories", []))
    draw_text(draw, (x + 8, y + 104, x + w - 8, y + h - 4), terrs, 14, max_lines=3, min_size=10,
              spacing=1.05)


def _wonders(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
             names: Sequence[str], locale: str, y: int, h: int) -> None:
    """Each wonder on two lines: its whole name and its owner (or "available"), then its power
    (wrapped, never cut short of a line)."""
    rounded(img, (PAD, y, WIDTH - PAD, y + h), 14, PANEL, LINE, 2)
    text_line(draw, (PAD + 14, y + 22), tr("heros.render.wonders", locale, names), 18, bold=True,
              max_width=WIDTH - 60)
    col_w = (WIDTH - 2 * PAD - 28) // 2
    for i, w in enumerate(view.get("wonders", [])):
        cx = PAD + 14 + (i % 2) * (col_w + 0)
        cy = y + 44 + WONDER_ROW * (i // 2)
        fill = BEIGE if w.get("era") == "ancient" else ORANGE
        rounded(img, (cx, cy, cx + col_w - 10, cy + WONDER_ROW - 4), 8, tint(fill, 0.35),
                shade(fill, 0.4), 1)
        owner = w.get("owner")
        right = cx + col_w - 18
        if owner is not None:
            state = tr("heros.render.used", locale, names) if w.get("used") else ""
            box = badge(img, (right, cy + 14), seat_name(names, owner), 13, seat_colour(owner),
                        anchor="rm", max_width=150)
            if state:
                text_line(draw, (box[0] - 6, cy + 14), state, 12, fill=MUTED, anchor="rm")
        else:
            free = tr("heros.render.free", locale, names)
            text_line(draw, (right, cy + 14), free, 12, fill=MUTED, anchor="rm")
        text_line(draw, (cx + 8, cy + 14), name_of(locale, w["id"]), 15, bold=True)
        power = tr(f"heros.power.{w['id']}", locale, names)
        draw_text(draw, (cx + 8, cy + 26, cx + col_w - 18, cy + WONDER_ROW - 6), power, 13,
                  fill=MUTED, align="left", max_lines=2, min_size=10, spacing=1.0)
