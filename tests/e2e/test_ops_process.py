"""`tabula run` as deployed, for its operator: TABULA_WEB_PORT=0 picks a free port that the log
names, /healthz and /metrics answer there, TABULA_LOG_FORMAT=json makes every line of its log a
JSON object, and a stop closes the web server with the rest."""

from __future__ import annotations

import asyncio
import json
import re
import signal
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.conftest import World
from tests.e2e.test_process import eventually, launch, stopped

pytestmark = pytest.mark.e2e

LISTENS = re.compile(r"the web server listens on (http://127\.0\.0\.1:(\d+))")


async def read_until(process: asyncio.subprocess.Process, pattern: re.Pattern[str],
                     lines: list[str], timeout: float = 30) -> re.Match[str]:
    """Read the process's standard error line by line (kept in `lines`) until one matches."""
    assert process.stderr is not None
    async with asyncio.timeout(timeout):
        while True:
            raw = await process.stderr.readline()
            assert raw, "the process ended:\n" + "\n".join(lines)
            lines.append(raw.decode().rstrip("\n"))
            if found := pattern.search(lines[-1]):
                return found


async def test_tabula_run_serves_healthz_and_metrics_and_logs_json(
        world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await world.stop_bot()
    monkeypatch.setenv("TABULA_WEB_PORT", "0")
    monkeypatch.setenv("TABULA_LOG_FORMAT", "json")
    monkeypatch.delenv("TABULA_METRICS_TOKEN", raising=False)
    process = await launch(world, tmp_path)
    lines: list[str] = []
    try:
        url = (await read_until(process, LISTENS, lines)).group(1)
        await eventually(lambda: world.standin.identifies == 2, timeout=30)
        async with aiohttp.ClientSession() as session:
            for _ in range(100):  # READY comes a moment after IDENTIFY
                async with session.get(url + "/healthz") as response:
                    health: dict[str, Any] = await response.json()
                    if response.status == 200:
                        break
                await asyncio.sleep(0.1)
            assert response.status == 200, health
            assert health["database"]["ok"] and health["shards"][0]["connected"]
            async with session.get(url + "/metrics") as response:
                assert response.status == 200
                names = {f.name for f in text_string_to_metric_families(await response.text())}
    finally:
        rest = await stopped(process, signal.SIGTERM)
    lines += rest.decode().splitlines()
    assert process.returncode == 0, "\n".join(lines)
    assert {"tabula_moves_stored", "tabula_turn_posts_waiting", "tabula_gateway_up",
            "tabula_discord_http_requests", "tabula_db_query_seconds"} <= names, names
    records = [json.loads(line) for line in lines if line.startswith("{")]
    plain = [line for line in lines if not line.startswith("{")]
    assert plain == ["tabula: stopped."] or plain == [], plain  # the CLI's own last word
    assert records and all({"time", "level", "logger", "message"} <= r.keys() for r in records)
    assert any(r["message"].startswith("the web server listens") for r in records)
    assert all(r["time"].endswith("+00:00") for r in records)
    with pytest.raises(aiohttp.ClientConnectionError):  # the stop closed it
        async with aiohttp.ClientSession() as session, session.get(url + "/healthz"):
            pass
