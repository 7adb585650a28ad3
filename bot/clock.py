"""Turn clocks, in the manner of Rally the Troops: each player has a bank of time that runs while
they are asked to act, gains an increment when their turn ends, and never exceeds a cap.

Pure arithmetic on plain numbers (seconds since the epoch), so that the service can be tested
with a controllable clock and the store only keeps three numbers per seat.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine import Msg

HOUR = 3600.0
DAY = 24 * HOUR
VACATION_DAYS = 30  # the longest a player may pause their clocks at once
EXTRA_TIME = DAY  # what "wait" gives a player whose clock ran out


@dataclass(frozen=True)
class Pace:
    """A time control: `bank` seconds to start with, `increment` per finished turn, `cap` at most."""

    bank: float
    increment: float
    cap: float

    def to_json(self) -> dict[str, float]:
        return {"bank": self.bank, "increment": self.increment, "cap": self.cap}

    @staticmethod
    def from_json(data: Mapping[str, Any] | None) -> Pace | None:
        if not data:
            return None
        return Pace(float(data["bank"]), float(data["increment"]), float(data["cap"]))

    def text(self, locale: str = "en") -> str:
        """`3d+1d/5d`: the form players type, and how the pace is shown; in French, days are
        « j » (`3j+1j/5j`, which parse_pace reads as well)."""
        return "+".join((duration(self.bank, locale), duration(self.increment, locale))) + \
            "/" + duration(self.cap, locale)


# Named paces (RTT offers a handful; ours are for play-by-post, counted in days).
PRESETS: dict[str, Pace] = {
    "fast": Pace(12 * HOUR, 4 * HOUR, DAY),
    "daily": Pace(3 * DAY, DAY, 5 * DAY),
    "relaxed": Pace(7 * DAY, 2 * DAY, 14 * DAY),
}
NO_PACE = ("none", "aucun", "off", "")

# ASCII digits only ([0-9], not \d: Python's \d takes every script's digits), at most 5 before
# the point; a number has digits on both sides of its point (`1..d`, `.5d`: refused).
_NUMBER = r"[0-9]{1,5}(?:\.[0-9]{1,3})?"
_PART = re.compile(rf"({_NUMBER})([dhjm])")
_CUSTOM = re.compile(rf"({_NUMBER}[dhjm])\+({_NUMBER}[dhjm])/({_NUMBER}[dhjm])")


class BadPace(ValueError):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.msg = Msg("error.bad_pace", {"pace": text[:40], "presets": ", ".join(PRESETS)})


def _seconds(part: str, text: str) -> float:
    match = _PART.fullmatch(part)
    if match is None:
        raise BadPace(text)
    number, unit = float(match.group(1)), match.group(2)
    return number * {"d": DAY, "j": DAY, "h": HOUR, "m": 60.0}[unit]


def parse_pace(text: str | None) -> Pace | None:
    """None for no time control; a preset name; or `bank+increment/cap` such as `3d+1d/5d`
    (d or j for days, h hours, m minutes). BadPace for anything else."""
    word = (text or "").strip().lower().replace(" ", "")
    if word in NO_PACE:
        return None
    if word in PRESETS:
        return PRESETS[word]
    match = _CUSTOM.fullmatch(word)
    if match is None:
        raise BadPace(text or "")
    bank, increment, cap = (_seconds(match.group(i), text or "") for i in (1, 2, 3))
    if not (60 <= bank <= cap <= 60 * DAY) or increment < 0 or increment > cap:
        raise BadPace(text or "")
    return Pace(bank, increment, cap)


DAY_UNIT = {"en": "d", "fr": "j"}  # the day's letter in each language (both are typed)


def duration(seconds: float, locale: str = "en") -> str:
    """Compact and exact enough for a clock: `2d`, `1d6h`, `5h`, `40m` (« 2j » in French)."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, int(DAY))
    hours, rest = divmod(rest, int(HOUR))
    minutes = rest // 60
    day = DAY_UNIT.get(locale, "d")
    parts = [f"{days}{day}" if days else "", f"{hours}h" if hours else ""]
    if not days:
        parts.append(f"{minutes}m" if minutes or not hours else "")
    return "".join(parts) or "0m"


@dataclass(frozen=True)
class Clock:
    """One seat's clock: `bank` when it last stopped (None: no time control), running since
    `running_since` (None: stopped), asked to act since `asked_since` (None: not asked)."""

    bank: float | None = None
    running_since: float | None = None
    asked_since: float | None = None

    def left(self, now: float) -> float | None:
        if self.bank is None:
            return None
        spent = now - self.running_since if self.running_since is not None else 0.0
        return self.bank - spent

    def stopped(self, now: float) -> Clock:
        """The clock with the running time taken from the bank (never below zero)."""
        if self.bank is None or self.running_since is None:
            return replace(self, running_since=None)
        return replace(self, bank=max(0.0, self.bank - (now - self.running_since)),
                       running_since=None)


def start(pace: Pace | None, seats: int, asked: Collection[int], now: float,
          away: Collection[int] = ()) -> dict[int, Clock]:
    """The clocks at the start of a game."""
    bank = pace.bank if pace else None
    return {
        seat: Clock(bank, now if bank is not None and seat in asked and seat not in away else None,
                    now if seat in asked else None)
        for seat in range(seats)
    }


def advance(
    pace: Pace | None, clocks: Mapping[int, Clock], asked_before: Collection[int],
    asked_now: Collection[int], mover: int | None, now: float, away: Collection[int] = (),
) -> dict[int, Clock]:
    """The clocks after a change of the game at `now`, made by `mover` (None: not a player's
    move, e.g. an undo or a timeout decision).

    Every running clock stops and pays its time; the mover whose turn has just ended gains the
    increment (up to the cap): a turn of several steps earns it once. Then the clocks of the
    seats asked now start, except for players away on vacation.
    """
    out = {}
    for seat, clock in clocks.items():
        clock = clock.stopped(now)
        if (pace is not None and clock.bank is not None and seat == mover
                and seat in asked_before and seat not in asked_now):
            clock = replace(clock, bank=min(pace.cap, clock.bank + pace.increment))
        asked = seat in asked_now
        fresh = seat not in asked_before or seat == mover
        clock = replace(
            clock,
            running_since=now if asked and clock.bank is not None and seat not in away else None,
            asked_since=(now if fresh else clock.asked_since or now) if asked else None,
        )
        out[seat] = clock
    return out
