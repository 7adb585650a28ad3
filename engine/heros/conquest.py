"""The conquest (§Effectuer une Conquête) and the treasure that follows it: the active player's
`conquer` step, then the questions a roll of the die may ask another seat first:

    conquer   `conquer <territory> @<seat>` or `skip`
    reroll    the attacker's Arc de Triomphe: `reroll` / `keep`
    defend    a defender's wonder: `wonder <wonder>` / `pass`
    flee      a defender whose population flees: `flee <territory>`
"""

from __future__ import annotations

from engine import rng
from engine.core import Event, Msg, State

from . import board as B
from .components import hero, wonder
from .step import Options, Question, Step, in_, seat_msg, the, to, tok
from .turn import hero_msg, own_turn_wonders


class Conquer(Step):
    """« uniquement si tu possèdes au moins 1 pion de Population dans ce Territoire », against a
    player present there; or `skip`. With nobody to attack, the treasure at once."""

    name = "conquer"
    def question(self, state: State, seat: int) -> Msg:
        return Msg("heros.ask.conquer", {"hero": hero_msg(state), "n": hero(
            state["turn"]["hero"]).conquest + B.comp().era_value[state["era"]]})

    def options(self, state: State, seat: int) -> Options:
        out: Options = {}
        for t, defender in targets(state, seat):
            out[f"conquer {t} @{defender}"] = (self.conquer, (t, defender))
        out["skip"] = (self.skip, ())
        out.update(own_turn_wonders(state, seat))
        return out

    def conquer(self, state: State, seat: int, t: str, defender: int) -> list[Event]:
        h = hero(state["turn"]["hero"])
        value = h.conquest + B.comp().era_value[state["era"]]
        state["conquest"] = {"territory": t, "attacker": seat, "defender": defender,
                             "value": value, "face": None, "asked_attacker": False,
                             "asked_defender": False, "cancelled": False}
        events = [Event(Msg("heros.log.conquer", {"seat": seat_msg(seat), "territory": in_(t),
                                                  "defender": seat_msg(defender), "n": value}))]
        return events + _roll(state)

    def skip(self, state: State, seat: int) -> list[Event]:
        return treasure(state, seat)

    def auto(self, state: State) -> list[Event] | None:
        if state["conquest"] is not None:
            return _conquest_step(state)
        if not targets(state, state["active"]):
            return treasure(state, state["active"])
        return None


def targets(state: State, seat: int) -> list[tuple[str, int]]:
    """The hero's territories in play where `seat` has population, with each player there."""
    h = hero(state["turn"]["hero"])
    if h.conquest <= 0:
        return []
    in_play = B.in_play(state)
    return [(t, d) for t in h.territories if t in in_play and state["pop"][t][seat] > 0
            for d in range(state["players"]) if d != seat and state["pop"][t][d] > 0]


def treasure(state: State, seat: int) -> list[Event]:
    """« Tu reçois un nombre de pièces d'or égal à la valeur de Trésor »; then spending."""
    state["step"] = "spend"
    state["conquest"] = None
    n = B.gain_gold(state, seat, hero(state["turn"]["hero"]).treasure)
    if not n:
        return []
    return [Event(Msg("heros.log.treasure", {"seat": seat_msg(seat), "n": n}))]


def _roll(state: State) -> list[Event]:
    """The die, rolled by the engine's generator and shown to all."""
    faces = B.comp().die
    face = faces[rng.randbelow(state, len(faces))]
    conquest = state["conquest"]
    conquest["face"] = face.id
    state["last_die"] = {"face": face.id, "territory": conquest["territory"],
                         "attacker": conquest["attacker"], "defender": conquest["defender"],
                         "value": conquest["value"]}
    return [Event(Msg("heros.log.die", {"face": tok(face.id)}))]


def _conquest_step(state: State) -> list[Event]:
    """Ask the attacker's, then the defender's wonder if they have one; then the result."""
    cq = state["conquest"]
    face = next(f for f in B.comp().die if f.id == cq["face"])
    if not cq["asked_attacker"]:
        cq["asked_attacker"] = True
        for wid in B.usable(state, cq["attacker"], "attacking"):
            state["pending"].append({"kind": "reroll", "seat": cq["attacker"], "wonder": wid})
            return []
    if not cq["asked_defender"]:
        cq["asked_defender"] = True
        wids = B.usable(state, cq["defender"], "defending")
        if wids and face.effect != "attacker_loses":
            state["pending"].append({"kind": "defend", "seat": cq["defender"], "wonders": wids})
            return []
    return _resolve(state)


class Reroll(Question):
    """The attacker's wonder may roll the die again."""

    name = "reroll"
    def question(self, state: State, seat: int) -> Msg:
        return Msg("heros.ask.reroll", {"face": tok(state["conquest"]["face"]),
                                        "wonder": tok(state["pending"][0]["wonder"])})

    def options(self, state: State, seat: int) -> Options:
        return {"reroll": (self.reroll, (state["pending"][0]["wonder"],)),
                "keep": (self.decline, ())}

    def reroll(self, state: State, seat: int, wid: str) -> list[Event]:
        state["pending"].pop(0)
        B.mark_used(state, wid)
        events = [Event(Msg("heros.log.wonder_reroll", {"seat": seat_msg(seat),
                                                        "wonder": tok(wid)}))]
        return events + _roll(state)


class Defend(Question):
    """The defender's wonder may cancel the conquest or roll the die again."""

    name = "defend"
    def question(self, state: State, seat: int) -> Msg:
        cq = state["conquest"]
        return Msg("heros.ask.defend", {"attacker": seat_msg(cq["attacker"]),
                                        "face": tok(cq["face"]), "territory": in_(cq["territory"]),
                                        "n": cq["value"]})

    def options(self, state: State, seat: int) -> Options:
        wonders = state["pending"][0]["wonders"]
        return {f"wonder {w}": (self.defend, (w,)) for w in wonders} | {
            "pass": (self.decline, ())}

    def defend(self, state: State, seat: int, wid: str) -> list[Event]:
        state["pending"].pop(0)
        B.mark_used(state, wid)
        events = [Event(Msg("heros.log.wonder_defend", {"seat": seat_msg(seat),
                                                        "wonder": tok(wid)}))]
        if wonder(wid).kind == "cancel":
            state["conquest"]["cancelled"] = True
            return events + [Event(Msg("heros.log.cancelled", {"wonder": tok(wid)}))]
        return events + _roll(state)


def _resolve(state: State) -> list[Event]:
    cq = state["conquest"]
    a, d, t, v = cq["attacker"], cq["defender"], cq["territory"], cq["value"]
    events: list[Event] = []
    if not cq["cancelled"]:
        effect = next(f for f in B.comp().die if f.id == cq["face"]).effect
        if effect == "defender_loses":
            n = B.remove_pop(state, d, t, v)
            events.append(_effect("defender_loses", d, n, t))
        elif effect == "replace":
            n = B.remove_pop(state, d, t, v)
            gained = B.add_pop(state, a, t, n)
            events.append(Event(Msg("heros.log.effect.replace", {
                "seat": seat_msg(d), "n": n, "territory": in_(t), "attacker": seat_msg(a),
                "gained": gained})))
        elif effect == "flee":
            n = min(v, state["pop"][t][d])
            dests = [x for x in B.comp().territories[t].adjacent if x in B.in_play(state)]
            if n and len(dests) > 1:
                state["pending"].append({"kind": "flee", "seat": d, "territory": t, "n": n,
                                         "targets": dests})
                return events
            if n and dests:
                events += _flee(state, d, t, dests[0], n)
            else:
                events.append(_effect("defender_loses", d, B.remove_pop(state, d, t, n), t))
        elif effect == "steal_gold":
            n = min(v, state["gold"][d])
            state["gold"][d] -= n
            state["gold"][a] += n
            events.append(Event(Msg("heros.log.effect.steal_gold", {
                "seat": seat_msg(a), "defender": seat_msg(d), "n": n})))
        elif effect == "attacker_loses":
            events.append(_effect("attacker_loses", a, B.remove_pop(state, a, t, v), t))
        elif effect == "both_lose":
            n = min(v, state["pop"][t][a], state["pop"][t][d])
            B.remove_pop(state, a, t, n)
            B.remove_pop(state, d, t, n)
            events.append(Event(Msg("heros.log.effect.both_lose", {
                "seat": seat_msg(a), "defender": seat_msg(d), "n": n, "territory": in_(t)})))
    return events + treasure(state, a)


def _effect(kind: str, seat: int, n: int, t: str) -> Event:
    return Event(Msg(f"heros.log.effect.{kind}", {"seat": seat_msg(seat), "n": n,
                                                   "territory": in_(t)}))


def _flee(state: State, seat: int, source: str, target: str, n: int) -> list[Event]:
    state["pop"][source][seat] -= n
    state["pop"][target][seat] += n
    return [Event(Msg("heros.log.effect.flee", {"seat": seat_msg(seat), "n": n,
                                                "territory": the(source), "to": to(target)}))]


class Flee(Question):
    """The defender's population flees to an adjacent territory of its choice."""

    name = "flee"
    forced = True  # a population's flight, when one territory is left to it

    def question(self, state: State, seat: int) -> Msg:
        p = state["pending"][0]
        return Msg("heros.ask.flee", {"n": p["n"], "territory": the(p["territory"])})

    def options(self, state: State, seat: int) -> Options:
        return {f"flee {t}": (self.flee, (t,)) for t in state["pending"][0]["targets"]}

    def flee(self, state: State, seat: int, target: str) -> list[Event]:
        p = state["pending"].pop(0)
        events = _flee(state, seat, p["territory"], target, p["n"])
        return events + treasure(state, state["conquest"]["attacker"])


CONQUER, REROLL, DEFEND, FLEE = Conquer(), Reroll(), Defend(), Flee()
