"""The stand-in itself: the gateway as discord.py speaks it, and the requests it refuses as
Discord refuses them, so that a bot cannot pass here and fail in Discord.

Refusals are provoked through the real discord.py client: the bot's own HTTP client for channel
messages, and a deliberately misbehaving discord.py client ("Rogue") for interaction answers.
"""

from __future__ import annotations

import asyncio
import io
import logging
import tomllib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from discord import app_commands
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_response_params

from tests.e2e.conftest import World
from tests.standin import BUILT_AGAINST, TOKEN, Player, StandIn, bot_tasks_idle
from tests.standin import validate as limits
from tests.standin.model import MENTION_EVERYONE
from tests.support import fix_seed

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def test_the_discord_py_version_is_the_one_the_standin_was_built_against() -> None:
    assert discord.__version__ == BUILT_AGAINST
    readme = (ROOT / "tests/standin/README.md").read_text(encoding="utf-8")
    assert f"discord.py {BUILT_AGAINST}" in readme
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert f"discord.py=={BUILT_AGAINST}" in project["project"]["dependencies"]


# --- the gateway -----------------------------------------------------------------------------


async def test_the_gateway_session_compression_and_heartbeats(world: World) -> None:
    standin = world.standin
    assert standin.connections == ["/gateway"] and standin.identifies == 1
    # discord.py always asks for transport compression; the stand-in speaks it.
    session = standin.current
    assert session is not None and session.transport is not None
    assert session.transport.compress in ("zlib-stream", "zstd-stream")
    assert standin.heartbeats >= 1  # discord.py beats once at HELLO, and is answered
    assert world.bot is not None and world.bot.latency < 1


async def test_heartbeats_keep_coming_at_the_interval_hello_gives(world: World) -> None:
    world.standin.heartbeat_ms = 50
    await world.restart()
    before = world.standin.heartbeats
    await asyncio.sleep(1.0)
    assert world.standin.heartbeats - before >= 4  # about 20


@pytest.mark.parametrize("how", ["reconnect", "drop"])
async def test_the_bot_resumes_at_the_url_ready_gave_and_misses_nothing(world: World,
                                                                         how: str) -> None:
    standin = world.standin
    alice = world.player("Alice")
    assert (await alice.slash("game rules")).ephemeral
    session = standin.current
    assert session is not None
    await (standin.reconnect() if how == "reconnect" else standin.drop())
    # Sent while the bot is away: kept in the session and replayed on RESUME.
    status = await asyncio.wait_for(alice.slash("game status"), 15)
    assert not status.failed and status.ephemeral
    assert standin.connections == ["/gateway", "/resume"] and standin.resumes == 1
    assert standin.replayed >= 1  # the interaction, at least
    assert standin.current is session and standin.identifies == 1


async def test_an_unknown_session_is_invalidated_and_the_bot_identifies_again(
    world: World,
) -> None:
    standin = world.standin
    assert world.bot is not None

    async def at_once(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before identifying again (Discord's identify rate limit)."""

    world.bot.before_identify_hook = at_once  # type: ignore[method-assign]
    standin.sessions.clear()  # Discord forgot the session
    await standin.drop()
    for _ in range(100):
        if standin.identifies == 2:
            break
        await asyncio.sleep(0.05)
    assert standin.identifies == 2
    await asyncio.wait_for(world.bot.wait_until_ready(), 10)
    reply = await world.player("Alice").slash("game rules")
    assert not reply.failed


async def test_a_refused_token_and_privileged_intents(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    standin = await StandIn().start()
    monkeypatch.setattr(discord.http.Route, "BASE", standin.api)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(standin.gateway))
    try:
        client = discord.Client(intents=discord.Intents.none())
        with pytest.raises(discord.LoginFailure):
            await client.start("not-the-token")
        await client.close()
        client = discord.Client(intents=discord.Intents(message_content=True, guilds=True))
        with pytest.raises(discord.PrivilegedIntentsRequired):
            await asyncio.wait_for(client.start(TOKEN), 10)
        await client.close()
    finally:
        await standin.close()


# --- channel messages: refused through the bot's own discord.py HTTP client --------------------


async def post(world: World, payload: dict[str, Any]) -> discord.HTTPException:
    assert world.bot is not None
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=world.standin.channel.id)
    with pytest.raises(discord.HTTPException) as refused:
        await world.bot.http.request(route, json=payload)
    return refused.value


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def button(custom_id: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


async def test_messages_breaking_discords_limits_are_refused(world: World) -> None:
    cases = {  # the payload, and the field Discord names in its refusal
        "content": ({"content": "x" * (limits.CONTENT + 1)}, "In content"),
        "rows": ({"content": "x", "components": [row(button(f"b{i}")) for i in range(6)]},
                 "In components:"),
        "custom_id": ({"content": "x", "components": [row(button("c" * 101))]},
                      "components.0.components.0.custom_id"),
        "label": ({"content": "x", "components": [row(button("b", "l" * 81))]},
                  "components.0.components.0.label"),
        "duplicate": ({"content": "x", "components": [row(button("b"), button("b"))]},
                      "components.0.components.1.custom_id"),
        "buttons": ({"content": "x", "components": [row(*(button(f"b{i}") for i in range(6)))]},
                    "components.0.components"),
        "options": ({"content": "x", "components": [row({
            "type": 3, "custom_id": "s", "options": [{"label": str(i), "value": str(i)}
                                                     for i in range(26)]})]},
                    "components.0.components.0.options"),
        "embeds": ({"embeds": [{"title": "t"}] * 11}, "In embeds"),
        "mentions": ({"content": "x", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
                     "allowed_mentions.users"),
        "ephemeral": ({"content": "x", "flags": limits.EPHEMERAL}, "In flags"),  # not in a channel
    }
    for case, (payload, where) in cases.items():
        refused = await post(world, payload)
        assert refused.status == 400 and refused.code == 50035, (case, refused)
        assert where in refused.text, (case, refused.text)
    empty = await post(world, {"content": ""})
    assert empty.status == 400 and empty.code == 50006
    assert world.public() == []  # nothing refused was posted


V2 = limits.IS_COMPONENTS_V2


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def gallery(url: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}}]}


async def test_components_v2_messages_breaking_discords_limits_are_refused(world: World) -> None:
    many = [text("t")] * 20 + [row(*(button(f"b{r}{i}") for i in range(4))) for r in range(5)]
    cases = {  # the payload, and the field Discord names in its refusal
        "content": ({"flags": V2, "content": "x", "components": [text("t")]}, "In content"),
        "embeds": ({"flags": V2, "embeds": [{"title": "t"}], "components": [text("t")]},
                   "In embeds"),
        "count": ({"flags": V2, "components": many}, "In components"),
        "text": ({"flags": V2, "components": [text("x" * 4001)]}, "components.0.content"),
        "attachment": ({"flags": V2, "components": [gallery("attachment://turn.png")]},
                       "components.0.items.0.media.url"),
        "scheme": ({"flags": V2, "components": [gallery("ftp://x/y.png")]},
                   "components.0.items.0.media.url"),
        "nesting": ({"flags": V2, "components": [{"type": 17, "components": [
            {"type": 17, "components": [text("t")]}]}]}, "components.0.components.0.type"),
        "gallery": ({"flags": V2, "components": [{"type": 12, "items": []}]},
                    "components.0.items"),
        "button": ({"flags": V2, "components": [{"type": 17, "components": [
            row(button("c" * 101))]}]}, "components.0.components.0.components.0.custom_id"),
    }
    for case, (payload, where) in cases.items():
        refused = await post(world, payload)
        assert refused.status == 400 and refused.code == 50035, (case, refused)
        assert where in refused.text, (case, refused.text)
    empty = await post(world, {"flags": V2, "components": []})
    assert empty.status == 400
    assert world.public() == []  # nothing refused was posted


async def test_a_layout_shows_its_attachment_and_cannot_be_blanked(world: World) -> None:
    """A discord.py LayoutView with a picture: sent without content, its media resolved to the
    attachment; `edit(view=None)` would leave it empty and is refused; rebuilt without its
    buttons, it keeps its text and picture."""
    from bot.discord.turnpost import without_buttons

    assert world.bot is not None
    channel = world.bot.get_channel(world.standin.channel.id)
    assert isinstance(channel, discord.TextChannel)
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.Container(
        discord.ui.TextDisplay("Hello <@1>"),
        discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://turn.png")),
    ))
    buttons: discord.ui.ActionRow = discord.ui.ActionRow()
    buttons.add_item(discord.ui.Button(label="Play", custom_id="tabula:play:1"))
    layout.add_item(buttons)
    sent = await channel.send(view=layout, file=discord.File(io.BytesIO(b"png"), "turn.png"))
    [stored] = world.public()
    assert stored.layout and stored.content == "" and stored.text == "Hello <@1>"
    assert stored.media_urls() == [stored.attachments[0].payload(world.standin.url,
                                                                  stored.channel_id)["url"]]
    assert stored.custom_ids() == ["tabula:play:1"]
    with pytest.raises(discord.HTTPException) as blanked:
        await sent.edit(view=None)
    assert blanked.value.status == 400 and stored.text == "Hello <@1>"  # refused, unchanged
    fetched = await channel.fetch_message(sent.id)
    # Discord: a fetched Components V2 message does not list the attachments it shows.
    assert fetched.attachments == [] and len(stored.attachments) == 1
    await fetched.edit(view=without_buttons(fetched))
    assert stored.custom_ids() == [] and stored.text == "Hello <@1>"
    # Its picture still points at its attachment (not at a CDN url, signed and short-lived).
    [media] = [item["media"] for c in limits.walk(stored.components)
               for item in c.get("items") or []]
    assert media["attachment_id"] == str(stored.attachments[0].id)


async def test_command_definitions_breaking_discords_rules_are_refused(world: World) -> None:
    assert world.bot is not None and world.bot.application_id is not None
    route = Route("PUT", "/applications/{application_id}/commands",
                  application_id=world.bot.application_id)
    option = {"name": "what", "description": "d", "type": 3}
    cases = {
        "name": {"name": "Game", "description": "d"},
        "description": {"name": "game", "description": "d" * 101},
        "choices": {"name": "game", "description": "d", "options": [
            {**option, "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}]},
        "required": {"name": "game", "description": "d", "options": [
            option, {**option, "name": "then", "required": True}]},
        "autocomplete": {"name": "game", "description": "d", "options": [
            {**option, "autocomplete": True, "choices": [{"name": "a", "value": "a"}]}]},
    }
    for case, command in cases.items():
        with pytest.raises(discord.HTTPException) as refused:
            await world.bot.http.request(route, json=[command])
        assert refused.value.code == 50035 and case in refused.value.text, (case, refused.value.text)
    assert world.standin.command("game") is not None  # the bot's own sync stands


async def test_an_attachment_over_the_size_limit_is_refused(world: World) -> None:
    assert world.bot is not None
    channel = world.bot.get_channel(world.standin.channel.id)
    assert isinstance(channel, discord.TextChannel)
    big = discord.File(io.BytesIO(b"\0" * (limits.ATTACHMENT_BYTES + 1)), filename="board.png")
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("too big", file=big)
    assert refused.value.status == 413 and refused.value.code == 40005
    fine = discord.File(io.BytesIO(b"\0" * 1000), filename="board.png")
    message = await channel.send("fine", file=fine)
    [stored] = world.public()
    assert stored.id == message.id and len(stored.attachments[0].data) == 1000


async def test_a_channel_post_without_permission_is_forbidden(world: World) -> None:
    from tests.standin.model import SEND_MESSAGES

    assert world.bot is not None
    world.standin.channel.bot_permissions &= ~SEND_MESSAGES
    channel = world.bot.get_channel(world.standin.channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hello")
    assert refused.value.code == 50013


# --- interaction answers: a misbehaving discord.py client ---------------------------------------


class RogueTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError, /) -> None:
        assert isinstance(self.client, Rogue)
        self.client.outcomes[interaction.command.name if interaction.command else "?"] = error


class Rogue(discord.Client):
    """A discord.py bot doing, one command each, what Discord refuses."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none(), guild_ready_timeout=0.05)
        self.tree = RogueTree(self)
        self.outcomes: dict[str, Any] = {}

    async def setup_hook(self) -> None:
        tree, outcomes = self.tree, self.outcomes

        async def attempt(name: str, coro: Any) -> None:
            try:
                await coro
            except discord.HTTPException as error:
                outcomes[name] = error
            else:
                outcomes[name] = "accepted"

        @tree.command(name="many", description="26 suggestions")
        async def many(interaction: discord.Interaction, value: str) -> None:
            await interaction.response.send_message(value)

        @many.autocomplete("value")
        async def many_choices(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=f"choice {i}", value=str(i)) for i in range(26)]

        @tree.command(name="late", description="answers after the deadline")
        async def late(interaction: discord.Interaction) -> None:
            await asyncio.sleep(1.2)
            await attempt("late", interaction.response.send_message("too late"))

        @tree.command(name="long", description="2001 characters")
        async def long(interaction: discord.Interaction) -> None:
            await attempt("long", interaction.response.send_message("x" * 2001))
            await interaction.response.send_message("short enough")

        @tree.command(name="custom", description="a custom_id of 101 characters")
        async def custom(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="b", custom_id="c" * 101))
            await attempt("custom", interaction.response.send_message("x", view=view))
            await interaction.response.defer()

        @tree.command(name="twice", description="two initial responses")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            adapter = async_context.get()
            await attempt("twice", adapter.create_interaction_response(
                interaction.id, interaction.token, session=interaction._session,
                params=interaction_response_params(type=5)))

        @tree.command(name="early", description="a follow-up before any response")
        async def early(interaction: discord.Interaction) -> None:
            await attempt("early", interaction.followup.send("too early"))
            await interaction.response.send_message("now")

        @tree.command(name="mixed", description="ephemeral, then a follow-up edit")
        async def mixed(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first", ephemeral=True)
            await interaction.edit_original_response(content="edited")
            follow = await interaction.followup.send("second", ephemeral=True, wait=True)
            await follow.edit(content="second, edited")
            outcomes["mixed"] = "accepted"

        @tree.command(name="shout", description="@everyone, without allowed_mentions")
        async def shout(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"@everyone <@{interaction.user.id}>")

        await tree.sync()


@pytest.fixture
async def rogue(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[StandIn, Rogue, Player]]:
    standin = await StandIn(deadline=1.0).start()
    monkeypatch.setattr(discord.http.Route, "BASE", standin.api)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(standin.gateway))
    client = Rogue()
    task = asyncio.create_task(client.start(TOKEN))
    try:
        await asyncio.wait_for(client.wait_until_ready(), 10)
        yield standin, client, Player(standin, standin.add_user("Mallory"),
                                      settle=bot_tasks_idle())
    finally:
        await client.close()
        await asyncio.wait_for(task, 10)
        await standin.close()
    assert not standin.failures, standin.failures


async def test_interaction_answers_breaking_discords_rules_are_refused(
    rogue: tuple[StandIn, Rogue, Player], caplog: pytest.LogCaptureFixture,
) -> None:
    standin, client, mallory = rogue
    with caplog.at_level(logging.ERROR):
        suggestions = await mallory.autocomplete("many", "value", value="")
    assert suggestions.failed and suggestions.interaction.choices is None
    assert "choices" in suggestions.interaction.refused[0]
    assert any("autocomplete" in r.getMessage() for r in caplog.records)

    late = await mallory.slash("late")
    assert late.failed  # what the user sees: "This interaction failed"
    assert isinstance(client.outcomes["late"], discord.NotFound)
    assert client.outcomes["late"].code == 10062

    long = await mallory.slash("long")
    assert client.outcomes["long"].code == 50035 and "content" in client.outcomes["long"].text
    assert long.text == "short enough"

    await mallory.slash("custom")
    assert "custom_id" in client.outcomes["custom"].text

    await mallory.slash("twice")
    assert client.outcomes["twice"].code == 40060

    early = await mallory.slash("early")
    assert client.outcomes["early"].code == 10015 and early.text == "now"

    mixed = await mallory.slash("mixed")
    assert client.outcomes["mixed"] == "accepted"
    assert [m.text for m in mixed.messages] == ["edited", "second, edited"]
    assert mixed.ephemeral and all(m.visible_to == mallory.id for m in mixed.messages)


async def test_follow_ups_end_with_the_token(rogue: tuple[StandIn, Rogue, Player]) -> None:
    standin, client, mallory = rogue
    reply = await mallory.slash("mixed")
    standin.token_lifetime = 0.0  # as if 15 minutes had passed since
    message = reply.messages[-1]
    assert client.user is not None
    webhook = discord.Webhook.partial(client.user.id, reply.interaction.token, client=client)
    with pytest.raises(discord.HTTPException) as refused:
        await webhook.edit_message(message.id, content="after 15 minutes")
    assert refused.value.status == 401 and refused.value.code == 50027
    assert message.text == "second, edited"  # unchanged


async def test_an_interaction_answer_without_allowed_mentions_parses_users_only(
        rogue: tuple[StandIn, Rogue, Player]) -> None:
    """docs, Allowed Mentions: interactions and webhooks parse users only by default; a channel
    post parses everything (@everyone with the permission)."""
    standin, client, mallory = rogue
    standin.channel.bot_permissions |= MENTION_EVERYONE
    [answer] = (await mallory.slash("shout")).messages
    assert answer.mentions == [mallory.id] and not answer.mention_everyone
    channel = client.get_channel(standin.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("@everyone")
    assert standin.public()[-1].mention_everyone


async def test_a_repeated_nonce_returns_the_first_message(world: World,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """docs, Create Message, enforce_nonce (discord.py sets it with every nonce); and the tests'
    fixed seed leaves discord.py's nonces random."""
    assert world.bot is not None
    channel = world.bot.get_channel(world.standin.channel.id)
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("first", nonce=1234)
    again = await channel.send("again", nonce=1234)
    assert again.id == first.id and [m.text for m in world.public()] == ["first"]
    fix_seed(monkeypatch, 5)
    await channel.send("one")
    await channel.send("two")
    assert [m.text for m in world.public()] == ["first", "one", "two"]
