"""The use cases of Tabula, with no Discord in sight: create, join, start, act, view, resign...

Discord (bot/discord/), the local console and selfplay (bot/cli.py) all go through the one class
Service, so they behave the same. Every method takes plain ids; every refusal is a ServiceError
carrying a Msg, translated at the edge in the caller's language. A move is:

    per-game lock -> load state -> engine.play (on a copy) -> one store transaction guarded by
    the version -> render the public board in a worker thread -> a Report for the edge to post.

The package is split by concern, each a mixin over ServiceBase (base.py: the store, locks,
limits, picture cache, and the commit/report step every change ends with):

    lobby.py    catalogue, create, join, leave, start
    bots.py     computer players: seated in the lobby or taken over, and their moves
    hints.py    hints for learners: the medium bot's move for the seat asked, and why
    play.py     choices, move (one call per move at every edge), act, resign, undo, abandon,
                unposted
    looking.py  status, board, hand, log, replay GIF (its bookkeeping in replays.py), verify
    days.py     preferences, vacations, the background tick, timeouts
    records.py  /game mine, guild settings, leaderboard
    posts.py    the bot's own records: turn posts, lost posts, claims, the command sync
    model.py    the values handed in and out (GameInfo, Report, ...), ServiceError, Limits
    renderer.py the Renderer protocol and the Pillow one

Mixins rather than collaborator objects because every concern needs the same few things (store,
lock, commit, report) and callers keep one object with one flat list of methods; the one piece
of state private to a concern, the replay bookkeeping, is a collaborator (`Service.replays`).
Import everything from `bot.service`, never from its modules.
"""

from __future__ import annotations

# Tests fix the seeds a start and a seated bot draw with tests.support.fix_seed, which patches
# the `secrets` of bot.service.lobby and bot.service.bots only: patching `secrets.randbits`
# itself fixed discord.py's message nonces too.
from bot.service.base import ServiceBase
from bot.service.bots import BotsMixin, level_of
from bot.service.cards import Card, CardsMixin, in_view, matching
from bot.service.days import DaysMixin
from bot.service.hints import OPTION as HINTS_OPTION
from bot.service.hints import Hinted, HintsMixin, hint_words, split_hints
from bot.service.lobby import LobbyMixin
from bot.service.looking import LookingMixin
from bot.service.model import (
    ATTACHMENT_LIMIT,
    LOG_PAGE,
    GameInfo,
    GameStats,
    GameType,
    HandReport,
    Ladder,
    Limits,
    LogPage,
    Moved,
    MyGame,
    Rated,
    RatingChange,
    Recorded,
    Report,
    SeatInfo,
    ServiceError,
    Standing,
    Stats,
    TurnPost,
    User,
)
from bot.service.play import PlayMixin
from bot.service.posts import PostsMixin
from bot.service.records import RecordsMixin
from bot.service.renderer import PillowRenderer, Renderer
from bot.service.telling import How, Telling, telling
from bot.store import StorageUnavailable  # the edges tell players, and import no store

__all__ = [
    "ATTACHMENT_LIMIT", "LOG_PAGE", "Card", "GameInfo", "GameType", "HandReport", "How", "Limits",
    "LogPage", "Moved", "MyGame", "PillowRenderer", "Recorded", "Renderer", "Report",
    "SeatInfo", "Service", "ServiceBase", "ServiceError", "Standing", "StorageUnavailable",
    "Telling", "TurnPost", "User",
    "level_of", "telling", "in_view", "matching", "GameStats", "Ladder", "Rated", "RatingChange",
    "Stats", "HINTS_OPTION", "Hinted", "hint_words", "split_hints",
]


class Service(LobbyMixin, BotsMixin, PlayMixin, LookingMixin, DaysMixin, RecordsMixin,
              PostsMixin, CardsMixin, HintsMixin):
    """The one entry point of the use cases (see the module docstring)."""
