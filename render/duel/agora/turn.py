"""7 Wonders Duel: Agora on the turn picture: the Senate beside the military track, the chambers
each player controls, and the sentences of Agora's verbs in the last move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import LINE, MUTED, PANEL, Box, rounded, seat_colour, secondary, shade, text_line
from render.duel import parts
from render.duel.extension import Told
from render.duel.parts import t
from render.duel.sentence import paid
from render.duel.turn_frame import ES


def controlled(view: Mapping[str, Any], seat: int) -> int:
    """The chambers of the Senate the seat controls."""
    return sum(1 for ch in (view.get("agora") or {}).get("senate") or []
               if ch.get("control") == seat)


def senate(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            box: Box) -> None:
    """The six chambers beside the military track, each coloured by who controls it."""
    x0, y0, x1, y1 = box
    parts.panel(img, box, 12, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    lw = text_line(d, (x0 + 10, (y0 + y1) / 2), t("turn.senate", locale), ES, bold=True)
    senate = list((view.get("agora") or {}).get("senate") or [])
    cx0 = x0 + 10 + lw + 8
    cw = (x1 - 10 - cx0) / max(1, len(senate))
    for i, ch in enumerate(senate):
        left = cx0 + i * cw
        ctrl = ch.get("control")
        fill = seat_colour(ctrl) if ctrl is not None else (236, 230, 218)
        rounded(img, (left + 2, y0 + 10, left + cw - 2, y1 - 10), 6, fill,
                shade(fill, 0.3), 2)
        cubes = list(ch.get("cubes") or [0, 0])
        with secondary():
            text_line(d, (left + cw / 2, (y0 + y1) / 2), f"{cubes[0]}·{cubes[1]}", 13,
                      bold=True, fill=(255, 255, 255) if ctrl is not None else MUTED,
                      anchor="mm")





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
