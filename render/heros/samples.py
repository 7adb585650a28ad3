"""Sample pictures of Héros du Monde from seeded random games (the real engine, the random
policy), stopped at telling moments: the very start, the first turn, the middle of each era, a
conquest, an out-of-turn question (a defender's wonder), a natural end and a resignation, in
both languages. `render.samples.write_samples(out, ["heros"])` writes their turn pictures,
previews, full boards and hands (docs/samples/heros-*)."""

from __future__ import annotations

from engine.core import Game, State
from render.samples import LONG_NAMES, Predicate, Sample, bot_seat, never, winner

GAME = "heros"
NAMES = ("Aurelia", "Bérénice", "Cornélie", "Decimus", "Eudoxia")
NO_SIMULTANEOUS_CHOICES = (
    "Héros du Monde asks one seat at a time: its out-of-turn questions (a defender's wonder, a "
    "fleeing population, Ajanta at a scoring) are queued and put to one player after another."
)


def _start(state: State) -> bool:
    return True


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


def _asked_out_of_turn(kind: str) -> Predicate:
    """A pending question put to a player whose turn it is not."""

    def stop(state: State) -> bool:
        pending = state["pending"]
        return bool(pending) and pending[0]["kind"] == kind and \
            pending[0]["seat"] != state["active"]

    return stop


def samples(game: Game) -> list[Sample]:
    return [
        Sample("start-2p-fr", 2, 5, _start, locale="fr"),
        Sample("setup-3p-en", 3, 4, _at(game, "ancient", "take")),
        Sample("ancient-4p-fr", 4, 3, _at(game, "ancient", "discover", completed=2),
               locale="fr"),
        Sample("conquest-5p-en", 5, 8, _die(game)),
        Sample("defend-3p-fr", 3, 15, _asked_out_of_turn("defend"), locale="fr"),
        Sample("flee-3p-en", 3, 2, _asked_out_of_turn("flee")),
        Sample("modern-2p-en", 2, 4, _at(game, "modern", "place", completed=3)),
        Sample("final-4p-fr", 4, 3, never, locale="fr", hand_of=winner(game),
               names=(LONG_NAMES[0], bot_seat("Agrippine", "hard", "fr"), "Cornélie",
                      bot_seat("Thémistocle", "medium", "fr"))),
        Sample("final-3p-en", 3, 1, never, hand_of=winner(game)),
        Sample("resigned-5p-en", 5, 8, _at(game, "ancient", "spend", completed=2), resign=3,
               names=(LONG_NAMES[1], bot_seat("Themistocles", "medium", "en"), "Cornelia",
                      LONG_NAMES[0], bot_seat("Agrippina", "hard", "en"))),
        Sample("resigned-4p-fr", 4, 7, _at(game, "modern", "conquer"), locale="fr", resign=0),
    ]
