"""Seven Hills (Heo Nam-cheol, Game Humanity 2009), a reconstructed edition: the rules as a state
machine over plain JSON.

Rulebook: Seven Hills, Didier Duchon's French translation (V1.0, 2010; its tables and card
pictures were lost: the reconstructed values are in data/sevenhills/ and its README). Phases:

    preplace  before the game, in turn order: each player's plebeians (§IV.6)
    take      the active player: 1 card from the discard pile or 2 from the deck (§V.1 (1))
    act       exactly one action: place / revolt / draw / exchange (§V.1 (2))
    deploy    placing clients: one marker at a time, class and sector (§V.1 Placement (b))
    power     the cards' additional actions, as far as possible (§V.1 Placement (c))
    target    a revolt's targets, one at a time, final once chosen (§V.1 Révolte (b))
    protect   the defenders put their centurions on their markers (§V.1 Révolte (d))
    discard   the turn ends by discarding one card (§V.1 (3))
    levy      the consuls organise their legions (§V.2 (2))
    return    the returning legions are placed by their owners (§V.2 (3))
    over      the game has ended (§VI)

Every handler checks the action against `legal` before changing anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import Any

from engine import rng
from engine.core import Event, Game, IllegalAction, Msg, Outcome, State

from . import board as B
from . import revolt as R
from . import scoring as S
from .components import CLASSES, FORUM, load
from .menu import ActMenu

G = "seven-hills"
# The steps whose lone legal action is played without asking (Game.forced).
FORCED_PHASES = ("target", "discard")
PHASES = ("preplace", "take", "act", "deploy", "power", "target", "protect", "discard", "levy",
          "return", "over")
VERBS = {
    "preplace": ("preplace",),
    "take": ("take",),
    "act": ("place", "revolt", "draw", "exchange"),
    "deploy": ("deploy",),
    "power": ("draw", "steal", "purge", "settle", "dismiss", "done"),
    "target": ("target",),
    "protect": ("protect", "done"),
    "discard": ("discard",),
    "levy": ("levy",),
    "return": ("return",),
}
ALL_VERBS = {v for vs in VERBS.values() for v in vs}


def seat_msg(seat: int) -> dict[str, int]:
    return Msg.seat(seat)


@cache  # messages are immutable, and every log line of a card names it
def card_msg(card: str) -> Msg:
    """A card as log lines and messages name it: its colour and class ("red noble"). Its
    additional action and legion icon are on the pictures (the action token
    `seven-hills.tok.<card>` still spells them out in menus)."""
    k = load().card(card)
    return Msg(f"{G}.card", {"colour": Msg(f"{G}.colour.{k.colour}"), "cls": tok(k.cls)})


def cards_msg(cards: list[str]) -> tuple[Msg, ...]:
    return tuple(card_msg(c) for c in B.sort_cards(cards)) or (Msg(f"{G}.nothing"),)


@cache
def tok(word: str) -> Msg:
    return Msg(f"{G}.tok.{word}")


def ev(key: str, to: tuple[int, ...] | None = None, **params: Any) -> Event:
    return Event(Msg(f"{G}.log.{key}", params), to)


class SevenHills(Game):
    key = G
    module = "sevenhills"
    min_players = 3
    max_players = 4

    # --- setup (§IV) ----------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"{G}.error.players", min=self.min_players, max=self.max_players)
        c = load()
        state: State = {"rng": rng.seed_state(seed)}
        deck = [k.id for k in c.cards]
        rng.shuffle(state, deck)
        # §IV.2: seat 0 is the first player (the service shuffles the seating); clockwise order
        order = list(range(players))
        hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(c.deal):  # §IV.3 « Chaque joueur reçoit 4 cartes clients »
            for s in order:
                hands[s].append(deck.pop())
        discard = [deck.pop()]  # §IV.4 the top card of the deck starts the discard pile
        queue = [s for i, s in enumerate(order) for _ in range(c.preplacement[players][i])]
        state.update(
            players=players,
            era=1,
            order=order,
            turn=0,
            phase="preplace" if queue else "take",
            counter=0,
            limit=c.round_limit[players],
            ending=False,
            temple=c.temple_start,  # §IV.5 the token starts showing 2
            deck=deck,
            discard=discard,
            reshuffles=0,
            hands=hands,
            supply=[dict(c.markers) for _ in range(players)],
            sectors={s: [B.empty_seat_markers() for _ in range(players)] for s in B.sectors_all()},
            legion=[0] * players,
            waiting=[0] * players,
            prestige=[0] * players,
            preplace=queue,
            deploy=[],
            powers=[],
            revolt=None,
            consul=None,
            consuls=[],
            last_scores=None,
            revealed=[],
            penalties=[0] * players,
            outcome=None,
        )
        if not queue:
            self._begin_turn(state)
        return state

    # --- who acts -------------------------------------------------------------------------------

    def prompt(self, state: State) -> dict[int, Msg]:
        phase = state["phase"]
        if phase == "over":
            return {}
        if phase == "preplace":
            seat = state["preplace"][0]
            left = state["preplace"].count(seat)
            return {seat: Msg(f"{G}.ask.preplace", {"n": left})}
        if phase == "protect":
            return {
                int(d): Msg(f"{G}.ask.protect", {
                    "by": seat_msg(state["revolt"]["by"]),
                    "targets": self._targets_msg(state, int(d)),
                    "n": self._free_centurions(state, int(d)),
                })
                for d in state["revolt"]["defenders"]
            }
        if phase == "levy":
            seat = state["consul"]["levy"][0]
            return {seat: Msg(f"{G}.ask.levy", {"n": state["consul"]["levy"].count(seat)})}
        if phase == "return":
            cons = state["consul"]
            return {cons["returns"][0]: Msg(f"{G}.ask.return", {"n": cons["placing"]})}
        seat = B.active(state)
        if phase == "take":
            return {seat: Msg(f"{G}.ask.take", {"room": B.hand_room(state, seat)})}
        if phase == "act":
            return {seat: Msg(f"{G}.ask.act", {"temple": state["temple"]})}
        if phase == "deploy":
            return {seat: Msg(f"{G}.ask.deploy", {
                "markers": tuple(tok(k) for k in state["deploy"]),
                "counter": state["counter"], "limit": state["limit"]})}
        if phase == "power":
            return {seat: Msg(f"{G}.ask.power", {
                "powers": tuple(Msg(f"{G}.power.{p}") for p in state["powers"])})}
        if phase == "target":
            return {seat: Msg(f"{G}.ask.target", {"n": state["revolt"]["left"]})}
        if phase == "discard":
            return {seat: Msg(f"{G}.ask.discard")}
        raise AssertionError(phase)

    def asked(self, state: State) -> list[int]:
        """The seats `prompt` asks, without its messages."""
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "preplace":
            return [state["preplace"][0]]
        if phase == "protect":
            return [int(d) for d in state["revolt"]["defenders"]]
        if phase == "levy":
            return [state["consul"]["levy"][0]]
        if phase == "return":
            return [state["consul"]["returns"][0]]
        if phase not in PHASES:
            raise AssertionError(phase)
        return [B.active(state)]

    def menu(self, state: State, seat: int) -> list[str] | ActMenu:
        """The act phase as a menu (engine/sevenhills/menu.py): its many card combinations are
        worked out only as far as a walk goes."""
        if state["phase"] == "act" and seat in self.asked(state):
            return ActMenu(state, seat)
        return self.legal(state, seat)

    def _targets_msg(self, state: State, defender: int) -> tuple[Msg, ...]:
        return tuple(
            Msg(f"{G}.target", {"cls": tok(cls), "sector": tok(sector)})
            for victim, sector, cls in state["revolt"]["targets"] if victim == defender
        )

    def _free_centurions(self, state: State, defender: int) -> int:
        revolt = state["revolt"]
        prot = revolt["protected"].get(str(defender), {})
        sectors = {t[1] for t in revolt["targets"] if t[0] == defender}
        return sum(
            max(0, state["sectors"][s][defender]["centurion"] - sum(prot.get(s, {}).values()))
            for s in sectors
        )

    # --- legal actions --------------------------------------------------------------------------

    def legal(self, state: State, seat: int) -> list[str]:
        if seat not in self.asked(state):
            return []
        return getattr(self, f"_legal_{state['phase']}")(state, seat)

    def _legal_preplace(self, state: State, seat: int) -> list[str]:
        # §IV.6 « excepté Capitolium et Campus Martius, toutes les collines et le Forum »
        return [f"preplace {s}" for s in B.sectors_all()]

    def _legal_take(self, state: State, seat: int) -> list[str]:
        out = []
        if B.hand_room(state, seat) > 0:
            if state["discard"]:
                out.append("take pile")
            if B.drawable(state) > 0:
                out.append("take deck")
        return out

    def _legal_act(self, state: State, seat: int) -> list[str]:
        c = load()
        hand = B.sort_cards(state["hands"][seat])
        out: list[str] = []
        for colour in c.colours:  # §V.1 Placement (a): 3+ cards of one background colour
            mine = [k for k in hand if c.card(k).colour == colour and c.card(k).cls != "slave"]
            for r in range(3, len(mine) + 1):
                out += ["place " + " ".join(combo) for combo in combinations(mine, r)]
        slaves = [k for k in hand if c.card(k).cls == "slave"]
        for r, markers in ((2, 1), (3, 2)):  # §V.1 Révolte (a): 2 cards 1 marker, 3 cards 2
            if len(slaves) >= r and R.can_revolt(state, seat, markers):
                out += ["revolt " + " ".join(combo) for combo in combinations(slaves, r)]
        if B.hand_room(state, seat) > 0 and B.drawable(state) > 0:
            out.append("draw")
        for r in (1, 2, 3):  # §V.1 Echange: 1 to 3 cards
            out += ["exchange " + " ".join(combo) for combo in combinations(hand, r)]
        return out

    def _legal_deploy(self, state: State, seat: int) -> list[str]:
        classes = [k for k in CLASSES if k in state["deploy"]]
        return [f"deploy {k} {s}" for k in classes for s in B.deploy_sectors(state)]

    def _legal_power(self, state: State, seat: int) -> list[str]:
        out: list[str] = []
        for power in dict.fromkeys(state["powers"]):
            out += self._power_texts(state, seat, power)
        return [*out, "done"]

    def _power_texts(self, state: State, seat: int, power: str) -> list[str]:
        c = load()
        room = B.hand_room(state, seat)
        if power == "draw":
            return ["draw"] if room > 0 and B.drawable(state) > 0 else []
        if power in ("steal1", "steal2"):
            n = c.power_n[power]
            return [f"steal {n} @{v}" for v in state["order"]
                    if v != seat and state["hands"][v] and room > 0]
        if power == "purge":
            return [f"purge @{v} {k}" for v in state["order"] for k in CLASSES
                    if B.count(state, FORUM, v, k) > 0]
        if power == "settle":
            if state["supply"][seat]["plebeian"] == 0:
                return []
            return [f"settle {s}" for s in B.open_sectors(state)]
        if power == "dismiss":
            return [f"dismiss @{v} {s}" for v in state["order"] if v != seat
                    for s in B.sectors_all() if B.count(state, s, v, "centurion") > 0]
        raise AssertionError(power)

    def _legal_target(self, state: State, seat: int) -> list[str]:
        return [f"target @{v} {s} {k}"
                for v, s, k in R.target_options(state, seat, state["revolt"]["targets"])]

    def _legal_protect(self, state: State, seat: int) -> list[str]:
        return [f"protect {s} {k}" for s, k in R.protect_options(state, seat)] + ["done"]

    def _legal_discard(self, state: State, seat: int) -> list[str]:
        return [f"discard {k}" for k in B.sort_cards(state["hands"][seat])]

    def _legal_levy(self, state: State, seat: int) -> list[str]:
        # §V.2 (2): from every sector, the Forum included, Campus Martius excluded
        return [f"levy @{v} {s}" for v in state["order"] for s in B.sectors_all()
                if B.count(state, s, v, "plebeian") > 0]

    def _legal_return(self, state: State, seat: int) -> list[str]:
        return [f"return {s}" for s in B.open_sectors(state)]

    # --- acting ---------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        if state["outcome"] is not None:
            raise IllegalAction("error.game_over")
        if seat not in self.asked(state):
            raise IllegalAction("error.not_your_turn")
        tokens = action.split()
        if not tokens:
            raise IllegalAction("error.empty_action")
        phase = state["phase"]
        verb = tokens[0]
        if verb not in VERBS[phase]:
            if verb in ALL_VERBS:
                raise IllegalAction(f"{G}.error.expect.{phase}", action=action)
            raise IllegalAction("error.unknown_action", action=action)
        if not self._is_legal(state, seat, action):
            raise self._refusal(state, seat, tokens)
        handler = getattr(self, f"_do_{phase}")
        return handler(state, seat, tokens)

    def apply_legal(self, state: State, seat: int, action: str, menu: object = None,
                    ) -> list[Event]:
        """`apply` without checking again an action taken from `legal` or `menu`."""
        return getattr(self, f"_do_{state['phase']}")(state, seat, action.split())

    def _is_legal(self, state: State, seat: int, action: str) -> bool:
        """`action in legal(...)`; the act phase follows the tokens through its menu instead
        of listing every combination of cards (the same texts: tests/sevenhills/test_menu.py)."""
        if state["phase"] == "act":
            return ActMenu(state, seat).holds(action)
        return action in self.legal(state, seat)

    def _refusal(self, state: State, seat: int, tokens: list[str]) -> IllegalAction:
        """Why a well-formed verb is refused (only the acting player's own cards are named)."""
        c = load()
        verb, args = tokens[0], tokens[1:]
        phase = state["phase"]
        action = " ".join(tokens)
        if phase == "take" and B.hand_room(state, seat) <= 0:
            return IllegalAction(f"{G}.error.hand_full", limit=c.hand_limit)
        if phase == "act" and verb in ("place", "revolt", "exchange") or phase == "discard":
            hand = state["hands"][seat]
            for a in args:
                if not c.is_card(a):
                    return IllegalAction(f"{G}.error.no_card", card=a)
                if a not in hand:
                    return IllegalAction(f"{G}.error.not_in_hand", card=card_msg(a))
            if len(set(args)) != len(args) or args != B.sort_cards(args):
                return IllegalAction(f"{G}.error.card_order")
            if verb == "place":
                return IllegalAction(f"{G}.error.place_rule")
            if verb == "revolt":
                if len(args) in (2, 3) and all(c.card(a).cls == "slave" for a in args):
                    return IllegalAction(f"{G}.error.no_target")
                return IllegalAction(f"{G}.error.revolt_rule")
            if verb == "exchange":
                return IllegalAction(f"{G}.error.exchange_rule")
        if phase == "act" and verb == "draw" and B.hand_room(state, seat) <= 0:
            return IllegalAction(f"{G}.error.hand_full", limit=c.hand_limit)
        if verb == "deploy" and len(args) == 2 and args[1] in c.hills:
            era = state["era"]
            if args[1] in c.open_hills(era):
                # « vous ne pouvez vous déployer que sur la colline en cours » (§V.1 (b))
                current = c.new_hills(era)
                return IllegalAction(f"{G}.error.not_current", sector=tok(args[1]), era=era,
                                     hills=tuple(tok(h) for h in current), n=len(current))
            return IllegalAction(f"{G}.error.closed", sector=tok(args[1]), era=era)
        return IllegalAction(f"{G}.error.illegal", action=action)

    # pre-placement (§IV.6) -----------------------------------------------------------------------

    def _do_preplace(self, state: State, seat: int, t: list[str]) -> list[Event]:
        sector = t[1]
        B.put(state, sector, seat, "plebeian")
        state["preplace"].pop(0)
        events = [ev("preplace", seat=seat_msg(seat), sector=tok(sector))]
        if not state["preplace"]:
            events += self._begin_turn(state)
        return events

    # the turn: taking cards (§V.1 (1)) -----------------------------------------------------------

    def _begin_turn(self, state: State) -> list[Event]:
        state["phase"] = "take"
        seat = B.active(state)
        if not self._legal_take(state, seat):  # a full hand (7) takes nothing
            state["phase"] = "act"
            return [ev("no_take", seat=seat_msg(seat))]
        return []

    def _do_take(self, state: State, seat: int, t: list[str]) -> list[Event]:
        hand = state["hands"][seat]
        if t[1] == "pile":
            card = state["discard"].pop()
            hand.append(card)
            events = [ev("take_pile", seat=seat_msg(seat), card=card_msg(card))]
        else:
            # « Si vous avez 6 cartes en main, vous ne pouvez en piocher qu'une »
            drawn = B.draw(state, min(2, B.hand_room(state, seat)))
            hand.extend(drawn)
            events = [ev("take_deck", seat=seat_msg(seat), n=len(drawn)),
                      ev("drew", (seat,), cards=cards_msg(drawn))]
        state["phase"] = "act"
        return events

    # the action (§V.1 (2)) -----------------------------------------------------------------------

    def _do_act(self, state: State, seat: int, t: list[str]) -> list[Event]:
        verb, cards = t[0], t[1:]
        c = load()
        hand = state["hands"][seat]
        if verb == "draw":
            # § Pioche: as many as the temple shows, fewer at the hand limit; the token flips
            n = min(state["temple"], B.hand_room(state, seat))
            drawn = B.draw(state, n)
            hand.extend(drawn)
            shown = state["temple"]
            state["temple"] = 3 - shown
            events = [ev("draw", seat=seat_msg(seat), n=len(drawn), temple=shown,
                         now=state["temple"]), ev("drew", (seat,), cards=cards_msg(drawn))]
            return events + self._to_discard(state)
        for k in cards:
            hand.remove(k)
        state["discard"].extend(cards)  # « Les cartes utilisées sont défaussées face visible »
        if verb == "exchange":
            drawn = B.draw(state, len(cards))
            hand.extend(drawn)
            return [ev("exchange", seat=seat_msg(seat), cards=cards_msg(cards), n=len(drawn)),
                    ev("drew", (seat,), cards=cards_msg(drawn))] + self._to_discard(state)
        if verb == "revolt":
            state["revolt"] = {"by": seat, "left": len(cards) - 1, "targets": [],
                               "protected": {}, "defenders": []}
            state["phase"] = "target"
            return [ev("revolt", seat=seat_msg(seat), cards=cards_msg(cards),
                       n=len(cards) - 1)]
        # place: each card one marker of its class; a class run out is replaced by a plebeian,
        # and with no plebeian left the marker is lost (§V.1 Placement (b))
        events = [ev("place", seat=seat_msg(seat), cards=cards_msg(cards))]
        pending: list[str] = []
        supply = dict(state["supply"][seat])
        for k in cards:
            cls = c.card(k).cls
            if supply[cls] > 0:
                use = cls
            elif supply["plebeian"] > 0:
                use = "plebeian"
                events.append(ev("substitute", seat=seat_msg(seat), cls=tok(cls)))
            else:
                events.append(ev("no_marker", seat=seat_msg(seat), cls=tok(cls)))
                continue
            supply[use] -= 1
            pending.append(use)
        state["deploy"] = pending
        state["powers"] = [c.card(k).power for k in cards if c.card(k).power]
        state["phase"] = "deploy"
        return events + self._after_deploy(state)

    # placing clients: deployment (§V.1 Placement (b)) and the round limit (Fin de la phase) -----

    def _do_deploy(self, state: State, seat: int, t: list[str]) -> list[Event]:
        cls, sector = t[1], t[2]
        state["deploy"].remove(cls)
        B.put(state, sector, seat, cls)
        state["counter"] += 1  # « le compteur de manches est déplacé ... (unités) »
        events = [ev("deploy", seat=seat_msg(seat), cls=tok(cls), sector=tok(sector),
                     counter=state["counter"], limit=state["limit"])]
        return events + self._after_deploy(state)

    def _after_deploy(self, state: State) -> list[Event]:
        events: list[Event] = []
        seat = B.active(state)
        if state["counter"] >= state["limit"]:
            if not state["ending"]:
                state["ending"] = True
                events.append(ev("limit", limit=state["limit"], era=state["era"]))
            if state["deploy"]:
                # « Vous ne pouvez pas déployer de marqueurs clients au-delà du nombre limite »
                events.append(ev("lost", seat=seat_msg(seat), n=len(state["deploy"])))
                state["deploy"] = []
        if state["deploy"]:
            return events
        return events + self._to_powers(state)

    # additional actions (§V.1 Placement (c)), as far as possible --------------------------------

    def _to_powers(self, state: State) -> list[Event]:
        seat = B.active(state)
        dropped = [p for p in state["powers"] if not self._power_texts(state, seat, p)]
        state["powers"] = [p for p in state["powers"] if self._power_texts(state, seat, p)]
        events = [ev("power_void", seat=seat_msg(seat), power=Msg(f"{G}.power.{p}"))
                  for p in dropped]
        if state["powers"]:
            state["phase"] = "power"
            return events
        return events + self._to_discard(state)

    def _do_power(self, state: State, seat: int, t: list[str]) -> list[Event]:
        verb = t[0]
        hand = state["hands"][seat]
        if verb == "done":
            state["powers"] = []
            return [ev("power_skip", seat=seat_msg(seat))] + self._to_discard(state)
        events: list[Event]
        if verb == "draw":
            state["powers"].remove("draw")
            drawn = B.draw(state, min(2, B.hand_room(state, seat)))
            hand.extend(drawn)
            events = [ev("power_draw", seat=seat_msg(seat), n=len(drawn)),
                      ev("drew", (seat,), cards=cards_msg(drawn))]
        elif verb == "steal":
            n, victim = int(t[1]), int(t[2][1:])
            state["powers"].remove(f"steal{n}")
            theirs = state["hands"][victim]
            taken = []
            for _ in range(min(n, len(theirs), B.hand_room(state, seat))):
                taken.append(theirs.pop(rng.randbelow(state, len(theirs))))  # « au hasard »
            hand.extend(taken)
            events = [ev("steal", seat=seat_msg(seat), victim=seat_msg(victim), n=len(taken)),
                      ev("stole", (seat, victim), seat=seat_msg(seat), victim=seat_msg(victim),
                         cards=cards_msg(taken))]
        elif verb == "purge":
            owner, cls = int(t[1][1:]), t[2]
            state["powers"].remove("purge")
            B.lift(state, FORUM, owner, cls)
            events = [ev("purge", seat=seat_msg(seat), owner=seat_msg(owner), cls=tok(cls))]
        elif verb == "settle":
            state["powers"].remove("settle")
            B.put(state, t[1], seat, "plebeian")  # the round counter does not move (README)
            events = [ev("settle", seat=seat_msg(seat), sector=tok(t[1]))]
        else:  # dismiss
            owner, sector = int(t[1][1:]), t[2]
            state["powers"].remove("dismiss")
            B.lift(state, sector, owner, "centurion")
            events = [ev("dismiss", seat=seat_msg(seat), owner=seat_msg(owner),
                         sector=tok(sector))]
        return events + self._to_powers(state)

    # revolt (§V.1 Révolte) -----------------------------------------------------------------------

    def _do_target(self, state: State, seat: int, t: list[str]) -> list[Event]:
        victim, sector, cls = int(t[1][1:]), t[2], t[3]
        revolt = state["revolt"]
        revolt["targets"].append([victim, sector, cls])
        revolt["left"] -= 1
        events = [ev("target", seat=seat_msg(seat), victim=seat_msg(victim), sector=tok(sector),
                     cls=tok(cls))]
        if revolt["left"] > 0:
            return events
        # the defenders with a centurion where they are targeted choose what it protects (d)
        defenders = []
        for v in state["order"]:
            revolt["protected"][str(v)] = {}
            if any(victim == v for victim, _, _ in revolt["targets"]) and R.protect_options(state, v):
                defenders.append(v)
        revolt["defenders"] = defenders
        if defenders:
            state["phase"] = "protect"
            return events + [ev("defend", victims=tuple(seat_msg(d) for d in defenders))]
        return events + self._resolve_revolt(state)

    def _do_protect(self, state: State, seat: int, t: list[str]) -> list[Event]:
        revolt = state["revolt"]
        events: list[Event] = []
        if t[0] == "protect":
            sector, cls = t[1], t[2]
            mine = revolt["protected"][str(seat)].setdefault(sector, {})
            mine[cls] = mine.get(cls, 0) + 1
            events.append(ev("protect", seat=seat_msg(seat), sector=tok(sector), cls=tok(cls)))
        if t[0] == "done" or not R.protect_options(state, seat):
            revolt["defenders"].remove(seat)
        if revolt["defenders"]:
            return events
        return events + self._resolve_revolt(state)

    def _resolve_revolt(self, state: State) -> list[Event]:
        """« les nobles ou chevaliers sans centurion sont immédiatement remplacés par des
        marqueurs de l'assaillant »: each target hits an unprotected marker of its class."""
        revolt = state["revolt"]
        seat = revolt["by"]
        events: list[Event] = []
        hit: dict[tuple[int, str, str], int] = {}
        for victim, sector, cls in revolt["targets"]:
            key = (victim, sector, cls)
            protected = revolt["protected"].get(str(victim), {}).get(sector, {}).get(cls, 0)
            free = B.count(state, sector, victim, cls) - protected
            by = R.replacement(state, seat, cls, [])
            if free > 0 and by is not None:
                hit[key] = hit.get(key, 0) + 1
                B.lift(state, sector, victim, cls)
                B.put(state, sector, seat, by)
                events.append(ev("replaced", seat=seat_msg(seat), victim=seat_msg(victim),
                                 sector=tok(sector), cls=tok(cls), by=tok(by)))
            else:
                events.append(ev("saved", victim=seat_msg(victim), sector=tok(sector),
                                 cls=tok(cls)))
        state["revolt"] = None
        # « aucune action additionnelle ... et le compteur de manches ne bouge pas »
        return events + self._to_discard(state)

    # the discard and the end of a turn (§V.1 (3)) -------------------------------------------------

    def _to_discard(self, state: State) -> list[Event]:
        seat = B.active(state)
        state["powers"] = []
        if state["hands"][seat]:
            state["phase"] = "discard"
            return []
        # « Si vous n'avez aucune carte en main après l'action, vous perdez immédiatement 10 »
        c = load()
        state["prestige"][seat] += c.empty_hand
        state["penalties"][seat] += 1
        return [ev("empty_hand", seat=seat_msg(seat), n=-c.empty_hand)] + self._end_turn(state)

    def _do_discard(self, state: State, seat: int, t: list[str]) -> list[Event]:
        card = t[1]
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        return [ev("discard", seat=seat_msg(seat), card=card_msg(card))] + self._end_turn(state)

    def _end_turn(self, state: State) -> list[Event]:
        if state["ending"]:
            return self._consul_phase(state)
        state["turn"] = (state["turn"] + 1) % state["players"]
        return self._begin_turn(state)

    # the consul phase (§V.2) -----------------------------------------------------------------------

    def _consul_phase(self, state: State) -> list[Event]:
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
        return events + self._next_levy(state)

    def _plebeians_on_board(self, state: State) -> int:
        return sum(B.count(state, s, v, "plebeian") for s in B.sectors_all()
                   for v in range(state["players"]))

    def _next_levy(self, state: State) -> list[Event]:
        cons = state["consul"]
        if cons["levy"] and self._plebeians_on_board(state) > 0:
            state["phase"] = "levy"
            return []
        events = []
        if cons["levy"]:  # « vous pouvez en déplacer autant que possible »
            events.append(ev("levy_short", n=len(cons["levy"])))
            cons["levy"] = []
        return events + self._next_return(state)

    def _do_levy(self, state: State, seat: int, t: list[str]) -> list[Event]:
        owner, sector = int(t[1][1:]), t[2]
        state["sectors"][sector][owner]["plebeian"] -= 1
        state["legion"][owner] += 1
        state["consul"]["levy"].pop(0)
        return [ev("levy", seat=seat_msg(seat), owner=seat_msg(owner), sector=tok(sector))] + \
            self._next_levy(state)

    def _next_return(self, state: State) -> list[Event]:
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
        return events + self._score_era(state)

    def _do_return(self, state: State, seat: int, t: list[str]) -> list[Event]:
        cons = state["consul"]
        B.put(state, t[1], seat, "plebeian")
        cons["placing"] -= 1
        events = [ev("return", seat=seat_msg(seat), sector=tok(t[1]))]
        if cons["placing"] == 0:
            cons["returns"].pop(0)
        return events + self._next_return(state)

    # scoring (§V.3) and the next era ------------------------------------------------------------

    def era_scores(self, state: State) -> list[dict[str, Any]]:
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

    def _score_era(self, state: State) -> list[Event]:
        c = load()
        state["consul"] = None
        scores = self.era_scores(state)
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
            return events + self._finish(state)
        return events + self._next_era(state)

    def _next_era(self, state: State) -> list[Event]:
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
        return events + self._begin_turn(state)

    def _finish(self, state: State) -> list[Event]:
        out = self._outcome(state)
        state["outcome"] = out.to_json()
        state["phase"] = "over"
        return []  # the reason and the scores are the outcome's: the end post says them once

    def _outcome(self, state: State) -> Outcome:
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
        return Outcome(tuple(wins), tuple(state["prestige"]), reason, details)

    def forced(self, state: State, seat: int) -> str | None:
        """The lone text of a step whose being forced the board shows: a revolt's last possible
        target (§V.1 Révolte (b): the targets are chosen from the markers on the board and the
        attacker's supply, both public) and the discard of the one card left in hand (§V.1 (3):
        « Votre tour se termine en défaussant 1 carte »; hand sizes are public, and the card goes
        face up on the discard pile as any discard). Anything else is asked
        (data/sevenhills/README.md, reading 17)."""
        if state["phase"] not in FORCED_PHASES or seat not in self.asked(state):
            return None
        legal = self.legal(state, seat)
        return legal[0] if len(legal) == 1 else None

    def undoable(self, before: State, after: State, events: Any, seat: int) -> bool:
        """A move may be taken back only if it drew nothing (deck and generator unchanged:
        no card from the deck, no random theft), told nobody anything privately, and is not
        part of a revolt (§V.2: the attacker's choice of targets is final)."""
        revolt = ("target", "protect")
        return (before["rng"] == after["rng"] and before["deck"] == after["deck"]
                and not any(e.to is not None for e in events)
                and before["phase"] not in revolt and after["phase"] not in revolt)

    def outcome(self, state: State) -> Outcome | None:
        if state["outcome"] is None:
            return None
        # The state keeps the details it was stored with; each seat's is told as its final
        # score line (Outcome.score_of), with its markers on the Forum (the tie-break) if any.
        out = Outcome.from_json(state["outcome"])
        return replace(out, details=tuple(_score_line(d) for d in out.details))

    def score_lines(self, state: State) -> dict[int, Msg]:
        """Each seat's public standing: prestige, markers on the Forum (the consul election and
        the final tie-break), knights on the board (their points), and the consul's title."""
        consuls = state["consuls"]
        return {
            s: Msg(f"{G}.score_line_consul" if s in consuls else f"{G}.score_line", {
                "points": state["prestige"][s], "forum": B.forum_markers(state, s),
                "k": B.on_board(state, s, "knight")})
            for s in range(state["players"])
        }

    # --- what each seat sees ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, state, seat)


def _score_line(detail: Msg) -> Msg:
    """A stored `seven-hills.outcome.detail` as the seat's final score line."""
    if detail.key != f"{G}.outcome.detail":
        return detail
    p = detail.params
    return Msg(f"{G}.outcome.score", {
        "seat": p["seat"], "n": p["points"],
        "forum": Msg(f"{G}.outcome.forum_markers", {"n": p["forum"]}) if p["forum"] else ""})
