"""Playing as people do, from what the Discord client shows: who is called in the latest turn
message, the suggestions of /move, the Play button and its menus.

A random player walks the suggestions: it picks one of the (at most 25) suggestions; a
suggestion ending in " …" is a beginning, which it types further to see the next ones, or sends
as is (/move then opens the choice menu), where it picks options until the action is played.

Nothing here knows a game: `play_to_the_end` plays any game started in the channel to its end,
checking what every game must show. A new game's end-to-end test opens the game with its
options, calls it, and checks what is particular to that game (see test_respublica.py).
"""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field

from PIL import Image

from engine.core import Msg
from engine.i18n import translate
from tests.e2e.conftest import World
from tests.standin import Message, Player, Reply
from tests.standin.validate import walk

MORE = " …"


@dataclass
class Seen:
    """What players were shown, gathered over a game, for the privacy checks."""

    private: list[str] = field(default_factory=list)  # lines of ephemeral replies only
    actions: int = 0
    carried: int = 0  # menus that moved on to the player's next step in place
    stale: int = 0  # carried menus gone out of date (another player moved meanwhile)
    posts: int = 0  # turn posts seen
    acks: int = 0
    menus: int = 0
    suggestions: int = 0


def called(world: World, players: list[Player]) -> list[Player]:
    """The players the latest turn message asks, as it reads now: mentioned in its ask lines
    (those newly asked were pinged by it; one going on with their own turn was pinged by an
    earlier post; an edit takes away who has chosen)."""
    turn = world.turn_message()
    return [p for p in players if p.mention in turn.text]


def check_board(message: Message) -> Image.Image:
    """The turn post: a Components V2 layout with text, showing its turn picture (a real,
    landscape PNG within Discord's size limit) through `attachment://`."""
    assert message.layout and not message.content and message.text
    board = message.attachment("turn.png")
    assert board is not None, message.text
    assert message.media_urls() and all(url.endswith("/turn.png") for url in message.media_urls())
    assert 0 < len(board.data) < 10 * 2**20
    image = Image.open(io.BytesIO(board.data))
    assert image.format == "PNG" and image.width > image.height
    image.load()  # decodes it all: a truncated or corrupt file raises here
    return image


def check_png(message: Message, name: str) -> Image.Image:
    """A picture attached to a message: a real PNG, within Discord's size limit."""
    found = message.attachment(name)
    assert found is not None and 0 < len(found.data) < 10 * 2**20, message.text
    image = Image.open(io.BytesIO(found.data))
    assert image.format == "PNG"
    image.load()
    return image


def is_retired(message: Message) -> bool:
    """An older turn post: its text and picture stay, its buttons are gone."""
    rows = [c for c in walk(message.components) if c.get("type") == 1]
    return not rows and bool(message.text) and bool(message.media_urls())


def playing(message: Message) -> bool:
    """A turn post of a running game: it has the Play button."""
    return any(c.startswith("tabula:play:") for c in message.custom_ids())


async def walk_menu(player: Player, menu: Message, rng: random.Random, seen: Seen) -> Message:
    """Pick options in an ephemeral choice menu until it has played an action."""
    assert menu.ephemeral and menu.visible_to == player.id
    # While the player's turn goes on, the menu moves on to the next step in place (the same
    # message): a whole turn of several steps is walked here without reopening it.
    for _ in range(400):
        if not menu.components:
            return menu
        seen.menus += 1
        select = menu.components[0]["components"][0]
        assert select["type"] == 3
        buttons = [c for row in menu.components[1:] for c in row["components"]]
        following = [b for b in buttons if b["custom_id"].startswith("tabula:page:")
                     and "▶" in (b.get("emoji") or {}).get("name", "")]
        if following and rng.random() < 0.3:
            await player.click(menu, following[0]["custom_id"])
            continue
        option = rng.choice(select["options"])
        await player.choose(menu, select["custom_id"], [option["value"]])
        if menu.components and menu.text.startswith("✅"):  # played, and the turn goes on
            seen.carried += 1
            seen.acks += 1
            seen.private.extend(private_lines(menu.text))

    raise AssertionError("the menu never ended")


async def move_by_suggestions(player: Player, rng: random.Random, seen: Seen) -> Reply:
    """/move, choosing among the suggestions as the player types."""
    typed = ""
    for depth in range(8):
        suggested = (await player.autocomplete("move", "action", action=typed)).choices
        seen.suggestions += 1
        assert 0 < len(suggested) <= 25, (typed, suggested)
        assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in suggested)
        value = rng.choice(suggested)["value"]
        if not value.endswith(MORE):
            reply = await player.slash("move", action=value)
            if reply.messages and reply.last.components:  # the turn goes on: its next step
                seen.carried += 1
                await walk_menu(player, reply.last, rng, seen)
            return reply
        stem = value[: -len(MORE)]
        if stem == typed.strip() or depth == 7 or rng.random() < 0.3:
            reply = await player.slash("move", action=value)  # /move opens the menu there
            [menu] = reply.messages
            await walk_menu(player, menu, rng, seen)
            return reply
        typed = stem + " "
    raise AssertionError("unreachable")


async def move_by_button(world: World, player: Player, rng: random.Random, seen: Seen) -> Reply:
    """The Play button of the latest turn message, then its menu."""
    turn = world.turn_message()
    play = next(c for c in turn.custom_ids() if c.startswith("tabula:play:"))
    reply = await player.click(turn, play)
    [menu] = reply.messages
    await walk_menu(player, menu, rng, seen)
    return reply


async def check_telling(world: World, players: list[Player], seen: Seen) -> dict[str, int]:
    """The channel received what the policy (bot.service.telling) says for the stored game:
    one turn post per change of hands between people plus the start and the end, each
    mentioning the people newly asked, never one asked already. Returns the Discord requests
    of the game by kind (printed with -s)."""
    from bot.bench.posts import Change, retold
    from bot.service.base import LEAVING
    from engine import play as apply_text
    from engine.registry import get as get_game

    assert world.service is not None
    turn = world.turn_message()
    game_id = int(next(c for c in turn.custom_ids() if c.startswith("tabula:board:")).split(":")[2])
    row = await world.service.store.game(game_id)
    assert row is not None and row.seed is not None
    game = get_game(row.game_key)
    ids = {p.id for p in players}
    seats = await world.service.store.seats(game_id)
    state = game.setup(len(seats), row.seed, row.options)
    start = frozenset(game.prompt(state))
    changes = []
    for action in await world.service.store.actions(game_id):
        before = frozenset(game.prompt(state))
        platform = action.text.startswith(".")  # a resignation or a seat handed to a bot
        # A forced action (Game.forced) was played by the platform in the same change as the
        # move before it: that change ends after it.
        forced = not platform and changes and game.forced(state, action.seat) == action.text
        if not platform:
            state, _ = apply_text(game, state, action.seat, action.text)
        ended = game.outcome(state) is not None or action.text == ".resign"
        after = frozenset(() if ended else game.prompt(state))
        if forced:
            last = changes[-1]
            changes[-1] = Change(last.before, after, last.mover, ended, left=last.left,
                                 entries=last.entries + 1, at=last.at)
            continue
        changes.append(Change(before, after, None if platform else action.seat, ended,
                              left=action.text in LEAVING, at=action.at))
    people = {s.seat for s in seats if s.user_id in ids and s.seat is not None and s.bot is None}
    expected = retold(changes, start, people)
    posts = [m for m in world.public() if m.attachment("turn.png")]
    assert len(posts) == expected.posts, (len(posts), seen.posts, expected.line())
    assert sum(len(m.pinged) for m in posts) == expected.pings, expected.line()
    if len(people) == len(seats):  # a game between people (bots are pinged for nobody)
        assert expected.reasks == 0 and expected.posts <= expected.changes + 2, expected.line()
    calls = world.standin.calls
    requests = {
        "posts": sum(c.method == "POST" and c.path.endswith("/messages") for c in calls),
        "edits": sum(c.method == "PATCH" and c.path.startswith("/channels/") for c in calls),
        "responses": sum(c.path.startswith(("/interactions/", "/webhooks/")) for c in calls),
        "steps": expected.steps, "changes": expected.changes, "turn_posts": len(posts),
    }
    print(f"discord requests for {row.game_key} {row.options}: {requests}")
    return requests


def remember_private(reply: Reply, seen: Seen) -> None:
    """The lines after "You played: ..." in the actor's acknowledgement are for them alone (a
    menu carried through a turn told each step's as it was played: walk_menu kept them)."""
    for message in reply.messages:
        assert message.ephemeral, message.text
        seen.acks += message.text.startswith("✅")
        seen.private.extend(private_lines(message.text))


GOES_ON = tuple(translate(Msg("discord.move.goes_on", {"ask": ""}), lang).strip()
                for lang in ("en", "fr"))
# « Then: ... »: the public lines of the forced actions after the move, told to the mover at
# once (bot.service.base.told_mover), which the channel reads too
THEN = tuple(translate(Msg("platform.then", {"lines": ""}), lang).strip()
             for lang in ("en", "fr"))


def private_lines(shown: str) -> list[str]:
    """The private lines of an acknowledgement: after "You played", before "Your turn goes on"
    (what follows is the next step's menu), but for the public ones after « Then: »."""
    lines = shown.splitlines()
    if not lines or not lines[0].startswith("✅"):
        return []
    kept = []
    for line in lines[1:]:
        if line.startswith(GOES_ON):
            break
        if line.strip() and not line.startswith(THEN):
            kept.append(line)
    return kept


def text(key: str, locale: str, **params: object) -> str:
    """A catalogue text as a player with Discord locale `locale` reads it."""
    return translate(Msg(key, params), "fr" if locale.startswith("fr") else "en")


async def check_refusals(world: World, actor: Player, others: list[Player],
                         outsider: Player) -> None:
    """Wrong moves are refused privately, in the sender's language, and change nothing."""
    before = len(world.public())
    garbage = await actor.slash("move", action="fly to the moon")
    assert garbage.ephemeral and not garbage.failed
    # Each game words its refusal (Res Publica: the platform's "not something you can do now";
    # Duel: "'fly' is not a move here"); whatever it says is translated, never a raw key.
    assert garbage.text.startswith("⛔ ") and not re.search(r"\b[\w-]+\.error\.|\berror\.", garbage.text)
    for other in others:
        early = await other.slash("move", action="end")
        assert early.ephemeral and text("error.not_your_turn", other.locale) in early.text
    stranger = await outsider.slash("move", action="end")
    assert stranger.ephemeral and text("error.not_seated", outsider.locale) in stranger.text
    assert len(world.public()) == before


async def play_to_the_end(world: World, players: list[Player], rng: random.Random,
                          outsider: Player, limit: int = 2000) -> Seen:
    """Play the channel's game to its end as its players would, checking after every move:
    a new turn message with a valid board and the called players mentioned and pinged, the
    previous one without buttons, the mover's acknowledgement private and in their language;
    and now and then refusals, and the My hand button."""
    seen = Seen()
    previous = None
    answered: set[int] = set()  # players who answered the open post's simultaneous choice
    while True:
        turn = world.turn_message()
        if turn is not previous:
            if previous is not None:
                assert is_retired(previous)  # the buttons moved to the newest message
            check_board(turn)
            seen.posts += 1
            answered = set()
            previous = turn
        if not playing(turn):
            return seen  # the game is over
        acting = [p for p in called(world, players) if p.id not in answered]
        assert acting, turn.text
        player = rng.choice(acting)
        seen.actions += 1
        if seen.actions % 60 == 3:
            await check_refusals(world, player, [p for p in players if p not in acting], outsider)
        if seen.actions % 40 == 11:
            hand = await world.click_on_turn(player, "tabula:hand:")
            assert hand.ephemeral and hand.last.visible_to == player.id
            picture = hand.last.attachment("hand.png")
            assert picture is not None and picture.data[:8] == b"\x89PNG\r\n\x1a\n"
            seen.private += [line[2:] for line in hand.text.splitlines() if line.startswith("> ")]
        if rng.random() < 0.25:
            reply = await move_by_button(world, player, rng, seen)
        else:
            reply = await move_by_suggestions(player, rng, seen)
        assert not reply.failed
        remember_private(reply, seen)
        last = reply.messages[-1].text
        if last.startswith("⛔ " + text("error.stale", player.locale)[:20]):
            # A menu carried into the next step went out of date: another player of a
            # simultaneous choice moved meanwhile. The player looks again (next round).
            seen.stale += 1
            continue
        assert last.startswith(text("discord.move.played", player.locale,
                                    action="").split("**")[0]), last
        if world.turn_message() is turn:
            # No new post: the player's part of a simultaneous choice is done, and others are
            # still asked (the post, edited, shows who has chosen): never a change of hands
            # without its post.
            answered.add(player.id)
            assert [p for p in called(world, players) if p.id not in answered], turn.text
        assert seen.actions < limit, "the game does not end"


def check_privacy(world: World, seen: Seen) -> None:
    """What was shown to one player only never reached the channel."""
    public = "\n".join(m.text for m in world.public())
    assert seen.private, "no private line was ever shown"
    for line in set(seen.private):
        assert line not in public, line
    for message in world.public():
        assert message.attachment("hand.png") is None
