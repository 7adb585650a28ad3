"""What every concern of the service shares: ServiceBase (construction, the store, the per-game
locks, the limits, the cache of drawn pictures, the lookups of a game, and the step every change
ends with: `commit` stores one history entry with the clocks it moves, `report` turns a change
into a Report for the edge, `notices_for` says which direct messages it calls for), and the
small checks that turn an unknown game or pace into a ServiceError.

The concerns (lobby.py, play.py, looking.py, days.py, records.py) are mixins over ServiceBase,
combined into the one Service in __init__.py; anything two of them use lives here under a
public name, so that no module reaches for another's underscore names.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from bot import clock as clocks
from bot.clock import Pace
from bot.logcontext import GAME, about
from bot.metrics import MOVES
from bot.service.model import GameInfo, Limits, Recorded, Report, SeatInfo, ServiceError
from bot.service.notices import Notice, turn_notices
from bot.service.renderer import Renderer
from bot.service.replays import Replays
from bot.service.telling import How, Telling, still_here, telling
from bot.store import (
    GameRow,
    Played,
    SeatRow,
    Storage,
    StorageUnavailable,
    UserPrefs,
    guarded,
)
from engine import Event, Game, IllegalAction, Msg, Outcome, play
from engine.core import ranked_last
from engine.i18n import translate
from engine.registry import get as get_game

log = logging.getLogger(__name__)

T = TypeVar("T")
AFTER_WRITE = (0.05, 0.5, 0.0)  # seconds after each failed read that follows a stored change


class ServiceBase:
    def __init__(
        self, store: Storage, *, renderer: Renderer | None = None,
        clock: Callable[[], float] = time.time, limits: Limits | None = None,
    ) -> None:
        # Its calls raise StorageUnavailable while the database is out of reach or full.
        self.store = guarded(store)
        self.renderer = renderer
        self.clock = clock
        self.limits = limits or Limits()
        self.locks = GameLocks()
        self._boards: dict[tuple[str, int, int, str], bytes] = {}  # (kind, game, version, locale)
        self.replays = Replays()  # /game replay's renders and allowances (looking.py)
        # game -> (version, when): a change stored here that calls for a post, not posted yet.
        # A repair (on READY, run while moves are answered) leaves those games to their post:
        # both would post, and a repair that claimed the post and crashed in it kept its
        # claim, so that no later repair ever made it (tests/e2e/test_crash.py, under load).
        self.posting: dict[int, tuple[int, float]] = {}

    # --- lookups ---------------------------------------------------------------------------

    async def info(self, channel_id: int, *, live: bool = True) -> GameInfo:
        if live:
            return (await self.read_game(channel_id=channel_id)).info
        row = await self.store.latest_game(channel_id)
        if row is None:
            raise ServiceError("error.no_game")
        return game_info(row, await self.store.seats(row.id))

    async def info_by_id(self, game_id: int) -> GameInfo:
        return (await self.read_game(game_id)).info

    async def read_game(self, game_id: int | None = None, *,
                        channel_id: int | None = None) -> Read:
        """The game (by id, or the channel's live game) and its seats, in one store call, or
        "error.no_game". To change it, hold it with `changing`."""
        read_at = self.locks.now
        if game_id is not None:
            checked_id(game_id)
        found = await self.store.game_and_seats(game_id, channel_id=channel_id)
        if found is None:
            raise ServiceError("error.no_game")
        row, seats = found
        return Read(row, game_info(row, seats), read_at)

    @asynccontextmanager
    async def changing(self, read: Read) -> AsyncIterator[Read]:
        """Hold the game's lock for a change, with the game as read under it: `read` itself
        when no change of this process can have come since it was read (GameLocks), or else
        the game read again (so that a move made meanwhile here is seen, as a read made under
        the lock would see it)."""
        async with self.lock(read.row.id, read.read_at) as fresh:
            yield read if fresh else await self.read_game(read.row.id)

    def lock(self, game_id: int, read_at: int | None = None,
             ) -> AbstractAsyncContextManager[bool]:
        """The game's lock: every change loads, plays and stores under it (in this process;
        the version guard of each store write covers the others). Held, it says whether a
        read begun at `read_at` (GameLocks.now) is still fresh."""
        return self.locks.hold(game_id, read_at)

    # --- every change ends here -------------------------------------------------------------

    async def commit(
        self, info: GameInfo, row: GameRow, game: Game, state: dict[str, Any],
        events: list[Event], seat: int, user_id: int | None, text: str,
        outcome: Outcome | None = None, *, bots: Mapping[int, tuple[str, int]] | None = None,
        asks: Asks | None = None, legal_for: int | None = None, more: Sequence[Played] = (),
    ) -> Report:
        """Store one history entry (under the game's lock) with the clocks it moves, then
        report it with the notices it calls for. `bots`: seat -> (level, seed) of seats a bot
        plays from now on (a player who left), stored with the entry. `asks`: who is asked in
        each state, as far as the caller already worked it out (each state's `prompt` runs
        once). `legal_for`: a seat whose legal texts the report gives (`Report.legal`) if it
        is still asked. `more`: entries stored right after it in the same transaction (the
        further ".undo"s of a move taken back with the forced actions that followed it).

        The rules' outcome puts the players who left last (engine.core.ranked_last); an
        outcome given (a resignation, a clock run out) says it already."""
        then: list[Played] = list(more)
        own = events  # this action's events, stored with it
        played: list[Event] = []
        asks = asks or Asks(game)
        if outcome is None and not text.startswith("."):
            # What the rules leave no seat to choose is played at once (Game.forced), each its
            # own history entry with its events: nobody is asked, pinged or waited on for it.
            state, then, played = forced_steps(game, state, asks.asked)
            events = [*events, *played]
        if outcome is None and (outcome := game.outcome(state)) is not None:
            outcome = ranked_last(outcome, info.left_seats, len(info.seats))
        now = self.clock()
        before = asks(row.state) if row.state is not None else {}
        after = asks(state) if outcome is None else {}
        people = {s.seat for s in info.seats
                  if s.seat is not None and s.bot is None and s.seat not in (bots or {})}
        tell = telling(before, after, people, ended=outcome is not None,
                       left=text in LEAVING, mover=None if text.startswith(".") else seat)
        told: dict[str, Any] | None = None
        since: list[Event] = []
        previous: dict[str, Any] | None = None
        if tell.post:
            # The post tells everything since the previous one: read before this entry is
            # stored (under the version guard, so no other move can slip in between).
            told_before, history = await self.store.since_told(row.id)
            previous = told_before.get("view") if told_before else None
            since = [Event.from_json(e) for action in history for e in action.events
                     if e.get("to") is None]
            told = {"view": game.view(state, None), "asked": sorted(after)}
            if user_id is None and tell.ping:  # a bot's move (or the rules') asks people
                tell = replace(tell, ping=tell.ping - still_here(
                    info, [(a.user_id, a.at) for a in history], now))
        # Every person's preferences in one query (bots have none). A bot's clock never runs:
        # it answers at once, and could not be reminded.
        prefs = await self.store.prefs_of(
            [s.user_id for s in info.seats if s.seat is not None and s.bot is None])
        away = {s.seat for s in info.seats
                if s.seat is not None and s.bot is None and _away(prefs[s.user_id], now)}
        away |= info.bot_seats | set(bots or ())
        mover = None if text.startswith(".") else seat
        moved = clocks.advance(info.pace, info.seat_clocks, before, after, mover, now, away)
        try:
            stored = await self.store.append_action(
                row.id, expected_version=row.version, seat=seat, user_id=user_id, text=text,
                events=[e.to_json() for e in own], state=state,
                outcome=outcome.to_json() if outcome else None, now=now, clocks=moved,
                bots=bots, told=told, then=then,
            )
        except Exception as error:
            # The commit may have landed before the failure (the connection lost after it):
            # look, rather than tell the player that nothing changed.
            stored = await self.landed(row, seat, user_id, text, error)
        if not stored:  # another process moved the game on since we loaded it
            raise ServiceError("error.stale")
        MOVES.labels(info.game_key).inc(1 + len(then))
        # The game as this move left it (not as read again: another process may already have
        # moved it on, and this report must speak of this move's version).
        info = replace(
            info, version=row.version + 1 + len(then), status="finished" if outcome else "active",
            outcome=Outcome.from_json(outcome.to_json()) if outcome else None, timed_out=None,
            clocks=tuple(moved[s] for s in sorted(moved)) if moved else info.clocks,
            seats=tuple(taken_over(s, bots[s.seat][0], info.locale)
                        if bots and s.seat in bots else s for s in info.seats))
        if tell.post:
            self.posting[info.id] = (info.version, time.monotonic())
        try:
            if tell.post:
                report = await self.report(info, game, state, [*since, *events],
                                           previous=previous, asks=asks)
            else:  # nothing for the channel: no picture; the public lines, in the history,
                # will be told by the next post (here they are the mover's, not the channel's)
                report = self.standing(info, game, state, asks)
                report.public = [event.msg for event in events if event.to is None]
                report.private = private_lines(info, events)
                told_mover(report, info, seat, played)
            report.notices = await self.notices_for(info, game, row.state, state, prefs=prefs,
                                                    asks=asks)
            if legal_for is not None and legal_for in report.asks:
                report.legal = game.legal(state, legal_for)
        except Exception:
            # Stored all the same: the edge must still post it and say so (no picture then).
            log.exception("reporting the stored change of game %s failed", info.id)
            report = self.standing(info, game, state, asks)
            report.public = [event.msg for event in [*since, *events] if event.to is None]
        report.telling = tell
        report.ping = [u.user_id for s in sorted(tell.ping) if (u := info.user_of(s)) is not None]
        return report

    async def landed(self, row: GameRow, seat: int, user_id: int | None, text: str,
                     error: Exception) -> bool:
        """Whether a history entry whose commit raised `error` was stored all the same: the
        entry after `row`'s version is this one. Re-raises `error` when the game is as it was
        (nothing stored); "error.move_unknown" when the store cannot even be read."""
        try:
            now = await self.store.game(row.id)
            ahead = now.version - row.version if now is not None else 0
            after = await self.store.recent_actions(row.id, ahead) if ahead > 0 else []
        except Exception:
            raise ServiceError("error.move_unknown") from error
        if ahead <= 0:
            raise error
        entry = next((a for a in after if a.n == row.version + 1), None)
        mine = entry is not None and (entry.seat, entry.user_id, entry.text) == (seat, user_id,
                                                                                 text)
        log.warning("the commit of game %s raised %r: %s", row.id, error,
                    "stored all the same" if mine else "another change was stored")
        return mine

    async def written(self, write: Awaitable[T], landed: Callable[[], Awaitable[T | None]],
                      what: str) -> T:
        """The result of a store write other than a move's (`commit` has its own look). When
        the write fails as the database does when the answer to a landed commit is lost (the
        connection cut right after it: StorageUnavailable), `landed` reads the database and
        gives the write's result if it finds the change made, None if not: then the error
        stands (nothing was stored, the apology is true). "error.change_unknown" when the
        database cannot even be read."""
        try:
            return await write
        except StorageUnavailable as error:
            try:
                found = await landed()
            except Exception:
                raise ServiceError("error.change_unknown") from error
            if found is None:
                raise
            log.warning("the %s raised %r: stored all the same", what, error)
            return found

    async def seated(self, game_id: int, user_id: int, present: bool) -> bool | None:
        """`written`'s look for a seat taken (`present`) or given up: True if the game's
        seats are so, None if not."""
        there = any(s.user_id == user_id for s in await self.store.seats(game_id))
        return True if there == present else None

    async def status_is(self, game_id: int, status: str) -> bool | None:
        """`written`'s look for a game's change of status: True if it is `status`."""
        row = await self.store.game(game_id)
        return True if row is not None and row.status == status else None

    async def after_write(self, read: Callable[[], Awaitable[T]]) -> T:
        """What a change reads once it is stored (the game as it left it, its report). The
        connection that lost a commit's answer is gone and the pool opens another, so a
        failing read is tried again a moment later; if the database still cannot be read,
        `Recorded`: the change stands, and the player must not read that nothing was."""
        for pause in AFTER_WRITE:
            try:
                return await read()
            except StorageUnavailable as error:
                failed = error
            await asyncio.sleep(pause)
        raise Recorded() from failed

    async def open_choice(self, game_id: int) -> Report | None:
        """The open post's ask as it stands now, while a simultaneous choice it opened is being
        answered (an EDIT): who is still asked, and who has chosen since the post. None once
        the game has moved on (a later post tells it) or if nothing of it is known."""
        row = await self.store.game(game_id)
        if row is None or row.status != "active" or row.state is None:
            return None
        told, _ = await self.store.since_told(game_id)
        if told is None:
            return None
        info = game_info(row, await self.store.seats(row.id))
        game = get_game(row.game_key)
        report = self.standing(info, game, row.state)
        asked, opened = set(report.asks), set(told.get("asked", ()))
        if not asked < opened:
            return None
        report.done = [s for seat in sorted(opened - asked)
                       if (s := info.user_of(seat)) is not None]
        report.told = row.told
        report.telling = Telling(How.EDIT)
        return report

    async def seated_in(self, game_id: int, user_id: int,
                        ) -> tuple[GameRow, GameInfo, SeatInfo, dict[str, Any]]:
        """The started game, its info, the caller's seat and the state, or the refusal that
        fits (no game, not seated, not started): what a player's own look at a game needs."""
        read = await self.read_game(game_id)
        row, info = read.row, read.info
        seat = info.seat_of(user_id)
        if seat is None or seat.seat is None:
            raise ServiceError("error.not_seated")
        if row.state is None:
            raise ServiceError("error.not_started")
        return row, info, seat, row.state

    async def away_seats(self, users: Sequence[int] | GameInfo, now: float) -> set[int]:
        """Seats of players on vacation: `users` in seat order (a start), or a game's seats."""
        away = await self.store.away(now)
        if isinstance(users, GameInfo):
            return {s.seat for s in users.seats if s.seat is not None and s.user_id in away}
        return {seat for seat, user in enumerate(users) if user in away}

    async def notices_for(
        self, info: GameInfo, game: Game, before: dict[str, Any] | None, after: dict[str, Any],
        *, prefs: Mapping[int, UserPrefs] | None = None, asks: Asks | None = None,
    ) -> list[Notice]:
        """Direct messages called for by the change from `before` to `after`. `prefs`: the
        players' preferences, if already read (one query for all of them otherwise)."""
        if info.status != "active":
            return []
        # Bots get no direct message; nor does a player who left (a bot plays for them).
        users = {s.seat: s.user_id for s in info.seats if s.seat is not None and s.bot is None}
        if prefs is None:
            prefs = await self.store.prefs_of(list(users.values()))
        now = self.clock()
        players = len(users)
        asks = asks or Asks(game)
        asked_before = asks(before) if before is not None else {}
        asked_now = asks(after)
        # Who is next in line matters only to a player who asked to hear of it ("before"),
        # and only when the seats asked change (turn_notices).
        wanted = set(asked_now) != set(asked_before) and any(
            prefs.get(u, UserPrefs(u)).before for u in users.values())
        notices = turn_notices(
            game_id=info.id, channel_id=info.channel_id, game_name=game.name(), users=users,
            prefs=prefs, asked_before=asked_before, asked_now=asked_now,
            next_before=game.up_next(before, players) if before is not None and wanted else [],
            next_now=game.up_next(after, players) if wanted else [],
            away={u for u in users.values() if _away(prefs[u], now)},
        )
        return [replace(n, once=f"{n.kind}:{n.user_id}:{info.version}") for n in notices]

    def standing(self, info: GameInfo, game: Game, state: dict[str, Any],
                 prompt: Callable[[dict[str, Any]], dict[int, Msg]] | None = None) -> Report:
        """Where the game stands (who must act, what they are asked, the standings), with no
        log lines and no picture yet. `prompt`: the game's, or an Asks of the caller's."""
        asks = (prompt or game.prompt)(state) if info.status == "active" else {}
        to_act = [s for seat in sorted(asks) if (s := info.user_of(seat)) is not None]
        return Report(info, to_act=to_act, asks=asks, scores=game.score_lines(state),
                      at=self.clock())

    # --- pictures: drawn in a worker thread, once per version and locale ---------------------

    async def board_image(
        self, info: GameInfo, game: Game, state: dict[str, Any], locale: str | None = None,
    ) -> bytes:
        """The complete board (the "Full board" button, /game board)."""
        if self.renderer is None:
            raise ServiceError("error.no_renderer")
        renderer = self.renderer
        view = game.view(state, None)
        return await self._drawn("board", info, locale, lambda lang: renderer.board(
            info.game_key, view, info.names, lang, info.outcome))

    async def turn_image(
        self, info: GameInfo, game: Game, state: dict[str, Any], before: dict[str, Any] | None,
        previous: dict[str, Any] | None = None,
    ) -> bytes:
        """The turn picture of the turn post: `before` is the state as the previous post showed
        it (or `previous`, its public view), so the picture can outline all that changed."""
        if self.renderer is None:
            raise ServiceError("error.no_renderer")
        renderer = self.renderer
        view = game.view(state, None)
        if previous is None and before is not None:
            previous = game.view(before, None)
        return await self._drawn("turn", info, None, lambda lang: renderer.turn(
            info.game_key, view, info.names, lang, previous, info.outcome))

    async def _drawn(self, kind: str, info: GameInfo, locale: str | None,
                     draw: Callable[[str], bytes]) -> bytes:
        """A picture of the game's current version, drawn in a worker thread once per locale."""
        locale = locale or info.locale
        key = (kind, info.id, info.version, locale)
        cached = self._boards.get(key)
        if cached is None:
            cached = await asyncio.to_thread(draw, locale)
            if len(self._boards) > 256:  # a small memo: the latest pictures of the busy games
                self._boards.pop(next(iter(self._boards)))
            self._boards[key] = cached
        return cached

    async def report(
        self, info: GameInfo, game: Game, state: dict[str, Any], events: Sequence[Event],
        before: dict[str, Any] | None = None, previous: dict[str, Any] | None = None,
        asks: Asks | None = None,
    ) -> Report:
        """A turn post's report: the public lines of `events`, the private lines by user, and
        the picture outlining what changed since `before` (a state) or `previous` (a view)."""
        report = self.standing(info, game, state, asks)
        report.public = [event.msg for event in events if event.to is None]
        report.private = private_lines(info, events)
        if info.outcome is not None:
            report.public.append(info.outcome.reason)
        if self.renderer is not None:
            report.image = await self.turn_image(info, game, state, before, previous)
        return report



@dataclass(frozen=True)
class Read:
    """A game and its seats as read (`ServiceBase.read_game`), and when (GameLocks.now)."""

    row: GameRow
    info: GameInfo
    read_at: int


class GameLocks:
    """The games' locks in this process, one asyncio.Lock each, and a count of every taking
    and giving back of any of them. Every change this process makes to a game is made under
    its lock, so a game read before its lock was taken is as fresh as one read under it when
    the lock has been neither taken nor given back since the read began: a move then reads
    its game once (ServiceBase.changing)."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._events = 0
        self._last: dict[int, int] = {}  # game -> the count at its lock's latest event

    @property
    def now(self) -> int:
        return self._events

    @asynccontextmanager
    async def hold(self, game_id: int, read_at: int | None = None) -> AsyncIterator[bool]:
        """Hold the game's lock; True when a read begun at `read_at` is still fresh."""
        async with self._locks.setdefault(game_id, asyncio.Lock()):
            fresh = read_at is not None and self._last.get(game_id, 0) <= read_at
            self._touch(game_id)
            try:
                with about(GAME, game_id):  # what is logged in here names the game
                    yield fresh
            finally:
                self._touch(game_id)

    def _touch(self, game_id: int) -> None:
        self._events += 1
        self._last[game_id] = self._events


class Asks:
    """A game's `prompt`, run once per state within one call: a move asks who is asked in the
    state it starts from and in the one it leads to at several steps (the check of the mover,
    the forced actions, the telling, the clocks, the standings, the notices). States are
    known by identity (a state is never changed in place once played)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._seen: dict[int, tuple[dict[str, Any], dict[int, Msg]]] = {}

    def __call__(self, state: dict[str, Any]) -> dict[int, Msg]:
        found = self._seen.get(id(state))
        if found is None or found[0] is not state:
            found = (state, self.game.prompt(state))
            self._seen[id(state)] = found  # the state is kept: its id stays its own
        return found[1]

    def asked(self, state: dict[str, Any]) -> list[int]:
        """`Game.asked`: the seats asked, in the order of `prompt`."""
        return list(self(state))


FORCED_LIMIT = 1000  # forced actions in a row: far beyond any game's (a guard, not a rule)


def forced_steps(game: Game, state: dict[str, Any],
                 asked: Callable[[dict[str, Any]], Sequence[int]] | None = None,
                 ) -> tuple[dict[str, Any], list[Played], list[Event]]:
    """Play what the rules leave no asked seat to choose (Game.forced), in seat order, until
    none is left: the state after them, their history entries, their events. `asked`:
    `game.asked`, or the caller's Asks.asked."""
    asked = asked or game.asked
    played: list[Played] = []
    events: list[Event] = []
    for _ in range(FORCED_LIMIT):
        if game.outcome(state) is not None:
            break
        found = next(((seat, text) for seat in asked(state)
                      if (text := game.forced(state, seat)) is not None), None)
        if found is None:
            break
        seat, text = found
        state, step = play(game, state, seat, text)
        played.append(Played(seat, None, text, [e.to_json() for e in step]))
        events += step
    return state, played, events


def told_mover(report: Report, info: GameInfo, seat: int, played: Sequence[Event]) -> None:
    """The public lines of what the platform played right after a move (Game.forced), for its
    player at once, as one line after « Then: » (public lines, not private ones: the channel
    reads them with the next post), since the mover, whose turn goes on, must learn now what
    came of the move (« none of the 2 other players can give you 2 Huns », issue 44)."""
    who = info.user_of(seat)
    said = [event.msg for event in played if event.to is None]
    if not said or who is None or who.bot is not None:
        return
    lines = said[0]
    for more in said[1:]:  # one sentence after another, after « Then: »
        lines = Msg("platform.lines", {"a": lines, "b": more})
    report.private.setdefault(who.user_id, []).append(Msg("platform.then", {"lines": lines}))


def private_lines(info: GameInfo, events: Sequence[Event]) -> dict[int, list[Msg]]:
    """The lines of `events` meant for some seats only, by the user id of each seat's player.
    A seat a bot plays has no player to tell: one who left it sees nothing of it any more."""
    lines: dict[int, list[Msg]] = {}
    for event in events:
        for seat in event.to or ():
            if (who := info.user_of(seat)) is not None and who.bot is None:
                lines.setdefault(who.user_id, []).append(event.msg)
    return lines


# Platform actions by which a player leaves a game that goes on: the channel reads them at once.
LEAVING = (".quit", ".bot")


def _away(prefs: UserPrefs, now: float) -> bool:
    """On vacation at `now` (as Storage.away counts it)."""
    return prefs.vacation_until is not None and prefs.vacation_until > now


def game_info(row: GameRow, seats: Sequence[SeatRow]) -> GameInfo:
    return GameInfo(
        id=row.id, channel_id=row.channel_id, guild_id=row.guild_id, game_key=row.game_key,
        options=row.options, status=row.status, creator_id=row.creator_id, locale=row.locale,
        version=row.version,
        seats=tuple(SeatInfo(s.seat, s.user_id, seat_name(s, row.locale), s.bot) for s in seats),
        outcome=Outcome.from_json(row.outcome) if row.outcome else None,
        pace=Pace.from_json(row.pace), timed_out=row.timed_out,
        clocks=tuple(s.clock for s in seats if s.seat is not None), with_bots=row.with_bots,
        hints=row.hints,
    )


# A player who leaves a running game (a resignation in a game of 3 or more, a clock run out and
# the others' choice) is replaced by a bot of this level, as Board Game Arena does.
TAKEOVER_LEVEL = "medium"


def takeover(seed: int | None, seat: int) -> dict[int, tuple[str, int]]:
    """`commit(bots=...)` for a seat a bot takes over: its level and a seed that follows from
    the game's."""
    return {seat: (TAKEOVER_LEVEL, ((seed or 0) * 1_000_003 + seat) % 2**63)}


def taken_over(seat: SeatInfo, level: str, locale: str) -> SeatInfo:
    """A player's seat once a bot of `level` plays it (as `game_info` reads it from then on)."""
    return replace(seat, bot=level, name=translate(Msg("bot.took_over", {"name": seat.name}),
                                                   locale))


def seat_name(seat: SeatRow, locale: str) -> str:
    """A seat's name as everyone reads it, in the game's language: a bot's with its level
    ("Cicero (hard)"), a player who left with who plays for them ("ann (bot)")."""
    if seat.bot is None:
        return seat.name
    level = translate(Msg(f"bot.level.{seat.bot}"), locale)
    key = "bot.seat" if seat.user_id < 0 else "bot.took_over"
    return translate(Msg(key, {"name": seat.name, "level": level}), locale)



ID_LIMIT = 2**63 - 1  # the databases' ids are signed 64-bit integers


def checked_id(game_id: int) -> int:
    """A game id read from a button: one no database could hold (a forged or damaged custom
    id) names no game, rather than failing in the store's driver (an OverflowError)."""
    if not 0 < game_id <= ID_LIMIT:
        raise ServiceError("error.no_game")
    return game_id


def checked_pace(text: str) -> Pace | None:
    try:
        return clocks.parse_pace(text)
    except clocks.BadPace as exc:
        raise ServiceError(exc.msg) from exc


def checked_game(key: str) -> Game:
    try:
        return get_game(key)
    except IllegalAction as exc:
        raise ServiceError(exc.msg) from exc
