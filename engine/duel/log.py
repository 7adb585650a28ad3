"""Whether Duel's rules write their log lines now.

A random playout reads none (Duel.play_to_end), and building them (a few objects a line, a
card's name in each) was about a twentieth of its time. A context variable, as Seven Hills'
(engine/sevenhills/step.py): a move played meanwhile in another thread still logs. Only the log
lines stop: what the state keeps is written as ever, and a line the rules read back
(`game.lose_coins`, which Leaders' looting reads) is always written.
"""

from __future__ import annotations

from contextvars import ContextVar

_logging: ContextVar[bool] = ContextVar("duel_logging", default=True)

# Whether log lines are written now: the handlers of a playout's commonest steps ask it before
# building a line. The context variable's own method: no Python call.
logged = _logging.get


class unlogged:  # lower case as contextlib.suppress: read `with unlogged():`
    """The rules applied without writing their commonest log lines (a whole random playout). A
    class: a generator's context manager costs more calls."""

    def __enter__(self) -> None:
        self.token = _logging.set(False)

    def __exit__(self, *exc: object) -> None:
        _logging.reset(self.token)
