"""Playing over days through the stand-in: a reminder by direct message, a run-out clock's
question (a plain message, edited when someone answers) and games opened in their own thread.
Time passes by moving the service's clock; the ticker's round is run at once."""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import called
from tests.standin import Player
from tests.standin.model import CREATE_PUBLIC_THREADS, MANAGE_GUILD, MEMBER_PERMISSIONS

pytestmark = pytest.mark.e2e

HOUR = 3600.0


async def later(world: World, seconds: float) -> None:
    """`seconds` pass for the bot's clocks, then the ticker looks at them."""
    assert world.service is not None and world.bot is not None
    world.service.clock = lambda: time.time() + seconds
    await world.bot.ticker.once()
    await world.settle()


async def test_a_reminder_by_dm_then_the_run_out_clock_question(world: World) -> None:
    ana, ben = world.player("Ana"), world.player("Ben", locale="fr")
    await ana.slash("game new", game="duel", pace="fast")  # 12h, +4h a move, 1d at most
    await ben.slash("game join")
    await ana.slash("game start")
    [asked] = called(world, [ana, ben])
    other = ben if asked is ana else ana
    notify = await asked.slash("game notify", dm=True, reminder_hours=1)
    assert notify.ephemeral

    await later(world, 2 * HOUR)
    [reminder] = world.standin.visible(world.standin.dm(asked.user))
    assert "7 Wonders Duel" in reminder.text and f"<#{world.standin.channel.id}>" in reminder.text
    assert world.standin.visible(world.standin.dm(other.user)) == []  # Ben asked for no DM

    await later(world, 13 * HOUR)  # the 12 hours are gone
    question = world.public()[-1]
    assert not question.layout and other.mention in question.content
    assert other.id in question.pinged and asked.id not in question.pinged
    buttons = question.custom_ids()
    assert [b.rsplit(":", 1)[1] for b in buttons] == ["end", "wait"]  # Duel: no default move
    refused = await asked.click(question, buttons[0])
    assert refused.ephemeral and question.custom_ids() == buttons  # not theirs to answer
    await other.click(question, buttons[1])  # one more day
    assert question.custom_ids() == [] and question.edited  # the question is closed, its
    assert not question.layout and question.text == question.history[-1]["content"]  # text kept
    assert "more" in world.public()[-1].text or "plus" in world.public()[-1].text


async def test_a_game_opens_in_its_own_thread_when_the_server_asks(world: World) -> None:
    standin = world.standin
    olga = Player(standin, standin.add_user("Olga", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD),
                  settle=world.settle)
    ben = world.player("Ben")
    settings = await olga.slash("game settings", threads=True)
    assert settings.ephemeral and not settings.text.startswith("⛔")
    threads = {c.id for c in standin.channels.values() if c.is_thread}

    # Without Create Public Threads the game opens in the channel itself.
    await olga.slash("game new", game="duel")
    assert "Duel" in world.public()[-1].text
    await olga.slash("game abandon")

    standin.channel.bot_permissions |= CREATE_PUBLIC_THREADS
    opened = await olga.slash("game new", game="duel")
    [thread] = [c for c in standin.channels.values() if c.is_thread and c.id not in threads]
    assert thread.parent_id == standin.channel.id and thread.type == 11
    assert "Olga" in thread.name and f"<#{thread.id}>" in opened.text
    [lobby] = standin.visible(thread)
    await ben.slash("game join", channel=thread)
    assert "Ben" in lobby.text  # the lobby post in the thread, edited in place
