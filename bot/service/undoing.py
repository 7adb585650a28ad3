"""What `/game undo` takes back: the caller's latest move together with the forced actions the
platform played right after it (Game.forced). Those are nobody's moves: a Res Publica seek
that nobody can answer is followed by the pass the platform plays for each other seat, and
they must not stand in the way of taking the seek back, as if someone had moved since
(issue 44). The move and every forced action after it must still reveal nothing
(Game.undoable), each judged as the contract says (tests/platform/test_undo_contract.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import Event, Game, play
from engine.core import State, effective_indexes


@dataclass(frozen=True)
class Latest:
    """The latest move in effect that a player or a bot chose, and what followed it."""

    seat: int
    text: str
    by_person: bool  # stored with a user (not played by the platform for the seat, nor a bot)
    before: State  # the state it was played from: the game once it is taken back
    events: list[Event]  # its own events
    undoable: bool  # Game.undoable holds for it and for each forced action after it
    count: int  # the engine actions to take back: the move and the forced actions after it
    after: State  # the state after them all (the stored state, for a verified history)


def forced_at(game: Game, state: State) -> tuple[int, str] | None:
    """The forced action the platform plays first in `state` (as bot.service.base's
    forced_steps picks it: the first asked seat that has one), or None."""
    return next(((seat, text) for seat in game.asked(state)
                 if (text := game.forced(state, seat)) is not None), None)


def latest_move(
    game: Game, players: int, seed: int, options: Mapping[str, Any],
    history: Sequence[tuple[int, str]], by_platform: Sequence[bool],
) -> Latest | None:
    """The history replayed (a stored history, `.undo`s and platform actions included), then
    read back from its end past the forced actions: entries the platform stored without a
    user (`by_platform`) that are the very action forced_steps plays in their state. A bot's
    move is stored without a user too, but never where an action is forced (the platform
    plays that first). None when only forced actions are in effect."""
    rows = effective_indexes(history)
    state = game.setup(players, seed, options)
    states = [state]
    steps: list[list[Event]] = []
    for i in rows:
        seat, text = history[i]
        state, events = play(game, state, seat, text)
        states.append(state)
        steps.append(events)
    def forced(k: int) -> bool:  # the k-th action in effect is one the platform forced
        return by_platform[rows[k]] and forced_at(game, states[k]) == history[rows[k]]

    k = len(rows)
    while k > 0 and forced(k - 1):
        k -= 1
    if k == 0:
        return None
    i = k - 1
    seat, text = history[rows[i]]
    undoable = all(game.undoable(states[j], states[j + 1], steps[j], history[rows[j]][0])
                   for j in range(i, len(rows)))
    return Latest(seat, text, not by_platform[rows[i]], states[i], steps[i], undoable,
                  len(rows) - i, states[-1])
