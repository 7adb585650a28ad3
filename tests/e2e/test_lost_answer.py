"""A lobby change whose commit landed before the connection was cut (issue 44, item 4), through
the real client: the player is not told that nothing was recorded, and the channel shows the
change at once. Before, a start so cut left the game active, the lobby post with live Join and
Start buttons, the first turn post two minutes late, and "try again" answered "already
started". The service's side, over every writing command: tests/platform/test_written.py."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import guarded
from tests.e2e.conftest import World
from tests.e2e.play import text
from tests.e2e.test_lobby_post import button
from tests.platform.test_written import Answered, LostAnswer
from tests.standin import Message, Player, Reply
from tests.support import fix_seed

pytestmark = pytest.mark.e2e


def cut_after(world: World, write: str) -> LostAnswer:
    """The bot's store from now on: its next `write` commits, then the connection is cut."""
    assert world.service is not None
    lost = LostAnswer(world.service.store, write, "sqlite")
    world.service.store = guarded(lost)  # type: ignore[assignment]
    return lost


def not_told_nothing(reply: Reply) -> None:
    assert not reply.failed
    assert text("error.storage_unavailable", "en") not in reply.text, reply.text
    assert not reply.text.startswith("⛔"), reply.text


async def lobby_of_three(world: World) -> tuple[Player, Player, Player, Message]:
    alice, bob, carol = (world.player(n) for n in ("Alice", "Bob", "Carol"))
    await alice.slash("game new", game="res-publica", options="classic")
    [lobby] = world.public()
    lost = cut_after(world, "add_seat")
    joined = await bob.slash("game join")  # its answer lost: shown all the same
    assert lost.cut
    not_told_nothing(joined)
    assert "Alice, Bob" in lobby.text
    assert not (await carol.slash("game join")).failed
    return alice, bob, carol, lobby


@pytest.mark.parametrize("how", ["button", "command"])
async def test_a_start_whose_answer_was_lost_is_shown_at_once(
    world: World, monkeypatch: pytest.MonkeyPatch, how: str,
) -> None:
    fix_seed(monkeypatch, 5)
    alice, _bob, _carol, lobby = await lobby_of_three(world)
    lost = cut_after(world, "start_game")
    if how == "button":
        started = await alice.click(lobby, button(lobby, "start"))
    else:
        started = await alice.slash("game start")
    assert lost.cut
    not_told_nothing(started)
    assert lobby.custom_ids() == [] and "has begun" in lobby.text  # no live Join or Start
    turn = world.turn_message()  # posted at once, pinging whoever is asked
    assert turn.pinged and any(p.mention in turn.text for p in (alice, _bob, _carol))
    again = await alice.slash("game start")
    assert "already started" in again.text


async def test_a_join_stored_as_the_database_stopped_is_shown_when_it_answers(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The join's commit answered, then the database stopped: Bob reads that his join is
    recorded (not that nothing was), and the lobby post shows him once it answers again."""
    monkeypatch.setenv("TABULA_RETRY_SECONDS", "0.05")
    alice, bob = world.player("Alice"), world.player("Bob")
    await alice.slash("game new", game="res-publica", options="classic")
    [lobby] = world.public()
    assert world.service is not None
    stopped = Answered(world.service.store, "add_seat", "sqlite")
    world.service.store = guarded(stopped)  # type: ignore[assignment]
    joined = await bob.slash("game join")
    assert stopped.done
    not_told_nothing(joined)
    assert text("retry.change_unread", "en") in joined.text
    assert "Bob" not in lobby.text
    stopped.healed = True
    for _ in range(100):  # the repair's back-off: 0.05 s, then three times longer each time
        if "Alice, Bob" in lobby.text:
            break
        await asyncio.sleep(0.05)
    assert "Alice, Bob" in lobby.text
