"""Across games: a user's games (/game mine), a guild's defaults and its leaderboard."""

from __future__ import annotations

from bot.service.base import ServiceBase, checked_game, checked_pace, game_info
from bot.service.model import MyGame, ServiceError, Standing
from bot.store import GuildSettings
from engine import Outcome
from engine.registry import get as get_game


class RecordsMixin(ServiceBase):
    async def mine(self, user_id: int) -> list[MyGame]:
        """The user's lobbies and running games, those waiting on them first."""
        now = self.clock()
        found = []
        # One query whatever the number of games, and no game's state: a seat is asked to act
        # exactly when its clock says since when (`asked_since`, kept with every move).
        for row, seats in await self.store.seated_games(user_id):
            info = game_info(row, seats)
            seat = info.seat_of(user_id)
            number = seat.seat if seat else None
            clock = info.seat_clocks.get(number) if number is not None else None
            # A bot asks nothing of the user: nor does a seat they left (a bot plays it).
            person = seat is not None and seat.bot is None
            waiting = (info.status == "active" and person and clock is not None
                       and clock.asked_since is not None)
            if info.status == "active" and person and all(
                    c.asked_since is None for c in info.clocks):
                # Started before clocks were kept (schema 1): ask the rules.
                full = await self.store.game(row.id)
                waiting = (full is not None and full.state is not None and number is not None
                           and number in get_game(row.game_key).prompt(full.state))
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
        new_pace = old.pace if pace is None else (p.to_json() if (p := checked_pace(pace)) else None)
        new = GuildSettings(guild_id, locale or old.locale, new_pace,
                            old.threads if threads is None else threads)
        await self.store.set_guild_settings(new)
        return new

    async def leaderboard(self, guild_id: int, game_key: str | None = None, *,
                          bots: bool = False) -> list[Standing]:
        """Finished games of the guild: games played and won per player (a shared victory is
        a win), most wins first, then the best ratio, then most played. Games between people
        only, or (`bots`) only the games where bots were seated at the start; bots themselves
        are never listed. A game a player left for a bot counts among games between people:
        a loss for them."""
        if game_key is not None:
            game_key = checked_game(game_key).key
        played: dict[int, list[int]] = {}
        names: dict[int, str] = {}
        for row, seats in await self.store.finished(guild_id, game_key, bots=bots):
            winners = set(Outcome.from_json(row.outcome).winners) if row.outcome else set()
            for s in seats:
                if s.user_id < 0:  # a bot seated in the lobby
                    continue
                tally = played.setdefault(s.user_id, [0, 0])
                tally[0] += 1
                tally[1] += s.seat in winners
                names[s.user_id] = s.name  # the latest name they played under
        table = [Standing(u, names[u], p, w) for u, (p, w) in played.items()]
        table.sort(key=lambda r: (-r.won, -r.won / r.played, -r.played, r.name.lower()))
        return table
