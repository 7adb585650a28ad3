"""7 Wonders Duel: Leaders (fan expansion), option `leaders`, plugged into the base game through
its extension points (engine/duel/expansion.py). Rulebook: 7 Wonders Duel: Leaders, French rules
v1.1.1 (fan expansion), cited as `004 <section>`; readings and reconstructed values:
data/duel/README.md ## Leaders. Modules:

    data.py   the 43 leaders, the 2 wonders and the 2 panels
    rules.py  setup, the leader draft, the recruitment phase before each age, the leaders' powers
    view.py   what each seat sees of them
    ai.py     what a computer player may know and how it values the leaders
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import Component, Event, Msg, State
from engine.duel import game
from engine.duel.expansion import Expansion, Pricing
from engine.duel.moves import Move

from . import ai, lookup, rules
from .view import extend_view

if TYPE_CHECKING:
    from engine.ai.deal import Deal
    from engine.duel.cards import Component as Card


class Leaders(Expansion):
    key = "leaders"
    option = rules.OPTION
    score_keys = ("leaders",)
    parts = ("leaders",)
    # the one leader of a public hand chosen or buried, the announcement of a leader its
    # player cannot pay (both costs and coins are public) (data/duel/README.md, Leaders
    # reading 21)
    forced_phases = frozenset({"recruit", "announce", "bury"})

    # The hooks the base asks at (nearly) every step are the rules' functions themselves, with
    # the hook's arguments (no call of ours in between: a playout asks them hundreds of times).
    handles = staticmethod(rules.handles)
    ask = staticmethod(rules.ask)
    legal = staticmethod(rules.legal)
    apply = staticmethod(rules.apply)
    trade_cost = staticmethod(rules.trade)  # Bilkis
    chains = staticmethod(rules.chains)
    discard_bonus = staticmethod(rules.discard_bonus)
    after_pay = staticmethod(rules.after_pay)
    on_science = staticmethod(rules.intercept_science)
    science_symbols = staticmethod(rules.science_symbols)
    cancel_pawn = staticmethod(rules.cancel_move)
    after_pawn = staticmethod(rules.after_move)
    advance = staticmethod(rules.go_on)

    def setup(self, state: State, value: Any) -> None:
        rules.setup(state, value)

    def lookup(self) -> list[Component]:
        return lookup.components()

    def play_options(self, state: State, seat: int, out: dict[str, Move],
                     cards: Mapping[str, int]) -> None:
        out.update(rules.play_options(state, seat, cards))  # Pythagoras

    def before_age(self, state: State, age: int, starter: int) -> list[Event] | None:
        return rules.begin(state, age, starter)  # the recruitment phase comes first


    def undoable(self, before: State, after: State) -> bool:
        """A pick only removes from the leaders' offer (the next group is never shown)."""
        return game.only_picked(before["leaders"].get("draft"), after["leaders"].get("draft"))

    def pricing(self, state: State, seat: int) -> Pricing | None:
        """Only Bilkis changes a price (Hatshepsut's coins come after it; the leaders' chain
        symbols are `chains`): without her, no pricing."""
        if rules.has(state, seat, "bilkis") is None:
            return None
        return BilkisPricing(self, state, seat)

    def passes_wonder_limit(self, state: State, seat: int) -> bool:
        return rules.can_pass_limit(state, seat)

    def after_wonder(self, state: State, seat: int, wonder: str) -> list[Event]:
        return rules.on_wonder(state, seat, wonder)

    def loot(self, state: State, mover: int, victim: int, amount: int) -> list[Event] | None:
        return rules.loot(state, mover, victim, amount)

    def points(self, state: State, seat: int) -> dict[str, int]:
        return {"leaders": rules.points(state, seat)}

    def score_params(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        if not view.get("leaders"):
            return {}
        return {"leaders": Msg("duel.score.leaders", {
            "n": len(view["leaders"]["players"][seat]["recruited"])})}

    def extend_view(self, view: dict[str, Any], state: State, seat: int | None) -> None:
        extend_view(view, state, seat)

    def hide(self, state: State, seat: int, deal: Deal) -> None:
        ai.hide(state, seat, deal)

    def worth(self, state: State, seat: int) -> float:
        return ai.worth(state, seat)


class BilkisPricing(Pricing):
    """Leaders' price hooks for a seat that recruited Bilkis (004 Bilkis: her trade). Leaders
    changes no other price: the other hooks answer as `Expansion`'s defaults do, without asking
    them (tests/duel/test_kept.py checks that Leaders overrides none of them)."""

    DEFAULTS = ("trade_prices", "reduction", "ignores_coin_cost", "chained", "constructible")

    def key(self) -> Any:
        return True  # Bilkis is recruited: all the pricing knows

    def trade_cost(self, need: dict[str, int], producers: list[tuple[str, ...]],
                   unit: dict[str, int]) -> int | None:
        return self.ext.trade_cost(self.state, self.seat, need, producers, unit)

    def trade_prices(self, prices: dict[str, int]) -> dict[str, int]:
        return prices

    def reduction(self, comp: Card) -> int:
        return 0

    def ignores_coin_cost(self, comp: Card) -> bool:
        return False

    def chained(self, comp: Card) -> bool:
        return False

    def constructible(self, comp: Card) -> bool:
        return True


LEADERS = Leaders()

__all__ = ["LEADERS", "Leaders"]
