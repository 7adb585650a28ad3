"""The plain values the service takes and hands out (users, games, reports, pages, limits) and
its one error, ServiceError. No behaviour beyond small lookups on these values: the Discord layer,
the console and the tests build and read them without a store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.clock import Clock, Pace
from bot.menu import Typed
from bot.service.notices import Notice
from bot.service.telling import How, Telling
from engine import Msg, Outcome

LOG_PAGE = 15
ATTACHMENT_LIMIT = 10 * 2**20  # bytes: Discord's default upload limit (a server may allow more)


@dataclass(frozen=True)
class Limits:
    """What one user or channel may ask of the bot (see docs/operating.md, Configuration)."""

    user_lobbies: int | None = 3  # open lobbies created by one user, across channels
    channel_lobbies: int | None = 10  # open lobbies opened from one channel (its threads included)
    replays_per_user: int = 2  # /game replay per user within replay_window seconds
    replays_per_channel: int = 4  # /game replay per channel within replay_window seconds
    replay_window: float = 600.0
    replay_renders: int = 2  # distinct replays being drawn or waiting at once; more are refused


class ServiceError(Exception):
    """A refusal, with a translatable message; nothing was changed."""

    def __init__(self, key: str | Msg, **params: Any) -> None:
        self.msg = key if isinstance(key, Msg) else Msg(key, params)
        super().__init__(self.msg.key)


class Recorded(Exception):
    """Not a refusal: the change is stored, but the database stopped answering right after,
    so what it led to cannot be read now (ServiceBase.after_write). The player is told that
    it is recorded; the channel shows it once the database answers again."""



@dataclass(frozen=True)
class User:
    id: int
    name: str


@dataclass(frozen=True)
class SeatInfo:
    seat: int | None  # None in the lobby
    user_id: int  # below zero for a bot seated in the lobby (Discord's ids are positive)
    name: str  # as shown: a bot's with its level, "Cicero (hard)"
    bot: str | None = None  # the level of the bot playing this seat; None: its player plays

    @property
    def seated_bot(self) -> bool:
        """A computer player seated in the lobby (not a person's seat a bot took over)."""
        return self.user_id < 0

    @property
    def left(self) -> bool:
        """A player who left the running game: a bot plays their seat, they rank last."""
        return self.bot is not None and self.user_id > 0


@dataclass(frozen=True)
class GameInfo:
    id: int
    channel_id: int
    guild_id: int | None
    game_key: str
    options: dict[str, Any]
    status: str  # lobby | active | finished | abandoned
    creator_id: int
    locale: str
    version: int
    seats: tuple[SeatInfo, ...]
    outcome: Outcome | None = None
    pace: Pace | None = None
    timed_out: int | None = None  # the seat whose clock ran out, while the others decide
    clocks: tuple[Clock, ...] = ()  # by seat, once started
    with_bots: bool = False  # bots were seated at the start (kept apart on the leaderboard)
    hints: bool = False  # the creator turned hints on: /move hint answers, and it is not rated

    @property
    def names(self) -> list[str]:
        """Player names by seat number (joining order in the lobby)."""
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.seat == seat), None)

    @property
    def bot_seats(self) -> set[int]:
        """Seats a bot plays (seated in the lobby, or taken over from a player who left)."""
        return {s.seat for s in self.seats if s.seat is not None and s.bot is not None}

    @property
    def left_seats(self) -> list[int]:
        """Seats of players who left the running game (they rank last)."""
        return [s.seat for s in self.seats if s.seat is not None and s.left]

    @property
    def seat_clocks(self) -> dict[int, Clock]:
        """Each seat's clock, by seat number (never by position in a list)."""
        numbered = [s.seat for s in self.seats if s.seat is not None]
        return dict(zip(numbered, self.clocks, strict=False))

    def may_manage(self, user_id: int, can_manage: bool = False) -> bool:
        """Start or abandon the game: its creator while seated (leaving a lobby hands this on
        to the earliest seated player), or someone who can manage the channel."""
        return can_manage or (user_id == self.creator_id and self.seat_of(user_id) is not None)


@dataclass
class Report:
    """What a change produced, for the edge to show: log lines, the turn picture, the
    standings, who acts next."""

    game: GameInfo
    public: list[Msg] = field(default_factory=list)
    private: dict[int, list[Msg]] = field(default_factory=dict)  # user id -> lines for them only
    image: bytes | None = None  # the turn picture (render turn(): made for the inline preview)
    to_act: list[SeatInfo] = field(default_factory=list)
    asks: dict[int, Msg] = field(default_factory=dict)  # seat -> what that seat is asked
    scores: dict[int, Msg] = field(default_factory=dict)  # seat -> its public standing
    notices: list[Notice] = field(default_factory=list)  # direct messages to send
    at: float = 0.0  # when the report was made (to show the clocks' time left)
    # How the channel hears of it (bot.service.telling); None: a post pinging everyone asked
    # (the start, a post a crash lost).
    telling: Telling | None = None
    ping: list[int] = field(default_factory=list)  # user ids the post mentions, with `telling`
    done: list[SeatInfo] = field(default_factory=list)  # an EDIT: who has chosen since the post
    told: int | None = None  # an EDIT: the version of the post it edits
    # A move made by Service.move: the mover's legal texts as it leaves the game, when their
    # turn goes on (their next step's menu), and for a post, the game's turn posts as read at
    # the end of the move (None: not read; the edge reads them right before posting).
    legal: list[str] = field(default_factory=list)
    posts: list[TurnPost] | None = None
    ratings: dict[int, RatingChange] = field(default_factory=dict)  # the end: user id -> change

    @property
    def how(self) -> How:
        return self.telling.how if self.telling is not None else How.POST

    @property
    def pinged(self) -> list[int]:
        """The user ids the post mentions: those newly asked (all the people asked, without
        a `telling`)."""
        if self.telling is not None:
            return list(self.ping)
        return [s.user_id for s in self.to_act if s.bot is None]

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome


@dataclass
class HandReport:
    game: GameInfo
    seat: int
    view: dict[str, Any]
    legal: list[str]
    image: bytes | None
    recent: list[Msg] = field(default_factory=list)  # private lines for this seat, latest last


@dataclass
class LogPage:
    game: GameInfo
    lines: list[Msg]
    page: int
    pages: int


@dataclass(frozen=True)
class GameType:
    key: str
    name: Msg
    min_players: int
    max_players: int
    options: tuple[Any, ...]



@dataclass(frozen=True)
class TurnPost:
    """A turn post the bot made: its message, channel, and the game's version it shows."""

    message_id: int
    channel_id: int
    version: int


@dataclass
class Moved:
    """What one call of Service.move came to: `typed`, what was asked for, is "play" (played:
    `report` tells it), or, with nothing played, "menu" (open the choice menu at
    `typed.tokens`) or "follow" (an incomplete text whose one continuation is `typed.tokens`).
    `legal`: the caller's legal texts now (before it when nothing was played; after the move,
    and only while their turn goes on, otherwise)."""

    game: GameInfo
    typed: Typed
    legal: list[str]
    report: Report | None = None

    @property
    def text(self) -> str:
        return " ".join(self.typed.tokens)


@dataclass(frozen=True)
class MyGame:
    """One of a user's games for /game mine."""

    game: GameInfo
    seat: int | None
    waiting: bool  # the game waits on this user now
    left: float | None  # their clock's time left, with a time control


@dataclass(frozen=True)
class Standing:
    """A line of a guild's leaderboard."""

    user_id: int
    name: str
    played: int
    won: int


@dataclass(frozen=True)
class Rated:
    """A person's rating in one game, as shown: the conservative rating on Tabula's scale
    (bot/ratings.py: 1,000 for a new player), provisional under a number of rated games."""

    user_id: int
    name: str
    rating: int
    games: int
    provisional: bool


@dataclass(frozen=True)
class Ladder:
    """A guild's leaderboard in one game: the best ratings of the people who played it
    there, and how many such people there are."""

    game_key: str
    rows: tuple[Rated, ...]
    people: int


@dataclass(frozen=True)
class RatingChange:
    """What a finished game did to a person's rating (the end post)."""

    user_id: int
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class GameStats:
    """A person's record in one game on one server (their rating is across servers)."""

    game_key: str
    played: int
    won: int
    best: int | None  # best and average final score, when the game has scores
    average: float | None
    streak: int  # the current run: +n wins in a row, -n games without a win
    rating: Rated | None
    history: tuple[int, ...]  # the rating shown after each rated game, oldest first


@dataclass(frozen=True)
class Stats:
    user_id: int
    name: str
    games: tuple[GameStats, ...]
    moves: int
    seconds_per_move: float | None
    resigned: int
    timed_out: int
