"""Ratings as the posts write them: a rating with its provisional mark, a change (+12), and
the end post's line of each person's change (shown under the result by turnpost.py).
Numbers are written as each language writes them (1,534 / 1 534) through Babel."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.discord.i18n import shown, t
from bot.service import Report


def number(n: float, locale: str) -> str:
    return format_decimal(n, locale=locale)


def signed(n: int, locale: str) -> str:
    return ("+" if n > 0 else "−" if n < 0 else "±") + number(abs(n), locale)


def rating_text(rating: int, games: int, provisional: bool, locale: str) -> str:
    text = number(rating, locale)
    return t("discord.rating.provisional", locale, rating=text, n=games) if provisional else text


def rating_line(report: Report) -> list[str]:
    """The end post's ratings: each person's change and new rating, in seat order."""
    info = report.game
    changes = report.ratings
    locale = info.locale
    parts = []
    for seat in info.seats:
        change = changes.get(seat.user_id)
        if change is None:
            continue
        parts.append(t("discord.rating.change", locale, name=shown(seat.name),
                       delta=signed(change.delta, locale), rating=number(change.after, locale)))
    return [t("discord.rating.changes", locale, changes=" · ".join(parts))] if parts else []
