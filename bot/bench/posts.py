"""`tabula bench --posts K`: what a channel receives over whole games.

Each game is played through the real Service and store (the SQLite file of the bot), every
seat's moves chosen by a computer player (`medium`, a fixed iteration budget: the same game on
any machine) but seated as a person, so the posts, edits and pings counted are those of a game
between people, decided by the very policy the bot follows (bot.service.telling). The same
game's changes are then told again by that policy with the seats after the first shown as
computer players (a person's solo game: they are pinged only when the game first asks them, as
they are never away here), and as the bot told games before it (a post at every
step, pinging everyone asked). Per game and line:

    posts    public messages (turn posts: the start, each change of hands, the end)
    edits    edits of the open post (a simultaneous choice being answered)
    pings    mentions in those posts
    reasks   mentions of someone already asked as the channel last showed the game
    steps    engine actions (a move and the forced actions the platform plays after it)
    changes  changes of the set of seats asked
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from bot.service import How, Service, User, telling
from bot.service.telling import AWAY
from bot.store import open_store
from engine.ai import decide
from engine.registry import get as get_game

LEVEL = "medium"
BUDGET = 4  # the medium bot's samples per candidate: quick, and the same on every machine


@dataclass
class Change:
    """One stored step: who was asked before and after it, who moved, whether it ended."""

    before: frozenset[int]
    after: frozenset[int]
    mover: int | None  # None: a platform action (a player leaving, an undo...)
    ended: bool
    left: bool = False  # a player left the game, which goes on (".quit", ".bot")
    entries: int = 1  # history entries it stored (the move and the forced actions after it)
    at: float = 0.0  # when it was stored (the bench plays at once: nobody is ever away)


@dataclass
class Counts:
    posts: int = 0
    edits: int = 0
    pings: int = 0
    reasks: int = 0
    steps: int = 0
    changes: int = 0
    shown: set[int] = field(default_factory=set)  # seats asked as the channel last showed

    def told(self, how: How, pinged: Collection[int], asked: Collection[int]) -> None:
        """Count one telling: `pinged` the seats mentioned, `asked` the seats then asked."""
        if how is How.QUIET:
            return
        if how is How.POST:
            self.posts += 1
            self.pings += len(pinged)
            self.reasks += len(set(pinged) & self.shown)
        else:
            self.edits += 1
        self.shown = set(asked)

    def line(self) -> str:
        return (f"posts={self.posts} edits={self.edits} pings={self.pings} "
                f"reasks={self.reasks} steps={self.steps} changes={self.changes}")


async def play_counted(
    service: Service, channel_id: int, game_key: str, players: int, options: Sequence[str],
    seed: int,
) -> tuple[Counts, list[Change]]:
    """One complete game between people whose moves a medium bot picks: the channel's counts
    as the service decided them, and each step's change for the other readings."""
    game = get_game(game_key)
    users = [User(channel_id * 10 + i + 1, f"p{i + 1}") for i in range(players)]
    await service.create(channel_id, None, users[0], game_key, options)
    for user in users[1:]:
        await service.join(channel_id, user)
    report = await service.start(channel_id, users[0].id, seed=seed)
    counts = Counts()
    counts.told(How.POST, [s.seat for s in report.to_act if s.seat is not None], report.asks)
    seats = {s.user_id: s.seat for s in report.game.seats}  # the start draws the seat order
    changes: list[Change] = []
    while report.outcome is None:
        row = await service.store.game(report.game.id)
        assert row is not None and row.state is not None
        seat = min(report.asks)
        text = await asyncio.to_thread(decide, game, row.state, seat, LEVEL,
                                       seed * 100_003 + row.version, BUDGET)
        before = frozenset(report.asks)
        user = report.game.user_of(seat)
        assert user is not None
        report = await service.act_in(report.game.id, user.user_id, text)
        after = frozenset(report.asks)
        entries = report.game.version - row.version
        changes.append(Change(before, after, seat, report.outcome is not None, entries=entries))
        counts.steps += entries
        counts.changes += before != after
        counts.told(report.how, [seats[u] for u in report.pinged], after)
    return counts, changes


def retold(changes: Sequence[Change], start: Collection[int], people: Collection[int],
           *, every_step: bool = False) -> Counts:
    """The same game's changes told again: with `people` the seats a person plays (by the
    policy), or, `every_step`, as before the policy (a post per step pinging all asked)."""
    counts = Counts()
    counts.told(How.POST, [s for s in start if s in people], start)
    here: tuple[int, float] | None = None  # the latest person's move since the last post
    for change in changes:
        counts.steps += change.entries
        counts.changes += change.before != change.after
        if every_step:
            counts.told(How.POST, [s for s in change.after if s in people], change.after)
            continue
        tell = telling(change.before, change.after, people, ended=change.ended,
                       left=change.left, mover=change.mover)
        if (change.mover is not None and change.mover not in people and here is not None
                and change.at - here[1] < AWAY):  # a bot's move asks again who is still here
            tell = replace(tell, ping=tell.ping - {here[0]})
        counts.told(tell.how, tell.ping, change.after)
        if tell.post or change.mover is None:
            here = None
        elif change.mover in people:
            here = (change.mover, change.at)
    return counts


async def bench_posts(game_key: str, players: int, options: Sequence[str], games: int,
                      seed: int, out: object = None) -> int:
    """Print the counts of `games` complete games; exit 0, or 1 if the policy's bounds fail
    (posts <= changes + 2, no re-ask, pings <= changes)."""
    stream = out if out is not None else sys.stdout
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "posts.sqlite3")
        try:
            service = Service(store)
            service.bot_budget = BUDGET
            for n in range(games):
                counts, changes = await play_counted(service, n + 1, game_key, players,
                                                     options, seed + n)
                start = changes[0].before if changes else frozenset()
                solo = retold(changes, start, {0})
                before = retold(changes, start, set(range(players)), every_step=True)
                label = f"{game_key} {players}p {' '.join(options) or '-'} seed={seed + n}"
                print(f"{label} people: {counts.line()}", file=stream)  # type: ignore[arg-type]
                print(f"{label} solo:   {solo.line()}", file=stream)  # type: ignore[arg-type]
                print(f"{label} before: {before.line()}", file=stream)  # type: ignore[arg-type]
                if (counts.posts > counts.changes + 2 or counts.reasks
                        or counts.pings > counts.changes):
                    failed = True
        finally:
            await store.close()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load={load:.2f}", file=stream)  # type: ignore[arg-type]
    return 1 if failed else 0
