"""Seven Hills sample pictures: seeded random games (engine.policy.walk with the real engine)
stopped at telling moments: the start, the middle of an era, a revolt's defence (several
defenders choose at once), a consul's levy, the end, and resignations; in English and French.
Seven Hills has no options. `render.samples.write_samples` writes them (docs/samples/).
"""

from __future__ import annotations

from engine.core import State
from render.samples import LONG_NAMES, Predicate, Sample, bot_seat, never

GAME = "seven-hills"
NAMES = ("Aurelia", "Brutus", "Cornélie", "Decimus")


def _phase(phase: str, era: int = 1) -> Predicate:
    def stop(state: State) -> bool:
        return state["phase"] == phase and state["era"] >= era

    return stop


def _start(state: State) -> bool:
    return True


def _defence(state: State) -> bool:
    """A revolt's defence with several defenders asked at once."""
    return state["phase"] == "protect" and len(state["revolt"]["defenders"]) > 1


SAMPLES = (
    Sample("start-4p-en", 4, 2, _start),
    Sample("start-3p-fr", 3, 3, _start, locale="fr"),
    Sample("deploy-3p-en", 3, 3, _phase("deploy", 2)),
    Sample("defence-4p-en", 4, 13, _defence,
           names=(LONG_NAMES[0], bot_seat("Themistocles", "medium", "en"), LONG_NAMES[1],
                  bot_seat("Artemisia", "hard", "en"))),
    Sample("defence-3p-fr", 3, 30, _defence, locale="fr"),
    Sample("protect-4p-fr", 4, 5, _phase("protect", 2), locale="fr"),
    Sample("levy-3p-en", 3, 4, _phase("levy", 3)),
    Sample("era4-4p-fr", 4, 6, _phase("act", 4), locale="fr"),
    Sample("final-3p-en", 3, 7, never),
    Sample("final-4p-fr", 4, 8, never, locale="fr",
           names=(bot_seat("Thémistocle", "hard", "fr"), LONG_NAMES[1], "Cornélie",
                  bot_seat("Agrippine", "medium", "fr"))),
    Sample("resign-4p-en", 4, 6, _phase("power", 3), resign=1),
    Sample("resign-3p-fr", 3, 5, _phase("discard", 2), locale="fr", resign=0),
)
