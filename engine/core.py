"""The game contract every Tabula game implements, and the few helpers built on it.

A game is a small state machine over plain JSON data (see ARCHITECTURE.md):

    setup(players, seed, options) -> state    the state carries its own random generator
    prompt(state) -> {seat: Msg}              who must decide now (several seats at once is fine)
    legal(state, seat) -> [action text]       every legal action of that seat, canonical text
    apply(state, seat, action) -> [Event]     mutates state; raises IllegalAction before mutating
    view(state, seat | None) -> dict          what that seat (None: everyone) may know
    outcome(state) -> Outcome | None          None while the game runs

`play` (below) is the one door for an action: it refuses it once the game is over, from a seat
not asked, or empty, and gives `apply` the canonical text of an asked seat on a copy. A game's
`apply` repeats none of these guards. A game may be written as a table of its steps (`Step`,
`Steps` below): each step holds who it asks, its prompt, its legal texts and what each verb does.

Actions are canonical text (`lay huns`, `seek 2 huns and 1 books`): the same string is what
autocomplete offers, what the console accepts, what the log shows and what the history stores.
Tokens are separated by single spaces; `@2` names seat 2, a number is a number, and any other
token is translated as `<game>.tok.<token>` when shown to players (see engine.i18n).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar, runtime_checkable

State = dict[str, Any]

END = ""  # the token that ends a text, in a menu's choices (it sorts first, as in the walk)


@runtime_checkable
class Menu(Protocol):
    """Legal texts asked one token at a time (`Game.menu`; walked by engine.policy.walk)."""

    def choices(self, prefix: Sequence[str]) -> list[str]:
        """The distinct tokens that follow `prefix` in some legal text, sorted, with END first
        when `prefix` is itself a legal text; empty when no legal text starts with `prefix`."""
        ...


@dataclass(frozen=True)
class Msg:
    """A translatable message: a catalogue key and its parameters.

    Parameter values are str, int, another Msg, or `Msg.seat(n)` (a seat shown by its player's
    name). Translation happens at the edge (bot, render) with engine.i18n.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    # Its own __init__ (dataclass keeps one a class defines): the fields written straight into
    # the instance's dict, twice as fast as a frozen dataclass's object.__setattr__, since every
    # step of every playout builds a few (a frozen instance's __dict__ may still be written).
    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        d = self.__dict__
        d["key"] = key
        d["params"] = {} if params is None else params

    @staticmethod
    def seat(n: int) -> dict[str, int]:
        return {"seat": n}

    @staticmethod
    def action(game_key: str, text: str) -> dict[str, str]:
        """A parameter showing a canonical action text in the reader's language."""
        return {"game": game_key, "action": text}

    def to_json(self) -> dict[str, Any]:
        return {"k": self.key, "p": {k: _param_to_json(v) for k, v in self.params.items()}}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Msg:
        return Msg(data["k"], {k: _param_from_json(v) for k, v in data.get("p", {}).items()})


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, (list, tuple)):
        return {"list": [_param_to_json(v) for v in value]}
    return value


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "msg" in value:
        return Msg.from_json(value["msg"])
    if isinstance(value, dict) and "list" in value:
        return tuple(_param_from_json(v) for v in value["list"])
    return value


class IllegalAction(Exception):
    """A refused action. It carries a message key, translated at the edge; the state is unchanged."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.msg = Msg(key, params)

    def __str__(self) -> str:
        return f"{self.msg.key} {dict(self.msg.params)}" if self.msg.params else self.msg.key


@dataclass(frozen=True)
class Event:
    """A log line produced by an action. `to` None: public; otherwise only those seats see it."""

    msg: Msg
    to: tuple[int, ...] | None = None

    def __init__(self, msg: Msg, to: tuple[int, ...] | None = None) -> None:
        d = self.__dict__  # as Msg.__init__, for the same reason
        d["msg"] = msg
        d["to"] = to

    def to_json(self) -> dict[str, Any]:
        return {"msg": self.msg.to_json(), "to": list(self.to) if self.to is not None else None}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Event:
        to = data.get("to")
        return Event(Msg.from_json(data["msg"]), tuple(to) if to is not None else None)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winners (several on a shared victory), each seat's score if the game
    has scores, the reason, and detail lines. `last`: the seats ranked last whatever their score,
    players who left a game that went on without them (see `ranked_last`).

    A detail whose key ends with `.outcome.score` and whose `seat` param is `Msg.seat(n)` is
    seat n's final score as one line: its name, its total and the parts that are not zero
    (`score_of`); the end post lists them best first instead of a bare list of scores. The
    other details (`notes`) are lines of their own."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    reason: Msg
    details: tuple[Msg, ...] = ()
    last: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = {
            "winners": list(self.winners),
            "scores": list(self.scores) if self.scores is not None else None,
            "reason": self.reason.to_json(),
            "details": [d.to_json() for d in self.details],
        }
        if self.last:  # absent otherwise: the outcomes stored before it read the same
            out["last"] = list(self.last)
        return out

    def score_of(self, seat: int) -> Msg | None:
        """Seat `seat`'s final score line among the details, if the game gives one."""
        return next((d for d in self.details if _is_score_of(d, seat)), None)

    def notes(self) -> tuple[Msg, ...]:
        """The details that are not a seat's score line."""
        return tuple(d for d in self.details if not _is_score_of(d, None))

    def ranking(self, players: int) -> list[int]:
        """The seats best first: the winners, then by score, those who left last."""
        return sorted(range(players), key=lambda s: (
            s in self.last, s not in self.winners,
            -(self.scores[s] if self.scores is not None and s < len(self.scores) else 0)))

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Outcome:
        scores = data.get("scores")
        return Outcome(
            tuple(data["winners"]),
            tuple(scores) if scores is not None else None,
            Msg.from_json(data["reason"]),
            tuple(Msg.from_json(d) for d in data.get("details", [])),
            tuple(data.get("last", ())),
        )


def resigned(players: int, seat: int, left: Collection[int] = ()) -> Outcome:
    """The platform's end of a game when `seat` resigns: the others share the victory, but
    for those who left before (`left`, see `ranked_last`)."""
    others = tuple(s for s in range(players) if s != seat and s not in left)
    return ranked_last(Outcome(others, None, Msg("outcome.resigned", {"who": Msg.seat(seat)})),
                       left, players)


# Platform actions by which a player leaves a game that goes on, a bot playing their seat:
# a resignation in a game of 3 or more, and the others' choice when their clock ran out.
LEAVING = (".quit", ".bot")


def leavers(actions: Iterable[tuple[int, str]]) -> list[int]:
    """The seats whose players left the game (LEAVING actions), in the order they left."""
    out: list[int] = []
    for seat, text in actions:
        if text in LEAVING and seat not in out:
            out.append(seat)
    return out


def ranked_last(outcome: Outcome, left: Collection[int], players: int) -> Outcome:
    """The outcome of a game some players left (a bot played on for them): they rank last and
    are never among the winners, whatever their seat scored. If only they had won, the best
    score among the others wins (those tied share it); without scores, the others share it."""
    if not left:
        return outcome
    gone = tuple(sorted(set(left)))
    winners = tuple(s for s in outcome.winners if s not in gone)
    if not winners and outcome.winners:
        stay = [s for s in range(players) if s not in gone]
        if outcome.scores is not None and stay:
            best = max(outcome.scores[s] for s in stay)
            winners = tuple(s for s in stay if outcome.scores[s] == best)
        else:
            winners = tuple(stay)
    details = (*outcome.details,
               *(Msg("outcome.left_last", {"who": Msg.seat(s)}) for s in gone))
    return replace(outcome, winners=winners, details=details, last=gone)


def _is_score_of(detail: Msg, seat: int | None) -> bool:
    """Whether `detail` is a seat's final score line (of `seat`, or of any seat for None)."""
    who = detail.params.get("seat")
    return (detail.key.endswith(".outcome.score") and isinstance(who, dict) and "seat" in who
            and (seat is None or who["seat"] == seat))


@dataclass(frozen=True)
class Component:
    """A piece of a game a player may look up by name (`/game card`): its id (the action
    texts' token), its kind and name, and what it does in words, one Msg a line (its effect,
    its cost, its chains...). Everything here is printed on the component: nothing hidden."""

    id: str
    kind: Msg
    name: Msg
    lines: tuple[Msg, ...]


def ids_in(value: Any, known: Callable[[str], bool]) -> list[str]:
    """Every string of a view (keys and values, at any depth) that `known` accepts, once, in
    the order met: the components a view shows (`Game.shown`)."""
    out: list[str] = []
    seen: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, str):
            if item not in seen and known(item):
                seen.add(item)
                out.append(item)
        elif isinstance(item, Mapping):
            for k, v in item.items():
                walk(k)
                walk(v)
        elif isinstance(item, (list, tuple)):
            for v in item:
                walk(v)

    walk(value)
    return out


@dataclass(frozen=True)
class OptionSpec:
    """A game option: a flag (`values` empty, e.g. `classic`) or a choice (`panel=a`).
    `bare`: the value a choice takes when named alone (`leaders` = `leaders=all`)."""

    name: str
    help: Msg
    values: tuple[str, ...] = ()
    default: str | None = None
    bare: str | None = None

    @property
    def typed(self) -> str:
        """The option as typed: `classic`, `leaders=all|...`."""
        return f"{self.name}={'|'.join(self.values)}" if self.values else self.name


class Game:
    """Base class of a game's rules. Subclasses are stateless: all state is in the State dict."""

    key: str = ""  # the game key players type: "res-publica"
    module: str = ""  # the Python module under engine/ and render/: "respublica"
    min_players: int = 2
    max_players: int = 2
    options: tuple[OptionSpec, ...] = ()

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        raise NotImplementedError

    def prompt(self, state: State) -> dict[int, Msg]:
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[str]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    # --- optional hooks, with sensible defaults -------------------------------------------------

    def asked(self, state: State) -> list[int]:
        """The seats `prompt` asks, in its order; a game may work them out without building its
        messages (random playouts ask at every step)."""
        return list(self.prompt(state))

    def apply_legal(self, state: State, seat: int, action: str, menu: object = None,
                    ) -> list[Event]:
        """`apply` for an action the caller took from `legal` or `menu` for this very state and
        seat (a random playout, a search): a game may skip checking it again, and reuse what it
        worked out for `menu` (what `menu(state, seat)` returned, if the caller passes it), and
        leave out the log lines (the events): those callers read none. Anything else must go
        through `apply`."""
        return self.apply(state, seat, action)

    def menu(self, state: State, seat: int) -> Sequence[str] | Menu:
        """The legal texts for a walk through the menus (engine.policy.walk): the list itself,
        or, where it runs to thousands of texts, a `Menu` asked one token at a time that holds
        exactly the same texts (random playouts then build only the levels they go through)."""
        return self.legal(state, seat)

    def canonical(self, text: str) -> str:
        """The canonical form of typed text: lower case, single spaces."""
        return " ".join(text.strip().lower().split())

    def name(self) -> Msg:
        return Msg(f"{self.key}.name")

    def rules(self) -> Msg:
        """A short rules summary for `/game rules`."""
        return Msg(f"{self.key}.rules")

    def components(self, options: Mapping[str, Any]) -> list[Component]:
        """Every component a game with these options may hold, for `/game card`: the whole
        catalogue, never where a component is (a hand, a face-down deck). Default: none."""
        return []

    def shown(self, view: Mapping[str, Any]) -> list[str]:
        """The ids of the components a view shows (the Full board's, or a hand's), in the order
        a reader meets them, for the lookup menu under those pictures. Default: none."""
        return []

    def score_lines(self, state: State) -> dict[int, Msg]:
        """Each seat's public standing in a few words (points, coins, shields...), for the text
        of the turn post: public information only, short enough for a phone's line. Default:
        none (the picture carries it)."""
        return {}

    # --- play over days: what the platform may do for a player, or take back ----------------

    def default_action(self, state: State, seat: int) -> str | None:
        """The action the rules let be taken for an absent `seat` whose clock ran out (a pass, a
        refusal...), or None when the rules have none: then the game can only end."""
        return None

    def forced(self, state: State, seat: int) -> str | None:
        """The action the rules play for an asked `seat` without asking it (its canonical legal
        text), or None. Only an action that is the seat's only legal one AND whose being forced
        the rules make public (a Res Publica player holding none of the sought cards, who per the
        rulebook does not announce): a lone legal action that the rules leave as a choice in
        timing, or whose being forced would tell the others something hidden (a hand), is still
        asked. A pure query: the platform plays the text as its own history entry. Default:
        none."""
        return None

    def undoable(self, before: State, after: State, events: Sequence[Event], seat: int) -> bool:
        """Whether `seat`'s action from `before` to `after` may be taken back: only if it
        revealed nothing hidden and drew nothing random. A game that cannot tell says no."""
        return False

    def up_next(self, state: State, players: int) -> list[int]:
        """The seats expected to act after the ones asked now ("ping me on the turn before
        mine"). The default suits a fixed turn order: the seat after a single acting seat."""
        asked = list(self.prompt(state))
        if len(asked) != 1 or players < 2:
            return []
        return [(asked[0] + 1) % players]


# --- a game as a table of its steps ------------------------------------------------------------

Handler = Callable[[Any, State, int, str, list[str]], list[Event]]
_H = TypeVar("_H", bound=Callable[..., list[Event]])


def acts(*verbs: str) -> Callable[[_H], _H]:
    """Declare a `Step` method as what these verbs do: `@acts("seek", "offer")` above
    `def trade(self, state, seat, verb, args)`; `args` are the tokens after the verb."""

    def mark(handler: _H) -> _H:
        handler.acts = verbs  # type: ignore[attr-defined]
        return handler

    return mark


class Step:
    """One step of a game with everything about it in one place, as Rally the Troops writes a
    state (`states.x = {prompt(), <action>(...)}`): who it asks and its prompt, the texts they
    may play, and what each verb does (its methods marked `@acts(verb, ...)`, collected into
    `verbs` when the class is made; a subclass inherits its parent's and may add or replace).

    It is called only as `Steps` does: `legal` and `menu` for a seat it asks, `apply` with the
    canonical, non-empty text of a seat it asks while the game runs (`play` checked all that).
    The defaults suit a step that asks nobody (the game over). A step whose texts are worked
    out whole (a table text -> move, as Duel's) overrides `apply` instead of declaring verbs."""

    name: str = ""  # how the state names the step (Steps.step finds it by this name)
    verbs: Mapping[str, Handler] = {}  # verb -> its handler: built from the @acts marks

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        verbs = dict(cls.verbs)
        for handler in vars(cls).values():
            for verb in getattr(handler, "acts", ()):
                verbs[verb] = handler
        cls.verbs = verbs

    def prompt(self, state: State) -> dict[int, Msg]:
        """The seats asked and what each is asked."""
        return {}

    def asked(self, state: State) -> list[int]:
        """The seats `prompt` asks, in its order (a step may work them out without messages)."""
        return list(self.prompt(state))

    def legal(self, state: State, seat: int) -> list[str]:
        """Every legal text of `seat`, which this step asks."""
        return []

    def menu(self, state: State, seat: int) -> Sequence[str] | Menu:
        """`legal` as a menu (Game.menu)."""
        return self.legal(state, seat)

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        """The handler of the action's verb, or `refuse`."""
        verb, *args = action.split()
        handler = self.verbs.get(verb)
        if handler is None:
            raise self.refuse(state, seat, action)
        return handler(self, state, seat, verb, args)

    def refuse(self, state: State, seat: int, action: str) -> IllegalAction:
        """The refusal of a text whose verb this step has not (a game may say more)."""
        return IllegalAction("error.unknown_action", action=action)


class Steps(Game):
    """A game written as a table of its steps: `steps` maps each step's name to the step, and
    `step(state)` is the current one (by default `steps[state["phase"]]`). prompt, asked,
    legal, menu and apply go to it; legal and menu answer [] for a seat it does not ask (the
    one guard needed outside `play`: `legal` is asked of every seat)."""

    steps: Mapping[str, Step] = {}

    def step(self, state: State) -> Step:
        return self.steps[state["phase"]]

    def prompt(self, state: State) -> dict[int, Msg]:
        return self.step(state).prompt(state)

    def asked(self, state: State) -> list[int]:
        return self.step(state).asked(state)

    def legal(self, state: State, seat: int) -> list[str]:
        step = self.step(state)
        return step.legal(state, seat) if seat in step.asked(state) else []

    def menu(self, state: State, seat: int) -> Sequence[str] | Menu:
        step = self.step(state)
        return step.menu(state, seat) if seat in step.asked(state) else []

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        return self.step(state).apply(state, seat, action)


def copy_state(state: State) -> State:
    """A deep copy through JSON: fast for plain data, and it proves the state stays JSON."""
    return json.loads(json.dumps(state))


def play(game: Game, state: State, seat: int, action: str,
         asked: Collection[int] | None = None) -> tuple[State, list[Event]]:
    """Apply one action to a copy of `state`. The input is never modified, even on IllegalAction.
    `asked`: the seats `game.prompt(state)` asks, when the caller already knows them."""
    if game.outcome(state) is not None:
        raise IllegalAction("error.game_over")
    if seat not in (game.prompt(state) if asked is None else asked):
        raise IllegalAction("error.not_your_turn")
    text = game.canonical(action)
    if not text:
        raise IllegalAction("error.empty_action")
    new = copy_state(state)
    events = game.apply(new, seat, text)
    return new, events


def replay(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    actions: Iterable[tuple[int, str]],
) -> State:
    """Re-run a stored history from its seed: the result must equal the stored state.

    The history may hold platform actions (texts starting with "."): they are handled by
    `effective_actions`, so a whole stored history can be passed as it is.
    """
    state = game.setup(players, seed, options)
    for seat, text in effective_actions(actions):
        state, _ = play(game, state, seat, text)
    return state


UNDO = ".undo"


def effective_actions(actions: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """The engine actions of a stored history: platform actions (".resign", ".timeout @1"...)
    are left out, and each ".undo" cancels the latest engine action not already cancelled
    (the history stays append-only, so everyone can still read what was taken back)."""
    actions = list(actions)
    return [actions[i] for i in effective_indexes(actions)]


def effective_indexes(actions: Iterable[tuple[int, str]]) -> list[int]:
    """Where the engine actions of `effective_actions` stand in the stored history."""
    kept: list[int] = []
    for i, (_seat, text) in enumerate(actions):
        if text == UNDO:
            if kept:
                kept.pop()
        elif not text.startswith("."):
            kept.append(i)
    return kept


def parse_options(game: Game, words: Sequence[str]) -> dict[str, Any]:
    """Turn `["classic", "panel=a"]` into `{"classic": True, "panel": "a"}`, checking each word."""
    specs = {o.name: o for o in game.options}
    chosen: dict[str, Any] = {o.name: o.default for o in game.options if o.values and o.default}
    # A refusal names the options there are (« agoraa » is a typo of one of them).
    unknown = "error.unknown_option" if specs else "error.no_options"
    valid = ", ".join(o.typed for o in game.options)
    for word in words:
        for part in word.replace(",", " ").split():
            name, _, value = part.strip().lower().partition("=")
            spec = specs.get(name)
            if spec is None:
                raise IllegalAction(unknown, option=part, game=game.key, options=valid)
            if spec.values:
                if not value and spec.bare is not None:
                    value = spec.bare
                if value not in spec.values:
                    raise IllegalAction(
                        "error.bad_option_value", option=name, value=value,
                        values=", ".join(spec.values),
                    )
                chosen[name] = value
            else:
                if value:
                    raise IllegalAction(unknown, option=part, game=game.key, options=valid)
                chosen[name] = True
    return chosen
