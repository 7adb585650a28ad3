"""Bots asked at once think at the same time (issue 28, item 5): in the bots' worker processes,
after one delay, and each move is stored only if the game still asks its seat and nothing that
seat could see changed since it decided. A real SQLite file, real worker processes, real
concurrency; the game is tests/platform/sealed.py (every seat asked at once)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import Report, Service, User
from bot.service.autoplay import Autoplay
from bot.store import open_store
from engine import registry
from tests.platform.sealed import ENV_GATE
from tests.platform.toy import ToyRenderer

ANN = User(1, "ann")
CH, GUILD = 800, 9


@pytest.fixture
def sealed(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setitem(registry.GAMES, "sealed", "tests.platform.sealed:Sealed")
    registry.get.cache_clear()
    monkeypatch.setenv("TABULA_PROCESSES", "2")  # two bots thinking at once, on any machine
    yield "sealed"
    registry.get.cache_clear()


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The gate where the bots' decisions wait for each other (tests/platform/sealed.py)."""
    where = tmp_path / "gate"
    where.mkdir()
    (where / "want").write_text("2")
    monkeypatch.setenv(ENV_GATE, str(where))
    return where


async def two_bots(service: Service, options: list[str] | None = None) -> int:
    """A sealed game of ann and two easy bots, started: all three asked at once."""
    await service.create(CH, GUILD, ANN, "sealed", options or [])
    await service.add_bot(CH, ANN.id, "easy")
    await service.add_bot(CH, ANN.id, "easy")
    report = await service.start(CH, ANN.id, seed=1)
    assert len(report.to_act) == 3
    return report.game.id


class Paused(Autoplay):
    """Autoplay counting its delays instead of sleeping them."""

    pauses = 0

    async def pause(self) -> None:
        self.pauses += 1


async def test_bots_asked_at_once_decide_together_after_one_delay(
        sealed: str, gate: Path, db_path: Path) -> None:
    (gate / "go").touch()
    store = await open_store(db_path)
    try:
        service = Service(store, renderer=ToyRenderer())
        game_id = await two_bots(service)
        posted: list[Report] = []

        async def post(report: Report) -> None:
            posted.append(report)

        autoplay = Paused(service, post, delay=2.0)
        autoplay.wake(game_id)
        await autoplay.idle()
        # Each decision saw the other one start: they were made at the same time.
        assert len(list(gate.glob("start-1-*"))) == 2
        assert not list(gate.glob("alone-*"))
        assert autoplay.pauses == 1  # one delay for the two bots, not one each
        history = [(a.seat, a.user_id) for a in await store.actions(game_id)]
        bots = {s.seat for s in (await service.info_by_id(game_id)).seats if s.bot}
        assert sorted(seat for seat, _ in history) == sorted(bots)  # each once, ann not yet
        assert [r.game.version for r in posted] == [1, 2]
        assert [s.user_id for s in posted[-1].to_act] == [ANN.id]
        await autoplay.stop()
    finally:
        await store.close()


@pytest.mark.parametrize("kept", [True, False])
async def test_a_decision_is_stored_only_if_nothing_its_seat_sees_changed(
        sealed: str, gate: Path, db_path: Path, kept: bool) -> None:
    """Ann answers while the bots think: a sealed bid tells them nothing, and their decisions
    are stored after it; an open bid is read by everyone, and they decide again."""
    answer = "bid 2"
    store = await open_store(db_path)
    try:
        service = Service(store, renderer=ToyRenderer())
        game_id = await two_bots(service, [] if kept else ["open"])
        turns = await service.bot_turns(game_id)
        assert [version for _, version in turns] == [0, 0]
        thinking = asyncio.create_task(service.bot_moves(game_id, turns))
        for _ in range(3000):  # both decisions started (and wait at the gate)
            if len(list(gate.glob("start-1-*"))) == 2:
                break
            await asyncio.sleep(0.01)
        await service.act(CH, ANN.id, answer)
        (gate / "go").touch()
        reports = await thinking
        history = [(a.seat, a.text) for a in await store.actions(game_id)]
        ann = (await service.info_by_id(game_id)).seat_of(ANN.id)
        assert ann is not None and history[0] == (ann.seat, answer)
        if kept:
            assert [r is not None for r in reports] == [True, True]
            assert [seat for seat, _ in history[1:]] == sorted(s for s, _ in turns)
            assert [r.game.version for r in reports if r] == [2, 3]  # the round is over
        else:
            assert reports == [None, None] and len(history) == 1
            assert sorted(await service.bot_turns(game_id)) == [(s, 1) for s, _ in turns]
        assert not list(gate.glob("alone-*"))
        assert await service.verify(game_id)
    finally:
        await store.close()


async def test_two_processes_storing_the_same_bots_store_each_move_once(
        sealed: str, db_path: Path) -> None:
    a, b = await open_store(db_path), await open_store(db_path)
    try:
        one, two = Service(a, renderer=ToyRenderer()), Service(b, renderer=ToyRenderer())
        game_id = await two_bots(one)
        turns = await one.bot_turns(game_id)
        first, second = await asyncio.gather(one.bot_moves(game_id, turns),
                                             two.bot_moves(game_id, turns))
        history = [a.seat for a in await a.actions(game_id)]
        assert sorted(history) == sorted(s for s, _ in turns)  # each bot once
        for k in range(len(turns)):  # each move reported by the process that stored it
            assert (first[k] is None) != (second[k] is None)
        assert await one.bot_turns(game_id) == []
    finally:
        await a.close()
        await b.close()
