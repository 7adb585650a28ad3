"""Res Publica's knowledge for the computer players (engine/ai): determinize, evaluate, candidates.

What a seat sees (ResPublica.view): its own hand, everyone's hand SIZE, the groups laid, the point
piles, both decks' sizes, and every word of the current trade (proposal, answers, promises, who
still chooses). Hidden: the other hands' contents, both decks' order and contents, the generator,
and a partner's hidden choice of cards while a delivery is pending.

`determinize` rebuilds those from the sorted pool of unseen cards, keeping every public commitment
true: a player who answered a sought proposal can still give it, an offer is held by whoever
made it, a promise being delivered can be kept. `evaluate` turns each seat's projected final score
(point cards, plus what its hand is worth as groups and pairs, weighted by the time left) into a
share of the win. `candidates` cuts the ~7000 trade texts to the few a player would consider:
asking for the cards that complete or extend one's groups, offering the cards one needs least,
answering with what helps; every text it returns is in `legal`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import islice

from engine.core import IllegalAction, State, copy_state
from engine.policy import Menu, holds

from . import trade as T
from .cards import CIVILISATION, PEOPLE, Variant, variant
from .menu import ResPublicaMenu
from .steps import STEPS

# The search asks `candidates` with the seat's menu (engine/ai/knowledge.py): the thousands of
# trade texts are never listed below its root.
CANDIDATES_FROM_MENU = True
# The hard level (engine/ai/ismcts.py). What the other hands hold moves a move's value far more
# than the moves differ (a sample's spread 0.03-0.2, the moves 0.003-0.03 apart), so its root
# moves are compared on the same deals; and a turn is many steps (lay, seek, answers, end), so
# its rollouts go 4 steps, where 2 stopped before what a trade or a group laid led to. Against
# two medium bots at 200 iterations: 43.0% of 200 games before, 47.7% paired, 49.2% paired
# with 4 steps (docs/bots.md).
PAIRED_ROOT = True
ROLLOUT_DEPTH = 4
PASS = "pass"
SEEK = "seek"
OFFER = "offer"
TRIES_PLAIN = 4  # random deals tried before reserving the promised cards first
TRIES = 48
# The search tries every candidate at least once: a few good ones beat many (at 0.1 s a decision
# the hard level runs some 20 iterations in Res Publica).
MAX_TRADES = 5  # trade texts kept for the active player, the best first
MAX_OF_A_VERB = 3  # of which seeks, or offers, at most
MAX_ANSWERS = 4  # answers kept besides `pass`
MAX_GIVES = 3  # deliveries kept (the least costly first)
# A city's civilisation draws, in points at the start (fewer as the deck runs out). Fitting the
# projection to the final scores of games between easy bots prefers some 12 (and a quarter of a
# point per card in hand) and predicts the winner a little more often, but plays worse: the bots
# then hoard people cards (medium against two easy: 33% of 60 games, against 58% with these).
CITY_DRAWS = 5.0
# The evaluation's temperature in points: at the end, and added early. A sharper one (1.5 + 3t,
# with a sigmoid of the margin) made easy bots greedier and the hard level no better (27%).
TEMP, TEMP_EARLY = 2.0, 4.0
# A library's worth, in points at the start: the cheaper towns it brings (fewer as time runs
# out). Counted the same in the hand (a group to lay) and laid, so that laying it never looks
# like a loss: counted in the hand only, the bots ended turns with a library unlaid.
LIBRARY_TOWNS = 3.0

Hand = Mapping[str, int]


def _v(state: State) -> Variant:
    return variant(state["variant"])


# --- determinization ------------------------------------------------------------------------------


def unseen(state: State, seat: int) -> dict[str, int]:
    """Every card `seat` cannot see, by kind: the box minus its own hand and the groups laid."""
    v = _v(state)
    left = dict(v.counts)
    for k, n in state["hands"][seat].items():
        left[k] -= n
    for groups in state["groups"]:
        for g in groups:
            left[g["kind"]] -= g["count"]
    return left


def _constraints(state: State, seat: int) -> list[tuple[int, T.Proposal, bool]]:
    """(seat, proposal, propose) for every public commitment of another seat's hand: it can give
    `proposal` (propose: may offer it, each branch of an « ou » held)."""
    trade = state["trade"]
    if trade is None:
        return []
    v = _v(state)
    out: list[tuple[int, T.Proposal, bool]] = []
    proposal = T.parse(v, trade["proposal"].split())
    answered = [a for a in trade["answers"] if a["answer"] not in (None, PASS)]
    if trade["mode"] == OFFER:
        out.append((trade["by"], proposal, True))
        out += [(a["seat"], T.parse(v, a["answer"].split()), True) for a in answered]
    else:
        out += [(a["seat"], proposal, False) for a in answered]
    for side in trade["deliver"] or ():
        out.append((side["seat"], T.parse(v, side["promise"].split()), False))
    return sorted((c for c in out if c[0] != seat), key=lambda c: (c[0], c[1].text, c[2]))


def _holds(v: Variant, hand: Hand, p: T.Proposal, propose: bool) -> bool:
    return (T.can_propose if propose else T.can_deliver)(v, hand, p)


def _take(v: Variant, have: dict[str, int], pool: dict[str, int], used: dict[str, int],
          kinds: frozenset[str] | None, rng: random.Random) -> bool:
    """Set aside one card of `kinds` (two identical ones for a pair: kinds None) for a
    delivery: from `have` when it holds one not yet set aside, else moved there from `pool`,
    the kind drawn at random in proportion to the pool."""
    need = 2 if kinds is None else 1
    allowed = [k for k in v.kinds if kinds is None or k in kinds]
    free = [k for k in allowed if have.get(k, 0) - used.get(k, 0) >= need]
    if free:
        k = free[rng.randrange(len(free))]
    else:
        short = {k: need - max(0, have.get(k, 0) - used.get(k, 0)) for k in allowed}
        # the hands hold only so many cards of each family: the rest are in its deck
        weights = [pool.get(k, 0) if pool.get(k, 0) >= short[k]
                   and pool[v.family[k]] >= short[k] else 0 for k in allowed]
        if not any(weights):
            return False
        k = rng.choices(allowed, weights)[0]
        have[k] = have.get(k, 0) + short[k]
        pool[k] -= short[k]
        pool[v.family[k]] -= short[k]
    used[k] = used.get(k, 0) + need
    return True


def _reserve(v: Variant, have: dict[str, int], pool: dict[str, int], p: T.Proposal,
             propose: bool, rng: random.Random) -> bool:
    """Move cards from `pool` (by kind, and under `pool[family]`: how many cards of each family
    the hands hold) to `have` until `have` can keep `p` (each branch on its own when
    proposing an « ou », else one branch drawn at random), using the cards it holds first.
    Linear in the counts: never enumerates the ways to deliver. False if it cannot."""
    branches = T.branches(v, p)
    every = propose and p.op == T.OR
    chosen = branches if every else [branches[rng.randrange(len(branches))]]
    for needs in chosen:
        used: dict[str, int] = {}
        # the narrowest needs first, so that a broad one does not take their cards
        for n, kinds in sorted(needs, key=lambda x: (x[1] is None, len(x[1] or ()))):
            for _ in range(n):
                if not _take(v, have, pool, used, kinds, rng):
                    return False
    return True


def _deal(v: Variant, state: State, seat: int, left: Mapping[str, int],
          reserved: Mapping[int, Mapping[str, int]], rng: random.Random) -> list[dict[str, int]] | None:
    """Hands for the other seats (sizes as public) and both decks (families as the rules say),
    from the unseen cards `left`, with `reserved` cards put in given hands first. Returns the new
    hands (all seats) and sets the decks in `state`, or None if the families do not fit."""
    rest = dict(left)
    for cards in reserved.values():
        for k, n in cards.items():
            rest[k] -= n
            if rest[k] < 0:
                return None
    people = [k for k in v.kinds if v.family[k] == PEOPLE for _ in range(rest[k])]
    civ = [k for k in v.kinds if v.family[k] == CIVILISATION for _ in range(rest[k])]
    n_people, n_civ = len(state["decks"][PEOPLE]), len(state["decks"][CIVILISATION])
    if len(people) < n_people or len(civ) < n_civ:
        return None
    rng.shuffle(people)
    rng.shuffle(civ)
    decks = {PEOPLE: people[:n_people], CIVILISATION: civ[:n_civ]}
    loose = people[n_people:] + civ[n_civ:]
    rng.shuffle(loose)
    hands = [dict(h) for h in state["hands"]]
    for s in range(state["players"]):
        if s == seat:
            continue
        hand = dict.fromkeys(v.kinds, 0)
        for k, n in reserved.get(s, {}).items():
            hand[k] += n
        want = sum(state["hands"][s].values()) - sum(hand.values())
        if want < 0 or want > len(loose):
            return None
        for k in loose[:want]:
            hand[k] += 1
        del loose[:want]
        hands[s] = hand
    state["decks"] = decks
    return hands


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state equal to `state` in all `seat` sees, the rest dealt from the sorted unseen
    cards by `rng`, every public commitment kept (see the module's docstring)."""
    v = _v(state)
    out = copy_state(state)
    left = unseen(state, seat)
    cons = _constraints(state, seat)
    hands = None
    for attempt in range(TRIES):
        reserved: dict[int, dict[str, int]] = {}
        if attempt >= TRIES_PLAIN:
            # put the promised cards in their holders' hands first, then deal the rest
            pool = dict(left)
            for family in (PEOPLE, CIVILISATION):  # how many of each family the hands hold
                pool[family] = sum(n for k, n in left.items() if v.family[k] == family) - len(
                    state["decks"][family])
            for s, p, propose in cons:
                if not _reserve(v, reserved.setdefault(s, {}), pool, p, propose, rng):
                    break
        dealt = _deal(v, out, seat, left, reserved, rng)
        if dealt is None:
            continue
        hands = dealt
        if all(_holds(v, hands[s], p, propose) for s, p, propose in cons):
            break
    if hands is None:  # never seen: the plain deal always fits the families
        hands = _deal(v, out, seat, left, {}, rng) or [dict(h) for h in state["hands"]]
    out["hands"] = hands
    trade = out["trade"]
    for side in (trade or {}).get("deliver") or ():
        if side["seat"] == seat or side["cards"] is None:
            continue
        # a partner's chosen cards are hidden until the swap: choose again from the new hand
        ways = T.deliveries(v, hands[side["seat"]], T.parse(v, side["promise"].split()))
        side["cards"] = ways[rng.randrange(len(ways))] if ways else {}
        side["auto"] = len(ways) == 1
    out["rng"] = rng.getrandbits(64)
    return out


# --- what a hand is worth ---------------------------------------------------------------------------


def time_left(state: State) -> float:
    """1 at the start, falling with the civilisation deck (whose last card ends the game), 0 once
    only the final lay-downs remain."""
    if state["phase"] in ("final", "over"):
        return 0.0
    if state["last_round"]:
        return 0.05
    v = _v(state)
    total = sum(n for k, n in v.counts.items() if v.family[k] == CIVILISATION)
    return len(state["decks"][CIVILISATION]) / total


def _has_library(state: State, seat: int) -> bool:
    # a loop, not any() and its generator: called ~250 times in a search iteration
    for g in state["groups"][seat]:  # noqa: SIM110
        if g["card"] == "library":
            return True
    return False


def _lay_size(state: State, seat: int, kind: str) -> int:
    group = _v(state).groups[kind]
    if group.size_with_library is not None and _has_library(state, seat):
        return group.size_with_library
    return group.size


def group_value(state: State, seat: int, kind: str, t: float) -> float:
    """What laying a group of `kind` is worth to `seat` now: its point card, plus for a city the
    civilisation cards it draws every turn left, for a library the cheaper towns."""
    card = _v(state).groups[kind].card
    pile = state["piles"].get(card)
    return _group_value(card, pile[0] if pile else None, _has_library(state, seat), t)


def _group_value(card: str, top: int | None, library: bool, t: float) -> float:
    if top is None:
        return 0.0
    if card == "city":
        return top + CITY_DRAWS * t
    if card == "library":
        return 0.0 if library else LIBRARY_TOWNS * t
    return float(top)


def kind_worth(state: State, seat: int, kind: str, c: int, t: float) -> float:
    """Points `c` cards of `kind` in `seat`'s hand are expected to bring: whole groups almost
    their value, a partial group its value times its progress (squared: the last cards are the
    hard ones) while time is left, and never less than its pairs, which count at the end."""
    if c <= 0:
        return 0.0
    group = _v(state).groups[kind]
    pile = state["piles"].get(group.card)
    return _kind_worth(group.card, group.size, group.size_with_library, c, t,
                       pile[0] if pile else None, _has_library(state, seat))


@lru_cache(maxsize=1 << 16)
def _kind_worth(card: str, size: int, size_with_library: int | None, c: int, t: float,
                top: int | None, library: bool) -> float:
    """kind_worth from plain values (cached: the same few come back all the time)."""
    value = _group_value(card, top, library, t)
    if value <= 0:
        return float(c // 2)
    if library and size_with_library is not None:
        size = size_with_library
    full, rest = divmod(c, size)
    partial = value * (rest / size) ** 2 * (0.3 + 0.7 * t) if rest else 0.0
    return full * value * 0.95 + max(rest // 2, partial)


def hand_worth(state: State, seat: int, hand: Hand, t: float) -> float:
    """Points a hand is expected to bring, as `kind_worth` counts them, but each complete group
    at the point card it would take (of two complete town groups, one takes the pile's top and
    the other the card below it) and a partial group at the card left after them. Valued all at
    the top, laying a group lowered the others' worth by as much as the top fell (or to nothing
    with the pile's last card), and ending the turn with a group unlaid looked better."""
    v = _v(state)
    library = _has_library(state, seat)
    taken: dict[str, int] = {}  # point cards of each pile that the complete groups take
    rests: list[tuple[str, int, int]] = []
    total = 0.0
    for k, c in hand.items():
        if c <= 0:
            continue
        group = v.groups[k]
        size = group.size_with_library if library and group.size_with_library else group.size
        full, rest = divmod(c, size)
        first = taken.get(group.card, 0)
        for i in range(first, first + full):
            value = _group_value(group.card, _card(state, group.card, i), library, t)
            total += value * 0.95 if value > 0 else size // 2  # worthless: its pairs
        taken[group.card] = first + full
        if rest:
            rests.append((group.card, size, rest))
    for card, size, rest in rests:
        value = _group_value(card, _card(state, card, taken.get(card, 0)), library, t)
        partial = value * (rest / size) ** 2 * (0.3 + 0.7 * t) if value > 0 else 0.0
        total += max(rest // 2, partial)
    return total


def _card(state: State, card: str, i: int) -> int | None:
    """The point card `i` cards down the pile of `card` (None: the pile has no more)."""
    pile = state["piles"].get(card) or ()
    return pile[i] if i < len(pile) else None


def projected(state: State, seat: int, t: float | None = None,
              hands: Sequence[Hand] | None = None) -> float:
    """`seat`'s expected final score: point cards laid, what its hand is worth (`hands`: the hands
    once the trade on the table is settled, see `settled`), and the draw still to come if its
    turn is on."""
    if t is None:
        t = time_left(state)
    hand = (hands or state["hands"])[seat]
    laid = sum(g["value"] for g in state["groups"][seat])
    cities = sum(1 for g in state["groups"][seat] if g["card"] == "city")
    library = LIBRARY_TOWNS * t if _has_library(state, seat) else 0.0
    score = laid + CITY_DRAWS * cities * t + library + hand_worth(state, seat, hand, t)
    if state["phase"] not in ("final", "over") and state["active"] == seat:
        score += _draw_worth(state, seat, hand, cities, t)
    return score


def _draw_worth(state: State, seat: int, hand: Hand, cities: int, t: float) -> float:
    """What the draw that ends the turn will add, from the decks as they are in this state."""
    v = _v(state)
    people, civ = state["decks"][PEOPLE], state["decks"][CIVILISATION]
    n_people = min(v.draw_people, len(people))
    n_civ = min(cities * v.draw_per_city, v.draw_max - n_people, len(civ))
    marg = _marginal(state, seat, hand, t)
    worth = 0.0
    for deck, n in ((people, n_people), (civ, n_civ)):
        if n and deck:
            worth += n * sum(marg[k] for k in deck) / len(deck)
    return worth


def _swap(hands: Sequence[Hand], gives: Sequence[tuple[int, int, Mapping[str, int]]]) -> list[Hand]:
    out = [dict(h) for h in hands]
    for giver, receiver, cards in gives:
        out[giver] = _add(out[giver], cards, -1)
        out[receiver] = _add(out[receiver], cards)
    return out


def settled(state: State, t: float) -> tuple[list[Hand], float]:
    """The hands once the trade on the table is settled as the players would most likely settle
    it (a pending delivery kept at the least cost to each giver; of the answers given, the one
    best for the active player if it gains; no more answers), and what the active player may
    still hope from answers not given yet (half the gain of getting what it asked)."""
    hands: list[Hand] = list(state["hands"])
    trade = state["trade"]
    if trade is None:
        return hands, 0.0
    v = _v(state)
    if trade["deliver"] is not None:
        gives = []
        for side in trade["deliver"]:
            cards = side["cards"]
            if cards is None:
                p = T.parse(v, side["promise"].split())
                cards = _best_give(state, side["seat"], hands[side["seat"]], p, t) or {}
            gives.append((side["seat"], side["to"], cards))
        return _swap(hands, gives), 0.0
    by = trade["by"]
    best: tuple[float, list[Hand]] | None = None
    for a in trade["answers"]:
        if a["answer"] in (None, PASS):
            continue
        mine, theirs = (a["answer"], trade["proposal"]) if trade["mode"] == SEEK else (
            trade["proposal"], a["answer"])
        give = _best_give(state, by, hands[by], T.parse(v, mine.split()), t)
        get = _best_give(state, a["seat"], hands[a["seat"]], T.parse(v, theirs.split()), t)
        if give is None or get is None:
            continue
        gain = _gain(state, by, hands[by], get, give, t)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, _swap(hands, [(by, a["seat"], give), (a["seat"], by, get)]))
    hope = 0.0
    if state["phase"] == "answers":
        waiting = [a["seat"] for a in trade["answers"] if a["answer"] is None]
        p = T.parse(v, trade["proposal"].split())
        if trade["mode"] == SEEK and any(T.can_deliver(v, hands[s], p) for s in waiting):
            hope = 0.5 * _expected_get(state, by, hands[by], p, t)
        elif trade["mode"] == OFFER and waiting:
            loss = -_gain(state, by, hands[by], {}, _best_give(state, by, hands[by], p, t) or {}, t)
            marg = _marginal(state, by, hands[by], t)
            hope = 0.5 * (sum(n for n, _ in p.terms) * _offer_hope(marg) - loss)
        hope = max(0.0, hope - (best[0] if best else 0.0))
    return (best[1] if best else hands), hope


def evaluate(state: State, seat: int) -> float:
    """`seat`'s share of the win in [0, 1]: a softmax of the projected scores, sharper as the end
    nears; at the end, 1 for a win (divided among tied winners), 0 for a loss."""
    if state["outcome"] is not None:
        winners = state["outcome"]["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    t = time_left(state)
    hands, hope = settled(state, t)
    scores = [projected(state, s, t, hands) for s in range(state["players"])]
    if hope > 0:
        scores[state["trade"]["by"]] += hope
    return share(scores, seat, TEMP + TEMP_EARLY * t)


def share(scores: Sequence[float], seat: int, temp: float) -> float:
    """A softmax share of the win at temperature `temp` (points)."""
    top = max(scores)
    weights = [math.exp((x - top) / temp) for x in scores]
    return weights[seat] / sum(weights)


# --- candidates ---------------------------------------------------------------------------------


def _add(hand: Hand, cards: Mapping[str, int], sign: int = 1) -> dict[str, int]:
    out = dict(hand)
    for k, n in cards.items():
        out[k] = out.get(k, 0) + sign * n
    return out


def _gain(state: State, seat: int, hand: Hand, get: Mapping[str, int], give: Mapping[str, int],
          t: float) -> float:
    """What receiving `get` and giving `give` changes in `hand`'s worth (the kinds touched)."""
    out = 0.0
    # In the kinds' sorted order: a float sum in a set's order would change in its last bits
    # with the process's hash seed, and so would a tie between two answers (issue 28's arena).
    for k in sorted(set(get) | set(give)):
        c = hand.get(k, 0)
        after = c + get.get(k, 0) - give.get(k, 0)
        out += kind_worth(state, seat, k, after, t) - kind_worth(state, seat, k, c, t)
    return out


def _marginal(state: State, seat: int, hand: Hand, t: float) -> dict[str, float]:
    """What one more card of each kind adds to `hand`: kind_worth's difference, with the library
    and the pile tops read once for every kind (a search asks this thousands of times)."""
    v = _v(state)
    library = _has_library(state, seat)
    piles = state["piles"]
    out = {}
    for k in v.kinds:
        group = v.groups[k]
        pile = piles.get(group.card)
        top = pile[0] if pile else None
        c = hand.get(k, 0)
        more = _kind_worth(group.card, group.size, group.size_with_library, c + 1, t, top, library)
        now = (_kind_worth(group.card, group.size, group.size_with_library, c, t, top, library)
               if c > 0 else 0.0)  # kind_worth's own guard
        out[k] = more - now
    return out


def _loss(state: State, seat: int, hand: Hand, kind: str, n: int, t: float) -> float:
    c = hand.get(kind, 0)
    return kind_worth(state, seat, kind, c, t) - kind_worth(state, seat, kind, c - n, t)


def _spare(state: State, seat: int, hand: Hand, t: float) -> list[str]:
    """The kinds held, least needed first (what losing one card of it costs)."""
    kinds = _v(state).kinds
    held = [k for k in kinds if hand.get(k, 0) > 0]
    return sorted(held, key=lambda k: (_loss(state, seat, hand, k, 1, t), kinds.index(k)))


def _best_give(state: State, seat: int, hand: Hand, p: T.Proposal, t: float) -> dict[str, int] | None:
    """A delivery of `p` that costs `hand` little (the giver's choice): for each branch, card by
    card, the kind whose loss is the smallest (the narrowest needs first); the cheapest branch.
    Greedy and linear in the counts: never enumerates the ways to deliver."""
    v = _v(state)
    best: tuple[float, dict[str, int]] | None = None
    for needs in T.branches(v, p):
        used: dict[str, int] = {}
        cost = 0.0
        for n, kinds in sorted(needs, key=lambda x: (x[1] is None, len(x[1] or ()))):
            take = 2 if kinds is None else 1
            for _ in range(n):
                options = [k for k in v.kinds if (kinds is None or k in kinds)
                           and hand.get(k, 0) - used.get(k, 0) >= take]
                if not options:
                    cost = math.inf
                    break
                losses = []
                for k in options:
                    c = hand.get(k, 0) - used.get(k, 0)
                    losses.append(kind_worth(state, seat, k, c, t)
                                  - kind_worth(state, seat, k, c - take, t))
                i = min(range(len(options)), key=losses.__getitem__)
                cost += losses[i]
                used[options[i]] = used.get(options[i], 0) + take
            if cost == math.inf:
                break
        if cost < math.inf and (best is None or cost < best[0]):
            best = (cost, used)
    return best[1] if best else None


def _expected_get(state: State, seat: int, hand: Hand, p: T.Proposal, t: float) -> float:
    """What receiving promise `p` is worth: the other side chooses, so a specific kind is exact,
    and a generic one is worth a little less than the average of what it may be."""
    v = _v(state)
    marg = _marginal(state, seat, hand, t)
    best = 0.0
    for needs in T.branches(v, p):
        value = 0.0
        for n, kinds in needs:
            if kinds is None:  # pairs: of anything, most likely what the giver can spare
                value += n * 2 * 0.3 * (sum(marg.values()) / len(marg))
            elif len(kinds) == 1:
                (k,) = kinds
                value += _gain(state, seat, hand, {k: n}, {}, t)
            else:
                value += n * 0.6 * sum(marg[k] for k in kinds) / len(kinds)
        best = value if best == 0.0 else min(best, value)  # « ou »: the giver picks
    return best


def _wanted(state: State, seat: int, hand: Hand, t: float) -> list[tuple[str, int]]:
    """(kind, cards missing to its next group) for the kinds worth collecting, best first."""
    v = _v(state)
    out = []
    for k in v.kinds:
        value = group_value(state, seat, k, t)
        if value <= 0:
            continue
        size = _lay_size(state, seat, k)
        c = hand.get(k, 0) % size
        missing = size - c
        out.append((k, missing, value * (c + 1) / size))
    out.sort(key=lambda x: (-x[2], x[1], v.kinds.index(x[0])))
    return [(k, m) for k, m, _ in out]


def _offer_hope(marg: Mapping[str, float]) -> float:
    """What one card received for an offer is worth: the answers give what they can spare, the
    active player keeps the best of them: between the average card and the most wanted one."""
    return 0.35 * sum(marg.values()) / len(marg) + 0.25 * max(marg.values())


def _someone_holds(state: State, seat: int, left: Mapping[str, int], kind: str, n: int,
                   among: Sequence[int] | None = None) -> float:
    """The chance that one of the other players (`among` them) holds `n` cards of `kind`, from
    the cards `seat` cannot see (`left`: `unseen`, counted once by the caller for all its
    questions) and the public hand sizes (each hand a Poisson draw from the unseen pool)."""
    total = sum(left.values())
    if total <= 0:
        return 0.0
    miss = 1.0
    for s in range(state["players"]) if among is None else among:
        if s == seat:
            continue
        lam = left[kind] * sum(state["hands"][s].values()) / total
        below = sum(math.exp(-lam) * lam**i / math.factorial(i) for i in range(n))
        miss *= below
    return 1.0 - miss


def _trade_texts(state: State, seat: int, t: float) -> list[tuple[float, str]]:
    """Seeks and offers for the active player, each with a rough expected gain: a seek is worth
    what the cards add to the hand, less the price (about as many cards), times the chance that
    someone holds them."""
    v = _v(state)
    hand = state["hands"][seat]
    spare = _spare(state, seat, hand, t)
    marg = _marginal(state, seat, hand, t)
    left = unseen(state, seat)
    cheapest = -_gain(state, seat, hand, {}, {spare[0]: 1}, t) if spare else 0.0
    out: list[tuple[float, str]] = []
    wanted = _wanted(state, seat, hand, t)[:4]
    for k, missing in wanted:
        for n in sorted({1, 2, missing} & set(range(1, min(missing, v.max_count) + 1))):
            # the answerer names the price: about as many cards as are sought
            gain = _gain(state, seat, hand, {k: n}, {}, t) - n * max(cheapest, 0.3)
            out.append((gain * _someone_holds(state, seat, left, k, n), f"{SEEK} {n} {k}"))
    for (k1, m1), (k2, m2) in zip(wanted, wanted[1:], strict=False):
        a, b = sorted((k1, k2), key=v.kinds.index)
        gain = _gain(state, seat, hand, {a: 1, b: 1}, {}, t) - 2 * max(cheapest, 0.3)
        chance = _someone_holds(state, seat, left, a, 1) * _someone_holds(state, seat, left, b, 1) * 0.6
        out.append((gain * chance, f"{SEEK} 1 {a} and 1 {b}"))
        ma, mb = (m1, m2) if a == k1 else (m2, m1)
        ma, mb = min(ma, 2), min(mb, 2)
        gain = min(_gain(state, seat, hand, {a: ma}, {}, t), _gain(state, seat, hand, {b: mb}, {}, t))
        chance = 1 - (1 - _someone_holds(state, seat, left, a, ma)) * (1 - _someone_holds(state, seat, left, b, mb))
        out.append(((gain - min(ma, mb) * max(cheapest, 0.3)) * chance,
                    f"{SEEK} {ma} {a} or {mb} {b}"))
    hope = _offer_hope(marg)
    for k in spare[:4]:
        for n in range(1, min(hand[k], 3) + 1):
            loss = -_gain(state, seat, hand, {}, {k: n}, t)
            out.append((n * hope - loss, f"{OFFER} {n} {k}"))
    for k1, k2 in zip(spare, spare[1:3], strict=False):
        a, b = sorted((k1, k2), key=v.kinds.index)
        loss = max(-_gain(state, seat, hand, {}, {a: 1}, t), -_gain(state, seat, hand, {}, {b: 1}, t))
        out.append((hope - loss, f"{OFFER} 1 {a} or 1 {b}"))
    return out


def _answer_texts(state: State, seat: int, t: float) -> list[tuple[float, str]]:
    """Answers to the trade on the table, each with its expected gain if accepted."""
    v = _v(state)
    trade = state["trade"]
    hand = state["hands"][seat]
    proposal = T.parse(v, trade["proposal"].split())
    left = unseen(state, seat)
    out: list[tuple[float, str]] = []
    if trade["mode"] == SEEK:
        # they want `proposal` from me; I name what I want for it
        give = _best_give(state, seat, hand, proposal, t)
        if give is None:
            return []
        size = sum(give.values())
        after = _add(hand, give, -1)
        for k, missing in _wanted(state, seat, after, t)[:4]:
            for n in sorted({1, size, size + 1, missing} & set(range(1, min(missing, v.max_count) + 1))):
                # the seeker accepts a fair price: asking more than given is often declined
                accept = 0.8 if n <= size else 0.8 / (1 + 2 * (n - size))
                accept *= _someone_holds(state, seat, left, k, n, [trade["by"]])
                gain = _gain(state, seat, hand, {k: n}, give, t)
                out.append((gain * accept if gain > 0 else gain, f"answer {n} {k}"))
        return out
    # they offer `proposal`; I name what I give for it
    get = _expected_get(state, seat, hand, proposal, t)
    want = max(1, sum(n for n, _ in proposal.terms) if proposal.op != T.OR
               else min(n for n, _ in proposal.terms))
    for k in _spare(state, seat, hand, t)[:5]:
        for n in sorted({1, want} & set(range(1, min(hand[k], v.max_count) + 1))):
            loss = -_gain(state, seat, hand, {}, {k: n}, t)
            # giving fewer cards than offered is less likely to be accepted
            out.append((get - loss - 0.2 * max(0, want - n), f"answer {n} {k}"))
    return out


def _head(legal: Sequence[str]) -> list[str]:
    """The texts listed before the trade proposals (ResPublica.legal lists the ends and lays
    first): scanning the thousands of proposals after them would cost more than the search."""
    out = []
    for text in legal:
        if text.startswith((SEEK + " ", OFFER + " ")):
            break
        out.append(text)
    return out


def _may_propose(state: State, seat: int, text: str) -> bool:
    """Whether `seat` may start this trade now (the rules' own checks, without the list of
    every proposal): a canonical proposal, sought freely or offered from the hand."""
    verb, _, rest = text.partition(" ")
    try:
        p = T.parse(_v(state), rest.split())
    except IllegalAction:
        return False
    return verb == SEEK or T.can_propose(_v(state), state["hands"][seat], p)


def _scored(state: State, seat: int, legal: Sequence[str],
            menu: ResPublicaMenu | None = None) -> list[tuple[float, str]]:
    """Plausible actions of `seat` with a rough value (points of expected gain), from what the seat
    sees only (its own hand and the public trade). With `menu`, `legal` is its short texts (the
    ends and lays, `pass`) and an answer is checked against the menu (never listed)."""
    v = _v(state)
    phase = state["phase"]
    t = time_left(state)
    hand = state["hands"][seat]
    out: list[tuple[float, str]] = []
    if phase in ("turn", "final"):
        head = _head(legal)
        for text in head:
            verb, _, arg = text.partition(" ")
            if verb == "lay":
                size = _lay_size(state, seat, arg)
                value = float(state["piles"][v.groups[arg].card][0])
                if v.groups[arg].card == "city":
                    value += CITY_DRAWS * t
                out.append((value - _loss(state, seat, hand, arg, size, t), text))
            elif verb == "end":
                # a group left unlaid is wasted time; the civilisation draw is better with cities
                out.append((-1.0 if any(a.startswith("lay ") for a in head) else 0.0, text))
            elif verb == "done":
                out.append((0.0, text))
        if phase == "turn" and not state["traded"] and not state["laid"]:
            out += _trade_texts(state, seat, t)  # whether they may be proposed: kept ones only
    elif phase == "answers":
        out.append((0.0, PASS))
        answers = sorted(_answer_texts(state, seat, t), key=lambda x: -x[0])
        allowed = (lambda x: holds(menu, x)) if menu is not None else set(legal).__contains__
        # checked best first, only until MAX_ANSWERS pass: a check walks the menu
        out += islice(((g, x) for g, x in answers if allowed(x)), MAX_ANSWERS)
    elif phase == "accept":
        trade = state["trade"]
        for text in legal:
            if text == "decline":
                out.append((0.0, text))
                continue
            partner = int(text.split()[1][1:])
            answer = next(a["answer"] for a in trade["answers"] if a["seat"] == partner)
            mine, theirs = (answer, trade["proposal"]) if trade["mode"] == SEEK else (
                trade["proposal"], answer)
            give = _best_give(state, seat, hand, T.parse(v, mine.split()), t) or {}
            get = _expected_get(state, seat, hand, T.parse(v, theirs.split()), t)
            loss = -_gain(state, seat, hand, {}, give, t)
            out.append((get - loss, text))
    elif phase == "deliver":
        for text in legal:
            cards = T.parse_cards(v, text.split()[1:])
            out.append((_gain(state, seat, hand, {}, cards, t), text))
        out.sort(key=lambda x: -x[0])
        out = out[:MAX_GIVES]
    else:
        out = [(0.0, x) for x in legal]
    seen: set[str] = set()
    unique = []
    for g, x in sorted(out, key=lambda x: -x[0]):
        if x not in seen:
            seen.add(x)
            unique.append((g, x))
    if phase == "turn":
        trades: list[tuple[float, str]] = []
        for u in unique:
            verb = u[1].split()[0]
            if verb in (SEEK, OFFER) and len(trades) < MAX_TRADES and sum(
                    x[1].startswith(verb) for x in trades) < MAX_OF_A_VERB and _may_propose(
                    state, seat, u[1]):
                trades.append(u)
        unique = [u for u in unique if u[1].split()[0] not in (SEEK, OFFER)] + trades
        unique.sort(key=lambda x: -x[0])
    return unique


def candidates(state: State, seat: int, legal: Sequence[str] | Menu,
               rng: random.Random) -> list[str]:
    """A few plausible actions among `legal`, best first by a rough gain: every lay and end of a
    turn, the best few trades (never the thousands of trade texts), `pass` and the best few
    answers, the least costly deliveries. Reads only `seat`'s own hand and public facts.
    `legal` may be the seat's menu (Game.menu: CANDIDATES_FROM_MENU), whose proposals are then
    never listed."""
    menu = None
    if isinstance(legal, ResPublicaMenu):
        menu, legal = legal, legal.texts
    elif not isinstance(legal, Sequence):  # a delivery's menu: its few texts, as listed
        legal = STEPS[state["phase"]].legal(state, seat)
    found = [x for _, x in _scored(state, seat, legal, menu)]
    return found or list(legal[:1])

# Its cache, for the bench that fills every large cache to its size (bot/bench/memory.py).
kind_worth_cache = _kind_worth
