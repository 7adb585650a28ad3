"""The SQLite store, against a real file: migrations, one live game per channel, guarded moves."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import ChannelBusy, Storage, open_store
from bot.store.sqlite import Store, migrations

pytestmark = pytest.mark.backends


async def _new(store: Storage, channel: int = 10) -> int:
    return await store.create_game(
        channel_id=channel, guild_id=1, game_key="toy", options={}, creator_id=7,
        creator_name="ann", locale="en", now=1.0,
    )


async def test_migrations_run_once_and_set_user_version(db_path: Path) -> None:
    latest = migrations()[-1][0]
    store = await Store.open(db_path)
    assert await store.migrate() == latest
    await store.close()
    again = await Store.open(db_path)  # reopening must not re-run 0001 (it would fail)
    assert await again.migrate() == latest
    await again.close()
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == latest


async def test_migration_files_are_numbered_without_gaps() -> None:
    numbers = [n for n, _ in migrations()]
    assert numbers == list(range(1, len(numbers) + 1))


async def test_one_live_game_per_channel(store: Storage) -> None:
    first = await _new(store)
    with pytest.raises(ChannelBusy):
        await _new(store)
    assert await _new(store, channel=11) != first  # another channel is free
    await store.set_status(first, "abandoned", 2.0)
    assert await _new(store) > first  # a finished or abandoned game frees the channel


async def test_append_action_is_guarded_by_the_version(store: Storage) -> None:
    gid = await _new(store)
    assert await store.start_game(gid, seed=5, order=[7], state={"x": 0}, now=1.0)
    ok = await store.append_action(
        gid, expected_version=0, seat=0, user_id=7, text="a", events=[], state={"x": 1},
        outcome=None, now=2.0,
    )
    assert ok
    stale = await store.append_action(
        gid, expected_version=0, seat=0, user_id=7, text="b", events=[], state={"x": 99},
        outcome=None, now=3.0,
    )
    assert not stale
    row = await store.game(gid)
    assert row is not None and row.version == 1 and row.state == {"x": 1}
    assert [a.text for a in await store.actions(gid)] == ["a"]


async def test_outcome_finishes_the_game_and_refuses_more_actions(store: Storage) -> None:
    gid = await _new(store)
    await store.start_game(gid, seed=5, order=[7], state={}, now=1.0)
    await store.append_action(
        gid, expected_version=0, seat=0, user_id=7, text="win", events=[], state={},
        outcome={"winners": [0]}, now=2.0,
    )
    row = await store.game(gid)
    assert row is not None and row.status == "finished" and row.outcome == {"winners": [0]}
    assert not await store.append_action(
        gid, expected_version=1, seat=0, user_id=7, text="more", events=[], state={},
        outcome=None, now=3.0,
    )


async def test_seats_only_change_in_the_lobby(store: Storage) -> None:
    gid = await _new(store)
    assert await store.add_seat(gid, 8, "bob", 2.0, max_seats=2)
    assert not await store.add_seat(gid, 8, "bob", 2.0, max_seats=3)  # twice: no second seat
    assert not await store.add_seat(gid, 9, "cy", 2.0, max_seats=2)  # full
    await store.start_game(gid, seed=1, order=[8, 7], state={}, now=3.0)
    assert not await store.add_seat(gid, 9, "cy", 4.0, max_seats=5)
    assert not await store.remove_seat(gid, 8)
    assert [(s.user_id, s.seat) for s in await store.seats(gid)] == [(8, 0), (7, 1)]


async def test_hints_change_only_in_the_lobby_and_move_its_version_on(store: Storage) -> None:
    gid = await _new(store)
    before = await store.game(gid)
    assert before is not None and not before.hints
    assert await store.set_hints(gid, True, 2.0)
    row = await store.game(gid)
    assert row is not None and row.hints and row.version == before.version + 1
    # A start read at the old version is refused: it would start with the old choice.
    assert not await store.start_game(gid, seed=1, order=[7], state={}, now=3.0,
                                      lobby_version=before.version)
    assert await store.start_game(gid, seed=1, order=[7], state={}, now=3.0,
                                  lobby_version=row.version)
    assert not await store.set_hints(gid, False, 4.0)
    started = await store.game(gid)
    assert started is not None and started.hints


async def test_state_survives_reopening_the_file(db_url: str) -> None:
    store = await open_store(db_url)
    gid = await _new(store)
    await store.start_game(gid, seed=3, order=[7], state={"deep": [1, {"a": "é"}]}, now=1.0)
    await store.close()
    store = await open_store(db_url)
    row = await store.live_game(10)
    assert row is not None and row.id == gid and row.state == {"deep": [1, {"a": "é"}]}
    await store.close()
