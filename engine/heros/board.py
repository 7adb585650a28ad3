"""The state's small helpers: territories in play and their ladders, population, gold, wonders.

`state["pop"][territory][seat]` is a seat's population there, `state["supply"][seat]` what it
has not placed; `state["gold"][seat]` its gold, `state["bank"]` the box's; a wonder is
`{id, owner, used}` in `state["wonders"]`.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import State

from .components import Components, hero, load, wonder

ANCIENT, MODERN = "ancient", "modern"


def comp() -> Components:
    return load()


def in_play(state: State) -> tuple[str, ...]:
    return in_play_in(state["era"])


@lru_cache(maxsize=16)  # asked at nearly every step; the territories of an era never change
def in_play_in(era: str) -> tuple[str, ...]:
    return tuple(comp().in_play(era))


def slots(t: str) -> int:
    return comp().territories[t].slots


def complete(state: State, t: str) -> bool:
    return len(state["ladders"][t]) >= slots(t)


def completed(state: State) -> int:
    return sum(1 for t in in_play(state) if complete(state, t))


def usable(state: State, seat: int, when: str) -> list[str]:
    """The seat's wonders whose power fits `when` and is unused in this era."""
    return [w["id"] for w in state["wonders"]
            if w["owner"] == seat and not w["used"] and wonder(w["id"]).when == when]


def mark_used(state: State, wid: str) -> None:
    next(w for w in state["wonders"] if w["id"] == wid)["used"] = True


def add_pop(state: State, seat: int, t: str, n: int) -> int:
    n = max(0, min(n, state["supply"][seat]))
    state["pop"][t][seat] += n
    state["supply"][seat] -= n
    return n


def remove_pop(state: State, seat: int, t: str, n: int) -> int:
    n = max(0, min(n, state["pop"][t][seat]))
    state["pop"][t][seat] -= n
    state["supply"][seat] += n
    return n


def gain_gold(state: State, seat: int, n: int) -> int:
    n = max(0, min(n, state["bank"]))  # 60 coins in the box
    state["gold"][seat] += n
    state["bank"] -= n
    return n


def pay(state: State, seat: int, n: int) -> None:
    state["gold"][seat] -= n
    state["bank"] += n


def heroes_with_discovery(state: State) -> list[int]:
    return [sum(1 for h in state["played"][s] if hero(h).discoveries > 0)
            for s in range(state["players"])]
