"""One call per move (issue 26, Service.move): the game is read once, before its lock is taken,
and that read is kept only when no change of this process can have come since (GameLocks);
otherwise the move reads the game again under the lock, as a read made there would."""

from __future__ import annotations

import asyncio

import pytest

from bot.menu import Click
from bot.service import Service, ServiceError, User
from tests.platform.test_service import CH, _started

pytestmark = pytest.mark.backends


async def test_a_read_is_kept_unless_the_games_lock_was_used_since(service: Service) -> None:
    order = await _started(service)
    read = await service.read_game(channel_id=CH)
    async with service.changing(read) as now:
        assert now is read  # nothing happened since: the read stands
    read = await service.read_game(channel_id=CH)
    await service.act(CH, order[0], "take 1")  # a change made here since the read
    async with service.changing(read) as now:
        assert now is not read and now.row.version == read.row.version + 1


async def test_two_moves_at_once_are_played_on_the_game_as_it_is(service: Service) -> None:
    """Both read the game before either takes the lock: the second reads it again, so the
    rules refuse it on the game as it now is (not a stale read's "the game moved on")."""
    order = await _started(service)
    version = (await service.info(CH)).version
    results = await asyncio.gather(
        service.move(order[0], "take 1", channel_id=CH),
        service.move(order[0], "take 1", channel_id=CH),
        return_exceptions=True)
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].msg.key == "error.not_your_turn"
    assert (await service.info(CH)).version == version + 1


async def test_a_menu_click_checks_the_version_it_was_drawn_at(service: Service) -> None:
    order = await _started(service)
    info = await service.info(CH)
    moved = await service.move(order[0], Click("", 0), game_id=info.id, version=info.version)
    assert moved.typed.kind == "menu" and moved.typed.tokens == ("take",)
    assert moved.legal == ["take 1", "take 2", "peek"] and moved.report is None
    moved = await service.move(order[0], Click("", 1), game_id=info.id, version=info.version)
    assert moved.typed.kind == "play" and moved.text == "peek" and moved.report is not None
    assert moved.legal == ["take 1", "take 2", "peek"]  # the same player goes on
    with pytest.raises(ServiceError) as e:  # the same click again: the game has moved on
        await service.move(order[0], Click("", 1), game_id=info.id, version=info.version)
    assert e.value.msg.key == "error.stale"
    with pytest.raises(ServiceError) as e:  # a click of someone not seated
        await service.move(User(99, "x").id, Click("", 0), game_id=info.id,
                           version=info.version + 1)
    assert e.value.msg.key == "error.not_seated"
