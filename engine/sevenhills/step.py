"""What every Seven Hills step is, and the messages the steps write.

A step (a `phase` of the state) holds in one place who it asks, what it asks them, their options
and what each option does, as Rally the Troops writes a state with its prompt and its actions.
The steps of a turn are in turn.py, those of the consul phase in consul.py; game.py holds their
table and nothing dispatches by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.core import Event, IllegalAction, Msg, State

from . import board as B
from .components import load

if TYPE_CHECKING:
    from engine.policy import Menu

G = "seven-hills"


class Step:
    """A phase: `asked` the seats it asks, `prompt` the question to one of them, `options` its
    legal texts (`menu` the same as a menu, `holds` whether a text is one of them), `play` what
    a legal text does (its tokens), `refuse` why a text of one of its `verbs` is not legal.
    `forced`: its lone option is played without asking (Game.forced)."""

    verbs: tuple[str, ...] = ()
    forced = False

    def asked(self, state: State) -> list[int]:
        return [B.active(state)]

    def prompt(self, state: State, seat: int) -> Msg:
        raise NotImplementedError

    def options(self, state: State, seat: int) -> list[str]:
        raise NotImplementedError

    def menu(self, state: State, seat: int) -> Sequence[str] | Menu:
        return self.options(state, seat)

    def holds(self, state: State, seat: int, action: str) -> bool:
        return action in self.options(state, seat)

    def play(self, state: State, seat: int, t: list[str]) -> list[Event]:
        raise NotImplementedError

    def refuse(self, state: State, seat: int, t: list[str]) -> IllegalAction:
        return IllegalAction(f"{G}.error.illegal", action=" ".join(t))


# --- messages -----------------------------------------------------------------------------------


def seat_msg(seat: int) -> dict[str, int]:
    return Msg.seat(seat)


@cache  # messages are immutable, and every log line of a card names it
def card_msg(card: str) -> Msg:
    """A card as log lines and messages name it: its colour and class ("red noble"). Its
    additional action and legion icon are on the pictures (the action token
    `seven-hills.tok.<card>` still spells them out in menus)."""
    k = load().card(card)
    return Msg(f"{G}.card", {"colour": Msg(f"{G}.colour.{k.colour}"), "cls": tok(k.cls)})


def cards_msg(cards: list[str]) -> tuple[Msg, ...]:
    return tuple(card_msg(c) for c in B.sort_cards(cards)) or (Msg(f"{G}.nothing"),)


@cache
def tok(word: str) -> Msg:
    return Msg(f"{G}.tok.{word}")


def ev(key: str, to: tuple[int, ...] | None = None, **params: Any) -> Event:
    return Event(Msg(f"{G}.log.{key}", params), to)
