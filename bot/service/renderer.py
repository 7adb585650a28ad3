"""What draws the pictures: the Renderer the service expects, and the real one over render/
(Pillow), kept apart so that the service and its tests run without Pillow."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.service.model import ATTACHMENT_LIMIT
from engine import Outcome


class Renderer(Protocol):
    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
              outcome: Outcome | None = None) -> bytes: ...
    def turn(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
             before: dict[str, Any] | None = None, outcome: Outcome | None = None) -> bytes: ...
    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes: ...


class PillowRenderer:
    """The real renderer (render/), imported lazily so the service itself never needs Pillow."""

    def animation(self, game_key: str, players: int, seed: int, options: dict[str, Any],
                  actions: Sequence[tuple[int, str]], names: Sequence[str], locale: str,
                  max_bytes: int = ATTACHMENT_LIMIT) -> bytes:
        """The game replayed turn by turn as a GIF (Discord animates GIFs, not APNGs), within
        `max_bytes` (fewer, smaller frames if needed)."""
        from render.animate import animation

        return animation(game_key, players, seed, options, actions, names, locale, fmt="gif",
                         max_bytes=max_bytes)

    def board(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
              outcome: Outcome | None = None) -> bytes:
        import render

        return render.board_png(game_key, view, names, locale, outcome)

    def turn(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str,
             before: dict[str, Any] | None = None, outcome: Outcome | None = None) -> bytes:
        import render

        return render.turn_png(game_key, view, names, locale, before, outcome)

    def hand(self, game_key: str, view: dict[str, Any], names: Sequence[str], locale: str) -> bytes:
        import render

        return render.hand_png(game_key, view, names, locale)
