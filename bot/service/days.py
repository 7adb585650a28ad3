"""Play over days: a user's notification choices and vacations, the clocks they stop and
restart, the background round (`tick`: vacations over, clocks run out, reminders) and the other
players' decision about a seat whose clock ran out (in a game of 3 or more, a bot may take it
over). Bots have no running clock: the round leaves their seats alone."""

from __future__ import annotations

from bot import clock as clocks
from bot.clock import Clock
from bot.service.base import ServiceBase, checked_id, game_info, takeover
from bot.service.model import Report, ServiceError
from bot.service.notices import Notice, remind_after
from bot.store import UserPrefs, Waiting
from engine import Event, Msg, Outcome, play
from engine.core import ranked_last
from engine.registry import get as get_game


class DaysMixin(ServiceBase):
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
        await self.written(self.store.set_prefs(new), lambda: self.prefs_are(new),
                           "preferences")
        return new

    async def prefs_are(self, prefs: UserPrefs) -> bool | None:
        """`written`'s look for a user's preferences: True if they are stored as `prefs`."""
        return True if await self.store.prefs(prefs.user_id) == prefs else None

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
        await self.written(self.store.set_prefs(new), lambda: self.prefs_are(new), "vacation")
        return new, await self.after_write(
            lambda: self._restart_clocks(user_id, now, "vacation" if until else "back"))

    async def _restart_clocks(self, user_id: int, now: float, kind: str) -> list[Notice]:
        """Stop or start the user's clocks in every running game after a vacation change."""
        notices = []
        away = await self.store.away(now)
        for row in await self.store.user_games(user_id):
            if row.status != "active" or row.state is None:
                continue
            async with self.lock(row.id):
                # Guarded by the game's version: a move stored meanwhile (by another process)
                # wins, and the clocks are computed again from it.
                for _attempt in range(5):
                    row = await self.store.game(row.id)  # type: ignore[assignment]
                    if row is None or row.state is None or row.status != "active":
                        break
                    info = game_info(row, await self.store.seats(row.id))
                    asked = get_game(row.game_key).prompt(row.state)
                    new = {}
                    for seat, clock in info.seat_clocks.items():
                        user = info.user_of(seat)
                        clock = clock.stopped(now)
                        runs = (seat in asked and clock.bank is not None and user is not None
                                and user.bot is None and user.user_id not in away
                                and row.timed_out != seat)
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
                        f"notice.{kind}", {"who": Msg.seat(seat.seat)}), None,
                        once=f"{kind}:{user_id}:{now}"))
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
        # A bot answers at once: nothing to remind, no clock.
        waiting = [w for w in await self.store.waiting() if w.bot is None]
        # Everyone's reminder delay in one query (not one per player: thousands a minute).
        prefs_of = await self.store.prefs_of({w.user_id for w in waiting if w.user_id not in away})
        for w in waiting:
            left = w.clock.left(now)
            if left is not None and left <= 0 and w.clock.running_since is not None \
                    and w.timed_out is None:
                notices += await self._time_out(w, now)
                continue
            if w.user_id in away or w.timed_out == w.seat or w.clock.asked_since is None:
                continue
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
                    }), w.user_id, (w.user_id,),
                    f"reminder:{w.seat}:{w.version}:{w.clock.asked_since}:{w.reminded_at}"))
        return notices

    async def _time_out(self, w: Waiting, now: float) -> list[Notice]:
        """Notice the clock of `w` ran out: once, and only if nothing changed since it was read
        (a move, or "one more day" given in the meantime by this or another process)."""
        game_id, seat = w.game_id, w.seat
        async with self.lock(game_id):
            read = await self.read_game(game_id)
            info = read.info
            if not any(s.seat not in (None, seat) and s.bot is None for s in info.seats):
                return []  # only bots play on: nobody to decide, the game waits for its player
            stopped = {s: c.stopped(now) if s == seat else c
                       for s, c in info.seat_clocks.items()}
            if not await self.store.set_timed_out(game_id, seat, version=w.version,
                                                  clocks=stopped, seen=w.clock):
                return []  # moved meanwhile, given more time, or already noticed
        others = tuple(s.user_id for s in info.seats
                       if s.seat is not None and s.seat != seat and s.bot is None)
        key = "notice.timeout_bot" if len(info.seats) >= 3 else "notice.timeout"
        state = read.row.state
        if state is None or get_game(info.game_key).default_action(state, seat) is None:
            key += "_no_default"  # the notice offers only the buttons timeout_choices gives
        return [Notice("timeout", game_id, info.channel_id,
                       Msg(key, {"who": Msg.seat(seat)}), None, others,
                       f"timeout:{seat}:{w.version}:{w.clock.running_since}")]

    async def timeout_choices(self, game_id: int) -> list[str]:
        """What the other players may decide about the seat whose clock ran out."""
        info = await self.info_by_id(game_id)
        row = await self.store.game(game_id)
        if row is None or row.state is None or info.timed_out is None or info.status != "active":
            return []
        game = get_game(info.game_key)
        skip = ["skip"] if game.default_action(row.state, info.timed_out) is not None else []
        bot = ["bot"] if len(info.seats) >= 3 else []  # with 2, ending the game says the same
        return [*skip, *bot, "end", "wait"]

    async def decide_timeout(
        self, game_id: int, user_id: int, choice: str, *, version: int | None = None,
    ) -> Report:
        """Another player decides for the seat whose clock ran out: `skip` (the rules' default
        action is played for them), `bot` (in a game of 3 or more: a bot plays their seat from
        now on, and they rank last, as if they had resigned), `end` (the game ends, the absent
        player loses) or `wait` (one more day on their clock). The first decision counts."""
        async with self.lock(checked_id(game_id)):
            row = await self.store.game(game_id)
            if row is None or row.state is None or row.status != "active":
                raise ServiceError("error.game_over")
            info = game_info(row, await self.store.seats(row.id))
            absent = info.timed_out
            seat = info.seat_of(user_id)
            if absent is None or (version is not None and version != row.version):
                raise ServiceError("error.stale")
            if seat is None or seat.seat is None or seat.seat == absent or seat.bot is not None:
                raise ServiceError("error.timeout_not_yours")
            game = get_game(row.game_key)
            who = {"who": Msg.seat(absent), "by": Msg.seat(seat.seat)}
            if choice == "end":
                gone = info.left_seats
                others = tuple(s.seat for s in info.seats  # type: ignore[misc]
                               if s.seat not in (None, absent) and s.seat not in gone)
                outcome = ranked_last(Outcome(others, None, Msg("outcome.timeout", who)), gone,
                                      len(info.seats))
                return await self.commit(info, row, game, row.state, [], absent, user_id,
                                          ".timeout", outcome)
            if choice == "bot":
                if len(info.seats) < 3:
                    raise ServiceError("error.stale")
                event = Event(Msg("platform.bot_for", who))
                return await self.commit(info, row, game, row.state, [event], absent, user_id,
                                          ".bot", bots=takeover(row.seed, absent))
            if choice == "skip":
                text = game.default_action(row.state, absent)
                if text is None:
                    raise ServiceError("error.no_default_action")
                state, events = play(game, row.state, absent, text)
                # The move itself is told only to its player: a default move may be hidden
                # (a Res Publica delivery); the game's own events say what is public.
                events[:0] = [Event(Msg("platform.skipped", who)), Event(Msg(
                    "platform.skipped_you", {"action": Msg.action(game.key, text)}), (absent,))]
                return await self.commit(info, row, game, state, events, absent, user_id, text)
            if choice != "wait":
                raise ServiceError("error.stale")
            now = self.clock()
            extended = info.seat_clocks
            old = extended[absent]
            extended[absent] = Clock((old.bank or 0.0) + clocks.EXTRA_TIME, now, old.asked_since)
            if not await self.written(
                    self.store.set_timed_out(game_id, None, version=row.version,
                                             clocks=extended),
                    lambda: self._extended(game_id, absent, extended[absent]), "one more day"):
                raise ServiceError("error.stale")
        state = row.state

        async def reported() -> Report:
            # A post like a turn post, its picture included (what changed since the last:
            # nothing).
            info = await self.info_by_id(game_id)
            told, _ = await self.store.since_told(game_id)
            report = await self.report(info, game, state, [],
                                       previous=told.get("view") if told else None)
            report.public.append(Msg("platform.extra_time", {
                **who, "time": clocks.duration(clocks.EXTRA_TIME)}))
            return report

        return await self.after_write(reported)

    async def _extended(self, game_id: int, seat: int, clock: Clock) -> bool | None:
        """`written`'s look for one more day: the seat's clock is no longer out, and has it."""
        read = await self.read_game(game_id)
        given = read.row.timed_out is None and read.info.seat_clocks.get(seat) == clock
        return True if given else None
