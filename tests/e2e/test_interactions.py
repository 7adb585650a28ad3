"""The moments where a bot passes its tests and fails its players: a button clicked twice, two
players at once, a slow render and the 3-second deadline, long lists of moves, a stranger, and
garbage typed into the commands. All through the real client against the stand-in."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from bot.service import PillowRenderer
from engine import play
from engine.policy import walk
from engine.registry import get as get_game
from tests.e2e.conftest import World
from tests.e2e.play import called, playing
from tests.e2e.play import text as catalogue_text
from tests.standin import NotOffered, Player
from tests.support import fix_seed

pytestmark = pytest.mark.e2e


async def open_game(world: World, monkeypatch: pytest.MonkeyPatch, seed: int = 3,
                    locales: Sequence[str] = ("en-US", "en-US", "fr")) -> list[Player]:
    fix_seed(monkeypatch, seed)
    players = [world.player(name, locale=locale)
               for name, locale in zip(("Alice", "Bob", "Carol"), locales, strict=True)]
    await players[0].slash("game new", game="res-publica", options="classic")
    for p in players[1:]:
        await p.slash("game join")
    await players[0].slash("game start")
    return players


async def whole_suggestion(player: Player) -> str:
    """A whole action from the suggestions, typing further into the first beginning if needed."""
    typed = ""
    for _ in range(10):
        choices = (await player.autocomplete("move", "action", action=typed)).choices
        whole = [c["value"] for c in choices if not c["value"].endswith(" …")]
        if whole:
            return whole[0]
        typed = choices[0]["value"][:-2] + " "
    raise AssertionError("no whole action suggested")


# --- the same button twice, and two players at once ------------------------------------------


async def test_a_menu_choice_clicked_twice_plays_once(world: World,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    players = await open_game(world, monkeypatch)
    [player] = called(world, players)
    menu = (await world.click_on_turn(player, "tabula:play:")).last
    select = menu.components[0]["components"][0]
    end = next(o["value"] for o in select["options"] if o["label"] == "End your turn")
    shown = world.standin.message_payload(menu)  # the menu as the player's client shows it
    posts = len(world.public())
    first = await player.choose(menu, select["custom_id"], [end], snapshot=shown)
    assert not first.failed and menu.text.startswith("✅ You played: **End your turn**")
    # The client still shows the old menu (a second click before the update arrived).
    second = await player.choose(menu, select["custom_id"], [end], snapshot=shown)
    assert not second.failed
    assert "moved on" in menu.text and menu.components == []
    assert len(world.public()) == posts + 1  # one move, one turn message


async def test_two_clicks_at_the_same_moment_play_once(world: World,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    players = await open_game(world, monkeypatch)
    [player] = called(world, players)
    turn = world.turn_message()
    play_id = next(c for c in turn.custom_ids() if c.startswith("tabula:play:"))
    menus = await asyncio.gather(player.click(turn, play_id), player.click(turn, play_id))
    assert all(not m.failed and m.last.components for m in menus)
    choices = []
    for opened in menus:
        select = opened.last.components[0]["components"][0]
        end = next(o["value"] for o in select["options"] if o["label"] == "End your turn")
        choices.append(player.choose(opened.last, select["custom_id"], [end]))
    posts = len(world.public())
    replies = await asyncio.gather(*choices)
    assert all(not r.failed for r in replies)
    texts = [m.last.text for m in menus]
    assert sum(t.startswith("✅ You played: **End your turn**") for t in texts) == 1, texts
    assert sum("moved on" in t for t in texts) == 1, texts
    assert len(world.public()) == posts + 1


def simultaneous_deliveries(players: int = 3) -> tuple[int, list[str]]:
    """A seed and the actions leading to a moment when two players must both choose what they
    give (Res Publica's deliveries), found with the engine: a random walk preferring trades."""
    game = get_game("res-publica")
    for seed in range(1, 500):
        state = game.setup(players, seed, {"classic": True})
        rng = random.Random(seed)
        texts: list[str] = []
        for _ in range(80):
            asked = game.prompt(state)
            if len(asked) >= 2:
                return seed, texts
            [seat] = asked
            legal = game.legal(state, seat)
            seeks = [t for t in legal if t.startswith("seek")]
            text = rng.choice(seeks) if seeks and rng.random() < 0.9 else walk(legal, rng)
            state, _ = play(game, state, seat, text)
            texts.append(text)
            # What the rules leave nobody to choose, the platform plays (Game.forced).
            while forced := [(s, t) for s in game.asked(state) if (t := game.forced(state, s))]:
                state, _ = play(game, state, *forced[0])
    raise AssertionError("no simultaneous deliveries found")


async def test_two_players_acting_at_once(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    seed, texts = simultaneous_deliveries()
    players = await open_game(world, monkeypatch, seed=seed)
    for text in texts:
        [player] = called(world, players)
        assert (await player.slash("move", action=text)).last.text.startswith("✅"), text
    both = called(world, players)
    assert len(both) == 2
    waiting = next(p for p in players if p not in both)
    actions = [await whole_suggestion(p) for p in both]
    posts = len(world.public())
    # The two givers and the third player, all at the same moment.
    replies = await asyncio.gather(*(p.slash("move", action=a) for p, a in zip(both, actions, strict=True)),
                                   waiting.slash("move", action="end"))
    assert all(not r.failed and r.ephemeral for r in replies)
    assert [r.last.text.startswith("✅") for r in replies[:2]] == [True, True]
    assert "not your turn" in replies[2].text
    # The trader goes on with their turn, the giver is done: no change of hands, so no new
    # post; the open post is edited to say who has chosen (bot.service.telling).
    assert world.public()[posts:] == []
    turn = world.turn_message()
    giver = next(p for p in both if p.mention not in turn.text)
    assert catalogue_text("discord.turn.chosen", "en", n=1, names=f"**{giver.user.name}**") in turn.text
    with_buttons = [m for m in world.public() if m.custom_ids()]
    assert with_buttons == [turn]
    assert called(world, players)  # and someone is called to go on


# --- the 3-second deadline -------------------------------------------------------------------


class SlowRenderer(PillowRenderer):
    def __init__(self, delay: float) -> None:
        self.delay = delay

    def board(self, *args: Any) -> bytes:
        time.sleep(self.delay)  # renders run in a worker thread
        return super().board(*args)

    def turn(self, *args: Any) -> bytes:
        time.sleep(self.delay)
        return super().turn(*args)

    def hand(self, *args: Any) -> bytes:
        time.sleep(self.delay)
        return super().hand(*args)


async def test_a_render_slower_than_the_deadline_is_deferred_first(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    world.standin.deadline = 0.8
    world.renderer = SlowRenderer(1.0)
    await world.restart()
    players = await open_game(world, monkeypatch)
    assert world.turn_message().attachment("turn.png")  # /game start rendered, deferred
    [player] = called(world, players)
    moved = await player.slash("move", action="end")
    assert not moved.failed and moved.ephemeral and moved.text.startswith("✅ You played")
    hand = await world.click_on_turn(player, "tabula:hand:")
    assert not hand.failed and hand.last.attachment("hand.png")
    late = [i for i in world.standin.interactions.values() if i.late or i.refused]
    assert not late, late


async def test_an_answer_after_the_deadline_fails_and_the_bot_copes(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stand-in refuses a late first response (10062), as Discord does: the user sees "This
    interaction failed", and the bot logs a warning rather than an error or a retry."""
    import bot.discord.replies as replies

    world.standin.deadline = 0.3
    real_think = replies.think

    async def slow_think(interaction: Any, **kwargs: Any) -> bool:
        await asyncio.sleep(0.5)  # e.g. a stalled event loop
        return await real_think(interaction, **kwargs)

    monkeypatch.setattr("bot.discord.lobby.think", slow_think)
    alice = world.player("Alice")
    reply = await alice.slash("game new", game="res-publica")
    assert reply.failed and reply.messages == []
    assert reply.interaction.late and "10062" in reply.interaction.refused[0]
    assert world.public() == []  # nothing was done: the bot stopped at the failed defer


# --- long lists, strangers, garbage -----------------------------------------------------------


async def test_thousands_of_legal_moves_fit_in_25_suggestions(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    players = await open_game(world, monkeypatch, locales=("fr", "fr", "fr"))
    [player] = called(world, players)
    seen: set[str] = set()
    for typed in ("", "seek", "cherche 2", "seek 2 huns", "offer 1 alchemy or", "zzz"):
        choices = (await player.autocomplete("move", "action", action=typed)).choices
        assert len(choices) <= 25  # the stand-in refuses more, as Discord does
        seen.update(c["value"] for c in choices)
        if typed.startswith(("cherche", "seek")):
            assert choices and all(c["name"].lower().startswith("cherche") for c in choices), choices
    # Every suggestion can be sent: a beginning opens the menu, a whole action plays.
    beginning = next(v for v in sorted(seen) if v.endswith(" …"))
    opened = await player.slash("move", action=beginning)
    assert opened.ephemeral and opened.last.components and "…" in opened.last.text
    whole = next(v for v in sorted(seen) if not v.endswith(" …") and v.startswith("seek"))
    moved = await player.slash("move", action=whole)
    assert moved.ephemeral and moved.text.startswith("✅ Vous avez joué"), moved.text


async def test_someone_not_seated_is_told_privately(world: World,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    players = await open_game(world, monkeypatch)
    eve = world.player("Eve", locale="fr")
    posts = len(world.public())
    assert (await eve.autocomplete("move", "action", action="")).choices == []
    for reply in (await eve.slash("move", action="end"), await eve.slash("game hand"),
                  await world.click_on_turn(eve, "tabula:hand:"),
                  await world.click_on_turn(eve, "tabula:play:"),
                  await eve.slash("game resign")):
        assert not reply.failed and reply.ephemeral, reply.text
        assert reply.last.visible_to == eve.id
        assert "Vous ne jouez pas dans cette partie" in reply.text, reply.text
    assert len(world.public()) == posts
    joined = await eve.slash("game join")
    assert joined.ephemeral and "commencé" in joined.text  # too late to join
    assert called(world, players)


async def test_garbage_arguments_are_refused_privately_and_translated(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    players = await open_game(world, monkeypatch)
    [player] = called(world, players)
    carol = players[2]  # French
    posts = len(world.public())
    loud = f"@everyone <@{players[1].id}> **bold** `code`"
    for text in ("fly to the moon", "x" * 6000, "seek 99 huns", "answer 1 huns",
                 "🎲🎲🎲", loud, "seek 1 huns and and", "end end"):
        reply = await player.slash("move", action=text)
        assert not reply.failed and reply.ephemeral, text
        assert reply.text.startswith("⛔"), (text, reply.text)
        assert len(reply.text) <= 2000 and not reply.last.pinged
    for beginning in ("…", "seek", "SEEK  2 …"):  # beginnings open the menu there
        reply = await player.slash("move", action=beginning)
        assert reply.ephemeral and reply.last.components, (beginning, reply.text)
    french = await carol.slash("move", action="fly to the moon")
    assert french.ephemeral and french.text.startswith("⛔"), french.text
    assert ("n’est pas une action possible" in french.text
            or "Ce n’est pas à vous d’agir" in french.text), french.text
    options = await carol.slash("game new", game="res-publica", options="nonsense=3")
    assert options.ephemeral and options.text.startswith("⛔"), options.text
    # What the Discord client itself would not send: nothing reaches the bot.
    for bad in ({"action": ""}, {"action": "x" * 6001}, {"action": 3}):
        with pytest.raises(NotOffered):
            await player.slash("move", **bad)
    with pytest.raises(NotOffered):
        await player.slash("game log", page=0)
    with pytest.raises(NotOffered):
        await player.slash("game new", game="chess")
    log = await player.slash("game log", page=10**6)
    assert log.ephemeral and not log.failed
    garbage_typing = await player.autocomplete("move", "action", action="\x00" * 50 + "ü" * 90)
    assert garbage_typing.choices == []
    assert len(world.public()) == posts  # none of it reached the channel
    everyone = [m for m in world.standin.messages.values() if m.mention_everyone]
    assert not everyone


async def test_a_channel_without_attach_files_is_explained(world: World) -> None:
    from tests.standin.model import ATTACH_FILES

    world.standin.channel.bot_permissions &= ~ATTACH_FILES
    alice = world.player("Alice", locale="fr")
    reply = await alice.slash("game new", game="res-publica")
    assert reply.ephemeral and "Joindre des fichiers" in reply.text, reply.text
    assert world.public() == []


async def test_a_game_in_a_thread(world: World) -> None:
    thread = world.standin.thread
    players = [world.player(n) for n in ("Alice", "Bob", "Carol")]
    for p in players:
        p.channel = thread
    await players[0].slash("game new", game="res-publica")
    for p in players[1:]:
        await p.slash("game join")
    await players[0].slash("game start")
    [turn] = [m for m in world.standin.public(thread) if m.attachment("turn.png")]
    assert playing(turn) and turn.pinged
    assert world.public() == []  # nothing in the parent channel


async def test_losing_attach_files_mid_game_keeps_the_buttons(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot may lose a permission mid-game: the move still counts and its player is told the
    post failed and which permission is missing (issue 24); the previous turn message keeps
    its buttons, so the game can go on."""
    from tests.standin.model import ATTACH_FILES

    players = await open_game(world, monkeypatch)
    [player] = called(world, players)
    before = world.turn_message()
    world.standin.channel.bot_permissions &= ~ATTACH_FILES
    moved = await player.slash("move", action="end")
    assert moved.ephemeral and "Your move is recorded" in moved.text, moved.text
    assert "permission **Attach Files**" in moved.text, moved.text
    assert world.turn_message() is before and playing(before)  # still playable
    world.standin.channel.bot_permissions |= ATTACH_FILES
    status = await player.slash("game status")  # who is called, since the channel cannot say
    [nxt] = [p for p in players if p.mention in status.text]
    menu = (await world.click_on_turn(nxt, "tabula:play:")).last
    assert menu.components, menu.text  # the button on the older message still works
    assert not menu.text.startswith("⛔")


async def test_a_suggested_beginning_with_a_single_continuation_plays_it(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Suggestions group actions by their beginnings (`offer 3 people and 1 …`); sent as is,
    a beginning with one continuation plays that action (it used to be refused as garbage)."""
    players = await open_game(world, monkeypatch, seed=3)
    [player] = called(world, players)
    game = get_game("res-publica")
    state = game.setup(3, 3, {"classic": True})
    [seat] = game.prompt(state)
    legal = game.legal(state, seat)
    typed = "offer 1 "
    suggested = [c["value"] for c in (await player.autocomplete("move", "action",
                                                                action=typed)).choices]
    single = next(v for v in suggested if v.endswith(" …")
                  and sum(t.startswith(v[:-2] + " ") for t in legal) == 1)
    before = world.turn_message()
    moved = await player.slash("move", action=single)
    assert moved.ephemeral and moved.text.startswith("✅ You played"), moved.text
    assert world.turn_message() is not before
