"""Res Publica's components looked up by name (`/game card`): each kind of card (how many there
are, the group it is laid as) and each point card (its values), from data/respublica/cards.json
in the words of data/respublica/i18n/cards.*.json; the classic variant has fewer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Component, Msg, ids_in

from .cards import CLASSIC, FULL, raw, variant

G = "res-publica"


def _kind(v_name: str, kind: str) -> Component:
    v = variant(v_name)
    group = v.groups[kind]
    lines = [Msg(f"{G}.card.count", {"n": v.counts[kind]}),
             Msg(f"{G}.card.group.{group.card}", {"n": group.size})]
    if group.size_with_library is not None and "library" in v.piles:  # not in the classic game
        lines.append(Msg(f"{G}.card.with_library", {"n": group.size_with_library}))
    lines.append(Msg(f"{G}.card.pairs"))
    return Component(kind, Msg(f"{G}.card.kind.{v.family[kind]}"), Msg(f"{G}.kind.{kind}"),
                     tuple(lines))


def _pile(v_name: str, card: str) -> Component:
    values = variant(v_name).piles[card]
    lines = [Msg(f"{G}.card.pile.{card}"),
             Msg(f"{G}.card.values", {"n": len(values), "values": tuple(values)})
             if len(set(values)) > 1 else
             Msg(f"{G}.card.values_same", {"n": len(values), "value": values[0]})]
    return Component(card, Msg(f"{G}.card.kind.points"), Msg(f"{G}.render.card.{card}"),
                     tuple(lines))


def components(options: Mapping[str, Any]) -> list[Component]:
    name = CLASSIC if options.get("classic") else FULL
    v = variant(name)
    return [*(_kind(name, k) for k in v.kinds), *(_pile(name, p) for p in v.piles)]


PILES = {"towns": "town", "cities": "city", "churches": "church", "libraries": "library"}


def shown(view: Mapping[str, Any]) -> list[str]:
    """The kinds and point cards a view names (a hand, the groups laid), once, then the point
    cards of the piles still holding some."""
    known = {k["kind"] for k in raw()["kinds"]} | {p["card"] for p in raw()["piles"]}
    out = ids_in(view, known.__contains__)
    piles = view.get("piles") or {}
    return out + [card for pile, card in PILES.items() if piles.get(pile) and card not in out]
