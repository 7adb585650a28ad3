"""What the schema upgrade at start-up says in the bot's log: which migrations run, and how far
a long one is, as a few lines (every 10% of its work), not a bar: the bot runs as a service and
its log is read afterwards.

    upgrading the database schema of tabula.sqlite3 from 5 to 7
    upgrading the schema: migration 0006, 11% (finding the latest turn post of each game:
        1,000,000 of 4,700,000 rows read)   [one line in the log]
    ...
    upgrading the schema: migration 0006, 100% (dropping the older ones: 4,700,000 of
        4,700,000 rows looked at)
    upgrading the schema: migration 0006, the rest of its script
    the database schema of tabula.sqlite3 is upgraded to 7 (74.3 s)

Each store counts its own work (sqlite.py by rows of a table, postgres.py by games); a step too
small to need it (`LONG`) says nothing but the first and the last line.
"""

from __future__ import annotations

import logging
import time

log = logging.getLogger("bot.store")

LONG = 100_000  # rows (or games) from which a long step of a migration tells how far it is
STEPS = 10  # lines of progress for a long step


class Progress:
    """Logs a long step of migration `number` at each tenth of its `total` work, split in
    phases (`phase`: its share of the work and what it does)."""

    def __init__(self, number: int, total: int, phases: int = 1) -> None:
        self.number = number
        self.total = max(total, 1)
        self.phases = phases
        self.shown = 0  # tenths of the whole already logged

    def __call__(self, phase: int, done: int, what: str, unit: str) -> None:
        """`done` of `total` `unit` in phase `phase` (0-based), which does `what`."""
        whole = (phase + min(done, self.total) / self.total) / self.phases
        step = int(whole * STEPS + 1e-9)
        if step <= self.shown:
            return
        self.shown = step
        log.info("upgrading the schema: migration %04d, %d%% (%s: %s of %s %s)", self.number,
                 round(whole * 100), what, f"{done:,}", f"{self.total:,}", unit)

    def rest(self) -> None:
        """The long step is done; the rest of the script runs (its indexes: a while yet on a
        large database, without lines)."""
        log.info("upgrading the schema: migration %04d, the rest of its script", self.number)


class Upgrade:
    """The first and last lines of an upgrade (none when a new database is created)."""

    def __init__(self, where: str, current: int, latest: int) -> None:
        self.where = where
        self.current = current
        self.latest = latest
        self.started = time.monotonic()
        if self.shown:
            log.info("upgrading the database schema of %s from %d to %d", where, current, latest)

    @property
    def shown(self) -> bool:
        return 0 < self.current < self.latest

    def done(self) -> None:
        if self.shown:
            log.info("the database schema of %s is upgraded to %d (%.1f s)", self.where,
                     self.latest, time.monotonic() - self.started)
