"""/game new, join, leave, start, abandon through the real discord.py client."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from PIL import Image

from bot.service import Service, ServiceError
from tests.discord.conftest import ALICE, BOB, CAROL, EVE, start_game
from tests.discord.fake_discord import (
    BOT_PERMS,
    CHANNEL_ID,
    MANAGER_PERMS,
    THREAD_ID,
    Harness,
    buttons_of,
    thread_channel,
)


async def test_commands_are_synced_with_french_names_and_descriptions(discord_: Harness) -> None:
    sync = next(c for c in discord_.fake.calls if c.method == "PUT")
    commands = {c["name"]: c for c in sync.body}  # type: ignore[union-attr]
    assert set(commands) == {"game", "move"}
    game = commands["game"]
    assert game["name_localizations"]["fr"] == "partie"
    subs = {o["name"]: o for o in game["options"]}
    assert set(subs) == {"new", "join", "leave", "start", "status", "board", "hand", "log",
                         "resign", "abandon", "rules", "undo", "mine", "notify", "vacation",
                         "settings", "leaderboard", "stats", "replay", "bot", "card"}
    assert subs["join"]["name_localizations"]["fr"] == "rejoindre"
    bots = {o["name"]: o for o in subs["bot"]["options"]}
    assert bots["add"]["name_localizations"]["fr"] == "ajouter"
    levels = bots["add"]["options"][0]["choices"]
    assert [(c["value"], c["name_localizations"]["fr"]) for c in levels] == [
        ("easy", "facile"), ("medium", "moyen"), ("hard", "difficile")]
    assert subs["hand"]["description_localizations"]["fr"].startswith("Voir votre main")
    choices = subs["new"]["options"][0]["choices"]
    tiny = next(c for c in choices if c["value"] == "tiny")
    assert tiny["name"] == "Tiny" and tiny["name_localizations"]["fr"] == "Minus"
    assert commands["move"]["name_localizations"]["fr"] == "jouer"
    for command in [game, commands["move"], *subs.values()]:
        assert 1 <= len(command["description"]) <= 100
        for locale, text in command.get("description_localizations", {}).items():
            assert len(text) <= 100, (command["name"], locale)


async def test_a_game_is_opened_joined_and_started(discord_: Harness, service: Service) -> None:
    new = await discord_.slash(ALICE, "game", "new", game="tiny")
    assert new.callback.body == {"type": 5, "data": {"flags": 64}}  # deferred, ephemeral
    [post] = discord_.fake.channel_posts()  # the lobby post, with its buttons
    assert "A game of **Tiny** is looking for players" in post.content
    assert "1 player seated (2–3): Alice" in post.content
    lobby = discord_.fake.message_of(post)
    assert "1 more player is needed" in lobby["content"]

    await discord_.slash(BOB, "game", "join")
    assert len(discord_.fake.channel_posts()) == 1  # edited in place
    assert "2 players seated (2–3): Alice, Bob" in lobby["content"]
    assert buttons_of(lobby)

    start = await discord_.slash(ALICE, "game", "start")
    assert start.callback.ephemeral
    turn = discord_.fake.channel_posts()[-1]
    info = await service.info(CHANNEL_ID)
    first = info.user_of(0)
    assert first is not None
    assert f"<@{first.user_id}>" in turn.content  # the first player is called
    assert "The game begins." in turn.content
    # Exactly the player called is pinged, whatever else the post's text holds.
    assert turn.body["allowed_mentions"] == {  # type: ignore[index]
        "parse": [], "users": [first.user_id]}
    [(name, png)] = turn.files
    assert name == "turn.png" and turn.flags & (1 << 15)  # a Components V2 layout
    assert Image.open(io.BytesIO(png)).format == "PNG"
    assert turn.custom_ids() == [f"tabula:hand:{info.id}", f"tabula:play:{info.id}",
                                 f"tabula:board:{info.id}"]
    recorded = await service.store.messages(info.id, "turn")
    assert [m[0] for m in recorded] == [int(turn.result["id"])]
    assert (await service.lobby_post(info.id)).message_id == int(post.result["id"])  # type: ignore[union-attr]
    assert lobby["content"].startswith("▶️ The game of **Tiny** has begun (1. ")
    assert not buttons_of(lobby)


async def test_lobby_refusals_are_ephemeral_and_translated(discord_: Harness) -> None:
    await discord_.slash(ALICE, "game", "new", game="tiny")
    again = await discord_.slash(ALICE, "game", "join")
    [answer] = again.followups
    assert answer.ephemeral and "already seated" in answer.content
    early = await discord_.slash(ALICE, "game", "start", locale="fr")
    [answer] = early.followups
    assert answer.ephemeral and answer.content.startswith("⛔")
    assert "joueurs" in answer.content  # "1 installés : ce jeu demande au moins 2 joueurs"
    busy = await discord_.slash(BOB, "game", "new", game="tiny")
    assert busy.followups[0].ephemeral and "already has a game" in busy.followups[0].content


async def test_bad_options_are_refused(discord_: Harness) -> None:
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", options="goal=7")
    [answer] = sent.followups
    assert answer.ephemeral and "goal" in answer.content and "5, 9" in answer.content


async def test_options_are_suggested_for_the_chosen_game(discord_: Harness) -> None:
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", options="", focused="options")
    values = [c["value"] for c in sent.choices()]
    assert values == ["fast", "goal=5", "goal=9", "hints"]  # hints: the platform's own
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", options="fast g",
                                focused="options", locale="fr")
    choices = sent.choices()
    assert [c["value"] for c in choices] == ["fast goal=5", "fast goal=9"]
    assert "Points pour gagner" in choices[0]["name"]
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", options="fast goal=5 ",
                                focused="options")
    assert [c["value"] for c in sent.choices()] == ["fast goal=5 hints"]
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", options="fast goal=5 hints ",
                                focused="options")
    assert sent.choices() == []


@pytest.mark.parametrize("lacking", ["attach_files", "send_messages", "view_channel"])
async def test_creation_is_refused_without_an_essential_permission(
    discord_: Harness, service: Service, lacking: str,
) -> None:
    perms = BOT_PERMS.__class__(BOT_PERMS.value)
    setattr(perms, lacking, False)
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", app_permissions=perms,
                                locale="fr")
    assert sent.callback.body["type"] == 4  # type: ignore[index]  # answered at once
    assert sent.callback.ephemeral
    label = {"attach_files": "Joindre des fichiers", "send_messages": "Envoyer des messages",
             "view_channel": "Voir le salon"}[lacking]
    assert label in sent.callback.content
    with pytest.raises(ServiceError):
        await service.info(CHANNEL_ID)
    assert discord_.fake.channel_posts() == []


async def test_in_a_thread_the_bot_needs_to_send_in_threads(discord_: Harness) -> None:
    perms = BOT_PERMS.__class__(BOT_PERMS.value)
    perms.send_messages = False  # not needed in a thread...
    perms.send_messages_in_threads = False  # ...but this is
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", channel=thread_channel(),
                                app_permissions=perms)
    assert "Send Messages in Threads" in sent.callback.content
    perms.send_messages_in_threads = True
    await discord_.slash(ALICE, "game", "new", game="tiny", channel=thread_channel(),
                         app_permissions=perms)
    post = discord_.fake.channel_posts()[-1]
    assert post.path == f"/channels/{THREAD_ID}/messages"


async def test_a_missing_useful_permission_is_only_a_warning(discord_: Harness) -> None:
    perms = BOT_PERMS.__class__(BOT_PERMS.value)
    perms.embed_links = False
    sent = await discord_.slash(ALICE, "game", "new", game="tiny", app_permissions=perms)
    [answer] = sent.followups  # said to the creator, not to the channel
    assert answer.ephemeral and "Embed Links" in answer.content
    [post] = discord_.fake.channel_posts()
    assert "Embed Links" not in post.content and "looking for players" in post.content


async def test_leaving_and_the_last_one_out_closes_the_lobby(discord_: Harness) -> None:
    await discord_.slash(ALICE, "game", "new", game="tiny")
    await discord_.slash(BOB, "game", "join")
    await discord_.slash(BOB, "game", "leave")
    lobby = discord_.fake.last_post()
    assert "1 player seated (2–3): Alice\n" in lobby["content"]
    await discord_.slash(ALICE, "game", "leave")
    assert len(discord_.fake.channel_posts()) == 1
    assert "Nobody is left at the table: the game of **Tiny** is closed" in lobby["content"]
    assert not buttons_of(lobby)
    stranger = await discord_.slash(EVE, "game", "leave")
    assert stranger.followups[0].ephemeral and "no game" in stranger.followups[0].content


async def test_only_the_creator_or_a_manager_abandons(discord_: Harness, service: Service) -> None:
    await start_game(discord_, ALICE, BOB)
    refused = await discord_.slash(BOB, "game", "abandon")
    assert refused.followups[0].ephemeral and "Only the player who created" in refused.followups[0].content
    turn_message = discord_.fake.last_post()
    assert buttons_of(turn_message)
    await discord_.slash(CAROL, "game", "abandon", permissions=MANAGER_PERMS)
    assert "was cancelled by **Carol**" in discord_.fake.channel_posts()[-1].content
    assert not buttons_of(turn_message)  # the old buttons were taken off
    assert (await service.info(CHANNEL_ID, live=False)).status == "abandoned"


async def test_a_failed_post_is_reported_to_the_user(discord_: Harness) -> None:
    discord_.fake.fail_channel_posts = True
    sent = await discord_.slash(ALICE, "game", "new", game="tiny")
    [answer] = sent.followups
    assert answer.ephemeral and "could not post" in answer.content
    discord_.fake.fail_channel_posts = False  # the next change posts the lobby post
    await discord_.slash(BOB, "game", "join")
    [post] = discord_.fake.channel_posts()[-1:]
    assert "2 players seated (2–3): Alice, Bob" in post.content


async def test_two_clicks_at_once_are_each_applied_and_the_post_ends_true(
    discord_: Harness, service: Service, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two Joins at once, the first edit of the post (showing Bob only) held up on its way to
    Discord while Carol joins: both are seated once, and the post ends showing both (no edit
    from an older state lands last)."""
    await discord_.slash(ALICE, "game", "new", game="tiny")
    lobby = discord_.fake.last_post()
    join = next(c for c in buttons_of(lobby) if c.startswith("tabula:lobby:join:"))
    real = discord_.bot.http.request
    editing, carol_seated = asyncio.Event(), asyncio.Event()

    async def slow(route: Any, **kwargs: Any) -> Any:
        if route.method == "PATCH" and not editing.is_set():  # the first edit: Bob's
            editing.set()
            await asyncio.wait_for(carol_seated.wait(), 5)
            await asyncio.sleep(0.2)  # long enough for an unguarded edit of Carol's to land
        return await real(route, **kwargs)

    monkeypatch.setattr(discord_.bot.http, "request", slow)
    join_now = discord_.bot.service.join

    async def carol_later(channel_id: int, user: Any) -> Any:  # once Bob's edit is on its way
        if user.id != int(CAROL["id"]):
            return await join_now(channel_id, user)
        await asyncio.wait_for(editing.wait(), 5)
        try:
            return await join_now(channel_id, user)
        finally:
            carol_seated.set()

    monkeypatch.setattr(discord_.bot.service, "join", carol_later)
    clicks = await asyncio.gather(discord_.click(BOB, lobby, join), discord_.click(CAROL, lobby, join))
    assert all(c.callback.body == {"type": 6} for c in clicks)  # the edit is the answer
    assert [s.name for s in (await service.info(CHANNEL_ID)).seats][1:] in (
        ["Bob", "Carol"], ["Carol", "Bob"])
    assert "3 players seated (2–3): Alice, " in lobby["content"]
    assert "Bob" in lobby["content"] and "Carol" in lobby["content"]
    assert len(discord_.fake.channel_posts()) == 1
