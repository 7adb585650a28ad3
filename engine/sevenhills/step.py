"""What every Seven Hills step is, and the messages the steps write.

A step (a `phase` of the state) holds in one place who it asks, what it asks them, their options
and what each option does, as Rally the Troops writes a state with its prompt and its actions.
The steps of a turn are in turn.py, those of the consul phase in consul.py; game.py holds their
table and nothing dispatches by name.
"""

from __future__ import annotations

from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from engine import core
from engine.core import Event, IllegalAction, Msg, State

from . import board as B
from .components import load
from .menu import Product, Rows

G = "seven-hills"


class Step(core.Step):
    """A Seven Hills step (engine.core.Step): `asked` the seats it asks (by default the active
    player), `question` what it asks one of them, `legal` their texts (`holds` whether a text
    is one of them), and what each verb does (its `@acts` methods). `apply` refuses a text that
    is not legal (`refuse` says why) before its handler changes anything; `play` is the handler
    alone, for a text taken from `legal` or `menu`. `forced`: its lone legal text is played
    without asking (Game.forced)."""

    forced = False

    def asked(self, state: State) -> list[int]:
        return [state["order"][state["turn"]]]  # B.active, read here at every step of a playout

    def question(self, state: State, seat: int) -> Msg:
        raise NotImplementedError

    def prompt(self, state: State) -> dict[int, Msg]:
        return {seat: self.question(state, seat) for seat in self.asked(state)}

    def holds(self, state: State, seat: int, action: str) -> bool:
        return action in self.legal(state, seat)

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        if not self.holds(state, seat, action):
            raise self.refuse(state, seat, action)
        return self.play(state, seat, action)

    def play(self, state: State, seat: int, action: str) -> list[Event]:
        """What a legal text does: its verb's handler, unchecked."""
        return super().apply(state, seat, action)

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        return IllegalAction(f"{G}.error.illegal", action=action)


class ProductStep(Step):
    """A step whose texts are a verb and one token from each of a few lists (`options`): its
    `legal` lists them, its `menu` walks them without listing them (menu.Product)."""

    def options(self, state: State, seat: int) -> Product:
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[str]:
        return self.options(state, seat).texts()

    def menu(self, state: State, seat: int) -> Product:
        return self.options(state, seat)


class RowsStep(Step):
    """A step whose few texts are found on the board, given as their token rows (`rows`): its
    `legal` joins them, its `menu` walks them without joining them (menu.Rows)."""

    def rows(self, state: State, seat: int) -> list[tuple[str, ...]]:
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[str]:
        return Rows(self.rows(state, seat)).texts()

    def menu(self, state: State, seat: int) -> Rows:
        return Rows(self.rows(state, seat))


# --- messages -----------------------------------------------------------------------------------


seat_msg = Msg.seat  # a seat as messages name it (an alias: a function call fewer per line)


@lru_cache(maxsize=1024)  # messages are immutable, and every log line of a card names it
def card_msg(card: str) -> Msg:
    """A card as log lines and messages name it: its colour and class, with its article as the
    action token's name has it ("the red noble", « l'esclave rouge »), so that events stored
    with that token (before these short names) read the same in the same sentences. Its
    additional action and legion icon are on the pictures (the action token
    `seven-hills.tok.<card>` still spells them out in menus)."""
    k = load().card(card)
    return Msg(f"{G}.the_card", {"colour": Msg(f"{G}.colour.{k.colour}"), "cls": tok(k.cls)})


def cards_msg(cards: list[str]) -> tuple[Msg, ...]:
    if not _logging.get():
        return ()
    return tuple(card_msg(c) for c in B.sort_cards(cards)) or (Msg(f"{G}.nothing"),)


@lru_cache(maxsize=1024)  # one per component word
def tok(word: str) -> Msg:
    return Msg(f"{G}.tok.{word}")


@lru_cache(maxsize=16)  # one per sector
def the(sector: str) -> Msg:
    """A sector as a sentence names it after a preposition, with its article: "the Palatine",
    « le Palatin », « l'Aventin » (`sur {sector}`, "on {sector}")."""
    return Msg(f"{G}.the.{sector}")


def ev(key: str, to: tuple[int, ...] | None = None, **params: Any) -> Event:
    if not _logging.get():
        return _UNLOGGED
    return Event(Msg(f"{G}.log.{key}", params), to)


# Whether log lines are written: a random playout reads none, and building them (the cards of
# each line sorted, two objects a line) was a sixth of its time. A context variable rather than
# a flag on the shared steps: a move played meanwhile in another thread still logs. Only the
# log lines stop: the messages a state keeps (its outcome) are built as ever.
_logging: ContextVar[bool] = ContextVar("sevenhills_logging", default=True)
_UNLOGGED = Event(Msg(""))  # what `ev` returns meanwhile: never read, so no text
# Whether log lines are written now: the handlers of a playout's commonest steps ask it before
# building their lines' parameters, which `ev` would only drop (a twelfth of a playout's
# instructions). The context variable's own method: no Python call.
logged = _logging.get


class unlogged:  # lower case as contextlib.suppress: read `with unlogged():`
    """The rules applied without writing their log lines (`ev` and `cards_msg`): a whole
    random playout (SevenHills.play_to_end), a move of a search (apply_legal). A class: a
    generator's context manager costs more calls."""

    def __enter__(self) -> None:
        self.token = _logging.set(False)

    def __exit__(self, *exc: object) -> None:
        _logging.reset(self.token)
