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
chains, coins, unbuilt wonders, progress tokens' lasting effects), turned into [0.1, 0.9] by a
logistic curve. It values what players of the game value (issue 28): coins once (a third of a
point, more while they can buy), a first unit of a resource made above the coins a discard
brings, a play-again wonder by the turn it gains, and an unbuilt wonder as a share of what
building it at today's price would gain, never more than building it.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from engine.ai.deal import Deal
from engine.core import State, copy_state

from . import city, payment, scoring
from .cards import GOODS, get
from .expansion import enabled
from .moves import buildable_wonders

SCALE = 7.0  # points of advantage that make a position worth ~0.81 (before MARGIN)
MARGIN = 0.1
# Beyond the military points already scored: how close the pawn is to the rival capital.
MILITARY = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 4.0, 7.0, 11.0, 11.0)
# Different scientific symbols (6 win): a 5th is a threat the rival must answer.
SCIENCE = (0.0, 0.8, 1.6, 2.6, 4.2, 8.0, 8.0)
# Per age (0 = the draft): the worth of a first unit of a resource produced, which saves its
# price (2 coins or more) at every card that needs it; later units of the same resource are
# needed by fewer cards (UNITS), and none is worth much once the last age runs.
PRODUCTION = (2.5, 2.5, 1.3, 0.2)
UNITS = (1.0, 0.6, 0.3, 0.15)  # the 1st, 2nd, 3rd, 4th unit of one resource
GOODS_FACTOR = 1.2  # glass and papyrus: fewer cards make them
CHOICE_FACTOR = 0.8  # a one-of-several producer (Forum, Caravansery, Piraeus...)
FIXED_FACTOR = 0.4  # a resource bought at 1 coin (the reserves, the Customs House)
CHAIN = (0.8, 0.7, 0.35, 0.0)
# Coins are counted once: a third of a point each at the end (smooth here, the floor being
# the scoring's), and while ages remain what they buy, up to what a player can spend.
SPEND = (0.4, 0.4, 0.25, 0.05)
SPENDABLE = 12
# An unbuilt wonder may still be built (only 7 of 8 are): a share of what building it would
# gain at today's price (in the draft, of its worth), so that building it now beats keeping it.
UNBUILT = (0.45, 0.25, 0.2, 0.1)
# Another turn at once (play again): a card taken before the rival may take it, and the order
# of the structure kept in hand; about a good card's worth.
TEMPO = (3.0, 3.0, 3.0, 2.0)
SHIELD = 1.2  # a wonder's shield, beyond the points
EFFECT = 2.0  # a destroyed rival card, the Mausoleum's or the Great Library's pick
TOKEN_EFFECT = 1.2  # a progress token's lasting effect, beyond its points
DENIED = 2  # cards given up for the same gain that a search considers (discards, tucks)
CAPITAL = 9  # the pawn's distance to a capital (7wd.md §1.5)
WINS = 50.0  # a glance's worth of a move that wins at once: first in every search's order


@lru_cache(maxsize=1024)  # a few hundred components; asked for each hidden one in every sample
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
    """Within [MARGIN, 1 - MARGIN]: however lopsided a running game looks, a win at once (1)
    or a loss at once (0) stands apart from it in a search's means."""
    gap = worth(state, seat) - worth(state, 1 - seat)
    return MARGIN + (1.0 - 2 * MARGIN) / (1.0 + math.exp(-gap / SCALE))


def worth(state: State, seat: int) -> float:
    """The seat's standing in points: scored, threatened and to come."""
    age = min(max(state["age"], 0), 3)
    me = city.player(state, seat)
    scored = scoring.points(state, seat)
    total = float(scored["total"] - scored["coins"]) + coin_worth(age, me["coins"])
    ahead = state["pawn"] if seat == 0 else -state["pawn"]
    if ahead > 0:
        total += MILITARY[min(ahead, len(MILITARY) - 1)]
    total += SCIENCE[min(city.science_kinds(state, seat), len(SCIENCE) - 1)]
    for res, n in city.production(state, seat).items():
        units = sum(UNITS[:n]) + UNITS[-1] * max(0, n - len(UNITS))
        total += PRODUCTION[age] * units * (GOODS_FACTOR if res in GOODS else 1.0)
    total += PRODUCTION[age] * CHOICE_FACTOR * len(city.choices(state, seat))
    total += PRODUCTION[age] * FIXED_FACTOR * len(city.fixed_prices(state, seat))
    total += CHAIN[age] * len(city.chains(state, seat))
    unbuilt = buildable_wonders(state, seat)
    if unbuilt:
        m = payment.market(state, seat) if age else None  # priced once for every wonder
        total += UNBUILT[age] * sum(_gain(state, seat, w, age, m) for w in unbuilt)
    total += TOKEN_EFFECT * sum(1 for t in me["tokens"] if get(t).effect("token"))
    for ext in enabled(state):
        total += ext.worth(state, seat)
    return total


def _gain(state: State, seat: int, wid: str, age: int, m: payment.Market | None) -> float:
    """What building this wonder would gain: its worth less today's price (in the draft,
    before any production, its worth alone)."""
    if m is None:
        return wonder_value(wid, 1)
    price = min(q.coins for q in payment.quotes(state, seat, get(wid), m))
    return max(0.0, wonder_value(wid, age) - price * coin_rate(age))


def coin_rate(age: int) -> float:
    """A coin spent, in points (up to what a player can spend)."""
    return 1 / scoring.COINS_PER_POINT + SPEND[age]


def coin_worth(age: int, coins: int) -> float:
    """Coins in points, counted once: a third each at the end, more while they can buy."""
    return coins / scoring.COINS_PER_POINT + SPEND[age] * min(coins, SPENDABLE)


def wonder_value(wid: str, age: int = 1) -> float:
    """A wonder's worth once built, in points: its points and its effects."""
    w = get(wid)
    coins = (w.effect("coins") or 0) + (w.effect("opponent_loses") or 0)
    value = w.points + SHIELD * w.shields + coin_worth(age, coins)
    value += TEMPO[age] if w.effect("play_again") else 0.0
    value += EFFECT * sum(1 for e in ("destroy", "mausoleum", "great_library") if w.effect(e))
    if w.effect("produce_choice"):
        value += PRODUCTION[age] * CHOICE_FACTOR
    return value


def candidates(state: State, seat: int, legal: list[str], rng: random.Random) -> list[str]:
    """Every move, but only the cheapest way to pay for each (sparing resources, Masonry),
    and of the moves that give up a card for the same gain (a discard, a wonder's tucked
    card) only the DENIED that the rival would value most; the most plausible first
    (`prior`): the search widens in this order."""
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
    texts = _denials([best[t][1] if t in best else t for t in kept], state, seat)
    return sorted(texts, key=lambda t: -prior(state, seat, t))


def _denials(texts: list[str], state: State, seat: int) -> list[str]:
    """Among the discards, and among each wonder's tucked cards, the DENIED cards the rival
    would value most: the others give the same and deny less (fewer moves to search)."""
    groups: dict[str, list[tuple[float, str]]] = {}
    out = []
    for text in texts:
        words = text.split()
        group = "discard" if words[0] == "discard" else \
            f"wonder {words[1]}" if words[0] == "wonder" else None
        card = words[1] if words[0] == "discard" else words[2] if group else ""
        if group is None or get(card).kind != "card":
            out.append(text)
            continue
        groups.setdefault(group, []).append((-card_value(state, 1 - seat, card), text))
    for found in groups.values():
        out += [text for _, text in sorted(found)[:DENIED]]
    return out


def _price(words: list[str]) -> int:
    return int(words[-1]) if len(words) > 2 and words[-2] == "pay" else 0


def prior(state: State, seat: int, text: str) -> float:
    """A glance at a move, without playing it: what it brings, less its price."""
    words = text.split()
    verb = words[0]
    age = min(max(state["age"], 1), 3)
    cost = _price(words) * coin_rate(age)
    if verb == "construct" and len(words) > 2:
        return card_value(state, seat, words[1]) - cost
    if verb == "wonder":
        return wonder_value(words[1], age) + _wins(state, seat, get(words[1]).shields, None) - cost
    if verb == "discard":
        return int(words[-1]) * coin_rate(age) - 1.0  # a card given up for its coins
    return 0.0


def _wins(state: State, seat: int, shields: int, symbol: str | None) -> float:
    """WINS when these shields reach the rival's capital or this symbol is a 6th different
    one: the rival's reply that wins must come first among the moves a search widens to."""
    ahead = state["pawn"] if seat == 0 else -state["pawn"]
    if shields and ahead + shields >= CAPITAL:
        return WINS
    if symbol and city.science(state, seat)[symbol] == 0 and city.science_kinds(state, seat) >= 5:
        return WINS
    return 0.0


def card_value(state: State, seat: int, cid: str) -> float:
    """A card's worth to the seat, at a glance (points, shields, science, production...),
    in the units of `worth`."""
    comp = get(cid)
    age = min(max(state["age"], 1), 3)
    shields = comp.shields + (1 if comp.shields and city.has_token(state, seat, "strategy") else 0)
    value = comp.points + 1.3 * shields + _wins(state, seat, shields, comp.science)
    if comp.science:
        value += 2.0 if city.science(state, seat)[comp.science] == 0 else 1.5
    made = comp.effect("produce")
    if made:
        have = city.production(state, seat)
        for res, n in made.items():
            units = sum(UNITS[have[res]:have[res] + n]) or UNITS[-1] * n
            value += PRODUCTION[age] * units * (GOODS_FACTOR if res in GOODS else 1.0)
    if comp.effect("produce_choice"):
        value += PRODUCTION[age] * CHOICE_FACTOR
    if comp.effect("trade_fixed"):
        value += PRODUCTION[age] * FIXED_FACTOR * len(comp.effect("trade_fixed"))
    value += coin_worth(age, comp.effect("coins") or 0)
    value += 1.0 if comp.effect("coins_per_card") else 0.0
    if comp.effect("guild"):
        value += 3.0
    if comp.chain_gives:
        value += CHAIN[age]
    return value
