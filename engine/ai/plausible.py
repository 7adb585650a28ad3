"""The `easy` and `medium` levels: each candidate move tried on determinized copies.

easy    one determinization; each candidate applied and evaluated; a softmax pick at
        temperature EASY_TEMPERATURE: a move a point or two better is chosen a few times more
        often, a blunder (discarding a needed card, paying for nothing) rarely, never uniformly.
medium  MEDIUM_SAMPLES determinizations (or `budget`); the candidate with the best mean value.
        Determinizations only where hidden parts matter: once a second sample values every
        candidate exactly as the first did, what the seat cannot see changes nothing here
        (an evaluation of public facts, moves that reveal nothing) and more would only repeat.
"""

from __future__ import annotations

import math
import random
import time

from engine.core import Game, IllegalAction, State, copy_state

from .knowledge import Knowledge, considered, value

EASY_TEMPERATURE = 0.03  # in units of `evaluate` (0..1); a game may set its own (knowledge.py)
MEDIUM_SAMPLES = 4


def tried(game: Game, know: Knowledge, det: State, seat: int, texts: list[str]) -> list[float]:
    """The value for `seat` after each text applied to a copy of `det` (-1: refused there)."""
    out = []
    for text in texts:
        after = copy_state(det)
        try:
            game.apply(after, seat, text)
        except IllegalAction:  # legal in the true state, not in this sample (should not happen)
            out.append(-1.0)
            continue
        out.append(value(game, know, after, seat))
    return out


def softmax_pick(texts: list[str], scores: list[float], temperature: float,
                 rng: random.Random) -> str:
    best = max(scores)
    weights = [math.exp((s - best) / temperature) if s >= 0 else 0.0 for s in scores]
    total = sum(weights)
    if total <= 0:
        return rng.choice(texts)
    r = rng.random() * total
    for text, w in zip(texts, weights, strict=True):
        r -= w
        if r < 0:
            return text
    return texts[-1]


def easy(game: Game, know: Knowledge, state: State, seat: int, legal: list[str],
         rng: random.Random) -> str:
    det = know.determinize(state, seat, rng)
    texts = considered(know, det, seat, legal, rng)
    temperature = know.easy_temperature or EASY_TEMPERATURE
    return softmax_pick(texts, tried(game, know, det, seat, texts), temperature, rng)


def medium(game: Game, know: Knowledge, state: State, seat: int, legal: list[str],
           rng: random.Random, budget: int | None, seconds: float) -> str:
    texts, totals, _samples = rated(game, know, state, seat, legal, rng, budget, seconds)
    return best(texts, totals)


def best(texts: list[str], totals: list[float]) -> str:
    """The text of the highest total (the first on a tie): medium's move."""
    return texts[max(range(len(texts)), key=lambda i: (totals[i], -i))]


def rated(game: Game, know: Knowledge, state: State, seat: int, legal: list[str],
          rng: random.Random, budget: int | None,
          seconds: float) -> tuple[list[str], list[float], int]:
    """Medium's candidates, each one's total value over the determinizations it tried, and
    how many it tried (a total over it is a mean): the hint's reason reads them too."""
    samples = max(1, budget if budget is not None else MEDIUM_SAMPLES)
    deadline = time.perf_counter() + seconds
    texts: list[str] = []
    totals: list[float] = []
    first: list[float] = []
    tried_samples = 0
    for k in range(samples):
        det = know.determinize(state, seat, rng)
        tried_samples += 1
        if k == 0:
            texts = considered(know, det, seat, legal, rng)
            totals = [0.0] * len(texts)
        found = tried(game, know, det, seat, texts)
        for i, v in enumerate(found):
            totals[i] += v
        if k == 0:
            first = found
        elif found == first:  # hidden parts change nothing here: more samples would repeat
            break
        if time.perf_counter() > deadline:  # at least one sample, whole samples only
            break
    return texts, totals, tried_samples
