"""A random player, for selfplay, benchmarks and playout tests.

Picking uniformly among all legal texts would almost always pick a trade proposal (there are
thousands of them) and almost never `end`. A person clicking at random walks the menus instead:
first a verb, then its arguments. So we walk the legal texts token by token, uniformly at each
level, which is exactly what the button menus in Discord offer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def walk(legal: Sequence[str], rng: random.Random) -> str:
    """One legal text, chosen token by token, uniformly among the continuations at each step."""
    if not legal:
        raise ValueError("no legal action")
    # Split each text once: the lists run to thousands of texts (trade proposals, payments).
    candidates = [text.split() for text in legal]
    depth = 0
    while len(candidates) > 1:
        nexts = sorted({c[depth] if depth < len(c) else "" for c in candidates})
        pick = rng.choice(nexts)
        candidates = [c for c in candidates if (c[depth] if depth < len(c) else "") == pick]
        depth += 1
    return " ".join(candidates[0])
