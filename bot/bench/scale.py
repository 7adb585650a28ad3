"""`tabula bench --games N`: the store at scale, a bot's everyday work measured with 200 stored
games and with N (issue 17, goal 3: "flat with size").

Two SQLite files are built through the engine and the store: a small one of `LIVE` live games
(lobbies and running games: the working set), and a large one holding the same live games plus
finished and abandoned ones up to N. Every stored game is real: the histories are random games
played by the engine (seeded, in a process pool), each action's events and the state they lead
to as the engine made them, written with the store's own bulk writer (`Storage.load`, one
transaction per table and batch) in the order a busy bot would have written them, the actions of
concurrent games interleaved in time. A pool of `distinct` histories is played and each is stored
several times (finished games whole, running games cut at a point of their history), so that
building 10,000 games takes a minute rather than hours of engine time; every stored game replays
to its state.

Then the same work is timed on both files, alternately (so that a change in the machine's load
weighs on both alike), through the real Service:

- a move: `act_in` (no picture) and the turn post's bookkeeping, the time spent in the store;
- the clock round (`tick`, every minute in the bot);
- /game mine for a user seated in the 200 live games (and in older, finished ones);
- a Play-menu click late in a long game (a Seven Hills game near its end).

Each figure is given at 200 and at N games with their ratio (see `report`); `scale_ratio=` is
the worst ratio (goal <= 1.10) and `bytes_per_game=` what the large file's tables and indexes
take per stored game (`Storage.footprint`).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast

from bot import clock as clocks
from bot.bench.timed_store import TimedStore
from bot.progress import bar, printing
from bot.service import Service
from bot.store import Storage, dumps, events_text, open_store
from engine import parse_options, play
from engine.policy import walk
from engine.registry import get as get_game

LIVE = 200  # live games in both files, all with the heavy user seated
LOBBIES = 10  # of which lobbies (the others are running)
NOW = 1_767_225_600.0  # 2026-01-01: the bench's "now" (the live games' clocks count to it)
DAY = clocks.DAY
SNAPSHOT = 25  # a history keeps the state every SNAPSHOT actions (where live games are cut)

# What is played: (game, players, options), drawn in turn.
MIX: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("duel", 2, ()),
    ("seven-hills", 3, ()),
    ("heros", 3, ()),
    ("duel", 2, ("agora", "leaders")),
    ("res-publica", 4, ()),
    ("heros", 4, ()),
    ("seven-hills", 4, ()),
    ("res-publica", 3, ()),
)
GOALS = {"clock_round_ms": 50.0, "mine_ms": 10.0, "scale_ratio": 1.10}


# --- the histories: random games played by the engine --------------------------------------


@dataclass
class History:
    """A random game as the engine played it: each action with its events (as stored), the
    final state and outcome, and the state every SNAPSHOT actions (where live games are cut)."""

    key: str
    players: int
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, str, str]]  # seat, text, events as the store writes them
    state: dict[str, Any]
    outcome: dict[str, Any] | None
    snapshots: dict[int, dict[str, Any]] = field(default_factory=dict)  # n -> state after n


def play_history(key: str, players: int, options: Sequence[str], seed: int) -> History:
    """One random game (seeded: the same seed plays the same game), to its end."""
    game = get_game(key)
    parsed = parse_options(game, options)
    state = game.setup(players, seed, parsed)
    rng = random.Random(seed)
    moves: list[tuple[int, str, str]] = []
    snapshots = {}
    while (outcome := game.outcome(state)) is None:
        seat = rng.choice(sorted(game.prompt(state)))
        text = walk(game.legal(state, seat), rng)
        state, events = play(game, state, seat, text)
        moves.append((seat, text, events_text([e.to_json() for e in events])))
        if len(moves) % SNAPSHOT == 0 and game.outcome(state) is None:
            snapshots[len(moves)] = state
    return History(key, players, parsed, seed, moves, state, outcome.to_json(), snapshots)


def _play(args: tuple[str, int, tuple[str, ...], int]) -> History:
    return play_history(*args)


def histories(distinct: int, seed: int, jobs: int) -> list[History]:
    """`distinct` random games over MIX, played in `jobs` processes."""
    specs = [(*MIX[i % len(MIX)], seed * 100_003 + i) for i in range(distinct)]
    with bar(distinct, "playing the histories") as progress:
        if jobs <= 1:
            pool = []
            for spec in specs:
                pool.append(_play(spec))
                progress.update()
            return pool
        with ProcessPoolExecutor(max_workers=jobs) as workers:
            played = []
            for history in workers.map(_play, specs, chunksize=1):  # in order
                played.append(history)
                progress.update()
            return played


# --- the files: stored games -----------------------------------------------------------------


GAME_COLUMNS = ("id", "channel_id", "guild_id", "game_key", "options", "status", "creator_id",
                "locale", "seed", "version", "state", "outcome", "created_at", "updated_at",
                "pace", "timed_out", "parent_id")
SEAT_COLUMNS = ("game_id", "user_id", "name", "joined_at", "seat", "bank", "running_since",
                "asked_since", "reminded_at")
ACTION_COLUMNS = ("game_id", "n", "seat", "user_id", "text", "events", "at")
MESSAGE_COLUMNS = ("game_id", "message_id", "channel_id", "kind", "version", "at")
USER_COLUMNS = ("user_id", "dm", "before", "remind_hours", "vacation_until", "locale")

HEAVY_USER = 1_000_000  # the user seated in every live game: /game mine is timed for them
GUILDS = 40


@dataclass
class Rows:
    """Rows waiting to be written, per table."""

    games: list[tuple[Any, ...]] = field(default_factory=list)
    seats: list[tuple[Any, ...]] = field(default_factory=list)
    actions: list[tuple[float, tuple[Any, ...]]] = field(default_factory=list)  # (at, row)
    messages: list[tuple[float, tuple[Any, ...]]] = field(default_factory=list)


class Builder:
    """Writes stored games into a store: ids, channels, users and times as a bot gives them."""

    def __init__(self, pool: list[History], seed: int) -> None:
        self.pool = pool
        self.rng = random.Random(seed)
        self.next_id = 1
        self.next_message = 10**17
        self.users = 200  # users 1..users play the games (3 in 10 games: `population`)

    def _game_id(self) -> int:
        gid = self.next_id
        self.next_id += 1
        return gid

    def _players(self, n: int, heavy: bool) -> list[int]:
        chosen = self.rng.sample(range(1, self.users + 1), n - heavy)
        return ([HEAVY_USER] if heavy else []) + chosen

    def live(self, rows: Rows, count: int, lobbies: int, long_game: tuple[int, int]) -> list[int]:
        """`count` live games with the heavy user in each: `lobbies` lobbies, the others running
        (cut somewhere in a history; the first is `long_game`: (history, cut))."""
        ids = []
        running = [h for h in range(len(self.pool)) if self.pool[h].snapshots]
        for i in range(count):
            gid = self._game_id()
            ids.append(gid)
            if i >= count - lobbies:
                history = self.pool[self.rng.choice(running)]
                self._lobby(rows, gid, history)
                continue
            h, cut = long_game if i == 0 else (
                (index := self.rng.choice(running)),
                self.rng.choice(sorted(self.pool[index].snapshots)))
            self._running(rows, gid, self.pool[h], cut)
        return ids

    def finished(self, rows: Rows, count: int, end: float) -> None:
        """`count` finished games (and an abandoned lobby now and then) over the year to `end`."""
        for _ in range(count):
            gid = self._game_id()
            history = self.pool[self.rng.randrange(len(self.pool))]
            if self.rng.random() < 0.03:
                self._lobby(rows, gid, history, status="abandoned",
                            start=end - self.rng.random() * 365 * DAY)
                continue
            heavy = self.rng.random() < 0.02
            players = self._players(history.players, heavy)
            start = end - self.rng.random() * 365 * DAY
            self._stored(rows, gid, history, len(history.moves), players, start, "finished")

    def _lobby(self, rows: Rows, gid: int, history: History, *, status: str = "lobby",
               start: float = NOW - DAY) -> None:
        players = self._players(self.rng.randint(1, history.players), status == "lobby")
        channel = 5 * 10**17 + gid
        rows.games.append((gid, channel, 1 + gid % GUILDS, history.key, json.dumps(
            history.options), status, players[0], "en", None, len(players) - 1, None, None,
            start, start, None, None, channel))
        for i, user in enumerate(players):
            rows.seats.append((gid, user, f"u{user}", start + i, None, None, None, None, None))

    def _running(self, rows: Rows, gid: int, history: History, cut: int) -> None:
        players = self._players(history.players, True)
        last = NOW - self.rng.uniform(300.0, 2 * DAY)  # the latest move, a while ago
        self._stored(rows, gid, history, cut, players, last - cut * 600.0, "active")

    def _stored(self, rows: Rows, gid: int, history: History, upto: int, players: list[int],
                start: float, status: str) -> None:
        """A started game after `upto` actions of `history`, its actions `gap` seconds apart."""
        game = get_game(history.key)
        channel = 5 * 10**17 + gid
        gap = 600.0 if status == "active" else self.rng.uniform(60.0, 1800.0)
        state = history.state if upto == len(history.moves) else history.snapshots[upto]
        outcome = history.outcome if status == "finished" else None
        last = start + upto * gap
        pace = clocks.PRESETS["daily"] if gid % 3 else None
        rows.games.append((gid, channel, 1 + gid % GUILDS, history.key,
                           json.dumps(history.options), status, players[0], "en", history.seed,
                           upto, dumps(state), dumps(outcome) if outcome else None,
                           start, last, json.dumps(pace.to_json()) if pace else None, None,
                           channel))
        asked = game.prompt(state) if status == "active" else {}
        for seat, user in enumerate(players):
            bank = running = since = reminded = None
            if seat in asked:
                # Asked at the latest move (a few minutes to two days ago): some reminders are
                # due now, some were sent already.
                since = last
                if pace is not None:
                    bank, running = pace.bank, since
                reminded = since + DAY if NOW - since > DAY and self.rng.random() < 0.5 else None
            elif pace is not None and status == "active":
                bank = pace.bank
            rows.seats.append((gid, user, f"u{user}", start - 60 + seat, seat, bank, running,
                               since, reminded))
        for n, (seat, text, events) in enumerate(history.moves[:upto], 1):
            at = start + n * gap
            rows.actions.append((at, (gid, n, seat, players[seat], text, events, at)))
        # The bot posts the turn after every action; the store keeps the latest post.
        self.next_message += 1
        rows.messages.append((last, (gid, self.next_message, channel, "turn", upto, last + 1.0)))


async def write(store: Storage, rows: Rows) -> None:
    """The rows through the store's bulk writer, actions and posts in the order of time."""
    await store.load("games", GAME_COLUMNS, rows.games)
    await store.load("seats", SEAT_COLUMNS, rows.seats)
    for table, columns, timed in (("actions", ACTION_COLUMNS, rows.actions),
                                  ("messages", MESSAGE_COLUMNS, rows.messages)):
        timed.sort(key=lambda pair: pair[0])
        batch = 50_000
        for start in range(0, len(timed), batch):
            await store.load(table, columns, [row for _at, row in timed[start:start + batch]])


def population(games: int) -> int:
    """Users who play `games` stored games: about 3 per 10 games (each plays about 10), and
    at least 200."""
    return max(200, games * 3 // 10)


async def write_users(store: Storage, users: Sequence[int], seed: int) -> None:
    """Their preferences: most never chose, some want direct messages, a few are away (the
    same for a user in every file)."""
    rows = []
    for user in users:
        rng = random.Random(seed * 1_000_003 + user)
        if rng.random() < 0.6 and user != HEAVY_USER:
            continue
        away = NOW + rng.uniform(1, 10) * DAY if rng.random() < 0.03 else None
        remind = rng.choice([None, None, 12.0, 48.0, 0.0])
        rows.append((user, int(rng.random() < 0.3), int(rng.random() < 0.1), remind, away, "en"))
    await store.load("users", USER_COLUMNS, rows)


# --- the measures ----------------------------------------------------------------------------


class StoreTime:
    """The time spent in the store's coroutines, and how many calls of each, since `reset` (to
    tell the store's share of a service call from the engine's)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls: Counter[str] = Counter()

    def __call__(self, name: str, seconds: float) -> None:
        self.seconds += seconds
        self.calls[name] += 1

    def reset(self) -> None:
        self.seconds = 0.0
        self.calls.clear()


@dataclass
class Sample:
    total: list[float] = field(default_factory=list)  # ms, each round
    cpu: list[float] = field(default_factory=list)  # ms of the process's CPU, each round
    store: list[float] = field(default_factory=list)  # ms in the store, each round
    calls: Counter[str] = field(default_factory=Counter)  # store calls of the last round


class Site:
    """One file with its service, and what is timed on it."""

    def __init__(self, name: str, store: Storage, live: list[int], long_game: int) -> None:
        self.name = name
        self.raw = store
        self.spent = StoreTime()
        self.now = NOW
        self.service = Service(cast(Storage, TimedStore(store, self.spent)),
                               clock=lambda: self.now)
        self.live = live
        self.long_game = long_game
        self.samples: dict[str, Sample] = {}

    async def timed(self, what: str, call: Callable[[], Awaitable[Any]]) -> Any:
        self.spent.reset()
        cpu = time.process_time()
        started = time.perf_counter()
        result = await call()
        sample = self.samples.setdefault(what, Sample())
        sample.total.append((time.perf_counter() - started) * 1000)
        sample.cpu.append((time.process_time() - cpu) * 1000)
        sample.store.append(self.spent.seconds * 1000)
        sample.calls = Counter(self.spent.calls)
        return result


async def move(site: Site, game_id: int, rng: random.Random) -> None:
    """One random move in `game_id` through the service, then the turn post's bookkeeping as
    bot/discord/posting.py does it (minus Discord)."""
    row = await site.raw.game(game_id)
    assert row is not None and row.state is not None
    game = get_game(row.game_key)
    seat = rng.choice(sorted(game.prompt(row.state)))
    user = next(s.user_id for s in await site.raw.seats(game_id) if s.seat == seat)
    text = walk(game.legal(row.state, seat), rng)

    async def act() -> None:
        report = await site.service.act_in(game_id, user, text)
        info = report.game
        posted = await site.service.turn_posts(info.id)
        assert all(p.version < info.version for p in posted)
        stale = await site.service.posted_turn(
            info.id, 10**18 + info.id * 10**5 + info.version, info.channel_id, info.version)
        assert stale == posted  # their buttons go

    await site.timed("move", act)


async def click(site: Site) -> None:
    """A Play-menu click in the long game, by a seat asked to act (what on_menu asks)."""
    row = await site.raw.game(site.long_game)
    assert row is not None and row.state is not None
    seat = min(get_game(row.game_key).prompt(row.state))
    user = next(s.user_id for s in await site.raw.seats(site.long_game) if s.seat == seat)
    _info, legal = await site.timed("click", lambda: site.service.legal_in(site.long_game, user))
    assert legal


async def measure(sites: Sequence[Site], rounds: int, seed: int, out: TextIO) -> None:
    """`rounds` rounds (after two to warm up), each timing the same work on every site."""
    movable = []  # the running games but the long one (its click stays the same)
    for game_id in sites[0].live[1:]:
        row = await sites[0].raw.game(game_id)
        if row is not None and row.status == "active":
            movable.append(game_id)
    for r in bar(range(rounds + 2), "timing", "round"):  # two rounds to warm up, not counted
        # Each site goes first every other round: whatever the first (or second) of a round
        # pays for, both sizes pay it alike.
        for site in (sites if r % 2 == 0 else list(reversed(sites))):
            rng = random.Random(seed * 7919 + r)
            game_id = movable[r % len(movable)]
            row = await site.raw.game(game_id)
            if row is not None and row.status == "active":
                await move(site, game_id, rng)
            site.now = NOW + r * 60.0
            notices = await site.timed("clock_round", site.service.tick)
            if r == 0:
                with printing(out):
                    print(f"{site.name}: first clock round sent {len(notices)} notices",
                          file=out)
            mine = await site.timed("mine", lambda s=site: s.service.mine(HEAVY_USER))
            assert len(mine) > len(site.live) // 2
            await click(site)
            if r < 2:
                for sample in site.samples.values():
                    sample.total.clear()
                    sample.cpu.clear()
                    sample.store.clear()


# --- the command -----------------------------------------------------------------------------


async def build(path: Path, pool: list[History], live: int, seed: int) -> tuple[list[int], int]:
    """A file of `live` live games at `path` (their ids, the long game's id)."""
    longest = max((h for h in range(len(pool)) if pool[h].key == "seven-hills"),
                  key=lambda h: len(pool[h].moves))
    cut = max(pool[longest].snapshots)
    builder = Builder(pool, seed)
    builder.users = population(live)
    store = await open_store(path)
    try:
        rows = Rows()
        ids = builder.live(rows, live, min(LOBBIES, live // 4), (longest, cut))
        await write(store, rows)
        await write_users(store, [*range(1, builder.users + 1), HEAVY_USER], seed)
    finally:
        await store.close()
    return ids, ids[0]


async def bench_scale(games: int, *, db: str | None = None, distinct: int = 96, seed: int = 1,
                      rounds: int = 40, jobs: int | None = None, live: int = LIVE,
                      out: TextIO = sys.stdout) -> int:
    """Build the files (`live` live games, then `games` in all) and time them; prints the
    figures. 2 if a file to build exists already."""
    if games <= live:
        print(f"tabula: --games must be more than the {live} live games", file=sys.stderr)
        return 2
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    pool = histories(distinct, seed, jobs)
    played = time.perf_counter() - started
    actions = sum(len(h.moves) for h in pool)
    print(f"histories={len(pool)} actions={actions} engine_s={played:.1f} (jobs={jobs})",
          file=out, flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        large = Path(db) if db else Path(tmp) / "bench-scale.sqlite3"
        small = large.with_name(f"{large.stem}-{live}{large.suffix}")
        for path in (large, small):
            if path.exists():
                print(f"tabula: {path} exists; the bench builds new files", file=sys.stderr)
                return 2
        started = time.perf_counter()
        ids, long_game = await build(small, pool, live, seed)
        shutil.copyfile(small, large)
        await extend(large, pool, live, games, seed)
        built = time.perf_counter() - started
        sites = [Site(str(live), await open_store(small), ids, long_game),
                 Site(str(games), await open_store(large), ids, long_game)]
        tables = await sites[1].raw.footprint()
        size = sum(tables.values())
        print(f"built games={games} in store_s={built:.1f}, total_s={played + built:.1f}; "
              f"mb={size / 2**20:.0f}", file=out, flush=True)
        print("bytes_by_table=" + " ".join(f"{t}:{b / games:.0f}" for t, b in tables.items()),
              file=out)
        try:
            await measure(sites, rounds, seed, out)
        finally:
            for site in sites:
                await site.raw.close()
        report(sites, games, size, out)
    return 0


async def extend(path: Path, pool: list[History], live: int, games: int, seed: int) -> None:
    """Add finished games (and their new players) to a copy of the small file of `live` games,
    up to `games` stored games in all."""
    builder = Builder(pool, seed + 1)
    builder.users = population(games)
    builder.next_id = live + 1
    builder.next_message = 2 * 10**17
    store = await open_store(path)
    try:
        left = games - live
        with bar(left, "storing the finished games") as progress:
            while left > 0:  # in batches, so that memory stays small
                rows = Rows()
                builder.finished(rows, min(left, 500), NOW - DAY)
                await write(store, rows)
                progress.update(min(left, 500))
                left -= min(left, 500)
        await write_users(store, range(population(live) + 1, builder.users + 1), seed)
    finally:
        await store.close()


def report(sites: Sequence[Site], games: int, size: int, out: TextIO) -> None:
    """Each figure at both sizes: the median and the least disturbed (min) of the rounds'
    wall times, the median CPU time of the process (its SQLite thread included: unlike wall
    time, it does not wait for a core on a busy machine) and the median time in the store.
    A figure's ratio, and `scale_ratio`, compare the min wall times: what the work itself costs
    at each size, the machine's other load set aside (the medians' ratios are printed too)."""
    small, large = sites
    worst = worst_cpu = 0.0
    for what, sample in small.samples.items():
        other = large.samples[what]
        parts = []
        for site, got in ((small, sample), (large, other)):
            parts.append(f"at {site.name}: median={statistics.median(got.total):.2f}"
                         f" min={min(got.total):.2f} cpu={statistics.median(got.cpu):.2f}"
                         f" store={statistics.median(got.store):.2f}")
        ratio = min(other.total) / min(sample.total)
        median = statistics.median(other.total) / statistics.median(sample.total)
        cpu = statistics.median(other.cpu) / statistics.median(sample.cpu)
        worst, worst_cpu = max(worst, ratio), max(worst_cpu, cpu)
        print(f"{what}_ms " + " | ".join(parts)
              + f" | ratio={ratio:.2f} (medians {median:.2f}, cpu {cpu:.2f})", file=out)
        print(f"  store calls at {large.name}: "
              + " ".join(f"{k}:{v}" for k, v in sorted(other.calls.items())), file=out)
    clock_round = large.samples["clock_round"].total
    mine = large.samples["mine"].total
    print(f"clock_round_ms={statistics.median(clock_round):.1f} (min {min(clock_round):.1f};"
          f" goal <= {GOALS['clock_round_ms']:.0f}) mine_ms={statistics.median(mine):.1f}"
          f" (min {min(mine):.1f}; goal <= {GOALS['mine_ms']:.0f})", file=out)
    print(f"scale_ratio={worst:.2f} (goal <= {GOALS['scale_ratio']:.2f}; CPU medians"
          f" {worst_cpu:.2f}) bytes_per_game={size / games:.0f}", file=out)
    print("load_average=" + " ".join(f"{x:.1f}" for x in os.getloadavg())
          + f" cpus={os.cpu_count()}", file=out, flush=True)
