"""Looking a component up by name (`/game card`, and the menus under the Full board and a hand):
the game names its components and says them in words (`Game.components`, `Game.shown`); this
finds one in the channel's game, translates it and draws its small picture. Nothing here knows
a game: a component is whatever the game lists, and it lists its whole catalogue for the game's
options, never where a card lies (a hand, a face-down deck)."""

from __future__ import annotations

import asyncio
import unicodedata
from dataclasses import dataclass
from typing import Any

from bot.service.base import ServiceBase
from bot.service.model import GameInfo, ServiceError
from engine.core import Component
from engine.i18n import translate
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
    plain = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def catalogue(info: GameInfo) -> list[Component]:
    """Every component of the game as set up (its options), each name once: identical cards
    (two Politicians of one section) are one entry to look up."""
    seen: set[str] = set()
    out = []
    for comp in get_game(info.game_key).components(info.options or {}):
        name = translate(comp.name)
        if name not in seen:
            seen.add(name)
            out.append(comp)
    return out


def find(info: GameInfo, typed: str, locale: str) -> Component:
    """The component `typed` names: its id (what autocomplete sends), or its name in the
    reader's language or in English, typed without case or accents; else a refusal."""
    comps = get_game(info.game_key).components(info.options or {})
    want = folded(typed)
    for comp in comps:
        if comp.id == typed.strip():
            return comp
    for loc in dict.fromkeys((locale, "en")):
        for comp in comps:
            if folded(translate(comp.name, loc)) == want:
                return comp
    raise ServiceError("error.no_component", name=typed.strip()[:80])


def matching(info: GameInfo, typed: str, locale: str, limit: int = 25) -> list[tuple[str, str]]:
    """(label, id) of the components whose name in the reader's language contains what was
    typed (those that start with it first), for autocomplete."""
    want = folded(typed)
    found = []
    for comp in catalogue(info):
        label = translate(comp.name, locale)
        at = folded(label).find(want)
        if at >= 0:
            found.append((at != 0, label, comp.id))
    found.sort(key=lambda f: (f[0], folded(f[1])))
    return [(label, cid) for _, label, cid in found[:limit]]


class CardsMixin(ServiceBase):
    async def looked_up_game(self, channel_id: int | None, game_id: int | None = None) -> GameInfo:
        """The game a lookup is about: by id (a menu under a post), or the channel's (running
        or the latest)."""
        if game_id is not None:
            return await self.info_by_id(game_id)
        return await self.info(channel_id or 0, live=False)

    async def card(self, info: GameInfo, typed: str, *, locale: str) -> Card:
        """The component `typed` names in `info`'s game, in `locale`, with its picture."""
        comp = find(info, typed, locale)
        name, kind = translate(comp.name, locale), translate(comp.kind, locale)
        lines = tuple(translate(line, locale) for line in comp.lines)
        png = None
        draw: Any = getattr(self.renderer, "card", None)
        if draw is not None:
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
