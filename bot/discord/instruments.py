"""What the Discord layer tells /metrics and /healthz (bot/metrics.py, bot/web/ops.py).

Every REST call of discord.py goes through its `HTTPClient.request` (a wrapper on each client's
own instance), except the answers to interactions and their follow-ups, which go through its
webhook adapter (`AsyncWebhookAdapter.request`, wrapped once per process): both count the
requests and the errors by status and route, and time the answers to interactions, from the
moment the gateway delivered one to the end of its first answer (the callback route).

The gateway's INTERACTION_CREATE parser (discord.py's `ConnectionState.parsers`, which creates
the tasks that answer it) is wrapped too: it starts the timing, and the log lines of those
tasks name the interaction's guild and shard (bot/logcontext.py). What discord.py retried by
itself (a 429, a 5xx before its last try) is not an error here: only what reached the bot's
code as one.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.logcontext import GUILD, SHARD, about
from bot.metrics import ANSWER, HTTP_ERRORS, HTTP_REQUESTS

PENDING_LIMIT = 1000  # interactions remembered at most (one never answered is dropped)
KINDS = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}  # Discord's types


def shard_of(client: discord.Client, guild_id: int | None) -> int:
    """The gateway shard that carries a guild's events (Discord's formula; DMs: shard 0)."""
    count = client.shard_count or 1
    return (guild_id >> 22) % count if guild_id else 0


# interaction id -> (arrival, shard, kind): the answers not made yet, of every client here
PENDING: dict[int, tuple[float, str, str]] = {}


class Instruments:
    """The counters of one client: created with it, it wraps the client's HTTP requests and
    the gateway's INTERACTION_CREATE parser (and, once per process, the webhook requests)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        http = client.http
        http.request = counted(http.request)  # type: ignore[method-assign]
        parsers = client._connection.parsers
        parsers["INTERACTION_CREATE"] = self._arrival(parsers["INTERACTION_CREATE"])
        _count_webhooks()

    def _arrival(self, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        def parsed(data: Any) -> None:
            guild = int(data["guild_id"]) if data.get("guild_id") else None
            shard = shard_of(self.client, guild)
            received(int(data["id"]), shard, KINDS.get(data.get("type"), "other"))
            with about(GUILD, guild), about(SHARD, shard):  # the tasks it starts keep them
                parse(data)

        return parsed


def received(interaction_id: int, shard: int, kind: str) -> None:
    """An interaction arrived: its answer is timed from now."""
    if len(PENDING) >= PENDING_LIMIT:
        PENDING.pop(next(iter(PENDING)))  # the oldest: never answered
    PENDING[interaction_id] = (time.perf_counter(), str(shard), kind)


def _answered(route: Any) -> None:
    """The end of a request on `route`: if it was an interaction's first answer, its time."""
    if not (route.path.startswith("/interactions/") and route.path.endswith("/callback")):
        return
    found = PENDING.pop(int(route.webhook_id or 0), None)
    if found is not None:
        start, shard, kind = found
        ANSWER.labels(shard, kind).observe(time.perf_counter() - start)


def counted(request: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """`request(route, ...)` counted by route, its errors by status, interaction answers
    timed."""

    async def call(route: Any, *args: Any, **kwargs: Any) -> Any:
        name = f"{route.method} {route.path}"  # the template: ids never make a label
        HTTP_REQUESTS.labels(name).inc()
        try:
            return await request(route, *args, **kwargs)
        except discord.HTTPException as error:
            HTTP_ERRORS.labels(str(error.status), name).inc()
            raise
        except (TimeoutError, aiohttp.ClientError, OSError):
            HTTP_ERRORS.labels("connection", name).inc()
            raise
        finally:
            _answered(route)

    return call


def _count_webhooks() -> None:
    """Interaction answers and follow-ups go through discord.py's webhook adapter, one for the
    process, not through the client's HTTPClient: its `request` is counted once."""
    adapter = AsyncWebhookAdapter
    if getattr(adapter.request, "tabula_counted", False):
        return
    plain = adapter.request

    async def request(self: AsyncWebhookAdapter, route: Any, *args: Any, **kwargs: Any) -> Any:
        return await counted(functools.partial(plain, self))(route, *args, **kwargs)

    request.tabula_counted = True  # type: ignore[attr-defined]
    adapter.request = request  # type: ignore[method-assign]


@dataclass(frozen=True)
class Shard:
    """One gateway shard as /healthz shows it."""

    id: int
    connected: bool
    latency: float | None  # seconds, None before the first heartbeat's answer


def shards(client: discord.Client) -> list[Shard]:
    """Each shard this process serves: connected (its websocket open, READY received)?"""
    if isinstance(client, discord.AutoShardedClient):
        ids = client.shard_ids or list(range(client.shard_count or 1))
        found = []
        for shard_id in ids:
            info = client.get_shard(shard_id)
            up = info is not None and client.is_ready() and not _closed(info.is_closed)
            found.append(Shard(shard_id, up, _finite(info.latency) if info else None))
        return found
    ws = client.ws
    up = (client.is_ready() and not client.is_closed() and ws is not None
          and not _closed(lambda: not ws.open))
    return [Shard(client.shard_id or 0, up, _finite(client.latency))]


def _closed(check: Callable[[], bool]) -> bool:
    try:
        return check()
    except AttributeError:  # a shard whose websocket is not made yet
        return True


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None
