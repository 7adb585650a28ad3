"""`tabula bench-db`: how many moves a database takes from several bot processes at once.

For each database given (an SQLite file, a PostgreSQL URL; a temporary SQLite file if none) and
each number of processes, G games of GAME are set up, then P processes play them at once, each
its share of the games through its own Service and store (one move in flight per process, or
`--concurrency` of them): the service path of a move (load, rules, one guarded write), with no
picture drawn. It prints, per run, the moves per second over all processes and the p50
and p99 of two latencies: the whole move, and its store path (the time spent waiting on the
store's calls within the move).

The point on a small machine is not raw speed but that adding processes loses nothing: the
database, not a lock in one process, sets the limit.
"""

from __future__ import annotations

import asyncio
import contextvars
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from bot.bench.timed_store import TimedStore
from bot.store import is_url, open_store, shown

_spent: contextvars.ContextVar[list[float] | None] = contextvars.ContextVar("spent", default=None)


def _add_spent(_name: str, seconds: float) -> None:
    """Adds a store call's time to the move whose task made it (`_spent`)."""
    spent = _spent.get()
    if spent is not None:
        spent[0] += seconds


@dataclass
class Run:
    target: str
    processes: int
    games: int
    moves: int
    seconds: float
    move_ms: list[float]
    store_ms: list[float]
    stale: int

    def line(self) -> str:
        backend = "postgresql" if is_url(self.target) else "sqlite"
        return (f"backend={backend} processes={self.processes} games={self.games} "
                f"moves={self.moves} seconds={self.seconds:.1f} "
                f"moves_per_s={self.moves / self.seconds:.0f} "
                f"move_p50_ms={_pct(self.move_ms, 50):.1f} move_p99_ms={_pct(self.move_ms, 99):.1f} "
                f"store_p50_ms={_pct(self.store_ms, 50):.1f} "
                f"store_p99_ms={_pct(self.store_ms, 99):.1f} stale={self.stale}")


def _pct(values: Sequence[float], p: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


async def _setup(target: str, game_key: str, games: int, seed: int, base: int) -> list[int]:
    from bot.service import Service, User
    from engine.registry import get as get_game

    players = get_game(game_key).min_players
    store = await open_store(target)
    try:
        service = Service(store)
        ids = []
        for g in range(games):
            channel = base + g
            users = [User(channel * 10 + i, f"p{i + 1}") for i in range(players)]
            await service.create(channel, None, users[0], game_key)
            for user in users[1:]:
                await service.join(channel, user)
            ids.append((await service.start(channel, users[0].id, seed=seed + g)).game.id)
        return ids
    finally:
        await store.close()


async def _play(target: str, ids: list[int], seed: int, concurrency: int,
                barrier: Any) -> dict[str, Any]:
    from bot.service import Service, ServiceError
    from engine.policy import walk

    store = await open_store(target)
    service = Service(TimedStore(store, _add_spent))  # type: ignore[arg-type]
    rng = random.Random(seed)
    queue = list(ids)
    move_ms: list[float] = []
    store_ms: list[float] = []
    stale = 0

    async def player() -> None:
        nonlocal stale
        while queue:
            game_id = queue.pop(0)
            info = await service.info_by_id(game_id)
            if info.status != "active":
                continue  # played to its end
            for seat in info.seats:
                legal = await service.choices(info.channel_id, seat.user_id)
                if legal:
                    text = walk(legal, rng)
                    spent = [0.0]
                    _spent.set(spent)
                    started = time.perf_counter()
                    try:
                        await service.act_in(game_id, seat.user_id, text, version=info.version)
                    except ServiceError:
                        stale += 1
                    else:
                        move_ms.append((time.perf_counter() - started) * 1000)
                        store_ms.append(spent[0] * 1000)
                    finally:
                        _spent.set(None)
                    break
            queue.append(game_id)

    await asyncio.to_thread(barrier.wait)  # every process ready: start together
    began = time.time()
    await asyncio.gather(*(player() for _ in range(concurrency)))
    ended = time.time()
    await store.close()
    return {"move_ms": move_ms, "store_ms": store_ms, "stale": stale, "began": began,
            "ended": ended}


def _worker(target: str, ids: list[int], seed: int, concurrency: int, barrier: Any,
            results: Any) -> None:
    results.put(asyncio.run(_play(target, ids, seed, concurrency, barrier)))


def run_once(target: str, processes: int, games: int, game_key: str, seed: int,
             concurrency: int) -> Run:
    """Set up `games` games, then play each to its end from `processes` processes."""
    base = int(time.time() * 1000) % 10**9 * 1000  # fresh channels in a reused database
    ids = asyncio.run(_setup(target, game_key, games, seed, base))
    spawn = multiprocessing.get_context("spawn")
    barrier, results = spawn.Barrier(processes), spawn.Queue()
    workers = [spawn.Process(target=_worker, args=(
        target, ids[i::processes], seed + i, concurrency, barrier, results))
        for i in range(processes)]
    for w in workers:
        w.start()
    parts = [results.get() for _ in workers]
    for w in workers:
        w.join()
    return Run(target, processes, games, sum(len(p["move_ms"]) for p in parts),
               max(p["ended"] for p in parts) - min(p["began"] for p in parts),
               [m for p in parts for m in p["move_ms"]], [m for p in parts for m in p["store_ms"]],
               sum(p["stale"] for p in parts))


def bench_db(targets: Sequence[str], processes: Sequence[int], games: int, game_key: str = "duel",
             seed: int = 1, concurrency: int = 1, out: TextIO = sys.stdout) -> int:
    """One line per database and number of processes (a temporary SQLite file if no
    database is given)."""
    with tempfile.TemporaryDirectory() as tmp:
        chosen = list(targets) or [str(Path(tmp) / "bench.sqlite3")]
        for target in chosen:
            for p in processes:
                print(run_once(target, p, games, game_key, seed, concurrency).line(), file=out,
                      flush=True)
        print(f"(databases: {', '.join(shown(t) for t in chosen)})", file=out)
    return 0
