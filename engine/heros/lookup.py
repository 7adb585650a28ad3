"""Héros du Monde's components looked up by name (`/game card`): the heroes, the discovery tokens,
the wonders and the territories, from data/heros/*.json in the words of
data/heros/i18n/cards.*.json. Most values are reconstructed (data/heros/README.md): the lines
say so."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core import Component, Msg, ids_in

from .components import STATED_TOKENS, load

# A hero's life dates as the data writes them, in English: "13th c. BC", "63 BC-14 AD",
# "356-323 BC"; dates of our era are numbers alone ("1729-1796").
_CENTURY_BC = re.compile(r"(\d+)th c\. BC")
_BC_AD = re.compile(r"(\d+) BC-(\d+) AD")
_BC = re.compile(r"(\d+(?:-\d+)?) BC")


def dates_msg(text: str) -> Msg | str:
    """A hero's life dates in each language's words (« 13e s. av. J.-C. », "13th c. BC"); dates
    of our era as the data writes them."""
    if found := _CENTURY_BC.fullmatch(text):
        return Msg("heros.dates.century_bc", {"n": int(found[1])})
    if found := _BC_AD.fullmatch(text):
        return Msg("heros.dates.bc_ad", {"bc": found[1], "ad": found[2]})
    if found := _BC.fullmatch(text):
        return Msg("heros.dates.bc", {"years": found[1]})
    return text


def _hero(hid: str) -> Component:
    h = load().heroes[hid]
    lines = (
        Msg("heros.card.hero.stats", {"population": h.population, "discoveries": h.discoveries,
                                       "conquest": h.conquest, "treasure": h.treasure}),
        Msg("heros.card.hero.territories",
            {"territories": tuple(Msg(f"heros.tok.{t}") for t in h.territories)}),
        Msg("heros.card.hero.turn"),
        Msg("heros.card.reconstructed"),
    )
    return Component(hid, Msg("heros.card.kind.hero", {"era": Msg(f"heros.era.{h.era}"),
                                                       "dates": dates_msg(h.dates)}),
                     Msg(f"heros.tok.{hid}"), lines)


def _token(tid: str) -> Component:
    t = load().tokens[tid]
    lines: tuple[Msg, ...] = (Msg("heros.card.token.value", {"n": t.value}),
                              Msg("heros.card.token.rule"))
    if tid not in STATED_TOKENS:  # the few the rulebook names with their value
        lines += (Msg("heros.card.reconstructed"),)
    return Component(tid, Msg("heros.card.kind.token", {"era": Msg(f"heros.era.{t.era}")}),
                     Msg(f"heros.tok.{tid}"), lines)


def _wonder(wid: str) -> Component:
    w = load().wonders[wid]
    lines = [Msg(f"heros.power.{wid}"), Msg("heros.card.wonder.rule")]
    if w.min_players > 2:
        lines.append(Msg("heros.card.wonder.min_players", {"n": w.min_players}))
    lines.append(Msg("heros.card.reconstructed"))
    return Component(wid, Msg("heros.card.kind.wonder", {"era": Msg(f"heros.era.{w.era}")}),
                     Msg(f"heros.tok.{wid}"), tuple(lines))


def _territory(tid: str) -> Component:
    t = load().territories[tid]
    lines = (Msg("heros.card.territory.slots", {"n": t.slots}),
             Msg("heros.card.territory.adjacent",
                 {"territories": tuple(Msg(f"heros.tok.{a}") for a in t.adjacent)}))
    return Component(tid, Msg("heros.card.kind.territory", {"era": Msg(f"heros.era.{t.era}")}),
                     Msg(f"heros.tok.{tid}"), lines)


def components(options: Mapping[str, Any]) -> list[Component]:
    c = load()
    return [*(_hero(h) for h in c.heroes), *(_token(t) for t in c.tokens),
            *(_wonder(w) for w in c.wonders), *(_territory(t) for t in c.territories)]


def shown(view: Mapping[str, Any]) -> list[str]:
    """Every component id a view holds (the offer, the heroes played or in a hand, the tokens
    placed, the wonders built, the territories), once, in the order met."""
    c = load()
    known = {*c.heroes, *c.tokens, *c.wonders, *c.territories}
    return ids_in(view, known.__contains__)
