"""Views -> PNG bytes, for every game. Game-agnostic: each game has its renderer in
render/<module>.py (the module named by engine.registry), exposing

    board(view, names, locale) -> PIL.Image.Image    the public board (reads public keys only)
    hand(view, names, locale) -> PIL.Image.Image     the viewer's private hand

Adding a game needs no change here. This package may import engine (views, i18n) and data,
never discord, the store or the bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from engine import registry
from render.common import to_png

__all__ = ["board_png", "hand_png", "renderer"]


def renderer(game_key: str) -> ModuleType:
    """The render module of a game: render.<module> for engine.registry.get(game_key).module."""
    return import_module(f"{__name__}.{registry.get(game_key).module}")


def board_png(game_key: str, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The public board of `view` as PNG bytes."""
    return to_png(renderer(game_key).board(view, names, locale))


def hand_png(game_key: str, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The private hand of `view["viewer"]` as PNG bytes (send it ephemerally only)."""
    return to_png(renderer(game_key).hand(view, names, locale))
