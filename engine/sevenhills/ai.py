"""Seven Hills' knowledge for the computer players (engine/ai): determinize, evaluate, candidates.

What a seat sees (engine/sevenhills/view.py): the whole board, both camps, the temple, the round
track, prestige, hand sizes, the deck's size, the discard pile's top card and size, and its own
hand. Hidden: the other hands, the deck's order, the discard pile under its top card (the view
shows only the top), and the generator (which decides a theft and every reshuffle).

`determinize` pools every card the seat cannot see (the 84 client cards are all different, so the
pool is the cards neither in its hand nor on top of the discard pile, in the data file's order),
shuffles it and deals the other hands, the deck and the discard pile's hidden part back with their
sizes. `evaluate` projects each seat's final prestige: the points it has, the current era's
scoring of the board as it stands (majorities, knights, the Forum's consul), the older hills
scoring again in the eras left, and its cards as markers to come; a softmax of those is its share
of the win. `candidates` keeps every legal move except most exchanges (1 to 3 cards of up to
seven: 63 texts): only those giving away the cards least useful to a placement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.share import share
from engine.core import State, copy_state

from . import board as B
from . import scoring as S
from .components import load

PLACEABLE = 0.9  # a card of a colour held three times: a marker on the next placement
HOPE = {0: 0.0, 1: 0.3, 2: 1.0, 3: 0.0, 4: 0.0}  # one or two cards of a colour: a hope of three
REVOLT = 1.5  # a marker of another player's replaced by one of one's own
MARKER = {"noble": 3.0, "knight": 2.0, "centurion": 1.7, "plebeian": 1.7}  # still to deploy
POWER = 0.5  # an additional action still to take
FUTURE = 0.6  # how much of the board's present majorities is expected to hold in later eras
EXCHANGE_POOL = 3  # exchanges give away some of the 3 least useful cards of the hand


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state equal to `state` in all `seat` sees; the other hands, the deck and the
    discard pile under its top dealt from the sorted unseen cards by `rng`."""
    c = load()
    out = copy_state(state)
    seen = set(state["hands"][seat])
    top = state["discard"][-1] if state["discard"] else None
    if top is not None:
        seen.add(top)
    pool = [k.id for k in c.cards if k.id not in seen]  # the data file's order: canonical
    rng.shuffle(pool)
    for s in range(state["players"]):
        if s != seat:
            size = len(state["hands"][s])
            out["hands"][s] = pool[:size]
            del pool[:size]
    size = len(state["deck"])
    out["deck"] = pool[:size]
    del pool[:size]
    out["discard"] = pool + ([top] if top is not None else [])
    out["rng"] = rng.getrandbits(64)
    return out


# --- evaluation ---------------------------------------------------------------------------------


def _board_points(state: State, era: int, new: bool) -> list[float]:
    """Each seat's points if the board as it stands were scored in `era` (`new`: the era's own
    hills at 7/4; otherwise every open hill at 5/2), knights included."""
    c = load()
    n = state["players"]
    out = [0.0] * n
    for hill in c.open_hills(era):
        places = c.new_points if new and c.opens[hill] == era else c.old_points
        people = S.people_on(state["sectors"][hill], c.people)
        pts = S.majority_points(people, places)
        total = sum(people)
        for s in range(n):
            # half the places as they stand, half in proportion to the people there: every
            # marker counts, since the majorities will still move before the scoring
            smooth = sum(places) * people[s] / total if total else 0.0
            out[s] += 0.5 * pts[s] + 0.5 * smooth
    for s in range(n):
        out[s] += S.knight_points(B.on_board(state, s, "knight"), c.knight_pair, c.knight_bonus,
                                  c.markers["knight"])
    return out


def _consul_points(state: State) -> list[float]:
    """The consul's points to whoever leads the Forum now (shared on a tie)."""
    c = load()
    n = state["players"]
    forum = [B.forum_markers(state, s) for s in range(n)]
    out = [0.0] * n
    ranked = sorted({f for f in forum if f > 0}, reverse=True)[: c.consuls[n]]
    for level in ranked:
        tied = [s for s in range(n) if forum[s] == level]
        for s in tied:
            out[s] += c.consul_points / len(tied)
    return out


def hand_worth(hand: Sequence[str]) -> float:
    """What a hand is worth as markers to come: three client cards of one colour make a placement
    (each card a marker), fewer are only a hope; two slaves make a revolt (three, two targets)."""
    c = load()
    colours: dict[str, int] = {}
    slaves = 0
    for k in hand:
        card = c.card(k)
        if card.cls == "slave":
            slaves += 1
        else:
            colours[card.colour] = colours.get(card.colour, 0) + (2 if card.cls == "noble" else 1)
    worth = sum(PLACEABLE * n if n >= 3 else HOPE[n] for n in colours.values())
    return worth + (REVOLT * min(slaves - 1, 2) if slaves >= 2 else 0.2 * slaves)


def projected(state: State) -> list[float]:
    """Each seat's expected final prestige (see the module's docstring)."""
    c = load()
    n = state["players"]
    era = state["era"]
    later = c.eras - era
    out = [float(p) for p in state["prestige"]]
    if state["phase"] == "over":
        return out
    now = _board_points(state, era, new=True)
    old = _board_points(state, era, new=False)
    consul = _consul_points(state)
    # cards and markers still to deploy matter less once the round limit ends the era
    room = 0.4 if state["ending"] else 1.0
    active = B.active(state) if state["phase"] not in ("preplace", "levy", "return") else None
    for s in range(n):
        out[s] += now[s] + consul[s] + FUTURE * later * (old[s] + consul[s])
        out[s] += hand_worth(state["hands"][s]) * (room if later == 0 else 1.0)
        if s == active:
            pending = state["deploy"][: max(0, state["limit"] - state["counter"])]
            out[s] += sum(MARKER.get(k, 1.5) for k in pending) + POWER * len(state["powers"])
            if not state["hands"][s] and state["phase"] in ("deploy", "power", "target",
                                                            "protect"):
                out[s] += c.empty_hand * 0.5  # an empty hand after the action costs 10
    return out


def evaluate(state: State, seat: int) -> float:
    """`seat`'s share of the win in [0, 1]: a softmax of the projected prestige, sharper as the
    eras run out; at the end, 1 for a win (divided among tied winners), 0 for a loss."""
    if state["outcome"] is not None:
        winners = state["outcome"]["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    c = load()
    return share(projected(state), seat, 3.0 + 2.0 * (c.eras - state["era"]))


# --- candidates ---------------------------------------------------------------------------------


def _keep_worth(hand: Sequence[str], card: str) -> float:
    """How much a card helps its holder: a client card by how many of its colour are held (three
    of one colour make a placement), a slave by how many slaves are held (two make a revolt)."""
    c = load()
    k = c.card(card)
    if k.cls == "slave":
        return sum(1 for x in hand if c.card(x).cls == "slave") + 0.5
    same = sum(1 for x in hand if c.card(x).colour == k.colour and c.card(x).cls != "slave")
    return same + (0.5 if k.cls == "noble" else 0.0)


def candidates(state: State, seat: int, legal: Sequence[str], rng: random.Random) -> list[str]:
    """Every legal move but the exchanges, of which only those of the hand's least useful cards
    (the worst one, two or three; the second and third worst alone). Reads only `seat`'s hand
    and the board."""
    if state["phase"] != "act":
        return list(legal)
    hand = B.sort_cards(state["hands"][seat])
    worst = sorted(hand, key=lambda k: (_keep_worth(hand, k), load().order(k)))[:EXCHANGE_POOL]
    picks = [worst[:1], worst[:2], worst[:3], worst[1:2], worst[2:3]]
    keep = {"exchange " + " ".join(B.sort_cards(p)) for p in picks if p}
    return [x for x in legal if not x.startswith("exchange ") or x in keep]
