"""Every game's `undoable` against random play (issue 9: « undo ... only until hidden
information or randomness has been revealed »): a move it lets be taken back drew nothing at
random and told nobody anything privately; each game has moves of both kinds; the rules' own
"final" moves (a Seven Hills revolt's targets, 000 §V.2) are never undoable."""

from __future__ import annotations

import random

import pytest

from engine import play, registry
from engine.policy import walk

GAMES = [
    ("res-publica", 4, {}),
    ("duel", 2, {}),
    ("duel", 2, {"agora": True, "leaders": "all"}),
    ("seven-hills", 3, {}),
    ("heros", 3, {}),
]
STEPS = 400


@pytest.mark.parametrize(("key", "players", "options"), GAMES,
                         ids=[f"{k}-{'-'.join(o) or 'base'}" for k, _, o in GAMES])
def test_undoable_moves_reveal_nothing(key: str, players: int, options: dict) -> None:
    game = registry.get(key)
    counts = {True: 0, False: 0}
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.setup(players, seed, options)
        for _ in range(STEPS):
            if game.outcome(state) is not None:
                break
            seat = rng.choice(sorted(game.prompt(state)))
            text = walk(game.legal(state, seat), rng)
            after, events = play(game, state, seat, text)
            undoable = game.undoable(state, after, events, seat)
            counts[undoable] += 1
            if undoable:
                assert after["rng"] == state["rng"], (seed, text)
                assert all(e.to is None for e in events), (seed, text)
            if key == "seven-hills" and {"target", "protect"} & {state["phase"], after["phase"]}:
                assert not undoable, (seed, text)  # 000 §V.2: targets cannot be taken back
            state = after
    assert counts[True] > 0 and counts[False] > 0, counts
