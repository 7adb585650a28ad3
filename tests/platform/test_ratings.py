"""Ratings per game (issue 27): openskill's own numbers, the ranks (ties, resignations), one
rating per finished game in the transaction that stores it, even when several processes race
for it (each store below is its own connection or pool, as a process would have: on PostgreSQL
their transactions do run at once), and `rebuild` giving exactly the incremental values."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import math
import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryFull

from bot import ratings
from bot.cli import main
from bot.ratings import Rating, Seat, fit, rank_places, rate
from bot.service import Service, User
from bot.store import RatingRow, Storage, open_store
from bot.tools.botratings import bots_command, games_of, places_of
from data import path as data_path
from engine import Msg, Outcome, ai, registry
from engine.i18n import translate
from engine.registry import get

pytestmark = pytest.mark.backends

GUILD = 77


def _outcome(winners: tuple[int, ...], scores: tuple[int, ...] | None = None,
             last: tuple[int, ...] = ()) -> Outcome:
    return Outcome(winners, scores, Msg("toy.won"), (), last)


# --- the model ---------------------------------------------------------------------------------

def test_a_known_sequence_gives_openskills_own_numbers() -> None:
    model = BradleyTerryFull()
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


def test_a_shared_victory_keeps_third_below_the_winners() -> None:
    """Issue 44: with Plackett-Luce, places [1, 1, 3, 4] gave third the winners' μ gain and a
    smaller σ, so third led the leaderboard after one game (1,043 against 1,034)."""
    seats = [Seat(s, s + 1) for s in range(4)]
    changes = rate("toy", seats, _outcome((0, 1), (9, 9, 5, 2)), {})
    assert [c.rank for c in changes] == [1, 1, 3, 4]
    first, second, third, fourth = (c.after.shown for c in changes)
    assert first == second > third > fourth


_PRIORS = st.lists(st.tuples(st.floats(5.0, 45.0), st.floats(0.8, 25.0 / 3.0)), min_size=1,
                   max_size=3).map(lambda found: [Rating(mu, sigma, 3) for mu, sigma in found]
                                   + [Rating()])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_whoever_finished_below_gains_no_more_from_the_same_prior(data: st.DataObject) -> None:
    """Over random finishing orders with ties (scores, shared victories, players who left), 2
    to 5 seats, people with random priors (several sharing one) and bots: nobody who finished
    below another gains more displayed rating than they do from the same prior."""
    players = data.draw(st.integers(2, 5))
    scores = tuple(data.draw(st.lists(st.integers(0, 4), min_size=players, max_size=players)))
    last = tuple(data.draw(st.sets(st.integers(0, players - 1), max_size=players - 1)))
    stay = [s for s in range(players) if s not in last]
    best = max(scores[s] for s in stay)
    winners = tuple(s for s in stay if scores[s] == best)
    priors = data.draw(_PRIORS)
    bots = data.draw(st.lists(st.booleans(), min_size=players, max_size=players))
    seats = [Seat(s, -1 - s, "hard") if bots[s] and s else Seat(s, s + 1)
             for s in range(players)]
    current = {s.user_id: data.draw(st.sampled_from(priors)) for s in seats if s.person}
    changes = rate("duel", seats, _outcome(winners, scores, last), current)
    for a in changes:
        for b in changes:
            if a.before == b.before and a.rank < b.rank:
                assert a.delta >= b.delta, (a, b)
            if a.before == b.before and a.rank == b.rank:  # the same, but for the last digit
                # of a sum taken in another order (7.001796221850634 against ...635)
                assert math.isclose(a.after.mu, b.after.mu, rel_tol=1e-12), (a, b)
                assert math.isclose(a.after.sigma, b.after.sigma, rel_tol=1e-12), (a, b)


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
                guild: int | None = GUILD, key: str = "toy") -> int:
    gid = await store.create_game(channel_id=channel, guild_id=guild, game_key=key, options={},
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
    assert ("1 finished game rated, 2 ratings of 2 people (0 ratings before; the ratings "
            "changed)" in capsys.readouterr().out)
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


# --- the console's commands: tabula ratings show / leaderboard / rebuild --------------------------

def _console_games(db_path: Path) -> None:
    """Two Duel games and a Héros game as `tabula play` stores them (no server): u1 beats u2
    twice at Duel, u3 beats u1 at Héros."""

    async def fill() -> None:
        store = await open_store(db_path)
        try:
            for channel, (users, key, won) in enumerate(
                    [([1, 2], "duel", 0), ([2, 1], "duel", 1), ([1, 3], "heros", 1)], start=1):
                gid = await _game(store, users, channel=channel, guild=None, key=key)
                assert await _finish(store, gid, _outcome((won,)))
        finally:
            await store.close()

    asyncio.run(fill())


def test_show_and_leaderboard_read_a_console_database(
        db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _console_games(db_path)
    assert main(["ratings", "show", "U1", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("u1 (user 1):\n")
    mine = {r.game_key: r for r in asyncio.run(_all(db_path)) if r.user_id == 1}
    duel = ratings.shown(mine["duel"].mu, mine["duel"].sigma)
    duel_name, heros_name = (translate(get(k).name()) for k in ("duel", "heros"))
    assert f"  {duel_name}: {duel:,}, provisional after 2 games (μ " in out
    assert f"  {heros_name}: " in out and "provisional after 1 game (μ " in out
    assert main(["ratings", "show", "1", "--db", str(db_path), "--lang", "fr"]) == 0
    assert "provisoire après 2 parties (μ " in capsys.readouterr().out
    assert main(["ratings", "show", "nobody", "--db", str(db_path)]) == 1
    assert "Nobody named “nobody” has a rated game" in capsys.readouterr().out

    assert main(["ratings", "leaderboard", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{duel_name} · 2 players" and out[1].startswith("  1. u1 — ")
    assert out[2].startswith("  2. u2 — ") and out[3] == f"{heros_name} · 2 players"
    assert out[4].startswith("  1. u3 — ")
    assert main(["ratings", "leaderboard", "heros", "--limit", "1", "--db", str(db_path),
                 "--lang", "fr"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{translate(get('heros').name(), 'fr')} · 2 joueurs" and len(out) == 2
    assert main(["ratings", "leaderboard", "chess", "--db", str(db_path)]) == 2
    assert "chess" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["rebuild"], ["show", "alice"], ["leaderboard"]])
def test_a_database_that_does_not_exist_is_refused_and_not_created(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    typo = tmp_path / "typo.sqlite3"
    for lang, words in (("en", "No database at"), ("fr", "Aucune base de données à")):
        assert main(["ratings", *command, "--db", str(typo), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert words in err and str(typo) in err
    assert not typo.exists() and list(tmp_path.iterdir()) == []


def test_the_rebuild_line_counts_in_both_languages(
        db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"1 finished games rated, 1 ratings of 1 people" read badly (issue 44)."""
    _console_games(db_path)
    assert main(["ratings", "rebuild", "--db", str(db_path)]) == 0
    assert (f"{db_path}: 3 finished games rated, 4 ratings of 3 people (unchanged)"
            in capsys.readouterr().out)
    assert main(["ratings", "rebuild", "--db", str(db_path), "--lang", "fr"]) == 0
    assert (f"{db_path} : 3 parties terminées notées, 4 cotes de 3 personnes (rien n'a changé)"
            in capsys.readouterr().out)
    one = ratings.Rating()
    assert translate(Msg("ratings.rebuilt", {"target": "x", "games": 1, "n": 1, "people": 1,
                                             "changed": Msg("ratings.changed", {"n": 1})})) == (
        "x: 1 finished game rated, 1 rating of 1 person (1 rating before; the ratings changed)")
    assert translate(Msg("ratings.rebuilt", {"target": "x", "games": 1, "n": 1, "people": 1,
                                             "changed": Msg("ratings.changed", {"n": 0})}),
                     "fr") == ("x : 1 partie terminée notée, 1 cote de 1 personne (0 cote avant ;"
                               " les cotes ont changé)")
    assert one.shown == 1000


# --- the bots' fixed ratings: tabula ratings bots ------------------------------------------------

@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_games_levels_are_in_order_in_the_file(key: str) -> None:
    """data/ratings.json, μ: random < easy < medium < hard in every game (issue 44: Duel's easy
    was above its medium, Héros' medium above its hard, Res Publica's easy above its medium)."""
    measured = json.loads(data_path("ratings.json").read_text(encoding="utf-8"))
    levels = measured["games"][key]
    assert list(levels) == list(ai.ARENA_LEVELS), key
    mus = [levels[level]["mu"] for level in ai.ARENA_LEVELS]
    assert measured["measured"][key].startswith(f"tabula ratings bots {key} "), key
    assert mus == sorted(mus) and len(set(mus)) == len(mus), (key, mus)


def test_the_batch_fit_does_not_depend_on_the_games_order() -> None:
    rng = random.Random(44)
    strength = {"random": 0.0, "easy": 1.0, "medium": 2.0, "hard": 3.0}
    games = []
    for _ in range(120):
        seats = rng.sample(list(strength), 3)
        noisy = [strength[s] + rng.gauss(0, 1.2) for s in seats]
        games.append((seats, [1 + sum(o > mine for o in noisy) for mine in noisy]))
    found = fit(games, 6, 1)
    assert fit(list(reversed(games)), 6, 1) == found  # the same floats in any order
    assert fit(rng.sample(games, len(games)), 6, 1) == found
    assert [found[k].mu for k in strength] == sorted(found[k].mu for k in strength)
    assert {k: r.games for k, r in found.items()} == {
        k: sum(k in seats for seats, _ in games) for k in strength}


def test_arena_games_rank_by_score_as_peoples_games_do() -> None:
    row = {"kinds": ["random", "easy", "medium"], "winners": [1], "scores": [3, 58, 55],
           "last": []}
    assert places_of(row) == [3, 1, 2]  # not [2, 1, 2]: the losers by score
    assert places_of({**row, "scores": None}) == [2, 1, 2]


def test_the_bots_command_records_resumes_and_writes(
        toy_game: str, tmp_path: Path) -> None:
    """Every set of levels at the table, each game recorded once: a second run with more games
    plays only the new ones, the fit reads them all; --write freezes every level."""
    record, file = tmp_path / "toy.jsonl", tmp_path / "ratings.json"
    file.write_text(json.dumps({"games": {}, "measured": {}}), encoding="utf-8")
    out = io.StringIO()
    assert bots_command(toy_game, 3, 2, 1, None, None, 1, [], False, str(record), 4, 10,
                        out) == 0
    first = record.read_text(encoding="utf-8").splitlines()
    assert len(first) == 4 * 2  # 4 tables of 3 levels among 4, 2 games each
    assert sorted(json.loads(r)["kinds"][0] for r in first[:4]) == sorted(
        [t[0] for t in itertools.combinations(ai.ARENA_LEVELS, 3)])
    assert "8 arena games" in out.getvalue()
    assert bots_command(toy_game, 3, 3, 1, None, None, 1, [], True, str(record), 4, 10, out,
                        file) == 0
    lines = record.read_text(encoding="utf-8").splitlines()
    assert lines[:8] == first and len(lines) == 12  # only the third round was played
    written = json.loads(file.read_text(encoding="utf-8"))
    assert list(written["games"]["toy"]) == list(ai.ARENA_LEVELS)
    assert written["measured"]["toy"] == (
        "tabula ratings bots toy --players 3 --games 3 --seed 1 --passes 4 --bootstrap 10: "
        "12 games")
    near = tmp_path / "adjacent.jsonl"  # --adjacent: only levels next to each other
    assert bots_command(toy_game, 2, 1, 1, None, None, 1, [], False, str(near), 2, 5, out,
                        adjacent=True) == 0
    assert sorted(sorted(json.loads(r)["kinds"]) for r in near.read_text().splitlines()) == [
        ["easy", "medium"], ["easy", "random"], ["hard", "medium"]]


def test_adjacent_at_three_seats_compares_one_pair_a_game(toy_game: str, tmp_path: Path) -> None:
    """--adjacent with more seats than levels a table: every game seats exactly two adjacent
    levels (A A B and A B B, the seats rotating), so no third level decides who of the pair
    finishes ahead (issue 44: Seven Hills' medium sank easy below random); the fit reads each
    game as its pairs of seats of different levels. --adjacent 3 keeps the runs of three."""
    record, out = tmp_path / "pairs.jsonl", io.StringIO()
    assert bots_command(toy_game, 3, 3, 1, None, None, 1, [], False, str(record), 2, 5, out,
                        adjacent=True) == 0
    rows = [json.loads(r) for r in record.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 6 * 3 and "--adjacent --passes" in out.getvalue()
    steps = [sorted({ai.ARENA_LEVELS.index(k) for k in r["kinds"]}) for r in rows]
    assert all(len(at) == 2 and at[1] == at[0] + 1 for at in steps)  # one adjacent pair each
    patterns = {tuple(sorted(r["kinds"], key=ai.ARENA_LEVELS.index)) for r in rows}
    assert patterns == {("random", "random", "easy"), ("random", "easy", "easy"),
                        ("easy", "easy", "medium"), ("easy", "medium", "medium"),
                        ("medium", "medium", "hard"), ("medium", "hard", "hard")}
    alone = {(r["table"], r["kinds"].index(min(set(r["kinds"]), key=r["kinds"].count)))
             for r in rows}  # the level seated once sits in every seat over the table's games
    assert alone == {(t, s) for t in range(6) for s in range(3)}
    row = {"kinds": ["easy", "easy", "medium"], "winners": [2], "scores": [5, 9, 12], "last": []}
    assert games_of(row) == [(("easy", "medium"), (2, 1)), (("easy", "medium"), (2, 1))]
    assert games_of({**row, "kinds": ["random", "easy", "medium"]}) == [
        (("random", "easy", "medium"), (3, 2, 1))]
    triples = tmp_path / "triples.jsonl"
    assert bots_command(toy_game, 3, 1, 1, None, None, 1, [], False, str(triples), 2, 5, out,
                        adjacent=3) == 0
    assert [json.loads(r)["kinds"] for r in triples.read_text().splitlines()] == [
        ["random", "easy", "medium"], ["easy", "medium", "hard"]]
    assert bots_command(toy_game, 2, 1, 1, None, None, 1, [], False, None, 2, 5, out,
                        adjacent=3) == 2  # three levels cannot sit at two seats


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_the_file_is_the_fit_of_the_recorded_games(key: str, tmp_path: Path) -> None:
    """data/ratings.json holds what its command gives from the games it played (kept in
    tests/platform/bot_games/, written by --record): the fit is repeatable, nothing is played."""
    measured = json.loads(data_path("ratings.json").read_text(encoding="utf-8"))
    command, count = measured["measured"][key].rsplit(": ", 1)
    words = command.split()
    value = {w: words[i + 1] for i, w in enumerate(words[:-1]) if w.startswith("--")}
    near = value.get("--adjacent", "")  # --adjacent [LEVELS]: 2 when no number follows
    before = (Path(__file__).parent / "bot_games" / f"{key}.jsonl").read_text(encoding="utf-8")
    record = tmp_path / f"{key}.jsonl"  # a copy: a game missing from it is played into the copy
    record.write_text(before, encoding="utf-8")
    file = tmp_path / "ratings.json"
    file.write_text(json.dumps({"games": {}, "measured": {}}), encoding="utf-8")
    assert bots_command(key, int(value["--players"]), int(value["--games"]), int(value["--seed"]),
                        int(value["--iterations"]), None, 1, [], True, str(record),
                        int(value["--passes"]), 0, io.StringIO(), file,
                        adjacent=int(near) if near.isdigit() else "--adjacent" in words) == 0
    assert record.read_text(encoding="utf-8") == before  # every game was there
    assert count == f"{len(before.splitlines())} games"
    assert json.loads(file.read_text(encoding="utf-8"))["games"][key] == measured["games"][key]
