"""The end post says each thing once (issue 23, item 6): one result line, each player's final
score once with only the parts that are not zero, no standings repeating them, the end of an
Age or era naming who has which; in both languages, for every game and option set. And the
committed samples (docs/samples/posts/) are what the code writes now."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import discord
import pytest

from bot.discord.end_samples import (
    END_CASES,
    LOCALES,
    EndCase,
    end_post_path,
    end_post_text,
    end_report,
)
from bot.discord.i18n import shown_names
from bot.discord.turnpost import turn_layout
from bot.service import GameInfo, Report, SeatInfo
from engine.core import Msg, Outcome, resigned
from engine.i18n import translate

ROOT = Path(__file__).resolve().parents[2]
CASES = [(case, locale) for case in END_CASES for locale in LOCALES]
IDS = [f"{case.key}-{case.name}-{locale}" for case, locale in CASES]


def _post(case: EndCase, locale: str) -> tuple[Report, list[str]]:
    return _post_of(case.key, case.name, locale)


@cache
def _post_of(key: str, name: str, locale: str) -> tuple[Report, list[str]]:
    case = next(c for c in END_CASES if (c.key, c.name) == (key, name))
    report = end_report(case, locale)
    layout = turn_layout(report)
    return report, [i.content for i in layout.walk_children()
                    if isinstance(i, discord.ui.TextDisplay)]


@pytest.mark.parametrize(("case", "locale"), CASES, ids=IDS)
def test_the_end_post_says_each_thing_once(case: EndCase, locale: str) -> None:
    report, blocks = _post(case, locale)
    info, outcome = report.game, report.game.outcome
    assert outcome is not None and outcome.scores is not None
    names = shown_names(info.names)
    text = "\n".join(blocks)
    lines = text.split("\n")
    assert not re.search(r"\{\w*\}|\{\w+\|", text), text  # no placeholder left
    assert not re.search(r"\b[a-z-]+\.(log|outcome|score)\.[a-z_.]+", text), text
    # one result line, the game's reason naming the winners, which the log no longer says
    assert text.count("🏆") == 1
    result = blocks[-1].split("\n")[0]
    assert lines.count(result) == 1 and all(f"**{names[s]}**" in result for s in outcome.winners)
    assert translate(outcome.reason, locale, names) not in text
    # each player's final score once, best first, and no standing line repeating it
    told = []
    for seat, score in enumerate(outcome.scores):
        mine = [line for line in lines if re.match(rf"\*\*{re.escape(names[seat])}\*\* ", line)]
        assert len(mine) == 1, (names[seat], mine)
        assert mine[0].startswith(f"**{names[seat]}** {score} "), mine
        rest = mine[0].removeprefix(f"**{names[seat]}** {score} ")
        assert not re.search(r"(?<![\d])0(?![\d])", rest), mine  # no part that is zero
        told.append(lines.index(mine[0]))
    assert [lines[i].split("**")[1] for i in sorted(told)] == [
        names[s] for s in outcome.ranking(len(outcome.scores))]
    assert "of which" not in text and "dont " not in text
    # the end of the last Age or era names who has which
    log = blocks[1].split("\n")
    if case.key == "duel" and outcome.reason.key == "duel.outcome.civilian":
        pairs = ", ".join(f"{names[s]} {outcome.scores[s]}" for s in (0, 1))
        assert f"III: {pairs}." in log[-1] or f"III : {pairs}." in log[-1], log
    if case.key == "seven-hills":
        hills = "hills" if locale == "en" else "collines"
        for name in names:
            assert any(re.match(rf"{re.escape(name)} ?: .*{hills}", line) for line in log), log


@pytest.mark.parametrize(("case", "locale"), CASES, ids=IDS)
def test_the_committed_samples_are_what_the_code_writes(case: EndCase, locale: str) -> None:
    path = end_post_path(ROOT / "docs" / "samples", case, locale)
    written = end_post_text(case, locale, _post(case, locale)[0])
    assert path.exists() and path.read_text(encoding="utf-8") == written, (
        f"{path} differs from what the code writes now: run `tabula samples`")


def test_no_stray_end_post_samples() -> None:
    """Every end post sample committed is one the code writes (other posts have their own)."""
    written = {end_post_path(ROOT / "docs" / "samples", case, locale).name
               for case, locale in CASES}
    assert {p.name for p in (ROOT / "docs" / "samples" / "posts").glob("*end.*.md")} == written


def _info(outcome: Outcome, locale: str = "en") -> GameInfo:
    seats = (SeatInfo(0, 10, "Alice"), SeatInfo(1, 11, "Bob"), SeatInfo(2, 12, "Carol"))
    return GameInfo(id=1, channel_id=5, guild_id=6, game_key="duel", options={},
                    status="finished", creator_id=10, locale=locale, version=3, seats=seats,
                    outcome=outcome)


def _texts(report: Report) -> list[str]:
    return [i.content for i in turn_layout(report).walk_children()
            if isinstance(i, discord.ui.TextDisplay)]


def test_a_reason_that_does_not_name_the_winners_stays_in_the_log_once() -> None:
    """A shared victory the reason does not name, a resignation: the winners are the result
    line, and the reason is the log's last line, once (games that logged it too said it twice)."""
    shared = Outcome((0, 1), (40, 40, 30), Msg("duel.outcome.civilian_shared"))
    report = Report(_info(shared), public=[shared.reason, shared.reason])
    blocks = _texts(report)
    assert blocks[1] == "Civilian victory shared (same points, same blue-card points)."
    assert blocks[-1].split("\n")[0] == "🏆 Winners: **Alice, Bob**"
    assert "Scores: Alice 40 · Bob 40 · Carol 30" in blocks[-1]  # no score lines: the totals
    out = resigned(3, 2)
    blocks = _texts(Report(_info(out, "fr"), public=[out.reason]))
    assert blocks[1] == "Carol a abandonné : les autres joueurs se partagent la victoire."
    assert blocks[-1] == "🏆 Vainqueurs : **Alice, Bob**"


def test_a_player_who_left_is_not_the_result_line() -> None:
    """When players who left rank last, the game's reason may name one of them: the winners
    are the result line then, and the reason is said in the log."""
    out = Outcome((1,), (9, 12, 3), Msg("seven-hills.outcome.points", {
        "winners": (Msg.seat(1),), "points": 12, "forum": 0}), (
        Msg("outcome.left_last", {"who": Msg.seat(1)}),), last=(1,))
    out = Outcome((0,), out.scores, out.reason, out.details, out.last)
    blocks = _texts(Report(_info(out), public=[out.reason]))
    assert blocks[1] == "Bob wins with 12 prestige."
    assert blocks[-1].split("\n") == [
        "🏆 Winner: **Alice**", "Scores: Alice 9 · Carol 3 · Bob 12",
        "Bob: the player left the game and ranks last."]
