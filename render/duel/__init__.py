"""7 Wonders Duel's pictures (the renderer contract of render/__init__.py), drawn from the
engine's views (engine/duel/VIEW.md): the base game's in this package's modules, each
expansion's in a package beside them (render/duel/agora/, render/duel/leaders/), as in
engine/duel/. The base imports no expansion: it calls the extension points of extension.py for
the expansions a view holds.

    board.py      the complete public board
    turn.py       the turn post's picture
    hand.py       the viewer's own picture
    parts.py      cards, wonders, tokens, panels: the pieces the pictures share
    icons.py      resources, science symbols, coins, shields and the other icons
    extension.py  what an expansion may add to the pictures, and the expansions registered
    samples.py    the sample moments (`tabula samples`, the legibility tests)
"""

from render.duel.board import board, clear_caches
from render.duel.hand import hand
from render.duel.turn import turn

__all__ = ["board", "clear_caches", "hand", "turn"]
