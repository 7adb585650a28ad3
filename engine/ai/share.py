"""A seat's share of the win from every seat's projected points, for a game's `evaluate`
(engine/<module>/ai.py): Seven Hills and Héros du Monde use it as it is."""

from __future__ import annotations

import math
from collections.abc import Sequence


def share(scores: Sequence[float], seat: int, temp: float) -> float:
    """A softmax share of the win at temperature `temp` (points), mixed with a gentler sigmoid of
    the margin over the best other seat, so that a point still matters when far ahead or behind."""
    top = max(scores)
    weights = [math.exp((x - top) / temp) for x in scores]
    best_other = max(x for s, x in enumerate(scores) if s != seat)
    margin = (scores[seat] - best_other) / (4.0 * temp)
    return 0.8 * weights[seat] / sum(weights) + 0.2 / (1.0 + math.exp(-margin))
