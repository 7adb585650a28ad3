"""7 Wonders Duel: what a tile shows (`Item`), the one type the turn picture, the hand and the
extension points (render/duel/extension.py) all speak; it imports none of them.
"""

from __future__ import annotations

from typing import Any

from render.common import RGB

Item = tuple[str, str, RGB, Any]  # (kind, id, colour, price) for a tile
