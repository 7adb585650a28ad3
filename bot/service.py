"""The use cases of Tabula, with no Discord in sight: create, join, start, act, view, resign...

Discord (bot/discord/), the local console and selfplay (bot/cli.py) all go through this class, so
they behave the same. Every method takes plain ids; every refusal is a ServiceError carrying a
Msg, translated at the edge in the caller's language. A move is:

    per-game lock -> load state -> engine.play (on a copy) -> one SQLite transaction guarded by
    the version -> render the public board in a worker thread -> a Report for the edge to post.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot import clock as clocks
from bot.clock import Clock, Pace
from bot.notices import Notice, remind_after, turn_notices
from bot.storage import Storage
from bot.store import ChannelBusy, GameRow, GuildSettings, SeatRow, TooManyLobbies, UserPrefs
from engine import Event, Game, IllegalAction, Msg, Outcome, parse_options, play
from engine.core import UNDO, effective_actions, replay, resigned
from engine.registry import get as get_game

LOG_PAGE = 15
ATTACHMENT_LIMIT = 10 * 2**20  # bytes: Discord's default upload limit (a server may allow more)


@dataclass(frozen=True)
class Limits:
    """What one user or channel may ask of the bot (see README, Configuration)."""

    user_lobbies: int | None = 3  # open lobbies created by one user, across channels
    channel_lobbies: int | None = 10  # open lobbies opened from one channel (its threads included)
    replays_per_user: int = 2  # /game replay per user within replay_window seconds
    replays_per_channel: int = 4  # /game replay per channel within replay_window seconds
    replay_window: float = 600.0
    replay_renders: int = 2  # distinct replays being drawn or waiting at once; more are refused


class ServiceError(Exception):
    """A refusal, with a translatable message; nothing was changed."""

    def __init__(self, key: str | Msg, **params: Any) -> None:
        self.msg = key if isinstance(key, Msg) else Msg(key, params)
        super().__init__(self.msg.key)


class Renderer(Protocol):
    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
              outcome: Outcome | None = None) -> bytes: ...
    def turn(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
             before: dict[str, Any] | None = None, outcome: Outcome | None = None) -> bytes: ...
    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes: ...


class PillowRenderer:
    """The real renderer (render/), imported lazily so the service itself never needs Pillow."""

    def animation(self, game_key: str, players: int, seed: int, options: dict[str, Any],
                  actions: Sequence[tuple[int, str]], names: Sequence[str], locale: str,
                  max_bytes: int = ATTACHMENT_LIMIT) -> bytes:
        """The game replayed turn by turn as a GIF (Discord animates GIFs, not APNGs), within
        `max_bytes` (fewer, smaller frames if needed)."""
        from render.animate import animation

        return animation(game_key, players, seed, options, actions, names, locale, fmt="gif",
                         max_bytes=max_bytes)

    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
              outcome: Outcome | None = None) -> bytes:
        import render

        return render.board_png(game_key, view, names, locale, outcome)

    def turn(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
             before: dict[str, Any] | None = None, outcome: Outcome | None = None) -> bytes:
        import render

        return render.turn_png(game_key, view, names, locale, before, outcome)

    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes:
        import render

        return render.hand_png(game_key, view, names, locale)


@dataclass(frozen=True)
class User:
    id: int
    name: str


@dataclass(frozen=True)
class SeatInfo:
    seat: int | None  # None in the lobby
    user_id: int
    name: str


@dataclass(frozen=True)
class GameInfo:
    id: int
    channel_id: int
    guild_id: int | None
    game_key: str
    options: dict[str, Any]
    status: str  # lobby | active | finished | abandoned
    creator_id: int
    locale: str
    version: int
    seats: tuple[SeatInfo, ...]
    outcome: Outcome | None = None
    pace: Pace | None = None
    timed_out: int | None = None  # the seat whose clock ran out, while the others decide
    clocks: tuple[Clock, ...] = ()  # by seat, once started

    @property
    def names(self) -> list[str]:
        """Player names by seat number (joining order in the lobby)."""
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.seat == seat), None)

    @property
    def seat_clocks(self) -> dict[int, Clock]:
        """Each seat's clock, by seat number (never by position in a list)."""
        numbered = [s.seat for s in self.seats if s.seat is not None]
        return dict(zip(numbered, self.clocks, strict=False))

    def may_manage(self, user_id: int, can_manage: bool = False) -> bool:
        """Start or abandon the game: its creator while seated (leaving a lobby hands this on
        to the earliest seated player), or someone who can manage the channel."""
        return can_manage or (user_id == self.creator_id and self.seat_of(user_id) is not None)


@dataclass
class Report:
    """What a change produced, for the edge to show: log lines, the turn picture, the
    standings, who acts next."""

    game: GameInfo
    public: list[Msg] = field(default_factory=list)
    private: dict[int, list[Msg]] = field(default_factory=dict)  # user id -> lines for them only
    image: bytes | None = None  # the turn picture (render turn(): made for the inline preview)
    to_act: list[SeatInfo] = field(default_factory=list)
    asks: dict[int, Msg] = field(default_factory=dict)  # seat -> what that seat is asked
    scores: dict[int, Msg] = field(default_factory=dict)  # seat -> its public standing
    notices: list[Notice] = field(default_factory=list)  # direct messages to send
    at: float = 0.0  # when the report was made (to show the clocks' time left)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome


@dataclass
class HandReport:
    game: GameInfo
    seat: int
    view: dict[str, Any]
    legal: list[str]
    image: bytes | None
    recent: list[Msg] = field(default_factory=list)  # private lines for this seat, latest last


@dataclass
class LogPage:
    game: GameInfo
    lines: list[Msg]
    page: int
    pages: int


@dataclass(frozen=True)
class GameType:
    key: str
    name: Msg
    min_players: int
    max_players: int
    options: tuple[Any, ...]


def _info(row: GameRow, seats: Sequence[SeatRow]) -> GameInfo:
    return GameInfo(
        id=row.id, channel_id=row.channel_id, guild_id=row.guild_id, game_key=row.game_key,
        options=row.options, status=row.status, creator_id=row.creator_id, locale=row.locale,
        version=row.version, seats=tuple(SeatInfo(s.seat, s.user_id, s.name) for s in seats),
        outcome=Outcome.from_json(row.outcome) if row.outcome else None,
        pace=Pace.from_json(row.pace), timed_out=row.timed_out,
        clocks=tuple(s.clock for s in seats if s.seat is not None),
    )


@dataclass(frozen=True)
class MyGame:
    """One of a user's games for /game mine."""

    game: GameInfo
    seat: int | None
    waiting: bool  # the game waits on this user now
    left: float | None  # their clock's time left, with a time control


@dataclass(frozen=True)
class Standing:
    """A line of a guild's leaderboard."""

    user_id: int
    name: str
    played: int
    won: int


class Service:
    def __init__(
        self, store: Storage, *, renderer: Renderer | None = None,
        clock: Callable[[], float] = time.time, limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.renderer = renderer
        self.clock = clock
        self.limits = limits or Limits()
        self._locks: dict[int, asyncio.Lock] = {}
        self._boards: dict[tuple[str, int, int, str], bytes] = {}  # (kind, game, version, locale)
        self._animations: dict[tuple[int, int, str, int], bytes] = {}  # (..., max bytes) -> GIF
        # /game replay: one render per game, version and language however many ask (the
        # requests wait on the same future), on its own small pool so that turn posts never
        # queue behind a replay, and rate-limited per user and per channel.
        self._replaying: dict[tuple[int, int, str, int], asyncio.Future[bytes]] = {}
        self._replay_pool: ThreadPoolExecutor | None = None
        self._replay_asks: dict[tuple[str, int], deque[float]] = {}

    # --- catalogue -------------------------------------------------------------------------

    @staticmethod
    def game_types() -> list[GameType]:
        from engine.registry import keys

        types = []
        for key in keys():
            g = get_game(key)
            types.append(GameType(key, g.name(), g.min_players, g.max_players, g.options))
        return types

    @staticmethod
    def rules(game_key: str) -> Msg:
        return _game(game_key).rules()

    # --- lookups ---------------------------------------------------------------------------

    async def info(self, channel_id: int, *, live: bool = True) -> GameInfo:
        row = await (self.store.live_game(channel_id) if live else self.store.latest_game(channel_id))
        if row is None:
            raise ServiceError("error.no_game")
        return _info(row, await self.store.seats(row.id))

    async def info_by_id(self, game_id: int) -> GameInfo:
        row = await self.store.game(game_id)
        if row is None:
            raise ServiceError("error.no_game")
        return _info(row, await self.store.seats(row.id))

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- lobby -----------------------------------------------------------------------------

    async def create(
        self, channel_id: int, guild_id: int | None, user: User, game_key: str,
        options: Sequence[str] = (), *, locale: str = "en", pace: str | None = None,
        parent_id: int | None = None,
    ) -> GameInfo:
        """A lobby. `pace`: a time control (bot.clock.parse_pace), else the guild's default;
        the game speaks the guild's default language if it has one, else the creator's.
        `parent_id`: the channel the game was opened from, when it has its own thread."""
        game, parsed = self.check_new(game_key, options, pace)
        settings = await self.store.guild_settings(guild_id) if guild_id else None
        chosen = _pace(pace) if pace is not None else (
            Pace.from_json(settings.pace) if settings else None)
        if settings and settings.locale:
            locale = settings.locale
        try:
            game_id = await self.store.create_game(
                channel_id=channel_id, guild_id=guild_id, game_key=game.key, options=parsed,
                creator_id=user.id, creator_name=user.name, locale=locale, now=self.clock(),
                pace=chosen.to_json() if chosen else None, parent_id=parent_id,
                max_user_lobbies=self.limits.user_lobbies,
                max_channel_lobbies=self.limits.channel_lobbies,
            )
        except ChannelBusy as exc:
            raise ServiceError("error.channel_busy") from exc
        except TooManyLobbies as exc:
            raise ServiceError(f"error.too_many_lobbies_{exc.scope}", n=exc.limit) from exc
        return await self.info_by_id(game_id)

    async def check_lobby_room(self, user_id: int, parent_id: int) -> None:
        """The refusal `create` would give for too many open lobbies (so that the edge can
        check before opening a thread); `create` checks again in its own transaction."""
        for scope, limit, owner in (("user", self.limits.user_lobbies, user_id),
                                    ("channel", self.limits.channel_lobbies, parent_id)):
            if limit is not None and await self.store.open_lobbies(scope, owner) >= limit:
                raise ServiceError(f"error.too_many_lobbies_{scope}", n=limit)

    @staticmethod
    def check_new(game_key: str, options: Sequence[str] = (), pace: str | None = None,
                  ) -> tuple[Game, dict[str, Any]]:
        """The game and its parsed options, or the refusal `create` would give (so that the
        edge can check before opening a thread for the game)."""
        game = _game(game_key)
        try:
            parsed = parse_options(game, options)
        except IllegalAction as exc:
            raise ServiceError(exc.msg) from exc
        if pace is not None:
            _pace(pace)
        return game, parsed

    async def join(self, channel_id: int, user: User) -> GameInfo:
        info = await self.info(channel_id)
        if info.status != "lobby":
            raise ServiceError("error.already_started")
        if info.seat_of(user.id):
            raise ServiceError("error.already_seated")
        game = get_game(info.game_key)
        if len(info.seats) >= game.max_players:
            raise ServiceError("error.game_full", n=game.max_players)
        async with self._lock(info.id):
            if not await self.store.add_seat(
                info.id, user.id, user.name, self.clock(), max_seats=game.max_players,
            ):
                now = await self.info_by_id(info.id)
                if now.status != "lobby":
                    raise ServiceError("error.already_started")
                if now.seat_of(user.id):
                    raise ServiceError("error.already_seated")
                raise ServiceError("error.game_full", n=game.max_players)
        return await self.info_by_id(info.id)

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        info = await self.info(channel_id)
        if not info.seat_of(user_id):
            raise ServiceError("error.not_seated")
        if info.status != "lobby":
            raise ServiceError("error.leave_started")
        async with self._lock(info.id):
            if not await self.store.remove_seat(info.id, user_id):
                raise ServiceError("error.leave_started")
            info = await self.info_by_id(info.id)
            if not info.seats:  # the last one out closes the lobby (unless someone joined)
                await self.store.set_status(info.id, "abandoned", self.clock(),
                                            only_if=("lobby",), version=info.version)
                info = await self.info_by_id(info.id)
        return info

    async def start(
        self, channel_id: int, user_id: int, *, can_manage: bool = False, seed: int | None = None,
    ) -> Report:
        """Lobby -> game. The seats are read and fixed in one transaction guarded by the lobby's
        version: a join or leave at the same moment is either in the game or refused, never
        half in (the start is computed again from the new seats, a few times at most)."""
        game_id = (await self.info(channel_id)).id
        seed = secrets.randbits(63) if seed is None else seed
        async with self._lock(game_id):
            for _attempt in range(5):
                info = await self.info_by_id(game_id)
                if info.status != "lobby":
                    raise ServiceError("error.already_started")
                if not info.may_manage(user_id, can_manage):
                    raise ServiceError("error.only_creator_starts")
                game = get_game(info.game_key)
                if len(info.seats) < game.min_players:
                    raise ServiceError(
                        "error.not_enough_players", n=len(info.seats), min=game.min_players,
                    )
                # The rulebooks pick the first player by age or at random: we draw the seating
                # from the seed, so the whole game (seating included) follows from the seed.
                order = [s.user_id for s in info.seats]
                random.Random(seed).shuffle(order)
                state = game.setup(len(order), seed, info.options)
                now = self.clock()
                away = await self._away_seats(order, now)
                started = clocks.start(info.pace, len(order), game.prompt(state), now, away)
                if await self.store.start_game(
                    info.id, seed=seed, order=order, state=state, now=now, clocks=started,
                    lobby_version=info.version,
                ):
                    break
            else:
                raise ServiceError("error.lobby_changed")
        info = await self.info_by_id(game_id)
        report = await self._report(info, game, state, [Event(Msg("platform.started"))])
        report.notices = await self._notices(info, game, None, state)
        return report

    # --- playing ---------------------------------------------------------------------------

    async def choices(self, channel_id: int, user_id: int) -> list[str]:
        """The caller's legal action texts now (empty when they have nothing to do)."""
        row = await self.store.live_game(channel_id)
        if row is None or row.status != "active" or row.state is None:
            return []
        info = _info(row, await self.store.seats(row.id))
        seat = info.seat_of(user_id)
        game = get_game(row.game_key)
        if seat is None or seat.seat not in game.prompt(row.state):
            return []
        return game.legal(row.state, seat.seat)

    async def act(
        self, channel_id: int, user_id: int, text: str, *, version: int | None = None,
    ) -> Report:
        """Play `text` for the user. `version`, when given (buttons carry it), must be current."""
        info = await self.info(channel_id)
        return await self.act_in(info.id, user_id, text, version=version)

    async def act_in(
        self, game_id: int, user_id: int, text: str, *, version: int | None = None,
    ) -> Report:
        async with self._lock(game_id):
            row = await self.store.game(game_id)
            if row is None:
                raise ServiceError("error.no_game")
            if row.status == "lobby":
                raise ServiceError("error.not_started")
            if row.status != "active" or row.state is None:
                raise ServiceError("error.game_over")
            info = _info(row, await self.store.seats(row.id))
            seat = info.seat_of(user_id)
            if seat is None or seat.seat is None:
                raise ServiceError("error.not_seated")
            if version is not None and version != row.version:
                raise ServiceError("error.stale")
            game = get_game(row.game_key)
            try:
                state, events = play(game, row.state, seat.seat, text)
            except IllegalAction as exc:
                raise ServiceError(exc.msg) from exc
            if row.timed_out == seat.seat:  # back in time: the others' decision is moot
                events.insert(0, Event(Msg("platform.back_in_time", {"who": Msg.seat(seat.seat)})))
            return await self._commit(info, row, game, state, events, seat.seat, user_id,
                                      game.canonical(text))

    async def _commit(
        self, info: GameInfo, row: GameRow, game: Game, state: dict[str, Any],
        events: list[Event], seat: int, user_id: int | None, text: str,
        outcome: Outcome | None = None,
    ) -> Report:
        """Store one history entry (under the game's lock) with the clocks it moves, then
        report it with the notices it calls for."""
        outcome = outcome or game.outcome(state)
        now = self.clock()
        before = game.prompt(row.state) if row.state is not None else {}
        after = game.prompt(state) if outcome is None else {}
        away = await self._away_seats(info, now)
        mover = None if text.startswith(".") else seat
        moved = clocks.advance(info.pace, info.seat_clocks, before, after, mover, now, away)
        stored = await self.store.append_action(
            row.id, expected_version=row.version, seat=seat, user_id=user_id, text=text,
            events=[e.to_json() for e in events], state=state,
            outcome=outcome.to_json() if outcome else None, now=now, clocks=moved,
        )
        if not stored:  # another process moved the game on since we loaded it
            raise ServiceError("error.stale")
        info = await self.info_by_id(row.id)
        report = await self._report(info, game, state, events, before=row.state)
        report.notices = await self._notices(info, game, row.state, state)
        return report

    async def unposted(self, game_id: int, posted: int | None) -> Report:
        """The turn post a crash lost: the game stands at a later version than its latest turn
        post (`posted`, None if even the start was never posted). Its log lines are those of
        every action since, its picture outlines the latest one, and its notices are those
        due since the post."""
        row = await self.store.game(game_id)
        if row is None or row.state is None or row.seed is None:
            raise ServiceError("error.not_started")
        info = _info(row, await self.store.seats(row.id))
        game = get_game(row.game_key)
        history = await self.store.actions(game_id)
        events = [Event(Msg("platform.started"))] if posted is None else []
        for action in history:
            if posted is None or action.n > posted:
                events += [Event.from_json(e) for e in action.events]
        moves = [(a.seat, a.text) for a in history]
        players = len(info.seats)
        before = replay(game, players, row.seed, row.options, moves[:-1]) if moves else None
        report = await self._report(info, game, row.state, events, before=before)
        told = (replay(game, players, row.seed, row.options, moves[:posted])
                if posted is not None else None)
        report.notices = await self._notices(info, game, told, row.state)
        return report

    async def resign(self, channel_id: int, user_id: int) -> Report:
        """The player concedes: the game ends, the others share the victory."""
        info, seat = await self._playing(channel_id, user_id)
        async with self._lock(info.id):
            row = await self.store.game(info.id)
            assert row is not None and row.state is not None
            info = _info(row, await self.store.seats(row.id))
            outcome = resigned(len(info.seats), seat.seat)
            # No event: the outcome's reason says it.
            return await self._commit(info, row, get_game(info.game_key), row.state, [],
                                      seat.seat, user_id, ".resign", outcome)

    async def _playing(self, channel_id: int, user_id: int) -> tuple[GameInfo, SeatInfo]:
        """The channel's running game and the caller's seat in it, or the refusal that fits."""
        info = await self.info(channel_id)
        seat = info.seat_of(user_id)
        if seat is None or seat.seat is None:
            raise ServiceError("error.not_seated")
        if info.status != "active":
            raise ServiceError("error.not_started")
        return info, seat

    async def undo(self, channel_id: int, user_id: int) -> Report:
        """Take back the caller's latest move, while nobody has moved since and the move
        revealed nothing (Game.undoable). Stored as ".undo": the others read what was undone."""
        info, seat = await self._playing(channel_id, user_id)
        async with self._lock(info.id):
            row = await self.store.game(info.id)
            assert row is not None and row.state is not None and row.seed is not None
            info = _info(row, await self.store.seats(row.id))
            history = [(a.seat, a.text) for a in await self.store.actions(row.id)]
            kept = effective_actions(history)
            if not kept or kept[-1][0] != seat.seat or history[-1][1] not in (kept[-1][1], UNDO):
                raise ServiceError("error.undo_nothing")
            if history[-1][1] == UNDO and history[-1][0] != seat.seat:
                raise ServiceError("error.undo_nothing")
            game = get_game(row.game_key)
            before = replay(game, len(info.seats), row.seed, row.options, kept[:-1])
            try:
                after, events = play(game, before, seat.seat, kept[-1][1])
            except IllegalAction as exc:  # cannot happen with a verified history
                raise ServiceError("error.undo_nothing") from exc
            if after != row.state or not game.undoable(before, after, events, seat.seat):
                raise ServiceError("error.undo_revealed")
            undone = Event(Msg("platform.undone", {
                "who": Msg.seat(seat.seat), "action": Msg.action(game.key, kept[-1][1]),
            }))
            return await self._commit(info, row, game, before, [undone], seat.seat, user_id, UNDO)

    async def abandon(self, channel_id: int, user_id: int, *, can_manage: bool = False) -> GameInfo:
        """Ends the channel's game without a result: its creator or a channel manager only."""
        info = await self.info(channel_id)
        if not info.may_manage(user_id, can_manage):
            raise ServiceError("error.only_creator_abandons")
        async with self._lock(info.id):
            if not await self.store.set_status(info.id, "abandoned", self.clock()):
                raise ServiceError("error.no_game")
        return await self.info_by_id(info.id)

    # --- looking ---------------------------------------------------------------------------

    async def status(self, channel_id: int) -> Report:
        """Where the channel's game stands: who must act, the outcome once over (no image)."""
        info = await self.info(channel_id, live=False)
        row = await self.store.game(info.id)
        assert row is not None
        if row.state is None:
            return Report(info)
        return self._standing(info, get_game(info.game_key), row.state)

    async def board(self, channel_id: int, *, locale: str | None = None) -> tuple[GameInfo, bytes]:
        """The complete board of the channel's game (running or the latest)."""
        info = await self.info(channel_id, live=False)
        return await self.board_in(info.id, locale=locale)

    async def board_in(self, game_id: int, *, locale: str | None = None) -> tuple[GameInfo, bytes]:
        info = await self.info_by_id(game_id)
        row = await self.store.game(info.id)
        if row is None or row.state is None:
            raise ServiceError("error.not_started")
        return info, await self._board(info, get_game(info.game_key), row.state, locale)

    async def hand(
        self, channel_id: int, user_id: int, *, locale: str = "en", image: bool = True,
    ) -> HandReport:
        info = await self.info(channel_id, live=False)
        return await self.hand_in(info.id, user_id, locale=locale, image=image)

    async def hand_in(
        self, game_id: int, user_id: int, *, locale: str = "en", image: bool = True,
    ) -> HandReport:
        info = await self.info_by_id(game_id)
        seat = info.seat_of(user_id)
        if seat is None or seat.seat is None:
            raise ServiceError("error.not_seated")
        row = await self.store.game(info.id)
        if row is None or row.state is None:
            raise ServiceError("error.not_started")
        game = get_game(info.game_key)
        view = game.view(row.state, seat.seat)
        legal = (
            game.legal(row.state, seat.seat)
            if info.status == "active" and seat.seat in game.prompt(row.state) else []
        )
        png = None
        if image and self.renderer is not None:
            png = await asyncio.to_thread(
                self.renderer.hand, info.game_key, view, info.names, locale,
            )
        recent = await self._private_lines(info.id, seat.seat)
        return HandReport(info, seat.seat, view, legal, png, recent)

    async def log(self, channel_id: int, page: int | None = None) -> LogPage:
        """The public log, LOG_PAGE lines a page; page 1 is the oldest, default the latest."""
        return await self.log_in((await self.info(channel_id, live=False)).id, page)

    async def log_in(self, game_id: int, page: int | None = None) -> LogPage:
        info = await self.info_by_id(game_id)
        lines: list[Msg] = [Msg("platform.started")] if info.status != "lobby" else []
        for action in await self.store.actions(info.id):
            for data in action.events:
                event = Event.from_json(data)
                if event.to is None:
                    lines.append(event.msg)
        if info.outcome is not None:
            lines.append(info.outcome.reason)
            lines.extend(info.outcome.details)
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = pages if page is None else min(max(1, page), pages)
        return LogPage(info, lines[(page - 1) * LOG_PAGE: page * LOG_PAGE], page, pages)

    async def animation(
        self, channel_id: int, *, locale: str | None = None, user_id: int | None = None,
        max_bytes: int = ATTACHMENT_LIMIT,
    ) -> tuple[GameInfo, bytes]:
        """The channel's game (running or the latest) replayed turn by turn, public views only,
        within `max_bytes` (the channel's upload limit).

        Slow (seconds) and large, so bounded: each user and each channel may ask a few times
        per window (`Limits`), one render serves everyone asking for the same game, version
        and language (and is kept for that version), and renders run on a pool of their own,
        a few at most, so that a turn post never waits behind a replay."""
        info = await self.info(channel_id, live=False)
        row = await self.store.game(info.id)
        if row is None or row.seed is None:
            raise ServiceError("error.not_started")
        draw = getattr(self.renderer, "animation", None)
        if draw is None:
            raise ServiceError("error.no_renderer")
        self._replay_allowed(channel_id, user_id)
        locale = locale or info.locale
        key = (info.id, info.version, locale, max_bytes)
        cached = self._animations.get(key)
        if cached is not None:
            return info, cached
        flight = self._replaying.get(key)
        if flight is None:
            if len(self._replaying) >= self.limits.replay_renders:
                raise ServiceError("error.replay_busy")
            if self._replay_pool is None:
                self._replay_pool = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="tabula-replay")
            pool = self._replay_pool

            async def render() -> bytes:
                actions = [(a.seat, a.text) for a in await self.store.actions(info.id)]
                return await asyncio.get_running_loop().run_in_executor(pool, lambda: draw(
                    info.game_key, len(info.seats), row.seed, row.options, actions, info.names,
                    locale, max_bytes=max_bytes))

            # Registered before anything is awaited: whoever asks next joins this render.
            flight = asyncio.ensure_future(render())
            self._replaying[key] = flight
            flight.add_done_callback(lambda done: self._replayed(key, done))
        try:
            # Shielded: one asker giving up (a cancelled interaction) does not stop the render
            # the others wait on.
            return info, await asyncio.shield(flight)
        except ValueError as exc:  # not even a few small frames fit in max_bytes
            raise ServiceError("error.replay_too_big") from exc

    def _replayed(self, key: tuple[int, int, str, int], done: asyncio.Future[bytes]) -> None:
        self._replaying.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        if len(self._animations) >= 4:  # megabytes each: only the latest few
            self._animations.pop(next(iter(self._animations)))
        self._animations[key] = done.result()

    def _replay_allowed(self, channel_id: int, user_id: int | None) -> None:
        """Count a replay request against its user's and its channel's allowance, or refuse
        it (saying when to ask again) without counting it."""
        now = self.clock()
        window = self.limits.replay_window
        checks = [(("channel", channel_id), self.limits.replays_per_channel,
                   "error.replay_rate_channel")]
        if user_id is not None:
            checks.insert(0, (("user", user_id), self.limits.replays_per_user,
                              "error.replay_rate_user"))
        for who, allowed, refusal in checks:
            asks = self._replay_asks.setdefault(who, deque())
            while asks and asks[0] <= now - window:
                asks.popleft()
            if len(asks) >= allowed:
                wait = -(-(asks[0] + window - now) // 60) * 60  # whole minutes, rounded up
                raise ServiceError(refusal, n=allowed, time=clocks.duration(wait),
                                   window=clocks.duration(window))
        for who, _allowed, _refusal in checks:
            self._replay_asks[who].append(now)
        if len(self._replay_asks) > 4096:  # forget those whose window has passed
            self._replay_asks = {k: v for k, v in self._replay_asks.items()
                                 if v and v[-1] > now - window}

    async def verify(self, game_id: int) -> bool:
        """Replays the stored history from the seed and compares it with the stored state."""

        row = await self.store.game(game_id)
        if row is None or row.state is None or row.seed is None:
            raise ServiceError("error.not_started")
        seats = await self.store.seats(game_id)
        actions = [(a.seat, a.text) for a in await self.store.actions(game_id)]
        game = get_game(row.game_key)
        return replay(game, len(seats), row.seed, row.options, actions) == row.state

    # --- clocks, vacations, timeouts --------------------------------------------------------

    async def prefs(self, user_id: int) -> UserPrefs:
        return await self.store.prefs(user_id)

    async def set_prefs(
        self, user_id: int, *, dm: bool | None = None, before: bool | None = None,
        remind_hours: float | None = None, locale: str | None = None,
    ) -> UserPrefs:
        """Change a user's notification choices (None: unchanged); remind_hours 0 = never."""
        old = await self.store.prefs(user_id)
        if remind_hours is not None and not 0 <= remind_hours <= 24 * 14:
            raise ServiceError("error.bad_remind", max=24 * 14)
        new = UserPrefs(
            user_id, old.dm if dm is None else dm, old.before if before is None else before,
            old.remind_hours if remind_hours is None else remind_hours, old.vacation_until,
            locale or old.locale,
        )
        await self.store.set_prefs(new)
        return new

    async def vacation(self, user_id: int, days: float) -> tuple[UserPrefs, list[Notice]]:
        """Pause (days > 0) or resume (0) the user's clocks in all their games; each game's
        channel is told."""
        if not 0 <= days <= clocks.VACATION_DAYS:
            raise ServiceError("error.bad_vacation", max=clocks.VACATION_DAYS)
        now = self.clock()
        old = await self.store.prefs(user_id)
        until = now + days * clocks.DAY if days else None
        if until is None and (old.vacation_until is None or old.vacation_until <= now):
            raise ServiceError("error.not_on_vacation")
        new = UserPrefs(user_id, old.dm, old.before, old.remind_hours, until, old.locale)
        await self.store.set_prefs(new)
        return new, await self._restart_clocks(user_id, now, "vacation" if until else "back")

    async def _restart_clocks(self, user_id: int, now: float, kind: str) -> list[Notice]:
        """Stop or start the user's clocks in every running game after a vacation change."""
        notices = []
        away = await self.store.away(now)
        for row in await self.store.user_games(user_id):
            if row.status != "active" or row.state is None:
                continue
            async with self._lock(row.id):
                # Guarded by the game's version: a move stored meanwhile (by another process)
                # wins, and the clocks are computed again from it.
                for _attempt in range(5):
                    row = await self.store.game(row.id)  # type: ignore[assignment]
                    if row is None or row.state is None or row.status != "active":
                        break
                    info = _info(row, await self.store.seats(row.id))
                    asked = get_game(row.game_key).prompt(row.state)
                    new = {}
                    for seat, clock in info.seat_clocks.items():
                        user = info.user_of(seat)
                        clock = clock.stopped(now)
                        runs = (seat in asked and clock.bank is not None and user is not None
                                and user.user_id not in away and row.timed_out != seat)
                        new[seat] = Clock(clock.bank, now if runs else None, clock.asked_since)
                    if await self.store.set_clocks(row.id, new, version=row.version):
                        break
                else:
                    row = None
                if row is None or row.state is None or row.status != "active":
                    continue
                seat = info.seat_of(user_id)
                if seat is not None and seat.seat is not None and kind == "back":
                    # Reminders count from the return, not from before the vacation.
                    await self.store.mark_reminded(row.id, seat.seat, now)
                if seat is not None and seat.seat is not None:
                    notices.append(Notice(kind, row.id, row.channel_id, Msg(
                        f"notice.{kind}", {"who": Msg.seat(seat.seat)}), None))
        return notices

    async def tick(self) -> list[Notice]:
        """The background task's round (every minute or so): end vacations that are over,
        notice clocks that ran out, remind players who have not moved. Safe to run at any
        time and from several places: every change is guarded by the game's version."""
        now = self.clock()
        notices: list[Notice] = []
        for user_id in await self.store.vacations_over(now):
            prefs = await self.store.prefs(user_id)
            # Claimed by a guarded update: of several processes, one clears it and tells.
            if prefs.vacation_until is None or not await self.store.end_vacation(
                    user_id, prefs.vacation_until):
                continue
            notices += await self._restart_clocks(user_id, now, "back")
        away = await self.store.away(now)
        prefs_of: dict[int, UserPrefs] = {}
        for w in await self.store.waiting():
            left = w.clock.left(now)
            if left is not None and left <= 0 and w.clock.running_since is not None \
                    and w.timed_out is None:
                notices += await self._time_out(w.game_id, w.seat, w.version, now)
                continue
            if w.user_id in away or w.timed_out == w.seat or w.clock.asked_since is None:
                continue
            if w.user_id not in prefs_of:
                prefs_of[w.user_id] = await self.store.prefs(w.user_id)
            after = remind_after(prefs_of[w.user_id])
            last = max(w.clock.asked_since, w.reminded_at or 0.0)
            if after is not None and now - last >= after:
                if not await self.store.mark_reminded(w.game_id, w.seat, now, seen=w):
                    continue  # moved meanwhile, or reminded by another process
                info = await self.info_by_id(w.game_id)
                notices.append(Notice("reminder", w.game_id, info.channel_id, Msg(
                    "notice.reminder", {
                        "game": get_game(info.game_key).name(), "channel": f"<#{info.channel_id}>",
                        "since": clocks.duration(now - w.clock.asked_since),
                        "left": clocks.duration(left) if left is not None else "-",
                    }), w.user_id, (w.user_id,)))
        return notices

    async def _time_out(self, game_id: int, seat: int, version: int, now: float) -> list[Notice]:
        async with self._lock(game_id):
            info = await self.info_by_id(game_id)
            stopped = {s: c.stopped(now) if s == seat else c
                       for s, c in info.seat_clocks.items()}
            if not await self.store.set_timed_out(game_id, seat, version=version, clocks=stopped):
                return []  # moved meanwhile, or already noticed
        others = tuple(s.user_id for s in info.seats if s.seat is not None and s.seat != seat)
        return [Notice("timeout", game_id, info.channel_id,
                       Msg("notice.timeout", {"who": Msg.seat(seat)}), None, others)]

    async def timeout_choices(self, game_id: int) -> list[str]:
        """What the other players may decide about the seat whose clock ran out."""
        info = await self.info_by_id(game_id)
        row = await self.store.game(game_id)
        if row is None or row.state is None or info.timed_out is None or info.status != "active":
            return []
        game = get_game(info.game_key)
        skip = ["skip"] if game.default_action(row.state, info.timed_out) is not None else []
        return [*skip, "end", "wait"]

    async def decide_timeout(
        self, game_id: int, user_id: int, choice: str, *, version: int | None = None,
    ) -> Report:
        """Another player decides for the seat whose clock ran out: `skip` (the rules' default
        action is played for them), `end` (the game ends, the absent player loses) or `wait`
        (one more day on their clock). The first decision counts."""
        async with self._lock(game_id):
            row = await self.store.game(game_id)
            if row is None or row.state is None or row.status != "active":
                raise ServiceError("error.game_over")
            info = _info(row, await self.store.seats(row.id))
            absent = info.timed_out
            seat = info.seat_of(user_id)
            if absent is None or (version is not None and version != row.version):
                raise ServiceError("error.stale")
            if seat is None or seat.seat is None or seat.seat == absent:
                raise ServiceError("error.timeout_not_yours")
            game = get_game(row.game_key)
            who = {"who": Msg.seat(absent), "by": Msg.seat(seat.seat)}
            if choice == "end":
                others = tuple(s.seat for s in info.seats if s.seat not in (None, absent))
                outcome = Outcome(others, None, Msg("outcome.timeout", who))  # type: ignore[arg-type]
                return await self._commit(info, row, game, row.state, [], absent, user_id,
                                          ".timeout", outcome)
            if choice == "skip":
                text = game.default_action(row.state, absent)
                if text is None:
                    raise ServiceError("error.no_default_action")
                state, events = play(game, row.state, absent, text)
                # The move itself is told only to its player: a default move may be hidden
                # (a Res Publica delivery); the game's own events say what is public.
                events[:0] = [Event(Msg("platform.skipped", who)), Event(Msg(
                    "platform.skipped_you", {"action": Msg.action(game.key, text)}), (absent,))]
                return await self._commit(info, row, game, state, events, absent, user_id, text)
            if choice != "wait":
                raise ServiceError("error.stale")
            now = self.clock()
            extended = info.seat_clocks
            old = extended[absent]
            extended[absent] = Clock((old.bank or 0.0) + clocks.EXTRA_TIME, now, old.asked_since)
            if not await self.store.set_timed_out(game_id, None, version=row.version,
                                                  clocks=extended):
                raise ServiceError("error.stale")
            info = await self.info_by_id(game_id)
        report = self._standing(info, game, row.state)
        report.public.append(Msg("platform.extra_time", {
            **who, "time": clocks.duration(clocks.EXTRA_TIME)}))
        return report

    # --- across games: /game mine, guild settings, leaderboard ------------------------------

    async def mine(self, user_id: int) -> list[MyGame]:
        """The user's lobbies and running games, those waiting on them first."""
        now = self.clock()
        found = []
        for row in await self.store.user_games(user_id):
            info = _info(row, await self.store.seats(row.id))
            seat = info.seat_of(user_id)
            number = seat.seat if seat else None
            waiting = (info.status == "active" and row.state is not None and number is not None
                       and number in get_game(row.game_key).prompt(row.state))
            clock = info.seat_clocks.get(number) if number is not None else None
            left = clock.left(now) if clock is not None else None
            found.append(MyGame(info, number, waiting, left))
        found.sort(key=lambda g: (not g.waiting, g.game.status != "active",
                                  g.left if g.left is not None else float("inf")))
        return found

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.store.guild_settings(guild_id)

    async def set_guild_settings(
        self, guild_id: int, *, locale: str | None = None, pace: str | None = None,
        threads: bool | None = None,
    ) -> GuildSettings:
        """Change a guild's defaults (None: unchanged); `pace` "none" removes the default."""
        old = await self.store.guild_settings(guild_id)
        if locale is not None and locale not in ("en", "fr"):
            raise ServiceError("error.bad_locale", locales="en, fr")
        new_pace = old.pace if pace is None else (p.to_json() if (p := _pace(pace)) else None)
        new = GuildSettings(guild_id, locale or old.locale, new_pace,
                            old.threads if threads is None else threads)
        await self.store.set_guild_settings(new)
        return new

    async def leaderboard(self, guild_id: int, game_key: str | None = None) -> list[Standing]:
        """Finished games of the guild: games played and won per player (a shared victory is
        a win), most wins first, then the best ratio, then most played."""
        if game_key is not None:
            game_key = _game(game_key).key
        played: dict[int, list[int]] = {}
        names: dict[int, str] = {}
        for row, seats in await self.store.finished(guild_id, game_key):
            winners = set(Outcome.from_json(row.outcome).winners) if row.outcome else set()
            for s in seats:
                tally = played.setdefault(s.user_id, [0, 0])
                tally[0] += 1
                tally[1] += s.seat in winners
                names[s.user_id] = s.name  # the latest name they played under
        table = [Standing(u, names[u], p, w) for u, (p, w) in played.items()]
        table.sort(key=lambda r: (-r.won, -r.won / r.played, -r.played, r.name.lower()))
        return table

    # --- internals -------------------------------------------------------------------------

    async def _away_seats(self, users: Sequence[int] | GameInfo, now: float) -> set[int]:
        """Seats of players on vacation: `users` in seat order (a start), or a game's seats."""
        away = await self.store.away(now)
        if isinstance(users, GameInfo):
            return {s.seat for s in users.seats if s.seat is not None and s.user_id in away}
        return {seat for seat, user in enumerate(users) if user in away}

    async def _notices(
        self, info: GameInfo, game: Game, before: dict[str, Any] | None, after: dict[str, Any],
    ) -> list[Notice]:
        """Direct messages called for by the change from `before` to `after`."""
        if info.status != "active":
            return []
        users = {s.seat: s.user_id for s in info.seats if s.seat is not None}
        prefs = {u: await self.store.prefs(u) for u in users.values()}
        players = len(users)
        return turn_notices(
            game_id=info.id, channel_id=info.channel_id, game_name=game.name(), users=users,
            prefs=prefs, asked_before=game.prompt(before) if before is not None else {},
            asked_now=game.prompt(after),
            next_before=game.up_next(before, players) if before is not None else [],
            next_now=game.up_next(after, players),
            away=await self.store.away(self.clock()),
        )

    async def _private_lines(self, game_id: int, seat: int, actions: int = 12) -> list[Msg]:
        """What only `seat` saw in the last few actions: an ephemeral reply cannot be fetched
        again, and lines addressed to a player who did not act have no reply to go to."""
        history = await self.store.actions(game_id)
        lines = []
        for action in history[-actions:]:
            for data in action.events:
                event = Event.from_json(data)
                if event.to is not None and seat in event.to:
                    lines.append(event.msg)
        return lines

    def _standing(self, info: GameInfo, game: Game, state: dict[str, Any]) -> Report:
        asks = game.prompt(state) if info.status == "active" else {}
        to_act = [s for seat in sorted(asks) if (s := info.user_of(seat)) is not None]
        return Report(info, to_act=to_act, asks=asks, scores=game.score_lines(state),
                      at=self.clock())

    async def _board(
        self, info: GameInfo, game: Game, state: dict[str, Any], locale: str | None = None,
    ) -> bytes:
        """The complete board (the "Full board" button, /game board)."""
        if self.renderer is None:
            raise ServiceError("error.no_renderer")
        renderer = self.renderer
        view = game.view(state, None)
        return await self._drawn("board", info, locale, lambda lang: renderer.board(
            info.game_key, view, info.names, lang, info.outcome))

    async def _turn_image(
        self, info: GameInfo, game: Game, state: dict[str, Any], before: dict[str, Any] | None,
    ) -> bytes:
        """The turn picture of the turn post: `before` is the state before the latest action,
        so the picture can show what it changed."""
        if self.renderer is None:
            raise ServiceError("error.no_renderer")
        renderer = self.renderer
        view = game.view(state, None)
        previous = game.view(before, None) if before is not None else None
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

    async def _report(
        self, info: GameInfo, game: Game, state: dict[str, Any], events: Sequence[Event],
        before: dict[str, Any] | None = None,
    ) -> Report:
        report = self._standing(info, game, state)
        for event in events:
            if event.to is None:
                report.public.append(event.msg)
                continue
            for seat in event.to:
                if (who := info.user_of(seat)) is not None:
                    report.private.setdefault(who.user_id, []).append(event.msg)
        if info.outcome is not None:
            report.public.append(info.outcome.reason)
        if self.renderer is not None:
            report.image = await self._turn_image(info, game, state, before)
        return report


def _pace(text: str) -> Pace | None:
    try:
        return clocks.parse_pace(text)
    except clocks.BadPace as exc:
        raise ServiceError(exc.msg) from exc


def _game(key: str) -> Game:
    try:
        return get_game(key)
    except IllegalAction as exc:
        raise ServiceError(exc.msg) from exc
