"""7 Wonders Duel's components looked up by name (`/game card`): every card, wonder and progress
token of the base game in words, from their data (data/duel/*.json) and the catalogues
(data/duel/i18n/cards.*.json); each expansion adds its own (`Expansion.lookup`).

A component's lines: what it does, what it costs, its victory points, shields, science symbol
and chains. The effects are said by kind (`duel.card.effect.<kind>`), so a new card of a known
kind needs no new text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core import Component, Msg, ids_in
from engine.i18n import has

from . import cards
from .cards import RESOURCES, load
from .expansion import registered

ROMAN = {1: "I", 2: "II", 3: "III"}


def _join(items: Iterable[Any]) -> tuple[Any, ...]:
    """A list parameter (engine.i18n joins it with commas, in the reader's language)."""
    return tuple(items)


def amounts(cost: Mapping[str, int]) -> tuple[Msg, ...]:
    """`{"coins": 2, "wood": 1}` as `2 coins`, `1 wood`."""
    out = []
    if cost.get("coins"):
        out.append(Msg("duel.card.coins", {"n": cost["coins"]}))
    for res in RESOURCES:
        if cost.get(res):
            out.append(Msg("duel.card.amount", {"n": cost[res], "what": Msg(f"duel.tok.{res}")}))
    return tuple(out)


def cost_line(cost: Mapping[str, int]) -> Msg:
    shown = amounts(cost)
    return Msg("duel.card.cost", {"cost": _join(shown)}) if shown else Msg("duel.card.cost_none")


def _colours(colours: list[str]) -> Msg:
    """One colour, or two: « brown or grey »."""
    first = Msg(f"duel.colour.{colours[0]}")
    if len(colours) == 1:
        return first
    return Msg("duel.card.or", {"a": first, "b": _colours(colours[1:])})


def effect_line(kind: str, value: Any) -> Msg | None:
    """One effect of a card or wonder in words; None for an effect said elsewhere."""
    if kind in ("produce", "trade_fixed", "produce_choice"):
        if isinstance(value, Mapping):
            what: Any = _join(amounts(value))
        else:
            what = _join(Msg(f"duel.tok.{r}") for r in value)
        return Msg(f"duel.card.effect.{kind}", {"what": what})
    if kind == "coins_per_card":
        return Msg("duel.card.effect.coins_per_card",
                   {"n": value["coins"], "colour": _colours(value["colours"])})
    if kind == "guild":
        counts = value["counts"]
        lines = []
        if value.get("coins"):
            lines.append(Msg("duel.card.guild.coins", {"n": value["coins"],
                                                        "what": Msg(f"duel.card.counts.{counts}")}))
        key = "duel.card.guild.points_coins" if counts == "coins" else "duel.card.guild.points"
        lines.append(Msg(key, {"n": value["points"], "what": Msg(f"duel.card.counts.{counts}")}))
        return Msg("duel.card.lines", {"a": lines[0], "b": lines[1]}) if len(lines) == 2 \
            else lines[0]
    if kind == "destroy":
        return Msg("duel.card.effect.destroy", {"colour": Msg(f"duel.colour.{value}")})
    if kind == "token":
        return None  # a progress token: its own text (kind_lines)
    if isinstance(value, bool):
        return Msg(f"duel.card.effect.{kind}")
    return Msg(f"duel.card.effect.{kind}", {"n": value})


def describe(comp: cards.Component, kind: Msg | None = None) -> Component:
    """A card, wonder or progress token of the base game's shape, in words."""
    lines: list[Msg] = []
    if comp.kind == "progress":
        # the words of the token's tile (render), or the catalogue's for an expansion's token
        key = f"duel.render.token.{comp.id}"
        lines.append(Msg("duel.card.effect_words",
                         {"text": Msg(key if has(key) else f"duel.card.token.{comp.id}")}))
    else:
        for effect in comp.effects:
            for k, v in effect.items():
                line = effect_line(k, v)
                if line is not None:
                    lines.append(line)
        if comp.shields:
            lines.append(Msg("duel.card.shields", {"n": comp.shields}))
        if comp.science:
            lines.append(Msg("duel.card.science", {"symbol": Msg(f"duel.card.symbol.{comp.science}")}))
        if comp.points:
            lines.append(Msg("duel.card.points", {"n": comp.points}))
        lines.append(cost_line(comp.cost))
        if comp.chain_from:
            lines.append(Msg("duel.card.chain_from",
                             {"symbol": Msg(f"duel.card.symbol.{comp.chain_from}")}))
        if comp.chain_gives:
            lines.append(Msg("duel.card.chain_gives",
                             {"symbol": Msg(f"duel.card.symbol.{comp.chain_gives}")}))
    if kind is None:
        if comp.kind == "card":
            colour = "guild" if comp.colour == "purple" else comp.colour
            kind = Msg(f"duel.card.kind.card.{colour}", {"age": ROMAN.get(comp.age or 0, "")})
        else:
            kind = Msg(f"duel.card.kind.{comp.kind}")
    return Component(comp.id, kind, Msg(f"duel.tok.{comp.id}"), tuple(lines))


def components(options: Mapping[str, Any]) -> list[Component]:
    """The base game's cards, wonders and tokens, then each expansion's the options set up."""
    comps = load()
    out = [describe(c) for table in (comps.cards, comps.wonders, comps.tokens)
           for c in table.values()]
    for ext in registered():
        if options.get(ext.key):
            out += ext.lookup()
    return out


def shown(view: Mapping[str, Any]) -> list[str]:
    """What a view shows face up, as ids a reader may look up: the structure's face-up cards,
    the wonders offered or in a city, the tokens, each city's cards, the discard pile, and an
    expansion's (leaders, senators): every id of a known component found in it, once."""
    return ids_in(view, _known)


def _known(cid: str) -> bool:
    try:
        load().get(cid)
    except KeyError:
        return False
    return True
