"""Why a text is refused, precisely, and from public information only.

A card that is not accessible gets the same answer wherever it really is (face down, removed,
in a later age's deck), so a refusal never tells where a hidden card lies; the Great Library's
drawn tokens are never listed either.
"""

from __future__ import annotations

from typing import Any, NoReturn

from engine.core import IllegalAction, Msg, State

from . import city, payment
from . import structure as st
from .cards import load
from .expansion import enabled
from .moves import WONDER_LIMIT, options, wonders_built

PHASE_VERBS = {
    "draft": ("draft",),
    "play": ("construct", "discard", "wonder"),
    "progress": ("progress",),
    "library": ("progress",),
    "mausoleum": ("mausoleum",),
    "destroy": ("destroy",),
    "start": ("start",),
}


def _name(cid: str) -> Any:
    """A known id is shown by its translated name, anything else as typed."""
    try:
        load().get(cid)
    except KeyError:
        return cid
    return Msg(f"duel.tok.{cid}")


def _arg(tokens: list[str], i: int) -> str:
    return tokens[i] if len(tokens) > i else ""


def refuse(state: State, seat: int, text: str) -> NoReturn:
    tokens = text.split()
    if not tokens:
        raise IllegalAction("error.empty_action")
    for ext in enabled(state):  # the expansions' verbs and phases
        ext.refuse(state, seat, tokens)
    phase = state["phase"]
    verbs = PHASE_VERBS.get(phase, ())
    if tokens[0] not in verbs:
        # What the phase expects, as a phrase in the reader's words (data/duel/i18n/expected)
        raise IllegalAction("duel.error.verb", verb=tokens[0],
                            expected=Msg(f"duel.expect.{phase}") if verbs else "")
    if phase == "play":
        _refuse_play(state, seat, tokens)
    elif phase == "draft" and _arg(tokens, 1) not in state["draft"]["offer"]:
        raise IllegalAction("duel.error.not_offered", wonder=_name(_arg(tokens, 1)))
    elif phase in ("progress", "library"):
        raise IllegalAction("duel.error.token_unavailable", token=_name(_arg(tokens, 1)))
    elif phase == "mausoleum" and _arg(tokens, 1) not in state["discard"]:
        raise IllegalAction("duel.error.not_in_discard", card=_name(_arg(tokens, 1)))
    elif phase == "destroy":
        colour = Msg(f"duel.colour.{state['pending'][0]['colour']}")
        raise IllegalAction("duel.error.cannot_destroy", card=_name(_arg(tokens, 1)), colour=colour)
    elif phase == "start":
        raise IllegalAction("duel.error.start_seat", seat=_arg(tokens, 1))
    _suggest(state, seat, tokens)


def _refuse_play(state: State, seat: int, tokens: list[str]) -> None:
    coins = city.player(state, seat)["coins"]
    verb = tokens[0]
    if verb == "wonder":
        wid = _arg(tokens, 1)
        mine = {w["id"]: w for w in city.player(state, seat)["wonders"]}
        if wid not in mine:
            raise IllegalAction("duel.error.not_your_wonder", wonder=_name(wid))
        if mine[wid]["card"] is not None:
            raise IllegalAction("duel.error.wonder_built", wonder=_name(wid))
        if wonders_built(state) >= WONDER_LIMIT:
            raise IllegalAction("duel.error.wonder_limit", limit=WONDER_LIMIT)
        _accessible(state, _arg(tokens, 2))
        cost = payment.cheapest(state, seat, load().get(wid)).coins
        if cost > coins:
            raise IllegalAction(
                "duel.error.cannot_afford", thing=_name(wid), cost=cost, coins=coins
            )
        return
    cid = _arg(tokens, 1)
    _accessible(state, cid)
    if verb == "construct":
        comp = load().get(cid)
        if not payment.chained(state, seat, comp):
            cost = payment.cheapest(state, seat, comp).coins
            if cost > coins:
                raise IllegalAction(
                    "duel.error.cannot_afford", thing=_name(cid), cost=cost, coins=coins
                )


def _accessible(state: State, cid: str) -> None:
    if not cid:
        raise IllegalAction("duel.error.which_card")
    if cid not in st.accessible_cards(state):
        raise IllegalAction("duel.error.not_accessible", card=_name(cid))


def _suggest(state: State, seat: int, tokens: list[str]) -> NoReturn:
    """The text is nearly right (e.g. a wrong price): show the legal texts that start alike."""
    legal = list(options(state, seat))
    for depth in range(len(tokens), 0, -1):
        prefix = tokens[:depth]
        alike = [t for t in legal if t.split()[:depth] == prefix]
        if alike:
            raise IllegalAction("duel.error.did_you_mean", texts=" | ".join(alike[:6]))
    raise IllegalAction("duel.error.unknown", action=" ".join(tokens))
