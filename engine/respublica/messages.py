"""Msg builders shared by the rules: card terms, proposals, card lists, point cards.

Every key built here is `res-publica.<...>` and exists in data/respublica/i18n/{en,fr}.json;
a term's template is plural-aware (param `n`), so "1 Hun card" / "2 Hun cards" read right.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Msg

from .cards import Variant
from .trade import MIX, Proposal


def term(n: int, kind: str) -> Msg:
    return Msg(f"res-publica.term.{kind}", {"n": n})


def kind(kind: str) -> Msg:
    return Msg(f"res-publica.kind.{kind}")


def card(card: str) -> Msg:
    return Msg(f"res-publica.card.{card}")


def proposal(p: Proposal) -> Msg:
    if p.op is None:
        return term(*p.terms[0])
    if p.op == MIX:  # « 2 cartes de construction navale ou d'architecture »
        (n, k1), (_, k2) = p.terms
        return Msg("res-publica.prop.mix", {"n": n, "a": Msg(f"res-publica.tok.{k1}"),
                                            "b": Msg(f"res-publica.tok.{k2}")})
    return Msg(f"res-publica.prop.{p.op}", {"a": term(*p.terms[0]), "b": term(*p.terms[1])})


def cards(v: Variant, hand: Mapping[str, int]) -> tuple[Msg, ...]:
    """A concrete set of cards as a list param (joined with commas when translated)."""
    items = tuple(term(hand[k], k) for k in v.kinds if hand.get(k, 0) > 0)
    return items or (Msg("res-publica.nothing"),)
