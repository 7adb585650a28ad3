"""The numbers an operator watches (`/metrics`, bot/web/ops.py), in Prometheus' client library.

Each bot process counts its own (a process serving several shards labels what belongs to one
with `shard`); Prometheus scrapes every process and adds them up. The counters are moved where
things happen (the service, the store's guard, the Discord layer); what the database knows for
every process at once (posts waiting, games active) is read when `/metrics` is asked.
docs/operating.md lists them and says which to alert on.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

# Tabula's own registry, with the process's CPU, memory and file descriptors beside it.
REGISTRY = CollectorRegistry()
for collector in (ProcessCollector, PlatformCollector, GCCollector):
    collector(registry=REGISTRY)

# Discord fails an interaction not answered within 3 s: the buckets are dense around it.
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 10.0)
WORK_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
QUERY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)

MOVES = Counter("tabula_moves_stored", "History entries stored (moves, forced steps, undos)",
                ["game"], registry=REGISTRY)
POSTS_MADE = Counter("tabula_turn_posts_made", "Turn posts that landed (first try or retry)",
                     registry=REGISTRY)
POSTS_FAILED = Counter("tabula_turn_posts_failed",
                       "Turn post tries that did not land, by cause (discord, permission, gone,"
                       " store)", ["kind"], registry=REGISTRY)
POSTS_RETRIED = Counter("tabula_turn_posts_retried",
                        "Tries of a turn post lost earlier (a failure, a crash)",
                        registry=REGISTRY)
POSTS_WAITING = Gauge("tabula_turn_posts_waiting",
                      "Turn posts the database says are owed to Discord (every process)",
                      registry=REGISTRY)
OLDEST_WAITING = Gauge("tabula_turn_posts_oldest_waiting_seconds",
                       "Age of the oldest turn post owed to Discord (0: none)", registry=REGISTRY)
GAMES_ACTIVE = Gauge("tabula_games_active", "Games being played (every process)",
                     registry=REGISTRY)
DATABASE_UP = Gauge("tabula_database_up", "1 when the database answered the last check",
                    registry=REGISTRY)
GATEWAY_UP = Gauge("tabula_gateway_up", "1 when the shard's gateway connection is open",
                   ["shard"], registry=REGISTRY)
GATEWAY_LATENCY = Gauge("tabula_gateway_latency_seconds", "Heartbeat round trip of the shard",
                        ["shard"], registry=REGISTRY)
HTTP_REQUESTS = Counter("tabula_discord_http_requests", "Requests to Discord's HTTP API",
                        ["route"], registry=REGISTRY)
HTTP_ERRORS = Counter("tabula_discord_http_errors",
                      "Discord HTTP requests that failed, by status (or 'connection') and route",
                      ["status", "route"], registry=REGISTRY)
ANSWER = Histogram("tabula_interaction_answer_seconds",
                   "From an interaction's arrival to its first answer (Discord's limit: 3 s)",
                   ["shard", "kind"], buckets=ANSWER_BUCKETS, registry=REGISTRY)
PICTURE = Histogram("tabula_picture_seconds", "Drawing one picture, by game and kind",
                    ["game", "kind"], buckets=WORK_BUCKETS, registry=REGISTRY)
DECISION = Histogram("tabula_bot_decision_seconds", "A computer player's decision",
                     ["game", "level"], buckets=WORK_BUCKETS, registry=REGISTRY)
QUERY = Histogram("tabula_db_query_seconds", "One store call (a query or a transaction)",
                  ["call"], buckets=QUERY_BUCKETS, registry=REGISTRY)


@contextmanager
def timed(histogram: Histogram, *labels: str) -> Iterator[None]:
    """Observe the time the block takes, whether it ends well or raises."""
    start = time.perf_counter()
    try:
        yield
    finally:
        histogram.labels(*labels).observe(time.perf_counter() - start)
