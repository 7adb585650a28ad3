"""Who hears what when the players to act change: pure decisions, sent by the edge (bot/discord).

The turn message already mentions whoever must act, in the channel. On top of that, players may
ask for a direct message when their turn comes ("dm"), one on the turn before theirs ("before"),
and a reminder after a delay without moving. Each notice names the game and its channel.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from bot.store import UserPrefs
from engine import Msg

DEFAULT_REMIND_HOURS = 24.0  # when a player has not chosen: a nudge a day


@dataclass(frozen=True)
class Notice:
    """Something to tell, by direct message (user_id set) or in the game's channel (None).

    kind: "turn" | "before" | "reminder" (to a user) | "timeout" | "vacation" | "back"
    (in the channel). `msg` is the line itself, translated by the edge.
    """

    kind: str
    game_id: int
    channel_id: int
    msg: Msg
    user_id: int | None = None
    mention: tuple[int, ...] = field(default_factory=tuple)  # users to mention in the channel
    # What makes it one: the change it follows (a move's version), or the claim in the
    # database it was sent under (a run-out clock, a reminder). No two notices sent by all the
    # processes of one database share it.
    once: str = ""


def remind_after(prefs: UserPrefs) -> float | None:
    """Seconds without moving before a reminder, or None for never."""
    hours = DEFAULT_REMIND_HOURS if prefs.remind_hours is None else prefs.remind_hours
    return hours * 3600 if hours > 0 else None


def turn_notices(
    *, game_id: int, channel_id: int, game_name: Msg, users: Mapping[int, int],
    prefs: Mapping[int, UserPrefs], asked_before: Collection[int], asked_now: Collection[int],
    next_before: Collection[int], next_now: Collection[int], away: Collection[int] = (),
) -> list[Notice]:
    """Direct messages for a change of the seats to act. `users`: seat -> user id.

    "turn" to each seat newly asked that wants DMs; "before" to each seat that has just become
    next in line (and is not asked now) that wants it. Players on vacation get nothing.
    """
    notices = []
    params = {"game": game_name, "channel": f"<#{channel_id}>"}
    for seat in sorted(asked_now):
        user = users.get(seat)
        if user is None or seat in asked_before or user in away:
            continue
        if prefs.get(user, UserPrefs(user)).dm:
            notices.append(Notice("turn", game_id, channel_id, Msg("notice.turn", params), user))
    if set(asked_now) != set(asked_before):
        for seat in sorted(next_now):
            user = users.get(seat)
            if user is None or seat in asked_now or seat in next_before or user in away:
                continue
            if prefs.get(user, UserPrefs(user)).before:
                notices.append(
                    Notice("before", game_id, channel_id, Msg("notice.before", params), user))
    return notices
