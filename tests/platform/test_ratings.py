"""Ratings per game (issue 27): openskill's own numbers, the ranks (ties, resignations), one
rating per finished game in the transaction that stores it, even when several processes race
for it (each store below is its own connection or pool, as a process would have: on PostgreSQL
their transactions do run at once), and `rebuild` giving exactly the incremental values."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot import ratings
from bot.cli import main
from bot.ratings import Rating, Seat, rank_places, rate
from bot.service import Service, User
from bot.store import RatingRow, Storage, open_store
from engine import Msg, Outcome

pytestmark = pytest.mark.backends

GUILD = 77


def _outcome(winners: tuple[int, ...], scores: tuple[int, ...] | None = None,
             last: tuple[int, ...] = ()) -> Outcome:
    return Outcome(winners, scores, Msg("toy.won"), (), last)


# --- the model ---------------------------------------------------------------------------------

def test_a_known_sequence_gives_openskills_own_numbers() -> None:
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    mine: dict[int, Rating] = {}
    results = [((0,), (1, 2, 3)), ((2,), (1, 3, 2)), ((0, 1), None)]  # winners, seat order
    for winners, _ in results:
        seats = [Seat(0, 1), Seat(1, 2), Seat(2, 3)]
        changes = rate("toy", seats, _outcome(winners), mine)
        mine.update({ch.user_id: ch.after for ch in changes})
        places = [1 if s in winners else 1 + len(winners) for s in range(3)]
        [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=places)
    assert [(mine[u].mu, mine[u].sigma) for u in (1, 2, 3)] == [
        (a.mu, a.sigma), (b.mu, b.sigma), (c.mu, c.sigma)]
    assert mine[1].games == 3


def test_ranks_tie_a_shared_victory_and_put_who_left_last() -> None:
    assert rank_places(_outcome((0, 2)), 3) == [1, 3, 1]  # a shared victory ties for first
    assert rank_places(_outcome((1,), (30, 50, 30, 10)), 4) == [2, 1, 2, 4]  # equal scores tie
    # A player who resigned or left for a bot ranks last, whatever their score.
    assert rank_places(_outcome((1,), (90, 50, 30), last=(0,)), 3) == [3, 1, 2]
    assert rank_places(_outcome((2,), None, last=(0, 1)), 3) == [2, 2, 1]


def test_a_tie_for_first_moves_both_alike() -> None:
    changes = rate("toy", [Seat(0, 1), Seat(1, 2)], _outcome((0, 1)), {})
    assert changes[0].after == changes[1].after
    assert changes[0].after.mu == pytest.approx(25.0)


def test_bots_are_fixed_points_and_a_new_player_shows_1000(monkeypatch: pytest.MonkeyPatch,
                                                           ) -> None:
    monkeypatch.setattr(ratings, "bot_ratings",
                        lambda: {"toy": {"hard": (35.0, 1.0), "easy": (15.0, 1.0)}})
    assert Rating().shown == 1000
    beat_hard = rate("toy", [Seat(0, 1), Seat(1, -1, "hard")], _outcome((0,)), {})
    beat_easy = rate("toy", [Seat(0, 1), Seat(1, -1, "easy")], _outcome((0,)), {})
    assert [c.user_id for c in beat_hard] == [1]  # the bot is not rated
    assert beat_hard[0].after.mu > beat_easy[0].after.mu  # a win against the strong bot counts more
    assert beat_hard[0].delta > 0


# --- in the store --------------------------------------------------------------------------------

@pytest.fixture
async def many(db_url: str) -> AsyncIterator[list[Storage]]:
    stores = [await open_store(db_url) for _ in range(4)]
    yield stores
    for s in stores:
        await s.close()


async def _game(store: Storage, users: list[int], *, channel: int, bots: dict[int, str] | None = None,
                guild: int = GUILD) -> int:
    gid = await store.create_game(channel_id=channel, guild_id=guild, game_key="toy", options={},
                                  creator_id=users[0], creator_name=f"u{users[0]}", locale="en",
                                  now=1.0)
    for user in users[1:]:
        level = (bots or {}).get(user)
        assert await store.add_seat(gid, user, f"u{user}", 1.0, max_seats=len(users), bot=level,
                                    bot_seed=1 if level else None)
    assert await store.start_game(gid, seed=1, order=users, state={"v": 0}, now=1.0)
    return gid


async def _finish(store: Storage, gid: int, outcome: Outcome, now: float = 5.0) -> bool:
    return await store.append_action(gid, expected_version=0, seat=0, user_id=None, text="end",
                                     events=[], state={"v": 1}, outcome=outcome.to_json(), now=now)


async def test_finishing_a_game_rates_it_in_the_same_transaction(store: Storage) -> None:
    gid = await _game(store, [1, 2, 3], channel=1)
    assert await store.rating_changes(gid) == []
    assert await _finish(store, gid, _outcome((2,), (10, 20, 30)))
    changes = {c.user_id: c for c in await store.rating_changes(gid)}
    expected = {c.user_id: c for c in rate("toy", [Seat(0, 1), Seat(1, 2), Seat(2, 3)],
                                           _outcome((2,), (10, 20, 30)), {})}
    assert {u: (c.rank, c.mu, c.sigma) for u, c in changes.items()} == {
        u: (c.rank, c.after.mu, c.after.sigma) for u, c in expected.items()}
    assert not await store.rate_game(gid)  # a retry changes nothing
    assert [(r.user_id, r.games, r.name) for r in await store.all_ratings()] == [
        (1, 1, "u1"), (2, 1, "u2"), (3, 1, "u3")]


async def test_abandoned_and_running_games_are_not_rated(store: Storage) -> None:
    gid = await _game(store, [1, 2], channel=1)
    assert not await store.rate_game(gid)  # running
    assert await store.set_status(gid, "abandoned", 2.0)
    assert not await store.rate_game(gid)
    assert await store.all_ratings() == []


async def test_the_final_move_raced_by_processes_rates_once(many: list[Storage]) -> None:
    gid = await _game(many[0], [1, 2], channel=1)
    stored = await asyncio.gather(*(_finish(s, gid, _outcome((0,))) for s in many))
    assert sum(stored) == 1
    again = await asyncio.gather(*(s.rate_game(gid) for s in many))
    assert not any(again)
    assert [(r.user_id, r.games) for r in await many[0].all_ratings()] == [(1, 1), (2, 1)]
    assert len(await many[0].rating_changes(gid)) == 2


async def test_games_sharing_a_player_finished_at_once_all_count(many: list[Storage]) -> None:
    games = [await _game(many[0], [1, 10 + g], channel=g) for g in range(12)]
    stored = await asyncio.gather(*(
        _finish(many[g % len(many)], gid, _outcome((g % 2,))) for g, gid in enumerate(games)))
    assert all(stored)
    mine = {r.user_id: r for r in await many[0].all_ratings()}
    assert mine[1].games == 12  # no update lost
    history = await many[0].rating_history(1, "toy")
    assert [c.games for c in history] == list(range(1, 13))
    # each game started from the rating the one before it left (they were serialised)
    for before, after in zip(history, history[1:], strict=False):
        assert (after.mu_before, after.sigma_before) == (before.mu, before.sigma)
    incremental = await many[0].all_ratings()
    await many[1].rebuild_ratings()
    assert await many[0].all_ratings() == incremental


async def test_rebuild_equals_incremental_over_1000_random_games(store: Storage) -> None:
    rng = random.Random(27)
    finished = 0
    people = list(range(1, 21))
    for g in range(1000):
        players = rng.randint(2, 4)
        users = rng.sample(people, players)
        bots: dict[int, str] = {}
        if rng.random() < 0.25:  # a bot seated in the lobby
            users[-1] = -1 - g
            bots[users[-1]] = rng.choice(["easy", "medium", "hard"])
        gid = await _game(store, users, channel=g, bots=bots, guild=GUILD + g % 3)
        if rng.random() < 0.05:
            await store.set_status(gid, "abandoned", 2.0)
            continue
        scores = tuple(rng.randint(0, 5) for _ in users) if rng.random() < 0.7 else None
        best = max(scores) if scores else None
        winners = (tuple(s for s in range(players) if scores[s] == best) if scores
                   else tuple(sorted(rng.sample(range(players), rng.choice([1, 1, 1, 2])))))
        last = (rng.randrange(players),) if rng.random() < 0.15 else ()
        winners = tuple(w for w in winners if w not in last) or tuple(
            s for s in range(players) if s not in last)
        assert await _finish(store, gid, _outcome(winners, scores, last), now=10.0 + g)
        finished += 1
    incremental = await store.all_ratings()
    changes = [await store.rating_changes(gid) for gid in (1, 500, 999)]
    boards = [await store.leaderboard(GUILD + k, "toy", 30) for k in range(3)]
    for rows, people in boards:  # each server's people, best μ − 3σ first, kept up to date
        assert people == 20 and len(rows) == 20  # everyone played in every server
        ordinals = [r.mu - 3 * r.sigma for r in rows]
        assert ordinals == sorted(ordinals, reverse=True)
        assert {r.user_id: r for r in rows} == {
            r.user_id: r for r in incremental if r.user_id in {x.user_id for x in rows}}
    assert sum(r.games for r in incremental) > 2000
    assert await store.rebuild_ratings() == finished
    assert await store.all_ratings() == incremental  # exactly: the same floats
    assert [await store.rating_changes(gid) for gid in (1, 500, 999)] == changes
    assert [await store.leaderboard(GUILD + k, "toy", 30) for k in range(3)] == boards


# --- through the service: the toy game played to its end -----------------------------------------

async def _played(service: Service, channel: int, users: list[int]) -> int:
    people = [User(u, f"p{u}") for u in users]
    await service.create(channel, GUILD, people[0], "toy")
    for p in people[1:]:
        await service.join(channel, p)
    report = await service.start(channel, people[0].id, seed=channel)
    while report.game.status == "active":
        seat = next(iter(report.asks))
        mover = next(s.user_id for s in report.game.seats if s.seat == seat)
        report = await service.act(channel, mover, "take 1")
    return report.game.id


async def test_the_service_shows_the_ladder_the_changes_and_the_stats(service: Service) -> None:
    gids = [await _played(service, 100 + g, [1, 2] if g % 2 else [2, 1]) for g in range(3)]
    changes = await service.rating_changes(gids[0])
    assert set(changes) == {1, 2}
    assert all(c.before == 1000 for c in changes.values())
    assert sorted(c.delta > 0 for c in changes.values()) == [False, True]
    [ladder] = await service.ladder(GUILD, "toy")
    assert ladder.people == 2
    assert ladder.rows[0].rating >= ladder.rows[1].rating and ladder.rows[0].provisional
    assert await service.ladder(GUILD + 1) == []  # another server: nobody
    stats = await service.stats(GUILD, 1, "p1")
    [toy] = stats.games
    assert toy.played == 3 and len(toy.history) == 3 and toy.rating is not None
    assert toy.history[-1] == toy.rating.rating
    assert stats.moves > 0 and stats.resigned == 0 and stats.seconds_per_move is not None


async def test_a_resignation_ranks_last_and_is_counted(service: Service) -> None:
    await service.create(200, GUILD, User(1, "p1"), "toy")
    await service.join(200, User(2, "p2"))
    report = await service.start(200, 1, seed=1)
    report = await service.resign(200, 2)
    changes = await service.rating_changes(report.game.id)
    assert changes[2].delta < 0 < changes[1].delta
    assert (await service.stats(GUILD, 2, "p2")).resigned == 1


def test_the_rebuild_command_rates_games_finished_before_ratings(
        db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabula ratings rebuild`: a game finished but never rated (as before migration 0008)
    is rated by the rebuild; a second rebuild changes nothing."""

    async def fill() -> list[RatingRow]:
        store = await open_store(db_path)
        try:
            gid = await _game(store, [1, 2], channel=1)
            assert await _finish(store, gid, _outcome((1,)))
            rated = await store.all_ratings()
            await _game(store, [1, 3], channel=2)
            return rated
        finally:
            await store.close()

    first = asyncio.run(fill())
    with sqlite3.connect(db_path) as raw:  # as if it had finished before ratings existed
        raw.executescript("UPDATE games SET rated = NULL; DELETE FROM ratings;"
                          " DELETE FROM rating_changes; DELETE FROM rating_members;")
    assert main(["ratings", "rebuild", "--db", str(db_path)]) == 0
    assert ("1 finished games rated, 2 ratings of 2 people (0 ratings before, now changed)"
            in capsys.readouterr().out)
    assert asyncio.run(_all(db_path)) == first
    assert main(["ratings", "rebuild", "--db", str(db_path)]) == 0
    assert "(unchanged)" in capsys.readouterr().out


async def _all(path: Path) -> list[RatingRow]:
    store = await open_store(path)
    try:
        return await store.all_ratings()
    finally:
        await store.close()


async def test_the_leaderboard_bench_prints_its_figure(tmp_path: Path) -> None:
    """`tabula bench --games N` ends with the leaderboard of one server holding N games."""
    import io

    from bot.bench.ladder import bench_ladder

    out = io.StringIO()
    median = await bench_ladder(300, rounds=3, db=str(tmp_path / "ladder.sqlite3"), out=out)
    assert median > 0
    assert "leaderboard: 300 finished games in one server" in out.getvalue()
    assert "leaderboard_ms=" in out.getvalue()
