"""The end of a round (§V.2, §V.3): the consul phase with its two steps, the era's scoring and
the next era, or the end of the game (§VI):

    levy      the consuls organise their legions (§V.2 (2))
    return    the returning legions are placed by their owners (§V.2 (3))

The round is over when the round limit is reached (turn.py); the next era starts a turn again.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Msg, Outcome, State, acts

from . import board as B
from . import scoring as S
from . import take
from .components import load
from .menu import Product
from .step import G, ProductStep, RowsStep, card_msg, cards_msg, ev, logged, seat_msg, the, tok


def consul_phase(state: State) -> list[Event]:
    c = load()
    n = state["players"]
    events = [ev("consul_phase", era=state["era"])]
    # (1) the election: the Forum's majority (and second with 4 players); ties go to the
    # player earlier in the current turn order; nobody on the Forum: no consul
    forum = {s: B.forum_markers(state, s) for s in state["order"]}
    ranked = sorted((s for s in state["order"] if forum[s] > 0),
                    key=lambda s: (-forum[s], B.position(state, s)))
    consuls = ranked[: c.consuls[n]]
    state["consuls"] = consuls
    for s in consuls:
        state["prestige"][s] += c.consul_points
        events.append(ev("consul", seat=seat_msg(s), n=forum[s], points=c.consul_points))
    if not consuls:
        events.append(ev("no_consul"))
    # (2) the old legions go to the waiting camp, then the consuls levy 2 legions each; with
    # two consuls the one earlier in turn order levies the first, then they alternate
    moved = sum(state["legion"])
    for s in range(n):
        state["waiting"][s] += state["legion"][s]
        state["legion"][s] = 0
    if moved:
        events.append(ev("to_waiting", n=moved))
    first = sorted(consuls, key=lambda s: B.position(state, s))
    levy = [first[i % len(first)] for i in range(c.legions_per_consul * len(first))]
    returns = [s for s in state["order"] if state["waiting"][s] > 0]
    state["consul"] = {"levy": levy, "returns": returns, "placing": 0}
    return events + next_levy(state)


class Levy(RowsStep):
    """§V.2 (2): each consul's legions, one plebeian at a time from any sector to Campus
    Martius."""

    name = "levy"

    def asked(self, state: State) -> list[int]:
        return [state["consul"]["levy"][0]]

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.levy", {"n": state["consul"]["levy"].count(seat)})

    def rows(self, state: State, seat: int) -> list[tuple[str, ...]]:
        # §V.2 (2): from every sector, the Forum included, Campus Martius excluded
        sectors = state["sectors"]
        return [("levy", f"@{v}", s) for v in state["order"] for s in B.sectors_all()
                if sectors[s][v]["plebeian"] > 0]

    @acts("levy")
    def levy(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        owner, sector = int(args[0][1:]), args[1]
        state["sectors"][sector][owner]["plebeian"] -= 1
        state["legion"][owner] += 1
        state["consul"]["levy"].pop(0)
        events = [ev("levy", seat=seat_msg(seat), owner=seat_msg(owner), sector=the(sector))] \
            if logged() else []
        return events + next_levy(state)


def _plebeians_on_board(state: State) -> bool:
    """Whether a plebeian is on a sector, any seat's (Campus Martius's camps are not sectors)."""
    sectors = state["sectors"]
    return any(m["plebeian"] for s in B.sectors_all() for m in sectors[s])


def next_levy(state: State) -> list[Event]:
    cons = state["consul"]
    if cons["levy"] and _plebeians_on_board(state):
        state["phase"] = "levy"
        return []
    events = []
    if cons["levy"]:  # « vous pouvez en déplacer autant que possible »
        events.append(ev("levy_short", n=len(cons["levy"])))
        cons["levy"] = []
    return events + next_return(state)


class Return(ProductStep):
    """§V.2 (3): the legions that return are placed by their owner, one at a time, anywhere
    in play."""

    name = "return"

    def asked(self, state: State) -> list[int]:
        return [state["consul"]["returns"][0]]

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.return", {"n": state["consul"]["placing"]})

    def options(self, state: State, seat: int) -> Product:
        return Product("return", B.open_sectors(state))

    @acts("return")
    def place(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        cons = state["consul"]
        B.put(state, args[0], seat, "plebeian")
        cons["placing"] -= 1
        events = [ev("return", seat=seat_msg(seat), sector=the(args[0]))]
        if cons["placing"] == 0:
            cons["returns"].pop(0)
        return events + next_return(state)


def next_return(state: State) -> list[Event]:
    """(3) each player with markers waiting reveals a card, in turn order, and its icon
    decides: all return, half (rounded to nearest), none (removed), or wait a round."""
    cons = state["consul"]
    events: list[Event] = []
    while cons["returns"]:
        if cons["placing"] > 0:
            state["phase"] = "return"
            return events
        seat = cons["returns"][0]
        waiting = state["waiting"][seat]
        drawn = B.draw(state, 1)
        if not drawn:  # cannot happen with 84 cards; kept total
            cons["returns"].pop(0)
            continue
        card = drawn[0]
        state["discard"].append(card)
        icon = load().card(card).legion
        back = {"all": waiting, "half": (waiting + 1) // 2, "none": 0, "wait": 0}[icon]
        removed = waiting - back if icon != "wait" else 0
        state["revealed"].append({"era": state["era"], "seat": seat, "card": card,
                                  "icon": icon, "back": back, "removed": removed})
        events.append(ev(f"reveal_{icon}", seat=seat_msg(seat), card=card_msg(card),
                         n=waiting, back=back))
        if icon != "wait":
            # the removed go back to their owner's supply; the returning ones are placed
            # one at a time by their owner (through the supply)
            state["waiting"][seat] = 0
            state["supply"][seat]["plebeian"] += removed + back
            cons["placing"] = back
        if cons["placing"] == 0:
            cons["returns"].pop(0)
    return events + score_era(state)


# --- scoring (§V.3) and the next era --------------------------------------------------------------


def era_scores(state: State) -> list[dict[str, Any]]:
    """Each seat's points this era: per open hill, and for knights (§V.3 (1)-(2))."""
    c = load()
    n = state["players"]
    era = state["era"]
    out: list[dict[str, Any]] = [{"hills": {}, "knights": 0, "total": 0} for _ in range(n)]
    for hill in c.open_hills(era):
        places = c.new_points if c.opens[hill] == era else c.old_points
        pts = S.majority_points(S.people_on(state["sectors"][hill], c.people), places)
        for s in range(n):
            if pts[s]:
                out[s]["hills"][hill] = pts[s]
    for s in range(n):
        knights = B.on_board(state, s, "knight")
        out[s]["knights"] = S.knight_points(knights, c.knight_pair, c.knight_bonus,
                                            c.markers["knight"])
        out[s]["total"] = sum(out[s]["hills"].values()) + out[s]["knights"]
    return out


def score_era(state: State) -> list[Event]:
    c = load()
    state["consul"] = None
    scores = era_scores(state)
    events = []
    for hill in c.open_hills(state["era"]):
        got = [(s, scores[s]["hills"][hill]) for s in state["order"] if hill in scores[s]["hills"]]
        new = "_new" if c.opens[hill] == state["era"] else ""
        events.append(ev(f"hill{new}", hill=tok(hill),
                         points=tuple(Msg(f"{G}.pts", {"seat": seat_msg(s), "n": p})
                                      for s, p in got) or (Msg(f"{G}.nobody"),)))
    # The last era's lines leave the totals to the result (the final scores).
    total = "era_total" if state["era"] < c.eras else "era_last"
    for s in state["order"]:
        state["prestige"][s] += scores[s]["total"]
        events.append(ev(total, seat=seat_msg(s), hills=sum(scores[s]["hills"].values()),
                         knights=scores[s]["knights"], total=state["prestige"][s]))
    state["last_scores"] = {"era": state["era"], "seats": scores}
    if state["era"] >= c.eras:
        return events + finish(state)
    return events + next_era(state)


def next_era(state: State) -> list[Event]:
    """§V.3 (3): the last player of the era plays first; hands of 0-1 card refill to 2."""
    c = load()
    state["era"] += 1
    order = state["order"]
    state["order"] = [order[-1], *order[:-1]]
    state["turn"] = 0
    state["counter"] = 0
    state["ending"] = False
    hills = c.new_hills(state["era"])
    events = [ev("next_era", era=state["era"], first=seat_msg(state["order"][0]),
                 hills=tuple(tok(h) for h in hills), n=len(hills))]
    for s in state["order"]:
        hand = state["hands"][s]
        if len(hand) < c.refill:
            drawn = B.draw(state, c.refill - len(hand))
            hand.extend(drawn)
            events += [ev("refill", seat=seat_msg(s), n=len(drawn)),
                       ev("drew", (s,), cards=cards_msg(drawn))]
    return events + take.begin_turn(state)


def finish(state: State) -> list[Event]:
    """§VI: the most prestige wins; a tie, the most markers on the Forum; still tied, all."""
    n = state["players"]
    forum = [B.forum_markers(state, s) for s in range(n)]
    wins, why = S.winners(state["prestige"], forum)
    reason = Msg(f"{G}.outcome.{why}", {"winners": tuple(seat_msg(s) for s in wins),
                                        "points": state["prestige"][wins[0]],
                                        "forum": forum[wins[0]]})
    details = tuple(Msg(f"{G}.outcome.detail", {"seat": seat_msg(s),
                                                "points": state["prestige"][s],
                                                "forum": forum[s]})
                    for s in state["order"])
    state["outcome"] = Outcome(tuple(wins), tuple(state["prestige"]), reason, details).to_json()
    state["phase"] = "over"
    return []  # the reason and the scores are the outcome's: the end post says them once


LEVY, RETURN = Levy(), Return()
