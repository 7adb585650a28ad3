"""Learning while playing, through the stand-in (issue 25): /game card with its autocomplete and
picture, the lookup menu under the Full board and a hand, and /game rules turned page by page."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.play import check_png

pytestmark = pytest.mark.e2e


async def test_a_card_looked_up_by_name_and_from_the_board_and_hand(world: World) -> None:
    alice, bob, carol = world.player("Alice"), world.player("Bob"), world.player("Carol")
    await alice.slash("game new", game="res-publica", options="classic")
    for who in (bob, carol):
        await who.slash("game join")
    await alice.slash("game start")

    suggested = await bob.autocomplete("game card", "name", name="hu")
    assert [c["value"] for c in suggested.choices] == ["huns"]
    french = await bob.autocomplete("game card", "name", name="meta", locale="fr")
    assert [c["name"] for c in french.choices] == ["cartes de métallographie"]
    assert not (await bob.autocomplete("game card", "name", name="monk")).choices  # classic
    card = await bob.slash("game card", name="huns")
    assert card.ephemeral and "**Huns**" in card.text and "5 identical" in card.text
    check_png(card.last, "card.png")
    typed = await bob.slash("game card", name="Ville", locale="fr")  # a name, typed
    assert typed.ephemeral and "Carte de points" in typed.text
    unknown = await bob.slash("game card", name="dragon")
    assert unknown.ephemeral and unknown.text.startswith("⛔") and "dragon" in unknown.text
    # as people type (issue 44): a singular, a typo offered its closest, a word of several
    assert "**Huns**" in (await bob.slash("game card", name="Hun")).text
    typo = await bob.slash("game card", name="Vikongs")
    assert typo.text.startswith("⛔") and "The closest name: Vikings." in typo.text
    assert [c["value"] for c in (await bob.autocomplete("game card", "name",
                                                         name="Vikongs")).choices] == ["vikings"]
    several = await bob.slash("game card", name="cards")
    assert several.text.startswith("⛔") and "alchemy cards" in several.text

    board = await carol.slash("game board")
    menu = next(c for c in board.last.custom_ids() if c.startswith("tabula:card:"))
    looked = await carol.choose(board.last, menu, ["town"])
    assert looked.ephemeral and "**Town**" in looked.text
    check_png(looked.last, "card.png")
    hand = await carol.slash("game hand")
    menu = next(c for c in hand.last.custom_ids() if c.startswith("tabula:card:"))
    offered = hand.last.component(menu)["options"]  # her own cards, to look up
    assert offered and not looked.failed
    again = await carol.choose(hand.last, menu, [offered[0]["value"]])
    assert again.ephemeral and again.text.startswith("**")


async def test_the_rules_in_pages(world: World) -> None:
    alice = world.player("Alice")
    rules = await alice.slash("game rules", game="duel")
    assert rules.ephemeral and "page 1/" in rules.text and "What is in the game" in rules.text
    nxt = next(c for c in rules.last.custom_ids() if c.startswith("tabula:rules:duel:1"))
    turned = await alice.click(rules.last, nxt)
    assert not turned.failed and "page 2/" in rules.last.text and "A turn" in rules.last.text
    options = await alice.slash("game rules", game="duel", section="options", locale="fr")
    assert "Les options" in options.text and "`agora`" in options.text
    edition = await alice.slash("game rules", game="seven-hills", section="edition")
    assert "reconstructed edition" in edition.text and "data/" not in edition.text
