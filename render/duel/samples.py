"""Sample pictures of 7 Wonders Duel (with Agora and Leaders) from seeded random games (the real
engine, the random policy), stopped at telling moments (render/samples.py writes them)."""

from __future__ import annotations

from engine.core import Game, State
from render.samples import LONG_NAMES, Predicate, Sample, bot_seat, never, winner

DUEL = "duel"
NAMES = ("Aurelia", "Bérénice")


def _duel_at(game: Game, phase: str, age: int | None = None, taken: int = 0,
             draft_round: int | None = None) -> Predicate:
    """The first state in `phase` (of `age`), with at least `taken` cards gone from the structure
    (or in that round of the wonder draft)."""

    def stop(state: State) -> bool:
        v = game.view(state, None)
        if v["phase"] != phase or (age is not None and v["age"] != age):
            return False
        if draft_round is not None and (v.get("draft") or {}).get("round") != draft_round:
            return False
        return sum(1 for s in v.get("structure") or [] if s["taken"]) >= taken

    return stop


def _start(state: State) -> bool:
    """The game as set up, before anyone has moved."""
    return True


def samples(game: Game) -> list[Sample]:
    """Seeds of the engine's random games: 4 ends by civilian victory, 1 by military supremacy,
    373 by scientific supremacy; 4 also reaches the Great Library and the Mausoleum. The start,
    both players choosing leaders at once, two resignations, and every option set (Agora,
    Leaders with each panel, both together) in both languages."""
    return [
        Sample("start-fr", 2, 4, _start, locale="fr"),
        Sample("draft-en", 2, 4, _duel_at(game, "draft", draft_round=2)),
        Sample("age1-en", 2, 4, _duel_at(game, "play", 1, taken=7)),
        Sample("age2-fr", 2, 4, _duel_at(game, "play", 2, taken=9), locale="fr"),
        Sample("age3-en", 2, 4, _duel_at(game, "play", 3, taken=6)),
        Sample("library-fr", 2, 4, _duel_at(game, "library"), locale="fr"),
        Sample("mausoleum-en", 2, 4, _duel_at(game, "mausoleum")),
        Sample("final-civilian-en", 2, 4, never, hand_of=winner(game),
               names=(LONG_NAMES[0], bot_seat("Themistocles", "medium", "en"))),
        Sample("final-military-fr", 2, 1, never, locale="fr", hand_of=winner(game)),
        Sample("final-science-en", 2, 373, never, hand_of=winner(game)),
        Sample("agora-age2-en", 2, 4, _duel_at(game, "play", 2, taken=9), options=AGORA),
        Sample("agora-final-fr", 2, 7, never, locale="fr", options=AGORA,
               hand_of=winner(game),
               names=(bot_seat("Thémistocle", "hard", "fr"), LONG_NAMES[1])),
        Sample("leaders-recruit-en", 2, 4, _duel_at(game, "recruit", 2), options=LEADERS,
               names=(LONG_NAMES[1], bot_seat("Artemisia", "hard", "en"))),
        Sample("resign-age2-en", 2, 4, _duel_at(game, "play", 2, taken=3), resign=1),
        Sample("leaders-abilities-start-en", 2, 8, _start, options={"leaders": "abilities"}),
        Sample("leaders-points-resign-fr", 2, 8, _duel_at(game, "play", 1, taken=4),
               locale="fr", options={"leaders": "points"}, resign=0),
        Sample("leaders-agora-age3-fr", 2, 5, _duel_at(game, "play", 3, taken=5), locale="fr",
               options={**AGORA, **LEADERS}),
    ]


AGORA = {"agora": True}
LEADERS = {"leaders": "all"}
