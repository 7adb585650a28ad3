"""A clean stop of `tabula run` (SIGTERM from systemd or a deploy, SIGINT from Ctrl+C).

At the first signal the bot takes no new interaction: each one arriving is answered at once with
a short "the bot is restarting, try again in a moment" in the user's language (better than
Discord's "This interaction failed" after 3 s; nothing was done for it). The interactions in
flight (a move, its turn post, the player's answer) are given DRAIN_SECONDS to finish; any still
running then are stopped with the client, and what they stored but did not post is posted by the
lost-post repair at the next start. Then the close hooks run (the web server's), the gateway and
the store close, and the process exits 0, within STOP_SECONDS whatever hangs. A second signal
exits at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.discord.i18n import t, user_locale
from bot.discord.replies import tell

if TYPE_CHECKING:
    from bot.discord.client import TabulaBot

log = logging.getLogger(__name__)

DRAIN_SECONDS = 6.0  # for the moves in flight to be stored, posted and answered
STOP_SECONDS = 10.0  # the whole stop, whatever hangs (systemd's TimeoutStopSec must be more)
ANSWERED = (discord.InteractionType.application_command, discord.InteractionType.component,
            discord.InteractionType.modal_submit)  # autocomplete has nobody to tell


class Stopper:
    """The interactions a client is handling, and the refusal of new ones once it stops."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.stopping = False
        self.in_flight: set[asyncio.Task[Any]] = set()
        self._told: set[asyncio.Task[Any]] = set()
        self._stop: asyncio.Task[None] | None = None
        self.main: asyncio.Task[Any] | None = None  # cancelled to stop (install_signals)
        # discord.py hands each gateway event to its parser from this dict (the same object for
        # every shard's connection): the one chokepoint that sees every interaction first.
        parsers = client._connection.parsers
        self._parse = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._interaction

    def _interaction(self, data: Any) -> None:
        if self.stopping:
            interaction = discord.Interaction(data=data, state=self.client._connection)
            if interaction.type in ANSWERED:
                task = asyncio.create_task(_restarting(interaction), name="tabula-stopping")
                self._told.add(task)
                task.add_done_callback(self._told.discard)
            return
        # The tasks discord.py starts for this interaction (the command tree's, the views',
        # on_interaction): the move's whole handling, its turn post included.
        before = asyncio.all_tasks()
        self._parse(data)
        for task in asyncio.all_tasks() - before:
            self.in_flight.add(task)
            task.add_done_callback(self.in_flight.discard)

    async def drain(self, timeout: float = DRAIN_SECONDS) -> int:
        """Take no new interaction; wait up to `timeout` for those in flight. The number still
        running then."""
        self.stopping = True
        pending = {task for task in self.in_flight if not task.done()}
        left: set[asyncio.Task[Any]] = set()
        if pending:
            log.info("interactions in flight to wait for: %d", len(pending))
            _, left = await asyncio.wait(pending, timeout=timeout)
        if self._told:  # the "restarting" answers already on their way
            await asyncio.wait(set(self._told), timeout=1)
        return len(left)

    def signal(self, signum: int) -> None:
        """The handler of SIGTERM and SIGINT: the first stops cleanly, a second at once."""
        name = signal.Signals(signum).name
        if self._stop is not None:
            os.write(2, f"tabula: {name} again: stopped at once.\n".encode())
            os._exit(128 + signum)
        log.info("%s: no new interactions; finishing the moves in flight, then stopping", name)
        asyncio.get_running_loop().call_later(STOP_SECONDS, _too_long, name)
        self._stop = asyncio.create_task(self._stopped(), name="tabula-stop")

    async def _stopped(self) -> None:
        left = await self.drain()
        if left:
            log.warning("%d interactions still running after %.0f s: stopping anyway (a stored "
                        "move's turn post is made by the repair at the next start)", left,
                        DRAIN_SECONDS)
        if self.main is not None:
            # The way out Ctrl+C always took: cancelling `tabula run`'s task lets its `async
            # with` close the client (close hooks, gateway: a clean 1000 close) and the store.
            # A close() from this task instead races the gateway's reader for the socket.
            self.main.cancel()
        else:
            await self.client.close()


async def _restarting(interaction: discord.Interaction) -> None:
    with contextlib.suppress(discord.HTTPException, aiohttp.ClientError, OSError):
        await tell(interaction, t("discord.restarting", user_locale(interaction)))


def _too_long(name: str) -> None:
    os.write(2, f"tabula: still stopping {STOP_SECONDS:.0f} s after {name}: stopped at once."
                "\n".encode())
    os._exit(1)


async def run_close_hooks(bot: TabulaBot, timeout: float = 2.0) -> None:
    """The client's close hooks (the web server joins them), together, each within `timeout`:
    one that fails or hangs is logged and does not keep the bot from stopping."""
    hooks = list(bot.close_hooks)
    bot.close_hooks.clear()  # close() may be called twice
    results = await asyncio.gather(*(asyncio.wait_for(hook(), timeout) for hook in hooks),
                                   return_exceptions=True)
    for hook, result in zip(hooks, results, strict=True):
        if isinstance(result, BaseException):
            log.error("closing %r failed: %r", hook, result)


def install_signals(stopper: Stopper) -> None:
    """SIGTERM and SIGINT call `stopper.signal`, which cancels the calling task once the
    interactions in flight are done (no signal handlers on Windows: Ctrl+C then
    stops the bot as before, by cancelling it)."""
    stopper.main = asyncio.current_task()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stopper.signal, signum)
