"""Computer players through what a Discord client sends (issue 14, "Done when"): a lobby where
bots are seated and removed with `/game bot add|remove` (refusals private and translated), and a
complete game of every game and option set with bots in all seats but one person's. The bots
play on their own (bot/service/autoplay.py, no delay here), each of their moves a turn post like a
person's; they are named with their level and never pinged. A resignation in a game of three
hands the seat to a bot and the game goes on.

Each game is kept short: easy bots (a medium one for the seat taken over) thinking 0.1 s, and
one person choosing among the suggestions as in tests/e2e/play.py."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import check_board, check_privacy, check_telling, play_to_the_end, playing, text
from tests.support import fix_seed

pytestmark = pytest.mark.e2e

# Every game and option set Tabula hosts, with the number of bots beside the one person.
GAMES = [
    ("res-publica", "classic", 2),
    ("duel", None, 1),
    ("duel", "agora", 1),
    ("duel", "leaders", 1),
    ("duel", "leaders=points", 1),
    ("duel", "leaders=abilities", 1),
    ("duel", "agora leaders", 1),
    ("seven-hills", None, 2),
    ("heros", None, 1),
]  # the full Res Publica is played in test_a_lobby_with_bots_then_a_resignation


def check_bots_in_posts(world: World, people: list[int]) -> None:
    """Nobody but the people was ever pinged, and no post mentions a bot's id."""
    for message in world.public():
        assert set(message.pinged) <= set(people), message.text
        assert not re.search(r"<@-\d", message.text), message.text


async def test_a_lobby_with_bots_then_a_resignation(world: World,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 21)
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    eve = world.player("Eve")  # watches, never seated

    assert not (await ana.slash("game new", game="res-publica")).failed
    added = await ana.slash("game bot add", level="hard")
    assert not added.failed and added.messages == []  # the public post says it
    post = world.public()[-1].text
    assert "(difficile)" in post and "joueurs installés" in post  # the game speaks French

    # Refusals: private, in the sender's language, and nothing is posted.
    before = len(world.public())
    stranger = await ben.slash("game bot add", level="easy")
    assert stranger.ephemeral and text("error.only_creator_bots", "en") in stranger.text
    assert not (await ben.slash("game join")).failed
    human = await ana.slash("game bot remove", seat="Ben")
    assert human.ephemeral and text("error.not_a_bot", "fr", name="Ben") in human.text
    refused = await ben.slash("game bot remove")
    assert refused.ephemeral and text("error.only_creator_bots", "en") in refused.text
    assert len(world.public()) == before  # Ben's join edited the lobby post

    # The remove suggestions list the bots only; removing one shows on the lobby post.
    assert not (await ana.slash("game bot add", level="medium")).failed
    suggested = (await ana.autocomplete("game bot remove", "seat", seat="")).choices
    assert [c["name"].split(" (")[1] for c in suggested] == ["difficile)", "moyen)"]
    removed = await ana.slash("game bot remove", seat=suggested[0]["value"])
    lobby = world.public()[-1].text
    assert not removed.failed and "(difficile)" not in lobby and "(moyen)" in lobby
    assert not (await ana.slash("game bot add", level="easy")).failed

    assert not (await ana.slash("game start")).failed
    assert "La partie commence" in world.turn_message().text
    # Ben resigns at once: three seats and Ana still plays, so the game goes on, a bot
    # playing his seat; he ranks last.
    resigned = await ben.slash("game resign")
    assert not resigned.failed
    public = "\n".join(m.text for m in world.public())
    assert "Ben (bot)" in public and "abandonne" in public

    seen = await play_to_the_end(world, [ana], random.Random(21), outsider=eve, limit=3000)
    await check_telling(world, [ana], seen)

    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert "Ben (bot)" not in final.text.split("Vainqueur")[1].split("\n")[0]
    assert "finit dernier" in final.text
    assert all(not playing(m) for m in world.public())
    check_bots_in_posts(world, [ana.id, ben.id])
    check_privacy(world, seen)
    assert world.service is not None and await world.service.verify(
        (await world.service.info(world.standin.channel.id, live=False)).id)


@pytest.mark.parametrize(("game", "options", "bots"), GAMES,
                         ids=[f"{g}-{o or 'base'}".replace(" ", "+") for g, o, _ in GAMES])
async def test_a_complete_game_with_bots(world: World, monkeypatch: pytest.MonkeyPatch,
                                         game: str, options: str | None, bots: int) -> None:
    seed = 7
    fix_seed(monkeypatch, seed)
    ana = world.player("Ana", locale="en-GB")
    eve = world.player("Eve")
    opened = await ana.slash("game new", game=game, **({"options": options} if options else {}))
    assert not opened.failed
    for _ in range(bots):
        assert not (await ana.slash("game bot add", level="easy")).failed
    lobby = world.public()[-1].text
    assert lobby.rsplit(": ", 1)[-1].count("(easy)") == bots  # the seated, listed
    assert not (await ana.slash("game start")).failed

    seen = await play_to_the_end(world, [ana], random.Random(seed), outsider=eve, limit=3000)
    await check_telling(world, [ana], seen)

    final = world.turn_message()
    check_board(final)
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert all(not playing(m) for m in world.public())
    public = "\n".join(m.text for m in world.public())
    # The bots' turns were told in the posts that asked Ana next (one post per change of
    # hands between people): every post of the running game asks her.
    assert all(ana.mention in m.text for m in world.public() if playing(m))
    assert "(easy)" in public.split("\n", 1)[1]  # their moves, by name, in the posts' lines
    check_bots_in_posts(world, [ana.id])
    if seen.private:
        check_privacy(world, seen)
    assert world.service is not None
    info = await world.service.info(world.standin.channel.id, live=False)
    assert info.with_bots and await world.service.verify(info.id)
    print(f"{game} {options or ''}: {info.version} actions, {seen.actions} by the person")


async def test_a_restart_picks_up_a_bots_turn(world: World,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot stops right after a person's move was stored and before its post: started
    again, it posts that turn (the repair at READY), then the bot asked in it plays."""
    fix_seed(monkeypatch, 3)
    ana = world.player("Ana")
    await ana.slash("game new", game="duel")
    await ana.slash("game bot add", level="easy")
    await ana.slash("game start")
    assert world.service is not None
    game_id = (await world.service.info(world.standin.channel.id)).id
    [ana_seat] = [s.seat for s in (await world.service.info_by_id(game_id)).seats if not s.bot]
    await world.stop_bot()

    from bot.service import Service
    from bot.store.sqlite import Store

    store = await Store.open(world.db_path)
    try:
        offline = Service(store)
        for _ in range(3):  # ana's moves, stored and never posted, until the bot is asked
            legal = await offline.choices(world.standin.channel.id, ana.id)
            await offline.act_in(game_id, ana.id, legal[0])
            if pending := await offline.bot_turns(game_id):
                break
        assert pending and pending[0][0] != ana_seat
        version = (await offline.info_by_id(game_id)).version
    finally:
        await store.close()

    await world.start_bot()
    for _ in range(300):  # the READY round: the lost post, then the bot's move
        await world.settle()
        if not await world.service.bot_turns(game_id):
            break
        await asyncio.sleep(0.05)
    await world.settle()
    assert await world.service.bot_turns(game_id) == []
    assert (await world.service.info_by_id(game_id)).version > version
    # Ana is called again, and not pinged: she moved seconds ago (telling.still_here).
    assert ana.mention in world.turn_message().text
    assert ana.id not in world.turn_message().pinged
