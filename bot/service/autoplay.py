"""The background task that plays the bot seats, for the Discord client and the console alike.

Whenever a bot is asked to act (its turn, a simultaneous choice, a question out of turn such as
a trade answer or a wonder's reaction), it answers after a short delay (`TABULA_BOT_DELAY`
seconds, default 2, so that a channel reads as people play; 0 in tests), spent only after
something the channel was shown: the steps of bots' turns told together in one post follow one
another at once. The edge calls `wake`
after posting a turn that asks a bot, so each bot move follows the post of the move before it;
a round every `RESCAN` seconds (and one at start-up) finds what no wake announced: games left
waiting on a bot by a restart, or moved by another process.

One worker per game plays its bots (each decision is made from the game as it stands, off the
event loop, on the bots' worker processes: Service.bot_moves); the bots asked at once (a
simultaneous choice) decide at the same time after one delay, and workers of different games
run side by side. A worker ends when no bot of its game is asked. What a move produced goes to `post` (the turn
post in Discord, printed lines in the console).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Callable

from bot.service import How, Report, Service, StorageUnavailable

log = logging.getLogger(__name__)

ENV_DELAY = "TABULA_BOT_DELAY"
DEFAULT_DELAY = 2.0
RESCAN = 30.0  # seconds between two looks for bot turns that no wake announced
TASK_PREFIX = "tabula-bot:"  # the workers' task names (tests wait for them to be done)


def bot_delay() -> float:
    """Seconds a bot waits before each move: $TABULA_BOT_DELAY (0 or more), else 2."""
    raw = os.environ.get(ENV_DELAY, "").strip()
    try:
        value = float(raw) if raw else DEFAULT_DELAY
    except ValueError:
        return DEFAULT_DELAY
    return max(0.0, value)


class Autoplay:
    def __init__(
        self, service: Service, post: Callable[[Report], Awaitable[object]], *,
        delay: float | None = None, rescan: float = RESCAN,
    ) -> None:
        self.service, self.post = service, post
        self.delay = bot_delay() if delay is None else delay
        self.rescan = rescan
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # woken while their worker was busy: look once more
        self._round: asyncio.Task[None] | None = None
        self._stopped = False

    def start(self) -> None:
        """Start the round (at once, then every `rescan` seconds); never again once stopped:
        a READY whose repair was still running when the client closed must not start it."""
        if self._round is None and not self._stopped:
            self._round = asyncio.create_task(self._rounds(), name="tabula-bots-round")

    async def stop(self) -> None:
        self._stopped = True
        tasks = [t for t in (self._round, *self._workers.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._round = None
        self._workers.clear()

    def wake(self, game_id: int) -> None:
        """A bot of the game may be asked: make sure a worker looks (now, in this task's
        turn of the loop, so that whoever waits for the bot tasks sees it)."""
        task = self._workers.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._workers[game_id] = asyncio.create_task(self._work(game_id),
                                                     name=f"{TASK_PREFIX}{game_id}")

    async def idle(self) -> None:
        """Wait until no worker is busy (the console reads its next line then)."""
        while busy := [t for t in self._workers.values() if not t.done()]:
            await asyncio.wait(busy)

    async def once(self) -> None:
        """One round: wake the worker of every game waiting on a bot."""
        for game_id in await self.service.bot_games():
            self.wake(game_id)

    async def pause(self) -> None:
        """The delay before bots' moves that follow something the channel was shown."""
        await asyncio.sleep(self.delay)

    async def _rounds(self) -> None:
        while True:
            try:
                await self.once()
            except StorageUnavailable:
                pass  # logged once per outage (bot/store/outage.py); the next round retries
            except Exception:
                log.exception("the round of bot turns failed")
            await asyncio.sleep(self.rescan)

    async def _work(self, game_id: int) -> None:
        tried: set[tuple[int, int]] = set()
        shown = True  # the channel has just been shown the game (or may have been)
        try:
            while True:
                self._again.discard(game_id)
                turns = [t for t in await self.service.bot_turns(game_id) if t not in tried]
                if not turns:
                    if game_id in self._again:
                        continue
                    return
                # The delay lets a channel read as people play: it is spent before a move
                # that follows something shown, not between the steps of bots' turns that
                # the channel will read together in one post (bot.service.telling).
                if self.delay and shown:
                    await self.pause()
                tried.update(turns)  # decided once per version: never a loop
                # The bots asked at once (a simultaneous choice) think at the same time, each
                # on a worker of the bots' pool, after one delay; their moves are stored in
                # seat order, and a move the others' made stale is decided again next time.
                reports = await self.service.bot_moves(game_id, turns)
                shown = any(r is None or r.how is not How.QUIET for r in reports)
                for report in reports:
                    if report is not None:
                        await self.post(report)
        except asyncio.CancelledError:
            raise
        except StorageUnavailable:
            pass  # logged once per outage; the next round (every `rescan` s) retries
        except Exception:
            log.exception("a bot of game %s could not play", game_id)
        finally:
            if self._workers.get(game_id) is asyncio.current_task():
                del self._workers[game_id]
