"""Races and abuse at the service (issue 15), against each store (an SQLite file, a PostgreSQL
database): a start racing a join or a leave, several processes (two store connections) ticking on
one database, rights that follow a seated player, and the cap on open lobbies."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clock import DAY, HOUR
from bot.service import Limits, Service, ServiceError, User
from bot.store import Storage, open_store
from bot.store.sqlite import Store
from tests.platform.toy import ToyRenderer

pytestmark = pytest.mark.backends

ANN, BOB, CY, DAN = User(1, "ann"), User(2, "bob"), User(3, "cy"), User(4, "dan")
CH, GUILD = 500, 9


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def two(db_url: str, toy_game: str) -> AsyncIterator[tuple[Service, Service, Clock]]:
    """Two bot processes on one file: each its own connection, locks and memory."""
    clock = Clock()
    a, b = await open_store(db_url), await open_store(db_url)
    try:
        yield (Service(a, renderer=ToyRenderer(), clock=clock),
               Service(b, renderer=ToyRenderer(), clock=clock), clock)
    finally:
        await a.close()
        await b.close()


async def _whole(service: Service) -> None:
    """The game is sound: every seat row has a seat, the seats are 0..n-1 of an n-player state,
    each seat has a clock row, and the history replays to the state."""
    info = await service.info(CH)
    assert info.status == "active"
    seats = await service.store.seats(info.id)
    numbers = sorted(s.seat for s in seats if s.seat is not None)
    assert len(numbers) == len(seats), "a seat row without a seat"
    row = await service.store.game(info.id)
    assert row is not None and row.state is not None
    assert numbers == list(range(row.state["players"])), "a seat nobody owns, or one too many"
    assert sorted(info.seat_clocks) == numbers
    assert await service.verify(info.id)


def _key(caught: pytest.ExceptionInfo[ServiceError]) -> str:
    return caught.value.msg.key


# --- /game start racing /game join or /game leave ------------------------------------------------


@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize("other", ["join", "leave"])
async def test_a_start_racing_a_join_or_a_leave_leaves_a_whole_game(
    two: tuple[Service, Service, Clock], processes: int, other: str,
) -> None:
    """Issue 15: the start read the seats before its lock and stored them without checking who
    was seated: a join at the same moment kept a seat row with no seat (status listing 4 of 3,
    verify failing, undo refusing for ever). Either the other player is in the game or they
    were refused; never half in."""
    one, second, _ = two
    other_service = second if processes == 2 else one
    await one.create(CH, GUILD, ANN, "toy")
    await one.join(CH, BOB)
    if other == "leave":
        await one.join(CH, CY)
    racer = (other_service.join(CH, CY) if other == "join" else other_service.leave(CH, CY.id))
    started, raced = await asyncio.gather(one.start(CH, ANN.id, seed=3), racer,
                                          return_exceptions=True)
    assert not isinstance(started, BaseException), started
    if isinstance(raced, ServiceError):
        assert raced.msg.key in ("error.already_started", "error.leave_started")
    else:
        assert not isinstance(raced, BaseException), raced
    await _whole(one)
    info = await one.info(CH)
    seated = {s.user_id for s in info.seats}
    joined_in = other == "join" and not isinstance(raced, ServiceError)
    left = other == "leave" and not isinstance(raced, ServiceError)
    assert (CY.id in seated) == (joined_in or (other == "leave" and not left))
    # The report the starter posts names the same players the game has.
    assert [s.user_id for s in started.game.seats] == [s.user_id for s in info.seats]


async def test_a_start_computed_for_other_seats_is_not_stored(store: Storage, toy_game: str) -> None:
    """The store itself refuses a start whose seating is not the lobby's (a join or leave came
    in between): the lobby's version moved, or the seated users differ."""
    service = Service(store)
    info = await service.create(CH, GUILD, ANN, "toy")
    await service.join(CH, BOB)
    lobby = await service.info(CH)
    assert lobby.version > info.version  # a join moves the lobby's version on
    state = {"players": 2}
    assert not await store.start_game(info.id, seed=1, order=[ANN.id], state=state, now=1.0,
                                      lobby_version=lobby.version)
    assert not await store.start_game(info.id, seed=1, order=[ANN.id, BOB.id], state=state,
                                      now=1.0, lobby_version=info.version)
    assert (await service.info(CH)).status == "lobby"
    assert await store.start_game(info.id, seed=1, order=[BOB.id, ANN.id], state=state, now=1.0,
                                  lobby_version=lobby.version)


async def test_clocks_are_keyed_by_seat_number(store: Storage, toy_game: str) -> None:
    """The clocks of a game are its seats' clocks by seat number, whatever the order in which
    the seat rows come."""
    service = Service(store, renderer=ToyRenderer())
    await service.create(CH, GUILD, ANN, "toy", pace="1d+1h/2d")
    await service.join(CH, BOB)
    await service.join(CH, CY)
    report = await service.start(CH, ANN.id, seed=5)
    info = report.game
    for seat in info.seats:
        assert seat.seat is not None
        assert info.seat_clocks[seat.seat] == info.clocks[seat.seat]
    [asked] = report.to_act
    assert info.seat_clocks[asked.seat].running_since is not None  # type: ignore[index]
    assert all(c.running_since is None for s, c in info.seat_clocks.items() if s != asked.seat)


# --- several processes on one database --------------------------------------------------------------


async def _game_with_clock(service: Service, pace: str = "1d+1h/2d") -> list[int]:
    await service.create(CH, GUILD, ANN, "toy", pace=pace)
    await service.join(CH, BOB)
    report = await service.start(CH, ANN.id, seed=1)
    return [s.user_id for s in report.game.seats]


async def test_each_reminder_is_sent_by_one_process(two: tuple[Service, Service, Clock]) -> None:
    """Issue 15: two processes ticking at once each sent the same reminder (mark_reminded was
    not guarded). The reminder is claimed by a guarded update first."""
    one, other, clock = two
    await _game_with_clock(one, pace="7d+1d/7d")
    clock.now += 25 * HOUR
    for _round in range(3):
        found = await asyncio.gather(one.tick(), other.tick(), one.tick(), other.tick())
        reminders = [n for notices in found for n in notices if n.kind == "reminder"]
        assert len(reminders) == (1 if _round == 0 else 0), reminders
        clock.now += HOUR  # not again within the day
    clock.now += DAY
    found = await asyncio.gather(one.tick(), other.tick())
    assert len([n for notices in found for n in notices if n.kind == "reminder"]) == 1


async def test_back_from_vacation_is_told_once(two: tuple[Service, Service, Clock]) -> None:
    """Issue 15: each process ending the same vacation told the channel "back" (and ignored
    whether its clocks were stored). The end of a vacation is claimed by a guarded update."""
    one, other, clock = two
    seats = await _game_with_clock(one, pace="7d+1d/7d")
    first = seats[0]
    await one.vacation(first, 1)
    clock.now += DAY + 60
    found = await asyncio.gather(one.tick(), other.tick(), one.tick(), other.tick())
    backs = [n for notices in found for n in notices if n.kind == "back"]
    assert len(backs) == 1, backs
    info = await one.info(CH)
    assert info.seat_clocks[0].running_since == clock.now  # the clock runs again
    assert (await one.prefs(first)).vacation_until is None


async def test_a_clock_running_out_is_noticed_once(two: tuple[Service, Service, Clock]) -> None:
    one, other, clock = two
    await _game_with_clock(one, pace="1d+1h/2d")
    clock.now += DAY + 60
    found = await asyncio.gather(one.tick(), other.tick(), one.tick(), other.tick())
    timeouts = [n for notices in found for n in notices if n.kind == "timeout"]
    assert len(timeouts) == 1, timeouts


async def test_clocks_restarted_after_a_vacation_follow_a_move_made_meanwhile(
    db_url: str, toy_game: str,
) -> None:
    """_restart_clocks honours set_clocks: another process stores a move (computed before the
    vacation began, so with the next player's clock running) between this process's read and
    its write. The old code dropped its write silently and the clock of a player on vacation
    kept running; now the clocks are computed again from the new version."""
    from bot.clock import Clock as SeatClock
    from engine import play
    from engine.registry import get

    clock = Clock()
    a, b = await open_store(db_url), await open_store(db_url)
    try:
        one = Service(a, clock=clock)
        seats = await _game_with_clock(one, pace="7d+1d/7d")
        game_id = (await one.info(CH)).id
        original = a.set_clocks
        moved = False

        async def a_move_lands_first(game_id_, clocks, *, version=None):  # noqa: ANN001, ANN202
            nonlocal moved
            if not moved:  # the other process's move, computed before the vacation, lands now
                moved = True
                row = await b.game(game_id)
                assert row is not None and row.state is not None
                state, events = play(get("toy"), row.state, 0, "take 1")
                assert await b.append_action(
                    game_id, expected_version=row.version, seat=0, user_id=seats[0],
                    text="take 1", events=[e.to_json() for e in events], state=state,
                    outcome=None, now=clock.now,
                    clocks={0: SeatClock(7 * DAY, None, None),
                            1: SeatClock(7 * DAY, clock.now, clock.now)})
            return await original(game_id_, clocks, version=version)

        a.set_clocks = a_move_lands_first  # type: ignore[method-assign]
        _prefs, notices = await one.vacation(seats[1], 2)
        assert moved and [n.kind for n in notices] == ["vacation"]
        info = await one.info(CH)
        assert info.version == 1  # the move is kept
        assert info.seat_clocks[1].asked_since is not None  # seat 1 is asked now...
        assert info.seat_clocks[1].running_since is None  # ...and away: its clock waits
    finally:
        await a.close()
        await b.close()


# --- rights follow a seated player ----------------------------------------------------------------


async def test_a_creator_who_left_can_neither_start_nor_abandon(service: Service) -> None:
    """Issue 15: rights followed who typed /game new, even after they left the lobby. They
    follow a seated player: the earliest to join after the creator."""
    await service.create(CH, GUILD, ANN, "toy")
    await service.join(CH, BOB)
    await service.join(CH, CY)
    await service.leave(CH, ANN.id)
    for attempt in (service.start(CH, ANN.id), service.abandon(CH, ANN.id)):
        with pytest.raises(ServiceError) as caught:
            await attempt
        assert _key(caught) in ("error.only_creator_starts", "error.only_creator_abandons")
    assert (await service.info(CH)).status == "lobby"
    with pytest.raises(ServiceError) as caught:
        await service.start(CH, CY.id)
    assert _key(caught) == "error.only_creator_starts"
    report = await service.start(CH, BOB.id, seed=2)  # the earliest seated player
    assert report.game.status == "active" and report.game.creator_id == BOB.id
    with pytest.raises(ServiceError) as caught:
        await service.abandon(CH, ANN.id)
    assert _key(caught) == "error.only_creator_abandons"
    assert (await service.info(CH)).status == "active"
    assert (await service.abandon(CH, ANN.id, can_manage=True)).status == "abandoned"


async def test_a_database_whose_creator_had_left_hands_the_rights_on(db_path: Path,
                                                                     toy_game: str) -> None:
    """Migration 0003 gives the rights of a creator who left (before this fix) to the earliest
    seated player: a file of schema 2, as the old code left it, is upgraded."""
    import sqlite3

    from bot.store.sqlite import migrations

    raw = sqlite3.connect(db_path)
    for number, script in migrations():
        if number <= 2:
            raw.executescript(script)
    raw.execute("PRAGMA user_version = 2")
    raw.execute("INSERT INTO games (id, channel_id, guild_id, game_key, status, creator_id,"
                " created_at, updated_at) VALUES (1, ?, ?, 'toy', 'lobby', ?, 1, 1)",
                (CH, GUILD, ANN.id))  # Ann created it, then left: only Cy and Bob are seated
    raw.executemany("INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (1, ?, ?, ?)",
                    [(CY.id, "cy", 3.0), (BOB.id, "bob", 2.0)])
    raw.commit()
    raw.close()
    store = await Store.open(db_path)
    try:
        service = Service(store)
        assert (await service.info(CH)).creator_id == BOB.id  # the earliest to join
        with pytest.raises(ServiceError):
            await service.start(CH, ANN.id)
        assert (await service.start(CH, BOB.id, seed=1)).game.status == "active"
    finally:
        await store.close()


# --- open lobbies are capped ------------------------------------------------------------------------


async def test_open_lobbies_are_capped_per_user_and_per_channel(store: Storage, toy_game: str) -> None:
    """Issue 15: one user made 500 lobbies in half a second. A burst of /game new from one user
    opens exactly as many lobbies as allowed, the rest are refused with a clear message; a
    started or abandoned lobby frees its place."""
    service = Service(store, limits=Limits(user_lobbies=3, channel_lobbies=4))
    burst = await asyncio.gather(*(service.create(1000 + i, GUILD, ANN, "toy", parent_id=CH)
                                   for i in range(20)), return_exceptions=True)
    opened = [r for r in burst if not isinstance(r, BaseException)]
    refused = [r for r in burst if isinstance(r, ServiceError)]
    assert len(opened) == 3 and len(refused) == 17
    assert {r.msg.key for r in refused} == {"error.too_many_lobbies_user"}
    assert refused[0].msg.params == {"n": 3}
    with pytest.raises(ServiceError) as caught:
        await service.check_lobby_room(ANN.id, CH)
    assert _key(caught) == "error.too_many_lobbies_user"
    # Another user in the same channel: the channel's cap.
    await service.create(2000, GUILD, BOB, "toy", parent_id=CH)
    with pytest.raises(ServiceError) as caught:
        await service.create(2001, GUILD, CY, "toy", parent_id=CH)
    assert _key(caught) == "error.too_many_lobbies_channel"
    with pytest.raises(ServiceError) as caught:
        await service.check_lobby_room(CY.id, CH)
    assert _key(caught) == "error.too_many_lobbies_channel"
    assert await service.create(3000, GUILD, CY, "toy", parent_id=3000)  # another channel
    # Abandoning a lobby frees a place.
    await service.abandon(opened[0].channel_id, ANN.id)
    assert (await service.create(1999, GUILD, ANN, "toy", parent_id=77)).status == "lobby"


async def test_the_lobby_refusals_are_translated() -> None:
    from engine import Msg
    from engine.i18n import translate

    for key in ("error.too_many_lobbies_user", "error.too_many_lobbies_channel",
                "error.lobby_changed", "error.replay_busy", "error.replay_too_big"):
        for locale in ("en", "fr"):
            text = translate(Msg(key, {"n": 3}), locale)
            assert text != key and "{" not in text
    assert "3 open lobbies" in translate(Msg("error.too_many_lobbies_user", {"n": 3}), "en")
    assert "1 partie ouverte" in translate(Msg("error.too_many_lobbies_user", {"n": 1}), "fr")
