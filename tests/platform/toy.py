"""A tiny game for platform tests: it proves bot/ works with any game that keeps the contract.

Each player holds a secret number drawn at setup; players in turn take 1 or 2 stones from a
pile; whoever takes the last stone wins. `peek` shows the actor their secret (a private event).

The template a new game copies: the smallest game keeping the contract (engine/core.py Game),
with hidden information (each secret), an option, a private event and undo, and its entry for the
contract tests run over every game (`toy()` in tests/contract/entries.py: option sets, seeds, the
invariants, the scrambling of what a seat cannot see). A new game copies both, then adds its
French and English texts (the toy's are not in the catalogues, so the contract's i18n and e2e
tests leave it out).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import Event, Game, IllegalAction, Msg, OptionSpec, Outcome, rng


class Toy(Game):
    key = "toy"
    module = "toy"
    min_players = 2
    max_players = 3
    options = (OptionSpec("big", Msg("toy.option.big")),)

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        state: dict[str, Any] = {"rng": rng.seed_state(seed), "players": players, "turn": 0}
        state["pile"] = 12 if options.get("big") else 5
        state["secret"] = [rng.randbelow(state, 100) for _ in range(players)]
        state["winner"] = None
        return state

    def prompt(self, state: dict[str, Any]) -> dict[int, Msg]:
        return {} if state["winner"] is not None else {state["turn"]: Msg("toy.ask")}

    def legal(self, state: dict[str, Any], seat: int) -> list[str]:
        if seat not in self.prompt(state):
            return []
        return [f"take {n}" for n in (1, 2) if n <= state["pile"]] + ["peek"]

    def apply(self, state: dict[str, Any], seat: int, action: str) -> list[Event]:
        if action == "peek":
            return [Event(Msg("toy.secret", {"n": state["secret"][seat]}), to=(seat,))]
        if action not in self.legal(state, seat):
            raise IllegalAction("error.unknown_action", action=action)
        n = int(action.split()[1])
        state["pile"] -= n
        events = [Event(Msg("toy.took", {"who": Msg.seat(seat), "n": n}))]
        if state["pile"] == 0:
            state["winner"] = seat
        else:
            state["turn"] = (seat + 1) % state["players"]
        return events

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        view = {"pile": state["pile"], "turn": state["turn"], "winner": state["winner"]}
        if seat is not None:
            view["secret"] = state["secret"][seat]
        return view

    def default_action(self, state: dict[str, Any], seat: int) -> str | None:
        return "take 1" if seat in self.prompt(state) else None

    def undoable(self, before: dict[str, Any], after: dict[str, Any], events: Any, seat: int) -> bool:
        return not any(e.to is not None for e in events)  # peeking shows the secret

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["winner"] is None:
            return None
        return Outcome((state["winner"],), None, Msg("toy.won", {"who": Msg.seat(state["winner"])}))


class ToyRenderer:
    """A renderer that draws nothing: platform tests need bytes, not pictures."""

    def __init__(self) -> None:
        self.boards: list[dict[str, Any]] = []

    def board(self, game_key: str, view: dict[str, Any], names: Any, locale: str,
              outcome: Any = None) -> bytes:
        self.boards.append(view)
        return b"\x89PNG board " + repr(sorted(view.items())).encode()

    def turn(self, game_key: str, view: dict[str, Any], names: Any, locale: str,
             before: Any = None, outcome: Any = None) -> bytes:
        self.boards.append(view)
        if before is not None:
            self.boards.append(before)
        return b"\x89PNG turn " + repr(sorted(view.items())).encode()

    def hand(self, game_key: str, view: dict[str, Any], names: Any, locale: str) -> bytes:
        return b"\x89PNG hand " + repr(sorted(view.items())).encode()
