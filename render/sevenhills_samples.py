"""Seven Hills sample pictures: seeded random games (engine.policy.walk with the real engine)
stopped at telling moments, rendered to PNG: `seven-hills-<moment>-board.png` and `-hand.png`.
`write_samples` is what `tabula samples` calls (modelled on the Duel part of render/samples.py).
"""

from __future__ import annotations

from engine.core import State
from render.samples import Predicate, Sample, _never

GAME = "seven-hills"
NAMES = ("Aurelia", "Brutus", "Cornélie", "Decimus")


def _phase(phase: str, era: int = 1) -> Predicate:
    def stop(state: State) -> bool:
        return state["phase"] == phase and state["era"] >= era

    return stop


SAMPLES = (
    Sample("preplace-4p-en", 4, 2, _phase("preplace")),
    Sample("deploy-3p-en", 3, 3, _phase("deploy", 2)),
    Sample("protect-4p-fr", 4, 5, _phase("protect", 2), locale="fr"),
    Sample("levy-3p-en", 3, 4, _phase("levy", 3)),
    Sample("era4-4p-fr", 4, 6, _phase("act", 4), locale="fr"),
    Sample("final-3p-en", 3, 7, _never),
    Sample("final-4p-fr", 4, 8, _never, locale="fr"),
)
