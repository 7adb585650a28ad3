"""What constructing something costs a player in coins (7wd.md §1.7 Construction and Trading).

Resources are never spent: the city's production covers what it can, one-of-several producers
(Forum, Caravansery, Great Lighthouse, Piraeus) each cover one unit of one of their resources,
and every missing unit is bought from the bank at the player's trade price. The producers are
always used the cheapest way: any other use only costs more and changes nothing else.

Architecture (wonders) and Masonry (blue cards) make the cost 2 resources lighter, and the
player chooses which (7wd.md §1.4). When that choice changes the price, every distinct choice
is a separate quote (`spare`), so the choice is part of the action text.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, count
from typing import Any, NamedTuple

from engine.core import State

from . import city
from .cards import RESOURCES, Component
from .expansion import Pricing, enabled
from .values import Quote

REDUCTION = 2  # Architecture, Masonry: « 2 fewer resources »


def trade_cost(need: dict[str, int], producers: list[tuple[str, ...]], unit: dict[str, int]) -> int:
    """The cheapest purchase of `need` once each producer has covered one unit (exhaustive:
    at most 4 producers of 2-3 options)."""

    def best(i: int) -> int:
        if i == len(producers):
            coins = 0
            for r, n in need.items():  # a loop, not a generator: every plan's leaf
                if n > 0:
                    coins += n * unit[r]
            return coins
        found = best(i + 1)
        for r in producers[i]:
            if need.get(r, 0) > 0:
                need[r] -= 1
                found = min(found, best(i + 1))
                need[r] += 1
        return found

    return best(0)


class Market(NamedTuple):
    """What buying resources depends on besides the cost: the city's fixed production, its
    one-of-several producers and its trade prices, and what else a price reads (the city's
    chain symbols, its progress tokens, each expansion's hooks bound to the seat): the same for
    every component of a turn's options, so worked out once for them all."""

    made: dict[str, int]
    producers: list[tuple[str, ...]]
    unit: dict[str, int]
    chains: frozenset[str]
    tokens: frozenset[str]  # the lasting effects of the seat's progress tokens
    # Everything a quote reads besides the component, as a number (`_number`; None: an
    # expansion's hooks cannot say what they read): the seat's quotes are kept under it.
    key: int | None
    pricing: list[Pricing]  # the game's expansions' (Expansion.pricing), asked per price


def market(state: State, seat: int) -> Market:
    players = state["players"]
    me = players[seat]
    built = []
    for w in me["wonders"]:  # a loop, not a comprehension and its frame: every turn asks it
        if w["card"] is not None:
            built.append(w["id"])
    # the rival's cards count by their production alone (what sets the trade prices): a card
    # of another colour the rival builds leaves the seat's market as it was
    rival = tuple(city.production_of(tuple(players[1 - seat]["cards"])).values())
    made, producers, unit, chains, tokens, key = _of_cities(
        tuple(me["cards"]), rival, tuple(built), tuple(me["tokens"]))
    exts = enabled(state)
    if not exts:
        return Market(made, list(producers), unit, chains, tokens, key, [])
    for ext in exts.hooks["chains"]:  # city.chains
        if more := ext.chains(state, seat):
            chains = chains | more
    unit = dict(unit)  # a copy: an expansion's trade prices change it in place
    pricing: list[Pricing] = []
    keys: list[Any] = [key]
    kept = True
    for ext in exts:  # one loop: each hook reads the state only
        if (p := ext.pricing(state, seat)) is not None:  # None: it changes no price now
            pricing.append(p)
            unit = p.trade_prices(unit)  # city.trade_prices, from the facts the pricing read
            keys.append((ext.key, k := p.key()))
            kept = kept and k is not None
    # the pricings' keys tell what they read besides the cities (their trade prices included)
    return Market(made, list(producers), unit, chains, tokens,
                  _number(tuple(keys)) if kept else None, pricing)


@lru_cache(maxsize=8192)  # a function of both cities alone: every turn of every playout asks it
def _of_cities(own: tuple[str, ...], rival: tuple[int, ...], wonders: tuple[str, ...],
               tokens: tuple[str, ...]) -> tuple[dict[str, int], tuple[tuple[str, ...], ...],
                                                 dict[str, int], frozenset[str], frozenset[str],
                                                 int]:
    """What the base game's prices read of the seat's cards, built wonders and tokens and of
    the rival's production (each resource's, in RESOURCES' order), and its key's number (shared:
    a market only reads them). A number stands for one key for ever (`_number`), so keeping it
    here cannot mix two keys' quotes."""
    made = city.production_of(own)
    producers = city.choices_of(own, wonders)
    unit = city.prices_against(own, rival)
    effects = city.token_effects(tokens)
    key = _number((tuple(made.values()), producers, tuple(unit.values()),
                   "architecture" in effects, "masonry" in effects))
    return made, producers, unit, city.chains_of(own), effects, key


cities_cache = _of_cities  # for the bench that fills every large cache (bot/bench/memory.py)


def _trade(state: State, seat: int, cost: dict[str, int], m: Market | None = None) -> int:
    m = m or market(state, seat)
    # the units to buy (a resource the city makes enough of is left out: it costs nothing);
    # loops, not comprehensions and their frames: every component of a new market asks it
    made = m.made
    need: dict[str, int] = {}
    for r, n in cost.items():
        if n > made[r]:
            need[r] = n - made[r]
    if not need:  # nothing to buy costs nothing, however it would be bought (most cards)
        return 0
    for p in m.pricing:  # e.g. Bilkis (Leaders)
        if (coins := p.trade_cost(need, m.producers, m.unit)) is not None:
            return coins
    if not m.producers:  # no choice to weigh: each unit at its price (`trade_cost`, shorter)
        unit = m.unit
        coins = 0
        for r, n in need.items():
            coins += n * unit[r]
        return coins
    return trade_cost(need, m.producers, m.unit)


def reduction(comp: Component, tokens: frozenset[str]) -> int:
    """How many resources a player with these tokens' effects may leave out of this
    component's cost (Architecture, Masonry; the expansions' reductions come on top)."""
    if comp.kind == "wonder" and "architecture" in tokens:
        return REDUCTION
    if comp.kind == "card" and comp.colour == "blue" and "masonry" in tokens:
        return REDUCTION
    return 0


def _number(key: tuple[Any, ...]) -> int:
    """The market's key as a number, the same for equal keys while the quotes are kept: looking
    a quote up then hashes a number rather than the key's nested tuples."""
    found = _KEYS.get(key)
    if found is None:
        if len(_KEYS) >= QUOTES_KEPT:
            _KEYS.clear()  # a key seen again takes a new number: a number never changes meaning
        found = _KEYS[key] = next(_NUMBERS)
    return found


# Quotes by (Market.key, component id): a city's prices change only when its production, its
# producers, its trade prices, its tokens or the decrees in force do, so a game's turns (and a
# search's thousands of playouts) ask the same ones again. Emptied when full, to bound memory.
_QUOTES: dict[tuple[Any, str], tuple[Quote, ...]] = {}
_KEYS: dict[tuple[Any, ...], int] = {}  # Market.key's numbers (`_number`)
# Each distinct answer kept once, shared by every key that gives it (a few hundred for
# thousands of keys): quotes are objects the garbage collector must visit (a tuple subclass is
# never let go of as a plain tuple of numbers is), and a bot's worker keeps thousands.
_SHARED: dict[tuple[Quote, ...], tuple[Quote, ...]] = {}
_NUMBERS = count()
QUOTES_KEPT = 20_000


def quotes(state: State, seat: int, comp: Component, m: Market | None = None) -> list[Quote]:
    """Every distinct way to pay for `comp` (one, unless sparing resources changes the price).
    `m`: the seat's market now, when the caller prices several components."""
    return list(kept(state, seat, comp, m or market(state, seat)))


def payable(state: State, seat: int, comp: Component, m: Market, coins: int) -> list[Quote]:
    """The quotes a seat holding `coins` can pay (most components have one quote: no
    comprehension for it; every accessible card and wonder of every turn asks)."""
    quotes = kept(state, seat, comp, m)
    if len(quotes) == 1:
        return list(quotes) if quotes[0].coins <= coins else []
    return [q for q in quotes if q.coins <= coins]


def kept(state: State, seat: int, comp: Component, m: Market) -> tuple[Quote, ...]:
    """`quotes` as they are kept (shared: a tuple, for a caller that only reads them)."""
    if m.key is None:
        return tuple(_priced(state, seat, comp, m))
    found = _QUOTES.get((m.key, comp.id))
    if found is None:
        if len(_QUOTES) >= QUOTES_KEPT:
            _QUOTES.clear()
            _SHARED.clear()
        found = tuple(_priced(state, seat, comp, m))
        found = _QUOTES[m.key, comp.id] = _SHARED.setdefault(found, found)
    return found


def _priced(state: State, seat: int, comp: Component, m: Market) -> list[Quote]:
    found = _quotes(state, seat, comp, m)
    for p in m.pricing:  # (loops rather than generators: asked for every card of every turn)
        if p.ignores_coin_cost(comp):  # Agora 5-7
            t = _trade(state, seat, comp.resource_cost, m)
            if all(q.coins != t for q in found):
                found.append(Quote(t, t, ("coins",)))
            break
    return found


def _quotes(state: State, seat: int, comp: Component, m: Market) -> list[Quote]:
    res = comp.resource_cost
    k = reduction(comp, m.tokens)
    for p in m.pricing:  # Agora 5-8
        k += p.reduction(comp)
    if k:
        k = min(k, sum(res.values()))
    if k == 0:
        t = _trade(state, seat, res, m)
        return [Quote(comp.coin_cost + t, t)]
    units = [r for r in RESOURCES for _ in range(res.get(r, 0))]
    priced: dict[tuple[str, ...], int] = {}
    for spare in combinations(units, k):  # units are in canonical order, so each tuple is too
        if spare not in priced:
            left = dict(res)
            for r in spare:
                left[r] -= 1
            priced[spare] = _trade(state, seat, left, m)
    if len(set(priced.values())) == 1:
        t = next(iter(priced.values()))
        return [Quote(comp.coin_cost + t, t)]
    return [Quote(comp.coin_cost + t, t, spare) for spare, t in priced.items()]


def cheapest(state: State, seat: int, comp: Component) -> Quote:
    return min(quotes(state, seat, comp), key=lambda q: q.coins)


def chained(state: State, seat: int, comp: Component, m: Market | None = None) -> bool:
    """Free by chain: the city shows the symbol printed on this card's cost (7wd.md §1.1)."""
    if m is None:
        if comp.chain_from is not None and comp.chain_from in city.chains(state, seat):
            return True
        return any(ext.chained(state, seat, comp) for ext in enabled(state))  # Agora decree 15
    if comp.chain_from is not None and comp.chain_from in m.chains:
        return True
    for p in m.pricing:  # noqa: SIM110 (a loop, not a generator: every card of every turn)
        if p.chained(comp):
            return True
    return False
