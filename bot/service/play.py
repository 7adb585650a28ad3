"""Playing: the caller's legal moves, a move (under the game's lock, guarded by its version),
resigning (in a game of 3 or more the game goes on, a bot playing the seat), taking a move
back, abandoning, and the turn post a crash lost (`unposted`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from bot import menu
from bot.service.base import Asks, Read, ServiceBase, game_info, takeover
from bot.service.model import GameInfo, Moved, Report, SeatInfo, ServiceError, TurnPost
from bot.service.telling import How
from bot.service.undoing import latest_move
from bot.store import Played, StorageUnavailable
from engine import Event, Game, IllegalAction, Msg, play
from engine.core import UNDO, replay, resigned
from engine.i18n import action_label, action_words, readings_of
from engine.registry import get as get_game


def read_typed(game: Game, legal: Sequence[str], typed: str, locale: str,
               names: Sequence[str]) -> menu.Typed:
    """A text typed to /move, read against the seat's `legal` texts as every edge reads it
    (`bot.menu.resolve`), in the player's `locale`, seats named by `names`."""
    return menu.resolve(
        legal, typed, game.canonical,
        lambda text: action_label(game.key, text, locale, names),
        lambda text: action_words(game.key, text, locale, names),
        lambda text: readings_of(game.key, text, locale))


class PlayMixin(ServiceBase):
    async def choices(self, channel_id: int, user_id: int) -> list[str]:
        """The caller's legal action texts now (empty when they have nothing to do)."""
        try:
            read = await self.read_game(channel_id=channel_id)
        except ServiceError:
            return []
        game = get_game(read.row.game_key)
        return own_legal(read, game, Asks(game), user_id)

    async def legal_in(self, game_id: int, user_id: int) -> tuple[GameInfo, list[str]]:
        """The game and the caller's legal action texts now (empty when they have nothing to
        do): what a click in the Play menu needs, and no more (no view, no history)."""
        read = await self.read_game(game_id)
        menu_checks(read, user_id)
        game = get_game(read.row.game_key)
        return read.info, own_legal(read, game, Asks(game), user_id)

    async def move(
        self, user_id: int, request: str | menu.Click, *, channel_id: int | None = None,
        game_id: int | None = None, version: int | None = None, locale: str | None = None,
    ) -> Moved:
        """One move as an edge asks for it, in one call: `request` is the text typed to /move
        (in the channel `channel_id`), read by `bot.menu.resolve` as every edge reads it (any
        case, canonical text or as shown in `locale`, a beginning, a unique start), or a
        click in the Play menu of the game `game_id` drawn at `version` (`bot.menu.clicked`).
        A whole action is played (what nothing legal starts as is played as typed, for the
        rules to say why not); otherwise nothing is: the menu to open, or the one action that
        can follow. The game and its seats are read once, and each state's `prompt` runs
        once; the report carries everything the edge shows (the telling, the notices, the
        mover's next step, and for a post the turn posts read last, right before the edge
        posts)."""
        read = await self.read_game(game_id, channel_id=channel_id)
        game = get_game(read.row.game_key)
        asks = Asks(game)
        if isinstance(request, menu.Click):  # as the menu was drawn: refused as it would be
            menu_checks(read, user_id)
            legal = own_legal(read, game, asks, user_id)
            typed = menu.clicked(legal, request)
            if read.info.version != version or typed is None:
                raise ServiceError("error.stale")
        else:
            legal = own_legal(read, game, asks, user_id)
            typed = read_typed(game, legal, request, locale or read.info.locale, read.info.names)
        if typed.kind in ("menu", "follow"):
            return Moved(read.info, typed, legal)
        text = " ".join(typed.tokens)
        async with self.changing(read) as now:
            report = await self.play_text(now, game, user_id, text, version=version,
                                          asks=asks, next_step=True)
        if report.how is How.POST:  # last, as the edge would read them right before posting
            # The move is stored: a storage failing now must not be told as nothing recorded
            # (None: the edge reads them again before posting).
            with contextlib.suppress(StorageUnavailable):
                report.posts = [TurnPost(m, c, v) for m, c, _kind, v in
                                await self.store.messages(report.game.id, "turn")]
        return Moved(report.game, typed, report.legal, report)

    async def act(
        self, channel_id: int, user_id: int, text: str, *, version: int | None = None,
    ) -> Report:
        """Play `text` for the user. `version`, when given (buttons carry it), must be current."""
        read = await self.read_game(channel_id=channel_id)
        async with self.changing(read) as now:
            return await self.play_text(now, get_game(now.row.game_key), user_id, text,
                                        version=version)

    async def act_in(
        self, game_id: int, user_id: int, text: str, *, version: int | None = None,
    ) -> Report:
        read = await self.read_game(game_id)
        async with self.changing(read) as now:
            return await self.play_text(now, get_game(now.row.game_key), user_id, text,
                                        version=version)

    async def play_text(
        self, read: Read, game: Game, user_id: int, text: str, *, version: int | None = None,
        asks: Asks | None = None, next_step: bool = False,
    ) -> Report:
        """Play `text` for the user in the game as `read` under its lock, and commit it.
        `next_step`: the report gives the mover's legal texts while their turn goes on."""
        row, info = read.row, read.info
        if row.status == "lobby":
            raise ServiceError("error.not_started")
        if row.status != "active" or row.state is None:
            raise ServiceError("error.game_over")
        seat = info.seat_of(user_id)
        if seat is None or seat.seat is None:
            raise ServiceError("error.not_seated")
        if seat.bot is not None:
            raise ServiceError("error.bot_plays_for_you")
        if version is not None and version != row.version:
            raise ServiceError("error.stale")
        asks = asks or Asks(game)
        try:
            state, events = play(game, row.state, seat.seat, text, asked=asks(row.state))
        except IllegalAction as exc:
            raise ServiceError(exc.msg) from exc
        if row.timed_out == seat.seat:  # back in time: the others' decision is moot
            events.insert(0, Event(Msg("platform.back_in_time", {"who": Msg.seat(seat.seat)})))
        return await self.commit(info, row, game, state, events, seat.seat, user_id,
                                 game.canonical(text), asks=asks,
                                 legal_for=seat.seat if next_step else None)

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
        revealed nothing (Game.undoable): with it, the forced actions the platform played right
        after it (bot.service.undoing). Stored as ".undo", one per engine action taken back:
        the others read what was undone."""
        info, seat = await self._playing(channel_id, user_id)
        async with self.lock(info.id):
            row = await self.store.game(info.id)
            assert row is not None and row.state is not None and row.seed is not None
            info = game_info(row, await self.store.seats(row.id))
            actions = await self.store.actions(row.id)
            history = [(a.seat, a.text) for a in actions]
            last = history[-1] if history else (None, UNDO)
            if (last[1].startswith(".") and last[1] != UNDO) or (
                    last[1] == UNDO and last[0] != seat.seat):
                raise ServiceError("error.undo_nothing")  # a platform action, another's undo
            game = get_game(row.game_key)
            try:  # off the event loop: a long history is slow
                latest = await asyncio.to_thread(
                    latest_move, game, len(info.seats), row.seed, row.options, history,
                    [a.user_id is None for a in actions])
            except IllegalAction as exc:  # cannot happen with a verified history
                raise ServiceError("error.undo_nothing") from exc
            # The platform's forced actions after the move are nobody's (undoing.py); a move
            # the platform played for the seat, or a bot's, is not the player's.
            if latest is None or latest.seat != seat.seat or not latest.by_person:
                raise ServiceError("error.undo_nothing")
            if latest.after != row.state or not latest.undoable:
                raise ServiceError("error.undo_revealed")
            undone = Event(undone_line(seat.seat, game.key, latest.text, latest.events))
            # One ".undo" per engine action taken back (engine.core.effective_actions).
            more = [Played(seat.seat, user_id, UNDO, []) for _ in range(latest.count - 1)]
            return await self.commit(info, row, game, latest.before, [undone], seat.seat,
                                     user_id, UNDO, more=more)

    async def abandon(self, channel_id: int, user_id: int, *, can_manage: bool = False) -> GameInfo:
        """Ends the channel's game without a result: its creator or a channel manager only."""
        info = await self.info(channel_id)
        if not info.may_manage(user_id, can_manage):
            raise ServiceError("error.only_creator_abandons")
        async with self.lock(info.id):
            if not await self.written(self.store.set_status(info.id, "abandoned", self.clock()),
                                      lambda: self.status_is(info.id, "abandoned"), "abandon"):
                raise ServiceError("error.no_game")
        return await self.after_write(lambda: self.info_by_id(info.id))


def own_legal(read: Read, game: Game, asks: Asks, user_id: int) -> list[str]:
    """The user's legal texts in the game as read: empty unless it is running and asks their
    seat, which they play themselves."""
    row, seat = read.row, read.info.seat_of(user_id)
    if (row.status != "active" or row.state is None or seat is None or seat.seat is None
            or seat.bot is not None or seat.seat not in asks(row.state)):
        return []
    return game.legal(row.state, seat.seat)


def menu_checks(read: Read, user_id: int) -> None:
    """The refusals of a look at one's own game (the Play menu): not seated, not started, or
    a seat a bot plays since its player left (the move would be refused)."""
    seat = read.info.seat_of(user_id)
    if seat is None or seat.seat is None:
        raise ServiceError("error.not_seated")
    if read.row.state is None:
        raise ServiceError("error.not_started")
    if seat.bot is not None:
        raise ServiceError("error.bot_plays_for_you")


def undone_line(seat: int, game_key: str, text: str, events: Sequence[Event]) -> Msg:
    """What everyone reads of a move taken back: the sentences the log said of it (« Carol
    seeks 1 Huns. »), not its stored text; its words when it said nothing in public."""
    said = [e.msg for e in events if e.to is None]
    if not said:
        return Msg("platform.undone", {"who": Msg.seat(seat), "action": Msg.action(game_key, text)})
    lines = said[0]
    for more in said[1:]:  # one sentence after another
        lines = Msg("platform.lines", {"a": lines, "b": more})
    return Msg("platform.undone_said", {"who": Msg.seat(seat), "said": lines})
