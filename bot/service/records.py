"""Across games: a user's games (/game mine), a guild's defaults, its leaderboard (ratings per
game, bot/ratings.py), a player's record (/game stats) and what a finished game did to its
people's ratings (the end post)."""

from __future__ import annotations

from bot import ratings
from bot.service.base import ServiceBase, checked_game, checked_pace, game_info
from bot.service.model import (
    GameStats,
    Ladder,
    MyGame,
    Rated,
    RatingChange,
    ServiceError,
    Standing,
    Stats,
)
from bot.store import GuildSettings, RatingRow
from engine import Outcome
from engine.registry import get as get_game
from engine.registry import keys as game_keys

LADDER = 20  # people listed per game


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
        await self.written(self.store.set_guild_settings(new),
                           lambda: self._settings_are(new), "server's settings")
        return new

    async def _settings_are(self, settings: GuildSettings) -> bool | None:
        return True if await self.store.guild_settings(settings.guild_id) == settings else None

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

    async def ladder(self, guild_id: int, game_key: str | None = None, *,
                     limit: int = LADDER) -> list[Ladder]:
        """The guild's leaderboard of one game (or of each game played there): the people
        rated in its games, best conservative rating (μ − 3σ) first; their ratings are across
        servers, the list is the server's. Bots are never listed."""
        keys = [checked_game(game_key).key] if game_key is not None else game_keys()
        found = []
        for key in keys:
            rows, people = await self.store.leaderboard(guild_id, key, limit)
            if people or game_key is not None:
                found.append(Ladder(key, tuple(_rated(r) for r in rows), people))
        return found

    async def rating_changes(self, game_id: int) -> dict[int, RatingChange]:
        """user id -> what the finished game did to their rating (empty before it is rated)."""
        return {c.user_id: RatingChange(c.user_id, ratings.shown(c.mu_before, c.sigma_before),
                                        ratings.shown(c.mu, c.sigma))
                for c in await self.store.rating_changes(game_id)}

    async def stats(self, guild_id: int, user_id: int, name: str,
                    game_key: str | None = None) -> Stats:
        """A person's record on this server: per game, games played and won, best and average
        score, the current streak, their rating (across servers) and its history; their moves,
        average time per move, resignations and run-out clocks."""
        if game_key is not None:
            game_key = checked_game(game_key).key
        per: dict[str, list[tuple[bool, int | None]]] = {}
        for row, seats in await self.store.played(user_id, guild_id):
            if game_key is not None and row.game_key != game_key:
                continue
            seat = next((s.seat for s in seats if s.user_id == user_id), None)
            if seat is None or row.outcome is None:
                continue
            outcome = Outcome.from_json(row.outcome)
            scores = outcome.scores
            score = scores[seat] if scores is not None and seat < len(scores) else None
            per.setdefault(row.game_key, []).append((seat in outcome.winners, score))
        rated = {r.game_key: r for r in await self.store.ratings_of(user_id)}
        games = []
        for key in sorted(set(per) | ({game_key} if game_key and game_key in rated else set())):
            results = per.get(key, [])
            scores = [s for _, s in results if s is not None]
            streak = 0
            for won, _ in reversed(results):
                if streak == 0:
                    streak = 1 if won else -1
                elif (streak > 0) == won:
                    streak += 1 if won else -1
                else:
                    break
            history = tuple(ratings.shown(c.mu, c.sigma)
                            for c in await self.store.rating_history(user_id, key))
            games.append(GameStats(
                key, len(results), sum(won for won, _ in results),
                max(scores) if scores else None,
                sum(scores) / len(scores) if scores else None, streak,
                _rated(rated[key]) if key in rated else None, history))
        moves, seconds, resigned, timed_out = await self.store.habits(user_id, guild_id)
        shown_name = next((r.name for r in rated.values() if r.name), name)
        return Stats(user_id, name or shown_name, tuple(games), moves,
                     seconds / moves if moves else None, resigned, timed_out)


def _rated(row: RatingRow) -> Rated:
    return Rated(row.user_id, row.name, ratings.shown(row.mu, row.sigma), row.games,
                 row.games < ratings.PROVISIONAL)
