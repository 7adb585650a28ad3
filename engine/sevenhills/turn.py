"""The steps before the game and of a player's turn (§IV.6, §V.1), each with its question, its
options and what each does, and the moves between them that ask nobody:

    preplace  before the game, in turn order: each player's plebeians (§IV.6)
    take      the active player: 1 card from the discard pile or 2 from the deck (§V.1 (1))
    act       exactly one action: place / revolt / draw / exchange (§V.1 (2))
    deploy    placing clients: one marker at a time, class and sector (§V.1 Placement (b))
    power     the cards' additional actions, as far as possible (§V.1 Placement (c))
    target    a revolt's targets, one at a time, final once chosen (§V.1 Révolte (b))
    protect   the defenders put their centurions on their markers (§V.1 Révolte (d))
    discard   the turn ends by discarding one card (§V.1 (3))

The last turn of a round goes on to the consul phase (consul.py).
"""

from __future__ import annotations

from itertools import combinations

from engine import rng
from engine.core import Event, IllegalAction, Msg, State, acts

from . import board as B
from . import consul, take
from . import revolt as R
from .components import CLASSES, FORUM, load
from .menu import ActMenu, Product
from .step import (
    G,
    ProductStep,
    RowsStep,
    Step,
    card_msg,
    cards_msg,
    ev,
    logged,
    seat_msg,
    the,
    tok,
)


class Preplace(ProductStep):
    """§IV.6: each player's plebeians, one at a time in turn order, before the first turn."""

    name = "preplace"

    def asked(self, state: State) -> list[int]:
        return [state["preplace"][0]]

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.preplace", {"n": state["preplace"].count(seat)})

    def options(self, state: State, seat: int) -> Product:
        # « excepté Capitolium et Campus Martius, toutes les collines et le Forum »
        return Product("preplace", B.sectors_all())

    @acts("preplace")
    def preplace(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        sector = args[0]
        B.put(state, sector, seat, "plebeian")
        state["preplace"].pop(0)
        events = [ev("preplace", seat=seat_msg(seat), sector=the(sector))]
        if not state["preplace"]:
            events += take.begin_turn(state)
        return events


class Act(Step):
    """§V.1 (2): exactly one action. Its many card combinations are a menu (menu.py), worked
    out only as far as a walk goes (the same texts: tests/sevenhills/test_menu.py)."""

    name = "act"

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.act", {"temple": state["temple"]})

    def legal(self, state: State, seat: int) -> list[str]:
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

    def menu(self, state: State, seat: int) -> ActMenu:
        return ActMenu(state, seat)

    def holds(self, state: State, seat: int, action: str) -> bool:
        return ActMenu(state, seat).holds(action)

    @acts("draw")
    def draw(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        """§ Pioche: as many as the temple shows, fewer at the hand limit; the token flips."""
        n = min(state["temple"], B.hand_room(state, seat))
        drawn = B.draw(state, n)
        state["hands"][seat].extend(drawn)
        shown = state["temple"]
        state["temple"] = 3 - shown
        events = [ev("draw", seat=seat_msg(seat), n=len(drawn), temple=shown,
                     now=state["temple"]), ev("drew", (seat,), cards=cards_msg(drawn))] \
            if logged() else []
        return events + to_discard(state)

    @acts("exchange")
    def exchange(self, state: State, seat: int, verb: str, cards: list[str]) -> list[Event]:
        _play_cards(state, seat, cards)
        drawn = B.draw(state, len(cards))
        state["hands"][seat].extend(drawn)
        events = [ev("exchange", seat=seat_msg(seat), cards=cards_msg(cards), n=len(drawn)),
                  ev("drew", (seat,), cards=cards_msg(drawn))] if logged() else []
        return events + to_discard(state)

    @acts("revolt")
    def revolt(self, state: State, seat: int, verb: str, cards: list[str]) -> list[Event]:
        _play_cards(state, seat, cards)
        state["revolt"] = {"by": seat, "left": len(cards) - 1, "targets": [],
                           "protected": {}, "defenders": []}
        state["phase"] = "target"
        return [ev("revolt", seat=seat_msg(seat), cards=cards_msg(cards), n=len(cards) - 1)]

    @acts("place")
    def place(self, state: State, seat: int, verb: str, cards: list[str]) -> list[Event]:
        """Each card one marker of its class; a class run out is replaced by a plebeian, and
        with no plebeian left the marker is lost (§V.1 Placement (b))."""
        c = load()
        _play_cards(state, seat, cards)
        events = [ev("place", seat=seat_msg(seat), cards=cards_msg(cards))] if logged() else []
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
        return events + after_deploy(state)

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        """Why a text is refused (only the acting player's own cards are named)."""
        c = load()
        verb, *args = action.split()
        if verb in ("place", "revolt", "exchange"):
            bad = _cards_refused(state, seat, args)
            if bad is not None:
                return bad
            if verb == "place":
                return IllegalAction(f"{G}.error.place_rule")
            if verb == "revolt":
                if len(args) in (2, 3) and all(c.card(a).cls == "slave" for a in args):
                    return IllegalAction(f"{G}.error.no_target")
                return IllegalAction(f"{G}.error.revolt_rule")
            return IllegalAction(f"{G}.error.exchange_rule")
        if verb == "draw" and B.hand_room(state, seat) <= 0:
            return IllegalAction(f"{G}.error.hand_full", limit=c.hand_limit)
        return super().refuse(state, seat, action)


def _play_cards(state: State, seat: int, cards: list[str]) -> None:
    hand = state["hands"][seat]
    for k in cards:
        hand.remove(k)
    state["discard"].extend(cards)  # « Les cartes utilisées sont défaussées face visible »


def _cards_refused(state: State, seat: int, args: list[str]) -> IllegalAction | None:
    """Why cards named in an action are not the seat's to play, or not in the hand's order."""
    c = load()
    hand = state["hands"][seat]
    for a in args:
        if not c.is_card(a):
            return IllegalAction(f"{G}.error.no_card", card=a)
        if a not in hand:
            return IllegalAction(f"{G}.error.not_in_hand", card=card_msg(a))
    if len(set(args)) != len(args) or args != B.sort_cards(args):
        return IllegalAction(f"{G}.error.card_order")
    return None


class Deploy(ProductStep):
    """§V.1 Placement (b): the placed markers one at a time, each with its class and sector;
    every one moves the round counter (Fin de la phase)."""

    name = "deploy"

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.deploy", {
            "markers": tuple(tok(k) for k in state["deploy"]),
            "counter": state["counter"], "limit": state["limit"]})

    def options(self, state: State, seat: int) -> Product:
        classes = [k for k in CLASSES if k in state["deploy"]]
        return Product("deploy", classes, B.deploy_sectors(state))

    @acts("deploy")
    def deploy(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        cls, sector = args
        state["deploy"].remove(cls)
        B.put(state, sector, seat, cls)
        state["counter"] += 1  # « le compteur de manches est déplacé ... (unités) »
        events = [ev("deploy", seat=seat_msg(seat), cls=tok(cls), sector=the(sector),
                     counter=state["counter"], limit=state["limit"])] if logged() else []
        return events + after_deploy(state)

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        c = load()
        args = action.split()[1:]
        if len(args) == 2 and args[1] in c.hills:
            era = state["era"]
            if args[1] in c.open_hills(era):
                # « vous ne pouvez vous déployer que sur la colline en cours » (§V.1 (b))
                current = c.new_hills(era)
                return IllegalAction(f"{G}.error.not_current", sector=the(args[1]), era=era,
                                     hills=tuple(tok(h) for h in current), n=len(current))
            return IllegalAction(f"{G}.error.closed", sector=tok(args[1]), era=era)
        return super().refuse(state, seat, action)


def after_deploy(state: State) -> list[Event]:
    """The round limit (Fin de la phase), then the additional actions once all is deployed."""
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
    return events + to_powers(state)


class Power(RowsStep):
    """§V.1 Placement (c): the played cards' additional actions, in any order, as far as
    possible; `done` gives up those left."""

    name = "power"

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.power", {
            "powers": tuple(Msg(f"{G}.power.{p}") for p in state["powers"])})

    def rows(self, state: State, seat: int) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        for power in dict.fromkeys(state["powers"]):
            out += self.power_rows(state, seat, power)
        return [*out, ("done",)]

    def power_rows(self, state: State, seat: int, power: str) -> list[tuple[str, ...]]:
        """The texts of one additional action, as token rows (none: it cannot be taken)."""
        c = load()
        room = B.hand_room(state, seat)
        if power == "draw":
            return [("draw",)] if room > 0 and B.drawable(state) > 0 else []
        if power in ("steal1", "steal2"):
            n = str(c.power_n[power])
            return [("steal", n, f"@{v}") for v in state["order"]
                    if v != seat and state["hands"][v] and room > 0]
        sectors = state["sectors"]
        if power == "purge":
            return [("purge", f"@{v}", k) for v in state["order"] for k in CLASSES
                    if sectors[FORUM][v][k] > 0]
        if power == "settle":
            if state["supply"][seat]["plebeian"] == 0:
                return []
            return [("settle", s) for s in B.open_sectors(state)]
        if power == "dismiss":
            return [("dismiss", f"@{v}", s) for v in state["order"] if v != seat
                    for s in B.sectors_all() if sectors[s][v]["centurion"] > 0]
        raise AssertionError(power)

    @acts("done")
    def done(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        state["powers"] = []
        events = [ev("power_skip", seat=seat_msg(seat))] if logged() else []
        return events + to_discard(state)

    @acts("draw")
    def draw(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        state["powers"].remove("draw")
        drawn = B.draw(state, min(2, B.hand_room(state, seat)))
        state["hands"][seat].extend(drawn)
        events = [ev("power_draw", seat=seat_msg(seat), n=len(drawn)),
                  ev("drew", (seat,), cards=cards_msg(drawn))] if logged() else []
        return events + to_powers(state)

    @acts("steal")
    def steal(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        n, victim = int(args[0]), int(args[1][1:])
        state["powers"].remove(f"steal{n}")
        theirs = state["hands"][victim]
        taken = []
        for _ in range(min(n, len(theirs), B.hand_room(state, seat))):
            taken.append(theirs.pop(rng.randbelow(state, len(theirs))))  # « au hasard »
        state["hands"][seat].extend(taken)
        events = [ev("steal", seat=seat_msg(seat), victim=seat_msg(victim), n=len(taken)),
                  ev("stole", (seat, victim), seat=seat_msg(seat), victim=seat_msg(victim),
                     cards=cards_msg(taken))] if logged() else []
        return events + to_powers(state)

    @acts("purge")
    def purge(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        owner, cls = int(args[0][1:]), args[1]
        state["powers"].remove("purge")
        B.lift(state, FORUM, owner, cls)
        events = [ev("purge", seat=seat_msg(seat), owner=seat_msg(owner), cls=tok(cls))] \
            if logged() else []
        return events + to_powers(state)

    @acts("settle")
    def settle(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        state["powers"].remove("settle")
        B.put(state, args[0], seat, "plebeian")  # the round counter does not move (README)
        events = [ev("settle", seat=seat_msg(seat), sector=the(args[0]))] if logged() else []
        return events + to_powers(state)

    @acts("dismiss")
    def dismiss(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        owner, sector = int(args[0][1:]), args[1]
        state["powers"].remove("dismiss")
        B.lift(state, sector, owner, "centurion")
        events = [ev("dismiss", seat=seat_msg(seat), owner=seat_msg(owner),
                     sector=the(sector))] if logged() else []
        return events + to_powers(state)


def to_powers(state: State) -> list[Event]:
    """The additional actions that can still be taken; those that cannot are lost."""
    seat = B.active(state)
    dropped = [p for p in state["powers"] if not POWER.power_rows(state, seat, p)]
    state["powers"] = [p for p in state["powers"] if p not in dropped]
    events = [ev("power_void", seat=seat_msg(seat), power=Msg(f"{G}.power.{p}"))
              for p in dropped]
    if state["powers"]:
        state["phase"] = "power"
        return events
    return events + to_discard(state)


class Target(RowsStep):
    """§V.1 Révolte (b): the attacker's targets, one at a time, final once chosen."""

    name = "target"
    forced = True  # the last possible target: the board and the supply are public

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.target", {"n": state["revolt"]["left"]})

    def rows(self, state: State, seat: int) -> list[tuple[str, ...]]:
        return [("target", f"@{v}", s, k)
                for v, s, k in R.target_options(state, seat, state["revolt"]["targets"])]

    @acts("target")
    def target(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        victim, sector, cls = int(args[0][1:]), args[1], args[2]
        revolt = state["revolt"]
        revolt["targets"].append([victim, sector, cls])
        revolt["left"] -= 1
        events = [ev("target", seat=seat_msg(seat), victim=seat_msg(victim), sector=the(sector),
                     cls=tok(cls))] if logged() else []
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
        return events + resolve_revolt(state)


class Protect(RowsStep):
    """§V.1 Révolte (d): every defender at once puts its centurions on its targeted markers."""

    name = "protect"

    def asked(self, state: State) -> list[int]:
        return [int(d) for d in state["revolt"]["defenders"]]

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.protect", {
            "by": seat_msg(state["revolt"]["by"]),
            "targets": tuple(
                Msg(f"{G}.target", {"cls": tok(cls), "sector": the(sector)})
                for victim, sector, cls in state["revolt"]["targets"] if victim == seat),
            "n": _free_centurions(state, seat),
        })

    def rows(self, state: State, seat: int) -> list[tuple[str, ...]]:
        return [("protect", s, k) for s, k in R.protect_options(state, seat)] + [("done",)]

    @acts("protect")
    def protect(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        sector, cls = args
        mine = state["revolt"]["protected"][str(seat)].setdefault(sector, {})
        mine[cls] = mine.get(cls, 0) + 1
        events = [ev("protect", seat=seat_msg(seat), sector=the(sector), cls=tok(cls))]
        if not R.protect_options(state, seat):
            return events + self.done(state, seat, "done", [])
        return events

    @acts("done")
    def done(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        revolt = state["revolt"]
        revolt["defenders"].remove(seat)
        if revolt["defenders"]:
            return []
        return resolve_revolt(state)


def _free_centurions(state: State, defender: int) -> int:
    revolt = state["revolt"]
    prot = revolt["protected"].get(str(defender), {})
    sectors = {t[1] for t in revolt["targets"] if t[0] == defender}
    return sum(
        max(0, state["sectors"][s][defender]["centurion"] - sum(prot.get(s, {}).values()))
        for s in sectors
    )


def resolve_revolt(state: State) -> list[Event]:
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
                             sector=the(sector), cls=tok(cls), by=tok(by)))
        else:
            events.append(ev("saved", victim=seat_msg(victim), sector=the(sector),
                             cls=tok(cls)))
    state["revolt"] = None
    # « aucune action additionnelle ... et le compteur de manches ne bouge pas »
    return events + to_discard(state)


class Discard(ProductStep):
    """§V.1 (3): « Votre tour se termine en défaussant 1 carte »."""

    name = "discard"
    forced = True  # the one card left: hand sizes are public, and a discard goes face up

    def question(self, state: State, seat: int) -> Msg:
        return Msg(f"{G}.ask.discard")

    def options(self, state: State, seat: int) -> Product:
        return Product("discard", B.sort_cards(state["hands"][seat]))

    @acts("discard")
    def discard(self, state: State, seat: int, verb: str, args: list[str]) -> list[Event]:
        card = args[0]
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        events = [ev("discard", seat=seat_msg(seat), card=card_msg(card))] if logged() else []
        return events + end_turn(state)

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        return _cards_refused(state, seat, action.split()[1:]) or \
            super().refuse(state, seat, action)


def to_discard(state: State) -> list[Event]:
    """The action is over: discard, or with no card left lose 10 points and end the turn."""
    seat = B.active(state)
    state["powers"] = []
    if state["hands"][seat]:
        state["phase"] = "discard"
        return []
    # « Si vous n'avez aucune carte en main après l'action, vous perdez immédiatement 10 »
    c = load()
    state["prestige"][seat] += c.empty_hand
    state["penalties"][seat] += 1
    return [ev("empty_hand", seat=seat_msg(seat), n=-c.empty_hand)] + end_turn(state)


def end_turn(state: State) -> list[Event]:
    if state["ending"]:
        return consul.consul_phase(state)
    state["turn"] = (state["turn"] + 1) % state["players"]
    return take.begin_turn(state)


PREPLACE, ACT, DEPLOY = Preplace(), Act(), Deploy()
TAKE = take.TAKE
POWER, TARGET, PROTECT, DISCARD = Power(), Target(), Protect(), Discard()
