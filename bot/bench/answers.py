"""How long bots take to answer a person, as the bot's background task plays them (issue 28,
item 5): a 5-player Res Publica game of one person and four bots, the person seeks a card every
bot holds, and the time runs from the seek until the person is asked again (to accept) or the
trade closes: the bot delay, then each bot's answer.

    python -m bot.bench.answers [--runs 3] [--level hard] [--delay 2] [--seconds 2]

Res Publica's answers are asked one after another (each answer is public, and the next
answerer sees it: data/respublica/README.md, reading 3), so there the bots cannot think at once.
The second case is one where they can: two bots who traded choose the cards they give at the
same time, unseen by each other (the `deliver` step): a game of one person and four bots is
stored at that moment (a state a random walk reached; its history does not replay to it), and
the time runs until both have given. It prints one line per run and the means, the load
average beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.service import Report, Service, User
from bot.service.autoplay import Autoplay
from bot.service.bots import THINKING_NICE
from bot.service.processes import configured, shared
from bot.store import open_store
from engine import play
from engine.ai import default_seconds
from engine.policy import walk
from engine.registry import get as get_game

GAME = "res-publica"
ANN = User(1, "ann")
CHANNEL = 900


def opening(players: int = 5) -> tuple[int, str]:
    """A seed whose game opens with the person's turn (the seating is drawn from the seed, as
    Service.start draws it) and a kind every other hand holds: each bot may answer."""
    game = get_game(GAME)
    for seed in range(1, 1000):
        order = [ANN.id, *range(-1, -players, -1)]
        random.Random(seed).shuffle(order)
        state = game.setup(players, seed, {})
        seat = order.index(ANN.id)
        if state["active"] != seat:
            continue
        others = [h for s, h in enumerate(state["hands"]) if s != seat]
        common = [k for k in others[0] if all(h[k] for h in others)]
        if common:
            return seed, common[0]
    raise SystemExit("no opening found")


async def one_run(db: Path, level: str, delay: float, seconds: float, run: int) -> tuple[
        float, int]:
    """Seconds from the seek until the bots have answered, and how many bot moves it took."""
    store = await open_store(db)
    try:
        service = Service(store)
        service.bot_seconds = seconds
        channel = CHANNEL + run
        await service.create(channel, None, ANN, GAME)
        for _ in range(4):
            await service.add_bot(channel, ANN.id, level)
        seed, kind = opening()
        report = await service.start(channel, ANN.id, seed=seed)
        if [s.user_id for s in report.to_act] != [ANN.id]:
            raise SystemExit("the person does not open the game")
        posted: list[Report] = []

        async def post(r: Report) -> None:
            posted.append(r)

        autoplay = Autoplay(service, post, delay=delay)
        start = time.perf_counter()
        seek = await service.act(channel, ANN.id, f"seek 1 {kind}")
        if any(s.bot is not None for s in seek.to_act):
            autoplay.wake(seek.game.id)  # as the Discord client does after telling the seek
        await autoplay.idle()
        spent = time.perf_counter() - start
        await autoplay.stop()
        return spent, len(posted)
    finally:
        await store.close()


def delivery(players: int = 5) -> tuple[int, dict[str, Any]]:
    """A seed and a Res Publica state where two seats choose what they give, at once."""
    game = get_game(GAME)
    for seed in range(1, 1000):
        rng = random.Random(seed)
        state = game.setup(players, seed, {})
        for _ in range(3000):
            asked = game.prompt(state)
            if state["phase"] == "deliver" and len(asked) == 2:
                return seed, state
            if not asked:
                break
            seat = min(asked)
            state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
    raise SystemExit("no delivery found")


async def deliver_run(db: Path, level: str, delay: float, seconds: float, run: int) -> float:
    """Seconds from the moment two bots are asked to give until both have given."""
    store = await open_store(db)
    try:
        service = Service(store)
        service.bot_seconds = seconds
        channel = CHANNEL + 100 + run
        lobby = await service.create(channel, None, ANN, GAME)
        for _ in range(4):
            lobby = await service.add_bot(channel, ANN.id, level)
        seed, state = delivery()
        givers = sorted(get_game(GAME).prompt(state))
        bots = iter(s.user_id for s in lobby.seats if s.bot is not None)
        ann = next(s for s in range(5) if s not in givers)
        order = [ANN.id if s == ann else next(bots) for s in range(5)]
        await store.start_game(lobby.id, seed=seed, order=order, state=state, now=time.time(),
                               lobby_version=lobby.version)
        given = asyncio.Event()

        async def post(r: Report) -> None:
            if r.game.version >= 2:  # both gave: the trade is over
                given.set()

        autoplay = Autoplay(service, post, delay=delay)
        start = time.perf_counter()
        autoplay.wake(lobby.id)
        await given.wait()
        spent = time.perf_counter() - start
        await autoplay.stop()
        return spent
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.bench.answers")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--delay", type=float, default=2.0, help="TABULA_BOT_DELAY")
    parser.add_argument("--seconds", type=float, default=None, help="TABULA_BOT_SECONDS")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else default_seconds()
    # Started before the timing, as a running bot's have long been.
    shared("bots", configured(), "engine.ai", nice=THINKING_NICE).warm()
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            spent, moves = asyncio.run(one_run(Path(tmp) / "answers.sqlite3", args.level,
                                               args.delay, seconds, run))
            times.append(spent)
            print(f"seek, run {run + 1}: {spent:.2f} s, {moves} bot moves", flush=True)
        gives = []
        for run in range(args.runs):
            spent = asyncio.run(deliver_run(Path(tmp) / "answers.sqlite3", args.level,
                                            args.delay, seconds, run))
            gives.append(spent)
            print(f"delivery, run {run + 1}: {spent:.2f} s", flush=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"seek answered by 4 {args.level} bots: mean {sum(times) / len(times):.2f} s; two "
          f"{args.level} bots giving at once: mean {sum(gives) / len(gives):.2f} s; over "
          f"{args.runs} runs each (delay {args.delay:g} s, cap {seconds:g} s), load {load}")


if __name__ == "__main__":
    main()
