"""A store that reports the time spent in each of its coroutines: the benchmarks tell the
store's share of a service call from the engine's this way (`tabula bench --games`,
`tabula bench-db`), without the service knowing it is timed."""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from typing import Any

from bot.store import Storage


class TimedStore:
    """`store`, each awaited call reported to `spent(name, seconds)` once it returns."""

    def __init__(self, store: Storage, spent: Callable[[str, float], None]) -> None:
        self.inner = store
        self._spent = spent

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.inner, name)
        if not inspect.iscoroutinefunction(attr):
            return attr

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await attr(*args, **kwargs)
            finally:
                self._spent(name, time.perf_counter() - started)

        return timed
