"""Ratings where a player sees them (issue 27): `/game leaderboard [game]` (the server's people
by conservative rating per game, bot/ratings.py), `/game stats [user] [game]` (a player's
record on this server, their rating across servers and its history as a small chart), and the
end post's line of rating changes (bot/discord/rating_words.py, shown by turnpost.py).

Numbers are written as each language writes them (1,534 / 1 534) through Babel.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import discord
from discord import app_commands

from bot.discord.days import leaderboard as wins_leaderboard
from bot.discord.i18n import clip, command_text, shown, slash, t, user_locale
from bot.discord.looking import game_name
from bot.discord.rating_words import number, rating_text
from bot.discord.replies import guild_of, refusals, service_of, tell, think
from bot.service import Ladder, Stats
from render.chart import history_chart

CHART = "rating.png"


def ladder_lines(ladder: Ladder, locale: str, *, title: bool) -> list[str]:
    lines = [t("discord.ladder.title", locale, game=game_name(ladder.game_key, locale),
               n=ladder.people)] if title else []
    for rank, row in enumerate(ladder.rows, start=1):
        lines.append(t("discord.ladder.line", locale, rank=rank, name=shown(clip(row.name, 40)),
                       rating=rating_text(row.rating, row.games, row.provisional, locale),
                       n=row.games))
    return lines


@slash("game leaderboard", games=("game",))
@app_commands.describe(game=command_text("game leaderboard game"),
                       bots=command_text("game leaderboard bots"))
async def leaderboard(interaction: discord.Interaction, game: str | None = None,
                      bots: bool = False) -> None:
    """The server's people by rating, per game (`bots`: the former table of wins in the games
    where bots were seated, bot/discord/days.py)."""
    if bots:
        await wins_leaderboard(interaction, game, bots)
        return
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        guild_id = guild_of(interaction)
        service = service_of(interaction)
        ladders = await service.ladder(guild_id, game,
                                       limit=20 if game else 5)
        lines = [t("discord.ladder.head", locale,
                   game=game_name(game, locale) if game else t("discord.board_of.all", locale))]
        if not any(ladder.rows for ladder in ladders):
            lines.append(t("discord.board_of.empty", locale))
        for ladder in ladders:
            lines += ladder_lines(ladder, locale, title=True)
        lines.append(t("discord.ladder.note", locale))
        await tell(interaction, clip("\n".join(lines), 2000))


def stats_lines(stats: Stats, locale: str) -> list[str]:
    lines = [t("discord.stats.title", locale, name=shown(clip(stats.name, 40)))]
    if not stats.games:
        lines.append(t("discord.stats.none", locale))
    for g in stats.games:
        head = [t("discord.stats.played", locale, played=g.played, won=g.won,
                  n=g.played)]
        if g.rating is not None:
            head.append(t("discord.stats.rating", locale, rating=rating_text(
                g.rating.rating, g.rating.games, g.rating.provisional, locale)))
        if g.best is not None and g.average is not None:
            head.append(t("discord.stats.scores", locale, best=number(g.best, locale),
                          average=number(round(g.average, 1), locale)))
        if g.streak:
            key = "discord.stats.wins" if g.streak > 0 else "discord.stats.losses"
            head.append(t(key, locale, n=abs(g.streak)))
        lines.append(f"**{game_name(g.game_key, locale)}** — " + " · ".join(head))
    habits = []
    if stats.seconds_per_move is not None:
        habits.append(t("discord.stats.per_move", locale,
                        time=_duration(stats.seconds_per_move, locale), n=stats.moves))
    habits.append(t("discord.stats.resigned", locale, n=stats.resigned))
    habits.append(t("discord.stats.timed_out", locale, n=stats.timed_out))
    lines.append(" · ".join(habits))
    return lines


def _duration(seconds: float, locale: str) -> str:
    if seconds < 90:
        return t("discord.stats.seconds", locale, n=round(seconds))
    if seconds < 90 * 60:
        return t("discord.stats.minutes", locale, n=round(seconds / 60))
    if seconds < 36 * 3600:
        return t("discord.stats.hours", locale, n=round(seconds / 3600))
    return t("discord.stats.days", locale, n=round(seconds / 86400))


def stats_chart(stats: Stats, locale: str) -> bytes | None:
    """The rating history of each game with at least two rated games, as one chart."""
    lines = [(game_name(g.game_key, locale), g.history) for g in stats.games
             if len(g.history) >= 2]
    if not lines:
        return None
    return history_chart(lines, t("discord.stats.chart", locale, name=stats.name),
                         t("discord.stats.chart_games", locale))


@slash("game stats", games=("game",))
@app_commands.describe(user=command_text("game stats user"), game=command_text("game stats game"))
async def stats(interaction: discord.Interaction, user: discord.User | None = None,
                game: str | None = None) -> None:
    if not await think(interaction):
        return
    async with refusals(interaction):
        locale = user_locale(interaction)
        guild_id = guild_of(interaction)
        who = user or interaction.user
        found = await service_of(interaction).stats(
            guild_id, who.id, getattr(who, "display_name", who.name), game)
        chart = stats_chart(found, locale)
        extra = {"file": discord.File(io.BytesIO(chart), filename=CHART)} if chart else {}
        await tell(interaction, clip("\n".join(stats_lines(found, locale)), 2000), **extra)


def write_stats_samples(out: Path) -> list[Path]:
    """The /game stats chart of a sample player (two games, a few dozen rated games), in
    both languages: docs/samples/stats/rating-{en,fr}.png (`tabula samples`)."""
    from bot.service import GameStats

    rng = random.Random(27)
    games = []
    for key, count in (("duel", 36), ("heros", 14)):
        value, history = 1000, []
        for _ in range(count):
            value += rng.randint(-30, 55)
            history.append(value)
        games.append(GameStats(key, count, count // 2, None, None, 1, None, tuple(history)))
    sample = Stats(1, "Hypatia", tuple(games), 0, None, 0, 0)
    folder = out / "stats"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for locale in ("en", "fr"):
        chart = stats_chart(sample, locale)
        assert chart is not None
        path = folder / f"rating-{locale}.png"
        path.write_bytes(chart)
        written.append(path)
    return written
