"""One bot process of tests/platform/test_crowd.py: `python -m tests.platform.crowd SPEC LOG`.

It plays the toy game in every game of the spec at once, as all their players would, through
its own Service and store on the shared database: moves (several tasks, and the other processes,
racing for the same games), undos, the clock round every few hundred milliseconds, the
decisions about a clock that ran out, and the moves of the bots that some of those decisions
seat (each process plays them, as every bot process does: racing, they must move once). Time runs fast (SPEC["speed"] seconds of game time per real
second), from the same origin in every process. Each thing done is appended to LOG as one JSON
line, flushed at once, only after the database has it: a process killed with SIGKILL loses at
most what it was doing. SIGTERM stops it cleanly.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sys
import time
from typing import Any, TextIO

from bot.service import Service, ServiceError
from bot.service.notices import Notice
from bot.store import open_store
from engine import registry
from engine.policy import walk

PLAYERS = 4  # concurrent player tasks in each process


class Crowd:
    def __init__(self, spec: dict[str, Any], log: TextIO) -> None:
        self.spec, self.log = spec, log
        self.rng = random.Random(spec["seed"])
        self.games: list[int] = list(spec["games"])
        self.absent: set[int] = set(spec["absent"])
        self.stopping = asyncio.Event()

    def now(self) -> float:
        return self.spec["t0"] + (time.time() - self.spec["epoch"]) * self.spec["speed"]

    def write(self, **entry: Any) -> None:
        self.log.write(json.dumps(entry) + "\n")
        self.log.flush()

    def notices(self, notices: list[Notice]) -> None:
        for n in notices:
            self.write(t="notice", kind=n.kind, game=n.game_id, once=n.once)

    async def run(self) -> None:
        store = await open_store(self.spec["url"])
        self.service = Service(store, clock=self.now)
        try:
            tasks = [asyncio.create_task(self.player(i)) for i in range(PLAYERS)]
            tasks.append(asyncio.create_task(self.ticker()))
            await self.stopping.wait()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            await store.close()

    async def ticker(self) -> None:
        while True:
            self.notices(await self.service.tick())
            await asyncio.sleep(self.spec["tick"])

    async def player(self, index: int) -> None:
        rng = random.Random(self.rng.random())
        while self.games:
            game_id = rng.choice(self.games)
            try:
                if not await self.turn(game_id, rng):
                    await asyncio.sleep(0.02)  # waiting on an absent player: look elsewhere
            except ServiceError as error:  # raced by another task or process: try again
                self.write(t="refused", key=error.msg.key)

    async def turn(self, game_id: int, rng: random.Random) -> bool:
        """Play or decide in the game if someone present may; whether someone did."""
        service = self.service
        info = await service.info_by_id(game_id)
        if info.status != "active":
            if game_id in self.games:
                self.games.remove(game_id)
            return False
        if info.timed_out is not None:
            others = [s for s in info.seats if s.seat != info.timed_out and s.bot is None]
            choices = await service.timeout_choices(game_id)
            if not any(s.user_id not in self.absent for s in others):
                # A bot here would leave the absent player alone with bots: their clock runs
                # out with nobody to decide, and the game waits for them for ever (days.py
                # `_time_out`), so this test's games would not all end.
                choices = [c for c in choices if c != "bot"]
            if not choices:
                return False
            # A bot now and then: its games last longer than those ended at once.
            weights = {"wait": 1, "bot": 1}
            choice = rng.choices(choices, [weights.get(c, 6) for c in choices])[0]
            decider = rng.choice(others)
            report = await service.decide_timeout(game_id, decider.user_id, choice,
                                                  version=info.version)
            self.write(t="decided", game=game_id, choice=choice, version=report.game.version)
            if choice != "wait":
                self.acted(report, info.timed_out, info.version,
                           ".timeout" if choice == "end" else None)
            return True
        for seat, version in await service.bot_turns(game_id) if info.bot_seats else ():
            played = await service.bot_move(game_id, seat, version)
            if played is None:  # another task or process moved first
                self.write(t="refused", key="bot.stale")
                return True
            self.acted(played, seat, version, None)
            return True
        for seat in info.seats:
            if seat.user_id in self.absent:
                continue
            legal = await service.choices(info.channel_id, seat.user_id)
            if not legal:
                continue
            text = walk(legal, rng)
            report = await service.act_in(game_id, seat.user_id, text, version=info.version)
            self.acted(report, seat.seat, info.version, text)
            if rng.random() < 0.2:
                try:
                    undone = await service.undo(info.channel_id, seat.user_id)
                except ServiceError as error:  # moved since, or the move showed a secret
                    self.write(t="refused", key=error.msg.key)
                else:  # (its place is not known in advance: the same player may have
                    # moved or undone in another process meanwhile)
                    self.acted(undone, seat.seat, None, ".undo")
            return True
        return False

    def acted(self, report: Any, seat: int | None, before: int | None,
              text: str | None) -> None:
        """A history entry the database has: which, and the notices it called for."""
        self.write(t="act", game=report.game.id, n=report.game.version, before=before,
                   seat=seat, text=text)
        self.notices(report.notices)


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        spec = json.load(file)
    registry.GAMES["toy"] = "tests.platform.toy:Toy"
    with open(sys.argv[2], "a", encoding="utf-8") as log:
        crowd = Crowd(spec, log)

        async def go() -> None:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, crowd.stopping.set)
            await crowd.run()

        asyncio.run(go())


if __name__ == "__main__":
    main()
