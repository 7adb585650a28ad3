"""The turn post's layout: log lines, the picture, standings, who acts with a live clock, the
result, within Discord's Components V2 limits (40 components, 4000 characters of text)."""

from __future__ import annotations

import discord

from bot.clock import Clock
from bot.discord.turnpost import (
    COMPONENTS,
    IMAGE,
    SEAT_ACCENTS,
    TEXT_LIMIT,
    fit,
    turn_layout,
    without_buttons,
)
from bot.service import GameInfo, Report, SeatInfo
from engine.core import Msg, Outcome
from render.common import SEAT_COLOURS


def _info(**changes: object) -> GameInfo:
    base = dict(id=1, channel_id=5, guild_id=6, game_key="res-publica", options={},
                status="active", creator_id=10, locale="en", version=3,
                seats=(SeatInfo(0, 10, "Alice"), SeatInfo(1, 11, "Bob")))
    base.update(changes)
    return GameInfo(**base)  # type: ignore[arg-type]


def texts(layout: discord.ui.LayoutView) -> list[str]:
    return [i.content for i in layout.walk_children() if isinstance(i, discord.ui.TextDisplay)]


def custom_ids(layout: discord.ui.LayoutView) -> list[str]:
    return [i.custom_id for i in layout.walk_children()  # type: ignore[attr-defined]
            if getattr(i, "custom_id", None)]


def test_long_logs_are_cut_with_a_pointer() -> None:
    lines = [f"line {n} " + "x" * 90 for n in range(60)]
    text = fit(lines, 2000, "en")
    assert len(text) <= 2000
    assert text.endswith("… (more in /game log)") and text.startswith("line 0 ")
    assert fit(["short"], 2000, "en") == "short"


def test_a_layout_stays_within_discords_limits_however_long_the_log() -> None:
    public = [Msg("platform.started")] * 400  # far more text than a message holds
    report = Report(_info(), public=public, to_act=[SeatInfo(1, 11, "Bob")],
                    asks={1: Msg("error.not_started")}, scores={0: Msg("platform.started")})
    layout = turn_layout(report)
    assert layout.content_length() <= TEXT_LIMIT
    assert layout.total_children_count <= COMPONENTS
    assert any("more in /game log" in t for t in texts(layout))
    assert "➡️ <@11>: This game has not started yet." in texts(layout)[-1]  # the tail is whole


def test_the_picture_the_standings_and_the_buttons() -> None:
    report = Report(_info(), public=[Msg("platform.started")], to_act=[SeatInfo(0, 10, "Alice")],
                    scores={0: Msg("platform.started"), 1: Msg("platform.started")})
    layout = turn_layout(report)
    [gallery] = [i for i in layout.walk_children() if isinstance(i, discord.ui.MediaGallery)]
    assert gallery.items[0].media.url == f"attachment://{IMAGE}"
    assert "Alice" in (gallery.items[0].description or "")  # for screen readers
    assert "**Alice** · The game begins.\n**Bob** · The game begins." in texts(layout)
    assert custom_ids(layout) == ["tabula:hand:1", "tabula:play:1", "tabula:board:1"]
    [container] = [i for i in layout.children if isinstance(i, discord.ui.Container)]
    colour = container.accent_colour
    assert getattr(colour, "value", colour) == SEAT_ACCENTS[0]


def test_accents_are_the_seat_colours_of_the_pictures() -> None:
    assert tuple((r << 16) | (g << 8) | b for r, g, b in SEAT_COLOURS) == SEAT_ACCENTS


def test_a_running_clock_is_a_live_discord_timestamp() -> None:
    clock = Clock(bank=3600.0, running_since=1000.0)
    info = _info(clocks=(clock, Clock(bank=7200.0)))
    report = Report(info, to_act=[SeatInfo(0, 10, "Alice")], at=1600.0)
    tail = texts(turn_layout(report))[-1]
    assert f"<t:{1000 + 3600}:R>" in tail  # the deadline itself: each client counts down


def test_a_paused_clock_says_so() -> None:
    clock = Clock(bank=3600.0, running_since=None)
    report = Report(_info(clocks=(clock, clock)), to_act=[SeatInfo(0, 10, "Alice")], at=1600.0)
    tail = texts(turn_layout(report))[-1]
    assert "⏸" in tail and "<t:" not in tail


def test_the_result_names_winners_and_scores_and_keeps_the_full_board() -> None:
    outcome = Outcome((0, 1), (7, 7), Msg("platform.started"), (Msg("outcome.abandoned"),))
    report = Report(_info(status="finished", outcome=outcome), public=[outcome.reason])
    layout = turn_layout(report)
    tail = texts(layout)[-1]
    assert "🏆 Winners: **Alice, Bob**" in tail and "Scores: Alice 7 · Bob 7" in tail
    assert tail.endswith("The game was abandoned.")
    assert custom_ids(layout) == ["tabula:board:1"]  # no hand, no play: the complete board


def test_the_post_is_in_the_games_language() -> None:
    report = Report(_info(locale="fr"), public=[Msg("platform.started")],
                    to_act=[SeatInfo(0, 10, "Alice")])
    layout = turn_layout(report)
    assert "La partie commence." in texts(layout)
    assert texts(layout)[-1] == "➡️ <@10> : à vous de jouer."
    labels = [getattr(getattr(i, "item", i), "label", None) for i in layout.walk_children()]
    assert "Plateau complet" in labels


def test_a_post_without_a_picture_has_no_gallery() -> None:
    report = Report(_info(), public=[Msg("platform.started")], to_act=[SeatInfo(0, 10, "Alice")])
    layout = turn_layout(report, image=False, buttons=False)
    assert not [i for i in layout.walk_children() if isinstance(i, discord.ui.MediaGallery)]
    assert custom_ids(layout) == []


def test_retiring_keeps_the_layout_and_drops_the_row() -> None:
    """A fetched V2 message rebuilt without its action row still shows its text and picture."""
    report = Report(_info(), public=[Msg("platform.started")], to_act=[SeatInfo(0, 10, "Alice")])
    layout = turn_layout(report)
    payload = {
        "id": "9", "channel_id": "5", "type": 0, "content": "", "tts": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False,
        "embeds": [], "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
        "flags": 1 << 15, "components": layout.to_components(),
        "author": {"id": "1", "username": "tabula", "discriminator": "0", "avatar": None},
        "attachments": [{"id": "77", "filename": IMAGE, "size": 3, "url": "https://x/turn.png",
                         "proxy_url": "https://x/turn.png"}],
    }
    payload["components"][0]["components"][2]["items"][0]["media"] = {
        "url": "https://x/turn.png", "attachment_id": "77"}
    state = discord.Client(intents=discord.Intents.none())._connection
    channel = discord.PartialMessageable(state=state, id=5)
    message = discord.Message(state=state, channel=channel, data=payload)  # type: ignore[arg-type]
    retired = without_buttons(message)
    assert custom_ids(retired) == []
    assert texts(retired) == texts(layout)
    [gallery] = [i for i in retired.walk_children() if isinstance(i, discord.ui.MediaGallery)]
    assert gallery.items[0].media.url == f"attachment://{IMAGE}"


def test_a_bot_asked_is_named_not_mentioned_and_has_no_clock() -> None:
    clock = Clock(bank=3600.0, running_since=None, asked_since=1000.0)
    bot = SeatInfo(1, -1, "Cicero (hard)", "hard")
    report = Report(_info(seats=(SeatInfo(0, 10, "Alice"), bot), clocks=(clock, clock)),
                    to_act=[SeatInfo(0, 10, "Alice"), bot], asks={1: Msg("error.not_started")},
                    at=1600.0)
    tail = texts(turn_layout(report))[-1].splitlines()
    assert tail[0].startswith("➡️ <@10>")
    assert tail[1] == "🤖 **Cicero (hard)**: This game has not started yet."
    assert "<@-1>" not in "\n".join(tail)


def test_those_who_left_are_scored_last() -> None:
    outcome = Outcome((1,), (30, 12), Msg("platform.started"), last=(0,))
    report = Report(_info(status="finished", outcome=outcome), public=[outcome.reason])
    assert "Scores: Bob 12 · Alice 30" in texts(turn_layout(report))[-1]
