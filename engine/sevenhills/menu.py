"""The act step's legal texts (turn.Act.options) as a menu (engine.policy.Menu).

A hand of seven cards gives up to a hundred `place`, `revolt` and `exchange` texts, listed for
every walk and again to check the action; this menu works out only the levels a walk goes
through, and checks an action by following its tokens (tests/sevenhills/test_menu.py compares
its texts with `legal()`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from engine.core import State
from engine.policy import END

from . import board as B
from . import revolt as R
from .components import load

SLAVE = "slave"
EXCHANGE_MAX = 3  # §V.1 Echange: 1 to 3 cards
PLACE_MIN = 3  # §V.1 Placement (a): 3+ cards of one background colour
REVOLT = ((2, 1), (3, 2))  # §V.1 Révolte (a): (cards, markers): 2 cards 1 marker, 3 cards 2


class ActMenu:
    """`place` (3+ cards of one colour, no slave), `revolt` (2 or 3 slaves, when that many
    targets exist), `draw`, `exchange` (1 to 3 cards): cards named in the hand's order."""

    def __init__(self, state: State, seat: int) -> None:
        c = load()
        self.state, self.seat = state, seat
        self.hand = B.sort_cards(state["hands"][seat])
        self.colours: dict[str, list[str]] = {}  # colour -> its cards a place may use
        self.colour_of: dict[str, str] = {}
        self.slaves: list[str] = []
        for k in self.hand:
            card = c.card(k)
            if card.cls == SLAVE:
                self.slaves.append(k)
            else:
                self.colours.setdefault(card.colour, []).append(k)
                self.colour_of[k] = card.colour
        self.can_draw = B.hand_room(state, seat) > 0 and B.drawable(state) > 0

    @cached_property
    def revolt_sizes(self) -> tuple[int, ...]:
        """How many slaves a revolt may use (asks the board, so only when a walk goes there)."""
        return tuple(r for r, markers in REVOLT
                     if len(self.slaves) >= r and R.can_revolt(self.state, self.seat, markers))

    def holds(self, text: str) -> bool:
        """Whether `text` is one of the menu's texts (engine.policy.holds, without listing each
        level)."""
        verb, *cards = text.split(" ")
        if verb == "draw":
            return not cards and self.can_draw
        if verb == "exchange":
            pool, sizes = self.hand, range(1, EXCHANGE_MAX + 1)
        elif verb == "revolt":
            if len(self.slaves) < REVOLT[0][0]:
                return False
            pool, sizes = self.slaves, self.revolt_sizes
        elif verb == "place" and cards:
            pool = self.colours.get(self.colour_of.get(cards[0], ""), [])
            sizes = range(PLACE_MIN, len(pool) + 1)
        else:
            return False
        return len(cards) in sizes and _positions(pool, cards) is not None

    def choices(self, prefix: Sequence[str]) -> list[str]:
        if not prefix:
            out = ["exchange"] if self.hand else []
            if self.can_draw:
                out.append("draw")
            if any(len(cards) >= PLACE_MIN for cards in self.colours.values()):
                out.append("place")
            if len(self.slaves) >= REVOLT[0][0] and self.revolt_sizes:
                out.append("revolt")
            return sorted(out)
        verb, cards = prefix[0], list(prefix[1:])
        if verb == "draw":
            return [] if cards or not self.can_draw else [END]
        if verb == "exchange":
            return _combos(self.hand, cards, range(1, EXCHANGE_MAX + 1))
        if verb == "revolt":
            if len(self.slaves) < REVOLT[0][0]:
                return []
            return _combos(self.slaves, cards, self.revolt_sizes)
        if verb == "place":
            if not cards:
                return sorted(k for group in self.colours.values()
                              for k in _combos(group, [], range(PLACE_MIN, len(group) + 1)))
            group = self.colours.get(self.colour_of.get(cards[0], ""), [])
            return _combos(group, cards, range(PLACE_MIN, len(group) + 1))
        return []


def _combos(pool: list[str], chosen: list[str], sizes: Sequence[int]) -> list[str]:
    """What may follow `chosen` in a combination of `pool` (in its order) of one of `sizes`."""
    at = _positions(pool, chosen)
    if at is None:
        return []
    n = len(chosen)
    out = [END] if n in sizes else []
    larger = [r for r in sizes if r > n]
    if larger:
        # pool[i] may come next if enough cards follow it for the smallest larger size
        last = n + len(pool) - min(larger)
        out += pool[at + 1:last + 1]
    return sorted(out)


def _positions(pool: list[str], chosen: list[str]) -> int | None:
    """The position in `pool` of the last of `chosen`, if they are in it in its order; else None
    (-1 when nothing is chosen)."""
    at = -1
    for k in chosen:
        try:
            i = pool.index(k, at + 1)
        except ValueError:
            return None
        at = i
    return at
