"""Computer players: seating bots in a lobby and taking them out, and a bot's move.

A bot is a seat like any other (a row of `seats`, its level and seed beside it); a bot seated in
the lobby has a user id of its own below zero. It plays through the same lock, version guard,
commit and history as a person: `bot_moves` decides off the event loop (engine.ai.decide, from
what its seat may know; the bots asked at once each on a worker of the bots' pool, at the same
time), then stores a move only if the game is still at the version the decision was made from,
or moved on only by others' answers to the same simultaneous choice that the bot could not see
(`unseen_since`): a human move, an undo or another process moving meanwhile makes it decide
again, and it never plays twice. Who calls `bot_move` and when is the edge's (bot/service/autoplay.py:
a background task of the Discord client and of the console).
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import json
import random
import secrets
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from bot.metrics import DECISION, timed
from bot.service.base import ServiceBase, game_info
from bot.service.model import GameInfo, Report, ServiceError
from bot.service.processes import configured, shared
from data import path as data_path
from engine import Event, Game, IllegalAction, Msg, play
from engine.ai import LEVELS, decide, default_seconds
from engine.i18n import LOCALES, translate
from engine.registry import get as get_game

DEFAULT_LEVEL = "medium"
# The bots' worker processes run this much below normal priority: pictures of people's moves first.
THINKING_NICE = 5


def think(game_class: str, state: dict[str, Any], seat: int, level: str, seed: int,
          budget: int | None, seconds: float | None) -> str:
    """A bot's decision (engine.ai.decide), as a worker process runs it. The game travels as
    its class's "module:name" (a game registered at run time is known to the worker too)."""
    return decide(_game(game_class), state, seat, level, seed, budget, seconds)


def _timed(game_key: str, level: str, call: Callable[..., str], *args: Any) -> str:
    """`call(*args)`, its time observed as the bot's decision time (/metrics)."""
    with timed(DECISION, game_key, level):
        return call(*args)


@cache
def _game(game_class: str) -> Any:
    module, _, name = game_class.partition(":")
    return getattr(importlib.import_module(module), name)()


@cache
def bot_names() -> tuple[dict[str, str], ...]:
    """The bots' names (data/bots.json), each as every language writes it."""
    with data_path("bots.json").open(encoding="utf-8") as f:
        return tuple(json.load(f)["names"])


def fold(text: str) -> str:
    """Lower case without accents: "Difficile" and "difficile", "Cicéron" and "ciceron"."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def level_of(text: str | None) -> str:
    """The level a player typed or chose, in any language ("hard", "difficile"); medium when
    none is given. ServiceError naming the levels otherwise."""
    if text is None or not text.strip():
        return DEFAULT_LEVEL
    wanted = fold(text)
    for level in LEVELS:
        if wanted == level or any(wanted == fold(translate(Msg(f"bot.level.{level}"), locale))
                                  for locale in LOCALES):
            return level
    raise ServiceError("error.bad_bot_level", level=text[:40], levels=", ".join(LEVELS))


def decision_seed(bot_seed: int, version: int, seat: int) -> int:
    """The seed of one decision: the bot's own seed, the game's version and the seat, so that
    a replayed or repeated decision is the same, and two decisions differ."""
    return random.Random(f"{bot_seed}:{version}:{seat}").getrandbits(63)


class BotsMixin(ServiceBase):
    # Per decision: a time cap (None: $TABULA_BOT_SECONDS, else 2 s) and, for repeatable
    # tests, an iteration budget (engine.ai.decide).
    bot_seconds: float | None = None
    bot_budget: int | None = None

    # --- in the lobby ----------------------------------------------------------------------

    async def add_bot(self, channel_id: int, user_id: int, level: str | None = None, *,
                      can_manage: bool = False) -> GameInfo:
        """Seat a computer player of `level` in the channel's lobby: its creator (or someone
        who can manage the channel) only, while there is room."""
        chosen = level_of(level)
        info = await self._bot_lobby(channel_id, user_id, can_manage)
        game = get_game(info.game_key)
        async with self.lock(info.id):
            for _attempt in range(5):
                info = await self._bot_lobby(channel_id, user_id, can_manage)
                if len(info.seats) >= game.max_players:
                    raise ServiceError("error.game_full", n=game.max_players)
                rows = await self.store.seats(info.id)
                taken = {s.user_id for s in rows}
                bot_id = next(-n for n in itertools.count(1) if -n not in taken)
                name = self._bot_name(info, {fold(s.name) for s in rows})
                if await self.written(
                        self.store.add_seat(info.id, bot_id, name, self.clock(),
                                            max_seats=game.max_players, bot=chosen,
                                            bot_seed=secrets.randbits(63)),
                        lambda game=info.id, bot=bot_id: self.seated(game, bot, True),
                        "seating of a bot"):
                    break
            else:
                raise ServiceError("error.lobby_changed")
        return await self.after_write(lambda: self.info_by_id(info.id))

    async def remove_bot(self, channel_id: int, user_id: int, which: str | None = None, *,
                         can_manage: bool = False) -> tuple[GameInfo, str]:
        """Take a bot out of the lobby: `which` is its name or its place in the lobby's list
        (1, 2...), else the bot seated last. The lobby and the name of the bot removed."""
        info = await self._bot_lobby(channel_id, user_id, can_manage)
        bots = [s for s in info.seats if s.seated_bot]
        typed = (which or "").strip()
        if not typed:
            if not bots:
                raise ServiceError("error.no_bot")
            target = bots[-1]
        elif typed.isascii() and typed.isdigit():
            place = int(typed)
            if not 1 <= place <= len(info.seats):
                raise ServiceError("error.no_such_bot", which=typed[:40])
            target = info.seats[place - 1]
        else:
            found = [s for s in info.seats if fold(s.name) == fold(typed)
                     or fold(s.name).startswith(fold(typed) + " (")]
            if not found:
                raise ServiceError("error.no_such_bot", which=typed[:40])
            target = found[0]
        if not target.seated_bot:
            raise ServiceError("error.not_a_bot", name=target.name)
        async with self.lock(info.id):
            if not await self.written(self.store.remove_seat(info.id, target.user_id),
                                      lambda: self.seated(info.id, target.user_id, False),
                                      "removal of a bot"):
                raise ServiceError("error.already_started")
        return await self.after_write(lambda: self.info_by_id(info.id)), target.name

    async def _bot_lobby(self, channel_id: int, user_id: int, can_manage: bool) -> GameInfo:
        info = await self.info(channel_id)
        if info.status != "lobby":
            raise ServiceError("error.already_started")
        if not info.may_manage(user_id, can_manage):
            raise ServiceError("error.only_creator_bots")
        return info

    @staticmethod
    def _bot_name(info: GameInfo, taken: set[str]) -> str:
        """A name no one in the game has, in the game's language, drawn in an order that
        follows from the game's id."""
        names = list(bot_names())
        random.Random(info.id).shuffle(names)
        for entry in names:
            if not {fold(n) for n in entry.values()} & taken:
                return entry.get(info.locale, entry["en"])
        return f"Bot {len(taken) + 1}"  # more bots than names: cannot happen with 5 seats

    # --- playing ---------------------------------------------------------------------------

    async def bot_games(self) -> list[int]:
        """Running games where a bot is asked to act (after a restart, or moved by another
        process): the background task's round."""
        return sorted({w.game_id for w in await self.store.waiting() if w.bot is not None})

    async def bot_turns(self, game_id: int) -> list[tuple[int, int]]:
        """(seat, version) of each bot asked to act in the game now. None while the others
        decide about a clock that ran out: that question comes first."""
        row = await self.store.game(game_id)
        if row is None or row.status != "active" or row.state is None or row.timed_out is not None:
            return []
        info = game_info(row, await self.store.seats(game_id))
        asked = get_game(row.game_key).prompt(row.state)
        return [(seat, row.version) for seat in sorted(asked) if seat in info.bot_seats]

    async def bot_move(self, game_id: int, seat: int, version: int) -> Report | None:
        """The bot of `seat` plays, if the game is still at `version` and asks it; None when
        the game moved on meanwhile (the caller looks again)."""
        [report] = await self.bot_moves(game_id, [(seat, version)])
        return report

    async def bot_moves(self, game_id: int, turns: Sequence[tuple[int, int]],
                        ) -> list[Report | None]:
        """The bots of `turns` (seat, version: as `bot_turns` gives them, asked at once) play:
        they decide at the same time, each on a worker of the bots' pool, from the game at
        `version`; then each move is stored, in seat order, if the game still asks that seat
        and nothing it could see changed since (`unseen_since`). One report per turn, None for
        a move not stored (the game moved on: the caller looks again)."""
        row = await self.store.game(game_id)
        if row is None or row.status != "active" or row.state is None \
                or row.timed_out is not None:
            return [None] * len(turns)
        game = get_game(row.game_key)
        asked = game.prompt(row.state)
        bots = {s.seat: s for s in await self.store.seats(game_id) if s.bot is not None}
        mine = [(seat, bots[seat]) for seat, version in turns
                if version == row.version and seat in asked and seat in bots]
        # In worker processes, threads waiting on them: a hard decision thinks for seconds,
        # and in the bot's own process it would hold the interpreter the event loop needs.
        thinking = shared("bots", configured(), "engine.ai", nice=THINKING_NICE)
        game_class = f"{type(game).__module__}:{type(game).__qualname__}"
        # The time cap as this process reads it (the workers' environment is from their start).
        seconds = self.bot_seconds if self.bot_seconds is not None else default_seconds()
        texts = await asyncio.gather(*(
            asyncio.to_thread(_timed, row.game_key, bot.bot or "", thinking.call, think,
                              game_class, row.state, seat, bot.bot,
                              decision_seed(bot.bot_seed or 0, row.version, seat),
                              self.bot_budget, seconds)
            for seat, bot in mine))
        decided = {seat: text for (seat, _bot), text in zip(mine, texts, strict=True)}
        stored: dict[int, Report | None] = {}
        async with self.lock(game_id):
            for seat in sorted(decided):
                stored[seat] = await self._store_decided(game, game_id, seat, row.version,
                                                         set(asked), decided[seat])
        return [stored.get(seat) if version == row.version else None for seat, version in turns]

    async def _store_decided(self, game: Game, game_id: int, seat: int, version: int,
                             asked: set[int], text: str) -> Report | None:
        """Store `seat`'s move decided at `version`, when `asked` were asked (under the lock)."""
        row = await self.store.game(game_id)
        if row is None or row.status != "active" or row.state is None \
                or row.timed_out is not None:
            return None
        if row.version != version and not (
                seat in game.prompt(row.state)
                and await self.unseen_since(game_id, seat, version, row.version, asked)):
            return None
        info = game_info(row, await self.store.seats(game_id))
        if seat not in info.bot_seats:
            return None
        try:
            state, events = play(game, row.state, seat, text)
        except IllegalAction:
            if row.version == version:
                raise  # decided from this very state: an illegal action is a bug
            return None  # the answers since left it another choice: decide again
        try:
            return await self.commit(info, row, game, state, events, seat, None, text)
        except ServiceError as exc:
            if exc.msg.key == "error.stale":  # another process moved first
                return None
            raise

    async def unseen_since(self, game_id: int, seat: int, version: int, now: int,
                           asked: set[int]) -> bool:
        """Whether a decision `seat` made at `version` may still be stored at `now`: every
        entry since is the answer of another seat asked at `version` with it (a simultaneous
        choice), and told `seat` nothing (its log lines are the answerer's own). What the seat
        sees is then what it decided from, but for others having answered unseen; anything
        else (a public line, its own move, an undo, a move of someone not asked) makes it
        decide again."""
        entries = await self.store.recent_actions(game_id, now - version)
        if [e.n for e in entries] != list(range(version + 1, now + 1)):
            return False
        return all(
            e.seat != seat and e.seat in asked and not e.text.startswith(".")
            and not any(Event.from_json(ev).visible_to(seat) for ev in e.events)
            for e in entries)
