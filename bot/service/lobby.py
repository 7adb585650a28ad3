"""The lobby: what games there are and their rules, opening a lobby (within the open-lobby
limits), joining and leaving it, and starting the game, which draws the seating from the seed."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from bot import clock as clocks
from bot.clock import Pace
from bot.service.base import ServiceBase, checked_game, checked_pace, forced_steps
from bot.service.hints import split_hints
from bot.service.model import GameInfo, GameType, Report, ServiceError, User
from bot.store import ChannelBusy, Played, TooManyLobbies
from engine import Event, Game, IllegalAction, Msg, parse_options
from engine.registry import get as get_game


class LobbyMixin(ServiceBase):
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
        return checked_game(game_key).rules()

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
        hints = split_hints(options)[1]
        settings = await self.store.guild_settings(guild_id) if guild_id else None
        chosen = checked_pace(pace) if pace is not None else (
            Pace.from_json(settings.pace) if settings else None)
        if settings and settings.locale:
            locale = settings.locale
        now = self.clock()

        async def created() -> int | None:  # the lobby opened at `now` by this user
            row = await self.store.latest_game(channel_id)
            found = row is not None and (row.creator_id, row.created_at) == (user.id, now)
            return row.id if found else None  # type: ignore[union-attr]

        try:
            game_id = await self.written(self.store.create_game(
                channel_id=channel_id, guild_id=guild_id, game_key=game.key, options=parsed,
                creator_id=user.id, creator_name=user.name, locale=locale, now=now,
                pace=chosen.to_json() if chosen else None, parent_id=parent_id,
                max_user_lobbies=self.limits.user_lobbies,
                max_channel_lobbies=self.limits.channel_lobbies, hints=hints,
            ), created, "creation of a lobby")
        except ChannelBusy as exc:
            raise ServiceError("error.channel_busy") from exc
        except TooManyLobbies as exc:
            raise ServiceError(f"error.too_many_lobbies_{exc.scope}", n=exc.limit) from exc
        return await self.after_write(lambda: self.info_by_id(game_id))

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
        game = checked_game(game_key)
        try:
            # `hints` is the platform's option (bot/service/hints.py), not the game's.
            parsed = parse_options(game, split_hints(options)[0])
        except IllegalAction as exc:
            raise ServiceError(exc.msg) from exc
        if pace is not None:
            checked_pace(pace)
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
        async with self.lock(info.id):
            if not await self.written(self.store.add_seat(
                info.id, user.id, user.name, self.clock(), max_seats=game.max_players,
            ), lambda: self.seated(info.id, user.id, True), "join"):
                now = await self.info_by_id(info.id)
                if now.status != "lobby":
                    raise ServiceError("error.already_started")
                if now.seat_of(user.id):
                    raise ServiceError("error.already_seated")
                raise ServiceError("error.game_full", n=game.max_players)
        return await self.after_write(lambda: self.info_by_id(info.id))

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        info = await self.info(channel_id)
        if not info.seat_of(user_id):
            raise ServiceError("error.not_seated")
        if info.status != "lobby":
            raise ServiceError("error.leave_started")
        async with self.lock(info.id):
            if not await self.written(self.store.remove_seat(info.id, user_id),
                                      lambda: self.seated(info.id, user_id, False), "leave"):
                raise ServiceError("error.leave_started")
            return await self.after_write(lambda: self._closed_if_empty(info.id))

    async def _closed_if_empty(self, game_id: int) -> GameInfo:
        """The lobby after someone left: the last person out closes it (unless someone
        joined): bots alone wait for nobody."""
        info = await self.info_by_id(game_id)
        if info.status == "lobby" and all(s.seated_bot for s in info.seats):
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
        async with self.lock(game_id):
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
                first = game.setup(len(order), seed, info.options)
                # What the rules leave nobody to choose at the start is played at once, as
                # after any move (Game.forced): stored as history entries after the start.
                state, then, played = forced_steps(game, first)
                now = self.clock()
                # Bots' clocks never run (they answer at once): as if away.
                away = await self.away_seats(order, now) | {
                    seat for seat, user in enumerate(order) if user < 0}
                started = clocks.start(info.pace, len(order), game.prompt(state), now, away)
                told = {"view": game.view(state, None), "asked": sorted(game.prompt(state))}
                if await self.written(self.store.start_game(
                    info.id, seed=seed, order=order, state=first, now=now, clocks=started,
                    lobby_version=info.version, told=None if then else told,
                ), lambda: self._started_with(game_id, seed), "start"):
                    break
            else:
                raise ServiceError("error.lobby_changed")
            if then:  # the game has started: whatever fails now, it is told as recorded
                step, *rest = then
                await self.after_write(lambda: self._forced_at_start(
                    game_id, step, rest, state, now, told))

        async def reported() -> Report:
            info = await self.info_by_id(game_id)
            report = await self.report(info, game, state,
                                       [Event(Msg("platform.started")), *played])
            report.notices = await self.notices_for(info, game, None, state)
            return report

        return await self.after_write(reported)

    async def _started_with(self, game_id: int, seed: int) -> bool | None:
        """Whether the start drawn from `seed` is the one stored (a start's commit whose answer
        was lost): True, or None if the game is not started, or started by another."""
        row = await self.store.game(game_id)
        return True if row is not None and row.seed == seed else None

    async def _forced_at_start(self, game_id: int, step: Played, rest: list[Played],
                               state: dict[str, Any], now: float, told: dict[str, Any]) -> None:
        """Store what the rules play at the start (Game.forced), unless a try whose answer was
        lost stored it already (the game is then past version 0)."""
        row = await self.store.game(game_id)
        if row is not None and row.version == 0:
            await self.store.append_action(
                game_id, expected_version=0, seat=step.seat, user_id=None, text=step.text,
                events=step.events, state=state, outcome=None, now=now, told=told, then=rest)
