"""/move, its autocomplete, the Play menu and the My hand button, through discord.py."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot.discord import TabulaBot
from bot.discord.posting import post_turn
from bot.service import Service
from tests.discord.conftest import ALICE, BOB, EVE, on_turn, start_game, waiting
from tests.discord.fake_discord import CHANNEL_ID, FakeDiscord, Harness, buttons_of, play_of


async def test_autocomplete_suggests_at_most_25_legal_actions(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    everything = await discord_.slash(player, "move", action="", focused="action")
    choices = everything.choices()
    assert 0 < len(choices) <= 25  # 37 legal actions: grouped by their first words
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    assert {"value": "pick …", "name": "pick …"} in choices  # a beginning...
    assert {"value": "pass", "name": "pass"} in choices
    adds = await discord_.slash(player, "move", action="add", focused="action")
    assert [c["value"] for c in adds.choices()] == ["add 1", "add 2", "add 3"]
    # ...which /move opens as a menu to choose the rest
    sent = await discord_.slash(player, "move", action="pick …")
    [menu_call] = sent.followups
    assert menu_call.ephemeral and "**pick** …" in menu_call.content
    assert "Page 1 of 2." in menu_call.content


async def test_autocomplete_matches_and_shows_the_players_language(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    sent = await discord_.slash(player, "move", action="echang", focused="action", locale="fr")
    choices = sent.choices()
    assert [c["value"] for c in choices] == ["trade 2 gold", "trade 2 gold or 1 wood",
                                             "trade 2 gold or 1 iron"]
    assert choices[1]["name"] == "échanger 2 lingots ou 1 bois"


async def test_autocomplete_is_empty_for_those_with_nothing_to_do(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    idle = await waiting(service)
    assert (await discord_.slash(idle, "move", action="", focused="action")).choices() == []
    assert (await discord_.slash(EVE, "move", action="", focused="action")).choices() == []


async def test_a_move_posts_the_turn_and_keeps_private_lines_private(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    before = discord_.fake.last_post()
    sent = await discord_.slash(player, "move", action="add 2")
    turn = discord_.fake.channel_posts()[-1]
    assert f"{player['global_name']} adds 2." in turn.content
    [nxt] = await on_turn(service)
    assert f"<@{nxt['id']}>" in turn.content and nxt != player
    assert turn.files[0][0] == "turn.png"
    assert "secret" not in turn.content  # the private line...
    [ack] = sent.followups
    assert ack.ephemeral and "You played: **add 2**" in ack.content
    assert "Psst: your secret number is" in ack.content  # ...went to the player alone
    assert not buttons_of(before)  # the previous turn message lost its buttons


async def test_garbage_is_refused_with_a_translated_ephemeral_error(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    posts = len(discord_.fake.channel_posts())
    sent = await discord_.slash(player, "move", action="fly to the moon")
    [answer] = sent.followups
    assert answer.ephemeral and "is not something you can do now" in answer.content
    sent = await discord_.slash(player, "move", action="fly to the moon", locale="fr")
    [answer] = sent.followups
    assert answer.ephemeral and "fly to the moon" in answer.content
    assert "is not something" not in answer.content  # French, from the catalogue
    assert len(discord_.fake.channel_posts()) == posts
    idle = await waiting(service)
    sent = await discord_.slash(idle, "move", action="add 1")
    assert sent.followups[0].ephemeral and "not your turn" in sent.followups[0].content


async def test_a_move_typed_in_the_players_language_is_understood(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    sent = await discord_.slash(player, "move", action="Ajouter 3", locale="fr")
    assert "Vous avez joué : **ajouter 3**" in sent.followups[0].content


async def test_someone_not_seated_is_told_so(discord_: Harness) -> None:
    await start_game(discord_)
    sent = await discord_.slash(EVE, "move", action="add 1")
    assert sent.followups[0].ephemeral and "not a player" in sent.followups[0].content
    sent = await discord_.slash(EVE, "game", "hand")
    assert sent.followups[0].ephemeral and "not a player" in sent.followups[0].content
    turn = discord_.fake.last_post()
    info_id = play_of(turn)
    sent = await discord_.click(EVE, turn, info_id)
    assert sent.callback.ephemeral
    assert sent.followups[0].ephemeral and "not a player" in sent.followups[0].content


async def test_my_hand_is_an_ephemeral_picture_with_the_play_button(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    turn = discord_.fake.last_post()
    hand_id, play_id, _board_id = buttons_of(turn)
    sent = await discord_.click(player, turn, hand_id, locale="fr")
    assert sent.callback.body == {"type": 5, "data": {"flags": 64}}
    [answer] = sent.followups
    assert answer.ephemeral
    assert answer.content.startswith("**Votre main** — Minus")
    assert "`ajouter …`" in answer.content and "`passer`" in answer.content
    [(name, png)] = answer.files
    assert name == "hand.png" and Image.open(io.BytesIO(png)).format == "PNG"
    assert answer.custom_ids() == [play_id]
    idle = await waiting(service)
    sent = await discord_.click(idle, turn, hand_id)
    assert sent.followups[0].ephemeral and "Nothing to do for you right now" in sent.followups[0].content
    assert sent.followups[0].custom_ids() == []


async def test_the_play_menu_walks_to_a_trade_and_a_double_click_is_stale(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    turn = discord_.fake.last_post()
    play_id = play_of(turn)
    opened = await discord_.click(player, turn, play_id)
    [menu_call] = opened.followups
    assert menu_call.ephemeral
    menu = discord_.fake.message_of(menu_call)
    select = menu["components"][0]["components"][0]
    labels = [o["label"] for o in select["options"]]
    assert labels == ["add …", "pick …", "trade 2 gold …", "pass"]
    assert all(len(c) <= 100 for c in menu_call.custom_ids())

    # trade 2 gold -> [confirm, or 1 …]; the menu message is edited in place
    step = await discord_.click(player, menu, select["custom_id"], values=["2"])
    assert step.callback.body == {"type": 6}  # a deferred update of the menu
    select = menu["components"][0]["components"][0]
    assert [o["label"] for o in select["options"]] == ["✓ Confirm: trade 2 gold", "or 1 …"]
    assert "**trade 2 gold** …" in menu["content"]
    await discord_.click(player, menu, select["custom_id"], values=["1"])
    select = menu["components"][0]["components"][0]
    assert [o["label"] for o in select["options"]] == ["wood", "iron"]
    assert select["options"][0]["description"] == "trade 2 gold or 1 wood"

    version = (await service.info(CHANNEL_ID)).version
    stale_menu = {**menu, "components": [dict(r) for r in menu["components"]]}
    played = await discord_.click(player, menu, select["custom_id"], values=["0"])
    assert "You played: **trade 2 gold or 1 wood**" in menu["content"]
    assert menu["components"] == []
    assert f"{player['global_name']} plays trade 2 gold or 1 wood." in discord_.fake.channel_posts()[-1].content
    assert not played.followups
    assert (await service.info(CHANNEL_ID)).version == version + 1

    # The same click again (a double click, or a menu left open): refused, nothing played.
    again = await discord_.click(player, stale_menu, select["custom_id"], values=["0"])
    [edit] = again.edits
    assert "The game has moved on" in edit.content
    assert (await service.info(CHANNEL_ID)).version == version + 1


async def test_confirm_plays_the_prefix_itself(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    sent = await discord_.slash(player, "move", action="trade")  # a beginning: opens the menu
    [menu_call] = sent.followups
    menu = discord_.fake.message_of(menu_call)
    select = menu["components"][0]["components"][0]
    assert select["options"][0]["label"] == "✓ Confirm: trade 2 gold"
    await discord_.click(player, menu, select["custom_id"], values=["0"])
    assert "You played: **trade 2 gold**" in menu["content"]


async def test_long_menus_have_pages_and_a_way_back(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    turn = discord_.fake.last_post()
    opened = await discord_.click(player, turn, play_of(turn))
    menu = discord_.fake.message_of(opened.followups[0])
    select = menu["components"][0]["components"][0]
    await discord_.click(player, menu, select["custom_id"], values=["1"])  # pick …
    select, *buttons = [c for row in menu["components"] for c in row["components"]]
    assert len(select["options"]) == 25  # 30 numbers: 25, then 5
    assert [b["label"] for b in buttons] == ["Back", "Next"]
    assert "Page 1 of 2." in menu["content"]
    await discord_.click(player, menu, buttons[1]["custom_id"])
    select, *buttons = [c for row in menu["components"] for c in row["components"]]
    assert [o["label"] for o in select["options"]] == ["26", "27", "28", "29", "30"]
    assert [b["label"] for b in buttons] == ["Back", "Previous"]
    await discord_.click(player, menu, buttons[0]["custom_id"])
    select = menu["components"][0]["components"][0]
    assert [o["label"] for o in select["options"]] == ["add …", "pick …", "trade 2 gold …", "pass"]


async def test_someone_waiting_is_told_there_is_nothing_to_play(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    idle = await waiting(service)
    turn = discord_.fake.last_post()
    sent = await discord_.click(idle, turn, play_of(turn),
                                locale="fr")
    assert sent.followups[0].ephemeral and "rien à faire" in sent.followups[0].content


async def test_buttons_work_after_a_restart(discord_: Harness, service: Service, monkeypatch) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    turn = discord_.fake.last_post()
    await discord_.bot.close()

    # A new process: a new client, nothing in memory but the database.
    fake = FakeDiscord()
    fake.messages = discord_.fake.messages
    bot = TabulaBot(service, guild_ready_timeout=0.01)
    monkeypatch.setattr(bot.http, "request", fake.http_request)
    from discord.webhook.async_ import AsyncWebhookAdapter

    async def webhook_request(adapter, *args, **kwargs):  # type: ignore[no-untyped-def]
        return await fake.webhook_request(*args, **kwargs)

    monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)
    restarted = Harness(bot, fake)
    await restarted.login()
    try:
        sent = await restarted.click(player, turn, play_of(turn))
        menu = fake.message_of(sent.followups[0])
        assert menu["components"][0]["components"][0]["options"][0]["label"] == "add …"
        sent = await restarted.click(player, menu, menu["components"][0]["components"][0]["custom_id"],
                                     values=["0"])
        assert [o["label"] for o in menu["components"][0]["components"][0]["options"]] == ["1", "2", "3"]
    finally:
        await restarted.settle()
        await bot.close()
    assert not fake.unexpected


async def test_resigning_ends_the_game_for_everyone(discord_: Harness, service: Service) -> None:
    await start_game(discord_, ALICE, BOB)
    before = discord_.fake.last_post()
    sent = await discord_.slash(BOB, "game", "resign")
    final = discord_.fake.channel_posts()[-1]
    assert "Bob resigned" in final.content and "🏆 Winner: **Alice**" in final.content
    assert final.custom_ids() == ["tabula:board:1"]  # only the complete board once over
    assert not buttons_of(before)
    assert not sent.followups  # the public post says it all
    after = await discord_.slash(ALICE, "move", action="add 1")
    assert after.followups[0].ephemeral and "game" in after.followups[0].content


async def test_two_clicks_at_once_play_once(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    turn = discord_.fake.last_post()
    opened = await discord_.click(player, turn, play_of(turn))
    menu = discord_.fake.message_of(opened.followups[0])
    select = menu["components"][0]["components"][0]
    version = (await service.info(CHANNEL_ID)).version
    first, second = await asyncio.gather(
        discord_.click(player, dict(menu), select["custom_id"], values=["3"]),  # pass
        discord_.click(player, dict(menu), select["custom_id"], values=["3"]),
    )
    assert (await service.info(CHANNEL_ID)).version == version + 1
    texts = first.text() + "\n" + second.text()
    assert texts.count("You played: **pass**") == 1
    assert texts.count("The game has moved on") == 1


async def test_a_post_overtaken_by_a_later_move_has_no_buttons(
    discord_: Harness, service: Service,
) -> None:
    await start_game(discord_)
    [first] = await on_turn(service)
    older = await service.act(CHANNEL_ID, int(first["id"]), "pass")
    [second] = await on_turn(service)
    newer = await service.act(CHANNEL_ID, int(second["id"]), "pass")
    await post_turn(discord_.bot, service, newer)
    newest = discord_.fake.last_post()
    await post_turn(discord_.bot, service, older)  # arrives late
    late = discord_.fake.channel_posts()[-1]
    assert f"{first['global_name']} plays pass." in late.content
    assert late.custom_ids() == [] and "<@" not in late.content and not late.files
    assert buttons_of(newest)  # the newest turn message keeps its buttons
