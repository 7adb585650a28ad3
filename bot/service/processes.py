"""Worker processes that draw the pictures and think for the bots, so that both cores work and the
event loop stays free.

Drawing and PNG encoding are CPU work in Python and Pillow. In threads of the bot's process they
share one interpreter lock with the event loop: 50 moves at once took as long as 50 in a row and
the loop lagged behind them (issue 17). A pool of processes, one per core by default, draws in
parallel while the bot's process only waits on the results.

- Processes start with "forkserver": forking the bot itself (threads, sockets, an event loop)
  is unsafe, and a fresh server imports only what drawing needs.
- Started lazily, at the first picture (or `warm()` at start-up), so a command that draws
  nothing starts none; stopped at exit.
- A worker that dies (killed, out of memory) breaks the pool: the next call starts a new pool
  and tries once more, so one crash costs one slow picture, not every picture after it.
- The bots' processes run at a lower priority (nice): a bot thinking for two seconds must not
  delay the picture of a person's move.
- `TABULA_PROCESSES` sets each pool's size; 0 works in the calling thread (no processes).
"""

from __future__ import annotations

import atexit
import importlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")


def cores() -> int:
    """The cores this process may run on (the machine's, or fewer under a CPU affinity)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def configured(default: int | None = None) -> int:
    """The pool size: `default` if given, else $TABULA_PROCESSES, else one per core."""
    if default is not None:
        return default
    raw = os.environ.get("TABULA_PROCESSES", "").strip()
    if raw:
        try:
            return max(0, int(raw))
        except ValueError:
            raise SystemExit(f"TABULA_PROCESSES must be a number, not {raw!r}") from None
    return cores()


def _ready(module: str = "", nice: int = 0) -> int:
    """Run in each worker when it starts: leave with the bot's process, lower its priority by
    `nice` and import `module` (render: Pillow, numpy and fonts, the slow imports) before the
    first call."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()
        # Ctrl+C in a terminal reaches every process of its group: the bot's clean stop still
        # needs its workers for the moves in flight, and they end with it.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        os.nice(nice)
    if module:
        importlib.import_module(module)
    return os.getpid()


def _exit_with(sentinel: int) -> None:
    """Wait for the bot's process to end, then end this worker. A pool's workers wait on a
    queue whose writing end they hold themselves: without this, a bot killed outright (SIGKILL,
    out of memory) would leave them, and the output pipes they share with it, open forever."""
    multiprocessing.connection.wait([sentinel])
    os.kill(os.getpid(), signal.SIGTERM)  # the default action: end now, whatever else runs


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


class Processes:
    """A process pool of `size` workers (0: call in the caller's thread), restarted if broken;
    each worker imports `module` at start and runs `nice` levels below normal priority."""

    def __init__(self, size: int, name: str, module: str = "", nice: int = 0) -> None:
        self.size = size
        self.name = name
        self.module = module
        self.nice = nice
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.restarts = 0

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context(
                    "forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
                    else "spawn")
                self._pool = ProcessPoolExecutor(self.size, mp_context=context,
                                                 initializer=_ready,
                                                 initargs=(self.module, self.nice))
                atexit.register(self._pool.shutdown, wait=False, cancel_futures=True)
            return self._pool

    def _broken(self, pool: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool = None
                self.restarts += 1
        pool.shutdown(wait=False, cancel_futures=True)

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) in a worker (blocking the calling thread until it is done): `fn` and its
        arguments travel by pickle, so `fn` is a module-level function."""
        if self.size == 0:
            return fn(*args)
        for attempt in (1, 2):
            pool = self._executor()
            try:
                return pool.submit(fn, *args).result()
            except BrokenProcessPool:
                self._broken(pool)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def warm(self) -> list[int]:
        """Start every worker now (and import render in each): the pids of the workers."""
        if self.size == 0:
            return []
        pool = self._executor()
        seen: set[int] = set()
        deadline = time.monotonic() + 60
        # A worker that is up takes every quick call while the others still start: ask until
        # each has answered.
        while len(seen) < self.size and time.monotonic() < deadline:
            seen |= {f.result() for f in [pool.submit(_pid_after, 0.05)
                                          for _ in range(self.size)]}
        return sorted(seen)

    def pids(self) -> list[int]:
        """The workers' process ids (for tests and diagnostics)."""
        pool = self._pool
        return sorted(pool._processes) if pool is not None and pool._processes else []

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


# One pool per name and size in a process, shared by every service in it (tests make many).
_SHARED: dict[tuple[str, int], Processes] = {}
_SHARED_LOCK = threading.Lock()


def shared(name: str, size: int, module: str = "", nice: int = 0) -> Processes:
    """The process's pool called `name` of `size` workers, made at the first call."""
    with _SHARED_LOCK:
        key = (name, size)
        if key not in _SHARED:
            _SHARED[key] = Processes(size, name, module, nice)
        return _SHARED[key]
