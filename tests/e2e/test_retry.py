"""When Discord fails after a move was stored (issue 24): the turn is always called, and the
mover is told the truth, through the real discord.py client and the stand-in's faults.

The retry's first back-off is made short here (TABULA_RETRY_SECONDS, read at each use);
waits are for what the users see, never for a time."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import pytest

from bot.discord.retry import Reposter
from bot.service import Service
from bot.store import Storage, open_store
from tests.e2e.conftest import World
from tests.e2e.play import called, check_board, is_retired, playing
from tests.e2e.test_interactions import open_game
from tests.e2e.test_process import eventually
from tests.standin import Message, Player
from tests.standin.model import SEND_MESSAGES
from tests.standin.server import Call
from tests.support import fix_seed

pytestmark = pytest.mark.e2e

TURN_POSTS = r"/channels/\d+/messages"  # where the bot posts a turn (POST)
FOLLOW_UP = r"/webhooks/\d+/[^/]+"  # an interaction's follow-up (POST): the mover's answer


def turn_posts(world: World) -> list[Message]:
    return [m for m in world.public() if m.attachment("turn.png")]


def post_calls(world: World) -> list[Call]:
    """The bot's tries to post in the game's channel."""
    return [c for c in world.standin.calls
            if c.method == "POST" and re.fullmatch(TURN_POSTS, c.path)]


def live(world: World) -> list[Message]:
    """The turn posts that still have their buttons: never more than one."""
    return [m for m in turn_posts(world) if playing(m)]


@pytest.fixture
def quick_retry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_RETRY_SECONDS", "0.05")


async def test_a_turn_post_refused_for_a_permission_is_posted_once_it_is_granted(
    world: World, monkeypatch: pytest.MonkeyPatch, quick_retry: None,
) -> None:
    """403 on the turn post: the mover reads which permission is missing, in the channel named;
    the player asked is told by direct message while the channel stays closed; a gateway
    resume (no READY) changes nothing; once the permission is back, the turn is posted by the
    retry, once, and the previous post loses its buttons."""
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    before = world.turn_message()
    channel = world.standin.channel
    channel.bot_permissions &= ~SEND_MESSAGES
    moved = await mover.slash("move", action="end")
    assert moved.ephemeral and "Your move is recorded" in moved.text, moved.text
    assert "permission **Send Messages**" in moved.text and f"<#{channel.id}>" in moved.text
    assert "nothing was changed" not in moved.text
    assert world.turn_message() is before and live(world) == [before]

    # The retry finds the channel still closed: the player now asked hears of it privately.
    assert world.service is not None
    [asked] = [p for p in players if await world.service.choices(channel.id, p.id)]
    await eventually(lambda: bool(world.standin.dms(asked)))
    [dm] = world.standin.dms(asked)
    assert "your turn" in dm.text.lower() and f"<#{channel.id}>" in dm.text, dm.text
    assert "Tabula e2e" in dm.text  # the server's name

    # Another process on the same database stays out while this one holds the post's claim.
    other = Service(await open_store(world.db_path), renderer=world.renderer)
    try:
        tries = len(post_calls(world))
        assert world.bot is not None
        assert await Reposter(world.bot, other, first=0.01).once() == 0
        assert len(post_calls(world)) == tries
    finally:
        await other.store.close()

    await world.standin.drop()  # the gateway resumes: no READY, no repair at READY
    await eventually(lambda: world.standin.resumes == 1)
    channel.bot_permissions |= SEND_MESSAGES
    await eventually(lambda: world.turn_message() is not before)
    after = world.turn_message()
    check_board(after)
    assert world.standin.identifies == 1  # posted by the retry, not by a new session
    assert asked.id in after.pinged and called(world, players) == [asked]
    await eventually(lambda: is_retired(before))
    assert live(world) == [after] and len(turn_posts(world)) == 2
    assert len(world.standin.dms(asked)) == 1  # told once


async def test_discord_trouble_on_the_turn_post_is_retried_until_it_lands(
    world: World, monkeypatch: pytest.MonkeyPatch, quick_retry: None,
) -> None:
    """Discord rate-limits the turn post until discord.py gives up (429 five times), then
    answers 503 to the first retry: the mover reads that Discord did not take the post and
    that it will be posted again (not a permission), and the next retry posts it, once."""
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    before = world.turn_message()
    limited = world.standin.fail("POST", TURN_POSTS, 429, times=5, retry_after=0.01)
    down = world.standin.fail("POST", TURN_POSTS, 503, message="Service Unavailable")
    moved = await mover.slash("move", action="end")
    assert moved.ephemeral and "Your move is recorded" in moved.text, moved.text
    assert "Discord did not take the turn post" in moved.text
    assert "permission" not in moved.text and "nothing was changed" not in moved.text
    await eventually(lambda: world.turn_message() is not before)
    assert limited.hits == 5 and down.hits == 1
    after = world.turn_message()
    check_board(after)
    await eventually(lambda: is_retired(before))
    assert live(world) == [after] and len(turn_posts(world)) == 2


async def test_a_start_whose_first_turn_post_fails_says_why_and_is_posted_later(
    world: World, monkeypatch: pytest.MonkeyPatch, quick_retry: None,
) -> None:
    """/game start stores the start, then Discord refuses its first turn post (503): the
    creator reads that Discord did not take it and that it will be posted again, not the
    generic "could not post", and the retry posts it."""
    fix_seed(monkeypatch, 3)
    players = [world.player(name) for name in ("Alice", "Bob", "Carol")]
    await players[0].slash("game new", game="res-publica", options="classic")
    for p in players[1:]:
        await p.slash("game join")
    down = world.standin.fail("POST", TURN_POSTS, 503, message="Service Unavailable")
    started = await players[0].slash("game start")
    assert "Discord did not take the turn post" in started.text, started.text
    await eventually(lambda: bool(turn_posts(world)))
    assert down.hits == 1 and len(turn_posts(world)) == 1
    check_board(turn_posts(world)[0])


# --- after the commit, whatever fails, the reply says the move is recorded -------------------


async def test_a_server_error_on_the_answer_still_says_the_move_is_recorded(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Discord refuses the mover's answer until discord.py gives up: here a 500, then 429s
    with no wait (five tries in all), where five 500s would cost the suite discord.py's 25 s of
    waits for the same give-up (the causes are told apart in tests/discord/test_retry.py): the
    move is stored and posted, and the answer that does get through says it is recorded, not
    "nothing was changed"."""
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    before = world.turn_message()
    failed = [world.standin.fail("POST", FOLLOW_UP, 500),
              world.standin.fail("POST", FOLLOW_UP, 429, times=4, retry_after=0.0)]
    moved = await mover.slash("move", action="end")
    assert [fault.hits for fault in failed] == [1, 4]
    assert moved.ephemeral and "Your move is recorded" in moved.text, moved.text
    assert "nothing was changed" not in moved.text
    assert world.turn_message() is not before and is_retired(before)
    assert len(live(world)) == 1 and len(turn_posts(world)) == 2


class Faulty:
    """The bot's real store, failing once where a test says: `after_commit` raises once the
    move's transaction has committed (a connection lost before its answer), `record` raises
    instead of recording a turn post (the database busy)."""

    def __init__(self, store: Storage, *, after_commit: bool = False, record: bool = False) -> None:
        self.store, self.after_commit, self.record = store, after_commit, record
        self.raised = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def append_action(self, game_id: int, **kwargs: Any) -> bool:
        stored = await self.store.append_action(game_id, **kwargs)
        if self.after_commit:
            self.after_commit, self.raised = False, self.raised + 1
            raise sqlite3.OperationalError("disk I/O error")
        return stored

    async def record_turn_post(self, game_id: int, **kwargs: Any) -> Any:
        if self.record:
            self.record, self.raised = False, self.raised + 1
            raise sqlite3.OperationalError("database is locked")
        return await self.store.record_turn_post(game_id, **kwargs)


def faulty(world: World, **faults: bool) -> Faulty:
    assert world.service is not None
    store = Faulty(world.service.store, **faults)
    world.service.store = store  # type: ignore[assignment]
    return store


async def test_a_commit_that_raises_after_it_landed_is_posted_and_answered(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The database commits the move, then the connection fails before the answer: the bot
    looks, finds the move stored, posts its turn and answers as usual."""
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    before = world.turn_message()
    store = faulty(world, after_commit=True)
    moved = await mover.slash("move", action="end")
    assert store.raised == 1
    assert moved.ephemeral and moved.text.startswith("✅ You played"), moved.text
    assert "nothing was changed" not in moved.text
    assert world.turn_message() is not before and is_retired(before)
    assert called(world, players) != [mover] and len(live(world)) == 1


async def test_a_turn_post_whose_record_fails_stays_up_and_is_recorded_once(
    world: World, monkeypatch: pytest.MonkeyPatch, quick_retry: None,
) -> None:
    """The post lands but its record fails: it stays up (taking it down and posting again
    would ping twice), the mover reads that the move is recorded and posted, and the retry
    records it: the previous post loses its buttons, no second post is made
    (tests/e2e/test_twice.py has the same with another process)."""
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    before = world.turn_message()
    store = faulty(world, record=True)
    moved = await mover.slash("move", action="end")
    assert store.raised == 1
    assert moved.ephemeral and "Your move is recorded" in moved.text, moved.text
    assert "nothing was changed" not in moved.text
    after = world.turn_message()
    assert after is not before
    await eventually(lambda: is_retired(before))
    assert live(world) == [after] and len(turn_posts(world)) == 2
    assert not [m for m in world.standin.messages.values()
                if m.deleted and m.attachment("turn.png")]
    nxt: list[Player] = called(world, players)
    assert nxt and nxt != [mover]


async def test_a_deleted_channel_is_named_to_the_mover_and_to_the_player_asked(
    world: World, monkeypatch: pytest.MonkeyPatch, quick_retry: None,
) -> None:
    """404 Unknown Channel (10003) on the turn post and on its retry: the mover reads that the
    channel no longer exists, the player asked is told by direct message, and the retry gives
    up (the channel does not come back)."""
    players = await open_game(world, monkeypatch)
    [mover] = called(world, players)
    channel = world.standin.channel
    gone = world.standin.fail("POST", TURN_POSTS, 404, code=10003, message="Unknown Channel",
                              times=2)
    moved = await mover.slash("move", action="end")
    assert "Your move is recorded" in moved.text and "no longer exists" in moved.text, moved.text
    assert world.service is not None
    [asked] = [p for p in players if await world.service.choices(channel.id, p.id)]
    await eventually(lambda: bool(world.standin.dms(asked)))
    [dm] = world.standin.dms(asked)
    assert "no longer exists" in dm.text and f"<#{channel.id}>" in dm.text, dm.text
    assert world.bot is not None
    [owed] = world.bot.reposter.owed.values()
    assert owed.given_up and gone.hits == 2
