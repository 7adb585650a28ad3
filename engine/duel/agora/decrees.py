"""Agora: which decrees are in force for whom, and what they change in the base rules' numbers
(costs, trading, discards, chains, Senate actions, senator costs). Read-only on the state.

RB-A = the rulebook of 7 Wonders Duel: Agora (Repos Production, French edition)
(« D. Contrôler une Chambre », « Décrets »);
facts 7wd.md §2.3. The base modules call these hooks; each returns the neutral value when the game
is played without the `agora` option, so the base game is unchanged.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel import city
from engine.duel.cards import RAW, Component
from engine.duel.expansion import Expansion, Pricing

from .data import decree_effect, load

IGNORE_ONE = 1  # « Vous ignorez 1 symbole du coût »
WONDER_DISCOUNT = 1  # « Vous payez 1 ressource de moins »
MIN_TRADE = 1  # « le minimum à payer est toujours de 1 Pièce »


def active(state: State) -> bool:
    """The game was set up with the `agora` option (its state has an `agora` part); written
    out as `"agora" in state` where the base asks at every step."""
    return "agora" in state


def controller(state: State, chamber: int) -> int | None:
    """The seat with strictly more cubes in the chamber (0-based), else None (RB-A D)."""
    a, b = state["agora"]["senate"][chamber]["cubes"]
    return 0 if a > b else 1 if b > a else None


def in_force(state: State, seat: int) -> list[tuple[str, Any]]:
    """The effects of every decree of the chambers `seat` controls (Insider Influence may put
    two decrees in one chamber: both apply)."""
    if "agora" not in state:
        return []
    out = []
    other = 1 - seat
    for chamber in state["agora"]["senate"]:  # `controller`, inlined: asked for every price
        cubes = chamber["cubes"]
        if cubes[seat] > cubes[other]:
            for d in chamber["decrees"]:  # a loop, not a comprehension and its frame
                out.append(decree_effect(d["id"]))
    return out


def has(state: State, seat: int, key: str, value: Any = None) -> bool:
    return _has(in_force(state, seat), key, value)


def _has(effects: list[tuple[str, Any]], key: str, value: Any = None) -> bool:
    for k, v in effects:  # noqa: SIM110 (a loop, not a generator: every price may ask it)
        if k == key and (value is None or v == value):
            return True
    return False


def holder(state: State, decree: str) -> int | None:
    """Who benefits from that decree now (its chamber's controller), if anyone."""
    if "agora" not in state:
        return None
    for i, chamber in enumerate(state["agora"]["senate"]):
        if any(d["id"] == decree for d in chamber["decrees"]):
            return controller(state, i)
    return None


# --- hooks of the base rules ---------------------------------------------------------------------


def trade_prices(state: State, seat: int, prices: dict[str, int]) -> dict[str, int]:
    """Decrees 10/11: 1 coin less per brown (grey) resource bought, never below 1 coin."""
    return trade_prices_in(in_force(state, seat), prices)


def trade_prices_in(effects: list[tuple[str, Any]], prices: dict[str, int]) -> dict[str, int]:
    """`trade_prices` from the effects in force for the seat."""
    for key, resources in effects:
        if key == "trade_discount":
            for r in resources:
                prices[r] = max(MIN_TRADE, prices[r] - 1)
    return prices


def reduction(state: State, seat: int, comp: Component) -> int:
    """Resources a decree lets the player leave out: 1 for wonders (decree 8), 1 for cards of
    the decree's colour (decrees 5-7: the symbol ignored may be a resource)."""
    return reduction_in(in_force(state, seat), comp)


def reduction_in(effects: list[tuple[str, Any]], comp: Component) -> int:
    """`reduction` from the effects in force for the seat."""
    n = 0
    for key, value in effects:
        if key == "wonder_discount" and comp.kind == "wonder":
            n += WONDER_DISCOUNT
        if key == "ignore_symbol" and comp.kind == "card" and comp.colour == value:
            n += IGNORE_ONE
    return n


def coin_free(state: State, seat: int, comp: Component) -> bool:
    """Decrees 5-7: the ignored symbol may be the coin cost (as a whole, 7wd.md §2.9)."""
    return coin_free_in(in_force(state, seat), comp)


def coin_free_in(effects: list[tuple[str, Any]], comp: Component) -> bool:
    """`coin_free` from the effects in force for the seat."""
    return comp.kind == "card" and comp.coin_cost > 0 and _has(effects, "ignore_symbol", comp.colour)


def borrowed_chain(state: State, seat: int, comp: Component) -> bool:
    """Decree 15: the chain symbols of the opponent's cards count as the player's own."""
    if comp.kind != "card" or comp.chain_from is None or not has(state, seat, "borrow_chains"):
        return False
    return comp.chain_from in city.chains(state, 1 - seat)


class DecreePricing(Pricing):
    """Agora's price hooks for one seat, from the decrees in force read once (a turn prices
    every accessible card and wonder with them)."""

    def __init__(self, ext: Expansion, state: State, seat: int) -> None:
        self.ext, self.state, self.seat = ext, state, seat  # Pricing's, without its call
        self.effects = in_force(state, seat)
        self._rival_chains: set[str] | None = None
        # which hooks the decrees in force change (most answer as the defaults, at once)
        kinds = {k for k, _ in self.effects} if self.effects else ()
        self._reduces = "wonder_discount" in kinds or "ignore_symbol" in kinds
        self._frees = "ignore_symbol" in kinds
        self._borrows = "borrow_chains" in kinds

    def key(self) -> Any:
        """The decrees' effects in force for the seat are all its prices read."""
        return tuple(self.effects)  # (data.decree_effect: hashable)

    def trade_prices(self, prices: dict[str, int]) -> dict[str, int]:
        return trade_prices_in(self.effects, prices) if self.effects else prices

    def trade_cost(self, need: dict[str, int], producers: list[tuple[str, ...]],
                   unit: dict[str, int]) -> int | None:
        return None  # no decree changes how the units are bought, only their price

    def reduction(self, comp: Component) -> int:
        return reduction_in(self.effects, comp) if self._reduces else 0

    def ignores_coin_cost(self, comp: Component) -> bool:
        return coin_free_in(self.effects, comp) if self._frees else False

    def constructible(self, comp: Component) -> bool:
        return comp.kind != "senator"  # rules.constructible, Agora being on

    def chained(self, comp: Component) -> bool:
        if not self._borrows or comp.kind != "card" or comp.chain_from is None:
            return False
        if self._rival_chains is None:
            self._rival_chains = city.chains(self.state, 1 - self.seat)
        return comp.chain_from in self._rival_chains


def discard_bonus(state: State, seat: int) -> int:
    """Decree 13: 2 more coins for a discarded card."""
    n = 0
    for k, v in in_force(state, seat):  # a loop, not a generator: every discard asks it
        if k == "discard_bonus":
            n += v
    return n


def senate_actions(state: State, seat: int) -> int:
    """RB-A A « Politicien »: 1, 2 or 3 actions for 0-1, 2-3, 4+ blue cards (decree 12: +2)."""
    blue = city.count(state, seat, "blue") + sum(
        v for k, v in in_force(state, seat) if k == "blue_bonus"
    )
    for first, last, n in load().actions_by_blue:
        if first <= blue <= last:
            return n
    return load().actions_by_blue[-1][2]


def senator_cost(state: State, seat: int) -> int:
    """RB-A A: the number of senators already in the city; Corruption: free (7wd.md §2.6)."""
    if city.has_token(state, seat, "corruption"):
        return 0
    return len(state["agora"]["senators"][seat])


def raw_or_goods(resource: str) -> str:
    return "brown" if resource in RAW else "grey"
