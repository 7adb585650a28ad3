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

    # The hooks the base asks at (nearly) every step are the rules' functions themselves, with
    # the hook's arguments (no call of ours in between: a playout asks them hundreds of times).
    phase_options = staticmethod(rules.options)
    play_options = staticmethod(rules.play_options)
    after_action = staticmethod(rules.play_action)
    interject = staticmethod(rules.interject)
    prune = staticmethod(rules.prune)
    resume = staticmethod(rules.resume)
    forget_resume = staticmethod(rules.forget_resume)
    trade_prices = staticmethod(decrees.trade_prices)
    reduction = staticmethod(decrees.reduction)
    ignores_coin_cost = staticmethod(decrees.coin_free)
    chained = staticmethod(decrees.borrowed_chain)
    discard_bonus = staticmethod(rules.discard_bonus)
    wonders_counted = staticmethod(rules.sabotaged)
    on_construct = staticmethod(rules.on_construct)
    on_wonder = staticmethod(rules.on_wonder)
    military_token = staticmethod(rules.military_token)  # they replace the looting (7wd.md §2.7)

    def setup(self, state: State, value: Any) -> None:
        rules.setup(state)

    def lookup(self) -> list[Described]:
        return lookup.components()

    def ask_params(self, state: State) -> dict[str, Any]:
        return rules.ask_params(state)

    def recorded(self, state: State, seat: int, text: str) -> Move | None:
        return plots.recorded(state, seat, text)

    def constructible(self, state: State, seat: int, comp: Component) -> bool:
        return rules.constructible(state, comp)

    def refuse(self, state: State, seat: int, tokens: list[str]) -> None:
        rules.refuse(state, seat, tokens)

    def undoable(self, before: State, after: State) -> bool:
        return rules.undoable(before, after)

    def pricing(self, state: State, seat: int) -> Pricing:
        return decrees.DecreePricing(self, state, seat)

    def on_draft_pick(self, state: State, seat: int, wonder: str) -> list[Event]:
        return rules.on_pick(state, seat, wonder)

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
