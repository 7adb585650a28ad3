"""Res Publica (Reiner Knizia): the rules as a state machine over plain JSON.

Rulebook: Res Publica (Reiner Knizia, Queen Games), French rulebook. Every reading of an
ambiguous passage is listed in data/respublica/README.md. A turn (Déroulement du jeu) is: at most one trade attempt
(Commerce), then any number of groups laid (Poser les cartes), then `end`, which draws the cards
(Piocher des cartes). Phases:

    turn     the active player: seek/offer (once, before laying), lay, end
    answers  each other player in clockwise order: answer <proposal> | pass
    accept   the active player: accept @<seat> | decline
    deliver  the givers whose promise leaves a choice: give <cards> (simultaneous, hidden)
    final    after the last round, each player in order: lay <kind> ... done
    over     scored

Every handler validates completely, then mutates: `_check_*` functions raise, `_do_*` mutate.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import islice
from typing import Any

from engine import rng
from engine.core import Event, Game, IllegalAction, Msg, OptionSpec, Outcome, State

from . import messages as m
from .cards import CIVILISATION, CLASSIC, FULL, PEOPLE, Variant, variant
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
# The pile each point card is taken from, named as in the view.
PILE_VIEW = {"city": "cities", "church": "churches", "library": "libraries"}


def _v(state: State) -> Variant:
    return variant(state["variant"])


def _seat_token(seat: int) -> str:
    return f"@{seat}"


class ResPublica(Game):
    key = "res-publica"
    module = "respublica"
    min_players = 3
    max_players = 5
    options = (OptionSpec("classic", Msg("res-publica.option.classic")),)

    # --- setup ----------------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "res-publica.error.players", min=self.min_players, max=self.max_players
            )
        v = variant(CLASSIC if options.get("classic") else FULL)
        state: State = {"rng": rng.seed_state(seed)}
        decks: dict[str, list[str]] = {PEOPLE: [], CIVILISATION: []}
        for k in v.kinds:
            decks[v.family[k]].extend([k] * v.counts[k])
        # Préparation du jeu: civilisation cards shuffled, then the people cards
        rng.shuffle(state, decks[CIVILISATION])
        rng.shuffle(state, decks[PEOPLE])
        hands = [dict.fromkeys(v.kinds, 0) for _ in range(players)]
        for _ in range(v.deal):  # « Chaque joueur reçoit 4 cartes »
            for hand in hands:
                hand[decks[PEOPLE].pop()] += 1
        state.update(
            variant=v.name,
            players=players,
            decks=decks,  # the top of a deck is the end of its list
            hands=hands,
            groups=[[] for _ in range(players)],
            piles={card: list(values) for card, values in v.piles.items()},
            active=0,  # the service shuffles seats: seat 0 stands for « le joueur le plus âgé »
            turn=1,
            phase="turn",
            traded=False,
            laid=False,
            trade=None,
            last_round=False,
            last_drawer=None,
            turns_left=None,
            final=None,
            outcome=None,
        )
        return state

    # --- who acts -------------------------------------------------------------------------------

    def prompt(self, state: State) -> dict[int, Msg]:
        phase = state["phase"]
        if phase == "turn":
            key = "res-publica.ask.turn_lay" if state["traded"] or state["laid"] else "res-publica.ask.turn"
            if state["last_round"]:
                key += "_last"
            return {state["active"]: Msg(key)}
        trade = state["trade"]
        if phase == "answers":
            v = _v(state)
            p = parse(v, trade["proposal"].split())
            seat = _answerer(state)
            how = f"res-publica.ask.answer.{trade['mode']}"
            return {
                seat: Msg(
                    "res-publica.ask.answer",
                    {"by": Msg.seat(trade["by"]), "proposal": m.proposal(p),
                     "what": Msg(how, {"proposal": m.proposal(p)})},
                )
            }
        if phase == "accept":
            answered = sum(1 for a in trade["answers"] if a["answer"] not in (None, PASS))
            return {trade["by"]: Msg("res-publica.ask.accept", {"n": answered})}
        if phase == "deliver":
            v = _v(state)
            return {
                side["seat"]: Msg(
                    "res-publica.ask.give",
                    {"to": Msg.seat(side["to"]),
                     "promise": m.proposal(parse(v, side["promise"].split()))},
                )
                for side in trade["deliver"]
                if side["cards"] is None
            }
        if phase == "final":
            return {_final_seat(state): Msg("res-publica.ask.final")}
        return {}

    def asked(self, state: State) -> list[int]:
        """The seats `prompt` asks, without its messages (legal and apply ask at every step)."""
        phase = state["phase"]
        if phase == "turn":
            return [state["active"]]
        if phase == "answers":
            return [_answerer(state)]
        if phase == "accept":
            return [state["trade"]["by"]]
        if phase == "deliver":
            return [side["seat"] for side in state["trade"]["deliver"] if side["cards"] is None]
        if phase == "final":
            return [_final_seat(state)]
        return []

    def legal(self, state: State, seat: int) -> list[str]:
        if seat not in self.asked(state):
            return []
        v = _v(state)
        hand = state["hands"][seat]
        phase = state["phase"]
        if phase == "turn":
            out = self._end_texts(state, seat) + self._lay_texts(state, seat)
            if not state["traded"] and not state["laid"]:
                out += proposable_texts(v.name, hand_key(v, hand), OFFER)
                out += all_texts(v.name, SEEK)
            return out
        trade = state["trade"]
        if phase == "answers":
            if trade["mode"] == SEEK:
                sought = parse(v, trade["proposal"].split())
                answers = all_texts(v.name, "answer") if can_deliver(v, hand, sought) else ()
            else:
                answers = proposable_texts(v.name, hand_key(v, hand), "answer")
            return [PASS, *answers]
        if phase == "accept":
            acceptable = [f"accept {_seat_token(a['seat'])}" for a in trade["answers"]
                          if self._acceptable(state, a)]
            return ["decline", *acceptable]
        if phase == "deliver":
            side = next(s for s in trade["deliver"] if s["seat"] == seat and s["cards"] is None)
            promise = parse(v, side["promise"].split())
            return ["give " + cards_text(v, d) for d in deliveries(v, hand, promise)]
        if phase == "final":
            return ["done", *self._lay_texts(state, seat)]
        return []

    def menu(self, state: State, seat: int) -> list[str] | ResPublicaMenu | Deliveries:
        """`legal` as a menu where it holds proposals, which are then built level by level."""
        phase = state["phase"]
        if phase not in ("turn", "answers", "deliver") or seat not in self.asked(state):
            return self.legal(state, seat)
        v = _v(state)
        hand = state["hands"][seat]
        if phase == "deliver":
            side = next(s for s in state["trade"]["deliver"]
                        if s["seat"] == seat and s["cards"] is None)
            return Deliveries(v, hand, parse(v, side["promise"].split()))
        if phase == "turn":
            short = self._end_texts(state, seat) + self._lay_texts(state, seat)
            if state["traded"] or state["laid"]:
                return short
            return ResPublicaMenu(short, {OFFER: proposals(v, hand), SEEK: proposals(v, None)})
        trade = state["trade"]
        if trade["mode"] == SEEK:
            sought = parse(v, trade["proposal"].split())
            if not can_deliver(v, hand, sought):
                return [PASS]
            return ResPublicaMenu([PASS], {"answer": proposals(v, None)})
        return ResPublicaMenu([PASS], {"answer": proposals(v, hand)})

    # --- acting ---------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        if state["outcome"] is not None:
            raise IllegalAction("error.game_over")
        if seat not in self.asked(state):
            raise IllegalAction("error.not_your_turn")
        tokens = action.split()
        if not tokens:
            raise IllegalAction("error.empty_action")
        verb, args = tokens[0], tokens[1:]
        phase = state["phase"]
        handler = _HANDLERS[phase].get(verb)
        if handler is None:
            if verb in _VERBS:
                raise IllegalAction(f"res-publica.error.expect.{phase}", action=action)
            raise IllegalAction("error.unknown_action", action=action)
        return getattr(self, handler)(state, seat, verb, args)

    # trade: start ------------------------------------------------------------------------------

    def _start_trade(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = _v(state)
        if state["traded"]:
            raise IllegalAction("res-publica.error.already_traded")
        if state["laid"]:
            raise IllegalAction("res-publica.error.trade_after_lay")
        if args and args[0] in (SEEK, OFFER):
            # « Il est impossible de faire une offre et une demande »
            raise IllegalAction("res-publica.error.seek_and_offer")
        if SEEK in args or OFFER in args:
            raise IllegalAction("res-publica.error.seek_and_offer")
        p = parse(v, args)
        hand = state["hands"][seat]
        if verb == OFFER:
            _must_deliver(v, hand, p, "res-publica.error.cannot_offer", propose=True)
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

    # trade: answers ----------------------------------------------------------------------------

    def _answer(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = _v(state)
        trade = state["trade"]
        hand = state["hands"][seat]
        if verb == PASS:
            if args:
                raise IllegalAction("error.unknown_action", action=" ".join([verb, *args]))
            answer = PASS
            event = Event(Msg("res-publica.event.pass", {"seat": Msg.seat(seat)}))
        else:
            if args and args[0] in (SEEK, OFFER):
                raise IllegalAction("res-publica.error.answer_syntax")
            p = parse(v, args)
            if trade["mode"] == SEEK:
                # the answerer gives what was sought: « les joueurs, qui possèdent la carte
                # recherchée, annoncent ... ce qu'il désire en échange »
                sought = parse(v, trade["proposal"].split())
                _must_deliver(v, hand, sought, "res-publica.error.cannot_give_sought")
            else:
                # « un joueur n'a le droit de proposer que des cartes qu'il possède »
                _must_deliver(v, hand, p, "res-publica.error.cannot_offer", propose=True)
            answer = p.text
            event = Event(Msg(f"res-publica.event.answer.{trade['mode']}",
                              {"seat": Msg.seat(seat), "proposal": m.proposal(p)}))
        next(a for a in trade["answers"] if a["seat"] == seat)["answer"] = answer
        events = [event]
        if all(a["answer"] is not None for a in trade["answers"]):
            if all(a["answer"] == PASS for a in trade["answers"]):
                # the Ani example: nobody answers, no deal
                events.append(Event(Msg("res-publica.event.no_answer",
                                        {"seat": Msg.seat(trade["by"])})))
                _close_trade(state)
            else:
                state["phase"] = "accept"
        return events

    # trade: accept -----------------------------------------------------------------------------

    def _acceptable(self, state: State, answer: Mapping[str, Any]) -> bool:
        if answer["answer"] in (None, PASS):
            return False
        v = _v(state)
        trade = state["trade"]
        sides = _sides(trade, answer["seat"], answer["answer"])
        return all(can_deliver(v, state["hands"][s["seat"]], parse(v, s["promise"].split()))
                   for s in sides)

    def _accept(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = _v(state)
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
                _must_deliver(v, hand, p, "res-publica.error.cannot_deliver")
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

    def _decline(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        if args:
            raise IllegalAction("error.unknown_action", action=" ".join([verb, *args]))
        _close_trade(state)
        return [Event(Msg("res-publica.event.decline", {"seat": Msg.seat(seat)}))]

    # trade: delivery ---------------------------------------------------------------------------

    def _give(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = _v(state)
        side = next(s for s in state["trade"]["deliver"] if s["seat"] == seat and s["cards"] is None)
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

    # laying --------------------------------------------------------------------------------------

    def _lay_size(self, state: State, seat: int, kind: str, has_library: bool | None = None,
                  ) -> int:
        group = _v(state).groups[kind]
        if group.size_with_library is None:
            return group.size
        if has_library is None:
            has_library = self._has_library(state, seat)
        return group.size_with_library if has_library else group.size

    def _has_library(self, state: State, seat: int) -> bool:
        return any(g["card"] == "library" for g in state["groups"][seat])

    def _check_lay(self, state: State, seat: int, args: list[str]) -> tuple[str, int]:
        v = _v(state)
        if len(args) != 1:
            raise IllegalAction("res-publica.error.lay_syntax")
        kind = args[0]
        if kind not in v.kinds:
            if kind in variant(FULL).kinds:
                raise IllegalAction("res-publica.error.classic_kind", kind=m.kind(kind))
            raise IllegalAction("res-publica.error.lay_syntax")
        card = v.groups[kind].card
        size = self._lay_size(state, seat, kind)
        held = state["hands"][seat][kind]
        if held < size:
            raise IllegalAction("res-publica.error.lay_short", held=held, kind=m.kind(kind),
                                size=size, card=m.card(card))
        if not state["piles"][card]:
            raise IllegalAction(f"res-publica.error.pile_empty.{card}")
        return kind, size

    def _lay_texts(self, state: State, seat: int) -> list[str]:
        v = _v(state)
        hand = state["hands"][seat]
        library = self._has_library(state, seat)
        return [f"lay {k}" for k in v.kinds
                if hand[k] >= self._lay_size(state, seat, k, library)
                and state["piles"][v.groups[k].card]]

    def _lay(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        kind, size = self._check_lay(state, seat, args)
        card = _v(state).groups[kind].card
        state["hands"][seat][kind] -= size
        value = state["piles"][card].pop(0)  # the top card: the highest town left
        state["groups"][seat].append({"kind": kind, "count": size, "card": card, "value": value})
        if state["phase"] == "turn":
            state["laid"] = True
        return [Event(Msg("res-publica.event.lay", {
            "seat": Msg.seat(seat), "cards": m.term(size, kind), "card": m.card(card),
            "value": value}))]

    # drawing and the end of a turn ---------------------------------------------------------------

    def _cities(self, state: State, seat: int) -> int:
        return sum(1 for g in state["groups"][seat] if g["card"] == "city")

    def _draw_counts(self, state: State, seat: int, civ_only: bool) -> tuple[int, int]:
        """(people, civilisation) drawn: « 1 carte des peuples ... dans la mesure où il reste des
        cartes », « 1 carte de civilisation par cité », « 3 cartes au maximum »."""
        v = _v(state)
        people_left = len(state["decks"][PEOPLE])
        civ_left = len(state["decks"][CIVILISATION])
        p = 0 if civ_only else min(v.draw_people, people_left)
        c = min(self._cities(state, seat) * v.draw_per_city, v.draw_max - p, civ_left)
        return p, c

    def _civ_choice(self, state: State, seat: int) -> bool:
        """« S'il a plus de 2 cartes cité devant lui, il décide s'il pioche 1 carte des peuples et
        2 cartes de civilisation ou 3 cartes de civilisation »: a choice only while both exist."""
        return (self._cities(state, seat) > 2 and len(state["decks"][PEOPLE]) > 0
                and len(state["decks"][CIVILISATION]) > 0)

    def _end_texts(self, state: State, seat: int) -> list[str]:
        return ["end", "end civilisation"] if self._civ_choice(state, seat) else ["end"]

    def _end(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        v = _v(state)
        if args not in ([], [CIVILISATION]):
            raise IllegalAction("res-publica.error.end_syntax")
        civ_only = args == [CIVILISATION]
        if civ_only and not self._civ_choice(state, seat):
            raise IllegalAction("res-publica.error.end_civilisation", cities=self._cities(state, seat))
        p, c = self._draw_counts(state, seat, civ_only)
        drawn: dict[str, int] = {}
        for deck, count in ((PEOPLE, p), (CIVILISATION, c)):
            for _ in range(count):
                k = state["decks"][deck].pop()
                drawn[k] = drawn.get(k, 0) + 1
        hand = state["hands"][seat]
        for k, n in drawn.items():
            hand[k] += n
        events = [Event(Msg("res-publica.event.draw", {"seat": Msg.seat(seat), "people": p,
                                                       "civilisation": c}))]
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
            state["active"] = _final_seat(state)
            events.append(Event(Msg("res-publica.event.final")))
            return events
        state["active"] = (seat + 1) % n
        state["turn"] += 1
        state["traded"] = False
        state["laid"] = False
        state["phase"] = "turn"
        return events

    # the final lay-downs and scoring -------------------------------------------------------------

    def _done(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        if args:
            raise IllegalAction("error.unknown_action", action=" ".join([verb, *args]))
        final = state["final"]
        final["index"] += 1
        events = [Event(Msg("res-publica.event.done", {"seat": Msg.seat(seat)}))]
        if final["index"] < len(final["order"]):
            state["active"] = _final_seat(state)
            return events
        outcome = self._score(state)
        state["outcome"] = outcome.to_json()
        state["phase"] = "over"
        state["active"] = None
        return events  # the reason and the scores are the outcome's: the end post says them once

    def score(self, state: State, seat: int) -> tuple[int, int]:
        """(points on point cards, pairs in hand): « Chaque paire de cartes identiques présente
        dans les mains du joueur rapporte 1 point »."""
        cards = sum(g["value"] for g in state["groups"][seat])
        pairs = sum(n // 2 for n in state["hands"][seat].values())
        return cards, pairs

    def _score(self, state: State) -> Outcome:
        n = state["players"]
        parts = [self.score(state, s) for s in range(n)]
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

    def score_lines(self, state: State) -> dict[int, Msg]:
        """Each seat's public standing: points laid, groups laid, cards in hand (their number
        only); once the game is scored, the total with the pairs the final count revealed."""
        n = state["players"]
        outcome = state["outcome"]
        out: dict[int, Msg] = {}
        for s in range(n):
            groups = state["groups"][s]
            points = sum(g["value"] for g in groups)
            if outcome is not None:
                cards, pairs = self.score(state, s)
                out[s] = Msg("res-publica.score.final", {"total": cards + pairs,
                                                         "points": cards, "pairs": pairs})
            else:
                out[s] = Msg("res-publica.score.line", {
                    "points": points, "groups": len(groups),
                    "cards": sum(state["hands"][s].values())})
        return out

    # --- play over days -------------------------------------------------------------------------

    def default_action(self, state: State, seat: int) -> str | None:
        """For an absent player: pass on a trade, decline the answers, keep a promise the first
        way it can be kept, end the turn (drawing, as every turn ends), lay nothing more."""
        legal = self.legal(state, seat)
        for text in (PASS, "decline", "end", "done"):
            if text in legal:
                return text
        return legal[0] if state["phase"] == "deliver" and legal else None

    def forced(self, state: State, seat: int) -> str | None:
        """`pass` for the answerer of a trade who cannot answer, which the rules make public:
        a seek, when its hand cannot give what was sought (Commerce, A: « les joueurs, qui
        possèdent la carte recherchée, annoncent, chacun leur tour, ce qu'il désire en échange
        de cette carte »: the others do not announce); an offer, when its hand is empty (an
        answer names cards the answerer holds, « un joueur n'a le droit de proposer que des
        cartes qu'il possède », and hand sizes are public). Decided from the seat's own hand
        and the public proposal only. Anything else is asked, a lone `end`, `decline` or `done`
        included: that nothing can be laid or paid would tell the others about a hand
        (data/respublica/README.md, reading 23)."""
        if state["phase"] != "answers" or seat != _answerer(state):
            return None
        trade = state["trade"]
        hand = state["hands"][seat]
        if trade["mode"] == SEEK:
            v = _v(state)
            return None if can_deliver(v, hand, parse(v, trade["proposal"].split())) else PASS
        return None if any(hand.values()) else PASS

    def undoable(self, before: State, after: State, events: Any, seat: int) -> bool:
        """Nothing drawn (the decks and the generator are unchanged), nothing shown to one player
        only, and no answer given by another player (a move that asks others is final once
        they have answered, and undo is only offered while nobody acted since)."""
        return (before["rng"] == after["rng"] and before.get("decks") == after.get("decks")
                and not any(e.to is not None for e in events)
                and after["phase"] != "deliver")

    def outcome(self, state: State) -> Outcome | None:
        if state["outcome"] is None:
            return None
        # The state keeps the details it was stored with; each seat's is told as its final
        # score line (Outcome.score_of): the total, then its parts that are not zero.
        out = Outcome.from_json(state["outcome"])
        return replace(out, details=tuple(_score_line(d) for d in out.details))

    # --- what each seat sees ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        v = _v(state)
        piles = state["piles"]
        out: dict[str, Any] = {
            "game": self.key,
            "variant": v.name,
            "players": state["players"],
            "viewer": seat,
            "active": state["active"] if state["phase"] != "over" else None,
            "phase": state["phase"],
            "prompt": sorted(self.prompt(state)),
            "turn": state["turn"],
            "traded": state["traded"],
            "laid": state["laid"],
            "last_round": state["last_round"],
            "last_drawer": state["last_drawer"],
            "turns_left": state["turns_left"],
            "piles": {
                "people": len(state["decks"][PEOPLE]),
                "civilisation": len(state["decks"][CIVILISATION]),
                "towns": list(piles["town"]),
                "cities": len(piles["city"]),
                "churches": len(piles.get("church", [])),
                "libraries": len(piles.get("library", [])),
            },
            "kinds": [{"kind": k, "family": v.family[k]} for k in v.kinds],
            "generic": [PEOPLE, CIVILISATION, "cards"],
            "seats": [
                {
                    "hand": sum(state["hands"][s].values()),
                    "groups": [dict(g) for g in state["groups"][s]],
                    "points": sum(g["value"] for g in state["groups"][s]),
                    "cities": self._cities(state, s),
                    "libraries": sum(1 for g in state["groups"][s] if g["card"] == "library"),
                }
                for s in range(state["players"])
            ],
            "trade": _trade_view(state["trade"], seat, v),
            "final": dict(state["final"]) if state["final"] else None,
            "outcome": state["outcome"],
        }
        if seat is not None:
            out["hand"] = {k: n for k, n in state["hands"][seat].items() if n > 0}
        return out


# --- helpers ---------------------------------------------------------------------------------------

_VERBS = {SEEK, OFFER, "answer", PASS, "accept", "decline", "give", "lay", "end", "done"}
# Each phase's verbs and the method handling them.
_HANDLERS: dict[str, dict[str, str]] = {
    "turn": {SEEK: "_start_trade", OFFER: "_start_trade", "lay": "_lay", "end": "_end"},
    "answers": {"answer": "_answer", PASS: "_answer"},
    "accept": {"accept": "_accept", "decline": "_decline"},
    "deliver": {"give": "_give"},
    "final": {"lay": "_lay", "done": "_done"},
}


def _answerer(state: State) -> int:
    return next(a["seat"] for a in state["trade"]["answers"] if a["answer"] is None)


def _final_seat(state: State) -> int:
    final = state["final"]
    return final["order"][final["index"]]


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


def _must_deliver(
    v: Variant, hand: Mapping[str, int], p: Proposal, key: str, *, propose: bool = False,
) -> None:
    """Raise `key` unless `hand` (the acting player's own) can deliver `p` — or, with `propose`,
    may offer it (each « ou » branch held). Only ever called on the acting player's own hand,
    so the message reveals nothing hidden."""
    if (can_propose if propose else can_deliver)(v, hand, p):
        return
    short = shortfall(v, hand, p)
    if short is not None and (propose or p.op != "or"):
        held, kind = short
        raise IllegalAction(key, proposal=m.proposal(p), held=held, kind=m.kind(kind))
    raise IllegalAction(key + "_any", proposal=m.proposal(p))


def _swap(state: State) -> list[Event]:
    """« les deux partenaires commerciaux échangent, aux yeux des autres joueurs, les cartes »."""
    v = _v(state)
    trade = state["trade"]
    sides = trade["deliver"]
    for side in sides:
        for k, c in side["cards"].items():
            state["hands"][side["seat"]][k] -= c
            state["hands"][side["to"]][k] += c
    a, b = sides
    event = Event(Msg("res-publica.event.trade", {
        "a": Msg.seat(a["seat"]), "gave_a": m.cards(v, a["cards"]),
        "b": Msg.seat(b["seat"]), "gave_b": m.cards(v, b["cards"])}))
    _close_trade(state)
    return [event]


def _close_trade(state: State) -> None:
    state["trade"] = None
    state["phase"] = "turn"


def _trade_view(trade: Mapping[str, Any] | None, seat: int | None, v: Variant) -> Any:
    if trade is None:
        return None
    out: dict[str, Any] = {
        "by": trade["by"],
        "mode": trade["mode"],
        "proposal": trade["proposal"],
        "answers": [{"seat": a["seat"], "answer": a["answer"]} for a in trade["answers"]],
        "accepted": trade["accepted"],
    }
    if trade["deliver"] is not None:
        # who still chooses is public; what a chooser picked stays hidden until the swap,
        # except from the chooser themself
        out["deliver"] = [
            {"seat": s["seat"], "to": s["to"], "promise": s["promise"],
             "chosen": s["cards"] is not None,
             **({"cards": cards_text(v, s["cards"])}
                if s["cards"] is not None and s["seat"] == seat and not s["auto"] else {})}
            for s in trade["deliver"]
        ]
    return out


def _score_line(detail: Msg) -> Msg:
    """A stored `res-publica.outcome.detail` as the seat's final score line: "Brutus 48 points:
    45 on point cards, 3 for pairs", the parts that are not zero."""
    if detail.key != "res-publica.outcome.detail":
        return detail
    p = detail.params
    parts = tuple(Msg(f"res-publica.outcome.part_{k}", {"n": p[k]})
                  for k in ("cards", "pairs") if p[k])
    # Its parameters keep the stored ones (cards, pairs, total): the pictures read the pairs.
    return Msg("res-publica.outcome.score", {
        **p, "n": p["total"],
        "parts": Msg("res-publica.outcome.parts", {"parts": parts}) if parts else ""})
