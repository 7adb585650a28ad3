"""Playing: the caller's legal moves, a move (under the game's lock, guarded by its version),
resigning (in a game of 3 or more the game goes on, a bot playing the seat), taking a move
back, abandoning, and the turn post a crash lost (`unposted`)."""

from __future__ import annotations

import asyncio

from bot.service.base import ServiceBase, game_info, takeover
from bot.service.model import GameInfo, Report, SeatInfo, ServiceError
from engine import Event, IllegalAction, Msg, play
from engine.core import UNDO, effective_actions, replay, resigned
from engine.registry import get as get_game


class PlayMixin(ServiceBase):
    async def choices(self, channel_id: int, user_id: int) -> list[str]:
        """The caller's legal action texts now (empty when they have nothing to do)."""
        row = await self.store.live_game(channel_id)
        if row is None or row.status != "active" or row.state is None:
            return []
        info = game_info(row, await self.store.seats(row.id))
        seat = info.seat_of(user_id)
        game = get_game(row.game_key)
        if seat is None or seat.bot is not None or seat.seat not in game.prompt(row.state):
            return []
        return game.legal(row.state, seat.seat)

    async def legal_in(self, game_id: int, user_id: int) -> tuple[GameInfo, list[str]]:
        """The game and the caller's legal action texts now (empty when they have nothing to
        do): what a click in the Play menu needs, and no more (no view, no history)."""
        row, info, seat, state = await self.seated_in(game_id, user_id)
        if seat.bot is not None:  # a player who left: a bot plays the seat (act_in refuses)
            raise ServiceError("error.bot_plays_for_you")
        game = get_game(row.game_key)
        if info.status != "active" or seat.seat not in game.prompt(state):
            return info, []
        return info, game.legal(state, seat.seat)

    async def act(
        self, channel_id: int, user_id: int, text: str, *, version: int | None = None,
    ) -> Report:
        """Play `text` for the user. `version`, when given (buttons carry it), must be current."""
        info = await self.info(channel_id)
        return await self.act_in(info.id, user_id, text, version=version)

    async def act_in(
        self, game_id: int, user_id: int, text: str, *, version: int | None = None,
    ) -> Report:
        async with self.lock(game_id):
            row = await self.store.game(game_id)
            if row is None:
                raise ServiceError("error.no_game")
            if row.status == "lobby":
                raise ServiceError("error.not_started")
            if row.status != "active" or row.state is None:
                raise ServiceError("error.game_over")
            info = game_info(row, await self.store.seats(row.id))
            seat = info.seat_of(user_id)
            if seat is None or seat.seat is None:
                raise ServiceError("error.not_seated")
            if seat.bot is not None:
                raise ServiceError("error.bot_plays_for_you")
            if version is not None and version != row.version:
                raise ServiceError("error.stale")
            game = get_game(row.game_key)
            try:
                state, events = play(game, row.state, seat.seat, text)
            except IllegalAction as exc:
                raise ServiceError(exc.msg) from exc
            if row.timed_out == seat.seat:  # back in time: the others' decision is moot
                events.insert(0, Event(Msg("platform.back_in_time", {"who": Msg.seat(seat.seat)})))
            return await self.commit(info, row, game, state, events, seat.seat, user_id,
                                      game.canonical(text))

    async def unposted(self, game_id: int, posted: int | None) -> Report:
        """The turn post a crash lost: the game stands at a later version than its latest turn
        post (`posted`, None if even the start was never posted). Its log lines are those of
        every action since, its picture outlines the latest one, and its notices are those
        due since the post."""
        row = await self.store.game(game_id)
        if row is None or row.state is None or row.seed is None:
            raise ServiceError("error.not_started")
        info = game_info(row, await self.store.seats(row.id))
        game = get_game(row.game_key)
        history = await self.store.actions(game_id)
        events = [Event(Msg("platform.started"))] if posted is None else []
        for action in history:
            if posted is None or action.n > posted:
                events += [Event.from_json(e) for e in action.events]
        moves = [(a.seat, a.text) for a in history]
        players = len(info.seats)
        # Replays run off the event loop: a long history takes a tenth of a second.
        before = (await asyncio.to_thread(replay, game, players, row.seed, row.options,
                                          moves[:-1]) if moves else None)
        report = await self.report(info, game, row.state, events, before=before)
        told = (await asyncio.to_thread(replay, game, players, row.seed, row.options,
                                        moves[:posted]) if posted is not None else None)
        report.notices = await self.notices_for(info, game, told, row.state)
        return report

    async def resign(self, channel_id: int, user_id: int) -> Report:
        """The player concedes. In a game of 3 or more where another person still plays, the
        game goes on: the player ranks last and a bot plays their seat (".quit"). Otherwise
        the game ends (".resign"): the others share the victory, but for those who left."""
        info, seat = await self._playing(channel_id, user_id)
        async with self.lock(info.id):
            row = await self.store.game(info.id)
            if row is None or row.state is None or row.status != "active":
                raise ServiceError("error.game_over")
            info = game_info(row, await self.store.seats(row.id))
            seat = info.seat_of(user_id)  # type: ignore[assignment]
            if seat is None or seat.seat is None:
                raise ServiceError("error.not_seated")
            if seat.bot is not None:
                raise ServiceError("error.bot_plays_for_you")
            game = get_game(info.game_key)
            people = [s for s in info.seats if s.bot is None and s.seat != seat.seat]
            if len(info.seats) >= 3 and people:
                quit_ = Event(Msg("platform.quit", {"who": Msg.seat(seat.seat)}))
                return await self.commit(info, row, game, row.state, [quit_], seat.seat,
                                          user_id, ".quit", bots=takeover(row.seed, seat.seat))
            outcome = resigned(len(info.seats), seat.seat, info.left_seats)
            # No event: the outcome's reason says it.
            return await self.commit(info, row, game, row.state, [], seat.seat, user_id,
                                      ".resign", outcome)

    async def _playing(self, channel_id: int, user_id: int) -> tuple[GameInfo, SeatInfo]:
        """The channel's running game and the caller's seat in it, or the refusal that fits."""
        info = await self.info(channel_id)
        seat = info.seat_of(user_id)
        if seat is None or seat.seat is None:
            raise ServiceError("error.not_seated")
        if info.status != "active":
            raise ServiceError("error.not_started")
        if seat.bot is not None:
            raise ServiceError("error.bot_plays_for_you")
        return info, seat

    async def undo(self, channel_id: int, user_id: int) -> Report:
        """Take back the caller's latest move, while nobody has moved since and the move
        revealed nothing (Game.undoable). Stored as ".undo": the others read what was undone."""
        info, seat = await self._playing(channel_id, user_id)
        async with self.lock(info.id):
            row = await self.store.game(info.id)
            assert row is not None and row.state is not None and row.seed is not None
            info = game_info(row, await self.store.seats(row.id))
            actions = await self.store.actions(row.id)
            history = [(a.seat, a.text) for a in actions]
            kept = effective_actions(history)
            if not kept or kept[-1][0] != seat.seat or history[-1][1] not in (kept[-1][1], UNDO):
                raise ServiceError("error.undo_nothing")
            if history[-1][1] != UNDO and actions[-1].user_id is None:
                # The platform played it (a forced action, Game.forced): not the player's move.
                raise ServiceError("error.undo_nothing")
            if history[-1][1] == UNDO and history[-1][0] != seat.seat:
                raise ServiceError("error.undo_nothing")
            game = get_game(row.game_key)
            before = await asyncio.to_thread(  # off the event loop: a long history is slow
                replay, game, len(info.seats), row.seed, row.options, kept[:-1])
            try:
                after, events = play(game, before, seat.seat, kept[-1][1])
            except IllegalAction as exc:  # cannot happen with a verified history
                raise ServiceError("error.undo_nothing") from exc
            if after != row.state or not game.undoable(before, after, events, seat.seat):
                raise ServiceError("error.undo_revealed")
            undone = Event(Msg("platform.undone", {
                "who": Msg.seat(seat.seat), "action": Msg.action(game.key, kept[-1][1]),
            }))
            return await self.commit(info, row, game, before, [undone], seat.seat, user_id, UNDO)

    async def abandon(self, channel_id: int, user_id: int, *, can_manage: bool = False) -> GameInfo:
        """Ends the channel's game without a result: its creator or a channel manager only."""
        info = await self.info(channel_id)
        if not info.may_manage(user_id, can_manage):
            raise ServiceError("error.only_creator_abandons")
        async with self.lock(info.id):
            if not await self.store.set_status(info.id, "abandoned", self.clock()):
                raise ServiceError("error.no_game")
        return await self.info_by_id(info.id)
