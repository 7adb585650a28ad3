"""The event-loop lag sampler of `tabula bench --concurrent` sees a blocked loop."""

from __future__ import annotations

import asyncio
import time

from bot.bench.concurrent import LagSampler, percentile


async def test_a_blocked_loop_shows_as_lag() -> None:
    with LagSampler() as sampler:
        sampler.recording = True
        await asyncio.sleep(0.05)
        time.sleep(0.08)  # the loop blocked, as a picture drawn on it would block it
        await asyncio.sleep(0.03)
        sampler.recording = False
    assert max(sampler.lags) >= 70
    assert percentile(sampler.lags, 0.5) < 70  # the other samples woke about on time


def test_percentile() -> None:
    assert percentile([], 0.99) == 0.0
    assert percentile(list(range(100)), 0.99) == 99
    assert percentile([5.0, 1.0, 3.0], 0.5) == 3.0
