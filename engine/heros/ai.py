"""Héros du Monde's knowledge for the computer players (engine/ai): determinize, evaluate,
candidates.

What a seat sees (engine/heros/view.py): everything but the heroes in the other hands and the
order of the hero deck; the discovery bag's content is public (it follows from the tokens on the
board), only which token comes out is left to the generator, as is every roll of the die.

`determinize` pools the heroes the seat cannot see (the other hands and the deck: the era's
heroes neither in its hand, in the row nor played), sorted, shuffles them and deals them back
with the same sizes, and draws a new generator. `evaluate` projects each seat's final points:
those it has, its gold (2 buy a point), and for every territory still to be completed the prize
its present rank there would win, weighted by how close the territory is to completion; a
softmax of those is its share of the win. Every legal move is a candidate (the lists are short).
"""

from __future__ import annotations

import math
import random

from engine.ai.share import share
from engine.core import State, copy_state

from . import scoring
from .components import hero, load, token

MEAN_TOKEN = 2.0  # the value a discovery still to come is expected to have
# what each value of a hero is worth in points, when it is played: population (a pawn on a
# territory), a discovery (raising a ladder, and the tie-breaks), conquest, treasure (2 gold a point)
WORTH = {"population": 0.35, "discoveries": 1.2, "conquest": 0.3, "treasure": 0.5}
HAND_SHARE = 0.8  # a hero in hand is worth most of what playing it brings
WONDER_POWER = 1.0  # a wonder's power not used yet in this era
# The easy level's softmax temperature (engine/ai/plausible.py). Héros' moves differ by little
# in `evaluate` (the best of a turn's ~4 beat the median by 0.007-0.010 in measured games, Duel's
# by 0.03): at the default 0.03 easy chose almost uniformly and won 30% of 5-player games among
# random bots (fair share 20%, issue 28).
EASY_TEMPERATURE = 0.008


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state equal to `state` in all `seat` sees; the other hands and the deck dealt from
    the sorted unseen heroes by `rng`; a new generator (the bag's draws, the die)."""
    out = copy_state(state)
    pool = sorted(h for s in range(state["players"]) if s != seat for h in state["hands"][s])
    pool = sorted(pool + list(state["deck"]))
    rng.shuffle(pool)
    for s in range(state["players"]):
        if s != seat:
            size = len(state["hands"][s])
            out["hands"][s] = pool[:size]
            del pool[:size]
    out["deck"] = pool
    out["rng"] = rng.getrandbits(64)
    return out


def _prizes(state: State, t: str) -> list[float]:
    """What each seat would win on territory `t` if it were completed with the population as it
    stands: the expected ladder (its discoveries and MEAN_TOKEN for each slot left), prized by
    rank (the sum, half of it, the lowest; two places with 2 players)."""
    c = load()
    n = state["players"]
    ladder = [token(k).value for k in state["ladders"][t]]
    left = c.territories[t].slots - len(ladder)
    values = ladder + [MEAN_TOKEN] * left
    hwd = [sum(1 for h in state["played"][s] if hero(h).discoveries > 0) for s in range(n)]
    order = scoring.ranking(state["pop"][t], state["discovered"], hwd, state["active"])
    first = sum(values)
    prizes = (first, math.ceil(first / 2), min(values) if values else 0)
    out = [0.0] * n
    for place, s in enumerate(order[: 2 if n == 2 else 3]):
        out[s] = float(prizes[place])
    return out


def hero_worth(h: str) -> float:
    """What playing hero `h` is expected to bring (WORTH of its values)."""
    k = hero(h)
    return (WORTH["population"] * k.population + WORTH["discoveries"] * k.discoveries
            + WORTH["conquest"] * k.conquest + WORTH["treasure"] * k.treasure)


def _turn_to_come(state: State) -> float:
    """What the hero being played has still to bring this turn (its steps not yet taken)."""
    turn = state["turn"]
    step = state["step"]
    if not turn or not turn["hero"] or step not in ("place", "discover", "conquer"):
        return 0.0
    k = hero(turn["hero"])
    worth = WORTH["treasure"] * k.treasure
    if step in ("place", "discover"):
        worth += WORTH["conquest"] * k.conquest
    if step == "place":
        worth += WORTH["population"] * turn["pop_left"] + WORTH["discoveries"] * k.discoveries
    if step == "discover":
        worth += WORTH["discoveries"] * len(turn["drawn"])
    return worth


def projected(state: State) -> list[float]:
    """Each seat's expected final points (see the module's docstring)."""
    c = load()
    n = state["players"]
    out = [state["points"][s] + state["gold"][s] / c.costs["gold_per_point"] for s in range(n)]
    if state["outcome"] is not None:
        return [float(p) for p in state["points"]]
    for t in c.in_play(state["era"]):
        if t in state["scored"]:
            continue
        filled = len(state["ladders"][t])
        slots = c.territories[t].slots
        # a territory nearly complete is scored soon, with the majorities much as they are
        weight = 0.3 + 0.6 * filled / slots
        pop = state["pop"][t]
        total = sum(pop)
        prizes = _prizes(state, t)
        first = prizes and max(prizes)
        for s in range(n):
            # the ranks will move before the scoring: half as they stand, half by population
            smooth = first * pop[s] / total if total else 0.0
            out[s] += weight * (0.5 * prizes[s] + 0.5 * smooth)
    for w in state["wonders"]:
        if w["owner"] is not None and not w["used"]:
            out[w["owner"]] += WONDER_POWER
    for s in range(n):
        out[s] += sum(HAND_SHARE * hero_worth(h) for h in state["hands"][s])
        out[s] += 0.05 * state["supply"][s]  # population still to place
    out[state["active"]] += _turn_to_come(state)
    return out


def evaluate(state: State, seat: int) -> float:
    """`seat`'s share of the win in [0, 1]: a softmax of the projected points, sharper in the
    modern era; at the end, 1 for a win (divided among tied winners), 0 for a loss."""
    if state["outcome"] is not None:
        winners = state["outcome"]["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    temp = 6.0 if state["era"] == "ancient" else 4.0
    return share(projected(state), seat, temp)
