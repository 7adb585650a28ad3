"""Scoring a completed ladder (002_1590ecd798d68744.txt §Décompte des points de Civilisation).

    1. the most population takes the sum of every discovery on the ladder;
    2. the second takes half of the first's points, rounded up;
    3. the third takes the value of the lowest discovery on the ladder (0 is possible).

Only players with population there are ranked (« les 3 joueurs ayant le plus de pions »); with 2
players nobody is third (§Précisions pour le jeu à deux joueurs). Ties: more discoveries made by
one's heroes during the game, then more heroes with a discovery value, then the player whose turn
it is; between two players of whom neither is, the one who comes first clockwise after the
player whose turn it is (README reading).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Award:
    seat: int
    place: int  # 1, 2 or 3
    points: int


def ranking(
    population: Sequence[int], discovered: Sequence[int], heroes_with_discovery: Sequence[int],
    active: int,
) -> list[int]:
    """The seats present (population > 0), best first, every tie broken by the text's rules."""
    n = len(population)
    present = [s for s in range(n) if population[s] > 0]
    return sorted(
        present,
        key=lambda s: (-population[s], -discovered[s], -heroes_with_discovery[s],
                       (s - active) % n),
    )


def score_ladder(
    values: Sequence[int], population: Sequence[int], discovered: Sequence[int],
    heroes_with_discovery: Sequence[int], active: int,
) -> list[Award]:
    """The awards of one completed ladder: up to three places (two with 2 players)."""
    places = 2 if len(population) == 2 else 3
    order = ranking(population, discovered, heroes_with_discovery, active)[:places]
    first = sum(values)
    prizes = (first, (first + 1) // 2, min(values) if values else 0)
    return [Award(seat, i + 1, prizes[i]) for i, seat in enumerate(order)]


def third_prize(values: Sequence[int]) -> int:
    """What the third place wins there: the lowest discovery (Sanctuaire d'Ajanta)."""
    return min(values) if values else 0
