"""Agora, the expansion of 7 Wonders Duel (option `agora`), plugged into the base game through
its extension points (engine/duel/expansion.py). Rulebook: 7 Wonders Duel: Agora (Repos
Production, French edition), cited as RB-A with its section; component facts and readings:
data/duel/README.md « Agora ». Modules:

    data.py     the components (senators, decrees, conspiracies, wonders, tokens, layouts)
    decrees.py  which decrees are in force, and what they change in costs and counts
    senate.py   cubes, control, the shield decree, political supremacy
    plots.py    the conspiracies
    rules.py    setup, the new actions and phases, the view
    ai.py       what a computer player may know and how it values the Senate and conspiracies
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import Component as Described
from engine.core import Event, State
from engine.duel.cards import Component, Slot, get
from engine.duel.expansion import Expansion, Pricing
from engine.duel.moves import Move

from . import ai, decrees, lookup, plots, rules
from .data import load

if TYPE_CHECKING:
    from engine.ai.deal import Deal


class Agora(Expansion):
    key = rules.OPTION
    option = rules.OPTION_SPEC
    score_keys = ("senate",)
    parts = ("senate",)
    verbs = rules.DO
    # a rival cube to remove, a conspiracy's step over public things (the Senate, both cities,
    # the wonders, the structure's cards): not Obscurantism's or Treason's, which offer what
    # only their player sees (data/duel/README.md, Agora reading 17)
    forced_phases = frozenset({"remove", "take_wonder", "fraud", "scrap", "foreclose", "coerce",
                               "shift", "sabotage"})

    def setup(self, state: State, value: Any) -> None:
        rules.setup(state)

    def lookup(self) -> list[Described]:
        return lookup.components()

    def phase_options(self, state: State, seat: int) -> dict[str, Move]:
        return rules.options(state, seat)

    def ask_params(self, state: State) -> dict[str, Any]:
        return rules.ask_params(state)

    def recorded(self, state: State, seat: int, text: str) -> Move | None:
        return plots.recorded(state, seat, text)

    def play_options(self, state: State, seat: int, out: dict[str, Move],
                     cards: Mapping[str, int]) -> None:
        rules.play_options(state, seat, out, cards)

    def constructible(self, state: State, seat: int, comp: Component) -> bool:
        return rules.constructible(state, comp)

    def after_action(self, state: State, verb: str) -> None:
        rules.play_action(state, verb)

    def interject(self, state: State) -> list[Event]:
        return rules.interject(state)

    def prune(self, state: State) -> None:
        rules.prune(state)

    def resume(self, state: State) -> bool:
        return rules.resume(state)

    def forget_resume(self, state: State, phases: tuple[str, ...]) -> None:
        rules.forget_resume(state, phases)

    def refuse(self, state: State, seat: int, tokens: list[str]) -> None:
        rules.refuse(state, seat, tokens)

    def undoable(self, before: State, after: State) -> bool:
        return rules.undoable(before, after)

    def trade_prices(self, state: State, seat: int, prices: dict[str, int]) -> dict[str, int]:
        return decrees.trade_prices(state, seat, prices)

    def reduction(self, state: State, seat: int, comp: Component) -> int:
        return decrees.reduction(state, seat, comp)

    def ignores_coin_cost(self, state: State, seat: int, comp: Component) -> bool:
        return decrees.coin_free(state, seat, comp)

    def pricing(self, state: State, seat: int) -> Pricing:
        return decrees.DecreePricing(self, state, seat)

    def chained(self, state: State, seat: int, comp: Component) -> bool:
        return decrees.borrowed_chain(state, seat, comp)

    def discard_bonus(self, state: State, seat: int) -> int:
        return rules.discard_bonus(state, seat)

    def wonders_counted(self, state: State) -> int:
        return rules.sabotaged(state)

    def on_draft_pick(self, state: State, seat: int, wonder: str) -> list[Event]:
        return rules.on_pick(state, seat, wonder)

    def on_construct(self, state: State, seat: int, card: str) -> list[Event]:
        return rules.on_construct(state, seat, card)

    def on_wonder(self, state: State, seat: int, wonder: str) -> list[Event]:
        return rules.on_wonder(state, seat, wonder)

    def military_token(self, state: State, seat: int, i: int) -> list[Event] | None:
        return rules.military_token(state, seat, i)  # they replace the looting (7wd.md §2.7)

    def points(self, state: State, seat: int) -> dict[str, int]:
        return rules.extra_points(state, seat)

    def score_params(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        return rules.score_params(view, seat)

    def structure(self, state: State, age: int) -> tuple[Slot, ...] | None:
        return load().structures[age]  # 7wd.md §2.8

    def slot(self, state: State, out: dict[str, Any], card: str | None) -> bool:
        if card is None or get(card).kind != "senator":
            return False
        rules.slot(state, out)  # a senator: its own back, its recruiting price
        return True

    def extend_view(self, view: dict[str, Any], state: State, seat: int | None) -> None:
        rules.extend_view(view, state, seat)

    def hide(self, state: State, seat: int, deal: Deal) -> None:
        ai.hide(state, seat, deal)

    def worth(self, state: State, seat: int) -> float:
        return ai.worth(state, seat)


AGORA = Agora()

__all__ = ["AGORA", "Agora"]
