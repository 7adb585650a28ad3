"""The steps of the active player (§Pour débuter une partie, §Le tour de jeu, §Gagner de l'or et
le dépenser), each with its question, its options and what each does:

    setup     the 7 initial population, one at a time in turn: `place <territory>`
    take      `take <hero>` (one of the 3 face up) or `take deck`
    play      `play <hero>`
    place     `place <territory> <n>` until the hero's population is placed
    discover  `discover <token> <territory>` (at most one per territory)
    spend     `migrate <territory>`, `build <wonder>`, `buy`, `end`
    migrate   `move <territory> <n>`, `done`

and `wonder <wonder> [<territory>]` for a wonder's power during one's own turn, `wonder ajanta`
/ `pass` when a ladder is scored. The conquest between discover and spend is in conquest.py.
"""

from __future__ import annotations

from engine import rng
from engine.core import Event, IllegalAction, Msg, State

from . import board as B
from . import eras, scoring
from .components import hero, token, wonder
from .step import Options, Question, Step, from_, in_, of, seat_msg, the, to, tok


class Setup(Step):
    """The 7 initial population, one pawn at a time in turn, « uniquement » on the era's
    territories (beige, then orange)."""

    name = "setup"
    def question(self, state: State, seat: int) -> Msg:
        left = state["setup_order"].count(seat)
        return Msg("heros.ask.setup", {"n": left, "era": Msg(f"heros.era.{state['era']}")})

    def options(self, state: State, seat: int) -> Options:
        return {f"place {t}": (self.place, (t,)) for t in B.comp().territory_ids(state["era"])}

    def place(self, state: State, seat: int, t: str) -> list[Event]:
        B.add_pop(state, seat, t, 1)
        state["setup_order"].pop(0)
        eras.skip_empty_setup(state)
        return [Event(Msg("heros.log.setup_place", {"seat": seat_msg(seat), "territory": in_(t)}))]

    def auto(self, state: State) -> list[Event] | None:
        if state["setup_order"]:
            state["active"] = state["setup_order"][0]
            return None
        next_turn(state, state["first"])
        return []


def next_turn(state: State, seat: int) -> None:
    state["active"] = seat
    state["turns"] += 1
    state["turn"] = {"hero": None, "from_row": False, "pop_left": 0, "drawn": [], "used": []}
    state["step"] = "take"
    state["conquest"] = None
    state["migration"] = None


class Take(Step):
    """A hero: one of the row, face up, or the top of the deck, secretly."""

    name = "take"
    forced = True  # the last hero of the row, the deck empty

    def question(self, state: State, seat: int) -> Msg:
        return Msg("heros.ask.take" if state["deck"] else "heros.ask.take_row")

    def options(self, state: State, seat: int) -> Options:
        out: Options = {f"take {h}": (self.take, (h,)) for h in state["row"]}
        if state["deck"]:
            out["take deck"] = (self.take, ("deck",))
        out.update(own_turn_wonders(state, seat))
        return out

    def take(self, state: State, seat: int, what: str) -> list[Event]:
        turn = state["turn"]
        if what == "deck":
            h = state["deck"].pop()
            turn["from_row"] = False
            events = [Event(Msg("heros.log.take_deck", {"seat": seat_msg(seat)})),
                      Event(Msg("heros.log.took_secret", {"hero": tok(h)}), (seat,))]
        else:
            h = what
            state["row"].remove(h)
            turn["from_row"] = True
            events = [Event(Msg("heros.log.take_row", {"seat": seat_msg(seat), "hero": tok(h)}))]
        state["hands"][seat].append(h)
        state["step"] = "play"
        return events

    def auto(self, state: State) -> list[Event] | None:
        if not state["row"] and not state["deck"]:
            state["step"] = "play"
            return []
        return None


class Play(Step):
    """« Commence par poser ton Héros devant toi, visible de tous »; then its values, top down.
    With no hero left in hand, every hero of the era is played: the era ends (README reading)."""

    name = "play"
    forced = True  # the one hero in hand (shown when played, as any hero)

    def question(self, state: State, seat: int) -> Msg:
        return Msg("heros.ask.play")

    def options(self, state: State, seat: int) -> Options:
        out: Options = {f"play {h}": (self.play, (h,)) for h in sorted(state["hands"][seat])}
        out.update(own_turn_wonders(state, seat))
        return out

    def play(self, state: State, seat: int, h: str) -> list[Event]:
        state["hands"][seat].remove(h)
        state["played"][seat].append(h)
        turn = state["turn"]
        turn["hero"] = h
        turn["pop_left"] = min(hero(h).population, state["supply"][seat])
        state["step"] = "place"
        return [Event(Msg("heros.log.play", {"seat": seat_msg(seat), "hero": tok(h)}))]

    def auto(self, state: State) -> list[Event] | None:
        if state["hands"][state["active"]]:
            return None
        events = [Event(Msg("heros.log.exhausted", {"seat": seat_msg(state["active"])}))]
        if state["era"] == B.ANCIENT:
            state["ending"] = "era"
            return events
        return events + eras.end_game(state, "exhausted")

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        if action.startswith("play ") and len(action.split()) == 2:
            return IllegalAction("heros.error.not_in_hand", action=action)
        return super().refuse(state, seat, action)


def hero_msg(state: State) -> Msg:
    turn = state["turn"]
    return tok(turn["hero"]) if turn and turn["hero"] else Msg("heros.nothing")


class Place(Step):
    """« Tu dois jouer ce qu'apporte ton Héros »: its population, on its territories."""

    name = "place"
    forced = True

    def question(self, state: State, seat: int) -> Msg:
        return Msg("heros.ask.place", {"hero": hero_msg(state), "n": state["turn"]["pop_left"]})

    def options(self, state: State, seat: int) -> Options:
        turn = state["turn"]
        left = turn["pop_left"]
        out: Options = {}
        for t in hero(turn["hero"]).territories:
            for n in range(1, left + 1):
                out[f"place {t} {n}"] = (self.place, (t, n))
        out.update(own_turn_wonders(state, seat))
        return out

    def place(self, state: State, seat: int, t: str, n: int) -> list[Event]:
        B.add_pop(state, seat, t, n)
        state["turn"]["pop_left"] -= n
        return [Event(Msg("heros.log.place", {"seat": seat_msg(seat), "n": n,
                                              "territory": in_(t)}))]

    def auto(self, state: State) -> list[Event] | None:
        if state["turn"]["pop_left"] == 0:
            return start_discoveries(state)
        return None


def start_discoveries(state: State) -> list[Event]:
    """« Tu pioches au hasard dans le sac noir un nombre de pions de Découvertes égal à la valeur
    de Découvertes de ton Héros »."""
    turn = state["turn"]
    seat = state["active"]
    n = min(hero(turn["hero"]).discoveries, len(state["bag"]))
    bag = state["bag"]
    drawn = [bag.pop(rng.randbelow(state, len(bag))) for _ in range(n)]
    turn["drawn"] = drawn
    state["step"] = "discover"
    if not drawn:
        return []
    return [Event(Msg("heros.log.draw", {"seat": seat_msg(seat),
                                         "tokens": tuple(tok(k) for k in drawn)}))]


class Discover(Step):
    """« Tu dois obligatoirement jouer les Découvertes trouvées », at most one per territory of
    the hero; a complete ladder is scored at once."""

    name = "discover"
    forced = True

    def question(self, state: State, seat: int) -> Msg:
        return Msg("heros.ask.discover", {"hero": hero_msg(state), "tokens": tuple(
            tok(k) for k in state["turn"]["drawn"])})

    def options(self, state: State, seat: int) -> Options:
        out: Options = {}
        for k in sorted(set(state["turn"]["drawn"])):
            for t in discovery_targets(state):
                out[f"discover {k} {t}"] = (self.discover, (k, t))
        out.update(own_turn_wonders(state, seat))
        return out

    def discover(self, state: State, seat: int, k: str, t: str) -> list[Event]:
        turn = state["turn"]
        turn["drawn"].remove(k)
        turn["used"].append(t)
        state["ladders"][t].append(k)
        state["discovered"][seat] += 1
        events = [Event(Msg("heros.log.discover", {"seat": seat_msg(seat), "token": tok(k),
                                                   "n": token(k).value, "territory": in_(t)}))]
        if B.complete(state, t):
            events += _score(state, t)
        return events

    def auto(self, state: State) -> list[Event] | None:
        if state["turn"]["drawn"] and discovery_targets(state):
            return None
        events = _return_drawn(state)
        state["step"] = "conquer"
        return events


def discovery_targets(state: State) -> list[str]:
    """The hero's territories with a free slot where no discovery went this turn."""
    turn = state["turn"]
    in_play = B.in_play(state)
    return [t for t in hero(turn["hero"]).territories
            if t in in_play and not B.complete(state, t) and t not in turn["used"]]


def _return_drawn(state: State) -> list[Event]:
    """« tu remettras celle(s) qui reste(nt) dans le sac »."""
    drawn = state["turn"]["drawn"]
    if not drawn:
        return []
    state["bag"] += drawn
    state["bag"].sort()
    state["turn"]["drawn"] = []
    return [Event(Msg("heros.log.return", {"seat": seat_msg(state["active"]),
                                           "tokens": tuple(tok(k) for k in drawn)}))]


def _score(state: State, t: str) -> list[Event]:
    """§Décompte des points de Civilisation, at once; then the era's end if it is reached."""
    values = [token(k).value for k in state["ladders"][t]]
    awards = scoring.score_ladder(values, state["pop"][t], state["discovered"],
                                  B.heroes_with_discovery(state), state["active"])
    state["scored"].append(t)
    events = [Event(Msg("heros.log.complete", {"territory": of(t), "n": sum(values)}))]
    winners = set()
    for a in awards:
        state["points"][a.seat] += a.points
        winners.add(a.seat)
        events.append(Event(Msg("heros.log.award", {"seat": seat_msg(a.seat), "place": a.place,
                                                    "n": a.points, "territory": in_(t)})))
    third = scoring.third_prize(values)
    if third > 0:
        for s in range(state["players"]):
            if s in winners:
                continue
            for wid in B.usable(state, s, "scoring"):
                state["pending"].append({"kind": "ajanta", "seat": s, "wonder": wid,
                                         "territory": t, "n": third})
    if B.completed(state) >= B.comp().to_end[state["era"]]:
        state["ending"] = "era" if state["era"] == B.ANCIENT else "game"
    return events


class Ajanta(Question):
    """A scoring wonder's owner without a prize on a scored ladder may take the third prize."""

    name = "ajanta"
    def question(self, state: State, seat: int) -> Msg:
        p = state["pending"][0]
        return Msg("heros.ask.ajanta", {"wonder": tok(p["wonder"]), "n": p["n"],
                                        "territory": of(p["territory"])})

    def options(self, state: State, seat: int) -> Options:
        p = state["pending"][0]
        return {f"wonder {p['wonder']}": (self.take_prize, ()), "pass": (self.decline, ())}

    def take_prize(self, state: State, seat: int) -> list[Event]:
        p = state["pending"].pop(0)
        B.mark_used(state, p["wonder"])
        state["points"][seat] += p["n"]
        return [Event(Msg("heros.log.wonder_third", {
            "seat": seat_msg(seat), "wonder": tok(p["wonder"]), "n": p["n"],
            "territory": in_(p["territory"])}))]


# --- gold (§Gagner de l'or et le dépenser) --------------------------------------------------------


class Spend(Step):
    """The spending phase: migrations, wonders, points, in any order, until `end`."""

    name = "spend"
    forced = True  # nothing to spend: `end` alone

    def question(self, state: State, seat: int) -> Msg:
        return Msg("heros.ask.spend", {"gold": state["gold"][seat]})

    def options(self, state: State, seat: int) -> Options:
        costs = B.comp().costs
        out: Options = {}
        if state["gold"][seat] >= costs["migration"]:
            for t in migration_sources(state, seat, any_target=False):
                out[f"migrate {t}"] = (self.migrate, (t, False))
        if state["gold"][seat] >= costs["wonder"]:
            for w in state["wonders"]:
                if w["owner"] is None:
                    out[f"build {w['id']}"] = (self.build, (w["id"],))
        if state["gold"][seat] >= costs["gold_per_point"]:
            out["buy"] = (self.buy, ())
        out["end"] = (self.end, ())
        out.update(own_turn_wonders(state, seat, spending=True))
        return out

    def migrate(self, state: State, seat: int, t: str, any_target: bool,
                wid: str | None = None) -> list[Event]:
        """« La Migration : coût 2 or. Tu peux déplacer 4 de tes pions de Population de l'un de
        tes Territoires vers d'autres Territoires adjacents »; or a wonder's free migration."""
        c = B.comp()
        if wid is None:
            B.pay(state, seat, c.costs["migration"])
            events = [Event(Msg("heros.log.migrate", {"seat": seat_msg(seat), "territory": the(t),
                                                      "n": c.costs["migration"]}))]
        else:
            B.mark_used(state, wid)
            events = [Event(Msg("heros.log.wonder_migrate", {
                "seat": seat_msg(seat), "wonder": tok(wid), "territory": the(t)}))]
        state["migration"] = {"from": t, "any": any_target, "moved": 0,
                              "left": min(c.costs["migration_pawns"], state["pop"][t][seat])}
        state["step"] = "migrate"
        return events

    def build(self, state: State, seat: int, wid: str) -> list[Event]:
        """« Construire une Merveille : coût 7 or ... tu gagnes immédiatement 3 points »."""
        c = B.comp()
        B.pay(state, seat, c.costs["wonder"])
        next(w for w in state["wonders"] if w["id"] == wid)["owner"] = seat
        state["points"][seat] += c.costs["wonder_points"]
        return [Event(Msg("heros.log.build", {"seat": seat_msg(seat), "wonder": tok(wid),
                                              "n": c.costs["wonder_points"]}))]

    def buy(self, state: State, seat: int) -> list[Event]:
        """« Convertir ton or : 2 pièces d'or pour 1 point de Civilisation »."""
        B.pay(state, seat, B.comp().costs["gold_per_point"])
        state["points"][seat] += 1
        return [Event(Msg("heros.log.buy", {"seat": seat_msg(seat),
                                            "n": B.comp().costs["gold_per_point"]}))]

    def end(self, state: State, seat: int) -> list[Event]:
        """« Lorsque tu as fini de jouer ton Héros »: refill the row if you took from it; the
        player to your left goes on."""
        events = [Event(Msg("heros.log.end_turn", {"seat": seat_msg(seat)}))]
        if state["turn"]["from_row"] and state["deck"]:
            h = state["deck"].pop()
            state["row"].append(h)
            events.append(Event(Msg("heros.log.refill", {"hero": tok(h)})))
        next_turn(state, (seat + 1) % state["players"])
        return events

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        costs = B.comp().costs
        need = {"migrate": costs["migration"], "build": costs["wonder"],
                "buy": costs["gold_per_point"]}.get(action.split()[0])
        if need and state["gold"][seat] < need:
            return IllegalAction("heros.error.gold", n=need, gold=state["gold"][seat])
        return super().refuse(state, seat, action)


class Migrate(Step):
    """A migration's pawns, a few at a time, from its territory; `done` once some moved."""

    name = "migrate"
    forced = True  # the rest of a paid migration

    def question(self, state: State, seat: int) -> Msg:
        mig = state["migration"]
        return Msg("heros.ask.migrate", {"territory": the(mig["from"]), "n": mig["left"]})

    def options(self, state: State, seat: int) -> Options:
        mig = state["migration"]
        out: Options = {}
        for t in migration_targets(state, mig["from"], mig["any"]):
            for n in range(1, mig["left"] + 1):
                out[f"move {t} {n}"] = (self.move, (t, n))
        if mig["moved"]:
            out["done"] = (self.done, ())
        return out

    def move(self, state: State, seat: int, t: str, n: int) -> list[Event]:
        mig = state["migration"]
        state["pop"][mig["from"]][seat] -= n
        state["pop"][t][seat] += n
        mig["left"] -= n
        mig["moved"] += n
        events = [Event(Msg("heros.log.move", {"seat": seat_msg(seat), "n": n,
                                               "territory": from_(mig["from"]), "to": to(t)}))]
        if mig["left"] == 0:
            state["migration"] = None
            state["step"] = "spend"
        return events

    def done(self, state: State, seat: int) -> list[Event]:
        state["migration"] = None
        state["step"] = "spend"
        return []


def migration_sources(state: State, seat: int, any_target: bool) -> list[str]:
    return [t for t in B.in_play(state) if state["pop"][t][seat] > 0
            and migration_targets(state, t, any_target)]


def migration_targets(state: State, source: str, any_target: bool) -> list[str]:
    in_play = B.in_play(state)
    if any_target:
        return [t for t in in_play if t != source]
    return [t for t in B.comp().territories[source].adjacent if t in in_play]


# --- wonders (cards of data/heros/board.json) -----------------------------------------------------


def own_turn_wonders(state: State, seat: int, spending: bool = False) -> Options:
    """« Tu peux jouer le pouvoir de ta/tes Merveilles n'importe quand durant ton tour de jeu »:
    from taking a hero to the spending phase (a free migration: in the spending phase)."""
    out: Options = {}
    for wid in B.usable(state, seat, "own_turn"):
        w = wonder(wid)
        if w.kind == "gold" and state["bank"] > 0:
            out[f"wonder {wid}"] = (_wonder_gold, (wid,))
        elif w.kind == "populate" and state["supply"][seat] > 0:
            for t in B.in_play(state):
                if state["pop"][t][seat] > 0:
                    out[f"wonder {wid} {t}"] = (_wonder_populate, (wid, t))
        elif w.kind == "free_migration" and spending:
            for t in migration_sources(state, seat, any_target=True):
                out[f"wonder {wid} {t}"] = (SPEND.migrate, (t, True, wid))
    return out


def _wonder_gold(state: State, seat: int, wid: str) -> list[Event]:
    B.mark_used(state, wid)
    n = B.gain_gold(state, seat, wonder(wid).n)
    return [Event(Msg("heros.log.wonder_gold", {"seat": seat_msg(seat), "wonder": tok(wid),
                                                "n": n}))]


def _wonder_populate(state: State, seat: int, wid: str, t: str) -> list[Event]:
    B.mark_used(state, wid)
    n = B.add_pop(state, seat, t, wonder(wid).n)
    return [Event(Msg("heros.log.wonder_populate", {"seat": seat_msg(seat), "wonder": tok(wid),
                                                    "n": n, "territory": in_(t)}))]


SETUP, TAKE, PLAY, PLACE, DISCOVER = Setup(), Take(), Play(), Place(), Discover()
SPEND, MIGRATE, AJANTA = Spend(), Migrate(), Ajanta()
