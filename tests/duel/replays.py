"""Recorded random games of every Duel configuration, to prove that reshaping the engine changed
nothing: the histories and the digests in tests/duel/replays.json were produced by the engine as
it was before engine/duel became a base game with plug-in expansions (issue 18).

A game's digest covers every step, not only the end: after each action, the state itself (the
stored snapshot), the public view and each seat's view, who is asked what, each seat's legal
texts, the events (private ones with their readers) and the outcome. Replaying the history
through the current code must give the same digest, so stored games replay to the same states
and every player sees the same thing.

Regenerate (only when a rule deliberately changes what a recorded game shows):
`.venv/bin/python -m tests.duel.replays` rewrites tests/duel/replays.json; with arguments
(`agora-3 ...`), only those games' digests are taken again from their unchanged histories (what
a rule correction changed in them, every other game staying as recorded).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine.core import Event, State, play
from engine.duel import Duel
from engine.policy import walk

FIXTURE = Path(__file__).with_name("replays.json")
G = Duel()
MAX_STEPS = 700
CONFIGS: dict[str, dict[str, Any]] = {
    "base": {},
    "agora": {"agora": True},
    "leaders": {"leaders": "all"},
    "leaders-points": {"leaders": "points"},
    "leaders-abilities": {"leaders": "abilities"},
    "agora+leaders": {"agora": True, "leaders": "all"},
}
SEEDS = {config: range(1, 5 if config == "base" else 11) for config in CONFIGS}
BUILD = ("construct ", "recruit ", "wonder ", "pythagoras ", "copy ", "euclid ", "trigger ",
         "prepare ", "build ", "place ")


def _builder(legal: list[str], rnd: random.Random) -> str:
    chosen = [t for t in legal if t.startswith(BUILD)]
    return walk(chosen or legal, rnd)


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _events(events: list[Event]) -> list[Any]:
    return [[e.msg.to_json(), list(e.to) if e.to is not None else None] for e in events]


def step_digest(digest: str, state: State, events: list[Event]) -> str:
    """The running digest after one action: everything anyone can observe, and the state."""
    asked = G.prompt(state)
    out = G.outcome(state)
    seen = {
        "state": state,
        "views": [G.view(state, s) for s in (None, 0, 1)],
        "asked": {str(s): m.to_json() for s, m in sorted(asked.items())},
        "legal": [G.legal(state, s) for s in (0, 1)],
        "events": _events(events),
        "outcome": None if out is None else [list(out.winners), list(out.scores),
                                             out.reason.to_json(),
                                             [m.to_json() for m in out.details]],
    }
    return hashlib.sha256((digest + _dump(seen)).encode()).hexdigest()


def record(config: str, seed: int) -> dict[str, Any]:
    """Play a random game (walkers on even seeds, builders on odd ones) and digest it."""
    rnd = random.Random(seed)
    pol = walk if seed % 2 == 0 else _builder
    state = G.setup(2, seed, CONFIGS[config])
    digest = step_digest("", state, [])
    history: list[list[Any]] = []
    for _ in range(MAX_STEPS):
        if G.outcome(state) is not None:
            break
        seat = rnd.choice(sorted(G.prompt(state)))
        text = pol(G.legal(state, seat), rnd)
        state, events = play(G, state, seat, text)
        history.append([seat, text])
        digest = step_digest(digest, state, events)
    return {"config": config, "seed": seed, "history": history, "digest": digest,
            "final": hashlib.sha256(_dump(state).encode()).hexdigest()}


def replay(game: dict[str, Any]) -> tuple[str, str]:
    """The digest and final-state hash of a recorded history replayed through the code now."""
    state = G.setup(2, game["seed"], CONFIGS[game["config"]])
    digest = step_digest("", state, [])
    for seat, text in game["history"]:
        state, events = play(G, state, seat, text)
        digest = step_digest(digest, state, events)
    return digest, hashlib.sha256(_dump(state).encode()).hexdigest()


def load() -> list[dict[str, Any]]:
    return list(json.loads(FIXTURE.read_text(encoding="utf-8"))["games"])


if __name__ == "__main__":
    import sys

    if sys.argv[1:]:
        games = load()
        for g in games:
            if f"{g['config']}-{g['seed']}" in sys.argv[1:]:
                g["digest"], g["final"] = replay(g)
    else:
        games = [record(c, s) for c in CONFIGS for s in SEEDS[c]]
    FIXTURE.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n",
                       encoding="utf-8")
    for g in games:
        print(g["config"], g["seed"], len(g["history"]), g["digest"][:12])
