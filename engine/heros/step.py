"""What every Héros du Monde step is, and the messages the steps write.

A step holds in one place who it asks, what it asks them, their options and what each option
does, as Rally the Troops writes a state with its prompt and its actions. The state's `step` is
the active player's step; a question in `pending` (`kind`) asks another seat first. The steps of
a turn are in turn.py, the conquest and its questions in conquest.py; game.py holds their table
and nothing dispatches by name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine import core
from engine.core import Event, IllegalAction, Msg, State
from engine.policy import Listed

Handler = Callable[..., list[Event]]
# Each legal text with what it does: the handler, called as handler(state, seat, *args).
Options = dict[str, tuple[Handler, tuple[Any, ...]]]
KNOWN_VERBS = {"place", "take", "play", "discover", "conquer", "skip", "migrate", "build", "buy",
               "end", "move", "done", "wonder", "reroll", "keep", "pass", "flee"}


class Step(core.Step):
    """A Héros step (engine.core.Step): `question` what it asks the seat it asks (by default the
    active player), `options` its legal texts each with what it does (whole texts, so `apply`
    looks the text up instead of dispatching on its verb), `auto` what the step does without
    asking (None: it asks), `refuse` why a text is not an option. `forced`: its lone option is
    played without asking (Game.forced)."""

    forced = False

    def asked(self, state: State) -> list[int]:
        return [state["active"]]

    def question(self, state: State, seat: int) -> Msg:
        raise NotImplementedError

    def prompt(self, state: State) -> dict[int, Msg]:
        return {seat: self.question(state, seat) for seat in self.asked(state)}

    def options(self, state: State, seat: int) -> Options:
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[str]:
        return list(self.options(state, seat))

    def menu(self, state: State, seat: int) -> Listed:
        """`legal`, carrying each text's handler for `Game.apply_legal`."""
        return Listed(self.options(state, seat))

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        found = self.options(state, seat).get(action)
        if found is None:
            raise self.refuse(state, seat, action)
        fn, args = found
        return fn(state, seat, *args)

    def auto(self, state: State) -> list[Event] | None:
        return None

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        """Why `action` is not an option now, from public information only."""
        if action.split()[0] not in KNOWN_VERBS:
            return IllegalAction("error.unknown_action", action=action)
        return IllegalAction("heros.error.not_now", action=action)


class Question(Step):
    """A question in `pending` asked of another seat, possibly outside its turn (the first of
    the queue: `state["pending"][0]`, its `seat` and what it is about)."""

    def asked(self, state: State) -> list[int]:
        return [state["pending"][0]["seat"]]

    def decline(self, state: State, seat: int) -> list[Event]:
        """`keep` or `pass`: the question is answered, nothing more."""
        state["pending"].pop(0)
        return []


# --- messages -----------------------------------------------------------------------------------


@lru_cache(maxsize=1024)  # messages are immutable; one per component
def tok(cid: str) -> Msg:
    """A component's name (hero, discovery, territory, wonder, die face), translated at the edge."""
    return Msg(f"heros.tok.{cid}")


def to(territory: str) -> Msg:
    """« vers l'Amérique », « vers la Chine », "to America": a destination, with the article or
    preposition each territory takes in French."""
    return Msg(f"heros.to.{territory}")


def in_(territory: str) -> Msg:
    """« au Moyen-Orient », « en Chine », "in the Middle East": where something happens, with
    the preposition and article each territory takes."""
    return Msg(f"heros.in.{territory}")


def the(territory: str) -> Msg:
    """« la Méditerranée », « l'Afrique », "the Middle East", "Africa": a territory with the
    article it takes, after a verb or a preposition the language does not bend with it
    (« fuit {territory} », « depuis {territory} »)."""
    return Msg(f"heros.the.{territory}")


def of(territory: str) -> Msg:
    """« de la Méditerranée », « du Moyen-Orient », "of the Middle East": a territory's
    complement (« L'échelle {territory} »)."""
    return Msg(f"heros.of.{territory}")


def from_(territory: str) -> Msg:
    """« d'Amérique », « du Moyen-Orient », "America": where pawns leave (after "from"/« de »)."""
    return Msg(f"heros.from.{territory}")


def seat_msg(seat: int) -> dict[str, int]:
    return Msg.seat(seat)
