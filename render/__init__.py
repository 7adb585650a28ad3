"""Views -> PNG bytes, for every game. Game-agnostic: each game has its renderer in
render/<module>/ (a package named like engine/<module>/, by engine.registry), exposing

    board(view, names, locale, outcome=None) -> Image   the complete public board
    hand(view, names, locale) -> Image                  the viewer's private hand
    turn(view, names, locale, before=None, outcome=None) -> Image
        the turn post's picture: landscape, read at a glance in the channel's inline preview
        (~550x350): its essential texts stay >= 9 px there (render.common.secondary marks the
        rest). `before` is the public view before the latest action (None: nothing to
        highlight), so the picture can show what that move changed. `outcome`
        (engine.core.Outcome) is the game's end as the platform knows it, a resignation or a
        run-out clock included, which the view alone cannot tell.
    card(cid, locale) -> Image | None                  optional: one component alone, for
        /game card (None, or no function: a plain card of its words, render/card.py)

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
from engine.core import Outcome
from render.common import to_png

__all__ = ["board_png", "card_png", "hand_png", "renderer", "turn_png"]

# The service renders in worker threads. Drawing shares cached layers and FreeType faces, so it
# is done one picture at a time (it is the short part); PNG encoding, the long part, runs freely.
DRAW_LOCK = threading.Lock()


def renderer(game_key: str) -> ModuleType:
    """The render module of a game: render.<module> for engine.registry.get(game_key).module."""
    return import_module(f"{__name__}.{registry.get(game_key).module}")


def board_png(game_key: str, view: Mapping[str, Any], names: Sequence[str], locale: str,
              outcome: Outcome | None = None) -> bytes:
    """The complete public board of `view` as PNG bytes."""
    module = renderer(game_key)
    with DRAW_LOCK:
        img = module.board(view, names, locale, outcome=outcome)
    return to_png(img)


def turn_png(game_key: str, view: Mapping[str, Any], names: Sequence[str], locale: str,
             before: Mapping[str, Any] | None = None, outcome: Outcome | None = None) -> bytes:
    """The turn post's picture of `view` as PNG bytes (see the module's docstring)."""
    module = renderer(game_key)
    with DRAW_LOCK:
        img = module.turn(view, names, locale, before=before, outcome=outcome)
    return to_png(img)


def hand_png(game_key: str, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The private hand of `view["viewer"]` as PNG bytes (send it ephemerally only)."""
    module = renderer(game_key)
    with DRAW_LOCK:
        img = module.hand(view, names, locale)
    return to_png(img)


def card_png(game_key: str, cid: str, name: str, kind: str, lines: Sequence[str],
             locale: str) -> bytes:
    """One component looked up by name (`/game card`): the game's own drawing of it
    (`render.<module>.card(cid, locale)`, None where it draws none), else a card of words."""
    from render import card

    module = renderer(game_key)
    own = getattr(module, "card", None)
    with DRAW_LOCK:
        face = own(cid, locale) if own is not None else None
        img = card.framed(face) if face is not None else card.plain(name, kind, lines)
    return to_png(img)
