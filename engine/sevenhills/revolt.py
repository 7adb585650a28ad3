"""The revolt (Seven Hills, French rules V1.0, §V.1 Révolte): which markers can be targeted, which
centurions can protect, and the replacement.

2 slave cards revolt 1 marker, 3 cards revolt 2. A target is an opponent's noble or knight in
one sector (any hill or the Forum, even where the attacker has nobody); the attacker replaces it
with an unused marker of the same class, or a plebeian if none is left (« Si vous n'avez pas de
marqueur clients de la même classe ..., vous pouvez utiliser vos marqueurs plébéiens »). Each
centurion of the defender in that sector protects one noble or knight of the defender's choice.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import State

from .board import sectors_all

TARGETS = ("noble", "knight")


def replacement(state: State, seat: int, cls: str, reserved: list[str]) -> str | None:
    """The class of the attacker's marker that replaces a `cls` target, given the markers already
    promised to earlier targets; None if the attacker has none left."""
    supply = dict(state["supply"][seat])
    for r in reserved:
        supply[r] -= 1
    return _replacement(supply, cls)


def _replacement(supply: dict[str, int], cls: str) -> str | None:
    """The class that replaces a `cls` target from what is left in `supply`."""
    if supply[cls] > 0:
        return cls
    if supply["plebeian"] > 0:
        return "plebeian"
    return None


def reserved_classes(state: State, seat: int, targets: list[list]) -> list[str]:
    out: list[str] = []
    for _victim, _sector, cls in targets:
        r = replacement(state, seat, cls, out)
        if r is not None:
            out.append(r)
    return out


def target_options(state: State, seat: int, targets: list[list]) -> list[tuple[int, str, str]]:
    """Every (victim, sector, class) the attacker may still target."""
    return list(_targets(state, seat, targets))


def _targets(state: State, seat: int, targets: list[list]) -> Iterator[tuple[int, str, str]]:
    reserved = reserved_classes(state, seat, targets)
    # whether a class can still be replaced depends on the class only
    usable = [cls for cls in TARGETS if replacement(state, seat, cls, reserved) is not None]
    if not usable:
        return
    taken: dict[tuple[int, str, str], int] = {}  # how often each marker is already a target
    for victim, sector, cls in targets:
        taken[victim, sector, cls] = taken.get((victim, sector, cls), 0) + 1
    for victim in range(state["players"]):
        if victim == seat:
            continue
        for sector in sectors_all():
            placed = state["sectors"][sector][victim]
            for cls in usable:
                have = placed[cls]
                if have and have > taken.get((victim, sector, cls), 0):
                    yield (victim, sector, cls)


def can_revolt(state: State, seat: int, markers: int) -> bool:
    """Whether `markers` targets (1 or 2) can all be chosen."""
    return choosable(state, seat, markers) >= markers


def choosable(state: State, seat: int, most: int = 2) -> int:
    """How many targets, up to `most` (1 or 2), `seat` can choose one after another, as
    `target_options` offers them at each choice, without listing them (the act menu asks at
    every step whether a revolt is possible): the others' nobles and knights counted by class
    until enough are found."""
    supply = state["supply"][seat]
    have = dict.fromkeys(TARGETS, 0)
    found = 0
    for sector in state["sectors"].values():
        for victim, placed in enumerate(sector):
            if victim == seat or not (placed["noble"] or placed["knight"]):
                continue
            for cls in TARGETS:
                have[cls] += placed[cls]
            found = min(_choosable(supply, have), most)
            if found == most:
                return found
    return found


def _choosable(supply: dict[str, int], have: dict[str, int]) -> int:
    """How many targets, up to 2, `have` markers of each class offer to an attacker with
    `supply`: each needs a replacement once the earlier one's is promised, and a second
    target of a class a second marker of it."""
    found = 0
    for first in TARGETS:
        promised = _replacement(supply, first) if have[first] else None
        if promised is None:
            continue
        found = 1
        left = {**supply, promised: supply[promised] - 1}
        for second in TARGETS:
            if have[second] - (second == first) > 0 and _replacement(left, second) is not None:
                return 2
    return found


def protect_options(state: State, defender: int) -> list[tuple[str, str]]:
    """(sector, class) the defender may still protect: a targeted class in a targeted sector,
    with a free centurion there and an unprotected marker of that class."""
    revolt = state["revolt"]
    prot = revolt["protected"].get(str(defender), {})
    out = []
    for sector in sectors_all():
        classes = {t[2] for t in revolt["targets"] if t[0] == defender and t[1] == sector}
        if not classes:
            continue
        used = sum(prot.get(sector, {}).values())
        if state["sectors"][sector][defender]["centurion"] <= used:
            continue
        for cls in TARGETS:
            if cls in classes and state["sectors"][sector][defender][cls] > prot.get(sector, {}).get(cls, 0):
                out.append((sector, cls))
    return out
