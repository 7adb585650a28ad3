"""A game's rules for a newcomer (`/game rules`), read from data/<module>/rules.<locale>.md: one
section a `## <id> — <title>` heading (`about`, `turn`, `scoring`, `end`, `options`, and
`edition` for what this edition reconstructs), its paragraphs below, and the pages a reader
turns: as many paragraphs as fit in PAGE characters, so that a page reads on a phone.

A game without such a file has one page, its short summary (`Game.rules`)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import data
from engine.core import Game
from engine.i18n import DEFAULT_LOCALE, translate

PAGE = 900  # characters of text a page holds at most (a phone's screen, and Discord's limits)
SECTIONS = ("about", "turn", "scoring", "end", "options", "edition")
_HEADING = re.compile(r"^## ([a-z]+) — (.+)$", re.M)


@dataclass(frozen=True)
class Page:
    section: str  # its section's id
    title: str  # its section's title
    text: str


def pages(game: Game, locale: str) -> tuple[Page, ...]:
    """Every page of the game's rules in `locale` (English where that file is missing)."""
    found = _read(game.module, locale) or _read(game.module, DEFAULT_LOCALE)
    if found:
        return found
    return (Page("about", game.key, translate(game.rules(), locale)),)


def option_lines(game: Game, pages_: tuple[Page, ...], page: int, locale: str) -> list[str]:
    """Each option as typed and what it does, on the page that lists them: the first of the
    options section, or the only page; none elsewhere."""
    first = pages_[page].section == "options" and (
        page == 0 or pages_[page - 1].section != "options")
    if not game.options or not (first or len(pages_) == 1):
        return []
    return [f"`{o.typed}` — {translate(o.help, locale)}" for o in game.options]


def page_of(pages_: tuple[Page, ...], word: str, locale: str) -> int | None:
    """The page (0-based) a reader asks for: a section by its id (`turn`) or the beginning of
    its title in `locale` (« tour », any case, accents or not); None when none reads so."""
    want = _fold(word)
    if not want:
        return None
    by_id = (i for i, page in enumerate(pages_) if page.section == want)
    by_title = (i for i, page in enumerate(pages_)
                if any(w.startswith(want) for w in [_fold(page.title), *_fold(page.title).split()]))
    return next(by_id, next(by_title, None))


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


@lru_cache(maxsize=64)  # games x locales
def _read(module: str, locale: str) -> tuple[Page, ...]:
    path = data.path(module, f"rules.{locale}.md")
    if not path.exists():
        return ()
    text = path.read_text(encoding="utf-8")
    heads = list(_HEADING.finditer(text))
    out: list[Page] = []
    for i, head in enumerate(heads):
        section, title = head.group(1), head.group(2).strip()
        if section not in SECTIONS:
            raise ValueError(f"{path.name}: unknown section {section!r}")
        body = text[head.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        out += [Page(section, title, chunk) for chunk in _chunks(body)]
    return tuple(out)


def _chunks(body: str) -> list[str]:
    """The section's paragraphs gathered into pages of at most PAGE characters."""
    paragraphs = [p.strip() for p in body.strip().split("\n\n") if p.strip()]
    out: list[str] = []
    for p in paragraphs:
        if len(p) > PAGE:
            raise ValueError(f"a paragraph longer than a page ({len(p)} characters): {p[:60]}")
        if out and len(out[-1]) + 2 + len(p) <= PAGE:
            out[-1] += "\n\n" + p
        else:
            out.append(p)
    return out
