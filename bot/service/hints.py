"""Hints for learners (issue 28): in a game whose creator turned hints on (`/game new ...
options: hints`), the seat asked may ask what the medium computer player would play, and why.

The choice is the game's (games.hints, migration 0009), made before it starts (the option at
`/game new`, or the 💡 button on the lobby post: `set_hints`): every post of the game shows it,
its record says so, and it is never rated. A hint reads what the asking seat may see only: the move
is `engine.ai.decide(..., "medium", ...)` and its reason is drawn from one determinization
(engine/ai/hint.py); it is thought off the event loop, on the bots' worker processes, as a
bot's move is. It changes nothing: no history entry, no post, nothing another player can see.
"""

from __future__ import annotations

import asyncio
import importlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.service.base import ServiceBase
from bot.service.bots import THINKING_NICE
from bot.service.model import GameInfo, ServiceError
from bot.service.processes import configured, shared
from engine import Msg
from engine.ai import default_seconds
from engine.ai.hint import Hint
from engine.ai.hint import hint as engine_hint
from engine.registry import get as get_game

OPTION = "hints"  # the platform's own option word at /game new, beside the game's options
ALIASES = frozenset({"hints", "hint", "aides", "aide"})  # as a French speaker may type it


def hint_words() -> frozenset[str]:
    """What a player types to ask for a hint (`/move hint`), any case."""
    return ALIASES


def split_hints(options: Sequence[str]) -> tuple[list[str], bool]:
    """The game's own option words, and whether `hints` was among them (any case, any of its
    names): the engine never sees the platform's option."""
    words = [w for text in options for w in text.replace(",", " ").split()]
    rest = [w for w in words if w.casefold() not in ALIASES]
    return rest, len(rest) != len(words)


def think_hint(game_class: str, state: dict[str, Any], seat: int, seed: int,
               budget: int | None, seconds: float | None) -> Hint:
    """engine.ai.hint, as a worker process runs it (the game travels as its class's
    "module:name", as a bot's decision does: bot.service.bots.think)."""
    return engine_hint(_game_of(game_class), state, seat, seed, budget, seconds)


@cache
def _game_of(game_class: str) -> Any:
    module, _, name = game_class.partition(":")
    return getattr(importlib.import_module(module), name)()


def hint_seed(game_id: int, version: int, seat: int) -> int:
    """The hint's seed: the same question at the same point gets the same answer, and the
    game's own seed (which dealt the hidden cards) plays no part in it."""
    return random.Random(f"hint:{game_id}:{version}:{seat}").getrandbits(63)


@dataclass(frozen=True)
class Hinted:
    game: GameInfo
    seat: int
    action: str  # a legal action text of the asking seat
    reason: Msg


class HintsMixin(ServiceBase):
    # The bots' budget and time cap (BotsMixin's): a hint thinks as a medium bot does.
    bot_seconds: float | None
    bot_budget: int | None

    async def hint(self, user_id: int, *, channel_id: int | None = None,
                   game_id: int | None = None) -> Hinted:
        """The medium bot's move for the user's seat, and why; refused (changing nothing)
        when hints are off, the user plays no seat or a bot plays it now, the game has not
        started or is over, or their seat is not asked."""
        read = await self.read_game(game_id, channel_id=channel_id)
        row, info = read.row, read.info
        seat = info.seat_of(user_id)
        if seat is None:
            raise ServiceError("error.not_seated")
        if not info.hints:
            raise ServiceError("error.hints_off")
        if row.state is None:
            raise ServiceError("error.not_started")
        if seat.seat is None:  # cannot be: a started game numbers every seat
            raise ServiceError("error.not_seated")
        if seat.bot is not None:
            raise ServiceError("error.bot_plays_for_you")
        game = get_game(row.game_key)
        if row.status != "active" or game.outcome(row.state) is not None:
            raise ServiceError("error.game_over")
        if row.timed_out is not None or seat.seat not in game.prompt(row.state):
            raise ServiceError("error.hint_not_asked")
        thinking = shared("bots", configured(), "engine.ai", nice=THINKING_NICE)
        game_class = f"{type(game).__module__}:{type(game).__qualname__}"
        seconds = self.bot_seconds if self.bot_seconds is not None else default_seconds()
        found = await asyncio.to_thread(
            thinking.call, think_hint, game_class, row.state, seat.seat,
            hint_seed(row.id, row.version, seat.seat), self.bot_budget, seconds)
        return Hinted(info, seat.seat, found.action, found.reason)

    async def set_hints(self, channel_id: int, user_id: int, on: bool, *,
                        can_manage: bool = False) -> GameInfo:
        """Turn the channel's lobby's hints on or off: its creator (or someone who can manage
        the channel) only, before the game starts. The same choice twice changes nothing."""
        info = await self.info(channel_id)
        if info.status != "lobby":
            raise ServiceError("error.hints_started")
        if not info.may_manage(user_id, can_manage):
            raise ServiceError("error.only_creator_hints")
        if info.hints == on:
            return info
        async with self.lock(info.id):
            # The store moves the lobby's version on, so a start racing this click is computed
            # again from the new choice (LobbyMixin.start) or comes first and refuses it here.
            if not await self.written(self.store.set_hints(info.id, on, self.clock()),
                                      lambda: self._hints_are(info.id, on), "hints' choice"):
                raise ServiceError("error.hints_started")
        return await self.after_write(lambda: self.info_by_id(info.id))

    async def _hints_are(self, game_id: int, on: bool) -> bool | None:
        row = await self.store.game(game_id)
        return True if row is not None and row.status == "lobby" and row.hints == on else None
