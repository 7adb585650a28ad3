"""The bot's web server: one aiohttp application inside the `tabula run` process, beside the
gateway, on the same event loop (aiohttp comes with discord.py).

Each concern brings its routes in a module of its own, joined in `make_app`: today `ops` (the
operator's /healthz and /metrics); the game pages (issue 41) join the same way. `serving`
starts it for the life of the client when TABULA_WEB_PORT is not `off` (bot/config.py:
127.0.0.1:8080 by default; port 0 picks a free port, which the log says).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
from aiohttp import web

from bot.config import Web
from bot.service import Service
from bot.web import ops
from bot.web.keys import BOT, SERVICE, SETTINGS

log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 2.0  # a scrape in flight at a stop gets this long (a clean stop is < 10 s)


def make_app(bot: discord.Client, service: Service, settings: Web) -> web.Application:
    """The application, every concern's routes joined."""
    app = web.Application()
    app[BOT], app[SERVICE], app[SETTINGS] = bot, service, settings
    ops.setup(app)
    return app


class WebServer:
    """An application listening on `host:port` (`start`, then `stop`); `port`: the port it got
    (the one chosen for port 0)."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app, self.host, self.port = app, host, port
        self.runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)

    async def start(self) -> WebServer:
        await self.runner.setup()
        try:
            await web.TCPSite(self.runner, self.host, self.port).start()
        except BaseException:
            await self.runner.cleanup()
            raise
        self.port = int(self.runner.addresses[0][1])
        return self

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def stop(self) -> None:
        await self.runner.cleanup()


@asynccontextmanager
async def serving(bot: discord.Client, service: Service,
                  settings: Web | None) -> AsyncIterator[WebServer | None]:
    """The web server for as long as the block runs (None: turned off, or it could not listen:
    then the error is logged and the bot serves its players all the same)."""
    if settings is None:
        yield None
        return
    try:
        server = await WebServer(make_app(bot, service, settings), settings.host,
                                 settings.port).start()
    except OSError as error:
        log.error("the web server cannot listen on %s port %s (%s): /healthz and /metrics are "
                  "off until a restart; set TABULA_WEB_PORT to a free port, or off",
                  settings.host, settings.port, error)
        yield None
        return
    log.info("the web server listens on %s (/healthz, /metrics%s)", server.url,
             ", bearer token required" if settings.token else ", this machine only")
    try:
        yield server
    finally:
        await server.stop()
