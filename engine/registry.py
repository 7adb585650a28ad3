"""Every game Tabula hosts: one line each, game key -> "module:Class" (imported on first use).

Adding a game is a line here plus engine/<module>/, data/<module>/ and render/<module>/ (one
name per game in every folder; the key is what players type and the database keeps); nothing
in bot/ changes.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from engine.core import Game, IllegalAction

GAMES: dict[str, str] = {
    "res-publica": "engine.respublica:ResPublica",
    "duel": "engine.duel:Duel",
    "heros": "engine.heros:Heros",
    "seven-hills": "engine.sevenhills:SevenHills",
}


@lru_cache(maxsize=256)  # the keys as typed: a few per game
def get(key: str) -> Game:
    """The game with this key, or IllegalAction("error.unknown_game")."""
    target = GAMES.get(key.strip().lower())
    if target is None:
        raise IllegalAction("error.unknown_game", game=key, games=", ".join(sorted(GAMES)))
    module, _, cls = target.partition(":")
    return getattr(import_module(module), cls)()


def keys() -> list[str]:
    return sorted(GAMES)
