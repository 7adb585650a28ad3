"""`tabula selfplay` and `tabula bench`: random legal games through the real Service and Store.

Selfplay proves a game can always be finished (no seat is ever asked to act with no legal
action) and that the stored history replays to the stored state. Bench measures the time of one
action as a player feels it: the engine, the SQLite commit and the public board render.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bot.progress import bar, printing
from bot.service import PillowRenderer, Report, Service, ServiceError, User
from bot.store import Storage, open_store
from engine.i18n import translate
from engine.policy import walk

# Issue 17's goals for a move up to its turn post's bytes ready, printed beside the figures.
P99_GOAL_MS = 50
PNG_GOAL_KB = 200
MAX_ACTIONS = 200_000  # far beyond any real game: a guard against a game that never ends


class DeadEnd(Exception):
    """A seat was asked to act and had no legal action, or the game never ended."""


@dataclass
class GameResult:
    seed: int
    actions: int
    winners: tuple[str, ...]  # names
    scores: tuple[int, ...] | None  # in seat order, as `names`
    reason: str
    seconds: float
    names: tuple[str, ...] = ()  # in seat order (p1, p2... are in joining order)
    winning_seats: tuple[int, ...] = ()

    def line(self) -> str:
        """`winners=p4 scores=p3:48 p1:38 p4:48`: every score labelled with its player's name,
        in seat order (the order of play), so a winner can be read against the scores."""
        scores = (" ".join(f"{name}:{score}" for name, score in zip(self.names, self.scores,
                                                                    strict=True))
                  if self.scores else "-")
        return (f"seed={self.seed} actions={self.actions} winners={','.join(self.winners)} "
                f"scores={scores} ({self.reason})")


async def play_random_game(
    service: Service, channel_id: int, game_key: str, players: int, options: Sequence[str],
    seed: int, on_report: object = None,
) -> tuple[Report, int]:
    """Creates, fills and plays one game with random legal actions; returns the last report."""
    users = [User(channel_id * 100 + i + 1, f"p{i + 1}") for i in range(players)]
    await service.create(channel_id, None, users[0], game_key, options)
    for user in users[1:]:
        await service.join(channel_id, user)
    report = await service.start(channel_id, users[0].id, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while report.outcome is None:
        if not report.to_act:
            raise DeadEnd(f"seed {seed}: nobody is asked to act and the game is not over")
        seat = rng.choice(report.to_act)
        legal = await service.choices(channel_id, seat.user_id)
        if not legal:
            raise DeadEnd(f"seed {seed}: {seat.name} is asked to act but has no legal action")
        stored = report.game.version
        report = await service.act(channel_id, seat.user_id, walk(legal, rng))
        actions += report.game.version - stored  # with the forced actions played after it
        if callable(on_report):
            on_report(report)
        if actions > MAX_ACTIONS:
            raise DeadEnd(f"seed {seed}: no end after {MAX_ACTIONS} actions")
    return report, actions


async def selfplay(
    game_key: str, players: int, games: int, seed: int, options: Sequence[str],
    db: str | None, out: TextIO = sys.stdout,
) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(db or Path(tmp) / "selfplay.sqlite3")
        try:
            return await _selfplay(store, game_key, players, games, seed, options, out)
        finally:
            await store.close()


async def _selfplay(
    store: Storage, game_key: str, players: int, games: int, seed: int, options: Sequence[str],
    out: TextIO,
) -> int:
    service = Service(store)  # no renderer: selfplay checks rules and storage, bench times images
    results: list[GameResult] = []
    base_channel = int(time.time() * 1000) % 10**9 * 1000  # fresh channels in a reused --db
    with bar(games, f"selfplay {game_key}") as progress:
        for i in range(games):
            await _one(service, base_channel + i, game_key, players, options, seed + i, results,
                       out)
            progress.update()
    failures = games - len(results)
    print(summary(results, games, failures), file=out, flush=True)
    return 1 if failures else 0


async def _one(service: Service, channel: int, game_key: str, players: int,
               options: Sequence[str], game_seed: int, results: list[GameResult],
               out: TextIO) -> None:
    """One game played and verified: its line printed, its result added to `results`."""
    started = time.perf_counter()
    try:
        report, actions = await play_random_game(
            service, channel, game_key, players, options, game_seed,
        )
        if not await service.verify(report.game.id):
            raise DeadEnd(f"seed {game_seed}: the stored history does not replay to the state")
    except (DeadEnd, ServiceError, Exception) as exc:  # noqa: BLE001 - report and go on
        detail = translate(exc.msg) if isinstance(exc, ServiceError) else repr(exc)
        with printing(out):
            print(f"seed={game_seed} ERROR {detail}", file=out, flush=True)
        return
    outcome = report.outcome
    assert outcome is not None
    names = report.game.names
    result = GameResult(
        game_seed, actions, tuple(names[s] for s in outcome.winners), outcome.scores,
        translate(outcome.reason, "en", names), time.perf_counter() - started,
        tuple(names), tuple(outcome.winners),
    )
    results.append(result)
    with printing(out):
        print(result.line(), file=out, flush=True)


def summary(results: list[GameResult], games: int, failures: int) -> str:
    if not results:
        return f"summary: games={games} ok=0 errors={failures}"
    actions = [r.actions for r in results]
    shared = sum(1 for r in results if len(r.winners) > 1)
    seats = Counter(seat + 1 for r in results for seat in r.winning_seats)
    top = [max(r.scores) for r in results if r.scores]
    wins = " ".join(f"{seat}:{n}" for seat, n in sorted(seats.items()))  # 1: the first to play
    return (
        f"summary: games={games} ok={len(results)} errors={failures} "
        f"actions_mean={statistics.mean(actions):.0f} actions_min={min(actions)} "
        f"actions_max={max(actions)} shared_victories={shared} "
        f"winning_score_mean={statistics.mean(top) if top else 0:.1f} wins_by_seat={wins} "
        f"seconds={sum(r.seconds for r in results):.1f}"
    )


async def bench(
    game_key: str, players: int, actions: int, seed: int, options: Sequence[str],
    out: TextIO = sys.stdout,
) -> int:
    """Times `actions` random actions through service.act up to the turn post's bytes ready: the
    commit, the turn picture and the Discord layout (its components as sent) included."""
    from bot.discord.turnpost import turn_layout

    timings: list[float] = []
    largest = 0
    chars = components = 0
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "bench.sqlite3")
        try:
            service = Service(store, renderer=PillowRenderer())
            channel = 0
            while len(timings) < actions:
                channel += 1
                users = [User(channel * 100 + i + 1, f"p{i + 1}") for i in range(players)]
                await service.create(channel, None, users[0], game_key, options)
                for user in users[1:]:
                    await service.join(channel, user)
                report = await service.start(channel, users[0].id, seed=seed + channel)
                rng = random.Random(seed + channel)
                while report.outcome is None and len(timings) < actions:
                    seat = rng.choice(report.to_act)
                    legal = await service.choices(channel, seat.user_id)
                    text = walk(legal, rng)
                    started = time.perf_counter()
                    report = await service.act(channel, seat.user_id, text)
                    layout = turn_layout(report)
                    layout.to_components()  # the payload discord.py sends
                    timings.append((time.perf_counter() - started) * 1000)
                    largest = max(largest, len(report.image or b""))
                    chars = max(chars, layout.content_length())
                    components = max(components, layout.total_children_count)
        finally:
            await store.close()
    timings.sort()
    p50 = timings[len(timings) // 2]
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(
        f"{game_key} players={players} actions={len(timings)} mean_ms={statistics.mean(timings):.1f} "
        f"max_ms={timings[-1]:.1f}",
        file=out,
    )
    print(f"layout_chars_max={chars} layout_components_max={components} (Discord: 4000, 40)",
          file=out)
    print(f"p50_ms={p50:.1f} p99_ms={p99:.1f} (goal <= {P99_GOAL_MS}) "
          f"png_kb={largest / 1024:.0f} (goal <= {PNG_GOAL_KB})", file=out, flush=True)
    return 0
