"""`tabula ratings`: every rating again from the stored results (`rebuild`), a person's ratings
(`show`) and each game's leaderboard (`leaderboard`) of a database, for console players as for
a server's; the bots' fixed ratings are measured by `bots` (bot/tools/botratings.py).

    tabula ratings rebuild [--db PATH|URL] [--lang fr]
    tabula ratings show alice [--db PATH|URL] [--lang fr]
    tabula ratings leaderboard [GAME] [--limit 10] [--db PATH|URL] [--lang fr]

`rebuild` recomputes, in one transaction, every person's rating from the finished games in the
order they were rated (games finished before ratings existed first, in the order they finished)
and prints how many games it rated and whether anything changed: after an upgrade it rates the
older games; otherwise it gives exactly what the games' own updates gave. None of them creates
a database: a path that names no file is refused.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from babel.numbers import format_decimal

from bot.ratings import PROVISIONAL, shown
from bot.service.model import RatingChange
from bot.store import RatingRow, Storage, StoreError, is_url, open_store
from bot.store import shown as shown_target
from engine import Msg
from engine.core import IllegalAction
from engine.i18n import translate
from engine.registry import get as get_game

T = TypeVar("T")


def number(n: float, locale: str) -> str:
    return format_decimal(n, locale=locale)


def signed(n: int, locale: str) -> str:
    return ("+" if n > 0 else "−" if n < 0 else "±") + number(abs(n), locale)


def rating_words(row: RatingRow, locale: str) -> str:
    """A rating as players read it, with how many games it rests on."""
    key = "ratings.provisional" if row.games < PROVISIONAL else "ratings.settled"
    return translate(Msg(key, {"rating": number(shown(row.mu, row.sigma), locale),
                               "n": row.games}), locale)


def change_line(changes: dict[int, RatingChange], names: Sequence[tuple[int, str]],
                locale: str) -> str | None:
    """A finished game's rating changes in one line (the console's end), people in `names`'
    order; None when the game changed no rating."""
    parts = [translate(Msg("ratings.change", {
        "name": name, "delta": signed(changes[user].delta, locale),
        "rating": number(changes[user].after, locale)}), locale)
        for user, name in names if user in changes]
    return translate(Msg("ratings.changes", {"changes": " · ".join(parts)}), locale) if parts \
        else None


async def _with_store(target: str, locale: str, out: TextIO | None,
                      work: Callable[[Storage], Awaitable[T]]) -> T | None:
    """`work` on the store at `target`, or None after saying why it cannot be opened: a file
    that does not exist is refused (opening it would create an empty database)."""
    where = shown_target(target)
    if not is_url(target) and not Path(target).is_file():
        print(translate(Msg("ratings.missing", {"target": where}), locale), file=sys.stderr)
        return None
    try:
        store = await open_store(target)
    except StoreError as exc:
        print(translate(Msg("ratings.unusable", {"target": where, "error": str(exc)}), locale),
              file=sys.stderr)
        return None
    try:
        return await work(store)
    finally:
        await store.close()


async def rebuild_command(target: str, out: TextIO | None = None, locale: str = "en") -> int:
    async def work(store: Storage) -> tuple[list[RatingRow], int, list[RatingRow]]:
        before = await store.all_ratings()
        games = await store.rebuild_ratings()
        return before, games, await store.all_ratings()

    done = await _with_store(target, locale, out, work)
    if done is None:
        return 2
    before, games, after = done
    changed = (Msg("ratings.unchanged") if before == after
               else Msg("ratings.changed", {"n": len(before)}))
    print(translate(Msg("ratings.rebuilt", {
        "target": shown_target(target), "games": games, "n": len(after),
        "people": len({r.user_id for r in after}), "changed": changed}), locale), file=out)
    return 0


def _matches(row: RatingRow, user: str) -> bool:
    wanted = user.strip().lstrip("@").casefold()
    return row.name.casefold() == wanted or str(row.user_id) == wanted


async def show_command(target: str, user: str, out: TextIO | None = None,
                       locale: str = "en") -> int:
    """A person's rating in each game they have played, by their name or user id."""
    rows = await _with_store(target, locale, out, lambda store: store.all_ratings())
    if rows is None:
        return 2
    mine = [r for r in rows if _matches(r, user)]
    if not mine:
        print(translate(Msg("ratings.show.none", {"user": user,
                                                  "target": shown_target(target)}), locale),
              file=out)
        return 1
    for user_id in dict.fromkeys(r.user_id for r in mine):
        rows_of = [r for r in mine if r.user_id == user_id]
        print(translate(Msg("ratings.show.title", {"name": rows_of[0].name, "id": user_id}),
                        locale), file=out)
        for r in rows_of:
            print(translate(Msg("ratings.show.line", {
                "game": get_game(r.game_key).name(), "rating": rating_words(r, locale),
                "mu": number(round(r.mu, 2), locale), "sigma": number(round(r.sigma, 2), locale),
            }), locale), file=out)
    return 0


async def leaderboard_command(target: str, game_key: str | None, limit: int,
                              out: TextIO | None = None, locale: str = "en") -> int:
    """Each game's people, best conservative rating (μ − 3σ) first: everyone the database
    rated (a console has no server; a server's own list is Discord's /game leaderboard)."""
    try:
        key = get_game(game_key).key if game_key is not None else None
    except IllegalAction as exc:
        print(translate(exc.msg, locale), file=sys.stderr)
        return 2
    rows = await _with_store(target, locale, out, lambda store: store.all_ratings())
    if rows is None:
        return 2
    games = [key] if key is not None else sorted({r.game_key for r in rows})
    shown_any = False
    for game in games:
        board = sorted((r for r in rows if r.game_key == game),
                       key=lambda r: (-(r.mu - 3 * r.sigma), r.user_id))
        if not board:
            continue
        shown_any = True
        print(translate(Msg("ratings.board.title", {"game": get_game(game).name(),
                                                    "n": len(board)}), locale), file=out)
        for rank, r in enumerate(board[:max(1, limit)], start=1):
            print(translate(Msg("ratings.board.line", {
                "rank": rank, "name": r.name, "rating": rating_words(r, locale)}), locale),
                file=out)
    if not shown_any:
        print(translate(Msg("ratings.board.none", {"target": shown_target(target)}), locale),
              file=out)
    return 0
