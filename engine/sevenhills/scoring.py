"""Scoring an era (Seven Hills, French rules V1.0, §V.3) and the end (§VI), as pure functions.

Majorities: on each open hill, each player's people (a noble counts 2, §VII) are compared; the
majority and second majority score 7/4 on the era's new hills, 5/2 on older ones. Tied players
share the points of the places they fill, floored ((5+2)/3 = 2, §V.3 (1) example); with no second
majority the lone majority takes both places' points. Knights: 1 point per pair on the whole
board, 4 for all 5 (§V.3 (2)).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def majority_points(people: Sequence[int], places: tuple[int, int]) -> list[int]:
    """Points of each player on one hill: `people[i]` counted for player i, `places` the points of
    the majority and the second majority. Players with nobody there score nothing."""
    points = [0] * len(people)
    values = list(places)
    ranked = sorted({p for p in people if p > 0}, reverse=True)
    place = 0
    for level in ranked:
        if place >= len(values):
            break
        tied = [i for i, p in enumerate(people) if p == level]
        share = sum(values[place: place + len(tied)])
        if place == 0 and len(ranked) == 1 and len(tied) == 1:
            share = sum(values)  # « S'il n'y a pas de 2ème majorité, ... marque tous les points »
        for i in tied:
            points[i] = share // len(tied)  # « seuls les nombres entiers comptent »
        place += len(tied)
    return points


def knight_points(knights: int, pair: int = 1, bonus: int = 2, all_knights: int = 5) -> int:
    """« chaque paire de marqueurs chevaliers ... rapporte 1 point. Si vous avez déployé vos 5
    marqueurs chevaliers, marquez 4 points »."""
    return (knights // 2) * pair + (bonus if knights >= all_knights else 0)


def people_on(sector: Sequence[Mapping[str, int]], weights: Mapping[str, int]) -> list[int]:
    """Each player's people in one sector (nobles count as 2)."""
    return [sum(weights[c] * n for c, n in seat.items()) for seat in sector]


def winners(prestige: Sequence[int], forum: Sequence[int]) -> tuple[list[int], str]:
    """§VI: most prestige; tie: most markers on the Forum; still tied: all of them win."""
    best = max(prestige)
    tied = [s for s, p in enumerate(prestige) if p == best]
    if len(tied) == 1:
        return tied, "points"
    most = max(forum[s] for s in tied)
    tied = [s for s in tied if forum[s] == most]
    return tied, ("forum" if len(tied) == 1 else "shared")
