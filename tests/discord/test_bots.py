"""Computer players through discord.py (issue 14): /game bot add|remove in the lobby, bots'
moves posted as turn posts that name them and never ping them, and the "let a bot play for
them" button under a run-out clock in a game of three."""

from __future__ import annotations

import pytest

from bot.discord.notify import Ticker
from bot.service import Service
from tests.discord.conftest import ALICE, BOB, CAROL, on_turn, start_game, waiting
from tests.discord.fake_discord import CHANNEL_ID, Harness, text_of


@pytest.fixture(autouse=True)
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_BOT_DELAY", "0")


def _ids(message: dict) -> list[str]:
    return [c.get("custom_id", "") for row in message["components"] for c in row["components"]]


async def test_bots_are_seated_removed_and_play_their_turns(discord_: Harness,
                                                            service: Service) -> None:
    discord_.bot.autoplay.delay = 0.0
    await discord_.slash(ALICE, "game", "new", game="tiny")
    refused = await discord_.slash(BOB, "game", "bot", "add", level="hard")
    assert "Only the player who created the game" in refused.text()
    await discord_.slash(ALICE, "game", "bot", "add", level="hard")
    lobby = discord_.fake.last_post()  # the lobby post, edited in place
    assert "2 players seated (2–3): Alice, " in text_of(lobby)
    assert text_of(lobby).split("\n")[2].endswith(" (hard)")
    await discord_.slash(ALICE, "game", "bot", "add", level="easy", locale="fr")
    suggested = await discord_.slash(ALICE, "game", "bot", "remove", seat="", focused="seat")
    names = [c["name"] for c in suggested.choices()]
    assert len(names) == 2 and names[0].endswith("(hard)") and names[1].endswith("(easy)")
    await discord_.slash(ALICE, "game", "bot", "remove", seat=suggested.choices()[0]["value"])
    assert discord_.fake.last_post() is lobby and "2 players seated" in text_of(lobby)
    assert text_of(lobby).split("\n")[2].endswith(" (easy)")
    info = await service.info(CHANNEL_ID)
    assert [s.bot for s in info.seats] == [None, "easy"]

    posts = len(discord_.fake.channel_posts())
    await discord_.slash(ALICE, "game", "start")
    await discord_.settle()
    # The bot played until Alice was called (or the game ended): one turn post per move.
    assert await service.bot_turns(info.id) == []
    turns = discord_.fake.channel_posts()[posts:]
    assert len(turns) == (await service.info_by_id(info.id)).version + 1
    for call in turns:
        message = discord_.fake.message_of(call)
        assert all(int(u) > 0 for u in (message.get("allowed_mentions") or {}).get("users", []))
        assert "<@-" not in text_of(message)
    if await on_turn(service):
        assert [u["id"] for u in await on_turn(service)] == [ALICE["id"]]


async def test_a_run_out_clock_may_be_handed_to_a_bot(discord_: Harness, service: Service) -> None:
    discord_.bot.autoplay.delay = 0.0
    await start_game(discord_, ALICE, BOB, CAROL, pace="fast")
    [absent] = await on_turn(service)
    other = await waiting(service)
    service.clock = (lambda real: (lambda: real() + 2 * 86400))(service.clock)
    await Ticker(discord_.bot, service).once()
    await discord_.settle()
    post = discord_.fake.last_post()
    assert "let a bot play for them" in post["content"]
    buttons = _ids(post)
    assert [b.rsplit(":", 1)[1] for b in buttons] == ["skip", "bot", "end", "wait"]
    await discord_.click(other, post, buttons[1])
    await discord_.settle()
    assert discord_.fake.messages[int(post["id"])]["components"] == []
    everything = "\n".join(text_of(discord_.fake.message_of(c))
                           for c in discord_.fake.channel_posts())
    assert "(bot): the clock ran out" in everything
    info = await service.info(CHANNEL_ID)
    seat = info.seat_of(int(absent["id"]))
    assert seat is not None and seat.bot == "medium"
    assert absent["id"] not in [u["id"] for u in await on_turn(service)]  # the bot has played
