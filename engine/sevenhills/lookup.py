"""Seven Hills' components looked up by name (`/game card`): the 84 cards (class, colour, extra
action, legion icon) and the hills and the Forum, from data/sevenhills/components.json in the
words of data/sevenhills/i18n/cards.*.json. The cards' actions and legion icons, and the era
each hill opens in, are reconstructed (data/sevenhills/README.md): the lines say so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Component, Msg, ids_in

from .components import FORUM, load
from .step import G


def _card(cid: str) -> Component:
    c = load().card(cid)
    lines = [Msg(f"{G}.card.class.{c.cls}")]
    if c.power:
        lines.append(Msg(f"{G}.card.power", {"power": Msg(f"{G}.power.{c.power}")}))
    lines.append(Msg(f"{G}.card.legion", {"legion": Msg(f"{G}.legion.{c.legion}")}))
    lines.append(Msg(f"{G}.card.reconstructed"))
    kind = Msg(f"{G}.card.kind.card", {"cls": Msg(f"{G}.tok.{c.cls}"),
                                       "colour": Msg(f"{G}.colour.{c.colour}")})
    return Component(cid, kind, Msg(f"{G}.tok.{cid}"), tuple(lines))


def _hill(hid: str) -> Component:
    c = load()
    lines = (Msg(f"{G}.card.hill.opens", {"era": c.opens[hid]}),
             Msg(f"{G}.card.hill.scoring", {"new": c.new_points[0], "new2": c.new_points[1],
                                            "old": c.old_points[0], "old2": c.old_points[1]}),
             Msg(f"{G}.card.hill.reconstructed"))
    return Component(hid, Msg(f"{G}.card.kind.hill"), Msg(f"{G}.tok.{hid}"), lines)


def _forum() -> Component:
    c = load()
    return Component(FORUM, Msg(f"{G}.card.kind.forum"), Msg(f"{G}.tok.{FORUM}"),
                     (Msg(f"{G}.card.forum", {"n": c.consul_points}),))


def components(options: Mapping[str, Any]) -> list[Component]:
    c = load()
    return [*(_card(card.id) for card in c.cards), *(_hill(h) for h in c.hills), _forum()]


def shown(view: Mapping[str, Any]) -> list[str]:
    """The cards and sectors a view holds (the discard pile's top, a hand), once, in order."""
    c = load()
    known = {*(card.id for card in c.cards), *c.hills, FORUM}
    return ids_in(view, known.__contains__)
