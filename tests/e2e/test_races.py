"""Races and abuse through the real discord.py client and the stand-in (issue 15): /game start
sent at the same moment as /game join or /game leave, names that look like mentions or
markdown, the cap on open lobbies, the replay's rate limit, and the turn post a crash lost
(reposted when the bot is READY again)."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Limits
from tests.e2e.conftest import World
from tests.e2e.play import called, check_board
from tests.support import fix_seed

pytestmark = pytest.mark.e2e

GAME = "seven-hills"  # 3-4 players


async def _sound(world: World) -> None:
    """What the players see and what is stored agree: every seated player has a seat, the
    status lists them all, and the history replays to the state."""
    assert world.service is not None
    info = await world.service.info(world.standin.channel.id)
    seats = await world.service.store.seats(info.id)
    assert all(s.seat is not None for s in seats), "a seat row without a seat"
    row = await world.service.store.game(info.id)
    assert row is not None and row.state is not None
    players = row.state["players"]  # Seven Hills keeps the number of players
    assert isinstance(players, int)
    assert sorted(s.seat for s in seats) == list(range(players))  # type: ignore[type-var]
    assert await world.service.verify(info.id)


@pytest.mark.parametrize("other", ["join", "leave"])
async def test_start_sent_with_a_join_or_a_leave_leaves_a_whole_game(
    world: World, monkeypatch: pytest.MonkeyPatch, other: str,
) -> None:
    fix_seed(monkeypatch, 4)
    ana, ben, cy, dan = (world.player(n) for n in ("Ana", "Ben", "Cy", "Dan"))
    await ana.slash("game new", game=GAME)
    for p in (ben, cy) + ((dan,) if other == "leave" else ()):
        await p.slash("game join")
    racer = dan.slash("game join") if other == "join" else dan.slash("game leave")
    started, raced = await asyncio.gather(ana.slash("game start"), racer)
    assert not started.failed and not raced.failed
    turn = world.turn_message()
    check_board(turn)
    await _sound(world)
    status = await ben.slash("game status")
    assert world.service is not None
    info = await world.service.info(world.standin.channel.id)
    listed = status.text.count(". ")  # "1. Ana, 2. Ben..."
    assert f"{len(info.seats)} players" in status.text or f"{len(info.seats)} joueurs" in status.text
    assert listed >= len(info.seats)
    in_game = dan.id in {s.user_id for s in info.seats}
    if other == "join":
        assert in_game == ("⛔" not in raced.text), raced.text
    else:
        assert in_game == ("⛔" in raced.text), raced.text
    assert called(world, [ana, ben, cy, dan])  # somebody is called, and can play


async def test_names_neither_ping_nor_break_the_formatting(world: World) -> None:
    """Issue 15: a player named <@id> pinged that user on every post, and ** broke the
    formatting. Names are escaped, and each post pings exactly whom it calls."""
    victim = world.player("Victim")  # never plays: nothing may ping them
    ana = world.player("Ana")
    mention = world.player("placeholder")
    mention.user.name = f"<@{victim.id}>"
    bold = world.player("**x**")
    await ana.slash("game new", game=GAME)
    await mention.slash("game join")
    await bold.slash("game join")
    joined = world.public()[-1]
    assert "\\*\\*x\\*\\*" in joined.text and victim.id not in joined.pinged
    assert victim.id not in joined.mentions and joined.pinged == []
    await ana.slash("game start")
    for message in world.public():
        assert victim.id not in message.pinged and victim.id not in message.mentions
    turn = world.turn_message()
    assert set(turn.pinged) == {p.id for p in called(world, [ana, mention, bold])} != set()
    for name_shown in ("\\*\\*x\\*\\*",):
        assert name_shown in turn.text  # the standings name every player
    status = await ana.slash("game status")
    assert "\\*\\*x\\*\\*" in status.text and f"<@{victim.id}>" not in status.text


async def test_open_lobbies_are_capped(world: World) -> None:
    assert world.service is not None
    world.service.limits = Limits(user_lobbies=1, channel_lobbies=5)
    ana = world.player("Ana")
    thread = world.standin.thread
    assert not (await ana.slash("game new", game=GAME)).failed
    refused = await ana.slash("game new", game=GAME, channel=thread)
    assert refused.ephemeral and refused.text.startswith("⛔")
    assert "1 open lobby" in refused.text
    french = await ana.slash("game new", game=GAME, channel=thread, locale="fr")
    assert "1 partie ouverte" in french.text


async def test_replays_are_rate_limited_with_a_clear_message(world: World,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 4)
    assert world.service is not None
    world.service.limits = Limits(replays_per_user=1, replays_per_channel=10)
    ana, ben, cy = (world.player(n) for n in ("Ana", "Ben", "Cy"))
    await ana.slash("game new", game=GAME)
    for p in (ben, cy):
        await p.slash("game join")
    await ana.slash("game start")
    first = await ana.slash("game replay")
    assert first.ephemeral and first.last.attachment("replay.gif")
    again = await ana.slash("game replay")
    assert again.ephemeral and again.text.startswith("⛔") and "try again in" in again.text
    assert not again.last.attachment("replay.gif")
    other = await ben.slash("game replay")
    assert other.last.attachment("replay.gif")


async def test_a_turn_saved_but_never_posted_is_posted_when_the_bot_is_ready(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move stored by the service with no post (as a crash between the two leaves it): the
    next READY posts its turn and calls the next player; one more READY posts nothing."""
    fix_seed(monkeypatch, 4)
    ana, ben, cy = (world.player(n) for n in ("Ana", "Ben", "Cy"))
    players = [ana, ben, cy]
    await ana.slash("game new", game=GAME)
    for p in (ben, cy):
        await p.slash("game join")
    await ana.slash("game start")
    before = world.turn_message()
    [mover] = called(world, players)
    assert world.service is not None
    [action, *_] = await world.service.choices(world.standin.channel.id, mover.id)
    report = await world.service.act(world.standin.channel.id, mover.id, action)  # not posted
    posts = len(world.public())
    await world.restart()
    await world.settle()
    after = world.turn_message()
    assert after is not before and len(world.public()) == posts + 1
    check_board(after)
    assert set(after.pinged) == {s.user_id for s in report.to_act}
    await world.restart()
    await world.settle()
    assert len(world.public()) == posts + 1  # posted once
