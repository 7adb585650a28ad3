"""Every game's turn post, built from its sample moments (start, middle, several choosing at once,
the end, a resignation), stays within Discord's Components V2 limits and reads whole: each player's
standing, who acts (mentioned) or the result, and no untranslated key or placeholder."""

from __future__ import annotations

import re
from importlib.util import find_spec

import pytest

from bot.clock import Clock
from bot.discord.turnpost import COMPONENTS, TEXT_LIMIT, turn_layout
from bot.service import GameInfo, Report, SeatInfo
from engine import registry
from engine.i18n import translate
from render.samples import game_samples, moment

NAMES = ("Aurelia", "Brutus", "Cornélie", "Decimus", "Eudoxia")


def _games() -> list[str]:
    """The games Tabula ships (test games registered by other tests have no samples). Their
    samples live in render/<module>/samples.py (the old render/<module>_samples.py, looked for
    here until now, had left this test without a case)."""
    games = [key for key in registry.keys()  # noqa: SIM118
             if find_spec(f"render.{registry.get(key).module}") is not None
             and find_spec(f"render.{registry.get(key).module}.samples") is not None]
    assert games, "no game's samples found"
    return games


def _cases() -> list[tuple[str, str]]:
    return [(key, s.name) for key in _games() for s in game_samples(key)]


def _report(key: str, name: str) -> Report:
    sample = next(s for s in game_samples(key) if s.name == name)
    at = moment(key, sample)
    game = registry.get(key)
    seats = tuple(SeatInfo(i, 1000 + i, NAMES[i]) for i in range(sample.players))
    over = at.outcome is not None
    info = GameInfo(
        id=7, channel_id=5, guild_id=6, game_key=key, options=dict(sample.options),
        status="finished" if over else "active", creator_id=1000, locale=sample.locale,
        version=42, seats=seats, outcome=at.outcome,
        clocks=tuple(Clock(bank=86400.0, running_since=1000.0) for _ in seats),
    )
    asks = {} if over else game.prompt(at.state)
    public = [e.msg for e in at.events if e.to is None]
    if at.outcome is not None:
        public.append(at.outcome.reason)
    return Report(info, public=public, to_act=[seats[s] for s in sorted(asks)], asks=asks,
                  scores=game.score_lines(at.state), at=2000.0)


def _texts(layout) -> list[str]:  # type: ignore[no-untyped-def]
    import discord

    return [i.content for i in layout.walk_children() if isinstance(i, discord.ui.TextDisplay)]


@pytest.mark.parametrize(("key", "name"), _cases())
def test_every_games_turn_post_fits_and_reads_whole(key: str, name: str) -> None:
    report = _report(key, name)
    layout = turn_layout(report)
    assert layout.content_length() <= TEXT_LIMIT and layout.total_children_count <= COMPONENTS
    text = "\n".join(_texts(layout))
    assert not re.search(r"\{\w*\}|\{\w+\|", text), text  # no placeholder left
    assert not re.search(r"\b[a-z-]+\.(log|ask|event|score|render|outcome)\.[a-z_.]+", text), text
    assert "(s)" not in text
    info = report.game
    over = info.outcome is not None and info.outcome.scores is not None
    for seat, line in report.scores.items():  # each player's standing, named (the result's
        standing = f"**{NAMES[seat]}** · {translate(line, info.locale, info.names)}"
        assert (standing not in text) if over else (standing in text)  # scores once it ends)
    if info.outcome is None:
        for seat in report.to_act:
            assert f"<@{seat.user_id}>" in text and f"<t:{1000 + 86400}:R>" in text
    else:
        assert "🏆" in text


def test_every_game_gives_standings() -> None:
    """score_lines is implemented by every game, for every seat."""
    for key in _games():
        report = _report(key, game_samples(key)[0].name)
        assert sorted(report.scores) == list(range(len(report.game.seats))), key
