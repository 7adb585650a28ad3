"""Flat with size (issue 17): one turn post kept per game, the batched and bounded reads the bot
makes instead of one query per user, per game or per action, and migration 0006 on a database
written by the previous schema (both backends, real databases)."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import asyncpg
import pytest

from bot.clock import DAY, HOUR
from bot.service import Service, TurnPost, User
from bot.store import SeatRow, Storage, UserPrefs, events_text, open_store
from bot.store import postgres as store_pg
from bot.store.sqlite import migrations
from engine import Event, Msg, play
from engine.core import replay
from tests.pg import PgServer
from tests.platform.toy import Toy, ToyRenderer

pytestmark = pytest.mark.backends
LATEST = migrations()[-1][0]  # the schema an upgrade ends at

ANA, BEN, CID = User(1, "Ana"), User(2, "Ben"), User(3, "Cid")
T0 = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def flat(store: Storage, toy_game: str, clock: Clock) -> Service:
    return Service(store, renderer=ToyRenderer(), clock=clock)


async def _started(service: Service, channel: int, players: tuple[User, ...] = (ANA, BEN),
                   pace: str | None = "daily", seed: int = 1) -> int:
    await service.create(channel, 7, players[0], "toy", ["big"], locale="en", pace=pace)
    for user in players[1:]:
        await service.join(channel, user)
    await service.start(channel, players[0].id, seed=seed)
    return (await service.info(channel)).id


async def _move(service: Service, game_id: int, text: str = "take 1") -> None:
    info = await service.info_by_id(game_id)
    seat = next(iter(Toy().prompt((await service.store.game(game_id)).state)))  # type: ignore[union-attr]
    user = info.user_of(seat)
    assert user is not None
    await service.act_in(game_id, user.user_id, text)


# --- turn posts: one kept per game ------------------------------------------------------------


async def test_a_game_keeps_one_turn_post_and_each_replaced_one_is_retired_once(
        store: Storage) -> None:
    gid = await store.create_game(channel_id=5, guild_id=1, game_key="toy", options={},
                                  creator_id=1, creator_name="Ana", locale="en", now=1.0)
    assert await store.record_turn_post(gid, message_id=100, channel_id=5, version=0,
                                        now=2.0) is None  # the first post retires nothing
    assert await store.record_turn_post(gid, message_id=101, channel_id=5, version=1,
                                        now=3.0) == (100, 5, 0)
    # Recorded twice (a retry): nothing to retire, still kept.
    assert await store.record_turn_post(gid, message_id=101, channel_id=5, version=1,
                                        now=3.5) is None
    # A post of an older version recorded late (simultaneous moves): it is the one to retire.
    assert await store.record_turn_post(gid, message_id=102, channel_id=5, version=0,
                                        now=4.0) == (102, 5, 0)
    assert await store.messages(gid, "turn") == [(101, 5, "turn", 1)]
    # Another post of the same version (a repost after a crash) replaces it.
    assert await store.record_turn_post(gid, message_id=103, channel_id=5, version=1,
                                        now=5.0) == (101, 5, 1)
    await store.record_message(gid, message_id=104, channel_id=5, kind="turn", version=2,
                               now=6.0)
    assert await store.messages(gid) == [(104, 5, "turn", 2)]  # one row, the latest
    assert await store.unposted() == []  # a lobby is never "unposted"


async def test_the_service_says_which_post_loses_its_buttons(flat: Service) -> None:
    gid = await _started(flat, 10)
    assert await flat.turn_posts(gid) == []
    assert await flat.posted_turn(gid, 500, 10, 0) == []
    await _move(flat, gid)
    assert await flat.posted_turn(gid, 501, 10, 1) == [TurnPost(500, 10, 0)]
    assert await flat.turn_posts(gid) == [TurnPost(501, 10, 1)]


# --- batched and bounded reads ------------------------------------------------------------------


async def test_preferences_and_seats_of_many_are_read_at_once(flat: Service) -> None:
    store = flat.store
    await flat.set_prefs(BEN.id, dm=True, remind_hours=3)
    await flat.vacation(CID.id, 2)
    prefs = await store.prefs_of([ANA.id, BEN.id, CID.id, 99])
    assert prefs == {uid: await store.prefs(uid) for uid in (ANA.id, BEN.id, CID.id, 99)}
    assert prefs[99] == UserPrefs(99) and prefs[BEN.id].dm and prefs[CID.id].vacation_until
    assert await store.prefs_of([]) == {}
    first = await _started(flat, 10)
    second = await _started(flat, 11, (BEN, CID, ANA), pace=None, seed=4)
    lobby = (await flat.create(12, 7, CID, "toy", locale="en")).id
    seats = await store.seats_of([second, first, lobby, 12345])
    assert seats == {gid: await store.seats(gid) for gid in (second, first, lobby, 12345)}
    assert [s.seat for s in seats[second]] == [0, 1, 2] and seats[12345] == []
    seated = await store.seated_games(CID.id)
    assert [g.id for g, _ in seated] == [g.id for g in await store.user_games(CID.id)]
    assert all(g.state is None for g, _ in seated)  # a list of games needs no state
    assert {g.id: s for g, s in seated} == {gid: seats[gid] for gid in (second, lobby)}


async def test_the_latest_actions_are_read_from_the_end(flat: Service) -> None:
    gid = await _started(flat, 10, pace=None)
    for _ in range(15):
        await _move(flat, gid, "peek")
    await _move(flat, gid, "take 2")
    everything = await flat.store.actions(gid)
    assert await flat.store.recent_actions(gid, 4) == everything[-4:]
    assert await flat.store.recent_actions(gid, 100) == everything
    # The hand shows the private lines of the last 12 actions only, however long the game.
    mover = (await flat.info_by_id(gid)).user_of(everything[-2].seat)
    assert mover is not None
    hand = await flat.hand_in(gid, mover.user_id, image=False)
    peeks = sum(1 for a in everything[-12:] if a.text == "peek" and a.seat == hand.seat)
    assert len(hand.recent) == peeks > 0


async def test_events_are_stored_compact_and_read_back_the_same(flat: Service) -> None:
    events = [Event(Msg("toy.took", {"who": Msg.seat(1), "n": 2})),
              Event(Msg("platform.started")),
              Event(Msg("toy.secret", {"n": 5, "list": (Msg("toy.ask"), "x")}), to=(0,))]
    data = [e.to_json() for e in events]
    text = events_text(data)
    assert '"to":null' not in text and '"p":{}' not in text and ", " not in text
    assert [Event.from_json(e) for e in json.loads(text)] == events
    gid = await _started(flat, 10, pace=None)
    await _move(flat, gid, "peek")
    (action,) = await flat.store.actions(gid)
    assert [Event.from_json(e).to for e in action.events] == [(action.seat,)]


async def test_a_menu_click_reads_the_legal_actions_and_nothing_else(flat: Service) -> None:
    gid = await _started(flat, 10)
    info = await flat.info_by_id(gid)
    for user in (ANA, BEN):
        got, legal = await flat.legal_in(gid, user.id)
        hand = await flat.hand_in(gid, user.id, image=False)
        assert got == info and legal == hand.legal
    from bot.service import ServiceError

    with pytest.raises(ServiceError) as caught:
        await flat.legal_in(gid, CID.id)
    assert caught.value.msg.key == "error.not_seated"
    with pytest.raises(ServiceError) as caught:
        await flat.legal_in(gid + 100, ANA.id)
    assert caught.value.msg.key == "error.no_game"


async def test_a_move_reports_the_game_exactly_as_stored(flat: Service, clock: Clock) -> None:
    """The game after a move is not read back: what the report says must be what is stored."""
    gid = await _started(flat, 10, (ANA, BEN, CID))
    for text in ("take 1", "peek", "take 2", "take 1", "take 2"):
        clock.now += HOUR
        info = await flat.info_by_id(gid)
        seat = next(iter(Toy().prompt((await flat.store.game(gid)).state)))  # type: ignore[union-attr]
        report = await flat.act_in(gid, info.user_of(seat).user_id, text)  # type: ignore[union-attr]
        assert report.game == await flat.info_by_id(gid)
    # In a game of 3, a player who resigns hands the seat to a bot (stored with the entry) while
    # another person plays; the last person's resignation ends it.
    for user in (ANA, BEN):
        clock.now += HOUR
        report = await flat.resign(10, user.id)
        assert report.game == await flat.info_by_id(gid) and report.game.status == "active"
        assert report.game.seat_of(user.id).bot is not None  # type: ignore[union-attr]
    clock.now += HOUR
    report = await flat.resign(10, CID.id)
    assert report.game == await flat.info_by_id(gid) and report.game.status == "finished"


async def test_mine_says_who_is_waiting_as_the_rules_do(flat: Service, clock: Clock) -> None:
    games = [await _started(flat, 10 + i, (ANA, BEN, CID), seed=i, pace=("daily", None)[i % 2])
             for i in range(4)]
    for i, gid in enumerate(games):
        for _ in range(i):
            await _move(flat, gid)
    await flat.create(20, 7, ANA, "toy", locale="en")
    toy = Toy()
    for user in (ANA, BEN, CID):
        mine = await flat.mine(user.id)
        assert sorted(m.game.id for m in mine) == sorted(
            g.id for g in await flat.store.user_games(user.id))
        for m in mine:
            row = await flat.store.game(m.game.id)
            assert row is not None
            asked = toy.prompt(row.state) if row.state is not None else {}
            assert m.waiting == (m.seat in asked), (user, m)
            assert m.game == await flat.info_by_id(m.game.id)


async def test_no_one_waits_on_a_seat_a_bot_plays(flat: Service, clock: Clock) -> None:
    """/game mine (one query, from the clocks), the Play menu and the clock round (everyone's
    preferences in one query) with bots seated: a lobby's bot, and the seat of a player who
    resigned in a game of 3 (they keep their row and user id, a bot plays for them)."""
    from bot.service import ServiceError

    await flat.create(30, 7, ANA, "toy", ["big"], locale="en")
    await flat.add_bot(30, ANA.id, "easy")
    beside_bot = (await flat.start(30, ANA.id, seed=3)).game.id
    left = await _started(flat, 31, (ANA, BEN, CID), pace=None, seed=4)
    await flat.resign(31, BEN.id)
    flat.bot_budget = 20  # repeatable and quick decisions
    toy = Toy()
    bens_seat_asked = bot_moves = 0
    for _step in range(10):
        for user in (ANA, BEN, CID):
            for m in await flat.mine(user.id):
                row = await flat.store.game(m.game.id)
                assert row is not None and row.state is not None
                asked = toy.prompt(row.state) if row.status == "active" else {}
                seat = m.game.seat_of(user.id)
                assert seat is not None
                assert m.waiting == (m.seat in asked and seat.bot is None), (user, m)
                bens_seat_asked += m.game.id == left and user == BEN and m.seat in asked
        with pytest.raises(ServiceError) as caught:
            await flat.legal_in(left, BEN.id)
        assert caught.value.msg.key == "error.bot_plays_for_you"
        clock.now += 3 * HOUR
        notices = await flat.tick()
        assert all(n.user_id in (ANA.id, CID.id) for n in notices), notices  # no bot, no Ben
        for gid in (beside_bot, left):
            if (await flat.info_by_id(gid)).status != "active":
                continue
            if turns := await flat.bot_turns(gid):
                assert await flat.bot_move(gid, *turns[0]) is not None
                bot_moves += 1
            else:
                await _move(flat, gid)
    assert bens_seat_asked and bot_moves


async def test_the_clock_round_reminds_each_player_once_by_their_own_delay(
        flat: Service, clock: Clock) -> None:
    await flat.set_prefs(BEN.id, remind_hours=2)
    await flat.set_prefs(CID.id, remind_hours=0)  # never
    games = [await _started(flat, 10 + i, players, seed=i, pace="relaxed")
             for i, players in enumerate([(ANA, BEN), (BEN, CID), (CID, ANA), (ANA, BEN, CID)])]
    asked = {}
    for gid in games:
        row = await flat.store.game(gid)
        seat = next(iter(Toy().prompt(row.state)))  # type: ignore[union-attr]
        asked[gid] = (await flat.info_by_id(gid)).user_of(seat).user_id  # type: ignore[union-attr]
    clock.now += 3 * HOUR
    first = await flat.tick()
    assert sorted((n.game_id, n.user_id) for n in first) == sorted(
        (gid, BEN.id) for gid in games if asked[gid] == BEN.id)
    assert await flat.tick() == []  # exactly once
    clock.now += DAY
    second = await flat.tick()
    assert sorted((n.game_id, n.user_id) for n in second) == sorted(
        (gid, user) for gid, user in asked.items() if user in (ANA.id, BEN.id))
    assert await flat.tick() == []


# --- migration 0006 on a database of schema 5 ---------------------------------------------------


async def _schema_5(backend: str, target: str) -> None:
    """An empty database of schema 5 (the migrations before 0006)."""
    if backend == "sqlite":
        import sqlite3

        raw = sqlite3.connect(target)
        for number, script in migrations()[:5]:
            raw.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
        raw.close()
        return
    conn = await asyncpg.connect(target)
    await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    await conn.execute("INSERT INTO schema_version VALUES (5)")
    for _number, script in store_pg.migrations()[:5]:
        await conn.execute(script)
    await conn.close()


async def _write_old(backend: str, target: str, rows: dict[str, list[tuple]]) -> None:
    """Rows as the code of schema 5 wrote them (its JSON, one turn post row per action)."""
    columns = {
        "games": "id, channel_id, guild_id, game_key, options, status, creator_id, locale, seed,"
                 " version, state, outcome, created_at, updated_at, pace, timed_out, parent_id",
        "seats": "game_id, user_id, name, joined_at, seat, bank, running_since, asked_since,"
                 " reminded_at",
        "actions": "game_id, n, seat, user_id, text, events, at",
        "messages": "game_id, message_id, channel_id, kind, version, at",
    }
    if backend == "sqlite":
        import sqlite3

        raw = sqlite3.connect(target)
        for table, names in columns.items():
            marks = ", ".join("?" for _ in names.split(","))
            raw.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows[table])
        raw.commit()
        raw.close()
        return
    conn = await asyncpg.connect(target)
    for table, names in columns.items():
        await conn.copy_records_to_table(table, records=rows[table],
                                         columns=[n.strip() for n in names.split(",")])
    await conn.close()


@pytest.fixture
def server(backend: str, request: pytest.FixtureRequest) -> PgServer | None:
    """The PostgreSQL server when the backend is PostgreSQL (started outside the event loop:
    its fixture runs one of its own)."""
    return request.getfixturevalue("pg_server") if backend == "postgres" else None


@pytest.fixture
async def old_database(server: PgServer | None, db_path: Path) -> str:
    """Where a database of schema 5 is to be made (empty: no table yet)."""
    if server is None:
        return str(db_path)
    name = f"schema5_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(server.url())
    await admin.execute(f"CREATE DATABASE {name}")
    await admin.close()
    return str(server.url(name))


async def test_a_database_of_schema_5_keeps_the_latest_turn_post_and_plays_on(
        backend: str, old_database: str, toy_game: str) -> None:
    toy = Toy()
    rows: dict[str, list[tuple]] = {"games": [], "seats": [], "actions": [], "messages": []}
    finished = running = 0
    for gid, moves in ((1, ["take 2", "peek", "take 1", "take 2", "peek"]),
                       (2, ["take 2"] * 6)):
        state = toy.setup(2, gid, {"big": True})
        at = 100.0 * gid
        for n, text in enumerate(moves, 1):
            seat = next(iter(toy.prompt(state)))
            state, events = play(toy, state, seat, text)
            at += 60
            rows["actions"].append((gid, n, seat, seat + 1, text,
                                    json.dumps([e.to_json() for e in events]), at))
        outcome = toy.outcome(state)
        status = "finished" if outcome else "active"
        finished, running = finished + (outcome is not None), running + (outcome is None)
        asked = toy.prompt(state)
        rows["games"].append((gid, 50 + gid, 7, "toy", json.dumps({"big": True}), status, 1,
                              "en", gid, len(moves), json.dumps(state),
                              json.dumps(outcome.to_json()) if outcome else None, 100.0 * gid,
                              at, None, None, 50 + gid))
        for seat in (0, 1):
            rows["seats"].append((gid, seat + 1, f"p{seat}", 0.0, seat, None, None,
                                  at if seat in asked else None, None))
        # The start post and one post per action, as schema 5 kept them.
        for version in range(len(moves) + 1):
            rows["messages"].append((gid, 1000 * gid + version, 50 + gid, "turn", version,
                                     100.0 * gid + 60 * version + 1))
    assert finished == 1 and running == 1
    await _schema_5(backend, old_database)
    await _write_old(backend, old_database, rows)

    store = await open_store(old_database)
    try:
        for gid, moves in ((1, 5), (2, 6)):
            assert await store.messages(gid) == [(1000 * gid + moves, 50 + gid, "turn", moves)]
        assert await store.unposted() == []
        service = Service(store, renderer=ToyRenderer(), clock=lambda: 10_000.0)
        live = 1  # game 2 is over
        assert await service.verify(live)
        row = await store.game(live)
        assert row is not None and row.state is not None and row.status == "active"
        assert (await store.game(2)).status == "finished"  # type: ignore[union-attr]
        moves = [(a.seat, a.text) for a in await store.actions(live)]
        assert replay(toy, 2, row.seed, row.options, moves) == row.state  # type: ignore[arg-type]
        # The old history plays on: a move, its post retiring the one migration kept, an undo.
        seat = next(iter(toy.prompt(row.state)))
        report = await service.act_in(live, seat + 1, "take 1")
        kept = TurnPost(1000 * live + row.version, 50 + live, row.version)
        assert await service.turn_posts(live) == [kept]
        assert await service.posted_turn(live, 9999, 50 + live, report.game.version) == [kept]
        await service.undo(50 + live, seat + 1)
        assert (await store.game(live)).state == row.state  # type: ignore[union-attr]
        assert await service.verify(live)
        assert [s.seat for s in await store.seats(live)] == [0, 1]
        assert isinstance((await store.seats_of([live]))[live][0], SeatRow)
        log = await service.log_in(live)
        assert Msg("toy.took", {"who": Msg.seat(seat), "n": 1}) in log.lines
    finally:
        await store.close()


async def test_the_footprint_counts_every_table_with_its_indexes(flat: Service) -> None:
    from bot.store import TABLES

    empty = await flat.store.footprint()
    assert set(TABLES) <= set(empty)
    gid = await _started(flat, 10, pace=None)
    state = (await flat.store.game(gid)).state  # type: ignore[union-attr]
    line = Event(Msg("toy.took", {"who": "x" * 1000})).to_json()
    for n in range(50):  # 50 KB of history
        assert await flat.store.append_action(
            gid, expected_version=n, seat=0, user_id=ANA.id, text="peek", events=[line],
            state=state, outcome=None, now=T0)
    grown = await flat.store.footprint()
    assert grown["actions"] > empty["actions"] and list(grown.values()) == sorted(
        grown.values(), reverse=True)


async def test_a_long_upgrade_logs_how_far_it_is_and_keeps_the_same_turn_posts(
        backend: str, old_database: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Issue 26: the upgrade of a large file tells the bot's log how far it is (a small file
    here, with a low threshold); it keeps exactly the rows migration 0006's DELETE keeps: each
    game's latest post of each kind, by time, then by id (ties in time included)."""
    from bot.store import sqlite_file, upgrade

    monkeypatch.setattr(upgrade, "LONG", 10)
    monkeypatch.setattr(sqlite_file, "BATCH_ROWS", 7)
    monkeypatch.setattr(store_pg, "BATCH_GAMES", 2)
    rows: dict[str, list[tuple]] = {"games": [], "seats": [], "actions": [], "messages": []}
    message = 500
    for gid in range(1, 6):
        rows["games"].append((gid, 50 + gid, 7, "toy", "{}", "finished", 1, "en", gid, 9, "{}",
                              "{}", 0.0, 0.0, None, None, 50 + gid))
        for version in range(9):
            for kind in ("turn", "end"):
                message += 7 * ((gid * 13 + version) % 5) + 1  # ids not in the order of time
                at = 100.0 * gid + (version if version < 7 else 7)  # the last three: one time
                rows["messages"].append((gid, message, 50 + gid, kind, version, at))
    latest: dict[tuple[int, str], tuple[float, int]] = {}
    for gid, mid, _channel, kind, _version, at in rows["messages"]:
        latest[gid, kind] = max(latest.get((gid, kind), (at, mid)), (at, mid))
    await _schema_5(backend, old_database)
    await _write_old(backend, old_database, rows)

    caplog.set_level("INFO", logger="bot.store")
    store = await open_store(old_database)
    try:
        kept = {(gid, kind): mid for gid in range(1, 6)
                for mid, _channel, kind, _version in await store.messages(gid)}
    finally:
        await store.close()
    assert kept == {key: mid for key, (_at, mid) in latest.items()}
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.store"]
    assert lines[0].startswith("upgrading the database schema of ")
    assert lines[0].endswith(f" from 5 to {LATEST}")
    assert lines[-1].startswith("the database schema of ") and f" is upgraded to {LATEST} (" in lines[-1]
    steps = [line for line in lines
             if re.match(r"upgrading the schema: migration 0006, \d+% \(", line)]
    assert 3 <= len(steps) <= 10, lines
    assert steps[-1].startswith("upgrading the schema: migration 0006, 100% (")
    assert lines[-2] == "upgrading the schema: migration 0006, the rest of its script"
    unit = "rows looked at" if backend == "sqlite" else "games"
    total = "90" if backend == "sqlite" else "5"
    assert steps[-1].endswith(f": {total} of {total} {unit})"), steps[-1]


async def test_a_small_upgrade_logs_its_first_and_last_line_only(
        backend: str, old_database: str, caplog: pytest.LogCaptureFixture) -> None:
    await _schema_5(backend, old_database)
    caplog.set_level("INFO", logger="bot.store")
    store = await open_store(old_database)
    await store.close()
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.store"]
    assert len(lines) == 2 and lines[0].endswith(f" from 5 to {LATEST}"), lines
    caplog.clear()
    store = await open_store(old_database)  # up to date: nothing to say
    await store.close()
    assert [r for r in caplog.records if r.name == "bot.store"] == []
