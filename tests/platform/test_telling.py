"""One post per turn (issue 23): the channel hears of a game when it changes hands.

The policy (bot.service.telling) is checked case by case, then over random games of every game
and option set (the engine alone, fast), then through the real Service and SQLite store: a turn
of several steps is told once, with every public line of its steps and a picture outlining all
it changed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from bot.bench.posts import Change, retold
from bot.service import GameInfo, How, Report, SeatInfo, Service, ServiceError, User, telling
from bot.service.telling import AWAY, still_here
from bot.store.sqlite import Store
from engine import play, registry
from engine.core import parse_options
from engine.policy import walk

# --- the decision, case by case ---------------------------------------------------------------

PEOPLE = {0, 1, 2}


def test_the_same_player_going_on_is_told_nothing() -> None:
    assert telling({0}, {0}, PEOPLE, mover=0).how is How.QUIET


def test_a_new_player_asked_gets_a_post_that_pings_them_only() -> None:
    told = telling({0}, {1}, PEOPLE, mover=0)
    assert told.how is How.POST and told.ping == {1}
    # Someone newly asked beside the mover, who goes on: only the newcomer is pinged.
    told = telling({0}, {0, 1}, PEOPLE, mover=0)
    assert told.how is How.POST and told.ping == {1}


def test_answers_to_a_simultaneous_choice_edit_the_open_post() -> None:
    assert telling({0, 1, 2}, {1, 2}, PEOPLE, mover=0).how is How.EDIT
    told = telling({1}, {0}, PEOPLE, mover=1)  # the last answer: the game moves on
    assert told.how is How.POST and told.ping == {0}


def test_computer_players_turns_are_told_with_the_next_persons_post() -> None:
    people = {0}
    assert telling({0}, {1}, people, mover=0).how is How.QUIET
    assert telling({1}, {2}, people, mover=1).how is How.QUIET
    told = telling({2}, {0}, people, mover=2)
    assert told.how is How.POST and told.ping == {0}
    # A simultaneous choice where only bots are left to answer: nothing until it resolves.
    assert telling({0, 1}, {1}, people, mover=0).how is How.QUIET


def test_the_end_and_a_player_leaving_are_always_posted_without_pinging_the_end() -> None:
    assert telling({0}, set(), PEOPLE, ended=True, mover=0) .how is How.POST
    assert telling({0}, set(), PEOPLE, ended=True, mover=0).ping == frozenset()
    assert telling({1}, {1}, PEOPLE, left=True).how is How.POST


# --- over random games of every game ----------------------------------------------------------

SETS = [(key, n, options) for key in registry.keys()  # noqa: SIM118 (a function)
        for n, options in {"duel": [(2, ()), (2, ("agora",)), (2, ("leaders",)),
                                    (2, ("agora", "leaders"))],
                           "res-publica": [(3, ()), (5, ()), (3, ("classic",)),
                                           (5, ("classic",))],
                           "seven-hills": [(3, ()), (4, ())],
                           "heros": [(2, ()), (3, ()), (4, ()), (5, ())]}[key]]


def changes_of(key: str, players: int, options: tuple[str, ...], seed: int,
               ) -> tuple[frozenset[int], list[Change]]:
    game = registry.get(key)
    state = game.setup(players, seed, parse_options(game, list(options)))
    rng = random.Random(seed)
    start = frozenset(game.prompt(state))
    changes = []
    while game.outcome(state) is None:
        before = frozenset(game.prompt(state))
        seat = rng.choice(sorted(before))
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
        ended = game.outcome(state) is not None
        changes.append(Change(before, frozenset(() if ended else game.prompt(state)), seat,
                              ended))
    return start, changes


def test_every_game_has_an_option_set_here() -> None:
    assert {key for key, _, _ in SETS} == set(registry.keys())


@pytest.mark.parametrize(("key", "players", "options"), SETS)
def test_between_people_one_post_per_change_of_hands(key: str, players: int,
                                                    options: tuple[str, ...]) -> None:
    """posts <= changes + 2 (the start and the end), no re-ask, pings <= changes, and every
    person newly asked is pinged by the one post that asks them."""
    for seed in (1,):
        start, changes = changes_of(key, players, options, seed)
        people = set(range(players))
        counts = retold(changes, start, people)
        assert counts.posts <= counts.changes + 2 and counts.reasks == 0
        assert counts.pings <= counts.changes
        for change in changes:
            told = telling(change.before, change.after, people, ended=change.ended,
                           mover=change.mover)
            newly = change.after - change.before
            if newly and not change.ended:
                assert told.how is How.POST and told.ping == newly
        before = retold(changes, start, people, every_step=True)
        assert counts.posts < before.posts  # fewer posts than one per step, in every game


@pytest.mark.parametrize(("key", "players", "options"), SETS)
def test_a_person_playing_bots_is_pinged_again_only_after_being_away(
        key: str, players: int, options: tuple[str, ...]) -> None:
    """Issue 44, item 16: seat 0 a person, the others bots. Answering at once, the person is
    pinged once in the whole game (the post that first asks them); every post still comes.
    Away AWAY between moves, each post that asks them again pings them, as the policy alone
    says."""
    start, changes = changes_of(key, players, options, 1)
    there = retold(changes, start, {0})
    away = retold([replace(c, at=i * AWAY) for i, c in enumerate(changes)], start, {0})
    policy = sum(len(telling(c.before, c.after, {0}, ended=c.ended, mover=c.mover).ping)
                 for c in changes) + (0 in start)
    assert there.pings == 1 and there.posts == away.posts
    assert away.pings == policy > 1


def info_of(*seats: tuple[int, str | None]) -> GameInfo:
    """A running game whose seats are (user id, bot level or None) in seat order."""
    return GameInfo(id=1, channel_id=2, guild_id=3, game_key="duel", options={},
                    status="active", creator_id=seats[0][0], locale="en", version=9,
                    seats=tuple(SeatInfo(n, uid, f"p{n}", bot) for n, (uid, bot)
                                in enumerate(seats)))


def test_still_here_is_the_latest_person_to_act_since_the_post_if_recent() -> None:
    info = info_of((11, None), (-1, "easy"), (12, None))
    now = 10_000.0
    # Ann (seat 0) moved, then the bot: Ann is still here.
    assert still_here(info, [(11, now - 5), (None, now - 1)], now) == {0}
    # Ann moved, then Bob: Bob is the latest person, Ann is not still here (she is pinged).
    assert still_here(info, [(11, now - 5), (12, now - 3), (None, now - 1)], now) == {2}
    # Away: her move is AWAY old.
    assert still_here(info, [(11, now - AWAY), (None, now - 1)], now) == frozenset()
    # Only the bot played since the post: nobody.
    assert still_here(info, [(None, now - 1)], now) == frozenset()
    # A player who left (a bot plays their seat now) is nobody's ping to spare.
    left = info_of((11, "easy"), (-1, "easy"), (12, None))
    assert still_here(left, [(11, now - 5), (None, now - 1)], now) == frozenset()


# --- through the service and the store --------------------------------------------------------


async def started(service: Service, channel: int, key: str, players: int, *, seed: int) -> Report:
    """A game of `players` people opened, filled and started in `channel`: its start's report."""
    users = [User(i + 1, name) for i, name in enumerate(("ann", "bob", "cat", "dan", "eve"))]
    await service.create(channel, None, users[0], key, [])
    for user in users[1:players]:
        await service.join(channel, user)
    return await service.start(channel, users[0].id, seed=seed)


async def test_a_turn_of_several_steps_is_told_in_one_post(tmp_path: Path) -> None:
    """Seven Hills: a player's steps are quiet, then the post that calls the next player holds
    the public lines of every step since the previous post, and the stored view it compares
    with is that of the previous post."""
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        service = Service(store)
        report = await started(service, 7, "seven-hills", 3, seed=3)
        rng = random.Random(3)
        quiet_lines = 0
        for _ in range(400):
            seat = report.to_act[0]
            legal = await service.choices(7, seat.user_id)
            mover = seat.seat
            report = await service.act(7, seat.user_id, walk(legal, rng))
            if report.how is How.QUIET:
                assert report.image is None and not report.ping  # nothing for the channel
                assert mover in report.asks
                history = await store.actions(report.game.id)
                quiet_lines += sum(1 for e in history[-1].events if e.get("to") is None)
            elif report.how is How.POST and quiet_lines:
                break
        else:
            pytest.fail("no turn of several steps with public lines in 400 moves")
        # The post tells the quiet steps' public lines too, and pings only who is new.
        assert len(report.public) > quiet_lines
        assert mover not in {s for s in report.asks} or report.ping == []
        row = await store.game(report.game.id)
        assert row is not None and row.told == row.version
        told, since = await store.since_told(row.id)
        assert since == [] and told is not None and set(told["asked"]) == set(report.asks)
    finally:
        await store.close()


# --- the store keeps what the channel was told (both stores) -----------------------------------


@pytest.mark.backends
async def test_the_store_keeps_what_the_channel_was_told(service: Service) -> None:
    """The start and each post are points the channel is told of (`told`, with the public view
    and the seats asked then); a quiet step is not, owes no post after a crash, and its lines
    wait in the history for the next post."""
    ana, ben = User(1, "Ana"), User(2, "Ben")
    await service.create(3, 7, ana, "toy", ["big"], locale="en")
    await service.join(3, ben)
    start = await service.start(3, ana.id, seed=1)
    gid, store = start.game.id, service.store
    row = await store.game(gid)
    assert row is not None and row.told == 0
    told, since = await store.since_told(gid)
    assert told is not None and told["view"]["pile"] == 12 and since == []
    assert told["asked"] == sorted(start.asks)
    first = start.to_act[0]
    peek = await service.act_in(gid, first.user_id, "peek")  # the same player goes on
    assert peek.how is How.QUIET and peek.private[first.user_id] and not peek.public
    assert peek.image is None and peek.pinged == []
    assert (await store.game(gid)).told == 0  # type: ignore[union-attr]
    assert await store.unposted() == [(gid, 0, None)]  # the start's post was never recorded
    await service.posted_turn(gid, 900, 3, 0)
    assert await store.unposted() == []  # the quiet step owes no post
    took = await service.act_in(gid, first.user_id, "take 2")
    second = took.to_act[0]
    assert took.how is How.POST and took.pinged == [second.user_id] and took.image is not None
    assert [m.key for m in took.public] == ["toy.took"]  # the peek was private: no line
    row = await store.game(gid)
    assert row is not None and row.told == row.version == 2
    told, since = await store.since_told(gid)
    assert told is not None and told["view"]["pile"] == 10 and since == []
    assert await store.unposted() == [(gid, 2, 0)]


# --- forced actions: played by the platform, nobody asked or pinged for them -------------------


async def test_a_player_who_cannot_answer_a_trade_is_never_asked(tmp_path: Path) -> None:
    """Res Publica, « Commerce », A. Chercher: « les joueurs, qui possèdent la carte
    recherchée, annoncent, chacun leur tour » — through the service, a seek leaves each seat
    holding none of the sought cards unasked: its pass is stored as its own history entry,
    played by the platform (no user), and no report ever asks it to answer that trade."""
    game = registry.get("res-publica")
    store = await Store.open(tmp_path / "f.sqlite3")
    try:
        service = Service(store)
        report = await started(service, 9, "res-publica", 4, seed=11)
        rng = random.Random(11)
        forced_seen = 0
        for _ in range(600):
            if report.outcome is not None or forced_seen >= 3:
                break
            seat = report.to_act[0]
            row = await store.game(report.game.id)
            assert row is not None and row.state is not None
            # No seat asked now has an action the rules would play for it.
            assert all(game.forced(row.state, s) is None for s in report.asks)
            legal = await service.choices(9, seat.user_id)
            seeks = [t for t in legal if t.startswith("seek")]
            text = rng.choice(seeks) if seeks and rng.random() < 0.5 else walk(legal, rng)
            before = row.version
            report = await service.act(9, seat.user_id, text)
            history = (await store.actions(report.game.id))[before:]
            assert history[0].user_id == seat.user_id and history[0].text == text
            for entry in history[1:]:
                assert entry.user_id is None and entry.text == "pass"
                # Its lines are its own, stored once (not also with the move before it).
                assert entry.events and all(e not in history[0].events for e in entry.events)
                forced_seen += 1
            if len(history) > 1 and history[-1].user_id is None:
                # The seat's player cannot take back a pass the platform played for them.
                owner = report.game.user_of(history[-1].seat)
                assert owner is not None
                with pytest.raises(ServiceError) as refused:
                    await service.undo(9, owner.user_id)
                assert refused.value.msg.key == "error.undo_nothing"
            assert report.game.version == before + len(history)
        assert forced_seen, "no forced pass in 600 moves"
        assert await service.verify(report.game.id)  # the history replays to the state
    finally:
        await store.close()


# --- tabula bench --posts ---------------------------------------------------------------------


async def test_bench_posts_counts_a_whole_game_within_the_bounds() -> None:
    """`tabula bench duel --players 2 --posts 1`: a game between people told as the bot tells
    it, then as a solo game and as before one post per turn, with the bounds checked."""
    import io

    from bot.bench.posts import bench_posts

    out = io.StringIO()
    assert await bench_posts("duel", 2, [], 1, 1, out) == 0
    lines = out.getvalue().splitlines()
    people, solo, before = (dict(w.split("=") for w in line.split(": ")[1].split())
                            for line in lines[:3])
    assert int(people["posts"]) <= int(people["changes"]) + 2 and people["reasks"] == "0"
    assert int(people["pings"]) <= int(people["changes"])
    assert int(before["posts"]) > int(people["posts"])  # a post per step, before
    assert int(solo["posts"]) < int(people["posts"])
    assert lines[-1].startswith("load=")
