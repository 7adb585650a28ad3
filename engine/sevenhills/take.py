"""Seven Hills: the first step of a turn, taking cards (§V.1 (1)), and the beginning of a turn,
which the end of the previous turn (turn.py) and the end of a consul phase (consul.py) both
come to: its own module, so that those two import it and not each other."""

from __future__ import annotations

from engine.core import Event, IllegalAction, Msg, State, acts

from . import board as B
from .components import load
from .menu import Product
from .step import G, ProductStep, card_msg, cards_msg, ev, logged, seat_msg


class Take(ProductStep):
    """§V.1 (1): 1 card from the discard pile or 2 from the deck; a full hand takes nothing."""

    name = "take"

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.take", {"room": B.hand_room(state, seat)})

    def options(self, state: State, seat: int) -> Product:
        return Product("take", sources(state, seat))

    @acts("take")
    def take(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        hand = state["hands"][seat]
        if args[0] == "pile":
            card = state["discard"].pop()
            hand.append(card)
            events = [ev("take_pile", seat=seat_msg(seat), card=card_msg(card))] \
                if logged() else []
        else:
            # « Si vous avez 6 cartes en main, vous ne pouvez en piocher qu'une »
            drawn = B.draw(state, min(2, B.hand_room(state, seat)))
            hand.extend(drawn)
            events = [ev("take_deck", seat=seat_msg(seat), n=len(drawn)),
                      ev("drew", (seat,), cards=cards_msg(drawn))] if logged() else []
        state["phase"] = "act"
        return events

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        if B.hand_room(state, seat) <= 0:
            return IllegalAction(f"{G}.error.hand_full", limit=load().hand_limit)
        return super().refuse(state, seat, action)


def sources(state: State, seat: int) -> list[str]:
    """Where the seat may take cards from: the discard pile, the deck (none with a full hand)."""
    out = []
    if B.hand_room(state, seat) > 0:
        if state["discard"]:
            out.append("pile")
        if B.drawable(state) > 0:
            out.append("deck")
    return out


def begin_turn(state: State) -> list[Event]:
    """A player's turn begins with taking cards (after the pre-placement, a turn, an era)."""
    state["phase"] = "take"
    seat = B.active(state)
    if not sources(state, seat):  # a full hand (7) takes nothing
        state["phase"] = "act"
        return [ev("no_take", seat=seat_msg(seat))]
    return []


TAKE = Take()
