"""What one move costs in calls: the Service's public coroutines an edge calls (Discord's
handlers, the console), the store calls they make (bot/bench/timed_store.py's TimedStore,
counting instead of timing), and how often the game's `prompt` runs (issue 26: "one path for a
move").

    calls = Calls()
    service = calls.watch(service, "duel")   # the edge is handed the returned proxy
    calls.reset(); ... one move ...; print(calls.line("/move"))

Counts, not times: they are the same on any machine, so a test can hold them
(tests/discord/test_move_calls.py, which prints them with `-s`).
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.bench.timed_store import TimedStore
from engine.registry import get as get_game


class CountedService:
    """`service`, each public coroutine an edge awaits on it counted in `calls` (the calls the
    service makes of itself are not: they are one call of the edge)."""

    def __init__(self, service: Any, calls: Counter[str]) -> None:
        self.inner = service
        self._calls = calls

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.inner, name)
        if name.startswith("_") or not inspect.iscoroutinefunction(attr):
            return attr

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self._calls[name] += 1
            return await attr(*args, **kwargs)

        return counted


@dataclass
class Calls:
    service: Counter[str] = field(default_factory=Counter)
    store: Counter[str] = field(default_factory=Counter)
    prompt: int = 0
    _undo: list[Callable[[], None]] = field(default_factory=list)

    def watch(self, service: Any, game_key: str) -> CountedService:
        """Count from now on the store calls of `service` and the `prompt` calls of the game
        `game_key`; the proxy to hand the edge, which counts the service calls."""
        store = service.store
        service.store = TimedStore(store, lambda name, _spent: self.store.update([name]))
        game = get_game(game_key)
        prompt = game.prompt

        def counted_prompt(state: Any) -> Any:
            self.prompt += 1
            return prompt(state)

        game.prompt = counted_prompt  # type: ignore[method-assign]
        self._undo += [lambda: setattr(service, "store", store),
                       lambda: game.__dict__.pop("prompt", None)]
        return CountedService(service, self.service)

    def unwatch(self) -> None:
        while self._undo:
            self._undo.pop()()

    def reset(self) -> None:
        self.service.clear()
        self.store.clear()
        self.prompt = 0

    def figures(self) -> tuple[int, int, int]:
        """(service calls, store calls, prompt calls) since the last reset."""
        return sum(self.service.values()), sum(self.store.values()), self.prompt

    def line(self, label: str) -> str:
        def named(counts: Counter[str]) -> str:
            return ", ".join(f"{name}×{n}" if n > 1 else name for name, n in counts.items())

        service, store, prompt = self.figures()
        return (f"{label:<28} {service} service calls ({named(self.service)}); "
                f"{store} store calls ({named(self.store)}); prompt ×{prompt}")
