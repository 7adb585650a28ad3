"""Res Publica's steps: each one who it asks, its prompt, its legal texts and what each verb
does, together (engine.core.Step). A turn (Déroulement du jeu) is: at most one trade attempt
(Commerce), then any number of groups laid (Poser les cartes), then `end`, which draws the cards
(Piocher des cartes). The steps, as `state["phase"]` names them:

    turn     the active player: seek/offer (once, before laying), lay, end
    answers  each other player in clockwise order: answer <proposal> | pass
    accept   the active player: accept @<seat> | decline
    deliver  the givers whose promise leaves a choice: give <cards> (simultaneous, hidden)
    final    after the last round, each player in order: lay <kind> ... done
    over     scored

`engine.core.play` has checked that the game runs, that the seat is asked and that the text is
not empty. Every handler then validates completely before it mutates: the checks raise, the
state changes only after the last of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice
from typing import Any

from engine.core import Event, IllegalAction, Msg, Outcome, State, Step, acts

from . import messages as m
from .cards import CIVILISATION, FULL, PEOPLE, Variant, variant
from .menu import Deliveries, ResPublicaMenu, proposals
from .trade import (
    Proposal,
    all_texts,
    can_deliver,
    can_propose,
    cards_text,
    deliveries,
    fulfils,
    hand_key,
    iter_deliveries,
    number,
    parse,
    parse_cards,
    proposable_texts,
    shortfall,
)

SEEK = "seek"
OFFER = "offer"
PASS = "pass"


def v_of(state: State) -> Variant:
    return variant(state["variant"])


class _Step(Step):
    """A Res Publica step: a verb of another step is refused as out of its place."""

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        if action.split()[0] in VERBS:
            return IllegalAction(f"res-publica.error.expect.{self.name}", action=action)
        return IllegalAction("error.unknown_action", action=action)


def _bare(verb: str, args: list[str]) -> None:
    """A verb that takes nothing after it."""
    if args:
        raise IllegalAction("error.unknown_action", action=" ".join([verb, *args]))


# --- turn: one trade attempt, groups laid, the end that draws ------------------------------------


class Turn(_Step):
    name = "turn"

    def prompt(self, state: State) -> dict[int, Msg]:
        key = "res-publica.ask.turn_lay" if state["traded"] or state["laid"] else "res-publica.ask.turn"
        if state["last_round"]:
            key += "_last"
        return {state["active"]: Msg(key)}

    def asked(self, state: State) -> list[int]:
        return [state["active"]]

    def legal(self, state: State, seat: int) -> list[str]:
        out = end_texts(state, seat) + lay_texts(state, seat)
        if not state["traded"] and not state["laid"]:
            v = v_of(state)
            out += proposable_texts(v.name, hand_key(v, state["hands"][seat]), OFFER)
            out += all_texts(v.name, SEEK)
        return out

    def menu(self, state: State, seat: int) -> list[str] | ResPublicaMenu:
        """`legal`, its proposals built level by level."""
        short = end_texts(state, seat) + lay_texts(state, seat)
        if state["traded"] or state["laid"]:
            return short
        v = v_of(state)
        return ResPublicaMenu(short, {OFFER: proposals(v, state["hands"][seat]),
                                      SEEK: proposals(v, None)})

    @acts(SEEK, OFFER)
    def trade(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = v_of(state)
        if state["traded"]:
            raise IllegalAction("res-publica.error.already_traded")
        if state["laid"]:
            raise IllegalAction("res-publica.error.trade_after_lay")
        if SEEK in args or OFFER in args:
            # « Il est impossible de faire une offre et une demande »
            raise IllegalAction("res-publica.error.seek_and_offer")
        p = parse(v, args)
        if verb == OFFER:
            must_deliver(v, state["hands"][seat], p, "res-publica.error.cannot_offer",
                         propose=True)
        n = state["players"]
        state["traded"] = True  # the one attempt of the turn, whatever comes of it
        state["trade"] = {
            "by": seat,
            "mode": verb,
            "proposal": p.text,
            "answers": [{"seat": (seat + i) % n, "answer": None} for i in range(1, n)],
            "accepted": None,
            "deliver": None,
        }
        state["phase"] = "answers"
        return [Event(Msg(f"res-publica.event.{verb}", {"seat": Msg.seat(seat),
                                                        "proposal": m.proposal(p)}))]

    @acts("lay")
    def lay(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        events = lay(state, seat, args)
        state["laid"] = True
        return events

    @acts("end")
    def end(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = v_of(state)
        if args not in ([], [CIVILISATION]):
            raise IllegalAction("res-publica.error.end_syntax")
        civ_only = args == [CIVILISATION]
        if civ_only and not civ_choice(state, seat):
            raise IllegalAction("res-publica.error.end_civilisation", cities=cities(state, seat))
        p, c = draw_counts(state, seat, civ_only)
        drawn: dict[str, int] = {}
        for deck, count in ((PEOPLE, p), (CIVILISATION, c)):
            for _ in range(count):
                k = state["decks"][deck].pop()
                drawn[k] = drawn.get(k, 0) + 1
        hand = state["hands"][seat]
        for k, n in drawn.items():
            hand[k] += n
        # say nothing about nothing: « draws 1 people card », never « and 0 civilisation cards »
        key = "res-publica.event." + ("draw" if p and c else "draw_people" if p else
                                      "draw_civilisation" if c else "draw_none")
        events = [Event(Msg(key, {"seat": Msg.seat(seat), "people": p, "civilisation": c}))]
        if drawn:
            events.append(Event(Msg("res-publica.event.drew", {"cards": m.cards(v, drawn)}),
                                to=(seat,)))
        n = state["players"]
        if c > 0 and not state["decks"][CIVILISATION] and not state["last_round"]:
            # « Dès qu'un joueur pioche la dernière carte de civilisation du tas, le dernier tour
            # commence »: every other player, then the drawer, plays one more complete turn
            state["last_round"] = True
            state["last_drawer"] = seat
            state["turns_left"] = n
            events.append(Event(Msg("res-publica.event.last_round", {"seat": Msg.seat(seat)})))
        elif state["last_round"]:
            state["turns_left"] -= 1
        if state["last_round"] and state["turns_left"] == 0:
            drawer = state["last_drawer"]
            state["phase"] = "final"
            state["final"] = {"order": [(drawer + i) % n for i in range(1, n + 1)], "index": 0}
            state["active"] = final_seat(state)
            events.append(Event(Msg("res-publica.event.final")))
            return events
        state["active"] = (seat + 1) % n
        state["turn"] += 1
        state["traded"] = False
        state["laid"] = False
        state["phase"] = "turn"
        return events


# --- answers: each other player in turn answers the proposal or passes ----------------------------


class Answers(_Step):
    name = "answers"

    def prompt(self, state: State) -> dict[int, Msg]:
        trade = state["trade"]
        p = parse(v_of(state), trade["proposal"].split())
        how = f"res-publica.ask.answer.{trade['mode']}"
        return {answerer(state): Msg("res-publica.ask.answer", {
            "by": Msg.seat(trade["by"]), "proposal": m.proposal(p),
            "what": Msg(how, {"proposal": m.proposal(p)})})}

    def asked(self, state: State) -> list[int]:
        return [answerer(state)]

    def legal(self, state: State, seat: int) -> list[str]:
        v = v_of(state)
        trade = state["trade"]
        hand = state["hands"][seat]
        if trade["mode"] == SEEK:
            sought = parse(v, trade["proposal"].split())
            answers = all_texts(v.name, "answer") if can_deliver(v, hand, sought) else ()
        else:
            answers = proposable_texts(v.name, hand_key(v, hand), "answer")
        return [PASS, *answers]

    def menu(self, state: State, seat: int) -> list[str] | ResPublicaMenu:
        v = v_of(state)
        trade = state["trade"]
        hand = state["hands"][seat]
        if trade["mode"] == SEEK:
            if not can_deliver(v, hand, parse(v, trade["proposal"].split())):
                return [PASS]
            return ResPublicaMenu([PASS], {"answer": proposals(v, None)})
        return ResPublicaMenu([PASS], {"answer": proposals(v, hand)})

    @acts("answer", PASS)
    def answer(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = v_of(state)
        trade = state["trade"]
        hand = state["hands"][seat]
        if verb == PASS:
            _bare(verb, args)
            answer = PASS
            event = _pass_event(state, seat)
        else:
            if args and args[0] in (SEEK, OFFER):
                raise IllegalAction("res-publica.error.answer_syntax")
            p = parse(v, args)
            if trade["mode"] == SEEK:
                # the answerer gives what was sought: « les joueurs, qui possèdent la carte
                # recherchée, annoncent ... ce qu'il désire en échange »
                sought = parse(v, trade["proposal"].split())
                must_deliver(v, hand, sought, "res-publica.error.cannot_give_sought")
            else:
                # « un joueur n'a le droit de proposer que des cartes qu'il possède »
                must_deliver(v, hand, p, "res-publica.error.cannot_offer", propose=True)
            answer = p.text
            event = Event(Msg(f"res-publica.event.answer.{trade['mode']}",
                              {"seat": Msg.seat(seat), "proposal": m.proposal(p)}))
        next(a for a in trade["answers"] if a["seat"] == seat)["answer"] = answer
        events = [event]
        if all(a["answer"] is not None for a in trade["answers"]):
            if all(a["answer"] == PASS for a in trade["answers"]):
                # the Ani example: nobody answers, no deal
                events.append(_no_answer_event(state))
                close_trade(state)
            else:
                state["phase"] = "accept"
        return events


def cannot_answer(state: State, seat: int) -> bool:
    """Whether `seat`, asked to answer the trade on the table, has nothing it may answer: a
    seek whose sought cards its hand cannot give (« les joueurs, qui possèdent la carte
    recherchée, annoncent »), an offer with an empty hand (an answer names cards one holds).
    Read from its own hand and the public proposal only: its `pass` is then forced
    (ResPublica.forced), and the log says that it could not answer, not that it passed."""
    trade = state["trade"]
    hand = state["hands"][seat]
    if trade["mode"] == SEEK:
        v = v_of(state)
        return not can_deliver(v, hand, parse(v, trade["proposal"].split()))
    return not any(hand.values())


def _pass_event(state: State, seat: int) -> Event:
    """« carol passes » for a seat that chose to; the truth for one that could not answer."""
    trade = state["trade"]
    if not cannot_answer(state, seat):
        return Event(Msg("res-publica.event.pass", {"seat": Msg.seat(seat)}))
    p = parse(v_of(state), trade["proposal"].split())
    return Event(Msg(f"res-publica.event.cannot.{trade['mode']}",
                     {"seat": Msg.seat(seat), "proposal": m.proposal(p)}))


def _no_answer_event(state: State) -> Event:
    """Every other seat passed: « nobody answered », or, when none of them could (the hands
    are as they were when each passed: nothing changes hands while answers are asked),
    that nobody could, which the seeker reads at once (bot.service: the platform's forced
    actions after a move are told to the mover whose turn goes on)."""
    trade = state["trade"]
    by = Msg.seat(trade["by"])
    others = [a["seat"] for a in trade["answers"]]
    if not all(cannot_answer(state, s) for s in others):
        return Event(Msg("res-publica.event.no_answer", {"seat": by}))
    p = parse(v_of(state), trade["proposal"].split())
    return Event(Msg(f"res-publica.event.nobody_could.{trade['mode']}",
                     {"seat": by, "proposal": m.proposal(p), "n": len(others)}))


# --- accept: the active player takes one answer, or none ------------------------------------------


class Accept(_Step):
    name = "accept"

    def prompt(self, state: State) -> dict[int, Msg]:
        trade = state["trade"]
        answered = sum(1 for a in trade["answers"] if a["answer"] not in (None, PASS))
        return {trade["by"]: Msg("res-publica.ask.accept", {"n": answered})}

    def asked(self, state: State) -> list[int]:
        return [state["trade"]["by"]]

    def legal(self, state: State, seat: int) -> list[str]:
        acceptable = [f"accept @{a['seat']}" for a in state["trade"]["answers"]
                      if _acceptable(state, a)]
        return ["decline", *acceptable]

    @acts("accept")
    def accept(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = v_of(state)
        trade = state["trade"]
        partner = number(args[0][1:]) if len(args) == 1 and args[0].startswith("@") else None
        if partner is None:
            raise IllegalAction("res-publica.error.accept_syntax")
        answer = next((a for a in trade["answers"] if a["seat"] == partner), None)
        if answer is None or answer["answer"] in (None, PASS):
            raise IllegalAction("res-publica.error.no_answer", seat=Msg.seat(partner))
        sides = _sides(trade, partner, answer["answer"])
        for side in sides:
            p = parse(v, side["promise"].split())
            hand = state["hands"][side["seat"]]
            if side["seat"] == seat:
                must_deliver(v, hand, p, "res-publica.error.cannot_deliver")
            elif not can_deliver(v, hand, p):  # cannot happen: answers were checked; no detail
                raise IllegalAction("res-publica.error.partner_cannot", seat=Msg.seat(partner))
        for side in sides:
            options = list(islice(iter_deliveries(
                v, state["hands"][side["seat"]], parse(v, side["promise"].split())), 2))
            # a promise with one way to keep it is kept at once (« chose promise, chose due »)
            side["cards"] = options[0] if len(options) == 1 else None
            side["auto"] = len(options) == 1
        trade["accepted"] = partner
        trade["deliver"] = sides
        events = [Event(Msg("res-publica.event.accept", {"seat": Msg.seat(seat),
                                                         "partner": Msg.seat(partner)}))]
        if all(s["cards"] is not None for s in sides):
            events += _swap(state)
        else:
            state["phase"] = "deliver"
        return events

    @acts("decline")
    def decline(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        _bare(verb, args)
        close_trade(state)
        return [Event(Msg("res-publica.event.decline", {"seat": Msg.seat(seat)}))]


def _acceptable(state: State, answer: Mapping[str, Any]) -> bool:
    if answer["answer"] in (None, PASS):
        return False
    v = v_of(state)
    sides = _sides(state["trade"], answer["seat"], answer["answer"])
    return all(can_deliver(v, state["hands"][s["seat"]], parse(v, s["promise"].split()))
               for s in sides)


def _sides(trade: Mapping[str, Any], partner: int, answer: str) -> list[dict[str, Any]]:
    """Who gives what once `partner`'s answer is accepted. Seek: the partner gives what was
    sought, the active player what the partner asked for. Offer: the reverse."""
    by = trade["by"]
    if trade["mode"] == SEEK:
        gives = {by: answer, partner: trade["proposal"]}
    else:
        gives = {by: trade["proposal"], partner: answer}
    return [
        {"seat": by, "to": partner, "promise": gives[by], "cards": None, "auto": False},
        {"seat": partner, "to": by, "promise": gives[partner], "cards": None, "auto": False},
    ]


# --- deliver: the partners whose promise leaves a choice pick their cards, hidden -----------------


class Deliver(_Step):
    name = "deliver"

    def prompt(self, state: State) -> dict[int, Msg]:
        v = v_of(state)
        return {side["seat"]: Msg("res-publica.ask.give", {
            "to": Msg.seat(side["to"]),
            "promise": m.proposal(parse(v, side["promise"].split()))})
            for side in state["trade"]["deliver"] if side["cards"] is None}

    def asked(self, state: State) -> list[int]:
        return [side["seat"] for side in state["trade"]["deliver"] if side["cards"] is None]

    def legal(self, state: State, seat: int) -> list[str]:
        v = v_of(state)
        promise = parse(v, _side(state, seat)["promise"].split())
        return ["give " + cards_text(v, d) for d in deliveries(v, state["hands"][seat], promise)]

    def menu(self, state: State, seat: int) -> Deliveries:
        v = v_of(state)
        return Deliveries(v, state["hands"][seat], parse(v, _side(state, seat)["promise"].split()))

    @acts("give")
    def give(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = v_of(state)
        side = _side(state, seat)
        cards = parse_cards(v, args)
        hand = state["hands"][seat]
        for k, c in cards.items():
            if hand[k] < c:
                raise IllegalAction("res-publica.error.hold_only", held=hand[k], kind=m.kind(k),
                                    need=c)
        promise = parse(v, side["promise"].split())
        if not fulfils(v, cards, promise):
            raise IllegalAction("res-publica.error.give_mismatch", promise=m.proposal(promise),
                                cards=m.cards(v, cards))
        side["cards"] = cards
        if all(s["cards"] is not None for s in state["trade"]["deliver"]):
            return _swap(state)
        # kept hidden from the others until both partners have chosen
        return [Event(Msg("res-publica.event.give_hidden", {"cards": m.cards(v, cards)}),
                      to=(seat,))]


def _side(state: State, seat: int) -> dict[str, Any]:
    """`seat`'s side of the deal, still to be chosen."""
    return next(s for s in state["trade"]["deliver"] if s["seat"] == seat and s["cards"] is None)


def _swap(state: State) -> list[Event]:
    """« les deux partenaires commerciaux échangent, aux yeux des autres joueurs, les cartes »."""
    v = v_of(state)
    sides = state["trade"]["deliver"]
    for side in sides:
        for k, c in side["cards"].items():
            state["hands"][side["seat"]][k] -= c
            state["hands"][side["to"]][k] += c
    a, b = sides
    event = Event(Msg("res-publica.event.trade", {
        "a": Msg.seat(a["seat"]), "gave_a": m.cards(v, a["cards"]),
        "b": Msg.seat(b["seat"]), "gave_b": m.cards(v, b["cards"])}))
    close_trade(state)
    return [event]


def close_trade(state: State) -> None:
    state["trade"] = None
    state["phase"] = "turn"


# --- final: after the last round, each player in order lays what they can, then is scored ---------


class Final(_Step):
    name = "final"

    def prompt(self, state: State) -> dict[int, Msg]:
        return {final_seat(state): Msg("res-publica.ask.final")}

    def asked(self, state: State) -> list[int]:
        return [final_seat(state)]

    def legal(self, state: State, seat: int) -> list[str]:
        return ["done", *lay_texts(state, seat)]

    @acts("lay")
    def lay(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        return lay(state, seat, args)

    @acts("done")
    def done(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        _bare(verb, args)
        final = state["final"]
        final["index"] += 1
        events = [Event(Msg("res-publica.event.done", {"seat": Msg.seat(seat)}))]
        if final["index"] < len(final["order"]):
            state["active"] = final_seat(state)
            return events
        state["outcome"] = final_outcome(state).to_json()
        state["phase"] = "over"
        state["active"] = None
        return events  # the reason and the scores are the outcome's: the end post says them once


def final_seat(state: State) -> int:
    final = state["final"]
    return final["order"][final["index"]]


def score(state: State, seat: int) -> tuple[int, int]:
    """(points on point cards, pairs in hand): « Chaque paire de cartes identiques présente
    dans les mains du joueur rapporte 1 point »."""
    cards = sum(g["value"] for g in state["groups"][seat])
    pairs = sum(n // 2 for n in state["hands"][seat].values())
    return cards, pairs


def final_outcome(state: State) -> Outcome:
    n = state["players"]
    parts = [score(state, s) for s in range(n)]
    totals = tuple(a + b for a, b in parts)
    best = max(totals)
    winners = tuple(s for s in range(n) if totals[s] == best)
    # « En cas d'égalité, il y a plusieurs vainqueurs »
    key = "res-publica.outcome.win" if len(winners) == 1 else "res-publica.outcome.shared"
    reason = Msg(key, {"winners": tuple(Msg.seat(s) for s in winners), "points": best})
    details = tuple(
        Msg("res-publica.outcome.detail", {"seat": Msg.seat(s), "cards": parts[s][0],
                                           "pairs": parts[s][1], "total": totals[s]})
        for s in range(n)
    )
    return Outcome(winners, totals, reason, details)


STEPS: dict[str, Step] = {
    "turn": Turn(), "answers": Answers(), "accept": Accept(), "deliver": Deliver(),
    "final": Final(), "over": Step(),
}
VERBS = frozenset(verb for step in STEPS.values() for verb in step.verbs)


# --- the rules several steps share ----------------------------------------------------------------


def answerer(state: State) -> int:
    return next(a["seat"] for a in state["trade"]["answers"] if a["answer"] is None)


def must_deliver(
    v: Variant, hand: Mapping[str, int], p: Proposal, key: str, *, propose: bool = False,
) -> None:
    """Raise `key` unless `hand` (the acting player's own) can deliver `p` — or, with `propose`,
    may offer it (each « ou » branch held). Only ever called on the acting player's own hand,
    so the message reveals nothing hidden."""
    if (can_propose if propose else can_deliver)(v, hand, p):
        return
    short = shortfall(v, hand, p, propose=propose)
    if short is not None and (propose or p.op != "or"):
        held, kind = short
        raise IllegalAction(key, proposal=m.proposal(p), held=held, kind=m.kind(kind))
    raise IllegalAction(key + "_any", proposal=m.proposal(p))


# laying (in a turn and in the final lay-downs)


def lay_size(state: State, seat: int, kind: str, has_library: bool | None = None) -> int:
    group = v_of(state).groups[kind]
    if group.size_with_library is None:
        return group.size
    if has_library is None:
        has_library = _has_library(state, seat)
    return group.size_with_library if has_library else group.size


def _has_library(state: State, seat: int) -> bool:
    return any(g["card"] == "library" for g in state["groups"][seat])


def lay_texts(state: State, seat: int) -> list[str]:
    v = v_of(state)
    hand = state["hands"][seat]
    library = _has_library(state, seat)
    return [f"lay {k}" for k in v.kinds
            if hand[k] >= lay_size(state, seat, k, library)
            and state["piles"][v.groups[k].card]]


def lay(state: State, seat: int, args: list[str]) -> list[Event]:
    """`lay <kind>`: the group goes down and takes the top card of its pile."""
    v = v_of(state)
    if len(args) != 1:
        raise IllegalAction("res-publica.error.lay_syntax")
    kind = args[0]
    if kind not in v.kinds:
        if kind in variant(FULL).kinds:
            raise IllegalAction("res-publica.error.classic_kind", kind=m.kind(kind))
        raise IllegalAction("res-publica.error.lay_syntax")
    card = v.groups[kind].card
    size = lay_size(state, seat, kind)
    held = state["hands"][seat][kind]
    if held < size:
        raise IllegalAction("res-publica.error.lay_short", held=held, kind=m.kind(kind),
                            size=size, card=m.card(card))
    if not state["piles"][card]:
        raise IllegalAction(f"res-publica.error.pile_empty.{card}")
    state["hands"][seat][kind] -= size
    value = state["piles"][card].pop(0)  # the top card: the highest town left
    state["groups"][seat].append({"kind": kind, "count": size, "card": card, "value": value})
    # a library is worth no point: its line says what it does instead (« worth 0 » said nothing)
    return [Event(Msg("res-publica.event.lay" if value else "res-publica.event.lay_nothing", {
        "seat": Msg.seat(seat), "cards": m.term(size, kind), "card": m.card(card),
        "value": value}))]


# drawing at the end of a turn


def cities(state: State, seat: int) -> int:
    return sum(1 for g in state["groups"][seat] if g["card"] == "city")


def draw_counts(state: State, seat: int, civ_only: bool) -> tuple[int, int]:
    """(people, civilisation) drawn: « 1 carte des peuples ... dans la mesure où il reste des
    cartes », « 1 carte de civilisation par cité », « 3 cartes au maximum »."""
    v = v_of(state)
    people_left = len(state["decks"][PEOPLE])
    civ_left = len(state["decks"][CIVILISATION])
    p = 0 if civ_only else min(v.draw_people, people_left)
    c = min(cities(state, seat) * v.draw_per_city, v.draw_max - p, civ_left)
    return p, c


def civ_choice(state: State, seat: int) -> bool:
    """« S'il a plus de 2 cartes cité devant lui, il décide s'il pioche 1 carte des peuples et
    2 cartes de civilisation ou 3 cartes de civilisation »: a choice only while both exist."""
    return (cities(state, seat) > 2 and len(state["decks"][PEOPLE]) > 0
            and len(state["decks"][CIVILISATION]) > 0)


def end_texts(state: State, seat: int) -> list[str]:
    return ["end", "end civilisation"] if civ_choice(state, seat) else ["end"]
