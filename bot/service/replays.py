"""The bookkeeping of /game replay (owned by `Service.replays`; looking.py asks it): one render
per game, version, language and size however many ask (the requests wait on the same future),
on a small pool of its own so that turn posts never queue behind a replay, the latest few GIFs
kept, and each user's and each channel's requests counted against their allowance.

A collaborator object rather than attributes of Service: its state is private to it. The limits
and the time are passed in at each call, because the service's may be changed after it is made.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from bot import clock as clocks
from bot.service.model import Limits, ServiceError

ReplayKey = tuple[int, int, str, int]  # game id, version, locale, max bytes


class Replays:
    def __init__(self) -> None:
        self._done: dict[ReplayKey, bytes] = {}  # the latest GIFs
        self._flights: dict[ReplayKey, asyncio.Future[bytes]] = {}  # being drawn or waiting
        self._pool: ThreadPoolExecutor | None = None
        self._asks: dict[tuple[str, int], deque[float]] = {}  # (scope, id) -> request times

    def allow(self, limits: Limits, now: float, channel_id: int, user_id: int | None) -> None:
        """Count a replay request against its user's and its channel's allowance, or refuse
        it (saying when to ask again) without counting it."""
        window = limits.replay_window
        checks = [(("channel", channel_id), limits.replays_per_channel,
                   "error.replay_rate_channel")]
        if user_id is not None:
            checks.insert(0, (("user", user_id), limits.replays_per_user,
                              "error.replay_rate_user"))
        for who, allowed, refusal in checks:
            asks = self._asks.setdefault(who, deque())
            while asks and asks[0] <= now - window:
                asks.popleft()
            if len(asks) >= allowed:
                wait = -(-(asks[0] + window - now) // 60) * 60  # whole minutes, rounded up
                raise ServiceError(refusal, n=allowed, time=clocks.duration(wait),
                                   window=clocks.duration(window))
        for who, _allowed, _refusal in checks:
            self._asks[who].append(now)
        if len(self._asks) > 4096:  # forget those whose window has passed
            self._asks = {k: v for k, v in self._asks.items() if v and v[-1] > now - window}

    def drawn(self, key: ReplayKey) -> bytes | None:
        """The GIF already drawn for `key`, if it is still kept."""
        return self._done.get(key)

    def flight(self, key: ReplayKey, limits: Limits,
               render: Callable[[ThreadPoolExecutor], Awaitable[bytes]]) -> asyncio.Future[bytes]:
        """The render of `key` under way, or a new one started with `render(pool)`; refused
        when `limits.replay_renders` others are under way."""
        flight = self._flights.get(key)
        if flight is None:
            if len(self._flights) >= limits.replay_renders:
                raise ServiceError("error.replay_busy")
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabula-replay")
            # Registered before anything is awaited: whoever asks next joins this render.
            flight = asyncio.ensure_future(render(self._pool))
            self._flights[key] = flight
            flight.add_done_callback(lambda done: self._finished(key, done))
        return flight

    def _finished(self, key: ReplayKey, done: asyncio.Future[bytes]) -> None:
        self._flights.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        if len(self._done) >= 4:  # megabytes each: only the latest few
            self._done.pop(next(iter(self._done)))
        self._done[key] = done.result()
