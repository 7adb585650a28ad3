"""What a player's city gives, derived from the state (never stored twice).

A player in the state is `{"coins", "cards", "wonders": [{"id", "card"}], "tokens", "shields"}`:
`cards` is every card constructed, in order; a wonder is built when its `card` (the Age card
tucked under it) is set.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from engine.core import State

from .cards import RESOURCES, SCIENCE, get
from .expansion import enabled

TRADE_BASE = 2  # 7wd.md §1.7 Trading: 2 + the opponent's brown and grey production
TRADE_FIXED = 1  # the reserves and the Customs House


def player(state: State, seat: int) -> dict[str, Any]:
    return state["players"][seat]


def cards(state: State, seat: int, colours: tuple[str, ...] | None = None) -> list[str]:
    own = player(state, seat)["cards"]
    if colours is None:
        return list(own)
    return [c for c in own if get(c).colour in colours]


def count(state: State, seat: int, *colours: str) -> int:
    by_colour = _colours(tuple(state["players"][seat]["cards"]))
    n = 0
    for c in colours:  # a loop, not a generator: discards, coins and the Senate ask it
        n += by_colour.get(c, 0)
    return n


@lru_cache(maxsize=8192)  # a function of the cards alone: discards, coins and the Senate ask it
def _colours(own: tuple[str, ...]) -> dict[str | None, int]:
    """How many of the cards are of each colour (shared: read it, never change it)."""
    if not own:
        return {}
    out = dict(_colours(own[:-1]))  # (see `_production`)
    colour = get(own[-1]).colour
    out[colour] = out.get(colour, 0) + 1
    return out


def built_wonders(state: State, seat: int) -> list[str]:
    return [w["id"] for w in player(state, seat)["wonders"] if w["card"] is not None]


def has_token(state: State, seat: int, flag: str) -> bool:
    """Whether the seat owns the progress token with that lasting effect (`economy`, ...)."""
    return flag in token_effects(tuple(state["players"][seat]["tokens"]))


def production(state: State, seat: int) -> dict[str, int]:
    """Fixed production: brown and grey cards only (also what sets the opponent's trade price)."""
    return dict(_production(tuple(player(state, seat)["cards"])))


@lru_cache(maxsize=8192)  # a function of the cards alone: every turn prices with it, twice
def _production(own: tuple[str, ...]) -> dict[str, int]:
    # A city grows by one card at the end, so the city without it is nearly always kept: one
    # card's worth added to it (a card destroyed elsewhere in the list works back further).
    if not own:
        return dict.fromkeys(RESOURCES, 0)
    comp = get(own[-1])
    before = _production(own[:-1])
    if comp.colour not in ("brown", "grey") or not (made := comp.effect("produce")):
        return before  # the same production: shared as it is
    out = dict(before)
    for res, n in made.items():
        out[res] += n
    return out


def choices(state: State, seat: int) -> list[tuple[str, ...]]:
    """One-of-several producers: Forum, Caravansery (yellow), Great Lighthouse, Piraeus (wonders)."""
    return list(_choices(tuple(player(state, seat)["cards"]), tuple(built_wonders(state, seat))))


@lru_cache(maxsize=8192)  # a function of the cards and wonders alone: every turn prices with it
def _choices(own: tuple[str, ...], wonders: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return _card_choices(own) + _wonder_choices(wonders)


@lru_cache(maxsize=1024)
def _wonder_choices(wonders: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The built wonders' one-of-several productions (Great Lighthouse, Piraeus), in order."""
    return tuple(tuple(opts) for cid in wonders if (opts := get(cid).effect("produce_choice")))


@lru_cache(maxsize=8192)
def _card_choices(own: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The yellow cards' one-of-several productions, in the cards' order (see `_production`)."""
    if not own:
        return ()
    comp = get(own[-1])
    before = _card_choices(own[:-1])
    if comp.colour != "yellow" or not (opts := comp.effect("produce_choice")):
        return before
    return (*before, tuple(opts))


def trade_prices(state: State, seat: int) -> dict[str, int]:
    """Coins per unit bought from the bank (7wd.md §1.7 Trading; reserves, Customs House)."""
    prices = base_prices(state, seat)
    for ext in enabled(state):  # e.g. Agora's decrees 10-11
        prices = ext.trade_prices(state, seat, prices)
    return prices


def base_prices(state: State, seat: int) -> dict[str, int]:
    """`trade_prices` before the expansions change them (a copy of its own)."""
    return dict(_prices(tuple(player(state, seat)["cards"]),
                        tuple(player(state, 1 - seat)["cards"])))


@lru_cache(maxsize=8192)  # a function of both cities' cards alone: asked at every turn
def _prices(own: tuple[str, ...], rival: tuple[str, ...]) -> dict[str, int]:
    """The base game's trade prices (shared: copied before an expansion changes them)."""
    return prices_against(own, tuple(_production(rival).values()))


def prices_against(own: tuple[str, ...], rival: tuple[int, ...]) -> dict[str, int]:
    """`_prices`, from the rival's production (each resource's, in RESOURCES' order) rather
    than its cards (a new dict)."""
    fixed = _fixed(own)
    return {r: TRADE_FIXED if r in fixed else TRADE_BASE + n
            for r, n in zip(RESOURCES, rival, strict=True)}


def fixed_prices(state: State, seat: int) -> frozenset[str]:
    """The resources the seat buys at a fixed price (the reserves, the Customs House)."""
    return _fixed(tuple(player(state, seat)["cards"]))


@lru_cache(maxsize=8192)
def _fixed(own: tuple[str, ...]) -> frozenset[str]:
    """The resources the yellow cards among `own` sell at a fixed price (see `_production`)."""
    if not own:
        return frozenset()
    comp = get(own[-1])
    before = _fixed(own[:-1])
    if comp.colour != "yellow" or not (fixed := comp.effect("trade_fixed")):
        return before
    return before | frozenset(fixed)


def chains(state: State, seat: int) -> set[str]:
    own = set(_chains(tuple(player(state, seat)["cards"])))
    for ext in enabled(state):  # e.g. the chain symbols of Leaders
        own |= ext.chains(state, seat)
    return own


@lru_cache(maxsize=8192)  # a function of the cards alone: every turn's constructions ask it
def _chains(own: tuple[str, ...]) -> frozenset[str]:
    if not own:  # (see `_production`)
        return frozenset()
    before = _chains(own[:-1])
    gives = get(own[-1]).chain_gives
    return before | {gives} if gives else before


def science(state: State, seat: int) -> Counter[str]:
    """Scientific symbols from green cards and the Law token (7wd.md §1.1, §1.4)."""
    return Counter(science_counts(state, seat))


def science_counts(state: State, seat: int) -> dict[str, int]:
    """`science` as kept (shared: read it, never change it), every symbol of SCIENCE a key:
    for the rules, which ask it at every science card (no Counter to build)."""
    changed: dict[str, str] = {}  # e.g. Euclid's and Ptolemy's symbols (Leaders)
    for ext in enabled(state, "science_symbols"):
        changed.update(ext.science_symbols(state, seat))
    me = state["players"][seat]
    return _science(tuple(me["cards"]) + tuple(me["tokens"]), tuple(sorted(changed.items())))


@lru_cache(maxsize=8192)  # a function of the cards, tokens and changed symbols alone
def _science(owned: tuple[str, ...], changed: tuple[tuple[str, str], ...]) -> dict[str, int]:
    """Each symbol's count, in SCIENCE's order (shared: `science` returns a copy)."""
    found: Counter[str] = Counter()
    instead = dict(changed)
    for cid in owned:
        if sym := instead.get(cid, get(cid).science):
            found[sym] += 1
    return {s: found[s] for s in SCIENCE}


def science_kinds(state: State, seat: int) -> int:
    kinds = 0
    for n in science_counts(state, seat).values():  # a loop, not a generator: every science card
        if n > 0:
            kinds += 1
    return kinds

@lru_cache(maxsize=1024)  # a function of the tokens alone: every market asks it
def token_effects(tokens: tuple[str, ...]) -> frozenset[str]:
    """The lasting effects of these progress tokens (`economy`, `architecture`...)."""
    return frozenset(get(t).effect("token") for t in tokens)


# What a city's cards alone give, for a caller that read the cards once (payment.market): the
# caches' own values, shared, to be read only.
production_of = _production
choices_of = _choices
chains_of = _chains

# Their caches, for the bench that fills every large cache to its size (bot/bench/memory.py).
production_cache = _production
fixed_cache = _fixed
colours_cache = _colours
science_cache = _science
choices_cache = _card_choices
