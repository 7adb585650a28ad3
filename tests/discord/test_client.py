"""The client itself: intents, mentions, command sync to a dev guild, failures, run_bot."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot.discord import TabulaBot, run_bot
from bot.discord.i18n import CatalogueTranslator
from bot.service import Service
from tests.discord.conftest import on_turn, start_game
from tests.discord.fake_discord import FakeDiscord, Harness


def test_the_bot_asks_for_no_privileged_intent_and_pings_nobody_by_default(service: Service) -> None:
    """Each post names the users it pings (bot/discord/posting.py); by default, nobody: a name
    such as <@id> in a post must not ping anyone."""
    bot = TabulaBot(service)
    assert bot.intents.guilds and not bot.intents.message_content and not bot.intents.members
    mentions = bot.allowed_mentions
    assert mentions is not None and mentions.to_dict() == {"parse": []}


async def test_commands_are_copied_to_the_dev_guild(service: Service, monkeypatch: Any) -> None:
    fake = FakeDiscord()
    bot = TabulaBot(service, dev_guild=4242, guild_ready_timeout=0.01)
    monkeypatch.setattr(bot.http, "request", fake.http_request)
    await bot.login("fake-token")
    try:
        [sync] = [c for c in fake.calls if c.method == "PUT"]
        assert sync.path.endswith("/guilds/4242/commands")
        assert {c["name"] for c in sync.body} == {"game", "move"}  # type: ignore[union-attr]
    finally:
        await bot.close()


async def test_no_sync_when_asked_not_to(service: Service, monkeypatch: Any) -> None:
    fake = FakeDiscord()
    bot = TabulaBot(service, sync=False)
    monkeypatch.setattr(bot.http, "request", fake.http_request)
    await bot.login("fake-token")
    await bot.close()
    assert not [c for c in fake.calls if c.method == "PUT"]


async def test_the_translator_knows_french_and_leaves_english_alone() -> None:
    translator = CatalogueTranslator()
    group = discord.app_commands.Group(name="game", description="d")
    context = TranslationContext(TranslationContextLocation.group_name, group)
    assert await translator.translate(locale_str("game"), discord.Locale.french, context) == "partie"
    assert await translator.translate(locale_str("game"), discord.Locale.american_english,
                                      context) is None
    other = TranslationContext(TranslationContextLocation.other, None)
    assert await translator.translate(locale_str("x"), discord.Locale.french, other) is None


async def test_an_unexpected_failure_is_apologised_for(discord_: Harness, service: Service,
                                                        monkeypatch: Any) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)

    def broken(*_: Any) -> bytes:
        raise RuntimeError("the renderer broke")

    monkeypatch.setattr(service.renderer, "hand", broken)
    sent = await discord_.slash(player, "game", "hand", locale="fr")
    [answer] = sent.followups
    assert answer.ephemeral and "Quelque chose s'est mal passé" in answer.content
    assert any("failure while handling" in r.getMessage() for r in discord_.errors)
    discord_.errors.clear()


async def test_run_bot_without_a_token_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    assert await run_bot("", str(tmp_path / "t.db")) == 2
    assert "no Discord bot token" in capsys.readouterr().err


async def test_run_bot_with_a_refused_token_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: Any,
) -> None:
    async def refuse(self: Any, token: str) -> Any:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", refuse)
    assert await run_bot("not-a-token", str(tmp_path / "t.db"), None) == 1
    assert "refused the bot token" in capsys.readouterr().err
    assert (tmp_path / "t.db").exists()  # the store was opened (and closed again)


async def test_run_bot_against_a_server_that_refuses_the_token(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: Any,
) -> None:
    """The real login request, to a loopback server answering as Discord does to a bad token."""
    from aiohttp import web

    async def me(request: web.Request) -> web.Response:
        assert request.headers["Authorization"] == "Bot not-a-token"
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    try:
        assert await run_bot("not-a-token", str(tmp_path / "t.db"), None) == 1
    finally:
        await runner.cleanup()
    assert "refused the bot token" in capsys.readouterr().err


async def test_run_bot_when_discord_cannot_be_reached(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: Any,
) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    assert await run_bot("some-token", str(tmp_path / "t.db"), None) == 3
    assert "cannot reach Discord" in capsys.readouterr().err


def test_lobby_caps_come_from_the_configuration() -> None:
    """TABULA_MAX_LOBBIES_PER_USER / _PER_CHANNEL (docs/operating.md, Configuration): defaults
    when unset, 0 for no limit, a clear error for anything but a whole number."""
    from bot.discord.client import limits_from_env
    from bot.service import Limits

    assert limits_from_env({}) == Limits()
    assert Limits().user_lobbies == 3 and Limits().channel_lobbies == 10
    chosen = limits_from_env({"TABULA_MAX_LOBBIES_PER_USER": "5",
                              "TABULA_MAX_LOBBIES_PER_CHANNEL": "0"})
    assert chosen.user_lobbies == 5 and chosen.channel_lobbies is None
    for bad in ("-1", "two", "٣"):
        with pytest.raises(ValueError, match="TABULA_MAX_LOBBIES_PER_USER"):
            limits_from_env({"TABULA_MAX_LOBBIES_PER_USER": bad})


def test_shards_are_read_as_ranges_or_lists() -> None:
    from bot.discord.client import parse_shards

    assert parse_shards(None, None) == (None, None)
    assert parse_shards(4, None) == (4, [0, 1, 2, 3])
    assert parse_shards(4, "1-2") == (4, [1, 2])
    assert parse_shards(4, "3,0") == (4, [0, 3])
    for count, ids, says in [(None, "0", "needs --shards"), (0, None, "1 or more"),
                             (2, "1-2", "from 0 to 1"), (2, "0,0", "distinct"),
                             (2, "a", "a range such as")]:
        with pytest.raises(ValueError, match=says):
            parse_shards(count, ids)


async def test_a_process_serving_some_shards_is_an_auto_sharded_client(
        service: Service, monkeypatch: Any) -> None:
    """`tabula run --shards 4 --shard-ids 2-3`: discord.py's AutoShardedClient over shards 2
    and 3 of 4; only the process serving shard 0 syncs the commands."""
    from bot.discord.client import make_bot

    plain = make_bot(service)
    assert not isinstance(plain, discord.AutoShardedClient) and plain.sync
    first = make_bot(service, shards=4, shard_ids=[0, 1])
    other = make_bot(service, shards=4, shard_ids=[2, 3])
    for bot, ids in ((first, [0, 1]), (other, [2, 3])):
        assert isinstance(bot, discord.AutoShardedClient) and isinstance(bot, TabulaBot)
        assert bot.shard_count == 4 and bot.shard_ids == ids
    assert first.sync and not other.sync
    fake = FakeDiscord()
    monkeypatch.setattr(other.http, "request", fake.http_request)
    await other.login("fake-token")  # setup_hook: commands registered, none sent
    await other.close()
    assert not [c for c in fake.calls if c.method == "PUT"]


def test_run_refuses_wrong_shards_before_anything(monkeypatch: Any,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert main(["run", "--shards", "2", "--shard-ids", "2"]) == 2
    assert "--shard-ids 2 must name distinct shards from 0 to 1" in capsys.readouterr().err
