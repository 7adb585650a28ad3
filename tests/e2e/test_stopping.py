"""A stop in progress (issue 45): an interaction arriving while the bot finishes the moves in
flight is answered at once, in the user's language, that the bot is restarting; nothing is
done for it. The stop itself, in a real process, is in test_process.py."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.test_process import eventually

pytestmark = pytest.mark.e2e


async def test_an_interaction_during_a_stop_is_told_to_try_again_and_changes_nothing(
    world: World,
) -> None:
    alice, marie = world.player("Alice"), world.player("Marie", locale="fr")
    assert world.bot is not None and world.service is not None
    assert await world.bot.stopper.drain(0) == 0  # nothing in flight; new ones refused
    for p in (alice, marie):
        p.settle = None  # the answer is not a handler's: wait on what the user sees
    english = await alice.slash("game new", game="duel")
    french = await marie.slash("game new", game="duel")
    await eventually(lambda: bool(english.text) and bool(french.text), timeout=10)
    assert english.ephemeral and french.ephemeral
    assert english.text == ("🔄 The bot is restarting: nothing was changed. Try again in a "
                            "moment.")
    assert french.text == "🔄 Le bot redémarre : rien n'a été changé. Réessayez dans un instant."
    assert await world.service.store.live_game(world.standin.channel.id) is None
    suggestions = await alice.autocomplete("game new", "game", game="du")
    assert suggestions.failed  # autocomplete has no message to show: left unanswered
