"""7 Wonders Duel's turn picture: its frame (the canvas, its rows and colours, the essential font
size) and what every part of it reads of the view the same way: the two players, the seats
asked now, a player's points, whether the game is over and who won.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Outcome
from render.common import RGB
from render.duel.extension import simultaneous

W, H = 1100, 700
M = 16
HEADER: RGB = (32, 46, 78)
HEADER_INK: RGB = (246, 226, 178)
LAST: RGB = (214, 40, 120)  # the last move's marker: a magenta no seat colour uses
ES = 18  # the smallest essential font size at W x H (render.common.min_font_for((W, H)))
ROMAN = {1: "I", 2: "II", 3: "III"}

# the rows of the canvas
HEAD_H = 56
PLAYERS_Y, PLAYERS_H = HEAD_H + 10, 112
TRACK_Y, TRACK_H = PLAYERS_Y + PLAYERS_H + 10, 58
MAIN_Y = TRACK_Y + TRACK_H + 10
LAST_H = 46
MAIN_H = H - M - LAST_H - 10 - MAIN_Y
SIDE_W = 330


def is_over(view: Mapping[str, Any], outcome: Outcome | None = None) -> bool:
    """Whether the game is over: by the view, or by the platform's `outcome` (a resignation)."""
    return outcome is not None or view.get("phase") == "over" or bool(view.get("outcome"))


def players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    players = list(view.get("players") or [])
    while len(players) < 2:
        players.append({"seat": len(players)})
    return players[:2]


def asked(view: Mapping[str, Any]) -> list[int]:
    """The seats asked now: the active seat, or those an expansion's phase asks at once (both,
    in Leaders' recruitment)."""
    if view.get("outcome") or view.get("phase") == "over":
        return []
    if view.get("active") is not None:
        return [int(view["active"])]
    return simultaneous(view)


def total_points(player: Mapping[str, Any]) -> int:
    pts = player.get("points") or {}
    return int(pts.get("total", 0)) if isinstance(pts, Mapping) else 0


def winners_of(view: Mapping[str, Any], outcome: Outcome | None) -> list[int]:
    if outcome is not None:
        return list(outcome.winners)
    return list((view.get("outcome") or {}).get("winners") or [])
