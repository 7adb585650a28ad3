"""`tabula play` behaves as the Discord commands do, through the same menu code (issue 15, "The
console and selfplay"): any case, a partial move says what follows, a complete move that could go
on is played at once, the hand in words, and a --db holding another game is never resumed
silently. Real games, a real SQLite file, the real service."""

from __future__ import annotations

import io
import random
import re
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot import menu
from bot.cli import main
from bot.service import Service
from bot.store.sqlite import Store
from bot.tools.console import CHANNEL, Console, hand_words, play
from engine import registry
from engine.core import parse_options
from engine.core import play as apply
from engine.policy import walk
from tests.platform.toy import Toy, ToyRenderer


async def console(db: Path, script: str, game: str = "res-publica", players: int = 3,
                  options: tuple[str, ...] = (), seed: int = 4,
                  bots: tuple[str, ...] = (), locale: str = "en") -> tuple[int, str]:
    out = io.StringIO()
    code = await play(game, players, list(options), str(db), None, locale, seed,
                      io.StringIO(script), out, ToyRenderer(), bots=bots)
    return code, out.getvalue()


def after(text: str, typed: str) -> str:
    """What the console printed in answer to the line `typed`."""
    return text.split(f"> {typed}\n", 1)[1].split("\n> ", 1)[0]


def first_player(text: str) -> str:
    return text.split("-> ", 1)[1].split(":", 1)[0]


# --- reading what was typed (bot.menu.resolve, as the Discord /move reads it) ---------------

LEGAL = ["end", "seek 1 huns", "seek 1 huns and 1 books", "seek 2 huns",
         "discard forum 3 clients"]


def resolve(typed: str) -> menu.Typed:
    return menu.resolve(LEGAL, typed, lambda t: " ".join(t.strip().lower().split()),
                        lambda t: t.replace("huns", "Huns"))


def test_resolve_reads_moves_as_discord_does() -> None:
    assert resolve("End") == menu.Typed("play", ("end",))  # any case
    assert resolve("  SEEK 1 Huns ") == menu.Typed("play", ("seek", "1", "huns"))
    # complete, though more could follow: played at once, as /move does in Discord
    assert resolve("seek 1 huns") == menu.Typed("play", ("seek", "1", "huns"))
    # the same with "…" (a suggested beginning): its menu, the action itself first
    assert resolve("seek 1 huns …") == menu.Typed("menu", ("seek", "1", "huns"))
    assert resolve("seek 1 huns ...") == menu.Typed("menu", ("seek", "1", "huns"))
    assert resolve("seek") == menu.Typed("menu", ("seek",))
    # a partial move with a single continuation: say what follows (a beginning plays it)
    assert resolve("discard forum") == menu.Typed("follow", ("discard", "forum", "3", "clients"))
    assert resolve("discard forum …") == menu.Typed("play", ("discard", "forum", "3", "clients"))
    assert resolve("dance") == menu.Typed("unknown", ("dance",))
    assert resolve("seek 9") == menu.Typed("unknown", ("seek", "9"))


# --- the console on a real game -------------------------------------------------------------

async def test_any_case_is_accepted(tmp_path: Path) -> None:
    """Issue 15: `alice: /move End` was refused; the bot accepts any case."""
    _, text = await console(tmp_path / "a.sqlite3", "quit\n")
    who = first_player(text)
    code, text = await console(tmp_path / "b.sqlite3", f"{who}: /move End\nquit\n")
    answer = after(text, f"{who}: /move End")
    assert code == 0 and f"{who} draws" in answer and f"({who} only) !" not in answer


async def test_a_complete_move_listed_with_more_is_played_at_once(tmp_path: Path) -> None:
    _, text = await console(tmp_path / "a.sqlite3", "quit\n")
    who = first_player(text)
    script = f"{who}: /move seek 1\n{who}: /move seek 1 huns\nquit\n"
    _, text = await console(tmp_path / "b.sqlite3", script)
    listed = after(text, f"{who}: /move seek 1")
    assert "/move seek 1 huns …" in listed  # more can follow...
    assert "/move seek 1 huns   (Seek 1 Huns)" in listed  # ...and it is whole as it stands
    played = after(text, f"{who}: /move seek 1 huns")
    assert "seeks 1 Hun card" in played
    _, text = await console(tmp_path / "c.sqlite3", f"{who}: /move seek 1 huns …\nquit\n")
    menu_lines = after(text, f"{who}: /move seek 1 huns …").splitlines()
    assert menu_lines[0] == "  /move seek 1 huns   (Seek 1 Huns)"  # as Discord's ✓ first
    assert all(line.endswith("…)") for line in menu_lines[1:])


class Forum(Toy):
    """A game whose only move has a single continuation after its first two words."""

    key = "forum"

    def legal(self, state: dict[str, Any], seat: int) -> list[str]:
        return ["discard forum 3 clients"] if seat in self.prompt(state) else []

    def apply(self, state: dict[str, Any], seat: int, action: str) -> list[Any]:
        return super().apply(state, seat, "take 1" if action == "discard forum 3 clients"
                             else action)


async def test_a_partial_move_says_what_follows(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: `/move discard forum` (one continuation) printed nothing."""
    monkeypatch.setitem(registry.GAMES, "forum", "tests.platform.test_console:Forum")
    registry.get.cache_clear()
    try:
        _, text = await console(tmp_path / "f.sqlite3", "alice: /move discard forum\n"
                                "bob: /move discard forum\nquit\n", game="forum", players=2)
    finally:
        registry.get.cache_clear()
    who = "alice" if "-> alice" in text.split("Type `help`")[0] else "bob"
    answer = after(text, f"{who}: /move discard forum")
    assert "a single choice: discard forum 3 clients" in answer
    assert "  /move discard forum 3 clients" in answer.splitlines()
    with sqlite3.connect(tmp_path / "f.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM actions").fetchone() == (0,)  # not played


async def test_the_hand_is_shown_in_words(tmp_path: Path) -> None:
    """Issue 15: `/game hand` printed `{'vikings': 1, …}`, `None` and card ids."""
    _, text = await console(tmp_path / "a.sqlite3", "quit\n")
    script = "".join(f"{name}: /game hand\n" for name in ("alice", "bob", "carol")) + "quit\n"
    _, text = await console(tmp_path / "b.sqlite3", script)
    for name in ("alice", "bob", "carol"):
        answer = after(text, f"{name}: /game hand")
        assert answer.startswith(f"  ({name} only) Your hand: ")
        assert not set("{}[]") & set(answer) and "None" not in answer


PYTHON_SIGNS = ("{", "}", "[", "]", "None", "True", "False", '"k"')


@pytest.mark.parametrize(("key", "players", "options"), [
    ("res-publica", 3, ()), ("duel", 2, ()), ("duel", 2, ("leaders",)),
    ("duel", 2, ("agora", "leaders")), ("heros", 3, ()), ("seven-hills", 3, ()),
])
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_games_hand_reads_as_words(key: str, players: int, options: tuple[str, ...],
                                         locale: str) -> None:
    game = registry.get(key)
    state = game.setup(players, 3, parse_options(game, options))
    rng = random.Random(5)
    names = tuple(f"P{i}" for i in range(players))
    for _ in range(40):
        if game.outcome(state) is not None:
            break
        for seat in range(players):
            lines = _hand(key, names, game.view(state, seat), game.view(state, None), locale)
            assert lines, (key, seat)
            for line in lines:
                assert not any(sign in line for sign in PYTHON_SIGNS), line
        seat = rng.choice(sorted(game.prompt(state)))
        state, _ = apply(game, state, seat, walk(game.legal(state, seat), rng))


def _hand(key: str, names: tuple[str, ...], view: dict[str, Any], public: dict[str, Any],
          locale: str) -> list[str]:
    """hand_words reads the game's key and the names of the GameInfo only."""
    info = SimpleNamespace(game_key=key, names=names)
    return hand_words(info, view, public, locale)  # type: ignore[arg-type]


# --- --db holding another game --------------------------------------------------------------

async def test_a_db_holding_another_game_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    db = tmp_path / "kept.sqlite3"
    code, _ = await console(db, "quit\n")
    assert code == 0
    with sqlite3.connect(db) as conn:
        before = conn.execute("SELECT game_key, version, state FROM games").fetchall()
    capsys.readouterr()
    for asked in (dict(game="duel", players=2), dict(players=4), dict(options=("classic",))):
        code, text = await console(db, "quit\n", **asked)  # type: ignore[arg-type]
        err = capsys.readouterr().err
        assert code == 2 and "continuing" not in text
        assert "holds game #1, Res Publica for 3 players" in err
        assert "tabula play res-publica --players 3" in err
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT game_key, version, state FROM games").fetchall() == before
    code, text = await console(db, "quit\n")  # the same game: resumed
    assert code == 0 and "continuing the game stored in this database" in text



async def test_a_db_whose_game_is_over_says_so_before_a_new_one(tmp_path: Path) -> None:
    """It began a new game silently, as if the file had been empty (issue 25)."""
    db = tmp_path / "over.sqlite3"
    code, _ = await console(db, "alice: /game abandon\nquit\n")
    assert code == 0
    code, text = await console(db, "quit\n")
    assert code == 0 and "The game stored in this database (#1, Res Publica) is over" in text
    assert "A new game begins." in text and "continuing" not in text


async def test_the_console_speaks_the_players_language(tmp_path: Path) -> None:
    """--lang fr: the help, the refusals in the rules' own words even typed in French, and no
    mention of suggestions the console has not (issue 25)."""
    script = ("help\n{p}: /move cherche 1 huns offre 1 goths\n"
              "{p}: /move cherche 1 huns et 1 goths et 1 vikings\n{p}: /move voler\nquit\n")
    _, text = await console(tmp_path / "fr.sqlite3", "quit\n", locale="fr")
    first = first_player(text)
    code, text = await console(tmp_path / "fr.sqlite3", script.format(p=first), locale="fr")
    assert code == 0 and "Tapez `help` pour les commandes." in text
    assert "Commandes, chacune tapée" in after(text, "help")
    assert "une offre et une demande" in after(text, f"{first}: /move cherche 1 huns offre 1 goths")
    assert "Au plus 2 caractéristiques" in after(
        text, f"{first}: /move cherche 1 huns et 1 goths et 1 vikings")
    refused = after(text, f"{first}: /move voler")
    assert "Tapez `/move`" in refused and "suggestion" not in refused


# --- bots: tabula play --bots ------------------------------------------------------------------

async def test_the_console_plays_the_bot_seats(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """`--players 3 --bots easy,hard`: alice, then two bots the console plays itself before it
    reads the next line; a bot's private lines are shown to nobody."""
    monkeypatch.setenv("TABULA_BOT_SECONDS", "0.1")
    code, text = await console(tmp_path / "a.sqlite3", "alice: /move\nquit\n",
                               bots=("easy", "hard"))
    assert code == 0
    names = [line[3:].split(":")[0] for line in text.splitlines() if line.startswith("-> ")]
    # The bots' turns are told in the post that asks alice next (one post per change of hands,
    # bot.service.telling): their moves are in its lines; only the start may ask a bot.
    assert " (easy)" in text and " (hard)" in text
    assert not any(n.endswith((" (easy)", " (hard)")) for n in names[1:])
    assert "bob" not in text and "carol" not in text  # three seats: alice and the bots
    assert " only) " not in text.split("> alice: /move")[0]  # no private line of a bot
    assert names[-1] == "alice"  # the bots played until alice is asked
    listed = after(text, "alice: /move")
    assert listed.startswith("  /move ")


async def test_a_whole_game_against_bots_in_the_console(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        service = Service(store, renderer=ToyRenderer())
        service.bot_budget = 4  # quick and repeatable
        out = io.StringIO()
        console_ = Console(service, ["alice"], None, "en", out, ["medium"])
        await console_.open_game("duel", [], 3)
        rng = random.Random(3)
        for _ in range(200):
            await console_.play_bots()
            legal = await service.choices(CHANNEL, 1)
            if not legal:
                break
            await console_.line(f"alice: /move {rng.choice(legal)}")
        info = await service.info(CHANNEL, live=False)
        assert info.status == "finished" and info.with_bots
        *_, result, rated = out.getvalue().splitlines()
        assert "Winner" in result
        places = [int(line.split(".")[0]) for line in out.getvalue().splitlines()
                  if re.match(r"  \d+\. ", line)]
        assert len(places) == 2 and places == sorted(places) and places[0] == 1  # by rank
        # the end tells alice's rating change, as the end post does in Discord (issue 44)
        change = (await service.rating_changes(info.id))[1]
        assert rated == f"📈 Ratings: alice {change.delta:+d} → {change.after:,}".replace("-", "−")
        assert await service.verify(info.id)
        await console_.autoplay.stop()
    finally:
        await store.close()


def test_the_bots_option_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "duel", "--players", "2", "--bots", "grandmaster"]) == 2
    assert "--bots takes levels" in capsys.readouterr().err
    assert main(["play", "duel", "--players", "2", "--bots", "easy,facile"]) == 2
    assert "2 bots would take every seat of a game of 2 players" in capsys.readouterr().err
    assert main(["play", "duel", "--players", "1", "--bots", "easy"]) == 2  # one of each
    assert "1 bot would take every seat of a game of 1 player:" in capsys.readouterr().err


# --- what the console and its words say (issue 44, item 10) ----------------------------------

async def test_the_console_looks_cards_up_as_discord_does(tmp_path: Path) -> None:
    """It had no `/game card`. The same lookup as Discord's (bot.service.cards), in words."""
    script = ("alice: /game card Hun\nalice: /game card cards\nalice: /game card\n"
              "alice: /game card dragon\nalice: /game card vikongs\nquit\n")
    code, text = await console(tmp_path / "c.sqlite3", script)
    assert code == 0
    huns = after(text, "alice: /game card Hun").splitlines()
    assert huns[0] == "  (alice only) Huns — People card"
    assert huns[1].startswith("      ") and "12 cards of this kind" in huns[1]
    several = after(text, "alice: /game card cards")
    assert "(alice only) ! « cards » may be 6 things: alchemy cards, architecture cards" in several
    assert "Type more of its name." in several and "suggestion" not in several
    names = after(text, "alice: /game card")
    assert "Anglo-Saxons, architecture cards, books cards" in names and "Vikings" in names
    assert "`/game card` alone lists every name" in after(text, "alice: /game card dragon")
    assert "The closest name: Vikings." in after(text, "alice: /game card vikongs")


async def test_the_console_looks_up_seven_hills_board_parts_in_french(tmp_path: Path) -> None:
    script = "alice: /game card temple de jupiter\nalice: /game card consuls\nquit\n"
    code, text = await console(tmp_path / "s.sqlite3", script, game="seven-hills",
                               locale="fr")
    temple = after(text, "alice: /game card temple de jupiter").splitlines()
    assert temple[0] == "  (pour alice seulement) Temple de Jupiter — Jeton du plateau"
    assert "Capitolium" in temple[1]
    assert "(pour alice seulement) Consul — Titre" in after(text, "alice: /game card consuls")


async def test_the_rules_show_the_section_asked_page_by_page(tmp_path: Path) -> None:
    """`/game rules turn` printed the one-paragraph summary, whatever the section word."""
    from engine.rulebook import pages

    found = pages(registry.get("res-publica"), "en")
    turn = next(i for i, p in enumerate(found) if p.section == "turn")
    options = next(i for i, p in enumerate(found) if p.section == "options")
    script = ("alice: /game rules\nalice: /game rules turn\nalice: /game rules Scor\n"
              f"alice: /game rules {options + 1}\nalice: /game rules dragon\nquit\n")
    code, text = await console(tmp_path / "r.sqlite3", script)
    first = after(text, "alice: /game rules")
    assert first.startswith(f"  Res Publica (3–5 players) — {found[0].title} · page 1/"
                            f"{len(found)}\n")
    assert found[0].text.splitlines()[0] in first
    assert f"`turn` {found[turn].title} (p. {turn + 1})" in first  # the sections, to turn to
    asked = after(text, "alice: /game rules turn")
    assert f"— {found[turn].title} · page {turn + 1}/" in asked
    assert found[turn].text.splitlines()[-1] in asked and found[0].text[:40] not in asked
    assert "— Scoring · page" in after(text, "alice: /game rules Scor")  # a title's beginning
    listed = after(text, f"alice: /game rules {options + 1}")
    assert "  • `classic` — " in listed  # each option as typed, as Discord lists them
    refused = after(text, "alice: /game rules dragon")
    assert "(alice only) ! These rules have no section « dragon »: `about`" in refused


async def test_a_hint_refusal_gives_the_command_line_that_turns_hints_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It pointed at Discord's 💡 button, which the console has not."""
    monkeypatch.setenv("TABULA_BOT_SECONDS", "0.1")
    code, text = await console(tmp_path / "h.sqlite3", "alice: /move hint\nquit\n",
                               game="duel", players=2, bots=("easy",))
    refused = after(text, "alice: /move hint")
    assert "(alice only) ! Hints are off in this game" in refused
    assert "tabula play duel --players 2 --option hints --bots easy" in refused
    assert "💡" not in refused and "lobby" not in refused


async def test_status_after_abandon_says_the_game_was_abandoned(tmp_path: Path) -> None:
    """`/game status` after `/game abandon` printed nothing."""
    script = "alice: /game status\nalice: /game abandon\nalice: /game status\nquit\n"
    code, text = await console(tmp_path / "a.sqlite3", script)
    assert after(text, "alice: /game status").startswith("Game #1, Res Publica: in progress.")
    last = text.rsplit("> alice: /game status\n", 1)[1].split("\n> ", 1)[0]
    assert last == "Game #1, Res Publica: abandoned.\n  The game was abandoned."


async def test_final_standings_are_by_rank_with_ties_shared(tmp_path: Path) -> None:
    """They were printed in seat order. Places as ratings count them (1, 1, 3)."""
    from engine import Msg, Outcome

    store = await Store.open(tmp_path / "s.sqlite3")
    try:
        out = io.StringIO()
        console_ = Console(Service(store, renderer=ToyRenderer()), ["a"], None, "en", out)
        info = SimpleNamespace(names=["ann", "ben", "cat", "dan"], game_key="res-publica")
        outcome = Outcome((2, 3), (10, 30, 40, 40), Msg("outcome.abandoned"))
        console_.standings(outcome, info)  # type: ignore[arg-type]
        assert out.getvalue().splitlines() == [
            "  1. cat 40", "  1. dan 40", "  3. ben 30", "  4. ann 10", "Winners: cat, dan."]
    finally:
        await store.close()


async def test_the_resume_hint_keeps_every_flag(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """It dropped --bots (and a game against bots was resumed without them, its bot seat
    named as a person)."""
    db = tmp_path / "b.sqlite3"
    code, _ = await console(db, "quit\n", game="duel", players=2, bots=("easy",),
                            options=("hints",))
    assert code == 0
    capsys.readouterr()
    code, text = await console(db, "quit\n", game="duel", players=2, options=("hints",))
    err = capsys.readouterr().err
    assert code == 2 and "continuing" not in text
    assert f"tabula play duel --players 2 --option hints --bots easy --db {db}" in err
    code, text = await console(db, "quit\n", game="duel", players=2, options=("hints",),
                               bots=("easy",))
    assert code == 0 and "continuing the game stored in this database" in text
