"""Seven Hills' components looked up by name (`/game card`): the 84 cards (class, colour, extra
action, legion icon), the hills and the Forum, and what the rules name on the board: the Temple
of Jupiter, Campus Martius and its camps, the consul; from data/sevenhills/components.json in
the words of data/sevenhills/i18n/cards.*.json. The cards' actions and legion icons, and the era
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


TEMPLE, CAMPUS, CONSUL = "temple", "campus-martius", "consul"


def _temple() -> Component:
    """§IV.5, §V.1 Pioche: the token on the Capitolium says how many cards a draw takes."""
    c = load()
    lines = (Msg(f"{G}.card.temple.shows", {"start": c.temple_start}),
             Msg(f"{G}.card.temple.draw", {"n": c.hand_limit - 1}))
    return Component(TEMPLE, Msg(f"{G}.card.kind.token"), Msg(f"{G}.card.name.temple"), lines)


def _campus() -> Component:
    """§V.2 (2)-(3): Campus Martius holds the consuls' two camps; nobody deploys there."""
    lines = (Msg(f"{G}.card.campus.sector"), Msg(f"{G}.card.campus.legion"),
             Msg(f"{G}.card.campus.waiting"))
    return Component(CAMPUS, Msg(f"{G}.card.kind.sector"), Msg(f"{G}.card.name.campus"), lines)


def _consul() -> Component:
    """§V.2 (1)-(2): the consuls the Forum elects, their prestige and their legions."""
    c = load()
    lines = (Msg(f"{G}.card.consul.elected", {"second": c.consuls[4]}),
             Msg(f"{G}.card.consul.levy", {"points": c.consul_points,
                                           "n": c.legions_per_consul}),
             Msg(f"{G}.card.consul.nobody"))
    return Component(CONSUL, Msg(f"{G}.card.kind.title"), Msg(f"{G}.card.name.consul"), lines)


def components(options: Mapping[str, Any]) -> list[Component]:
    c = load()
    return [*(_card(card.id) for card in c.cards), *(_hill(h) for h in c.hills), _forum(),
            _temple(), _campus(), _consul()]


def shown(view: Mapping[str, Any]) -> list[str]:
    """The cards and sectors a view holds (the discard pile's top, a hand), once, in order;
    then the temple and Campus Martius, which every board shows, and the consul once elected."""
    c = load()
    known = {*(card.id for card in c.cards), *c.hills, FORUM}
    board = [TEMPLE, CAMPUS] if "temple" in view else []
    return ids_in(view, known.__contains__) + board + ([CONSUL] if view.get("consuls") else [])
