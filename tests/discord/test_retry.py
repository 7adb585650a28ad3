"""The retry's back-off and the causes it tells (bot/discord/retry.py, bot/discord/unposted.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.discord.retry import Reposter
from bot.discord.unposted import classify, dm_text, mover_text
from bot.service.posts import REPOST_LEASE


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
