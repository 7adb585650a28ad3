"""A tiny game of our own, registered only in these tests: it proves the Discord layer is
game-agnostic, and its legal actions exercise every shape of menu.

Seats take turns. The player on turn may `add 1|2|3` (score), `pick 1..30` (nothing; thirty of
them make autocomplete and menus paginate), `trade 2 gold`, `trade 2 gold or 1 wood|iron` (a
complete action that is also the beginning of others: the menu's confirm) or `pass`. The first
to reach the goal wins. Each `add` also tells its player a secret, privately.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.core import Event, Game, IllegalAction, Msg, OptionSpec, Outcome, State

CATALOGUE = {
    "en": {
        "tiny.name": "Tiny",
        "tiny.rules": "Take turns; add points; first to the goal wins.",
        "tiny.option.fast": "A shorter game.",
        "tiny.option.goal": "Points needed to win.",
        "tiny.ask.turn": "add points, pick a number, trade or pass.",
        "tiny.event.add": "{seat} adds {n}.",
        "tiny.event.other": "{seat} plays {action}.",
        "tiny.event.secret": "Psst: your secret number is {n}.",
        "tiny.outcome.win": "{seat} reaches the goal.",
        "tiny.tok.add": "add",
        "tiny.tok.pick": "pick",
        "tiny.tok.trade": "trade",
        "tiny.tok.gold": "gold",
        "tiny.tok.or": "or",
        "tiny.tok.wood": "wood",
        "tiny.tok.iron": "iron",
        "tiny.tok.pass": "pass",
    },
    "fr": {
        "tiny.name": "Minus",
        "tiny.rules": "Jouez à tour de rôle ; marquez des points ; le premier au but gagne.",
        "tiny.option.fast": "Une partie plus courte.",
        "tiny.option.goal": "Points pour gagner.",
        "tiny.ask.turn": "ajoutez des points, prenez un nombre, échangez ou passez.",
        "tiny.event.add": "{seat} ajoute {n}.",
        "tiny.event.other": "{seat} joue {action}.",
        "tiny.event.secret": "Psst : votre nombre secret est {n}.",
        "tiny.outcome.win": "{seat} atteint le but.",
        "tiny.tok.add": "ajouter",
        "tiny.tok.pick": "prendre",
        "tiny.tok.trade": "échanger",
        "tiny.tok.gold": "lingots",
        "tiny.tok.or": "ou",
        "tiny.tok.wood": "bois",
        "tiny.tok.iron": "fer",
        "tiny.tok.pass": "passer",
    },
}


class Tiny(Game):
    key = "tiny"
    module = "tiny"
    min_players = 2
    max_players = 3
    options = (
        OptionSpec("fast", Msg("tiny.option.fast")),
        OptionSpec("goal", Msg("tiny.option.goal"), values=("5", "9"), default="5"),
    )

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        goal = 3 if options.get("fast") else int(options.get("goal") or 5)
        return {"players": players, "turn": 0, "score": [0] * players, "goal": goal,
                "secret": seed % 97}

    def default_action(self, state: State, seat: int) -> str | None:
        return "pass"

    def undoable(self, before: State, after: State, events: Any, seat: int) -> bool:
        return not any(e.to is not None for e in events)  # an `add` tells a secret

    def prompt(self, state: State) -> dict[int, Msg]:
        return {} if self.outcome(state) else {state["turn"]: Msg("tiny.ask.turn")}

    def legal(self, state: State, seat: int) -> list[str]:
        if self.outcome(state) or seat != state["turn"]:
            return []
        return (["add 1", "add 2", "add 3"] + [f"pick {n}" for n in range(1, 31)]
                + ["trade 2 gold", "trade 2 gold or 1 wood", "trade 2 gold or 1 iron", "pass"])

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        if action not in self.legal(state, seat):
            raise IllegalAction("error.unknown_action", action=action)
        verb, *rest = action.split()
        events = []
        if verb == "add":
            n = int(rest[0])
            state["score"][seat] += n
            state["secret"] = (state["secret"] * 31 + n) % 97
            events += [Event(Msg("tiny.event.add", {"seat": Msg.seat(seat), "n": n})),
                       Event(Msg("tiny.event.secret", {"n": state["secret"]}), to=(seat,))]
        else:
            events.append(Event(Msg("tiny.event.other", {"seat": Msg.seat(seat), "action": action})))
        state["turn"] = (seat + 1) % state["players"]
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = {"score": list(state["score"]), "turn": state["turn"]}
        if seat is not None:
            view["secret"] = state["secret"]
        return view

    def outcome(self, state: State) -> Outcome | None:
        best = max(state["score"])
        if best < state["goal"]:
            return None
        winners = tuple(s for s, v in enumerate(state["score"]) if v == best)
        return Outcome(winners, tuple(state["score"]),
                       Msg("tiny.outcome.win", {"seat": Msg.seat(winners[0])}))


def png(size: tuple[int, int] = (8, 6), color: str = "seagreen") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "PNG")
    return buffer.getvalue()


class TinyRenderer:
    """Fast pictures for the tests that do not look at the drawing itself."""

    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
              outcome: Any = None) -> bytes:
        return png((12, 16), "seagreen")

    def turn(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
             before: Any = None, outcome: Any = None) -> bytes:
        return png((12, 8), "seagreen")

    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes:
        return png((6, 4), "goldenrod")
