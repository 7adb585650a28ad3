"""Looking a component up by name (`/game card`, and the menus under the Full board and a hand):
the game names its components and says them in words (`Game.components`, `Game.shown`); this
finds one in the channel's game, translates it and draws its small picture. Nothing here knows
a game: a component is whatever the game lists, and it lists its whole catalogue for the game's
options, never where a card lies (a hand, a face-down deck)."""

from __future__ import annotations

import asyncio
import difflib
import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.service.base import ServiceBase
from bot.service.model import GameInfo, ServiceError
from engine.core import Component, Msg
from engine.i18n import LOCALES, translate
from engine.registry import get as get_game


@dataclass(frozen=True)
class Card:
    """A component in one language: its name, kind and lines, and its picture (None without a
    renderer)."""

    game: GameInfo
    id: str
    name: str
    kind: str
    lines: tuple[str, ...]
    image: bytes | None


def folded(text: str) -> str:
    """Text compared as a person types it: no case, no accents, single spaces."""
    plain = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae"})
_NOT_WORD = re.compile(r"[\W_]+")


def words(text: str) -> tuple[str, ...]:
    """A name's words as compared: folded, punctuation (« : », « ' », « - ») as spaces."""
    return tuple(_NOT_WORD.sub(" ", folded(text)).split())


@lru_cache(maxsize=4096)
def forms(word: str) -> frozenset[str]:
    """A word and what it may be in the singular: « huns » is also « hun », « libraries »
    « library », « chevaux » « cheval » (a few forms too many are harmless: both sides of a
    comparison get them)."""
    out = {word}
    if len(word) > 2 and word[-1] in "sx":
        out.add(word[:-1])
    if len(word) > 3 and word.endswith("es"):
        out.add(word[:-2])
    if len(word) > 4 and word.endswith("ies"):
        out.add(word[:-3] + "y")
    if len(word) > 4 and word.endswith("aux"):
        out.add(word[:-3] + "al")
    return frozenset(out)


def _same(typed: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """The whole name, each word in the singular or the plural."""
    return len(typed) == len(name) and all(forms(a) & forms(b) for a, b in zip(typed, name, strict=True))


def _begins(typed: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """The name's beginning, as typed from its first letter."""
    return " ".join(name).startswith(" ".join(typed))


def _word_starts(typed: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Each typed word begins a word of the name, in the name's order (« gui » finds every
    guild, « colossus » The Colossus, « temp art » The Temple of Artemis)."""
    at = 0
    for word in typed:
        while at < len(name) and not any(n.startswith(w) for w in forms(word)
                                         for n in forms(name[at])):
            at += 1
        if at == len(name):
            return False
        at += 1
    return True


def _inside(typed: tuple[str, ...], name: tuple[str, ...]) -> bool:
    return "".join(typed) in "".join(name)


TIERS = (_same, _begins, _word_starts, _inside)  # the closest reading first
SEVERAL = 10  # candidates a refusal names at most
NEAR = 3  # closest names a refusal offers
NEAR_ENOUGH = 0.6  # difflib's ratio below which a name is not offered as close
NEAR_MARGIN = 0.1  # how much less close than the closest another name may be to be offered


@dataclass(frozen=True)
class Entry:
    """A component and its name's words in each language."""

    comp: Component
    names: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Box:
    """What a game holds for one option set, as looked up: every component by id (each copy),
    and each name once (`entries`: identical cards, two Politicians of one section, are one
    entry). The whole box for these options, never where a card lies: it is built from the
    game's key and options alone, before any game is dealt."""

    by_id: dict[str, Component]
    entries: tuple[Entry, ...]


@lru_cache(maxsize=64)  # games x option sets
def _box(game_key: str, options: str) -> Box:
    comps = get_game(game_key).components(json.loads(options))
    named: dict[str, Component] = {}
    for comp in comps:
        named.setdefault(translate(comp.name), comp)
    return Box({c.id: c for c in comps},
               tuple(Entry(c, {loc: words(translate(c.name, loc)) for loc in LOCALES})
                     for c in named.values()))


def box(info: GameInfo) -> Box:
    return _box(info.game_key, json.dumps(info.options or {}, sort_keys=True))


def catalogue(info: GameInfo) -> list[Component]:
    """Every component of the game as set up (its options), each name once."""
    return [e.comp for e in box(info).entries]


def _locales(locale: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys((locale, *LOCALES)))


def _by_name(comps: list[Component], locale: str) -> list[Component]:
    return sorted(comps, key=lambda c: folded(translate(c.name, locale)))


def readings(info: GameInfo, typed: str, locale: str) -> Iterator[list[Component]]:
    """The components `typed` names, reading by reading, the closest first: the whole name (any
    case, accents, singular or plural), its beginning, the beginnings of its words, a part of
    it; each in the reader's language, then the other; each component once."""
    want = words(typed)
    if not want:
        return
    seen: set[str] = set()
    for tier in TIERS:
        for loc in _locales(locale):
            hits = [e.comp for e in box(info).entries
                    if e.comp.id not in seen and tier(want, e.names[loc])]
            seen.update(c.id for c in hits)
            if hits:
                yield _by_name(hits, locale)


def candidates(info: GameInfo, typed: str, locale: str) -> list[Component]:
    """The components of the closest reading of `typed` that finds any (empty: none does)."""
    return next(readings(info, typed, locale), [])


def nearest(info: GameInfo, typed: str, locale: str, n: int = NEAR) -> list[Component]:
    """The `n` components whose names (in either language) look most like `typed`: the whole
    of it against the whole name, or word against word."""
    want = " ".join(words(typed))
    scored = []
    for entry in box(info).entries:
        best = 0.0
        for name in entry.names.values():
            whole = difflib.SequenceMatcher(None, want, " ".join(name)).ratio()
            each = [max(difflib.SequenceMatcher(None, w, x).ratio() for x in name)
                    for w in want.split()] if name else [0.0]
            best = max(best, whole, sum(each) / max(1, len(each)))
        if best >= NEAR_ENOUGH:
            scored.append((-best, folded(translate(entry.comp.name, locale)), entry.comp))
    scored.sort(key=lambda s: (s[0], s[1]))
    # Only those nearly as close as the closest: « Mediteranee » is Méditerranée, not Médecine.
    return [comp for score, _, comp in scored[:n] if score <= scored[0][0] + NEAR_MARGIN]


def find(info: GameInfo, typed: str, locale: str) -> Component:
    """The component `typed` names: its id (what autocomplete and a lookup menu send: any
    copy's), else the one candidate; several: a refusal naming them; none: a refusal offering
    the closest names."""
    stripped = typed.strip()
    if stripped in box(info).by_id:
        return box(info).by_id[stripped]
    found = candidates(info, typed, locale)
    if len(found) == 1:
        return found[0]
    name = stripped[:80]
    if found:
        shown: list[Msg] = [c.name for c in found[:SEVERAL]]
        if len(found) > SEVERAL:
            shown.append(Msg("cards.more", {"n": len(found) - SEVERAL}))
        raise ServiceError("error.component_several", name=name, n=len(found),
                           names=tuple(shown))
    near = nearest(info, typed, locale)
    if near:
        raise ServiceError("error.component_near", name=name, n=len(near),
                           names=tuple(c.name for c in near))
    raise ServiceError("error.no_component", name=name)


def matching(info: GameInfo, typed: str, locale: str, limit: int = 25) -> list[tuple[str, str]]:
    """(label, id) for autocomplete: every component for nothing typed, else those `typed`
    names, the closest reading first, else the closest names; labels in the reader's
    language."""
    if not words(typed):
        found = _by_name(catalogue(info), locale)
    else:
        found = [c for reading in readings(info, typed, locale) for c in reading] \
            or nearest(info, typed, locale, limit)
    return [(translate(c.name, locale), c.id) for c in found[:limit]]


def title(name: str) -> str:
    """A name as a title: its first letter capital ("the red noble" is "The red noble", « l'esclave
    rouge » « L'esclave rouge »), the rest as the catalogue writes it."""
    return name[:1].upper() + name[1:]


class CardsMixin(ServiceBase):
    async def looked_up_game(self, channel_id: int | None, game_id: int | None = None) -> GameInfo:
        """The game a lookup is about: by id (a menu under a post), or the channel's (running
        or the latest)."""
        if game_id is not None:
            return await self.info_by_id(game_id)
        return await self.info(channel_id or 0, live=False)

    async def card(self, info: GameInfo, typed: str, *, locale: str,
                   picture: bool = True) -> Card:
        """The component `typed` names in `info`'s game, in `locale`, with its picture (none
        when `picture` is False: the console says it in words)."""
        comp = find(info, typed, locale)
        name, kind = title(translate(comp.name, locale)), translate(comp.kind, locale)
        lines = tuple(translate(line, locale) for line in comp.lines)
        png = None
        draw: Any = getattr(self.renderer, "card", None)
        if draw is not None and picture:
            png = await asyncio.to_thread(draw, info.game_key, comp.id, name, kind, lines, locale)
        return Card(info, comp.id, name, kind, lines, png)

    async def shown_on_board(self, info: GameInfo) -> list[Component]:
        """The components the complete board shows (the public view), to look up."""
        row = await self.store.game(info.id)
        if row is None or row.state is None:
            return []
        game = get_game(info.game_key)
        return in_view(info, game.view(row.state, None))


def in_view(info: GameInfo, view: dict[str, Any]) -> list[Component]:
    """The components a view shows, in the order the game meets them."""
    game = get_game(info.game_key)
    by_id = {c.id: c for c in game.components(info.options or {})}
    return [by_id[cid] for cid in game.shown(view) if cid in by_id]
