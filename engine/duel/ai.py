"""What a computer player knows of 7 Wonders Duel (engine/ai/knowledge.py names the contract).

Hidden from a seat in the base game (VIEW.md): the wonders not revealed by the draft, the
undealt Age decks, the cards removed at setup, the face-down cards of the structure (their
backs are public: an Age card or a guild), the progress tokens in the box, the Great Library's
draw (but to its chooser) and the state's random generator. The expansions add theirs through
the hooks `Expansion.hide` and `Expansion.worth` (engine/duel/agora/ai.py,
engine/duel/leaders/ai.py).

`evaluate` weighs, in points, the gap between the two cities: the points scored if the game
ended now, the threats of the two supremacies (the conflict pawn's distance to a capital, the
different scientific symbols), and what will buy future points while cards remain (production,
chains, coins, unbuilt wonders, progress tokens' lasting effects), turned into [0, 1] by a
logistic curve.
"""

from __future__ import annotations

import math
import random

from engine.ai.deal import Deal
from engine.core import State, copy_state

from . import city, scoring
from .cards import GOODS, get
from .expansion import enabled
from .moves import buildable_wonders

SCALE = 7.0  # points of advantage that make a position worth ~0.81
# Beyond the military points already scored: how close the pawn is to the rival capital.
MILITARY = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 4.0, 7.0, 11.0, 11.0)
# Different scientific symbols (6 win): a 5th is a threat the rival must answer.
SCIENCE = (0.0, 0.3, 0.8, 1.6, 3.2, 7.0, 7.0)
# Per age (0 = the draft): the worth of what buys future points.
PRODUCTION = (1.5, 1.3, 0.7, 0.15)
CHAIN = (0.8, 0.7, 0.35, 0.0)
COIN = (0.25, 0.25, 0.18, 0.05)
UNBUILT = (0.5, 0.45, 0.4, 0.25)  # of the unbuilt wonder's worth once built
TOKEN_EFFECT = 1.2  # a progress token's lasting effect, beyond its points


def card_class(cid: str) -> str:
    """The public class of a hidden card: its back (`age1`.., `guild`, or an expansion's)."""
    comp = get(cid)
    if comp.kind != "card":
        return comp.kind
    return "guild" if comp.colour == "purple" else f"age{comp.age}"


def determinize(state: State, seat: int, rng: random.Random) -> State:
    det = copy_state(state)
    deal = Deal()
    for ext in enabled(det):
        ext.hide(det, seat, deal)
    _hide_base(det, seat, deal)
    deal.deal(rng)
    det["rng"] = rng.getrandbits(64)
    return det


def _hide_base(det: State, seat: int, deal: Deal) -> None:
    deal.unordered(det["wonder_pool"], "wonder")
    for age in sorted(det["decks"]):
        deal.unordered(det["decks"][age], card_class)
    for pile in sorted(det["removed"]):
        deal.unordered(det["removed"][pile], card_class)
    for slot in det["structure"]:
        if slot["card"] is not None and not slot["up"]:
            deal.place(slot, "card", card_class(slot["card"]))
    drawn = det["library"]
    if drawn and det["phase"] == "library" and det["active"] == seat:
        deal.known(det["box_tokens"], drawn)  # the chooser sees the draw
    elif drawn:  # the rival's draw: as many tokens of the box dealt again
        n = len(drawn)
        deal.then(lambda rng: drawn.__setitem__(slice(None), rng.sample(det["box_tokens"], n)))
    deal.unordered(det["box_tokens"], "progress")


def evaluate(state: State, seat: int) -> float:
    gap = worth(state, seat) - worth(state, 1 - seat)
    return 1.0 / (1.0 + math.exp(-gap / SCALE))


def worth(state: State, seat: int) -> float:
    """The seat's standing in points: scored, threatened and to come."""
    age = min(max(state["age"], 0), 3)
    me = city.player(state, seat)
    total = float(scoring.points(state, seat)["total"])
    ahead = state["pawn"] if seat == 0 else -state["pawn"]
    if ahead > 0:
        total += MILITARY[min(ahead, len(MILITARY) - 1)]
    total += SCIENCE[min(city.science_kinds(state, seat), len(SCIENCE) - 1)]
    made = city.production(state, seat)
    total += PRODUCTION[age] * sum(n * (1.3 if r in GOODS else 1.0) for r, n in made.items())
    total += PRODUCTION[age] * 0.8 * len(city.choices(state, seat))
    total += CHAIN[age] * len(city.chains(state, seat))
    total += COIN[age] * me["coins"]
    total += UNBUILT[age] * sum(wonder_value(w) for w in buildable_wonders(state, seat))
    total += TOKEN_EFFECT * sum(1 for t in me["tokens"] if get(t).effect("token"))
    for ext in enabled(state):
        total += ext.worth(state, seat)
    return total


def wonder_value(wid: str) -> float:
    """A wonder's worth once built, in points: its points and its effects."""
    w = get(wid)
    value = w.points + 1.2 * w.shields + ((w.effect("coins") or 0) + (w.effect("opponent_loses") or 0)) / 3
    value += 2.0 * sum(1 for e in ("play_again", "destroy", "mausoleum", "great_library") if w.effect(e))
    return value + (1.5 if w.effect("produce_choice") else 0.0)


def candidates(state: State, seat: int, legal: list[str], rng: random.Random) -> list[str]:
    """Every move, but only the cheapest way to pay for each (sparing resources, Masonry),
    the most plausible first (`prior`): the search widens in this order."""
    best: dict[str, tuple[int, str]] = {}
    kept: list[str] = []
    for text in legal:
        words = text.split()
        if words[0] not in ("construct", "wonder"):
            kept.append(text)
            continue
        key = " ".join(words[:3] if words[0] == "wonder" else words[:2])
        price = _price(words)
        if key not in best or price < best[key][0]:
            if key not in best:
                kept.append(key)  # a place in the list, filled below
            best[key] = (price, text)
    texts = [best[t][1] if t in best else t for t in kept]
    return sorted(texts, key=lambda t: -prior(state, seat, t))


def _price(words: list[str]) -> int:
    return int(words[-1]) if len(words) > 2 and words[-2] == "pay" else 0


def prior(state: State, seat: int, text: str) -> float:
    """A glance at a move, without playing it: what it brings, less a third of its price."""
    words = text.split()
    verb = words[0]
    cost = _price(words) / 3
    if verb == "construct" and len(words) > 2:
        return card_value(state, seat, words[1]) - cost
    if verb == "wonder":
        return wonder_value(words[1]) + 0.5 - cost
    if verb == "discard":
        return -1.0 + int(words[-1]) / 4
    return 0.0


def card_value(state: State, seat: int, cid: str) -> float:
    """A card's worth to the seat, at a glance (points, shields, science, production...)."""
    comp = get(cid)
    early = state["age"] < 3
    value = comp.points + 1.3 * comp.shields
    if comp.science:
        value += 2.5 if city.science(state, seat)[comp.science] == 0 else 2.0
    made = comp.effect("produce")
    if made:
        value += (1.5 if early else 0.3) * sum(made.values())
    if comp.effect("produce_choice") or comp.effect("trade_fixed"):
        value += 1.0 if early else 0.2
    value += (comp.effect("coins") or 0) / 3 + (1.0 if comp.effect("coins_per_card") else 0.0)
    if comp.effect("guild"):
        value += 3.0
    if comp.chain_gives and early:
        value += 0.5
    return value
