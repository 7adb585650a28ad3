"""7 Wonders Duel: Leaders on the turn picture and the hand: a leader as a tile with its power in
plain words, and the sentences of Leaders' verbs in the last move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Msg
from engine.i18n import has, translate
from render.common import MUTED, RGB
from render.duel.extension import Named, Told
from render.duel.item import Item
from render.duel.parts import card_colour, component, t
from render.duel.sentence import paid

LEADER: RGB = (120, 104, 80)  # a leader's tile and pill


def any_item(cid: str) -> Item:
    """A component as a tile: a leader with its cost, or what a leader drew."""
    try:
        comp = component(cid)
    except KeyError:
        return ("plot", cid, MUTED, None)
    kind = str(comp.get("kind") or "card")
    if kind == "leader":
        return ("leader", cid, LEADER, int((comp.get("cost") or {}).get("coins", 0)))
    return (kind, cid, card_colour(comp.get("colour")), None)


def power_text(lid: str, locale: str) -> str:
    """A leader's power in a few plain words (its points, shields and effects)."""
    try:
        comp = component(lid)
    except KeyError:
        return ""
    out: list[str] = []
    if comp.get("points"):
        out.append(t("power.points", locale, n=comp["points"]))
    if comp.get("shields"):
        out.append(translate(Msg("duel.render.leaders.shields", {"n": comp["shields"]}),
                             locale))
    for effect in comp.get("effects") or []:
        kind, value = next(iter(effect.items()))
        params: dict[str, Any] = {}
        if isinstance(value, Mapping):
            params["n"] = value.get("points", 0)
            params["what"] = ", ".join(translate(Msg(f"duel.colour.{c}"), locale)
                                       for c in value.get("colours", ()))
        elif isinstance(value, list):
            params["n"] = len(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            params["n"] = value
        key = f"power.{kind}" if has(f"duel.render.power.{kind}", locale) else \
            f"leaders.effect.{kind}"
        out.append(t(key, locale, **params))
    return " · ".join(out)


def last_move(verb: str, kind: str, told: Told) -> str | None:
    """The last move's sentence for Leaders' verbs (render/duel/sentence.py `last_move`)."""
    args, params = told.args, told.params
    first = args[0] if args else ""
    if verb == "discard" and first and kind == "leader":
        params |= {"card": told.thing(first),
                   "n": told.num(args.index("gain") + 1) if "gain" in args else 0}
        return "dismiss"
    if verb == "recruit" and first and kind == "leader":
        how, n = paid(args[1:])
        params |= {"thing": told.thing(first), "n": n}
        told.gained = first
        return f"recruit.{'pay' if how == 'pay' else 'free'}"
    if verb == "choose":
        return "choose"
    if verb == "pass":
        return "pass"
    if verb == "bury" and first:  # under Abu Simbel
        params |= {"thing": told.thing(first), "wonder": Named("abu-simbel")}
        return "bury"
    if verb in ("euclid", "pythagoras") and first:
        params["card"] = told.thing(first)
        return verb
    if verb == "copy" and first:  # Ptolemy
        params["symbol"] = Named(first)
        return "copy"
    return None
