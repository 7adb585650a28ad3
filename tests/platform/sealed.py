"""A tiny game of simultaneous choices, for the tests of bots asked at once (issue 28, item 5).

Each round every seat is asked at the same time: `bid 1` or `bid 2`, sealed (only the bidder's log
reads it; with the option `open`, everyone's does). When all have answered, the bids are shown
and added to the scores; after two rounds the highest score wins.

The gate, for tests only: with $SEALED_GATE naming a directory when the game is set up, a bot
deciding in a worker process (not the process that set the game up) marks that it started,
then waits until as many decisions as the file `want` says have started and the file `go`
exists (or GATE_WAIT seconds, then marks `alone-<round>-<seat>`). Decisions made one after
another therefore leave an `alone` mark; decisions made at the same time leave none.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine import Event, Game, IllegalAction, Msg, OptionSpec, Outcome

ROUNDS = 2
GATE_WAIT = 20.0  # seconds a gated decision waits for the others before it gives up
ENV_GATE = "SEALED_GATE"


class Sealed(Game):
    key = "sealed"
    module = "sealed"
    min_players = 2
    max_players = 3
    options = (OptionSpec("open", Msg("sealed.option.open")),)

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        gate = os.environ.get(ENV_GATE)
        return {"players": players, "round": 1, "open": bool(options.get("open")), "bids": [None] * players,
                "scores": [0] * players, "over": False,
                "gate": {"dir": gate, "host": os.getpid()} if gate else None}

    def prompt(self, state: dict[str, Any]) -> dict[int, Msg]:
        if state["over"]:
            return {}
        return {s: Msg("sealed.ask") for s, bid in enumerate(state["bids"]) if bid is None}

    def legal(self, state: dict[str, Any], seat: int) -> list[str]:
        if seat not in self.prompt(state):
            return []
        if state["gate"] and os.getpid() != state["gate"]["host"]:
            _wait_at_gate(Path(state["gate"]["dir"]), state["round"], seat)
        return ["bid 1", "bid 2"]

    def apply(self, state: dict[str, Any], seat: int, action: str) -> list[Event]:
        if action not in ("bid 1", "bid 2"):
            raise IllegalAction("error.unknown_action", action=action)
        state["bids"][seat] = int(action.split()[1])
        events = [Event(Msg("sealed.bid", {"who": Msg.seat(seat), "n": state["bids"][seat]}),
                        to=None if state["open"] else (seat,))]
        if all(b is not None for b in state["bids"]):
            events.append(Event(Msg("sealed.shown", {"bids": tuple(state["bids"])})))
            state["scores"] = [a + b for a, b in zip(state["scores"], state["bids"], strict=True)]
            state["bids"] = [None] * state["players"]
            state["round"] += 1
            state["over"] = state["round"] > ROUNDS
        return events

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        view = {"round": state["round"], "scores": list(state["scores"]),
                "chosen": [b is not None for b in state["bids"]]}
        if seat is not None:
            view["bid"] = state["bids"][seat]
        return view

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if not state["over"]:
            return None
        best = max(state["scores"])
        winners = tuple(s for s, v in enumerate(state["scores"]) if v == best)
        return Outcome(winners, tuple(state["scores"]), Msg("sealed.won"))


def _wait_at_gate(gate: Path, round_: int, seat: int) -> None:
    (gate / f"start-{round_}-{seat}").touch()
    want = int((gate / "want").read_text()) if (gate / "want").exists() else 1
    deadline = time.monotonic() + GATE_WAIT
    while time.monotonic() < deadline:
        if len(list(gate.glob(f"start-{round_}-*"))) >= want and (gate / "go").exists():
            return
        time.sleep(0.01)
    (gate / f"alone-{round_}-{seat}").touch()
