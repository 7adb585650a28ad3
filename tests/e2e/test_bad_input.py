"""Bad input through the real client (issue 15): the paces `1..d+1d/2d` and `.5d+1d/2d` met an
assert in bot/clock.py, so `/game new pace:` answered "Something went wrong" and its
autocomplete failed. Both now refuse in the player's language; nothing is created. Crafted
interactions (issue 44, item 6): options off their declaration and selects with no value are
refused privately, without a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import World
from tests.standin import Message, Player, Reply

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


# --- crafted interactions (issue 44, item 6) ----------------------------------------------------
# What a modified client sends: the stand-in's Player refuses to send it (NotOffered), so these
# go to the stand-in unchecked.


async def crafted(player: Player, kind: int, data: dict[str, Any],
                  message: Message | None = None) -> Reply:
    interaction = await player.standin.interact(kind, player.user, data, channel=player.channel,
                                                locale=player.locale, message=message)
    await player.standin.acknowledged(interaction)
    if player.settle is not None:
        await player.settle()
    return Reply(player.standin, interaction)


async def command(player: Player, path: str, **options: tuple[int, Any]) -> Reply:
    """`/path` with `options` as name=(type, value), whatever the command declares."""
    name, *subs = path.split()
    found = player.standin.command(name)
    assert found is not None
    sent: list[dict[str, Any]] = [{"name": key, "type": kind, "value": value}
                                  for key, (kind, value) in options.items()]
    for sub in reversed(subs):
        sent = [{"name": sub, "type": 1, "options": sent}]
    data = {"id": str(found.id), "name": name, "type": 1, "options": sent}
    return await crafted(player, 2, data)


STRING, INTEGER, NUMBER = 3, 4, 10


async def test_options_a_command_does_not_offer_are_refused_without_a_traceback(
    world: World, caplog: pytest.LogCaptureFixture,
) -> None:
    """A value outside an option's choices or range, of the wrong type, a required option
    missing, a command the bot no longer has: each is refused privately, in the sender's
    language, saying what the option takes; nothing is logged as an error (the world fails
    the test otherwise) and nothing changes."""
    alice = world.player("Alice")
    aline = world.player("Aline", locale="fr")
    rules = await command(alice, "game rules", game=(STRING, "chess"))
    assert not rules.failed and rules.ephemeral and rules.text.startswith("⛔"), rules.text
    assert "“chess”" in rules.text and "Duel" in rules.text and "Seven Hills" in rules.text
    french = await command(aline, "game rules", game=(STRING, "chess"))
    assert "L’option jeu ne peut pas valoir « chess »" in french.text, french.text
    section = await command(alice, "game rules", game=(STRING, "duel"),
                            section=(STRING, "nowhere"))
    assert "“nowhere”" in section.text and "Options" in section.text, section.text
    for refused, says in [
        (await command(alice, "game vacation", days=(INTEGER, 10**6)), "from 0 to 30"),
        (await command(alice, "game vacation", days=(STRING, "soon")), "“soon”"),
        (await command(alice, "game notify", reminder_hours=(NUMBER, -5)), "from 0 to 336"),
        (await command(alice, "game notify", reminder_hours=(NUMBER, "abc")),
         "options it does not offer"),
        (await command(alice, "game settings", language=(STRING, "xx")), "English, Français"),
        (await command(alice, "game bot add", level=(STRING, "godlike")), "“godlike”"),
        (await command(alice, "game card"), "needs its option name"),
        (await command(alice, "game teleport"), "not one of mine any more"),
    ]:
        assert not refused.failed and refused.ephemeral, says
        assert refused.text.startswith("⛔") and says in refused.text, (says, refused.text)
    assert "Traceback" not in caplog.text
    status = await alice.slash("game status")
    assert status.text.startswith("⛔")  # no lobby was opened, no setting changed
    settings = await alice.slash("game settings")
    assert "xx" not in settings.text


async def test_a_select_sent_with_no_value_is_refused(world: World) -> None:
    """The card lookup menu and the Play menu sent with no value (the client sends one at
    least) each get a private refusal, rather than no answer; the Play menu stays usable."""
    alice, bob, carol = (world.player(n) for n in ("Alice", "Bob", "Carol"))
    await alice.slash("game new", game="res-publica", options="classic")
    for who in (bob, carol):
        await who.slash("game join")
    await alice.slash("game start")
    board = await carol.slash("game board")
    lookup = next(c for c in board.last.custom_ids() if c.startswith("tabula:card:"))
    for values in ([], [""]):
        empty = await crafted(carol, 3, {"custom_id": lookup, "component_type": 3,
                                         "values": values}, board.last)
        assert not empty.failed and empty.ephemeral, values
        assert empty.text.startswith("⛔") and "Nothing was chosen" in empty.text, empty.text
    mover = next(p for p in (alice, bob, carol) if p.mention in world.turn_message().text)
    opened = await world.click_on_turn(mover, "tabula:play:")
    pick = next(c for c in opened.last.custom_ids() if c.startswith("tabula:pick:"))
    before = opened.last.text
    empty = await crafted(mover, 3, {"custom_id": pick, "component_type": 3, "values": []},
                          opened.last)
    assert not empty.failed and "Nothing was chosen" in empty.text, empty.text
    assert opened.last.text == before and opened.last.components  # still the menu it was
