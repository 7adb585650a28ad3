"""The lobby post (issue 23, item 5) through the real client: ONE message per lobby, with Join,
Leave, Start and Add a computer player, edited in place by every change, whether made by a
button or by a slash command; refusals private and translated; the start takes its buttons off
and the turn post follows."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import check_board, playing, text
from tests.standin import Message, Player
from tests.support import fix_seed

pytestmark = pytest.mark.e2e


def lobby_posts(world: World) -> list[Message]:
    """The public messages carrying (or having carried) a lobby post's text."""
    return [m for m in world.public()
            if "is looking for players" in m.text
            or any("is looking for players" in str(v.get("content")) for v in m.history)]


def button(message: Message, action: str) -> str:
    return next(c for c in message.custom_ids() if c.startswith(f"tabula:lobby:{action}:"))


def seated_line(message: Message) -> str:
    return next(line for line in message.text.splitlines() if "seated" in line)


async def click(player: Player, message: Message, action: str, *, locale: str | None = None):
    reply = await player.click(message, button(message, action), locale=locale)
    assert not reply.failed
    return reply


async def test_a_lobby_by_buttons_and_commands_is_one_post_edited_in_place(
    world: World, monkeypatch: pytest.MonkeyPatch,
) -> None:
    fix_seed(monkeypatch, 5)
    alice, bob = world.player("Alice"), world.player("Bob")
    carol = world.player("Carole", locale="fr")
    dave, eve = world.player("Dave"), world.player("Eve")

    opened = await alice.slash("game new", game="res-publica", options="classic")
    assert not opened.failed and opened.messages == []  # the post says it all
    [lobby] = world.public()
    game_id = int(button(lobby, "join").rsplit(":", 1)[1])
    assert lobby.custom_ids() == [f"tabula:lobby:{a}:{game_id}"
                                  for a in ("join", "leave", "start", "bot", "hints")]
    assert [c["label"] for c in (lobby.component(i) or {} for i in lobby.custom_ids())] == [
        "Join", "Leave", "Start", "Add a computer player", "Hints: off"]
    assert lobby.pinged == [] and "Options: classic" in lobby.text
    assert "1 player seated (3–5): Alice" in lobby.text and "2 more players are needed" in lobby.text
    assert "**Alice** starts the game" in lobby.text
    assert (lobby.component(button(lobby, "start")) or {}).get("disabled")  # too few yet

    # Join by button: the click's only answer is the edit of the post.
    joined = await click(bob, lobby, "join")
    assert joined.messages == []
    assert seated_line(lobby).endswith("2 players seated (3–5): Alice, Bob")
    # Join by command, leave by button, join again and leave by command.
    assert not (await carol.slash("game join")).failed
    assert seated_line(lobby).endswith(": Alice, Bob, Carole")
    left = await click(bob, lobby, "leave")
    assert left.messages == [] and seated_line(lobby).endswith("2 players seated (3–5): Alice, Carole")
    assert not (await bob.slash("game join")).failed
    assert not (await bob.slash("game leave")).failed
    assert seated_line(lobby).endswith(": Alice, Carole")

    # A computer player by button: medium, as /game bot add without a level.
    added = await click(alice, lobby, "bot")
    assert added.messages == []
    assert seated_line(lobby).startswith("👥 3 players seated") and seated_line(lobby).endswith("(medium)")
    assert not (lobby.component(button(lobby, "start")) or {}).get("disabled")
    # Only the creator may add one, or start: refused privately, in the clicker's language.
    before = lobby.text
    refused = await click(carol, lobby, "start")
    assert refused.ephemeral and refused.last.visible_to == carol.id
    assert text("error.only_creator_starts", "fr") in refused.text and refused.text.startswith("⛔")
    refused = await click(bob, lobby, "bot")
    assert refused.ephemeral and text("error.only_creator_bots", "en") in refused.text
    assert lobby.text == before

    # Hints for learners, turned on by the creator: the post says so and its button turns them
    # off; the same click sent again (from the post as it was) changes nothing; others may not.
    hints_on = button(lobby, "hints")
    shown_off = world.standin.message_payload(lobby)
    assert (await click(alice, lobby, "hints")).messages == []
    assert "💡 Hints on" in lobby.text and button(lobby, "nohints").endswith(f":{game_id}")
    assert (lobby.component(button(lobby, "nohints")) or {})["label"] == "Hints: on"
    again = await alice.click(lobby, hints_on, snapshot=shown_off)
    assert not again.failed and again.messages == [] and "💡 Hints on" in lobby.text
    refused = await click(carol, lobby, "nohints")
    assert refused.ephemeral and text("error.only_creator_hints", "fr") in refused.text
    assert "💡 Hints on" in lobby.text

    # Two clicks at once: both seated once, and the post ends showing both.
    await asyncio.gather(click(dave, lobby, "join"), click(eve, lobby, "join"))
    line = seated_line(lobby)
    assert line.startswith("👥 5 players seated") and "Dave" in line and "Eve" in line
    assert "The table is full." in lobby.text
    assert (lobby.component(button(lobby, "join")) or {}).get("disabled")
    assert world.service is not None
    info = await world.service.info_by_id(game_id)
    assert [s.name for s in info.seats][-2:] in (["Dave", "Eve"], ["Eve", "Dave"])
    assert len(info.seats) == 5

    # Every change was an edit of the one post; nobody was pinged by any of them.
    assert world.public() == [lobby] and lobby_posts(world) == [lobby]
    assert len(lobby.history) >= 9 and lobby.pinged == []  # 9 changes, 9 edits

    # Started by button: the post loses its buttons and says so; the turn post follows.
    started = await click(alice, lobby, "start")
    assert started.messages == []
    assert lobby.custom_ids() == [] and "▶️ The game of **Res Publica** has begun (1. " in lobby.text
    assert lobby.text.endswith("💡 hints on")  # the choice made in the lobby is the game's
    public = world.public()
    assert public[0] is lobby and lobby_posts(world) == [lobby]
    check_board(public[1])
    assert "Seating order:" in public[1].text
    assert playing(world.turn_message())
    # A client still showing the post before the start: its Join is refused as stale.
    shown = world.standin.message_payload(lobby)
    shown["components"] = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Join", "custom_id": f"tabula:lobby:join:{game_id}"}]}]
    stale = await eve.click(lobby, f"tabula:lobby:join:{game_id}", snapshot=shown)
    assert stale.ephemeral and text("error.stale", "en") in stale.text


def _with_ids(world: World, message: Message, ids: dict[str, str]) -> dict:
    """The message as a forged client shows it: its custom ids replaced as `ids` says."""
    dumped = json.dumps(world.standin.message_payload(message))
    for old, new in ids.items():
        dumped = dumped.replace(json.dumps(old), json.dumps(new))
    return json.loads(dumped)


@pytest.mark.parametrize("forged", ["tabula:lobby:join:abc", f"tabula:lobby:join:{2**63}",
                                    "tabula:lobby:join:99999999999999999999999",
                                    "tabula:lobby:dance:1", "tabula:lobby:join:"])
async def test_a_forged_or_out_of_range_lobby_button_is_refused_as_stale(
    world: World, forged: str,
) -> None:
    alice, bob = world.player("Alice"), world.player("Bob", locale="fr")
    assert not (await alice.slash("game new", game="duel")).failed
    [lobby] = world.public()
    join = button(lobby, "join")
    refused = await bob.click(lobby, forged, snapshot=_with_ids(world, lobby, {join: forged}))
    assert not refused.failed and refused.ephemeral
    assert text("error.stale", "fr") in refused.text
    assert "1 player seated" in lobby.text  # unchanged
    assert world.public() == [lobby]


async def test_the_lobby_post_speaks_the_games_language_and_closes_when_empty(
    world: World,
) -> None:
    ana, ben = world.player("Ana", locale="fr"), world.player("Ben")
    assert not (await ana.slash("game new", game="duel", pace="daily")).failed
    [lobby] = world.public()
    assert [(lobby.component(i) or {}).get("label") for i in lobby.custom_ids()] == [
        "Rejoindre", "Quitter", "Commencer", "Ajouter un joueur artificiel", "Aides : non"]
    assert "Une partie de **7 Wonders Duel** cherche des joueurs." in lobby.text
    assert "Cadence : " in lobby.text and "Il manque encore 1 joueur pour commencer." in lobby.text
    await click(ben, lobby, "join", locale="en-US")  # the post stays in the game's language
    assert "👥 2 joueurs installés (2 à 2) : Ana, Ben" in lobby.text
    assert "La table est complète." in lobby.text
    await click(ben, lobby, "leave")
    await click(ana, lobby, "leave")
    assert lobby.custom_ids() == []
    assert "Il ne reste personne à la table : la partie de **7 Wonders Duel** est fermée." in lobby.text
    assert world.public() == [lobby]
    # A new lobby in the channel gets a post of its own; abandoning it retires that post too.
    assert not (await ana.slash("game new", game="duel")).failed
    first, second = world.public()
    assert first is lobby and second.custom_ids()
    assert not (await ana.slash("game abandon")).failed
    assert second.custom_ids() == [] and "a été annulée avant de commencer" in second.text
    assert len(world.public()) == 2


async def test_the_lobby_buttons_work_after_a_restart(world: World) -> None:
    alice, bob = world.player("Alice"), world.player("Bob")
    assert not (await alice.slash("game new", game="duel")).failed
    [lobby] = world.public()
    await world.restart()  # no view lives in memory: the custom ids say it all
    await click(bob, lobby, "join")
    assert seated_line(lobby).endswith("2 players seated (2–2): Alice, Bob")
    await click(alice, lobby, "start")
    assert lobby.custom_ids() == [] and world.public()[0] is lobby
    check_board(world.turn_message())
    assert world.turn_message() is not lobby and len(lobby_posts(world)) == 1
