"""7 Wonders Duel: Agora on the turn picture: the Senate beside the military track, the chambers
each player controls, and the sentences of Agora's verbs in the last move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import LINE as RULE
from render.common import (
    MUTED,
    PANEL,
    Box,
    badge,
    fit_lines,
    name_badge,
    rounded,
    seat_colour,
    seat_name,
    shade,
    text_line,
    tint,
)
from render.duel import parts
from render.duel.extension import Told
from render.duel.parts import name_of, t
from render.duel.sentence import paid
from render.duel.turn_frame import ES


def controlled(view: Mapping[str, Any], seat: int) -> int:
    """The chambers of the Senate the seat controls."""
    return sum(1 for ch in (view.get("agora") or {}).get("senate") or []
               if ch.get("control") == seat)


SENATE_BELOW = 140  # how far the Senate's panel reaches below the track, into the side column
DRAFT_BELOW = 80  # during the wonder draft: a line of legend, the column shows the wonders
LABEL_W = 124  # the column of the players' names
LINE = 24  # a line of the legend


def senate(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
           box: Box) -> None:
    """The Senate as a small table read at the preview's size (issue 25: a strip of "0·0"
    at 13 px could not be): a column per chamber (its number on top), a row per player (their
    name, then their cubes in each chamber, at the essential size), each chamber framed in the
    colour of who controls it; under it the legend: each controlled chamber, in its
    controller's colour, with its decree in words where it is public."""
    x0, y0, x1, y1 = box
    parts.panel(img, box, 12, PANEL, RULE, 2)
    d = ImageDraw.Draw(img)
    chambers = list((view.get("agora") or {}).get("senate") or [])
    if y1 - y0 < 100:  # as tall as the track (the end: the score table has the Senate's points)
        _strip(img, chambers, locale, box)
        return
    text_line(d, (x0 + 10, y0 + 16), t("turn.senate", locale), ES, bold=True,
              max_width=LABEL_W - 10)
    cx0 = x0 + LABEL_W
    cw = (x1 - 8 - cx0) / max(1, len(chambers))
    top, bottom = y0 + 28, y0 + 88
    rows = (y0 + 44, y0 + 72)
    for seat, ry in enumerate(rows):
        name_badge(img, (x0 + 8, ry), seat_name(names, seat), 20, seat_colour(seat),
                   LABEL_W - 14, min_size=ES)
    for i, ch in enumerate(chambers):
        left = cx0 + i * cw
        ctrl = ch.get("control")
        mid = left + cw / 2
        text_line(d, (mid, y0 + 16), str(ch.get("chamber", i + 1)), ES, bold=True,
                  fill=MUTED, anchor="mm")
        if ctrl is not None:
            colour = seat_colour(int(ctrl))
            rounded(img, (left + 2, top, left + cw - 2, bottom), 7, tint(colour, 0.8), colour, 3)
        cubes = list(ch.get("cubes") or [0, 0])
        for seat, ry in enumerate(rows):
            n = int(cubes[seat]) if seat < len(cubes) else 0
            ink = shade(seat_colour(seat), 0.35) if n else MUTED
            text_line(d, (mid, ry), str(n), 20 if n else ES, bold=bool(n), fill=ink,
                      anchor="mm")
    _legend(img, chambers, locale, (x0 + 8, bottom + 6, x1 - 8, y1 - 4))


def _strip(img: Image.Image, chambers: list[Mapping[str, Any]], locale: str, box: Box) -> None:
    """The Senate in one line: each chamber in its controller's colour with both players'
    cubes ("2·1"), at the essential size."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    lw = text_line(d, (x0 + 10, (y0 + y1) / 2), t("turn.senate", locale), ES, bold=True)
    cx0 = x0 + 10 + lw + 6
    cw = (x1 - 8 - cx0) / max(1, len(chambers))
    for i, ch in enumerate(chambers):
        left = cx0 + i * cw
        ctrl = ch.get("control")
        fill = seat_colour(int(ctrl)) if ctrl is not None else (236, 230, 218)
        rounded(img, (left + 1, y0 + 10, left + cw - 1, y1 - 10), 6, fill, shade(fill, 0.3), 2)
        cubes = list(ch.get("cubes") or [0, 0])
        text_line(d, (left + cw / 2, (y0 + y1) / 2), "·".join(str(n) for n in cubes[:2]), ES,
                  bold=True, fill=(255, 255, 255) if ctrl is not None else MUTED, anchor="mm",
                  max_width=cw - 2)


def _decree_text(ch: Mapping[str, Any], locale: str) -> str:
    """A chamber's decree(s) in words; a face-down one as such."""
    words = [t("agora.decree_down", locale) if dec is None
             else name_of(str(dec), locale).split(":", 1)[-1].strip()
             for dec in ch.get("decrees") or []]
    return " + ".join(words) or t("agora.no_decree", locale)


def _legend(img: Image.Image, chambers: list[Mapping[str, Any]], locale: str,
            box: Box) -> None:
    """The controlled chambers, each as its number in its controller's colour and the decree
    that player benefits from; as many as fit, then how many more."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    held = [ch for ch in chambers if ch.get("control") is not None]
    if not held:
        text_line(d, (x0, y0 + LINE / 2), t("agora.turn.nobody", locale), ES, fill=MUTED,
                  max_width=x1 - x0)
        return
    room = int((y1 - y0) // LINE)
    shown = held if len(held) <= room else held[: room - 1]  # the last line: how many more
    spare = room - len(shown) - (len(shown) < len(held))
    y = y0
    for ch in shown:
        chip = badge(img, (x0, y + LINE / 2), str(ch.get("chamber", "")), ES,
                     seat_colour(int(ch["control"])))
        tx = chip[2] + 8
        most = 1 + spare  # a decree too long for a line takes a spare one
        lines, _ = fit_lines(_decree_text(ch, locale), x1 - tx, LINE * most, ES, False, ES,
                             most, LINE / ES)
        spare -= len(lines) - 1
        for line in lines:
            text_line(d, (tx, y + LINE / 2), line, ES, max_width=x1 - tx)
            y += LINE
    if len(shown) < len(held):
        text_line(d, (x0, y + LINE / 2), t("agora.turn.more", locale, n=len(held) - len(shown)),
                  ES, fill=MUTED, max_width=x1 - x0)


def last_move(verb: str, kind: str, told: Told) -> str | None:
    """The last move's sentence for Agora's verbs (render/duel/sentence.py `last_move`)."""
    args, params = told.args, told.params
    first = args[0] if args else ""
    if verb == "recruit" and first and kind == "senator":
        how, n = paid(args[1:])
        params |= {"thing": told.thing(first), "n": n}
        told.gained = first
        return f"senator.{'pay' if how == 'pay' else 'free'}"
    if verb == "build" and first:  # a free build (a conspiracy)
        _, n = paid(args[1:])
        params |= {"card": told.thing(first), "n": n}
        told.gained = first
        return "construct.free"
    if verb == "skip":
        return "pass"
    if verb == "conspire":
        return "conspire"
    if verb == "keep" and len(args) >= 2:
        return f"keep.{'top' if args[1] == 'top' else 'bottom'}"
    if verb == "place":
        params["n"] = told.num(0)
        return "place"
    if verb in ("move", "shift") and len(args) >= 2:
        params["a"], params["b"] = told.num(0), told.num(1)
        return verb
    if verb == "remove":
        params["n"] = told.num(0)
        return "remove"
    if verb == "trigger":
        return "trigger"
    if verb == "prepare" and len(args) >= 2:
        params["card"] = told.thing(args[1])
        return "prepare"
    if verb in ("take", "raze") and first:
        params["wonder"] = told.thing(first)
        told.gained = first if verb == "take" else None
        return verb
    if verb == "obscure" and first:
        params["token"] = told.thing(first)
        return "obscure"
    if verb in ("scrap", "steal") and first:
        params["card"] = told.thing(first)
        told.gained = first if verb == "steal" else None
        return verb
    if verb == "swap" and first:
        params["card"] = told.thing(first)
        told.gained = first
        if len(args) >= 2:
            params["mine"] = told.thing(args[1])
            return "swap.give"
        return "swap"
    return None
