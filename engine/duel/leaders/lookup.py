"""Leaders' components looked up by name (`/game card`): the 43 leaders and the 2 wonders, their
powers in the words the pictures use (`duel.render.power.*`), their recruitment cost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Component, Msg
from engine.duel import lookup
from engine.duel.cards import Component as Card
from engine.i18n import has

from .data import load


def power(kind: str, value: Any) -> Msg:
    """One power of a leader or of Rome / Abu Simbel, as its tile says it."""
    if kind == "chains":
        return Msg("duel.card.leaders.chains",
                   {"what": tuple(Msg(f"duel.card.symbol.{s}") for s in value)})
    params: dict[str, Any] = {}
    if isinstance(value, Mapping):
        params["n"] = value.get("points", 0)
        params["what"] = tuple(Msg(f"duel.colour.{c}") for c in value.get("colours", ()))
    elif isinstance(value, list):
        params["n"] = len(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        params["n"] = value
    key = f"duel.render.power.{kind}"
    if not has(key):
        key = f"duel.render.leaders.effect.{kind}"
    return Msg("duel.card.leaders.power", {"text": Msg(key, params)})


def leader(comp: Card) -> Component:
    lines = [power(k, v) for e in comp.effects for k, v in e.items()]
    if comp.points:
        lines.append(Msg("duel.card.points", {"n": comp.points}))
    if comp.shields:
        lines.append(Msg("duel.card.shields", {"n": comp.shields}))
    lines.append(Msg("duel.card.leaders.cost", {"n": comp.coin_cost}))
    return Component(comp.id, Msg("duel.card.kind.leader"), Msg(f"duel.tok.{comp.id}"), tuple(lines))


def wonder(comp: Card) -> Component:
    lines = [power(k, v) for e in comp.effects for k, v in e.items()]
    if comp.points:
        lines.append(Msg("duel.card.points", {"n": comp.points}))
    lines.append(lookup.cost_line(comp.cost))
    return Component(comp.id, Msg("duel.card.kind.leaders_wonder"), Msg(f"duel.tok.{comp.id}"),
                     tuple(lines))


def components() -> list[Component]:
    found = load()
    return [*(leader(c) for c in found.leaders.values()), *(wonder(c) for c in found.wonders.values())]
