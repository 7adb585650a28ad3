"""Views -> PNG bytes, for every game. Game-agnostic: each game has its renderer in
render/<module>.py (the module named by engine.registry), exposing

    board(view, names, locale) -> PIL.Image.Image    the public board (reads public keys only)
    hand(view, names, locale) -> PIL.Image.Image     the viewer's private hand

Adding a game needs no change here. This package may import engine (views, i18n) and data,
never discord, the store or the bot.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from engine import registry
from render.common import to_png

__all__ = ["board_png", "hand_png", "renderer"]

# The service renders in worker threads. Drawing shares cached layers and FreeType faces, so it
# is done one picture at a time (it is the short part); PNG encoding, the long part, runs freely.
_DRAW_LOCK = threading.Lock()


def renderer(game_key: str) -> ModuleType:
    """The render module of a game: render.<module> for engine.registry.get(game_key).module."""
    return import_module(f"{__name__}.{registry.get(game_key).module}")


def board_png(game_key: str, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The public board of `view` as PNG bytes."""
    module = renderer(game_key)
    with _DRAW_LOCK:
        img = module.board(view, names, locale)
    return to_png(img)


def hand_png(game_key: str, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The private hand of `view["viewer"]` as PNG bytes (send it ephemerally only)."""
    module = renderer(game_key)
    with _DRAW_LOCK:
        img = module.hand(view, names, locale)
    return to_png(img)
