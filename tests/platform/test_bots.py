"""Computer players through the service (issue 14, "In the lobby and the game"), on both stores,
with the toy game: seating and removing bots and every refusal (translated, nothing changed),
bots playing through the same history (replayable), resignation and run-out clocks handing a
seat to a bot, a restart picking up a bot's turn, the leaderboard keeping bot games apart, and
races that must never make a bot move twice."""

from __future__ import annotations

import asyncio

import pytest

from bot.clock import DAY
from bot.service import GameInfo, Report, SeatInfo, Service, ServiceError, User, level_of
from bot.service.autoplay import Autoplay, bot_delay
from bot.service.base import private_lines
from bot.store import Storage, open_store
from bot.tools import record
from engine import Event, Msg, Outcome
from engine.core import effective_actions, leavers, ranked_last
from engine.i18n import has, translate
from tests.platform.toy import ToyRenderer

pytestmark = pytest.mark.backends

ANN, BOB, CY, DAN = User(1, "ann"), User(2, "bob"), User(3, "cy"), User(4, "dan")
CH, GUILD = 700, 9


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def refused(call: object, key: str) -> ServiceError:
    """The call is refused with `key`, whose text exists in English and French."""
    with pytest.raises(ServiceError) as caught:
        await call  # type: ignore[misc]
    assert caught.value.msg.key == key
    for locale in ("en", "fr"):
        assert has(key, locale)
        assert not translate(caught.value.msg, locale).startswith(key)
    return caught.value


async def bots_play(service: Service, game_id: int) -> int:
    """Every bot move asked for, one at a time, until a person is asked or the game ends."""
    moves = 0
    while turns := await service.bot_turns(game_id):
        seat, version = turns[0]
        assert await service.bot_move(game_id, seat, version) is not None
        moves += 1
        assert moves < 500
    return moves


async def to_the_end(service: Service, game_id: int) -> Outcome:
    """People take one stone when asked, bots play their seats, to the end."""
    for _ in range(200):
        await bots_play(service, game_id)
        info = await service.info_by_id(game_id)
        if info.outcome is not None:
            return info.outcome
        row = await service.store.game(game_id)
        assert row is not None and row.state is not None
        seat = row.state["turn"]
        person = info.user_of(seat)
        assert person is not None and person.bot is None
        await service.act_in(game_id, person.user_id, "take 1")
    raise AssertionError("the game does not end")


# --- the lobby -------------------------------------------------------------------------------


async def test_bots_are_seated_with_a_name_and_a_level(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy", locale="fr")
    info = await service.add_bot(CH, ANN.id, "difficile")  # the level in French
    info = await service.add_bot(CH, BOB.id, "easy", can_manage=True)  # a channel manager
    ann, hard, easy = info.seats
    assert ann.user_id == ANN.id and ann.bot is None
    assert hard.bot == "hard" and easy.bot == "easy" and hard.seated_bot and easy.seated_bot
    assert hard.user_id != easy.user_id and hard.user_id < 0 and easy.user_id < 0
    assert hard.name.endswith(" (difficile)") and easy.name.endswith(" (facile)")
    assert hard.name.split(" (")[0] != easy.name.split(" (")[0]  # unique within the game
    # one human and bots may play (solo practice): the minimum counts the bots
    report = await service.start(CH, ANN.id, seed=3)
    assert report.game.status == "active" and report.game.with_bots


async def test_every_refusal_changes_nothing(service: Service, store: Storage) -> None:
    await service.create(CH, GUILD, ANN, "toy")
    await service.join(CH, BOB)
    lobby = await service.info(CH)
    before = await store.seats(lobby.id)
    await refused(service.add_bot(CH, BOB.id, "easy"), "error.only_creator_bots")
    await refused(service.add_bot(CH, ANN.id, "grandmaster"), "error.bad_bot_level")
    await refused(service.remove_bot(CH, ANN.id), "error.no_bot")
    await refused(service.remove_bot(CH, ANN.id, "bob"), "error.not_a_bot")
    await refused(service.remove_bot(CH, ANN.id, "2"), "error.not_a_bot")
    await refused(service.remove_bot(CH, ANN.id, "nobody"), "error.no_such_bot")
    assert await store.seats(lobby.id) == before and await service.info(CH) == lobby
    await service.add_bot(CH, ANN.id)  # medium by default: the table is full now
    info = await service.info(CH)
    assert info.seats[-1].bot == "medium"
    await refused(service.add_bot(CH, ANN.id, "easy"), "error.game_full")
    await refused(service.remove_bot(CH, BOB.id), "error.only_creator_bots")
    assert len((await service.info(CH)).seats) == 3
    await service.start(CH, ANN.id, seed=1)
    after = await service.info(CH)
    await refused(service.add_bot(CH, ANN.id, "easy"), "error.already_started")
    await refused(service.remove_bot(CH, ANN.id), "error.already_started")
    assert await service.info(CH) == after


async def test_bots_are_removed_by_name_by_place_or_the_last(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy")
    first = (await service.add_bot(CH, ANN.id, "easy")).seats[1]
    second = (await service.add_bot(CH, ANN.id, "hard")).seats[2]
    info, name = await service.remove_bot(CH, ANN.id, first.name.split(" (")[0].upper())
    assert name == first.name and [s.user_id for s in info.seats] == [ANN.id, second.user_id]
    info, name = await service.remove_bot(CH, ANN.id)  # the last one seated
    assert name == second.name and [s.user_id for s in info.seats] == [ANN.id]
    await service.add_bot(CH, ANN.id, "medium")
    info, _ = await service.remove_bot(CH, ANN.id, "2")
    assert len(info.seats) == 1


async def test_the_last_person_leaving_closes_a_lobby_of_bots(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy")
    await service.add_bot(CH, ANN.id, "easy")
    await service.join(CH, BOB)
    info = await service.leave(CH, ANN.id)
    assert info.status == "lobby" and info.creator_id == BOB.id  # a person, never the bot
    info = await service.leave(CH, BOB.id)
    assert info.status == "abandoned"


def test_levels_are_read_in_both_languages() -> None:
    assert [level_of(w) for w in ("Easy", "FACILE", "moyen", "difficile", None, " ")] == [
        "easy", "easy", "medium", "hard", "medium", "medium"]


# --- playing ---------------------------------------------------------------------------------


async def test_a_bot_plays_through_the_same_history(service: Service, store: Storage) -> None:
    await service.create(CH, GUILD, ANN, "toy", ["big"])
    await service.add_bot(CH, ANN.id, "hard")
    report = await service.start(CH, ANN.id, seed=5)
    game_id = report.game.id
    outcome = await to_the_end(service, game_id)
    actions = await store.actions(game_id)
    bot_seat = next(s.seat for s in report.game.seats if s.bot)
    assert {a.user_id for a in actions if a.seat == bot_seat} == {None}  # played by the bot
    assert any(a.seat == bot_seat for a in actions) and outcome.winners
    assert await service.verify(game_id)  # the history replays to the stored state
    result = record.replay(await record.export(store, game_id))  # type: ignore[arg-type]
    assert result.outcome == outcome


async def test_a_bots_clock_never_runs_and_it_is_never_reminded(store: Storage,
                                                                toy_game: str) -> None:
    clock = Clock()
    service = Service(store, renderer=ToyRenderer(), clock=clock)
    await service.create(CH, GUILD, ANN, "toy", pace="1d+1h/2d")
    await service.add_bot(CH, ANN.id, "easy")
    report = await service.start(CH, ANN.id, seed=2)
    bot = next(s for s in report.game.seats if s.bot)
    if bot.seat not in {s.seat for s in report.to_act}:
        report = await service.act(CH, ANN.id, "take 1")
    assert [s.seat for s in report.to_act] == [bot.seat]
    assert report.game.seat_clocks[bot.seat].running_since is None  # type: ignore[index]
    assert report.game.seat_clocks[bot.seat].asked_since is not None  # type: ignore[index]
    clock.now += 30 * DAY  # a bot asked for a month (its process was down)
    assert await service.tick() == []  # no timeout, no reminder about it
    assert (await service.info(CH)).timed_out is None


async def test_a_resignation_in_a_game_of_three_hands_the_seat_to_a_bot(
        service: Service, store: Storage) -> None:
    for user in (ANN, BOB, CY):
        await (service.create(CH, GUILD, user, "toy", ["big"]) if user is ANN
               else service.join(CH, user))
    report = await service.start(CH, ANN.id, seed=11)
    game_id = report.game.id
    report = await service.resign(CH, BOB.id)
    bob = report.game.seat_of(BOB.id)
    assert report.game.status == "active" and report.outcome is None
    assert bob is not None and bob.bot == "medium" and bob.left and bob.name == "bob (bot)"
    assert [m.key for m in report.public] == ["platform.quit"]
    assert (await store.actions(game_id))[-1].text == ".quit"
    await refused(service.act(CH, BOB.id, "take 1"), "error.bot_plays_for_you")
    await refused(service.resign(CH, BOB.id), "error.bot_plays_for_you")
    await refused(service.undo(CH, BOB.id), "error.bot_plays_for_you")
    assert await service.choices(CH, BOB.id) == []
    # The seat's hidden cards are the bot's now, not the player's who left (its secret here).
    await refused(service.hand(CH, BOB.id), "error.bot_plays_for_you")
    await refused(service.legal_in(game_id, BOB.id), "error.bot_plays_for_you")
    assert (await service.hand(CH, ANN.id)).view["secret"] is not None  # the others see theirs
    outcome = await to_the_end(service, game_id)
    assert bob.seat not in outcome.winners and outcome.last == (bob.seat,)
    # The game over, the bot's cards are still none of his (issue 24, item 3).
    await refused(service.hand(CH, BOB.id), "error.bot_plays_for_you")
    assert outcome.ranking(3)[-1] == bob.seat
    assert "outcome.left_last" in [d.key for d in outcome.details]
    result = record.replay(await record.export(store, game_id))  # type: ignore[arg-type]
    assert result.outcome == outcome  # the record checks the leaver ranks last too
    standings = {s.user_id: (s.played, s.won) for s in await service.leaderboard(GUILD)}
    assert standings[BOB.id] == (1, 0)  # a game between people: a loss for the one who left


def test_a_seat_a_bot_plays_has_no_private_lines_for_the_player_who_left() -> None:
    """What the bot of a seat sees privately (here, a peek at the seat's secret) is told to
    nobody: not to the player who left it (issue 24, item 3)."""
    seats = (SeatInfo(0, ANN.id, "ann"), SeatInfo(1, BOB.id, "bob (bot)", bot="medium"))
    info = GameInfo(1, CH, GUILD, "toy", {}, "active", ANN.id, "en", 3, seats)
    peeks = [Event(Msg("toy.secret", {"n": 7}), to=(1,)), Event(Msg("toy.secret", {"n": 4}), to=(0,))]
    assert private_lines(info, peeks) == {ANN.id: [Msg("toy.secret", {"n": 4})]}


async def test_a_resignation_ends_a_game_of_two(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy")
    await service.join(CH, BOB)
    await service.start(CH, ANN.id, seed=1)
    report = await service.resign(CH, BOB.id)
    assert report.game.status == "finished"
    assert report.outcome is not None and report.outcome.winners == (
        report.game.seat_of(ANN.id).seat,)  # type: ignore[union-attr]


async def test_the_last_person_resigning_ends_the_game(service: Service) -> None:
    """With nobody left to play with, a resignation ends the game even with 3 seats: the bots
    (and not the players who left before) share the victory."""
    await service.create(CH, GUILD, ANN, "toy")
    await service.join(CH, BOB)
    await service.add_bot(CH, ANN.id, "easy")
    report = await service.start(CH, ANN.id, seed=4)
    bot = next(s.seat for s in report.game.seats if s.bot)
    report = await service.resign(CH, ANN.id)  # bob still plays: the game goes on
    ann = report.game.seat_of(ANN.id)
    assert report.game.status == "active" and ann is not None and ann.left
    report = await service.resign(CH, BOB.id)
    outcome = report.outcome
    assert report.game.status == "finished" and outcome is not None
    assert outcome.winners == (bot,) and outcome.last == (ann.seat,)


async def test_a_run_out_clock_may_be_handed_to_a_bot(store: Storage, toy_game: str) -> None:
    clock = Clock()
    service = Service(store, renderer=ToyRenderer(), clock=clock)
    await service.create(CH, GUILD, ANN, "toy", pace="1d+1h/2d")
    for user in (BOB, CY):
        await service.join(CH, user)
    report = await service.start(CH, ANN.id, seed=6)
    absent = report.to_act[0]
    clock.now += 3 * DAY
    notices = await service.tick()
    assert [n.msg.key for n in notices] == ["notice.timeout_bot"]
    info = await service.info(CH)
    assert await service.timeout_choices(info.id) == ["skip", "bot", "end", "wait"]
    other = next(s for s in info.seats if s.user_id != absent.user_id)
    report = await service.decide_timeout(info.id, other.user_id, "bot", version=info.version)
    seat = report.game.seat_of(absent.user_id)
    assert seat is not None and seat.bot == "medium" and report.game.timed_out is None
    assert [m.key for m in report.public] == ["platform.bot_for"]
    assert await service.bot_turns(info.id) == [(seat.seat, report.game.version)]
    assert leavers((a.seat, a.text) for a in await store.actions(info.id)) == [seat.seat]


async def test_a_run_out_clock_in_a_game_of_two_offers_no_bot(store: Storage,
                                                              toy_game: str) -> None:
    clock = Clock()
    service = Service(store, renderer=ToyRenderer(), clock=clock)
    await service.create(CH, GUILD, ANN, "toy", pace="1d+1h/2d")
    await service.join(CH, BOB)
    await service.start(CH, ANN.id, seed=6)
    clock.now += 3 * DAY
    assert [n.msg.key for n in await service.tick()] == ["notice.timeout"]
    info = await service.info(CH)
    assert "bot" not in await service.timeout_choices(info.id)


async def test_a_restart_picks_up_a_bots_turn(db_url: str, toy_game: str) -> None:
    first = await open_store(db_url)
    service = Service(first, renderer=ToyRenderer())
    await service.create(CH, GUILD, ANN, "toy", ["big"])
    await service.add_bot(CH, ANN.id, "easy")
    await service.add_bot(CH, ANN.id, "medium")
    report = await service.start(CH, ANN.id, seed=8)
    game_id = report.game.id
    if not await service.bot_turns(game_id):  # ann first: her move asks a bot
        await service.act(CH, ANN.id, "take 1")
    assert await service.bot_turns(game_id)
    await first.close()  # the process stops before any bot moved

    second = await open_store(db_url)
    try:
        again = Service(second, renderer=ToyRenderer())
        posted: list[Report] = []

        async def post(report: Report) -> None:
            posted.append(report)

        autoplay = Autoplay(again, post, delay=0.0)
        assert await again.bot_games() == [game_id]
        await autoplay.once()  # what the background task does at start-up
        await autoplay.idle()
        assert posted and await again.bot_turns(game_id) == []
        info = await again.info_by_id(game_id)
        assert info.outcome is not None or ANN.id in [s.user_id for s in posted[-1].to_act]
        await autoplay.stop()
    finally:
        await second.close()


async def test_the_leaderboard_keeps_games_with_bots_apart(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy")
    await service.join(CH, BOB)
    await service.start(CH, ANN.id, seed=1)
    await service.resign(CH, BOB.id)  # ann beats bob
    await service.create(CH, GUILD, ANN, "toy")
    await service.add_bot(CH, ANN.id, "hard")
    await service.start(CH, ANN.id, seed=1)
    await service.resign(CH, ANN.id)  # the bot beats ann
    people = {s.user_id: (s.played, s.won) for s in await service.leaderboard(GUILD)}
    assert people == {ANN.id: (1, 1), BOB.id: (1, 0)}
    with_bots = {s.user_id: (s.played, s.won) for s in await service.leaderboard(GUILD, bots=True)}
    assert with_bots == {ANN.id: (1, 0)}  # the bot is not listed


# --- races: a bot never moves twice ------------------------------------------------------------


async def test_two_processes_deciding_the_same_bot_move_store_it_once(
        db_url: str, toy_game: str) -> None:
    a, b = await open_store(db_url), await open_store(db_url)
    try:
        one, two = Service(a, renderer=ToyRenderer()), Service(b, renderer=ToyRenderer())
        await one.create(CH, GUILD, ANN, "toy", ["big"])
        await one.add_bot(CH, ANN.id, "easy")
        report = await one.start(CH, ANN.id, seed=3)
        game_id = report.game.id
        for _ in range(3):
            turns = await one.bot_turns(game_id)
            if not turns:
                await one.act(CH, ANN.id, "take 1")
                turns = await one.bot_turns(game_id)
            [(seat, version)] = turns
            results = await asyncio.gather(one.bot_move(game_id, seat, version),
                                           two.bot_move(game_id, seat, version))
            assert sum(r is not None for r in results) == 1, results
            assert len(await a.actions(game_id)) == version + 1
            if (await one.info_by_id(game_id)).outcome is not None:
                break
    finally:
        await a.close()
        await b.close()


async def test_an_undo_racing_a_bot_never_makes_it_move_twice(service: Service,
                                                               store: Storage) -> None:
    await service.create(CH, GUILD, ANN, "toy", ["big"])
    await service.add_bot(CH, ANN.id, "easy")
    report = await service.start(CH, ANN.id, seed=3)
    game_id = report.game.id
    await bots_play(service, game_id)
    await service.act(CH, ANN.id, "take 1")
    [(seat, version)] = await service.bot_turns(game_id)
    undo, moved = await asyncio.gather(service.undo(CH, ANN.id),
                                       service.bot_move(game_id, seat, version),
                                       return_exceptions=True)
    history = [(a.seat, a.text) for a in await store.actions(game_id)]
    assert len(history) == version + 1  # one of the two, never both
    if isinstance(undo, Report):  # the undo won: the bot's decision was for a game gone by
        assert moved is None and history[-1][1] == ".undo"
        assert await service.bot_turns(game_id) == []  # ann is asked again, not the bot
    else:  # the bot moved first: nothing to undo for ann any more
        assert isinstance(undo, ServiceError) and undo.msg.key == "error.undo_nothing"
        assert isinstance(moved, Report) and history[-1][0] == seat
    assert await service.verify(game_id)
    assert len(effective_actions(history)) == version + 1 - 2 * isinstance(undo, Report)


async def test_the_background_task_plays_bots_in_turn_and_stops(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy", ["big"])
    await service.add_bot(CH, ANN.id, "easy")
    await service.add_bot(CH, ANN.id, "easy")
    report = await service.start(CH, ANN.id, seed=9)
    if ANN.id in [s.user_id for s in report.to_act]:
        report = await service.act(CH, ANN.id, "take 1")
    posted: list[Report] = []

    async def post(report: Report) -> None:
        posted.append(report)

    autoplay = Autoplay(service, post, delay=0.0)
    autoplay.wake(report.game.id)
    autoplay.wake(report.game.id)  # woken twice: one worker
    await autoplay.idle()
    versions = [r.game.version for r in posted]
    # one post per move, in order, until ann is asked (or the bots end the game)
    assert versions == list(range(report.game.version + 1, report.game.version + 1 + len(posted)))
    assert posted and await service.bot_turns(report.game.id) == []
    last = posted[-1]
    assert last.outcome is not None or [s.user_id for s in last.to_act] == [ANN.id]
    await autoplay.stop()


async def test_a_stopped_autoplay_never_starts_again() -> None:
    """A READY whose repair was still running when the client closed called start() after
    stop(): its round task outlived the client (tests/e2e/test_standin.py, now and then)."""

    async def post(report: Report) -> None:
        raise AssertionError("nothing to post")

    autoplay = Autoplay(None, post, delay=0.0)  # type: ignore[arg-type]
    await autoplay.stop()
    autoplay.start()
    assert not [t for t in asyncio.all_tasks() if t.get_name() == "tabula-bots-round"]


def test_the_delay_is_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_BOT_DELAY", "0")
    assert bot_delay() == 0.0
    monkeypatch.setenv("TABULA_BOT_DELAY", "0.5")
    assert bot_delay() == 0.5
    monkeypatch.setenv("TABULA_BOT_DELAY", "soon")
    assert bot_delay() == 2.0
    monkeypatch.delenv("TABULA_BOT_DELAY")
    assert bot_delay() == 2.0


# --- the outcome of a game some players left ---------------------------------------------------


def test_those_who_left_rank_last_and_never_win() -> None:
    won = Outcome((1,), (10, 30, 20), Msg("x"))
    out = ranked_last(won, [1], 3)
    assert out.winners == (2,) and out.last == (1,) and out.ranking(3) == [2, 0, 1]
    shared = ranked_last(Outcome((0, 1), (5, 5, 5), Msg("x")), [1], 3)
    assert shared.winners == (0,)
    unscored = ranked_last(Outcome((2,), None, Msg("x")), [2], 3)
    assert unscored.winners == (0, 1)
    assert ranked_last(won, [], 3) is won
    assert Outcome.from_json(out.to_json()) == out
    assert "last" not in won.to_json()  # outcomes stored before read the same


async def test_a_run_out_clock_with_only_bots_beside_waits_for_its_player(
        store: Storage, toy_game: str) -> None:
    """Solo practice with a clock: nobody could decide about it, so the game waits."""
    clock = Clock()
    service = Service(store, renderer=ToyRenderer(), clock=clock)
    await service.create(CH, GUILD, ANN, "toy", pace="1d+1h/2d")
    await service.add_bot(CH, ANN.id, "easy")
    report = await service.start(CH, ANN.id, seed=2)
    if ANN.id not in [s.user_id for s in report.to_act]:
        await bots_play(service, report.game.id)
    clock.now += 3 * DAY
    assert await service.tick() == []
    assert (await service.info(CH)).timed_out is None
    await service.act(CH, ANN.id, "take 1")  # back: the game goes on
