"""The service's counters for /metrics (bot/metrics.py), on both stores with the toy game: moves
stored per game, a bot's decision time per game and level, each store call's time."""

from __future__ import annotations

import pytest

from bot.metrics import REGISTRY
from bot.service import Service
from tests.platform.test_bots import ANN, CH, GUILD, bots_play

pytestmark = pytest.mark.backends


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_moves_decisions_and_queries_are_counted(service: Service) -> None:
    moves = sample("tabula_moves_stored_total", game="toy")
    decisions = sample("tabula_bot_decision_seconds_count", game="toy", level="easy")
    appends = sample("tabula_db_query_seconds_count", call="append_action")
    await service.create(CH, GUILD, ANN, "toy")
    await service.add_bot(CH, ANN.id, "easy")
    report = await service.start(CH, ANN.id, seed=3)
    played = 0
    if report.game.user_of(0) is not None and report.game.user_of(0).bot is None:
        await service.act_in(report.game.id, ANN.id, "take 1")
        played += 1
    played += await bots_play(service, report.game.id)
    assert played >= 1
    assert sample("tabula_moves_stored_total", game="toy") - moves >= played
    assert sample("tabula_bot_decision_seconds_count", game="toy", level="easy") > decisions
    assert sample("tabula_db_query_seconds_count", call="append_action") - appends >= played
    assert sample("tabula_db_query_seconds_sum", call="append_action") > 0
