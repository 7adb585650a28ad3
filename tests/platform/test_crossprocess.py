"""Several bot processes on one database (issue 16): each store below is its own connection (or
pool), as a process would have, and they race for real on PostgreSQL, where two transactions do
run at once. Every rule holds through the database, with no lock shared between them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.clock import Clock
from bot.store import Storage, UserPrefs, Waiting, open_store

pytestmark = pytest.mark.backends

PROCESSES = 4


@pytest.fixture
async def many(db_url: str) -> AsyncIterator[list[Storage]]:
    stores = [await open_store(db_url) for _ in range(PROCESSES)]
    yield stores
    for s in stores:
        await s.close()


async def _lobby(store: Storage, channel: int = 10) -> int:
    return await store.create_game(
        channel_id=channel, guild_id=1, game_key="toy", options={}, creator_id=1,
        creator_name="u1", locale="en", now=1.0,
    )


async def _active(store: Storage, players: int = 2) -> int:
    gid = await _lobby(store)
    for user in range(2, players + 1):
        assert await store.add_seat(gid, user, f"u{user}", 1.0, max_seats=players)
    clocks = {seat: Clock(100.0, 1.0 if seat == 0 else None, 1.0 if seat == 0 else None)
              for seat in range(players)}
    assert await store.start_game(gid, seed=1, order=list(range(1, players + 1)), state={"v": 0},
                                  now=1.0, clocks=clocks)
    return gid


async def test_joins_from_every_process_never_overfill_a_lobby(many: list[Storage]) -> None:
    gid = await _lobby(many[0])
    joined = await asyncio.gather(*(
        many[i % PROCESSES].add_seat(gid, 100 + i, f"p{i}", 2.0, max_seats=3)
        for i in range(12)))
    assert sum(joined) == 2
    assert len(await many[0].seats(gid)) == 3
    assert (await many[0].game(gid)).version == 2  # each join moved the lobby on once


async def test_a_start_and_leaves_at_once_leave_a_whole_game_or_a_lobby(
        many: list[Storage]) -> None:
    gid = await _lobby(many[0])
    for user in (2, 3):
        await many[0].add_seat(gid, user, f"u{user}", 1.0, max_seats=3)
    version = (await many[0].game(gid)).version
    started, left = await asyncio.gather(
        many[1].start_game(gid, seed=1, order=[1, 2, 3], state={}, now=2.0,
                           lobby_version=version),
        many[2].remove_seat(gid, 3))
    assert started != left  # exactly one of them
    seats = await many[0].seats(gid)
    if started:
        assert sorted(s.seat for s in seats) == [0, 1, 2]
    else:
        assert [s.user_id for s in seats] == [1, 2] and all(s.seat is None for s in seats)


async def test_each_move_version_is_stored_once(many: list[Storage]) -> None:
    gid = await _active(many[0])
    for version in range(5):
        stored = await asyncio.gather(*(s.append_action(
            gid, expected_version=version, seat=0, user_id=1, text=f"move {i}", events=[],
            state={"v": version + 1}, outcome=None, now=3.0) for i, s in enumerate(many)))
        assert sum(stored) == 1
    actions = await many[0].actions(gid)
    assert [a.n for a in actions] == [1, 2, 3, 4, 5]
    assert (await many[0].game(gid)).state == {"v": 5}


async def test_a_claim_whose_maker_died_is_taken_over_once_its_lease_is_out(
        many: list[Storage]) -> None:
    """A process killed in a repost it had claimed kept the claim, so no later repair ever
    made the post: with a lease, a claim that old is taken over, by one process of several."""
    gid = await _active(many[0])
    assert await many[0].claim(gid, "repost:3", 100.0, 600.0)
    held = await asyncio.gather(*(s.claim(gid, "repost:3", 650.0, 600.0) for s in many))
    assert sum(held) == 0  # still within its lease: its maker may be posting
    taken = await asyncio.gather(*(s.claim(gid, "repost:3", 800.0, 600.0) for s in many))
    assert sum(taken) == 1
    assert not await many[0].claim(gid, "repost:3", 10_000.0)  # no lease: held for ever


async def test_claims_reminders_timeouts_and_vacations_are_won_once(many: list[Storage]) -> None:
    gid = await _active(many[0])
    claims = await asyncio.gather(*(s.claim(gid, "repost:3", 5.0) for s in many))
    assert sum(claims) == 1
    (seen,) = [w for w in await many[0].waiting() if w.game_id == gid]
    reminded = await asyncio.gather(*(s.mark_reminded(gid, 0, 6.0, seen=seen) for s in many))
    assert sum(reminded) == 1
    timed = await asyncio.gather(*(s.set_timed_out(gid, 0, version=0) for s in many))
    assert sum(timed) == 1
    cleared = await asyncio.gather(*(s.set_timed_out(gid, None, version=0) for s in many))
    assert sum(cleared) == 1  # one "one more day", not one per process
    await many[0].set_prefs(UserPrefs(7, vacation_until=50.0))
    ended = await asyncio.gather(*(s.end_vacation(7, 50.0) for s in many))
    assert sum(ended) == 1


async def test_a_reminder_claim_loses_to_a_move_stored_meanwhile(many: list[Storage]) -> None:
    gid = await _active(many[0])
    (seen,) = [w for w in await many[0].waiting() if w.game_id == gid]
    moved = {0: Clock(90.0, None, None), 1: Clock(100.0, 4.0, 4.0)}
    assert await many[1].append_action(
        gid, expected_version=0, seat=0, user_id=1, text="move", events=[], state={"v": 1},
        outcome=None, now=4.0, clocks=moved)
    assert not await many[2].mark_reminded(gid, 0, 5.0, seen=seen)
    assert not await many[3].set_clocks(gid, {0: Clock(1.0, 5.0, 5.0)}, version=0)
    assert not await many[3].set_timed_out(gid, 0, version=0)
    stale = Waiting(gid, 1, 2, moved[1], None, None, None, 0)
    assert not await many[2].mark_reminded(gid, 1, 5.0, seen=stale)


async def test_lobby_caps_hold_across_processes(many: list[Storage]) -> None:
    made = await asyncio.gather(*(many[i % PROCESSES].create_game(
        channel_id=1000 + i, guild_id=1, game_key="toy", options={}, creator_id=5,
        creator_name="u5", locale="en", now=1.0, max_user_lobbies=3) for i in range(16)),
        return_exceptions=True)
    assert sum(isinstance(m, int) for m in made) == 3
    busy = await asyncio.gather(*(s.create_game(
        channel_id=77, guild_id=1, game_key="toy", options={}, creator_id=10 + i,
        creator_name="x", locale="en", now=1.0) for i, s in enumerate(many)),
        return_exceptions=True)
    assert sum(isinstance(m, int) for m in busy) == 1  # one live game per channel


@pytest.mark.parametrize("order", ["in order", "newest first", "at once"])
async def test_turn_posts_made_at_once_leave_buttons_on_the_newest_only(
        many: list[Storage], toy_game: str, order: str) -> None:
    """Two processes post turns 5 and 6 of a game at the same moment, both having seen post 4
    as the latest: whichever records first, the posts whose buttons they take off are all but
    the newest (formerly a lock in one process did this, and two processes left both on).
    The database keeps the newest post only."""
    from bot.service import Service, TurnPost

    one, two = Service(many[0]), Service(many[1])
    gid = await _active(many[0])
    assert await one.posted_turn(gid, 400, 9, 4) == []
    assert await one.turn_posts(gid) == [TurnPost(400, 9, 4)]
    posts = [(one, 500, 5), (two, 600, 6)]
    if order == "newest first":
        posts.reverse()
    retired: set[TurnPost] = set()
    if order == "at once":
        for got in await asyncio.gather(*(service.posted_turn(gid, message, 9, version)
                                          for service, message, version in posts)):
            assert len(got) == 1  # each retires one post: the one it replaced, or itself
            retired |= set(got)
    for service, message, version in posts if order != "at once" else ():
        retired |= set(await service.posted_turn(gid, message, 9, version))
    assert retired == {TurnPost(400, 9, 4), TurnPost(500, 9, 5)}
    assert await two.turn_posts(gid) == [TurnPost(600, 9, 6)]
    assert await two.posted_turn(gid, 700, 9, 7) == [TurnPost(600, 9, 6)]


async def test_a_clock_given_more_time_does_not_run_out_again_at_once(
        many: list[Storage]) -> None:
    """A clock round that read a run-out clock before another process gave "one more day"
    must not notice it again: the game's version is the same, but the seat's clock is not."""
    gid = await _active(many[0])
    (seen,) = [w for w in await many[0].waiting() if w.game_id == gid]
    out = {0: Clock(0.0, None, 1.0), 1: Clock(100.0, None, None)}
    assert await many[1].set_timed_out(gid, 0, version=0, clocks=out, seen=seen.clock)
    more = {0: Clock(86_400.0, 500.0, 1.0)}
    assert await many[2].set_timed_out(gid, None, version=0, clocks=more)
    late = await asyncio.gather(*(s.set_timed_out(gid, 0, version=0, clocks=out,
                                                  seen=seen.clock) for s in many))
    assert not any(late)
    (now,) = [w for w in await many[0].waiting() if w.game_id == gid]
    assert now.clock == more[0] and now.timed_out is None
    assert await many[3].set_timed_out(gid, 0, version=0, seen=now.clock)  # when it runs out
