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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.store import ChannelBusy, GameRow, SeatRow, Store
from engine import Event, Game, IllegalAction, Msg, Outcome, parse_options, play
from engine.registry import get as get_game

LOG_PAGE = 15


class ServiceError(Exception):
    """A refusal, with a translatable message; nothing was changed."""

    def __init__(self, key: str | Msg, **params: Any) -> None:
        self.msg = key if isinstance(key, Msg) else Msg(key, params)
        super().__init__(self.msg.key)


class Renderer(Protocol):
    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes: ...
    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes: ...


class PillowRenderer:
    """The real renderer (render/), imported lazily so the service itself never needs Pillow."""

    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes:
        import render

        return render.board_png(game_key, view, names, locale)

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

    @property
    def names(self) -> list[str]:
        """Player names by seat number (joining order in the lobby)."""
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.seat == seat), None)


@dataclass
class Report:
    """What a change produced, for the edge to show: log lines, the board, who acts next."""

    game: GameInfo
    public: list[Msg] = field(default_factory=list)
    private: dict[int, list[Msg]] = field(default_factory=dict)  # user id -> lines for them only
    board: bytes | None = None
    to_act: list[SeatInfo] = field(default_factory=list)
    asks: dict[int, Msg] = field(default_factory=dict)  # seat -> what that seat is asked

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
    )


class Service:
    def __init__(
        self, store: Store, *, renderer: Renderer | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.renderer = renderer
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._boards: dict[tuple[int, int, str], bytes] = {}  # (game, version, locale) -> PNG

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
        options: Sequence[str] = (), *, locale: str = "en",
    ) -> GameInfo:
        game = _game(game_key)
        try:
            parsed = parse_options(game, options)
        except IllegalAction as exc:
            raise ServiceError(exc.msg) from exc
        try:
            game_id = await self.store.create_game(
                channel_id=channel_id, guild_id=guild_id, game_key=game.key, options=parsed,
                creator_id=user.id, creator_name=user.name, locale=locale, now=self.clock(),
            )
        except ChannelBusy as exc:
            raise ServiceError("error.channel_busy") from exc
        return await self.info_by_id(game_id)

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
            if not info.seats:  # the last one out closes the lobby
                await self.store.set_status(info.id, "abandoned", self.clock())
                info = await self.info_by_id(info.id)
        return info

    async def start(
        self, channel_id: int, user_id: int, *, can_manage: bool = False, seed: int | None = None,
    ) -> Report:
        info = await self.info(channel_id)
        if info.status != "lobby":
            raise ServiceError("error.already_started")
        if user_id != info.creator_id and not can_manage:
            raise ServiceError("error.only_creator_starts")
        game = get_game(info.game_key)
        if len(info.seats) < game.min_players:
            raise ServiceError(
                "error.not_enough_players", n=len(info.seats), min=game.min_players,
            )
        seed = secrets.randbits(63) if seed is None else seed
        # The rulebooks pick the first player by age or at random: we draw the seating from the
        # seed, so the whole game (seating included) follows from the stored seed.
        order = [s.user_id for s in info.seats]
        random.Random(seed).shuffle(order)
        state = game.setup(len(order), seed, info.options)
        async with self._lock(info.id):
            if not await self.store.start_game(
                info.id, seed=seed, order=order, state=state, now=self.clock(),
            ):
                raise ServiceError("error.already_started")
        info = await self.info_by_id(info.id)
        return await self._report(info, game, state, [Event(Msg("platform.started"))])

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
            outcome = game.outcome(state)
            stored = await self.store.append_action(
                row.id, expected_version=row.version, seat=seat.seat, user_id=user_id,
                text=game.canonical(text), events=[e.to_json() for e in events], state=state,
                outcome=outcome.to_json() if outcome else None, now=self.clock(),
            )
            if not stored:  # another process moved the game on since we loaded it
                raise ServiceError("error.stale")
            info = await self.info_by_id(row.id)
        return await self._report(info, game, state, events)

    async def resign(self, channel_id: int, user_id: int) -> Report:
        """The player concedes: the game ends, the others share the victory."""
        info = await self.info(channel_id)
        seat = info.seat_of(user_id)
        if seat is None or seat.seat is None:
            raise ServiceError("error.not_seated")
        if info.status != "active":
            raise ServiceError("error.not_started")
        async with self._lock(info.id):
            row = await self.store.game(info.id)
            assert row is not None and row.state is not None
            others = tuple(s.seat for s in info.seats if s.seat is not None and s.seat != seat.seat)
            outcome = Outcome(others, None, Msg("outcome.resigned", {"who": Msg.seat(seat.seat)}))
            events: list[Event] = []  # the outcome's reason says it
            if not await self.store.append_action(
                row.id, expected_version=row.version, seat=seat.seat, user_id=user_id,
                text=".resign", events=[e.to_json() for e in events], state=row.state,
                outcome=outcome.to_json(), now=self.clock(),
            ):
                raise ServiceError("error.stale")
            info = await self.info_by_id(row.id)
        return await self._report(info, get_game(info.game_key), row.state, events)

    async def abandon(self, channel_id: int, user_id: int, *, can_manage: bool = False) -> GameInfo:
        """Ends the channel's game without a result: its creator or a channel manager only."""
        info = await self.info(channel_id)
        if user_id != info.creator_id and not can_manage:
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
        info = await self.info(channel_id, live=False)
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
        info = await self.info(channel_id, live=False)
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

    async def verify(self, game_id: int) -> bool:
        """Replays the stored history from the seed and compares it with the stored state."""
        from engine import replay

        row = await self.store.game(game_id)
        if row is None or row.state is None or row.seed is None:
            raise ServiceError("error.not_started")
        seats = await self.store.seats(game_id)
        actions = [(a.seat, a.text) for a in await self.store.actions(game_id)
                   if not a.text.startswith(".")]
        game = get_game(row.game_key)
        return replay(game, len(seats), row.seed, row.options, actions) == row.state

    # --- internals -------------------------------------------------------------------------

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
        return Report(info, to_act=to_act, asks=asks)

    async def _board(
        self, info: GameInfo, game: Game, state: dict[str, Any], locale: str | None = None,
    ) -> bytes:
        if self.renderer is None:
            raise ServiceError("error.no_renderer")
        locale = locale or info.locale
        key = (info.id, info.version, locale)
        cached = self._boards.get(key)
        if cached is None:
            view = game.view(state, None)
            cached = await asyncio.to_thread(
                self.renderer.board, info.game_key, view, info.names, locale,
            )
            if len(self._boards) > 256:  # a small memo: the latest board of the busy games
                self._boards.pop(next(iter(self._boards)))
            self._boards[key] = cached
        return cached

    async def _report(
        self, info: GameInfo, game: Game, state: dict[str, Any], events: Sequence[Event],
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
            report.board = await self._board(info, game, state)
        return report


def _game(key: str) -> Game:
    try:
        return get_game(key)
    except IllegalAction as exc:
        raise ServiceError(exc.msg) from exc
