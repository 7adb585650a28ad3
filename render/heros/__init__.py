"""Héros du Monde's pictures (the renderer contract of render/__init__.py), drawn from the
engine's views (engine/heros/).

    board.py    the complete public board
    turn.py     the turn post's picture
    hand.py     the viewer's own picture
    samples.py  the sample moments (`tabula samples`, the legibility tests)
"""

from render.heros.board import board
from render.heros.hand import hand
from render.heros.turn import clear_caches, turn

__all__ = ["board", "clear_caches", "hand", "turn"]
