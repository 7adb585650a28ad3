"""What a move reports when something fails at or after its commit (issue 24): a commit that
raised after it landed is a stored move, one that did not land changes nothing and says so,
one the store cannot tell about is "unknown", never "nothing was changed"; a report that fails
after the commit still reports the change; a lost post is taken up elsewhere only once its game
has settled. Real stores (SQLite, PostgreSQL), the toy game."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import pytest

from bot.service import How, Service, ServiceError, User
from bot.store import Storage
from tests.platform.toy import ToyRenderer

pytestmark = pytest.mark.backends

ANN, BOB = User(1, "ann"), User(2, "bob")
CH = 700


class Failing:
    """The real store, failing where a test says: `commit` raises after (True) or instead of
    (False) the move's commit; `reads` makes every read of a game raise too."""

    def __init__(self, store: Storage, *, commit: bool | None = None, reads: bool = False) -> None:
        self.store, self.commit, self.reads = store, commit, reads

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def append_action(self, game_id: int, **kwargs: Any) -> bool:
        if self.commit is None:
            return await self.store.append_action(game_id, **kwargs)
        if self.commit:
            await self.store.append_action(game_id, **kwargs)
        raise sqlite3.OperationalError("disk I/O error")

    async def game(self, game_id: int) -> Any:
        if self.reads:
            raise sqlite3.OperationalError("unable to open database file")
        return await self.store.game(game_id)


async def _started(service: Service) -> tuple[int, int]:
    await service.create(CH, 9, ANN, "toy")
    await service.join(CH, BOB)
    report = await service.start(CH, ANN.id, seed=42)
    return report.game.id, report.to_act[0].user_id


async def test_a_commit_that_raised_after_it_landed_is_the_move_stored(service: Service) -> None:
    gid, first = await _started(service)
    real = service.store
    service.store = Failing(real, commit=True)  # type: ignore[assignment]
    report = await service.act(CH, first, "take 1")
    assert report.how is How.POST and report.game.version == 1 and report.image is not None
    assert (await real.game(gid)).version == 1  # type: ignore[union-attr]  # stored once
    assert [a.text for a in await real.actions(gid)] == ["take 1"]


async def test_a_commit_that_did_not_land_changes_nothing(service: Service) -> None:
    gid, first = await _started(service)
    real = service.store
    service.store = Failing(real, commit=False)  # type: ignore[assignment]
    with pytest.raises(sqlite3.OperationalError):  # the apology: nothing was changed, truly
        await service.act(CH, first, "take 1")
    assert (await real.game(gid)).version == 0  # type: ignore[union-attr]


async def test_a_commit_the_store_cannot_tell_about_is_unknown(service: Service) -> None:
    _gid, first = await _started(service)
    service.store = Failing(service.store, commit=True, reads=True)  # type: ignore[assignment]
    with pytest.raises(ServiceError) as refused:
        await service.act(CH, first, "take 1")
    assert refused.value.msg.key == "error.move_unknown"


class BrokenTurn(ToyRenderer):
    def turn(self, *args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("the picture failed")


async def test_a_report_that_fails_after_the_commit_still_reports_the_change(
    store: Storage, toy_game: str, caplog: pytest.LogCaptureFixture,
) -> None:
    service = Service(store, renderer=ToyRenderer())
    gid, first = await _started(service)
    service.renderer = BrokenTurn()
    report = await service.act(CH, first, "take 1")
    assert report.how is How.POST and report.game.version == 1 and report.image is None
    assert report.to_act and report.to_act[0].user_id != first and report.public
    assert service.owes_post(gid, 1)  # its post is on its way: no repair races it
    assert "reporting the stored change" in caplog.text


async def test_a_lost_post_is_taken_up_elsewhere_once_its_game_has_settled(
    service: Service,
) -> None:
    gid, first = await _started(service)
    await service.posted_turn(gid, 901, CH, 0)
    await service.act(CH, first, "take 1")
    assert [g for g, _v, _p in await service.lost_posts()] == [gid]
    assert await service.lost_posts(time.time() - 60) == []  # changed a moment ago
    assert [g for g, _v, _p in await service.lost_posts(time.time() + 1)] == [gid]
