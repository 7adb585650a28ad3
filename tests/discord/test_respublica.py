"""A real Res Publica game, started and played through the slash commands and menus.

The Discord layer knows nothing of Res Publica: this only checks that a real game with thousands
of legal actions (trade offers) fits Discord's limits through the same generic code.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot import menu
from bot.service import PillowRenderer, Service
from tests.discord.conftest import ALICE, BOB, CAROL, PLAYERS, on_turn, start_game
from tests.discord.fake_discord import CHANNEL_ID, Harness, play_of
from tests.support import fix_seed

pytest.importorskip("engine.respublica")


@pytest.fixture
def real_pictures(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real renderer, and a fixed seed so that the seating and the deal are known."""
    monkeypatch.setattr(service, "renderer", PillowRenderer())
    fix_seed(monkeypatch, 42)


async def walk_menu(h: Harness, service: Service, who: dict[str, Any], target: str) -> dict[str, Any]:
    """Click through the Play menu of the latest turn message to play `target`, option by
    option, as a player would; returns the menu message."""
    turn = h.fake.last_post()
    play_id = play_of(turn)
    opened = await h.click(who, turn, play_id)
    message = h.fake.message_of(opened.followups[0])
    legal = menu.split(await service.choices(CHANNEL_ID, int(who["id"])))
    wanted = tuple(target.split())
    prefix: menu.Tokens = ()
    while message["components"]:
        items = menu.at(legal, prefix).items
        index = next(i for i, item in enumerate(items)
                     if (item is None and prefix == wanted)
                     or (item is not None and wanted[: len(prefix) + len(item.tokens)] == prefix + item.tokens))
        select = message["components"][0]["components"][0]
        assert all(len(c["custom_id"]) <= 100 for row in message["components"] for c in row["components"])
        page = index // 25
        for _ in range(page):  # the option is on a later page
            nxt = next(c for c in message["components"][1]["components"] if c["custom_id"].startswith("tabula:page:"))
            await h.click(who, message, nxt["custom_id"])
            select = message["components"][0]["components"][0]
        await h.click(who, message, select["custom_id"], values=[str(index)])
        item = items[index]
        prefix = prefix if item is None else prefix + item.tokens
    return message


async def test_a_res_publica_game_through_discord(
    discord_: Harness, service: Service, real_pictures: None,
) -> None:
    await start_game(discord_, ALICE, BOB, CAROL, game="res-publica", locale="fr")
    turn = discord_.fake.channel_posts()[-1]
    [(name, png)] = turn.files
    picture = Image.open(io.BytesIO(png))
    assert name == "turn.png" and picture.format == "PNG" and len(png) < 10 * 2**20
    [first] = await on_turn(service)
    assert f"<@{first['id']}>" in turn.content
    assert "La partie commence." in turn.content  # the game's locale: its creator's

    # Thousands of legal actions, yet at most 25 suggestions, each within 100 characters.
    legal = await service.choices(CHANNEL_ID, int(first["id"]))
    assert len(legal) > 25
    sent = await discord_.slash(first, "move", action="", focused="action")
    choices = sent.choices()
    assert 0 < len(choices) <= 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    seek = await discord_.slash(first, "move", action="seek 1", focused="action", locale="fr")
    assert all(c["name"].startswith("Chercher 1") for c in seek.choices())

    # A trade: the first player seeks, the next one answers through the menus.
    sent = await discord_.slash(first, "move", action="seek 1 huns")
    assert sent.followups[0].ephemeral, sent.text()
    assert "cherche" in discord_.fake.channel_posts()[-1].content
    [answerer] = await on_turn(service)
    options = await service.choices(CHANNEL_ID, int(answerer["id"]))
    target = next(x for x in options if " or " in x and x.startswith("answer"))
    version = (await service.info(CHANNEL_ID)).version
    message = await walk_menu(discord_, service, answerer, target)
    assert "**" in message["content"] and message["components"] == []
    history = await service.store.actions((await service.info(CHANNEL_ID)).id)
    assert history[version].text == target  # the answer, then any pass the rules play for
    assert all(a.user_id is None and a.text == "pass" for a in history[version + 1:])

    # The hand: an ephemeral picture of one's own cards.
    hand = await discord_.slash(PLAYERS[int(first["id"])], "game", "hand")
    [answer] = hand.followups
    assert answer.ephemeral and answer.files[0][0] == "hand.png"
    assert Image.open(io.BytesIO(answer.files[0][1])).format == "PNG"


async def test_a_seek_nobody_can_answer_is_told_to_the_seeker_and_stands(
    discord_: Harness, service: Service, real_pictures: None,
) -> None:
    """Issue 44: the seeker's reply says that nobody could give what was sought (« Then: ... »,
    in the seeker's language), the channel is not told yet (the seeker's turn goes on), and
    `/game undo` says why the seek stands: the passes the platform played after it told what
    the hands lack (« Chaque joueur n'a qu'une seule tentative »)."""
    from engine.respublica.cards import variant
    from engine.respublica.trade import can_deliver, parse

    await start_game(discord_, ALICE, BOB, CAROL, game="res-publica", locale="fr")
    [first] = await on_turn(service)
    info = await service.info(CHANNEL_ID)
    row = await service.store.game(info.id)
    assert row is not None and row.state is not None
    start, seat = row.state, info.seat_of(int(first["id"])).seat  # type: ignore[union-attr]
    v = variant(start["variant"])
    kind = next(k for k in v.kinds if not any(
        can_deliver(v, start["hands"][s], parse(v, ["2", k])) for s in range(3) if s != seat))
    posts = len(discord_.fake.channel_posts())
    sent = await discord_.slash(first, "move", action=f"seek 2 {kind}", locale="fr")
    assert sent.followups[0].ephemeral
    reply = sent.text()
    assert "Puis : " in reply and "Aucun des 2 autres joueurs ne peut donner 2 cartes" in reply
    assert " passe." not in reply
    assert len(discord_.fake.channel_posts()) == posts  # the seeker's turn goes on
    after = await service.store.game(info.id)
    undone = await discord_.slash(first, "game", "undo", locale="fr")
    assert "a révélé quelque chose de caché" in undone.text(), undone.text()
    row = await service.store.game(info.id)
    assert row is not None and after is not None and row.state == after.state != start
    assert len(discord_.fake.channel_posts()) == posts  # a refusal posts nothing
    assert await service.verify(info.id)
