"""Refusals a player can read (issue 24, items 3-5), through the real client: a player who left
a seat sees nothing of it any more; the same interaction delivered twice is answered once and
logged without a traceback; a button of a post out of date, or whose custom id names a game no
database could hold, says so privately with a link to the current post; while the database
cannot be written, players are told so and autocomplete suggests nothing, and the bot logs one
warning for the outage. One Res Publica game of three (the classic variant) serves them all."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import asyncpg
import pytest

from tests.conftest import TEMPLATE
from tests.e2e.conftest import World
from tests.e2e.play import called
from tests.e2e.play import text as catalogue_text
from tests.e2e.test_interactions import open_game, whole_suggestion
from tests.pg import PgServer
from tests.standin import Message

pytestmark = pytest.mark.e2e


def forged(message: Message, world: World, old: str, new: str) -> dict[str, Any]:
    """The message as a client would show it with one custom id changed (a damaged or forged
    id, or a post of an older Tabula)."""
    shown = json.dumps(world.standin.message_payload(message))
    assert f'"{old}"' in shown
    return json.loads(shown.replace(f'"{old}"', f'"{new}"'))


async def test_refusals_a_player_can_read(world: World, monkeypatch: pytest.MonkeyPatch,
                                          caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    alice, bob, carol = await open_game(world, monkeypatch, locales=("en-US", "en-US", "fr"))
    standin = world.standin
    turn = world.turn_message()
    game_id = int(next(c for c in turn.custom_ids() if c.startswith("tabula:hand:")).split(":")[2])
    assert world.service is not None

    # --- 4. the same interaction delivered twice: answered once, logged at INFO ------------
    sent: list[dict[str, Any]] = []
    dispatch = standin._dispatch

    async def keep(event: str, data: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        if event == "INTERACTION_CREATE":
            sent.append(data)
        await dispatch(event, data, *args, **kwargs)

    monkeypatch.setattr(standin, "_dispatch", keep)
    hand = await world.click_on_turn(alice, "tabula:hand:")
    assert not hand.failed and hand.ephemeral
    calls = len(standin.calls)
    await dispatch("INTERACTION_CREATE", sent[-1])  # Discord sends it again
    for _ in range(200):  # until the bot has tried to answer it (over the gateway: no task yet)
        if any(c.code == 40060 for c in standin.calls[calls:]):
            break
        await asyncio.sleep(0.05)
    await world.settle()
    assert len(hand.messages) == 1  # one answer
    assert any("delivered twice" in r.getMessage() and r.levelno == logging.INFO
               for r in caplog.records)

    # --- 4. buttons out of date: privately, with where the current post is ------------------
    link = f"https://discord.com/channels/{standin.guild_id}/{turn.channel_id}/{turn.id}"
    hand_id, board_id = f"tabula:hand:{game_id}", f"tabula:board:{game_id}"
    for clicker, replaced, custom_id, says in [
        (alice, hand_id, f"tabula:hand:{2**63}", "out of date"),  # no database holds it
        (alice, hand_id, f"tabula:hand:{10**30}", "out of date"),
        (alice, hand_id, "tabula:hand:-5", "out of date"),  # no component answers it
        (alice, hand_id, f"tabula:lobby:join:{10**19 - 1}", "moved on"),  # a lobby's: stale
        (carol, board_id, f"tabula:board:{2**63 + 5}", "périmé"),  # in the clicker's language
    ]:
        reply = await clicker.click(turn, custom_id,
                                    snapshot=forged(turn, world, replaced, custom_id))
        assert not reply.failed and reply.ephemeral, custom_id
        assert says in reply.text and link in reply.text, (custom_id, reply.text)

    # --- 5. the database cannot be written: told, suggestions empty, one warning -------------
    db = world.service.store.db  # type: ignore[attr-defined]
    [mover] = called(world, [alice, bob, carol])
    action = await whole_suggestion(mover)
    version = (await world.service.info(standin.channel.id)).version
    await db.execute("PRAGMA query_only = 1")  # every write refused by SQLite itself
    try:
        for _ in range(2):
            refused = await mover.slash("move", action=action)
            assert not refused.failed and refused.ephemeral
            wanted = catalogue_text("error.storage_unavailable", mover.locale.split("-")[0])
            assert wanted in refused.text
    finally:
        await db.execute("PRAGMA query_only = 0")
    assert (await world.service.info(standin.channel.id)).version == version  # nothing stored
    warnings = [r for r in caplog.records
                if r.name == "bot.store.outage" and r.levelno == logging.WARNING]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    played = await mover.slash("move", action=action)  # writable again: the move goes through
    assert not played.failed
    assert (await world.service.info(standin.channel.id)).version > version

    # --- 3. a player who left: no hand, no Play, no suggestions ------------------------------
    leaver = next(p for p in (alice, bob, carol) if p is not mover and p.locale == "en-US")
    assert not (await leaver.slash("game resign")).failed
    left = catalogue_text("error.bot_plays_for_you", "en")
    assert left in (await leaver.slash("game hand")).text
    assert left in (await world.click_on_turn(leaver, "tabula:hand:")).text
    assert left in (await world.click_on_turn(leaver, "tabula:play:")).text
    suggested = await leaver.autocomplete("move", "action", action="")
    assert not suggested.failed and suggested.choices == []
    refused = await leaver.slash("move", action=action)
    assert left in refused.text
    assert "(bot)" in world.turn_message().text or any(
        "(bot)" in m.text for m in world.public())


async def admin(server: PgServer, sql: str) -> None:
    connection = await asyncpg.connect(server.url())
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


async def test_postgresql_stopped_for_a_moment(world: World, pg_server: PgServer,
                                              monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    """The database server stopped (issue 24, item 5): /move is answered in the player's
    language, its suggestions are empty instead of failing, one warning is logged; started
    again, the same move goes through, once."""
    caplog.set_level(logging.INFO, "bot.store.outage")
    await world.stop_bot()  # started again below on a PostgreSQL database of its own
    await admin(pg_server, f"CREATE DATABASE e2e_outage TEMPLATE {TEMPLATE}")
    world.db_path = pg_server.url("e2e_outage")
    try:
        await world.start_bot()
        assert world.service is not None
        players = await open_game(world, monkeypatch)
        [mover] = called(world, players)
        action = await whole_suggestion(mover)
        version = (await world.service.info(world.standin.channel.id)).version
        pg_server.pause()
        try:
            suggested = await mover.autocomplete("move", "action", action="")
            assert not suggested.failed and suggested.choices == []
            refused = await mover.slash("move", action=action)
            assert not refused.failed and refused.ephemeral
            wanted = catalogue_text("error.storage_unavailable", mover.locale.split("-")[0])
            assert wanted in refused.text
        finally:
            pg_server.resume()
        for _ in range(12):  # each connection the stop cut fails once, then the pool renews it
            played = await mover.slash("move", action=action)
            if catalogue_text("error.storage_unavailable", "en") not in played.text:
                break
        assert not played.failed
        assert (await world.service.info(world.standin.channel.id)).version > version
        levels = [r.levelno for r in caplog.records if r.name == "bot.store.outage"]
        assert levels == [logging.WARNING, logging.INFO]
    finally:
        await world.stop_bot()
        await admin(pg_server, "DROP DATABASE e2e_outage WITH (FORCE)")
