"""`tabula bench --concurrent N`: N channels moving at once against the same N moves one by one.

Two identical sets of N games (same seeds, same moves) are played side by side, one move per game
per round: one set's moves are awaited one after another, the other's all at once, the order of
the two swapped every round (so that neither always finds the caches warm). Every move goes
through Service.act up to its turn post's bytes ready, as in `tabula bench`. Meanwhile a sampler
sleeps 5 ms again and again on the event loop and records how late it wakes: the lag a Discord
heartbeat or another channel's click would meet.

Printed: concurrent_ratio = time of the N moves at once / time of the same N one by one (the
medians over the rounds; 1.0 means one core did all the work, 0.5 two cores sharing it evenly),
loop_lag_p99_ms during the concurrent moves, and each move's latency when all come at once.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bot.discord.turnpost import turn_layout
from bot.service import PillowRenderer, Service, User
from bot.store import open_store
from engine.policy import walk
from engine.registry import get as get_game

CONCURRENT_GOAL = 0.6
LAG_GOAL_MS = 20.0
TICK = 0.005  # the sampler's sleep


class LagSampler:
    """How late the event loop wakes a task that sleeps TICK seconds, over and over."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.recording = False
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(TICK)
            if self.recording:
                self.lags.append((loop.time() - asked - TICK) * 1000)

    def __enter__(self) -> LagSampler:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        if self._task is not None:
            self._task.cancel()


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


async def _set_of_games(service: Service, first_channel: int, count: int, game_key: str,
                        players: int, options: Sequence[str], seed: int) -> list[int]:
    """`count` started games, in channels first_channel..; the same seeds for the same index."""
    channels = []
    for i in range(count):
        channel = first_channel + i
        users = [User(1000 * (i + 1) + p, f"p{p + 1}") for p in range(players)]
        await service.create(channel, None, users[0], game_key, options)
        for user in users[1:]:
            await service.join(channel, user)
        await service.start(channel, users[0].id, seed=seed + i)
        channels.append(channel)
    return channels


async def _next_moves(service: Service, channels: Sequence[int],
                      rng: random.Random) -> list[tuple[int, str] | None]:
    """A random legal move (user, text) for each game of the set; None for a finished game."""
    moves: list[tuple[int, str] | None] = []
    for channel in channels:
        info = await service.info(channel, live=False)
        row = await service.store.game(info.id)
        if info.status != "active" or row is None or row.state is None:
            moves.append(None)
            continue
        asked = sorted(get_game(info.game_key).prompt(row.state))
        user = info.user_of(rng.choice(asked))
        assert user is not None
        moves.append((user.user_id, walk(await service.choices(channel, user.user_id), rng)))
    return moves


async def _move(service: Service, channel: int, user: int, text: str) -> float:
    started = time.perf_counter()
    report = await service.act(channel, user, text)
    turn_layout(report).to_components()  # the payload discord.py sends
    return (time.perf_counter() - started) * 1000


Plays = Sequence[tuple[int, tuple[int, str]]]  # (index of the game in its set, (user, text))


async def _one_by_one(service: Service, games: Sequence[int], plays: Plays) -> float:
    started = time.perf_counter()
    for i, (user, text) in plays:
        await _move(service, games[i], user, text)
    return time.perf_counter() - started


async def _together(service: Service, games: Sequence[int], plays: Plays, sampler: LagSampler,
                    latencies: list[float]) -> float:
    started = time.perf_counter()
    sampler.recording = True
    latencies.extend(await asyncio.gather(*(
        _move(service, games[i], user, text) for i, (user, text) in plays)))
    sampler.recording = False
    return time.perf_counter() - started


async def concurrent_bench(
    game_key: str, players: int, options: Sequence[str], count: int, rounds: int, seed: int,
    out: TextIO, *, processes: int | None = None, warmup: int = 3,
) -> dict[str, float]:
    """Runs the benchmark and prints its figures; returns them."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "bench.sqlite3")
        renderer = PillowRenderer(processes)
        service = Service(store, renderer=renderer)
        try:
            await asyncio.to_thread(renderer.warm)
            one = await _set_of_games(service, 1, count, game_key, players, options, seed)
            other = await _set_of_games(service, 1 + count, count, game_key, players, options,
                                        seed)
            # A few moves first, so the rounds measure games under way and warm caches.
            for _ in range(warmup):
                for move, a, b in zip(await _next_moves(service, one, rng), one, other,
                                      strict=True):
                    if move is not None:
                        await service.act(a, *move)
                        await service.act(b, *move)
            sequential: list[float] = []
            concurrent: list[float] = []
            latencies: list[float] = []
            with LagSampler() as sampler:
                for r in range(rounds):
                    moves = await _next_moves(service, one, rng)
                    plays = [(i, m) for i, m in enumerate(moves) if m is not None]
                    if not plays:
                        break
                    # Alternately: which set moves one by one, and which of the two goes first.
                    in_a_row, at_once = (one, other) if r % 2 == 0 else (other, one)

                    if r % 2 == 0:
                        sequential.append(await _one_by_one(service, in_a_row, plays))
                        concurrent.append(await _together(service, at_once, plays, sampler,
                                                          latencies))
                    else:
                        concurrent.append(await _together(service, at_once, plays, sampler,
                                                          latencies))
                        sequential.append(await _one_by_one(service, in_a_row, plays))
            lags = sampler.lags
        finally:
            await store.close()
    ratio = statistics.median(concurrent) / statistics.median(sequential)
    figures = {
        "concurrent_ratio": ratio,
        "loop_lag_p99_ms": percentile(lags, 0.99),
        "sequential_s": statistics.median(sequential),
        "concurrent_s": statistics.median(concurrent),
        "move_p50_ms": percentile(latencies, 0.5),
        "move_p99_ms": percentile(latencies, 0.99),
    }
    print(f"{game_key} players={players} channels={count} rounds={len(sequential)} "
          f"processes={renderer.drawing.size}", file=out)
    print(f"one_by_one_s={figures['sequential_s']:.2f} at_once_s={figures['concurrent_s']:.2f} "
          f"at_once_move_p50_ms={figures['move_p50_ms']:.0f} "
          f"at_once_move_p99_ms={figures['move_p99_ms']:.0f}", file=out)
    print(f"concurrent_ratio={ratio:.2f} (goal <= {CONCURRENT_GOAL}) "
          f"loop_lag_p99_ms={figures['loop_lag_p99_ms']:.1f} (goal <= {LAG_GOAL_MS:.0f}, "
          f"{len(lags)} samples)", file=out, flush=True)
    return figures
