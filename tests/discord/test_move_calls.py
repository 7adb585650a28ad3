"""What one move costs: the service calls the edge makes, the store calls behind them and the
runs of the game's `prompt` (bot/bench/calls.py), for /move through the Discord handler, a
click in the Play menu and the console's /move. Counts are deterministic, so the test holds
them (issue 26: a /move makes at most 2 service calls and 6 store calls).

The figures are printed: `pytest -s tests/discord/test_move_calls.py`. Before Service.move
(issue 26), for the tiny game and a Seven Hills step:

    /move (a turn post)          5 service calls (info, choices, act_in, turn_posts, posted_turn);
                                 11 store calls (live_game×2, seats×3, game, since_told, prefs_of,
                                 append_action, messages, record_turn_post); prompt ×10
    /move (the turn goes on)     4 service calls (info, choices, act_in, legal_in); 10 store calls
                                 (live_game×2, seats×4, game×2, prefs_of, append_action); prompt ×10
    Play (opens the menu)        1 service call (legal_in); 2 store calls (game, seats); prompt ×1
    menu click (a turn post)     4 service calls (legal_in, act_in, turn_posts, posted_turn);
                                 9 store calls (game×2, seats×2, since_told, prefs_of,
                                 append_action, messages, record_turn_post); prompt ×10
    console /move (a turn post)  3 service calls (choices, info, act); 11 store calls
                                 (live_game×2, seats×4, latest_game, game, since_told, prefs_of,
                                 append_action); prompt ×10
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

from bot.bench.calls import Calls
from bot.service import Service
from bot.tools.console import CHANNEL, Console
from engine import play
from engine.registry import get as get_game
from tests.discord.conftest import ALICE, BOB, CAROL, PLAYERS, on_turn, start_game
from tests.discord.fake_discord import CHANNEL_ID, Harness, play_of
from tests.support import fix_seed


@pytest.fixture
def calls() -> Iterator[Calls]:
    counted = Calls()
    yield counted
    counted.unwatch()


def show(calls: Calls, label: str) -> tuple[int, int, int]:
    print("\n" + calls.line(label))
    return calls.figures()


async def test_a_typed_move_through_discord(discord_: Harness, service: Service,
                                            calls: Calls) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    discord_.bot.service = calls.watch(service, "tiny")
    calls.reset()
    await discord_.slash(player, "move", action="add 2")
    assert "You played: **add 2**" in discord_.fake.calls[-1].content
    service_calls, store_calls, _ = show(calls, "/move (a turn post)")
    assert service_calls <= 2 and store_calls <= 6


async def test_a_click_in_the_play_menu(discord_: Harness, service: Service,
                                        calls: Calls) -> None:
    await start_game(discord_)
    [player] = await on_turn(service)
    discord_.bot.service = calls.watch(service, "tiny")
    turn = discord_.fake.last_post()
    calls.reset()
    opened = await discord_.click(player, turn, play_of(turn))
    show(calls, "Play (opens the menu)")
    menu = discord_.fake.message_of(opened.followups[0])
    select = menu["components"][0]["components"][0]
    calls.reset()
    await discord_.click(player, menu, select["custom_id"], values=["3"])  # pass
    assert "You played: **pass**" in menu["content"]
    service_calls, store_calls, _ = show(calls, "menu click (a turn post)")
    assert service_calls <= 2 and store_calls <= 6


async def test_a_step_of_a_longer_turn_through_discord(
    discord_: Harness, service: Service, calls: Calls, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move after which the same player goes on (no post; their next step's menu)."""
    fix_seed(monkeypatch, 42)
    await start_game(discord_, ALICE, BOB, CAROL, game="seven-hills")
    game = get_game("seven-hills")
    for _ in range(200):
        [player] = await on_turn(service)
        seat = (await service.info(CHANNEL_ID)).seat_of(int(player["id"]))
        row = await service.store.live_game(CHANNEL_ID)
        assert seat is not None and row is not None and row.state is not None
        legal = game.legal(row.state, seat.seat)
        going_on = [text for text in legal
                    if set(game.prompt(play(game, row.state, seat.seat, text)[0])) == {seat.seat}
                    and game.forced(play(game, row.state, seat.seat, text)[0], seat.seat) is None]
        if going_on:
            break
        await service.act(CHANNEL_ID, int(player["id"]), legal[0])
    else:
        pytest.fail("no step that leaves its player asked")
    counted = calls.watch(service, "seven-hills")
    discord_.bot.service = counted
    calls.reset()
    sent = await discord_.slash(PLAYERS[int(player["id"])], "move", action=going_on[0])
    assert "You played:" in sent.text()
    service_calls, store_calls, _ = show(calls, "/move (the turn goes on)")
    assert service_calls <= 2 and store_calls <= 6


async def test_a_move_in_the_console(service: Service, calls: Calls) -> None:
    console = Console(service, ["alice", "bob"], None, "en", stdout=io.StringIO())
    await console.open_game("tiny", [], seed=1)
    asked = (await service.status(CHANNEL)).to_act[0]
    name = next(n for n, u in console.users.items() if u.id == asked.user_id)
    console.service = calls.watch(service, "tiny")  # type: ignore[assignment]
    calls.reset()
    await console.line(f"{name}: /move add 2")
    output: Any = console.stdout
    assert "adds 2" in output.getvalue()
    service_calls, store_calls, _ = show(calls, "console /move (a turn post)")
    assert service_calls <= 2 and store_calls <= 6
