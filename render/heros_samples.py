"""Sample pictures of Héros du Monde from seeded random games (the real engine, the random
policy), stopped at telling moments: `write_samples(out_dir)` writes `heros-<moment>-board.png`
and `-hand.png` (wired into `tabula samples` by the lead, like the Duel part of samples.py)."""

from __future__ import annotations

from engine.core import Game, State
from render.samples import Predicate, Sample, _never, _winner

GAME = "heros"
NAMES = ("Aurelia", "Bérénice", "Cornélie", "Decimus", "Eudoxia")


def _at(game: Game, era: str, phase: str | None = None, completed: int = 0) -> Predicate:
    def stop(state: State) -> bool:
        v = game.view(state, None)
        return (v["era"] == era and (phase is None or v["phase"] == phase)
                and v["completed"] >= completed and v["step"] != "setup")

    return stop


def _die(game: Game) -> Predicate:
    def stop(state: State) -> bool:
        v = game.view(state, None)
        return v["last_die"] is not None and v["phase"] == "spend" and v["turns"] > 20

    return stop


def samples(game: Game) -> list[Sample]:
    return [
        Sample("setup-3p-en", 3, 4, _at(game, "ancient", "take")),
        Sample("ancient-4p-fr", 4, 3, _at(game, "ancient", "discover", completed=2),
               locale="fr"),
        Sample("conquest-5p-en", 5, 8, _die(game)),
        Sample("modern-2p-en", 2, 4, _at(game, "modern", "place", completed=3)),
        Sample("final-4p-fr", 4, 3, _never, locale="fr", hand_of=_winner(game)),
    ]
