"""The operator's web routes (bot/web/ops.py) on the real bot against the stand-in: /metrics in
Prometheus' format moved by a move and its post, /healthz failing while PostgreSQL is stopped,
the bearer token."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.config import Web
from bot.web import WebServer, make_app
from tests.conftest import TEMPLATE
from tests.e2e.conftest import World
from tests.e2e.play import called
from tests.e2e.test_interactions import open_game
from tests.e2e.test_refusals import admin
from tests.pg import PgServer
from tests.standin.model import SEND_MESSAGES

pytestmark = pytest.mark.e2e


@asynccontextmanager
async def web_of(world: World, token: str | None = None) -> AsyncIterator[WebServer]:
    """The bot's web server on a free loopback port, as `tabula run` starts it."""
    assert world.bot is not None and world.service is not None
    server = await WebServer(make_app(world.bot, world.service, Web("127.0.0.1", 0, token)),
                             "127.0.0.1", 0).start()
    try:
        yield server
    finally:
        await server.stop()


async def get(server: WebServer, path: str, token: str | None = None,
              ) -> tuple[int, str, dict[str, str]]:
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    async with aiohttp.ClientSession() as session, \
            session.get(server.url + path, headers=headers) as response:
        return response.status, await response.text(), dict(response.headers)


Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


async def scrape(server: WebServer) -> Samples:
    """Every sample of /metrics, parsed by Prometheus' own parser: (name, labels) -> value."""
    status, body, headers = await get(server, "/metrics")
    assert status == 200 and headers["Content-Type"].startswith("text/plain; version=")
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(body) for s in family.samples}


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of the samples named so whose labels include `labels`."""
    wanted = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and wanted <= ls)


async def test_a_move_moves_the_counters(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    async with web_of(world) as server:
        players = await open_game(world, monkeypatch)
        before = await scrape(server)
        [player] = called(world, players)
        menu = (await world.click_on_turn(player, "tabula:play:")).last
        select = menu.components[0]["components"][0]
        end = next(o["value"] for o in select["options"] if o["label"] == "End your turn")
        assert not (await player.choose(menu, select["custom_id"], [end])).failed
        after = await scrape(server)
        status, body, _ = await get(server, "/healthz")

    def grew(name: str, **labels: str) -> float:
        return total(after, name, **labels) - total(before, name, **labels)

    assert grew("tabula_moves_stored_total", game="res-publica") >= 1
    assert grew("tabula_turn_posts_made_total") >= 1
    assert grew("tabula_picture_seconds_count", game="res-publica", kind="turn") >= 1
    assert grew("tabula_interaction_answer_seconds_count", shard="0", kind="component") >= 2
    assert grew("tabula_db_query_seconds_count", call="append_action") >= 1
    assert grew("tabula_discord_http_requests_total",
                route="POST /channels/{channel_id}/messages") >= 1
    assert total(after, "tabula_games_active") >= 1
    assert total(after, "tabula_gateway_up", shard="0") == 1
    assert total(after, "tabula_database_up") == 1
    assert total(after, "tabula_turn_posts_waiting") == 0
    assert total(after, "process_resident_memory_bytes") > 0
    assert status == 200, body
    health: dict[str, Any] = json.loads(body)
    assert health["status"] == "ok" and health["problems"] == []
    assert health["shards"] == [{"id": 0, "connected": True,
                                 "latency_ms": health["shards"][0]["latency_ms"]}]
    assert health["posts_waiting"] == 0 and health["oldest_waiting_seconds"] == 0


async def test_a_refused_post_is_an_error_by_status_and_route_and_waits(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A post Discord refuses (the bot may no longer send in the channel): its 403 is counted
    by route, the post waits in /healthz and /metrics with its age, and /healthz stays 200 (the
    bot itself is well: the alert is on the age)."""
    async with web_of(world) as server:
        players = await open_game(world, monkeypatch)
        before = await scrape(server)
        [player] = called(world, players)
        world.standin.channel.bot_permissions &= ~SEND_MESSAGES
        moved = await player.slash("move", action="end")
        assert "Your move is recorded" in moved.text, moved.text
        after = await scrape(server)
        status, body, _ = await get(server, "/healthz")
    world.errors.clear()
    route = "POST /channels/{channel_id}/messages"
    assert total(after, "tabula_discord_http_errors_total", status="403", route=route) \
        - total(before, "tabula_discord_http_errors_total", status="403", route=route) == 1
    assert total(after, "tabula_turn_posts_failed_total", kind="permission") \
        - total(before, "tabula_turn_posts_failed_total", kind="permission") == 1
    assert total(after, "tabula_turn_posts_waiting") == 1
    assert total(after, "tabula_turn_posts_oldest_waiting_seconds") >= 0
    health = json.loads(body)
    assert status == 200 and health["posts_waiting"] == 1, body


async def test_the_token_is_asked_for(world: World) -> None:
    async with web_of(world, token="s3cret") as server:
        for path in ("/metrics", "/healthz"):
            status, body, headers = await get(server, path)
            assert status == 401 and headers["WWW-Authenticate"].startswith("Bearer"), body
            assert "tabula_" not in body
            assert (await get(server, path, token="wrong"))[0] == 401
            assert (await get(server, path, token="s3cret"))[0] == 200


async def test_healthz_fails_while_postgresql_is_stopped(world: World,
                                                         pg_server: PgServer) -> None:
    await world.stop_bot()  # started again on a PostgreSQL database of its own
    await admin(pg_server, f"CREATE DATABASE e2e_health TEMPLATE {TEMPLATE}")
    world.db_path = pg_server.url("e2e_health")
    try:
        await world.start_bot()
        await stopped_and_started(world, pg_server)
    finally:
        await world.stop_bot()
        await admin(pg_server, "DROP DATABASE e2e_health WITH (FORCE)")
    world.errors.clear()  # the outage's own lines


async def stopped_and_started(world: World, pg_server: PgServer) -> None:
    async with web_of(world) as server:
        assert (await get(server, "/healthz"))[0] == 200
        pg_server.pause()
        try:
            status, body, _ = await get(server, "/healthz")
            samples = await scrape(server)
        finally:
            pg_server.resume()
        health = json.loads(body)
        assert status == 503 and health["status"] == "failing", body
        assert health["database"]["ok"] is False and health["problems"][0].startswith("database")
        assert health["shards"][0]["connected"] is True
        assert total(samples, "tabula_database_up") == 0
        for _ in range(12):  # each pooled connection the stop cut fails once, then is renewed
            status, body, _ = await get(server, "/healthz")
            if status == 200:
                break
        assert status == 200, body


async def test_each_process_of_a_sharded_bot_says_its_own_shard(
        world: World, pg_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes over two shards (tests/e2e/test_shards.py): each one's /healthz names its
    shard, connected, and the interactions are timed under the shard that carried them."""
    await world.stop_bot()
    other = World(world.standin, pg_database)
    world.db_path = pg_database
    world.bot_options = {"shards": 2, "shard_ids": [0]}
    other.bot_options = {"shards": 2, "shard_ids": [1]}
    try:
        await world.start_bot()
        await other.start_bot()
        serving = (world.standin.guild_id >> 22) % 2
        async with web_of(world) as first, web_of(other) as second:
            before = await scrape(first)
            players = await open_game(world, monkeypatch)
            after = await scrape(first)
            for server, shard in ((first, 0), (second, 1)):
                status, body, _ = await get(server, "/healthz")
                health = json.loads(body)
                assert status == 200 and health["shards"][0]["id"] == shard, body
                assert health["shards"][0]["connected"] is True and len(health["shards"]) == 1
        answered = len(players) + 1  # each join, the creation and the start
        grew = total(after, "tabula_interaction_answer_seconds_count", shard=str(serving)) \
            - total(before, "tabula_interaction_answer_seconds_count", shard=str(serving))
        assert grew >= answered  # both processes count in this one test process
        assert total(after, "tabula_gateway_up", shard="0") == 1  # the first process scraped
    finally:
        await other.stop_bot()
