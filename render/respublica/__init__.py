"""Res Publica's pictures (the renderer contract of render/__init__.py), drawn from the
engine's views (engine/respublica/).

    board.py    the complete public board
    turn.py     the turn post's picture
    hand.py     the viewer's own picture
    parts.py    cards, icons, tiles: the pieces the pictures share
    samples.py  the sample moments (`tabula samples`, the legibility tests)
"""

from render.respublica.board import board
from render.respublica.card import card
from render.respublica.hand import hand
from render.respublica.turn import clear_caches, turn

__all__ = ["board", "card", "clear_caches", "hand", "turn"]
