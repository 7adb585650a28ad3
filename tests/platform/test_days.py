"""Play over days (issue 9): turn clocks, timeouts decided by the others, vacations, reminders,
direct-message notices, undo, /game mine, guild settings and the leaderboard.

All against a real SQLite file, with a clock the tests move by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import clock as clocks
from bot.clock import DAY, HOUR, Pace, parse_pace
from bot.service import Service, ServiceError, User
from bot.store import Storage, UserPrefs, open_store
from bot.store.sqlite import Store
from engine import Event, Msg
from engine.core import effective_actions
from engine.i18n import translate
from tests.platform.toy import Toy, ToyRenderer

pytestmark = pytest.mark.backends

ANA, BEN, CID = User(1, "Ana"), User(2, "Ben"), User(3, "Cid")
CHANNEL, GUILD = 100, 7
T0 = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def days(store: Storage, toy_game: str, clock: Clock) -> Service:
    return Service(store, renderer=ToyRenderer(), clock=clock)


async def started(service: Service, pace: str | None = "1d+1h/2d", players=(ANA, BEN)) -> list[User]:
    """A toy game with a time control; returns the users in seat order (seat 0 first)."""
    await service.create(CHANNEL, GUILD, players[0], "toy", locale="en", pace=pace)
    for user in players[1:]:
        await service.join(CHANNEL, user)
    await service.start(CHANNEL, players[0].id, seed=1)
    info = await service.info(CHANNEL)
    by_id = {u.id: u for u in players}
    return [by_id[s.user_id] for s in info.seats]


# --- paces ------------------------------------------------------------------------------------


def test_paces_are_presets_or_bank_increment_cap() -> None:
    assert parse_pace("none") is None and parse_pace("") is None
    assert parse_pace("daily") == clocks.PRESETS["daily"]
    assert parse_pace("3d+12h/5d") == Pace(3 * DAY, 12 * HOUR, 5 * DAY)
    assert parse_pace("2j+1j/4j") == Pace(2 * DAY, DAY, 4 * DAY)  # French days
    assert Pace(3 * DAY, 12 * HOUR, 5 * DAY).text() == "3d+12h/5d"
    for bad in ("soon", "3d", "5d+1d/3d", "1d+-1h/2d", "99d+1d/99d"):
        with pytest.raises(clocks.BadPace) as caught:
            parse_pace(bad)
        assert caught.value.msg.key == "error.bad_pace"


def test_a_clock_pays_its_time_and_earns_the_increment_once_per_turn() -> None:
    pace = Pace(DAY, HOUR, 2 * DAY)
    c = clocks.start(pace, 2, {0}, T0)
    assert c[0].running_since == T0 and c[1].running_since is None
    # seat 0 takes a first step of a longer turn after 2 hours: no increment yet
    c = clocks.advance(pace, c, {0}, {0}, 0, T0 + 2 * HOUR)
    assert c[0].bank == DAY - 2 * HOUR and c[0].running_since == T0 + 2 * HOUR
    # ... and ends it an hour later: the increment once, the other clock starts
    c = clocks.advance(pace, c, {0}, {1}, 0, T0 + 3 * HOUR)
    assert c[0].bank == DAY - 3 * HOUR + HOUR and c[0].running_since is None
    assert c[1].running_since == T0 + 3 * HOUR and c[1].asked_since == T0 + 3 * HOUR
    # the cap holds
    full = clocks.advance(pace, {0: clocks.Clock(2 * DAY, T0, T0)}, {0}, set(), 0, T0)
    assert full[0].bank == 2 * DAY


# --- clocks through the service ----------------------------------------------------------------


async def test_the_clock_runs_for_the_player_asked_and_survives_a_restart(
    days: Service, clock: Clock, db_url: str,
) -> None:
    first, second = await started(days)
    info = await days.info(CHANNEL)
    assert info.pace == Pace(DAY, HOUR, 2 * DAY)
    assert info.clocks[0].running_since == T0 and info.clocks[1].running_since is None
    clock.wait(5 * HOUR)
    await days.act(CHANNEL, first.id, "take 1")
    info = await days.info(CHANNEL)
    assert info.clocks[0].bank == DAY - 5 * HOUR + HOUR
    assert info.clocks[1].running_since == clock.now
    await days.store.close()
    reopened = Service(await open_store(db_url), renderer=ToyRenderer(), clock=clock)
    again = await reopened.info(CHANNEL)
    assert again.clocks == info.clocks and again.pace == info.pace
    await reopened.store.close()
    days.store = await open_store(db_url)  # for the fixture's teardown


async def test_no_time_control_means_no_clock_and_no_timeout(days: Service, clock: Clock) -> None:
    await started(days, pace=None)
    info = await days.info(CHANNEL)
    assert info.pace is None and all(c.bank is None for c in info.clocks)
    clock.wait(40 * DAY)
    notices = await days.tick()
    assert [n.kind for n in notices] == ["reminder"]  # reminded, never timed out


async def test_a_clock_running_out_asks_the_others_and_nothing_happens_silently(
    days: Service, clock: Clock,
) -> None:
    first, second = await started(days)
    clock.wait(DAY + 1)
    notices = await days.tick()
    timeout = [n for n in notices if n.kind == "timeout"]
    assert len(timeout) == 1 and timeout[0].mention == (second.id,)
    assert timeout[0].msg == Msg("notice.timeout", {"who": Msg.seat(0)})
    info = await days.info(CHANNEL)
    assert info.timed_out == 0 and info.status == "active"
    assert await days.tick() == []  # said once
    assert await days.timeout_choices(info.id) == ["skip", "end", "wait"]
    with pytest.raises(ServiceError) as caught:  # the absent player does not decide
        await days.decide_timeout(info.id, first.id, "end")
    assert caught.value.msg.key == "error.timeout_not_yours"


@pytest.mark.parametrize("players", [(ANA, BEN), (ANA, BEN, CID)], ids=["two", "three"])
async def test_a_clock_run_out_without_a_default_move_offers_none(
    days: Service, clock: Clock, monkeypatch: pytest.MonkeyPatch, players: tuple[User, ...],
) -> None:
    """The notice names only the choices its buttons offer: no "default move" in a game whose
    rules have none at that moment (issue 24, item 6)."""
    monkeypatch.setattr(Toy, "default_action", lambda self, state, seat: None)
    await started(days, players=players)
    clock.wait(DAY + 1)
    [notice] = [n for n in await days.tick() if n.kind == "timeout"]
    info = await days.info(CHANNEL)
    choices = await days.timeout_choices(info.id)
    assert "skip" not in choices
    key = "notice.timeout_bot_no_default" if "bot" in choices else "notice.timeout_no_default"
    assert notice.msg == Msg(key, {"who": Msg.seat(0)})
    for locale, default in (("en", "default move"), ("fr", "coup par défaut")):
        assert default not in translate(notice.msg, locale, ["Ana", "Ben", "Cid"])


async def test_skip_plays_the_rules_default_move_for_the_absent_player(
    days: Service, clock: Clock,
) -> None:
    first, second = await started(days)
    clock.wait(DAY + 1)
    await days.tick()
    info = await days.info(CHANNEL)
    report = await days.decide_timeout(info.id, second.id, "skip", version=info.version)
    assert report.public[0] == Msg("platform.skipped", {"who": Msg.seat(0), "by": Msg.seat(1)})
    assert report.private[first.id] == [Msg("platform.skipped_you", {
        "action": Msg.action("toy", "take 1")})]
    assert report.to_act[0].user_id == second.id
    info = await days.info(CHANNEL)
    assert info.timed_out is None and info.clocks[0].bank == HOUR  # 0 + the increment
    assert await days.verify(info.id)
    with pytest.raises(ServiceError):  # decided already
        await days.decide_timeout(info.id, second.id, "end")


async def test_end_makes_the_absent_player_lose(days: Service, clock: Clock) -> None:
    first, second, _third = await started(days, players=(ANA, BEN, CID))
    clock.wait(DAY + 1)
    await days.tick()
    info = await days.info(CHANNEL)
    report = await days.decide_timeout(info.id, second.id, "end")
    assert report.game.status == "finished"
    assert report.outcome is not None and report.outcome.reason.key == "outcome.timeout"
    assert first.id not in [report.game.user_of(s).user_id for s in report.outcome.winners]
    assert len(report.outcome.winners) == 2
    assert await days.verify(info.id)


async def test_wait_gives_a_day_and_a_late_move_cancels_the_question(
    days: Service, clock: Clock,
) -> None:
    first, second = await started(days)
    clock.wait(DAY + 1)
    await days.tick()
    info = await days.info(CHANNEL)
    report = await days.decide_timeout(info.id, second.id, "wait")
    assert report.public[0].key == "platform.extra_time"
    assert report.image is not None  # posted as a turn post is, its picture too (issue 24)
    info = await days.info(CHANNEL)
    assert info.timed_out is None and info.clocks[0].left(clock.now) == DAY
    clock.wait(DAY + 1)
    await days.tick()
    report = await days.act(CHANNEL, first.id, "take 1")  # back, late
    assert report.public[0].key == "platform.back_in_time"
    assert (await days.info(CHANNEL)).timed_out is None


async def test_a_vacation_pauses_the_clock_and_is_announced(days: Service, clock: Clock) -> None:
    first, second = await started(days)
    prefs, notices = await days.vacation(first.id, 3)
    assert prefs.vacation_until == clock.now + 3 * DAY
    assert [(n.kind, n.channel_id) for n in notices] == [("vacation", CHANNEL)]
    info = await days.info(CHANNEL)
    assert info.clocks[0].running_since is None and info.clocks[0].bank == DAY
    clock.wait(2 * DAY)
    assert [n.kind for n in await days.tick()] == []  # neither timed out nor reminded
    clock.wait(DAY + 1)
    assert [n.kind for n in await days.tick()] == ["back"]
    info = await days.info(CHANNEL)
    assert info.clocks[0].running_since == clock.now and info.clocks[0].bank == DAY
    for bad in (-1, clocks.VACATION_DAYS + 1):
        with pytest.raises(ServiceError):
            await days.vacation(first.id, bad)
    with pytest.raises(ServiceError) as caught:
        await days.vacation(first.id, 0)
    assert caught.value.msg.key == "error.not_on_vacation"


async def test_reminders_follow_each_players_delay(days: Service, clock: Clock) -> None:
    first, second = await started(days, pace="7d+1d/7d")
    clock.wait(23 * HOUR)
    assert await days.tick() == []
    clock.wait(HOUR)
    (notice,) = await days.tick()
    assert notice.kind == "reminder" and notice.user_id == first.id
    assert notice.msg.params["channel"] == f"<#{CHANNEL}>" and notice.msg.params["since"] == "1d"
    assert notice.msg.params["left"] == "6d"
    clock.wait(HOUR)
    assert await days.tick() == []  # not again before another day
    await days.set_prefs(first.id, remind_hours=0)
    clock.wait(3 * DAY)
    assert await days.tick() == []
    with pytest.raises(ServiceError):
        await days.set_prefs(first.id, remind_hours=-1)


async def test_direct_messages_for_those_who_asked(days: Service, clock: Clock) -> None:
    await days.set_prefs(BEN.id, dm=True)
    await days.set_prefs(CID.id, before=True)
    order = await started(days, players=(ANA, BEN, CID))
    report = await days.act(CHANNEL, order[0].id, "take 1")
    got = {(n.kind, n.user_id) for n in report.notices}
    expected = set()
    if order[1] is BEN:
        expected.add(("turn", BEN.id))
    if order[2] is CID:
        expected.add(("before", CID.id))
    assert got == expected
    assert all(n.msg.params["channel"] == f"<#{CHANNEL}>" for n in report.notices)


# --- undo -------------------------------------------------------------------------------------


async def test_undo_takes_back_the_latest_move_and_everyone_reads_it(days: Service) -> None:
    first, second = await started(days, pace=None)
    before = await days.store.game((await days.info(CHANNEL)).id)
    await days.act(CHANNEL, first.id, "take 2")
    with pytest.raises(ServiceError) as caught:
        await days.undo(CHANNEL, second.id)
    assert caught.value.msg.key == "error.undo_nothing"
    report = await days.undo(CHANNEL, first.id)
    # the log's sentence of the move, not its stored text (issue 25)
    assert report.public == [Msg("platform.undone_said", {
        "who": Msg.seat(0), "said": Msg("toy.took", {"who": Msg.seat(0), "n": 2})})]
    assert report.to_act[0].user_id == first.id
    after = await days.store.game(before.id)
    assert after.state == before.state and after.version == 2
    assert await days.verify(before.id)
    texts = [a.text for a in await days.store.actions(before.id)]
    assert texts == ["take 2", ".undo"] and effective_actions([(0, t) for t in texts]) == []
    log = await days.log(CHANNEL)
    assert Msg("platform.undone_said", report.public[0].params) in log.lines
    with pytest.raises(ServiceError):  # nothing left to take back
        await days.undo(CHANNEL, first.id)


async def test_no_undo_once_someone_moved_or_something_was_revealed(days: Service) -> None:
    first, second = await started(days, pace=None)
    await days.act(CHANNEL, first.id, "take 1")
    await days.act(CHANNEL, second.id, "take 1")
    with pytest.raises(ServiceError) as caught:
        await days.undo(CHANNEL, first.id)
    assert caught.value.msg.key == "error.undo_nothing"
    await days.act(CHANNEL, first.id, "peek")  # shows a secret to its player
    with pytest.raises(ServiceError) as caught:
        await days.undo(CHANNEL, first.id)
    assert caught.value.msg.key == "error.undo_revealed"


async def test_undo_on_real_games_respects_what_was_revealed(store: Storage, clock: Clock) -> None:
    """Res Publica: a trade request can be taken back, ending the turn (which draws) cannot.
    7 Wonders Duel: drafting a wonder of the shown four can, taking a card that uncovers one
    cannot."""
    from engine.registry import get

    rp = get("res-publica")
    state = rp.setup(3, 5, {})
    seat = next(iter(rp.prompt(state)))
    seek = next(t for t in rp.legal(state, seat) if t.startswith("seek"))
    after = rp.apply(copy := __import__("engine").core.copy_state(state), seat, seek)
    assert rp.undoable(state, copy, after, seat)
    ended = __import__("engine").core.copy_state(state)
    events = rp.apply(ended, seat, "end")
    assert not rp.undoable(state, ended, events, seat)

    duel = get("duel")
    state = duel.setup(2, 5, {})
    seat = next(iter(duel.prompt(state)))
    pick = duel.legal(state, seat)[0]
    picked, events = __import__("engine").play(duel, state, seat, pick)
    assert duel.undoable(state, picked, events, seat)


# --- across games -----------------------------------------------------------------------------


async def test_mine_lists_the_games_waiting_on_me_first(days: Service, clock: Clock) -> None:
    order = await started(days, pace="daily")
    await days.create(CHANNEL + 1, GUILD, order[1], "toy", locale="en")  # a lobby
    await days.create(CHANNEL + 2, GUILD, order[0], "toy", locale="en")
    await days.join(CHANNEL + 2, order[1])
    await days.start(CHANNEL + 2, order[0].id, seed=3)
    second = await days.info(CHANNEL + 2)
    waiting_on = second.user_of(next(iter([0]))).user_id
    mine = await days.mine(order[1].id)
    assert [m.game.channel_id for m in mine][-1] == CHANNEL + 1  # the lobby last
    assert mine[0].waiting == (waiting_on == order[1].id or mine[0].game.channel_id == CHANNEL)
    assert [m.waiting for m in mine] == sorted((m.waiting for m in mine), reverse=True)
    assert await days.mine(999) == []


async def test_guild_defaults_apply_to_new_games(days: Service) -> None:
    settings = await days.set_guild_settings(GUILD, locale="fr", pace="daily", threads=True)
    assert settings.threads and settings.locale == "fr"
    info = await days.create(CHANNEL, GUILD, ANA, "toy", locale="en")
    assert info.locale == "fr" and info.pace == clocks.PRESETS["daily"]
    other = await days.create(CHANNEL + 1, GUILD, BEN, "toy", locale="en", pace="none")
    assert other.pace is None
    for bad in ({"locale": "de"}, {"pace": "whenever"}):
        with pytest.raises(ServiceError):
            await days.set_guild_settings(GUILD, **bad)
    assert await days.guild_settings(GUILD) == settings


async def test_the_leaderboard_counts_finished_games_of_the_guild(days: Service) -> None:
    for n in range(3):
        channel = CHANNEL + n
        await days.create(channel, GUILD, ANA, "toy", locale="en")
        await days.join(channel, BEN)
        await days.start(channel, ANA.id, seed=n)
        loser = (await days.info(channel)).user_of(0)
        await days.resign(channel, loser.user_id)
    await days.create(CHANNEL + 9, GUILD, ANA, "toy", locale="en")  # unfinished: not counted
    await days.create(CHANNEL + 10, GUILD + 1, CID, "toy", locale="en")
    table = await days.leaderboard(GUILD)
    assert {r.name for r in table} == {"Ana", "Ben"}
    assert sum(r.won for r in table) == 3 and all(r.played == 3 for r in table)
    assert table[0].won >= table[1].won
    assert await days.leaderboard(GUILD, "toy") == table
    assert await days.leaderboard(GUILD + 1) == []
    with pytest.raises(ServiceError):
        await days.leaderboard(GUILD, "chess")


def test_platform_events_are_plain_messages() -> None:
    event = Event(Msg("platform.undone", {"who": Msg.seat(1), "action": Msg.action("toy", "take 1")}))
    assert Event.from_json(event.to_json()) == event


async def test_a_pending_timeout_survives_a_restart(days: Service, clock: Clock, db_url: str) -> None:
    first, second = await started(days)
    clock.wait(DAY + 1)
    await days.tick()
    game_id = (await days.info(CHANNEL)).id
    await days.store.close()
    days.store = await open_store(db_url)
    assert (await days.info(CHANNEL)).timed_out == 0
    assert await days.tick() == []  # not asked twice after the restart
    report = await days.decide_timeout(game_id, second.id, "end")
    assert report.game.status == "finished"


async def test_a_database_of_the_first_schema_is_upgraded_in_place(db_path: Path) -> None:
    """Games stored before clocks existed keep playing, with no time control."""
    import sqlite3

    from bot.store.sqlite import migrations

    (_, first), *_ = migrations()
    raw = sqlite3.connect(db_path)
    raw.executescript(first + "\nPRAGMA user_version = 1;")
    raw.execute("INSERT INTO games (channel_id, game_key, status, creator_id, created_at,"
                " updated_at) VALUES (5, 'toy', 'lobby', 1, 0, 0)")
    raw.execute("INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (1, 1, 'Ana', 0)")
    raw.commit()
    raw.close()
    store = await Store.open(db_path)
    try:
        row = await store.live_game(5)
        assert row is not None and row.pace is None and row.timed_out is None
        (seat,) = await store.seats(row.id)
        assert seat.clock == clocks.Clock()
        assert await store.prefs(1) == UserPrefs(1)
    finally:
        await store.close()
