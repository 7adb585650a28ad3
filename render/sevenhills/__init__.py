"""Seven Hills' pictures (the renderer contract of render/__init__.py), drawn from the engine's
views (engine/sevenhills/).

    board.py    the complete public board
    turn.py     the turn post's picture
    hand.py     the viewer's own picture
    samples.py  the sample moments (`tabula samples`, the legibility tests)
"""

from render.sevenhills.board import board
from render.sevenhills.card import card
from render.sevenhills.hand import hand
from render.sevenhills.parts import clear_caches
from render.sevenhills.turn import turn

__all__ = ["board", "card", "clear_caches", "hand", "turn"]
