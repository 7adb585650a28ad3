"""The operator's routes: `/healthz` (for a supervisor or a load balancer) and `/metrics` (for
Prometheus). Neither is for players: with TABULA_METRICS_TOKEN set, each asks for it as a bearer
token (401 otherwise); without one, each answers only a client on this machine (403 otherwise),
whatever address the server listens on. A reverse proxy on this machine must therefore not pass
them on (docs/operating.md).

Both ask the database the same cheap questions (the turn posts owed to Discord, through the
store) within PROBE_SECONDS, and look at each gateway shard of this process.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot import metrics
from bot.discord.instruments import Shard, shards
from bot.service import Service
from bot.store import StorageUnavailable
from bot.web.keys import BOT, SERVICE, SETTINGS

PROBE_SECONDS = 3.0  # a database slower than this to answer is not healthy
OLDEST_LOOKS = 50  # the oldest waiting post is sought among this many games at most

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def setup(app: web.Application) -> None:
    app.router.add_get("/healthz", operator_only(healthz))
    app.router.add_get("/metrics", operator_only(scrape))


def operator_only(handler: Handler) -> Handler:
    """The route answers the bearer of TABULA_METRICS_TOKEN, or without a token a client on
    this machine only."""

    async def guarded(request: web.Request) -> web.StreamResponse:
        token = request.app[SETTINGS].token
        if token is not None:
            given = request.headers.get("Authorization", "")
            if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
                return web.json_response({"error": "a bearer token is required"}, status=401,
                                         headers={"WWW-Authenticate": 'Bearer realm="tabula"'})
        elif not _loopback(request.remote):
            return web.json_response({"error": "for this machine only (or set "
                                      "TABULA_METRICS_TOKEN)"}, status=403)
        return await handler(request)

    return guarded


def _loopback(remote: str | None) -> bool:
    try:
        return remote is not None and ipaddress.ip_address(remote).is_loopback
    except ValueError:
        return False  # a Unix socket or an odd peer: not known to be this machine


@dataclass
class Health:
    """What the database and the gateway say at one moment."""

    shards: list[Shard]
    database: str | None = None  # None: it answered; else what went wrong
    waiting: int | None = None  # turn posts owed to Discord (every process's)
    oldest: float | None = None  # seconds the oldest of them has waited
    active: int | None = None  # games being played
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.database is None and all(s.connected for s in self.shards)


async def probe(service: Service, shards_now: list[Shard], *, active: bool = False) -> Health:
    """Ask the database (within PROBE_SECONDS) and look at the shards."""
    health = Health(shards_now)
    try:
        async with asyncio.timeout(PROBE_SECONDS):
            lost = await service.lost_posts()
            health.waiting = len(lost)
            health.oldest = await _oldest(service, [game_id for game_id, _, _ in lost])
            if active:  # every active game asks someone: one query, no states read
                health.active = len({w.game_id for w in await service.store.waiting()})
    except TimeoutError:
        health.database = f"no answer within {PROBE_SECONDS:g} s"
    except StorageUnavailable as error:
        cause = error.__cause__
        health.database = f"unavailable ({type(cause).__name__ if cause else error}: {cause})"
    except Exception as error:  # a broken database is unhealthy too, whatever it raised
        health.database = f"{type(error).__name__}: {str(error)[:200]}"
    if health.database is not None:
        health.problems.append(f"database: {health.database}")
    health.problems += [f"shard {s.id}: gateway not connected" for s in shards_now
                        if not s.connected]
    return health


async def _oldest(service: Service, game_ids: list[int]) -> float:
    """Seconds since the oldest change still unposted (0: none): a game owed a post has not
    changed since the change it owes."""
    times = [row.updated_at for game_id in game_ids[:OLDEST_LOOKS]
             if (row := await service.store.game(game_id)) is not None]
    return max(0.0, service.clock() - min(times)) if times else 0.0


async def healthz(request: web.Request) -> web.Response:
    """200 when the database answers and every shard is connected, else 503; the JSON says
    which, and the turn posts waiting for Discord."""
    health = await probe(request.app[SERVICE], shards(request.app[BOT]))
    body = {
        "status": "ok" if health.ok else "failing",
        "problems": health.problems,
        "database": {"ok": health.database is None, "error": health.database},
        "shards": [{"id": s.id, "connected": s.connected,
                    "latency_ms": round(s.latency * 1000) if s.latency is not None else None}
                   for s in health.shards],
        "posts_waiting": health.waiting,
        "oldest_waiting_seconds": round(health.oldest, 1) if health.oldest is not None else None,
    }
    return web.json_response(body, status=200 if health.ok else 503)


async def scrape(request: web.Request) -> web.Response:
    """Prometheus' text format: the counters as they stand, with what the database and the
    gateway say now."""
    health = await probe(request.app[SERVICE], shards(request.app[BOT]), active=True)
    metrics.DATABASE_UP.set(1 if health.database is None else 0)
    if health.database is None:  # else the last values stand (Prometheus sees the gap)
        metrics.POSTS_WAITING.set(health.waiting or 0)
        metrics.OLDEST_WAITING.set(health.oldest or 0.0)
        metrics.GAMES_ACTIVE.set(health.active or 0)
    for shard in health.shards:
        metrics.GATEWAY_UP.labels(str(shard.id)).set(1 if shard.connected else 0)
        if shard.latency is not None:
            metrics.GATEWAY_LATENCY.labels(str(shard.id)).set(shard.latency)
    return web.Response(body=generate_latest(metrics.REGISTRY),
                        headers={"Content-Type": CONTENT_TYPE_LATEST})
