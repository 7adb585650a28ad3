"""Play over days through discord.py (issue 9): /game undo, mine, notify, vacation, settings,
leaderboard, replay, the log's pages, a run-out clock's buttons and direct messages."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discord.notify import Ticker
from bot.service import Service
from tests.discord.conftest import ALICE, BOB, EVE, on_turn, start_game, waiting
from tests.discord.fake_discord import CHANNEL_ID, Harness, text_of


def _ids(message: dict) -> list[str]:
    return [c.get("custom_id", "") for row in message["components"] for c in row["components"]]


async def test_undo_posts_what_was_taken_back(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    other = await waiting(service)
    await discord_.slash(player, "move", action="pass")
    refused = await discord_.slash(other, "game", "undo")
    assert "nothing of yours to take back" in refused.text()
    before = len(discord_.fake.channel_posts())
    await discord_.slash(player, "game", "undo")
    posts = discord_.fake.channel_posts()[before:]
    assert len(posts) == 1 and "took back their move: “" in posts[0].content and "plays pass.”" in posts[0].content
    assert [u["id"] for u in await on_turn(service)] == [player["id"]]
    # an `add` tells its player a secret: it cannot be taken back
    await discord_.slash(player, "move", action="add 1")
    again = await discord_.slash(player, "game", "undo", locale="fr")
    assert "révélé" in again.text() and again.followups[0].ephemeral


async def test_the_log_turns_its_pages_with_buttons(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    for _ in range(20):
        [player] = await on_turn(service)
        await discord_.slash(player, "move", action="pass")
    sent = await discord_.slash(ALICE, "game", "log")
    message = discord_.fake.message_of(sent.followups[0])
    assert "page 2 of 2" in message["content"]
    back = next(i for i in _ids(message) if i.startswith("tabula:log:"))
    clicked = await discord_.click(ALICE, message, back)
    assert clicked.callback.body["type"] == 6  # the same message, edited
    assert "page 1 of 2" in discord_.fake.messages[int(message["id"])]["content"]


async def test_mine_notify_and_vacation_answer_privately(discord_: Harness, service: Service) -> None:
    await start_game(discord_, pace="daily")
    [player] = await on_turn(service)
    mine = await discord_.slash(player, "game", "mine")
    assert "waiting on you" in mine.text() and f"<#{CHANNEL_ID}>" in mine.text()
    assert "left" in mine.text()  # the clock
    status = await discord_.slash(player, "game", "status")
    # The clock as a Discord timestamp: the deadline itself, three days on (daily pace).
    [deadline] = [int(x) for x in re.findall(r"<t:(\d+):R>", status.text())]
    assert abs(deadline - (service.clock() + 3 * 86400)) < 120, status.text()
    assert "no game" in (await discord_.slash(EVE, "game", "mine")).text()
    shown = await discord_.slash(player, "game", "notify", dm=True, reminder_hours=6)
    assert "Direct message on your turn: yes" in shown.text() and "6h" in shown.text()
    before = len(discord_.fake.channel_posts())
    away = await discord_.slash(player, "game", "vacation", days=3)
    assert "On vacation for 3 days" in away.text()
    posts = discord_.fake.channel_posts()[before:]
    assert any("is on vacation" in p.content for p in posts if p.path == f"/channels/{CHANNEL_ID}/messages")
    status = await discord_.slash(player, "game", "status")
    assert "on vacation" in status.text()
    back = await discord_.slash(player, "game", "vacation", days=0)
    assert "Welcome back" in back.text()


async def test_direct_messages_name_the_game_and_the_channel(discord_: Harness, service: Service) -> None:
    await start_game(discord_)
    [first] = await on_turn(service)
    second = await waiting(service)
    await discord_.slash(second, "game", "notify", dm=True, locale="fr")
    await discord_.slash(first, "move", action="pass")
    [dm] = discord_.fake.dms(int(second["id"]))
    assert dm == f"À vous de jouer à Minus, dans <#{CHANNEL_ID}>."
    # someone whose DMs are closed is skipped without an error
    discord_.fake.closed_dms.add(int(first["id"]))
    await discord_.slash(first, "game", "notify", dm=True)
    await discord_.slash(second, "move", action="pass")
    assert discord_.fake.dms(int(first["id"])) == []


async def test_a_run_out_clock_asks_the_others_with_buttons(discord_: Harness, service: Service) -> None:
    await start_game(discord_, pace="fast")
    [absent] = await on_turn(service)
    other = await waiting(service)
    service.clock = (lambda real: (lambda: real() + 2 * 86400))(service.clock)
    await Ticker(discord_.bot, service).once()
    await discord_.settle()
    post = discord_.fake.last_post()
    assert "clock has run out" in post["content"] and f"<@{other['id']}>" in post["content"]
    buttons = _ids(post)
    assert [b.rsplit(":", 1)[1] for b in buttons] == ["skip", "end", "wait"]
    refused = await discord_.click(absent, post, buttons[1])
    assert "Only the other players" in refused.text()
    await discord_.click(other, post, buttons[0])  # skip: "pass" is played for them
    assert discord_.fake.messages[int(post["id"])]["components"] == []
    turn = discord_.fake.last_post()
    assert "had the rules' default move played for them" in text_of(turn)
    assert "pass" not in text_of(turn).split("\n")[1]  # the log line: the move is told privately
    assert [u["id"] for u in await on_turn(service)] == [other["id"]]


async def test_guild_settings_need_manage_server_and_open_games_in_threads(
    discord_: Harness, service: Service,
) -> None:
    refused = await discord_.slash(ALICE, "game", "settings", threads=True)
    assert "Manage Server" in refused.text()
    admin = discord.Permissions(view_channel=True, send_messages=True, manage_guild=True,
                                use_application_commands=True)
    shown = await discord_.slash(ALICE, "game", "settings", threads=True, language="fr",
                                 pace="daily", permissions=admin)
    assert "in their own thread: yes" in shown.text() and "3d+1d/5d" in shown.text()
    refused = await discord_.slash(BOB, "game", "new", game="tiny", pace="whenever")
    assert "is not a time control" in refused.text()
    assert not [c for c in discord_.fake.calls if c.path.endswith("/threads")]  # none opened
    opened = await discord_.slash(BOB, "game", "new", game="tiny")
    assert "Your game is open in <#" in opened.text()
    info = (await service.mine(int(BOB["id"])))[0].game
    assert info.channel_id != CHANNEL_ID and info.locale == "fr"
    assert info.pace is not None


async def test_the_leaderboard_and_the_replay(discord_: Harness, service: Service) -> None:
    empty = await discord_.slash(ALICE, "game", "leaderboard")
    assert "No finished game yet" in empty.text()
    await start_game(discord_)
    for _ in range(4):
        [player] = await on_turn(service)
        await discord_.slash(player, "move", action="pass")
    replay = await discord_.slash(ALICE, "game", "replay")
    [gif] = [a for a in replay.followups[0].files if a[0] == "replay.gif"]
    assert gif[1][:6] == b"GIF89a"
    await discord_.slash(ALICE, "game", "resign")
    table = await discord_.slash(BOB, "game", "leaderboard", game="tiny")
    # Ranked by rating (issue 27): the winner first, each provisional after one game.
    assert "1. Bob — 1,103" in table.text() and "2. Alice — 945" in table.text()
    assert table.text().count("(provisional, 1 game)") == 2


@pytest.fixture(autouse=True)
def _tiny_animates(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tiny game's renderer draws real (small) boards, so a real GIF is made from them."""
    from tests.discord import tiny_game

    monkeypatch.setattr(tiny_game.TinyRenderer, "animation", _animation, raising=False)


def _animation(self, game_key, players, seed, options, actions, names, locale,  # noqa: ANN001
               max_bytes=None) -> bytes:  # noqa: ANN001
    import io

    from PIL import Image

    from engine.core import effective_actions
    frames = [Image.new("RGB", (60, 40), (20 * i % 255, 80, 120)) for i in range(1 + len(effective_actions(actions)))]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=700, loop=0)
    return out.getvalue()
