"""The turn message's text: log lines, who acts, the result, within Discord's 2000 characters."""

from __future__ import annotations

from bot.discord.posting import fit, turn_text
from bot.service import GameInfo, Report, SeatInfo
from engine.core import Msg, Outcome


def _info(**changes: object) -> GameInfo:
    base = dict(id=1, channel_id=5, guild_id=6, game_key="tiny", options={}, status="active",
                creator_id=10, locale="en", version=3,
                seats=(SeatInfo(0, 10, "Alice"), SeatInfo(1, 11, "Bob")))
    base.update(changes)
    return GameInfo(**base)  # type: ignore[arg-type]


def test_long_logs_are_cut_with_a_pointer_and_the_tail_is_kept() -> None:
    lines = [f"line {n} " + "x" * 90 for n in range(60)]
    tail = ["➡️ <@11>: your turn."]
    text = fit(lines, tail, "en")
    assert len(text) <= 2000
    assert text.endswith(tail[0])
    assert "… (more in /game log)" in text
    assert text.startswith("line 0 ")
    assert fit(["short"], tail, "en") == "short\n\n" + tail[0]


def test_a_huge_tail_is_still_clipped_to_2000() -> None:
    assert len(fit(["a"], ["y" * 3000], "en")) == 2000


def test_the_acting_players_are_mentioned_with_what_they_are_asked() -> None:
    report = Report(_info(), public=[Msg("platform.started")],
                    to_act=[SeatInfo(1, 11, "Bob")], asks={1: Msg("error.not_started")})
    assert turn_text(report) == "The game begins.\n\n➡️ <@11>: This game has not started yet."


def test_the_result_names_winners_and_scores() -> None:
    outcome = Outcome((0, 1), (7, 7), Msg("platform.started"), (Msg("outcome.abandoned"),))
    report = Report(_info(status="finished", outcome=outcome), public=[outcome.reason])
    text = turn_text(report)
    assert "🏆 Winners: **Alice, Bob**" in text
    assert "Scores: Alice 7 · Bob 7" in text
    assert text.endswith("The game was abandoned.")


def test_the_post_is_in_the_games_language() -> None:
    report = Report(_info(locale="fr"), public=[Msg("platform.started")],
                    to_act=[SeatInfo(0, 10, "Alice")])
    assert turn_text(report) == "La partie commence.\n\n➡️ <@10> : à vous de jouer."
