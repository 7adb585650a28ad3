"""When the channel hears of a game: one post when the game changes hands, not one per step.

A turn of several steps (take a card, place clients, deploy three times...) is the same player
asked again and again: the channel has nothing to read until someone else must act, and a post
at each step would ping that player right after their own move. So each stored change is told
in one of three ways, decided from who was asked before it and who is asked after it:

- POST: a new turn post, which tells everything since the previous one (every public log line,
  a picture outlining all that changed) and pings the people newly asked: someone new must act
  (the game changed hands), the game started or ended, or a player left (a platform action).
- EDIT: some of the seats asked together (a simultaneous choice) have answered and people are
  still asked: the open post is edited to show who has chosen (no new message, no ping).
- QUIET: nothing for the channel: the same seats go on (the acting player's next step; the
  edge shows it to them privately), or only computer players are asked (their turns are told
  together, with the post that asks a person next or ends the game).

A person asked again after only computer players played (a game of one person and bots) is
pinged only if they have been away: their own action, the latest of a person since the previous
post, is more than AWAY old (`still_here`). The post comes all the same, naming them.

The Discord layer, the console and `tabula bench --posts` all follow this one decision.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service.model import GameInfo

AWAY = 600.0  # seconds: a person who acted this recently is still at the game, not pinged


class How(Enum):
    POST = "post"
    EDIT = "edit"
    QUIET = "quiet"


@dataclass(frozen=True)
class Telling:
    how: How
    ping: frozenset[int] = frozenset()  # seats whose player the post mentions (people only)

    @property
    def post(self) -> bool:
        return self.how is How.POST


def telling(
    asked_before: Collection[int], asked_after: Collection[int], people: Collection[int], *,
    ended: bool = False, left: bool = False, mover: int | None = None,
) -> Telling:
    """How the channel is told of one stored change.

    `asked_before`, `asked_after`: the seats asked before and after it; `people`: the seats a
    person plays (the others, computer players, are never pinged and never waited on in the
    channel); `ended`: the change ended the game; `left`: a player left (a resignation, a seat
    handed to a bot), which the channel must read; `mover`: the seat that acted, never pinged
    to go on with its own turn."""
    before, after = set(asked_before), set(asked_after)
    newly = frozenset(s for s in after - before if s in people and s != mover)
    if ended:
        return Telling(How.POST)
    if left:
        return Telling(How.POST, newly)
    if after == before:
        return Telling(How.QUIET)
    waiting_people = any(s in people for s in after)
    if after < before:  # some of a simultaneous choice answered
        return Telling(How.EDIT if waiting_people else How.QUIET)
    if not waiting_people:  # computer players' turns: told with the next person's post
        return Telling(How.QUIET)
    return Telling(How.POST, newly)


def still_here(info: GameInfo, actions: Sequence[tuple[int | None, float]],
               now: float) -> frozenset[int]:
    """The seat of the person who made the latest person's action of `actions` (user id or
    None for a bot or the platform, and when; oldest first: those since the previous post)
    if it was less than AWAY before `now`: asked again after only bots played, they are
    still at the game, and are not pinged. Nobody if a bot played alone since the post."""
    for user_id, at in reversed(actions):
        if user_id is None:
            continue
        seat = info.seat_of(user_id)
        if now - at >= AWAY or seat is None or seat.seat is None or seat.bot is not None:
            return frozenset()
        return frozenset({seat.seat})
    return frozenset()
