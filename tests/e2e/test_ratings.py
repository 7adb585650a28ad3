"""Ratings where a player sees them (issue 27), through the real client and the stand-in: the
end post shows each person's rating change, `/game leaderboard [game]` ranks the server's people
by rating, `/game stats [game]` tells a player's record and draws their rating history; in
English and French."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.e2e.conftest import World
from tests.standin.client import Player

pytestmark = pytest.mark.e2e


async def _duel_resigned(a: Player, b: Player, *, game: str = "duel") -> None:
    await a.slash("game new", game=game)
    await b.slash("game join")
    started = await a.slash("game start")
    assert not started.failed
    resigned = await b.slash("game resign")
    assert not resigned.failed


async def test_the_end_post_the_leaderboard_and_the_stats(world: World) -> None:
    alice, bob, carol = world.player("Alice"), world.player("Bob"), world.player("Carol")
    empty = await alice.slash("game leaderboard")
    assert empty.ephemeral and "No finished game yet." in empty.text
    await _duel_resigned(alice, bob)
    end = world.public()[-1]
    # Both new (1,000); the winner gains, the loser loses, each shown with their new rating.
    assert "📈 Ratings:" in end.text
    line = next(x for x in end.text.splitlines() if "📈" in x)
    assert "**Alice** +" in line and "**Bob** −" in line and "→" in line

    board = await carol.slash("game leaderboard", game="duel")
    assert board.ephemeral
    lines = board.text.splitlines()
    assert lines[0] == "**Leaderboard — 7 Wonders Duel**" or "Leaderboard" in lines[0]
    assert "2 players on this server" in board.text
    ranked = [x for x in lines if x[:2] in ("1.", "2.")]
    assert ranked[0].startswith("1. Alice — ") and ranked[1].startswith("2. Bob — ")
    assert "(provisional, 1 game)" in ranked[0]
    overall = await carol.slash("game leaderboard")
    assert "1. Alice" in overall.text

    mine = await alice.slash("game stats", game="duel")
    assert mine.ephemeral and "**Alice** on this server" in mine.text
    assert "1 won of 1 game" in mine.text and "1 win in a row" in mine.text
    assert "0 resignations" in mine.text
    theirs = await bob.slash("game stats")
    assert "0 won of 1 game" in theirs.text and "1 resignation" in theirs.text
    assert "1 game without a win" in theirs.text
    # Anyone in the server may look at anyone's record (a user option).
    looked = await carol.slash("game stats", user=str(bob.id))
    assert "**Bob** on this server" in looked.text and "1 resignation" in looked.text


async def test_in_french_with_a_chart(world: World) -> None:
    fr, bruno = world.player("Aline", locale="fr"), world.player("Bruno")
    await _duel_resigned(fr, bruno)
    end = world.public()[-1]
    # The game's language (its creator's): numbers as French writes them (1 103).
    line = next(x for x in end.text.splitlines() if x.startswith("📈 Cotes : "))
    # in seat order, which the game's seed draws
    assert sorted(line.removeprefix("📈 Cotes : ").split(" · ")) == [
        "**Aline** +103 → 1\u202f103", "**Bruno** −55 → 945"]
    board = await fr.slash("game leaderboard", game="duel")
    assert "Classement" in board.text and "2 joueurs sur ce serveur" in board.text
    assert "(provisoire, 1 partie)" in board.text
    # A second game: the history has two points, drawn as a chart.
    await _duel_resigned(bruno, fr)
    stats = await fr.slash("game stats", game="duel")
    assert "**Aline** sur ce serveur" in stats.text
    assert "1 gagnée sur 2 parties" in stats.text and "1 abandon" in stats.text
    chart = stats.last.attachment("rating.png")
    assert chart is not None
    assert Image.open(io.BytesIO(chart.data)).size == (600, 240)
