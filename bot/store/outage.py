"""The database out of reach or full, told apart from a bug, and said once per outage.

A PostgreSQL server stopped or restarting, a network cut, an SQLite file on a full disk (or
at its `max_page_count`), a file locked beyond the busy timeout: each store call then fails
with its driver's error. `Guarded` wraps a store so that these come out as one exception,
`StorageUnavailable` (the players are told to try again in a minute; nothing was recorded,
since the failing transaction was rolled back), and the log reads one warning when an outage
begins and one line when the database answers again, not a traceback per request.

An outage ends when a call that failed in it succeeds (on a full SQLite disk reads go on
working while writes fail: a read says nothing of the writes), or when a call succeeds long
after the last failure (the failing call may never be made again).
"""

from __future__ import annotations

import functools
import inspect
import logging
import sqlite3
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.metrics import QUERY

log = logging.getLogger(__name__)

T = TypeVar("T")

QUIET = 60.0  # seconds without a failure after which any success ends an outage

# sqlite3.OperationalError texts of a file that cannot be written or read now (not a bug).
SQLITE_OUTAGES = ("database or disk is full", "disk i/o error", "unable to open database file",
                  "readonly database", "database is locked", "database table is locked")


class StorageUnavailable(Exception):
    """The database cannot be reached or written now; the call changed nothing."""


def unavailable(error: BaseException) -> bool:
    """Whether `error`, raised by a store call, is the database being out of reach or full
    rather than a mistake of ours (a bad query, a broken invariant)."""
    if isinstance(error, sqlite3.OperationalError):
        text = str(error).lower()
        return any(part in text for part in SQLITE_OUTAGES)
    if isinstance(error, (OSError, TimeoutError)):  # refused, reset, unreachable, timed out
        return True
    asyncpg = sys.modules.get("asyncpg")  # loaded only by a PostgreSQL store
    if asyncpg is None:
        return False
    kinds = asyncpg.exceptions
    return isinstance(error, (
        kinds.PostgresConnectionError,  # class 08: the connection failed
        kinds.ConnectionDoesNotExistError,  # closed in the middle of a call
        # A pooled connection the server cut while it was idle fails its next call in odd
        # ways ("cannot switch to state 12; another operation is in progress"): the warning
        # names the error, should it ever be one of ours.
        kinds.InterfaceError, kinds.InternalClientError,
        kinds.OperatorInterventionError,  # class 57: shut down, cannot connect now
        kinds.InsufficientResourcesError,  # class 53: disk full, out of memory, connections
    ))


class Outage:
    """Whether the database is failing, to log each outage's start and end once."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.failing: set[str] = set()  # the store calls that failed in this outage
        self.began = 0.0
        self.last = 0.0

    def failed(self, call: str, error: BaseException) -> None:
        now = self.clock()
        if not self.failing:
            self.began = now
            log.warning("the database is unavailable (%s: %s: %s); players are told to try "
                        "again, and nothing more is logged until it answers again",
                        call, type(error).__name__, error)
        self.failing.add(call)
        self.last = now

    def worked(self, call: str) -> None:
        if self.failing and (call in self.failing or self.clock() - self.last >= QUIET):
            log.info("the database answers again (unavailable for %.0f s)",
                     self.clock() - self.began)
            self.failing.clear()


class Guarded:
    """A store whose calls raise StorageUnavailable when the database is out of reach or
    full (see `unavailable`), every other error unchanged; the outages logged by `outage`.
    Anything else (attributes, plain methods) is the store's own."""

    def __init__(self, store: Any, outage: Outage | None = None) -> None:
        self.store = store
        self.outage = outage or Outage()

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.store, name)
        if not callable(found) or name.startswith("_") or not _is_async(found):
            return found
        guarded = _guard(found, name, self.outage)
        setattr(self, name, guarded)  # wrapped once: later calls skip __getattr__
        return guarded


def _is_async(method: Any) -> bool:
    return inspect.iscoroutinefunction(method)


def _guard(method: Callable[..., Awaitable[T]], name: str,
           outage: Outage) -> Callable[..., Awaitable[T]]:
    @functools.wraps(method)
    async def call(*args: Any, **kwargs: Any) -> T:
        start = time.perf_counter()
        try:
            result = await method(*args, **kwargs)
        except StorageUnavailable:
            raise
        except Exception as error:
            if not unavailable(error):
                raise
            outage.failed(name, error)
            raise StorageUnavailable(name) from error
        finally:  # the time of every call, failed ones too (/metrics)
            QUERY.labels(name).observe(time.perf_counter() - start)
        outage.worked(name)
        return result

    return call


def guarded(store: T) -> T:
    """`store`, guarded (once: a guarded store is returned as it is)."""
    if isinstance(store, Guarded):
        return store
    return Guarded(store)  # type: ignore[return-value]
