"""7 Wonders Duel's pictures (the renderer contract of render/__init__.py), drawn from the
engine's views (engine/duel/VIEW.md): the base game's in this package's modules, each
expansion's in a package beside them (render/duel/agora/, render/duel/leaders/), as in
engine/duel/. The base imports no expansion: it calls the extension points of extension.py for
the expansions a view holds.

    board.py          the complete public board, band by band:
      board_status.py   who is asked what and the last move, or the final result
      board_track.py    the military track
      board_middle.py   the structure or the draft, the progress tokens, the discard pile
      board_city.py     a player's city
      board_badges.py   the seats' names as badges
    turn.py           the turn post's picture, part by part:
      turn_frame.py     the canvas, its rows, and what every part reads of the view
      turn_changes.py   what the latest action changed
      turn_panels.py    the header and the players' panels
      turn_track.py     the military track (and an expansion's panel beside it)
      choices.py        what the player to act chooses among (also the hand's)
      tiles.py          those choices as tiles (also the hand's)
      turn_side.py      the structure's schematic and the progress tokens
      turn_drafted.py   during the wonder draft, the wonders each player holds
      sentence.py       the last move's sentence
      last_strip.py     the last move's strip
      turn_result.py    the end: the winners and the score table
    hand.py           the viewer's own picture
    card.py           one component alone (/game card)
    item.py           what a tile shows: the type the pictures and the extension points share
    parts.py          cards, wonders, tokens, panels: the pieces the pictures share
    icons.py          resources, science symbols, coins, shields and the other icons
    extension.py      what an expansion may add to the pictures, and the expansions registered
    samples.py        the sample moments (`tabula samples`, the legibility tests)
"""

from render.duel.board import board, clear_caches
from render.duel.card import card
from render.duel.hand import hand
from render.duel.turn import turn

__all__ = ["board", "card", "clear_caches", "hand", "turn"]
