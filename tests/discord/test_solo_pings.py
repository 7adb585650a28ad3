"""A game of one person and bots (issue 44, item 16): the person is not pinged again seconds
after their own move, when only bots played since; they are when they have been away (their
last action over telling.AWAY old). Every turn post still comes, naming them.

Through discord.py and the fake Discord, over whole games of the tiny game; the service's
clock is the test's, so that "away" is a bot that took longer than AWAY to answer."""

from __future__ import annotations

import pytest

from bot.service import Service
from bot.service.telling import AWAY
from tests.discord.conftest import ALICE, on_turn
from tests.discord.fake_discord import Call, Harness, text_of


@pytest.fixture(autouse=True)
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_BOT_DELAY", "0")


def pinged(post: Call) -> list[str]:
    """The users a post notifies (its allowed mentions: its text names more)."""
    body = post.body if isinstance(post.body, dict) else {}
    return [str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])]


async def solo_game(discord_: Harness, service: Service, now: list[float]) -> list[Call]:
    """Alice and an easy bot play the tiny game to its end (Alice adds 1 each turn, so that it
    lasts); the channel's posts from the start on."""
    service.clock = lambda: now[0]
    await discord_.slash(ALICE, "game", "new", game="tiny", options="goal=9")
    await discord_.slash(ALICE, "game", "bot", "add", level="easy")
    first = len(discord_.fake.channel_posts())
    await discord_.slash(ALICE, "game", "start")
    await discord_.settle()
    for _ in range(40):
        if not await on_turn(service):
            break
        now[0] += 5.0  # Alice answers within seconds
        await discord_.slash(ALICE, "move", action="add 1")
        await discord_.settle()
    assert not await on_turn(service), "the game did not end"
    return discord_.fake.channel_posts()[first:]


def asking_alice(posts: list[Call], discord_: Harness) -> list[Call]:
    """The turn posts that ask Alice to act (her mention in the "who acts" line)."""
    return [c for c in posts if f"<@{ALICE['id']}>:" in text_of(discord_.fake.message_of(c))]


async def test_a_person_playing_bots_is_pinged_once_per_game_while_there(
        discord_: Harness, service: Service) -> None:
    now = [1_800_000_000.0]
    posts = await solo_game(discord_, service, now)
    asked = asking_alice(posts, discord_)
    assert len(asked) >= 4  # every turn of hers still has its post
    pings = [m for m in asked if ALICE["id"] in pinged(m)]
    # Only the post that first asks her (the start, or the bot's first move) pings her.
    assert pings == [asked[0]], [text_of(discord_.fake.message_of(c))[-80:] for c in pings]
    assert all(pinged(c) in ([], [ALICE["id"]]) for c in posts)


async def test_a_person_away_from_the_game_is_pinged_when_asked_again(
        discord_: Harness, service: Service) -> None:
    """The bot answers only after AWAY: Alice has been away, each post asking her pings her."""
    now = [1_800_000_000.0]
    autoplay = discord_.bot.autoplay
    autoplay.delay = 0.001  # its pause comes before each bot move that follows a post

    async def slow_bot() -> None:
        now[0] += AWAY + 1

    autoplay.pause = slow_bot  # type: ignore[method-assign]
    posts = await solo_game(discord_, service, now)
    asked = asking_alice(posts, discord_)
    assert len(asked) >= 4
    assert all(ALICE["id"] in pinged(m) for m in asked)
