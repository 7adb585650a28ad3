"""The state's small helpers: markers on sectors and in supply, the deck, hands, turn order.

Markers are counted per sector, per seat, per class (`state["sectors"][sector][seat][cls]`);
`state["supply"][seat][cls]` is what a player has not deployed; the two camps of Campus Martius
hold plebeians only (`state["legion"][seat]`, `state["waiting"][seat]`). A marker is always in
exactly one of those places.
"""

from __future__ import annotations

from functools import lru_cache

from engine import rng
from engine.core import State

from .components import CLASSES, FORUM, load, order_index


@lru_cache(maxsize=1)  # the hills never change: a tuple made once, read at every step
def sectors_all() -> tuple[str, ...]:
    """Every sector that holds markers: the hills, then the Forum."""
    return (*load().hills, FORUM)


def open_sectors(state: State) -> tuple[str, ...]:
    """Every sector in play: the hills opened so far (older ones stay in play, §III.2) and the
    Forum, open in every era (§VII). The plebeian power reaches them all (« n'importe où (dans
    les secteurs en cours) », §VII) and so do returning legions (« n'importe où dans les secteurs
    actuellement en jeu », §V.2 (3))."""
    return _open_sectors(state["era"])


@lru_cache(maxsize=8)  # one per era
def _open_sectors(era: int) -> tuple[str, ...]:
    return (*load().open_hills(era), FORUM)


def deploy_sectors(state: State) -> tuple[str, ...]:
    """Where client markers are deployed: « Déployer les marqueurs clients sur les 'collines' de
    l'époque actuelle ou le 'Forum Romanum' » (§III.2 (1)), « vous ne pouvez vous déployer que
    sur la colline en cours » (§V.1 Placement (b)): this era's new hills and the Forum; older
    hills keep their markers and still score (5/2) but take no new clients."""
    return _deploy_sectors(state["era"])


@lru_cache(maxsize=8)  # one per era
def _deploy_sectors(era: int) -> tuple[str, ...]:
    return (*load().new_hills(era), FORUM)


def count(state: State, sector: str, seat: int, cls: str) -> int:
    return state["sectors"][sector][seat][cls]


def put(state: State, sector: str, seat: int, cls: str) -> None:
    """A marker from `seat`'s supply to `sector`."""
    assert state["supply"][seat][cls] > 0
    state["supply"][seat][cls] -= 1
    state["sectors"][sector][seat][cls] += 1


def lift(state: State, sector: str, seat: int, cls: str) -> None:
    """A marker from `sector` back to its owner's supply."""
    assert state["sectors"][sector][seat][cls] > 0
    state["sectors"][sector][seat][cls] -= 1
    state["supply"][seat][cls] += 1


def on_board(state: State, seat: int, cls: str) -> int:
    return sum(state["sectors"][s][seat][cls] for s in sectors_all())


def forum_markers(state: State, seat: int) -> int:
    return sum(state["sectors"][FORUM][seat].values())


def empty_seat_markers() -> dict[str, int]:
    return dict.fromkeys(CLASSES, 0)


def active(state: State) -> int:
    return state["order"][state["turn"]]


def position(state: State, seat: int) -> int:
    return state["order"].index(seat)


def hand_room(state: State, seat: int) -> int:
    return _HAND_LIMIT - len(state["hands"][seat])


_HAND_LIMIT = load().hand_limit  # read at every step of a playout: once, not a call each


def drawable(state: State) -> int:
    """Cards that can still be drawn: the deck, and the discard pile under its top card (shuffled
    into a new deck when the deck runs out: a reconstructed reading, see the README)."""
    pile = len(state["discard"])
    return len(state["deck"]) + (pile - 1 if pile else 0)  # not max(): a builtin call costs more


def draw(state: State, n: int) -> list[str]:
    """Up to `n` cards from the top of the deck (the end of the list)."""
    out: list[str] = []
    for _ in range(n):
        if not state["deck"]:
            if len(state["discard"]) <= 1:
                break
            top = state["discard"].pop()
            state["deck"] = state["discard"]
            state["discard"] = [top]
            rng.shuffle(state, state["deck"])
            state["reshuffles"] += 1
        out.append(state["deck"].pop())
    return out


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=order_index().__getitem__)
