"""Bad input through the real client (issue 15): the paces `1..d+1d/2d` and `.5d+1d/2d` met an
assert in bot/clock.py, so `/game new pace:` answered "Something went wrong" and its
autocomplete failed. Both now refuse in the player's language; nothing is created."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("pace", ["1..d+1d/2d", ".5d+1d/2d", "٣d+1d/5d"])
async def test_a_malformed_pace_is_refused_and_its_autocomplete_answers(
    world: World, pace: str,
) -> None:
    alice = world.player("Alice")
    suggested = await alice.autocomplete("game new", "pace", game="res-publica", pace=pace)
    assert not suggested.failed
    assert pace not in [c["value"] for c in suggested.choices]  # not offered as a pace
    refused = await alice.slash("game new", game="res-publica", pace=pace)
    assert refused.ephemeral and refused.text.startswith("⛔")
    assert f"“{pace}” is not a time control" in refused.text
    fr = world.player("Aline", locale="fr")
    refused = await fr.slash("game new", game="res-publica", pace=pace)
    assert f"« {pace} » n'est pas une cadence" in refused.text
    status = await alice.slash("game status")
    assert status.text.startswith("⛔")  # no lobby was opened
