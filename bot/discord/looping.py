"""A task the client keeps running beside the gateway, from start-up to close: the clock's
ticker (notify.Ticker) and the turn posts' retry (retry.Reposter). Each runs its own loop in
`_run`; this holds the one way they start and stop."""

from __future__ import annotations

import asyncio
import contextlib


class Looping:
    NAME = "tabula-task"  # the asyncio task's name, seen in debugging output
    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self.NAME)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        raise NotImplementedError
