"""Sample pictures of Héros du Monde from seeded random games (the real engine, the random
policy), stopped at telling moments: `write_samples(out_dir)` writes `heros-<moment>-board.png`
and `-hand.png` (wired into `tabula samples` by the lead, like the Duel part of samples.py)."""

from __future__ import annotations

from pathlib import Path

from engine import registry
from engine.core import Game, State
from render import board_png, hand_png
from render.samples import Predicate, Sample, _never, _winner, play_until

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


def write_samples(out_dir: Path) -> list[Path]:
    """Write the Héros du Monde sample pictures into `out_dir`; returns the paths written."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    game = registry.get(GAME)
    written: list[Path] = []
    for sample in samples(game):
        state = play_until(game, sample.players, sample.seed, sample.options, sample.stop)
        players = list(NAMES[: sample.players])
        view = game.view(state, None)
        board = out_dir / f"{GAME}-{sample.name}-board.png"
        board.write_bytes(board_png(GAME, view, players, sample.locale))
        written.append(board)
        if sample.hand_of is not None:
            seat = sample.hand_of(state)
        else:
            seat = view["active"] if view["active"] is not None else 0
        hand = out_dir / f"{GAME}-{sample.name}-hand.png"
        hand.write_bytes(hand_png(GAME, game.view(state, seat), players, sample.locale))
        written.append(hand)
    return written
