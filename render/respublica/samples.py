"""Sample pictures of Res Publica from seeded random games (the real engine, the random policy),
stopped at telling moments (render/samples.py writes them): a start, groups laid, a trade with
answers given and awaited, a deal whose two partners choose their cards at once, the last round,
the final lay-downs, natural ends and resignations, in both variants and both languages."""

from __future__ import annotations

from engine.core import Game, State
from render.samples import LONG_NAMES, Predicate, Sample, bot_seat, never, winner

GAME = "res-publica"
NAMES = ("Aurelia", "Brutus", "Cornélie", "Decimus", "Eudoxia")


def _groups(state: State, game: Game) -> int:
    return sum(len(s["groups"]) for s in game.view(state, None)["seats"])


def _start(state: State) -> bool:
    return True


def _early(game: Game) -> Predicate:
    def stop(state: State) -> bool:
        v = game.view(state, None)
        return v["phase"] == "turn" and _groups(state, game) >= 1 and v["piles"]["people"] < 40

    return stop


def _just_laid(game: Game, groups: int) -> Predicate:
    """Right after a group is laid (the last move outlines it), with `groups` laid in all."""

    def stop(state: State) -> bool:
        return state["phase"] == "turn" and state["laid"] and _groups(state, game) >= groups

    return stop


def _trading(game: Game) -> Predicate:
    """A trade with answers given and answers awaited: the most instructive moment."""

    def stop(state: State) -> bool:
        trade = game.view(state, None)["trade"]
        if not trade or game.view(state, None)["phase"] != "answers":
            return False
        answers = [a["answer"] for a in trade["answers"]]
        return any(a not in (None, "pass") for a in answers) and None in answers

    return stop


def _both_give(game: Game) -> Predicate:
    """A deal accepted whose two partners both choose the cards they give: asked at once."""

    def stop(state: State) -> bool:
        return state["phase"] == "deliver" and len(game.prompt(state)) > 1

    return stop


def _late(game: Game, groups: int) -> Predicate:
    def stop(state: State) -> bool:
        v = game.view(state, None)
        return v["last_round"] and v["phase"] == "turn" and _groups(state, game) >= groups

    return stop


def _final_laying(state: State) -> bool:
    return state["phase"] == "final"


def samples(game: Game) -> list[Sample]:
    return [
        Sample("start-4p-full-fr", 4, 2, _start, locale="fr"),
        Sample("early-3p-full-en", 3, 11, _early(game)),
        Sample("laid-4p-full-en", 4, 6, _just_laid(game, 5)),
        Sample("trade-5p-full-fr", 5, 3, _trading(game), locale="fr",
               names=(LONG_NAMES[0], bot_seat("Agrippine", "hard", "fr"), "Cornélie",
                      bot_seat("Thémistocle", "medium", "fr"), LONG_NAMES[1])),
        Sample("trade-4p-classic-en", 4, 8, _trading(game), options={"classic": True}),
        Sample("deal-both-give-4p-full-en", 4, 2, _both_give(game)),
        Sample("deal-both-give-3p-classic-fr", 3, 3, _both_give(game), locale="fr",
               options={"classic": True}),
        Sample("last-round-5p-full-en", 5, 21, _late(game, 10)),
        Sample("final-laying-4p-full-fr", 4, 9, _final_laying, locale="fr"),
        Sample("final-5p-full-fr", 5, 21, never, locale="fr", hand_of=winner(game)),
        Sample("final-3p-classic-en", 3, 5, never, options={"classic": True},
               hand_of=winner(game)),
        Sample("resigned-4p-full-en", 4, 6, _just_laid(game, 8), resign=1,
               names=(bot_seat("Themistocles", "medium", "en"), LONG_NAMES[1], "Cornelia",
                      bot_seat("Artemisia", "hard", "en"))),
        Sample("resigned-3p-classic-fr", 3, 7, _trading(game), locale="fr",
               options={"classic": True}, resign=2),
    ]
