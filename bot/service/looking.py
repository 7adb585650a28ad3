"""Looking at a game without changing it: where it stands, the full board, a player's private
hand (with the lines only they saw), the public log by pages, the replay GIF (rate-limited, see
replays.py) and the check that the stored history replays to the stored state."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from bot.service.base import ServiceBase
from bot.service.model import (
    ATTACHMENT_LIMIT,
    LOG_PAGE,
    GameInfo,
    HandReport,
    LogPage,
    Report,
    ServiceError,
    TurnPost,
)
from engine import Event, Msg
from engine.core import replay
from engine.registry import get as get_game


class LookingMixin(ServiceBase):
    async def status(self, channel_id: int) -> Report:
        """Where the channel's game stands: who must act, the outcome once over (no image)."""
        info = await self.info(channel_id, live=False)
        row = await self.store.game(info.id)
        assert row is not None
        if row.state is None:
            return Report(info)
        return self.standing(info, get_game(info.game_key), row.state)

    async def current_post(self, channel_id: int) -> TurnPost | None:
        """The post a player should look at in the channel now: its latest game's turn post,
        or its lobby post before the start (None when there is neither)."""
        row = await self.store.latest_game(channel_id)
        if row is None:
            return None
        found = (await self.store.messages(row.id, "turn")
                 or await self.store.messages(row.id, "lobby"))
        return TurnPost(found[-1][0], found[-1][1], found[-1][3]) if found else None

    async def board(self, channel_id: int, *, locale: str | None = None) -> tuple[GameInfo, bytes]:
        """The complete board of the channel's game (running or the latest)."""
        info = await self.info(channel_id, live=False)
        return await self.board_in(info.id, locale=locale)

    async def board_in(self, game_id: int, *, locale: str | None = None) -> tuple[GameInfo, bytes]:
        info = await self.info_by_id(game_id)
        row = await self.store.game(info.id)
        if row is None or row.state is None:
            raise ServiceError("error.not_started")
        return info, await self.board_image(info, get_game(info.game_key), row.state, locale)

    async def hand(
        self, channel_id: int, user_id: int, *, locale: str = "en", image: bool = True,
    ) -> HandReport:
        info = await self.info(channel_id, live=False)
        return await self.hand_in(info.id, user_id, locale=locale, image=image)

    async def hand_in(
        self, game_id: int, user_id: int, *, locale: str = "en", image: bool = True,
    ) -> HandReport:
        _row, info, seat, state = await self.seated_in(game_id, user_id)
        if seat.left:
            # A player who left: the seat's cards are now a computer player's, not theirs,
            # and stay so once the game is over (what the bot drew is none of theirs).
            raise ServiceError("error.bot_plays_for_you")
        game = get_game(info.game_key)
        view = game.view(state, seat.seat)
        legal = (
            game.legal(state, seat.seat)
            if info.status == "active" and seat.seat in game.prompt(state) else []
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
        self.replays.allow(self.limits, self.clock(), channel_id, user_id)
        locale = locale or info.locale
        key = (info.id, info.version, locale, max_bytes)
        cached = self.replays.drawn(key)
        if cached is not None:
            return info, cached

        async def render(pool: ThreadPoolExecutor) -> bytes:
            actions = [(a.seat, a.text) for a in await self.store.actions(info.id)]
            return await asyncio.get_running_loop().run_in_executor(pool, lambda: draw(
                info.game_key, len(info.seats), row.seed, row.options, actions, info.names,
                locale, max_bytes=max_bytes))

        flight = self.replays.flight(key, self.limits, render)
        try:
            # Shielded: one asker giving up (a cancelled interaction) does not stop the render
            # the others wait on.
            return info, await asyncio.shield(flight)
        except ValueError as exc:  # not even a few small frames fit in max_bytes
            raise ServiceError("error.replay_too_big") from exc

    async def verify(self, game_id: int) -> bool:
        """Replays the stored history from the seed and compares it with the stored state."""

        row = await self.store.game(game_id)
        if row is None or row.state is None or row.seed is None:
            raise ServiceError("error.not_started")
        seats = await self.store.seats(game_id)
        actions = [(a.seat, a.text) for a in await self.store.actions(game_id)]
        game = get_game(row.game_key)
        # A long history replays in a tenth of a second: off the event loop.
        state = await asyncio.to_thread(replay, game, len(seats), row.seed, row.options, actions)
        return state == row.state

    async def _private_lines(self, game_id: int, seat: int, actions: int = 12) -> list[Msg]:
        """What only `seat` saw in the last few actions: an ephemeral reply cannot be fetched
        again, and lines addressed to a player who did not act have no reply to go to. Read
        from the end of the history, however long it is."""
        lines = []
        for action in await self.store.recent_actions(game_id, actions):
            for data in action.events:
                event = Event.from_json(data)
                if event.to is not None and seat in event.to:
                    lines.append(event.msg)
        return lines
