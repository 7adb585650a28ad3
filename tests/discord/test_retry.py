"""The retry's back-off and the causes it tells (bot/discord/retry.py, bot/discord/unposted.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.discord.retry import Reposter
from bot.discord.unposted import classify, dm_text, mover_text
from bot.service import Service
from bot.service.posts import REPOST_LEASE
from tests.discord.conftest import on_turn, start_game
from tests.discord.fake_discord import Harness


def test_the_back_off_grows_threefold_up_to_the_lease_of_a_claim() -> None:
    reposter = Reposter(None, None, first=10)  # type: ignore[arg-type]
    assert [reposter.delay(n) for n in range(1, 8)] == [10, 30, 90, 270, 600, 600, 600]
    assert REPOST_LEASE == 600 and reposter.poll == reposter.grace == 60


def _error(kind: type[discord.HTTPException], status: int, code: int) -> Any:
    response = SimpleNamespace(status=status, reason="")
    return kind(response, {"code": code, "message": "refused"})  # type: ignore[arg-type]


def test_each_failure_is_told_by_its_cause_in_both_languages() -> None:
    channel = 42
    causes = {
        "discord": _error(discord.DiscordServerError, 500, 0),
        "permission": _error(discord.Forbidden, 403, 50013),
        "gone": _error(discord.NotFound, 404, 10003),
    }
    for kind, error in causes.items():
        failure = classify(error, channel)
        assert failure.kind == kind and failure.unusable == (kind != "discord")
        en, fr = mover_text(failure, "en", None), mover_text(failure, "fr", None)
        assert "Your move is recorded" in en and "Votre coup est enregistré" in fr
        assert "<#42>" in en and "<#42>" in fr
    assert "Discord did not take" in mover_text(classify(causes["discord"], 1), "en", None)
    assert classify(OSError("connection reset"), 1).kind == "discord"
    assert classify(_error(discord.NotFound, 404, 10008), 1).kind == "discord"  # not the channel
    dm = dm_text(classify(causes["permission"], channel), "fr", "Res Publica", "Rome")
    assert "C'est votre tour dans **Res Publica**" in dm and "<#42> (serveur Rome)" in dm


async def test_a_failed_post_is_tried_when_due_then_waits_its_back_off(
    discord_: Harness, service: Service,
) -> None:
    """A round tries an owed post only when its back-off is over, pushes the next try back
    whatever comes of it (a round never spins on a post it cannot make), and forgets it once
    it has landed."""
    await discord_.bot.reposter.stop()  # its rounds are called here, one at a time
    await start_game(discord_)
    [first] = await on_turn(service)
    discord_.fake.fail_channel_posts = True
    sent = await discord_.slash(first, "move", action="pass")
    [answer] = sent.followups
    assert "Your move is recorded" in answer.content and "permission" in answer.content
    reposter = discord_.bot.reposter
    [(game_id, owed)] = reposter.owed.items()
    assert owed.failures == 1 and owed.failure.kind == "permission"
    assert await reposter.once() == 0 and reposter.owed[game_id].failures == 1  # not due
    owed.due = 0
    assert await reposter.once() == 0 and reposter.owed[game_id].failures == 2  # tried
    assert reposter.owed[game_id].due > 0
    assert await reposter.once() == 0 and reposter.owed[game_id].failures == 2  # waits
    discord_.fake.fail_channel_posts = False
    reposter.owed[game_id].due = 0  # its back-off is over, in both clocks:
    later = service.clock() + reposter.delay(2)
    service.clock = lambda: later  # type: ignore[method-assign]
    posts = len(discord_.fake.channel_posts())
    assert await reposter.once() == 1 and reposter.owed == {}
    assert len(discord_.fake.channel_posts()) == posts + 1  # the turn, once
    assert await reposter.once() == 0 and len(discord_.fake.channel_posts()) == posts + 1
