"""A complete game of every game (and each option set the e2e tests play), from /game new to the
final scores, played only through what a Discord client sends (slash commands, autocomplete,
buttons, select menus) against the stand-in (tests/standin), and checked on what the players and
a spectator see: the channel, and each one's ephemeral replies (issue 8: « each game gets such a
test »). What a game checks beyond this is its entry's hooks (tests/contract/entries.py)."""

from __future__ import annotations

import random

import pytest

from engine import registry
from tests.contract.games import CONTRACTS, E2E
from tests.e2e.conftest import World
from tests.e2e.play import check_privacy, check_telling, play_to_the_end, playing
from tests.support import fix_seed

pytestmark = pytest.mark.e2e

GAMES = registry.keys()
CASES = [(key, case) for key in GAMES for case in CONTRACTS[key].e2e]


@pytest.mark.parametrize("key, case", CASES, ids=[c.name for _, c in CASES])
async def test_a_complete_game(world: World, monkeypatch: pytest.MonkeyPatch, key: str,
                               case: E2E) -> None:
    fix_seed(monkeypatch, case.seed)
    players = [world.player(name, locale=locale) for name, locale in case.players]
    eve = world.player("Eve")  # watches, never seated

    new = {"game": key} if case.options is None else {"game": key, "options": case.options}
    opened = await players[0].slash("game new", **new)
    assert not opened.failed and opened.messages == []  # the public post says it all
    lobby = world.public()[-1].text
    assert all(text in lobby for text in case.lobby), lobby
    if case.after_open:
        await case.after_open(world, players, eve)
    for who in players[1:]:
        joined = await who.slash("game join")
        assert not joined.failed and joined.messages == []
    if len(players) == registry.get(key).max_players:
        full = await eve.slash("game join")  # the table is full (Duel: two players only)
        assert full.ephemeral and str(len(players)) in full.text
    if case.after_join:
        await case.after_join(world, players, eve)
    started = await players[0].slash("game start")
    assert not started.failed and started.messages == []
    if case.after_start:
        await case.after_start(world, players)

    seen = await play_to_the_end(world, players, random.Random(case.seed), outsider=eve,
                                 limit=case.limit)
    await check_telling(world, players, seen)

    final = world.turn_message()
    assert "🏆" in final.text and final.pinged == []  # the result, said once
    assert all(not playing(m) for m in world.public())  # no buttons left anywhere
    assert all(m.attachment("hand.png") is None for m in world.public())
    if case.privacy == "always" or (case.privacy == "if-private" and seen.private):
        check_privacy(world, seen)
    assert seen.acks >= seen.actions - seen.stale
    assert seen.actions > case.min_actions and seen.acks > case.min_acks
    if case.carried:
        assert seen.carried  # the Play menu carried players through turns of several steps
    if case.after_end:
        await case.after_end(world, players, seen)
    print(f"{seen.actions} actions, {seen.suggestions} autocompletes, {seen.menus} menu steps")
