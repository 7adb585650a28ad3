"""The bot restarts mid-game (a new TabulaBot on the same SQLite file, a new gateway session):
the buttons and menus on the messages the previous instance posted still work."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import Seen, called, check_board, is_retired, move_by_suggestions, walk_menu
from tests.support import fix_seed

pytestmark = pytest.mark.e2e


async def test_buttons_and_menus_survive_a_restart(world: World,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 5)
    players = [world.player("Alice"), world.player("Bob"), world.player("Carol", locale="fr")]
    await players[0].slash("game new", game="res-publica")
    for p in players[1:]:
        await p.slash("game join")
    await players[0].slash("game start")
    rng, seen = random.Random(5), Seen()
    for _ in range(4):
        [player] = called(world, players)
        assert not (await move_by_suggestions(player, rng, seen)).failed

    before = world.turn_message()
    [player] = called(world, players)
    menu = (await world.click_on_turn(player, "tabula:play:")).last  # opened before the restart
    assert menu.ephemeral and menu.components
    old_bot = world.bot
    await world.restart()
    assert world.bot is not old_bot and world.standin.identifies == 2

    # The menu opened by the previous instance: a pick works and edits it in place.
    select = menu.components[0]["components"][0]
    option = next(o for o in select["options"] if o["label"].endswith("…"))
    step = await player.choose(menu, select["custom_id"], [option["value"]])
    assert not step.failed and menu.components and "…" in menu.text
    # My hand, on the turn message posted before the restart.
    hand = await player.click(before, next(c for c in before.custom_ids() if "hand" in c))
    assert not hand.failed and hand.ephemeral and hand.last.attachment("hand.png")
    # Play, on that same message: a new menu, walked to a move, which the new instance posts.
    reopened = await player.click(before, next(c for c in before.custom_ids() if "play" in c))
    assert not reopened.failed
    await walk_menu(player, reopened.last, rng, seen)
    assert reopened.last.text.startswith("✅")
    after = world.turn_message()
    assert after is not before and is_retired(before)  # retired by the new instance
    check_board(after)
    # The menu from before the restart is now out of date: said so, and closed.
    select = menu.components[0]["components"][0]
    stale = await player.choose(menu, select["custom_id"], [select["options"][0]["value"]])
    assert not stale.failed and "moved on" in menu.text and menu.components == []
    # Autocomplete and /move keep working too.
    [nxt] = called(world, players)
    assert (await nxt.autocomplete("move", "action", action="")).choices
