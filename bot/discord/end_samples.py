"""Sample end posts: each game, with each of its option sets, played by the seeded random policy
to its end, and the turn post of its last move as text, in both languages. `tabula samples`
writes them beside the sample pictures (`docs/samples/posts/<game>-<case>.<lang>.md`) so that
anyone can read what the players read; tests/discord/test_end_post.py checks the posts and that
the committed files are what the code writes now.

A file holds the post's text displays in order, the picture as `[turn.png]` and the separator
as a rule; lines inside a text display end with a backslash (a Markdown line break), so that a
Markdown viewer shows them one per line as Discord does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

import discord

from bot.clock import Clock
from bot.discord.turnpost import IMAGE, turn_layout
from bot.service import GameInfo, Report, SeatInfo
from engine import registry
from render.samples import Sample, moment, never

LOCALES = ("en", "fr")
HEADER = "<!-- Written by `tabula samples` (bot/discord/end_samples.py): do not edit. -->"


@dataclass(frozen=True)
class EndCase:
    """A game played to its end: which game, a name for its file, players, seed, options."""

    key: str
    name: str
    players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)


# Every game and option set; the seeds end Duel's games by the civilian count (the end of
# Age III, a zero among the expansions' points) but one, by military supremacy.
END_CASES = (
    EndCase("duel", "end", 2, 2),
    EndCase("duel", "military-end", 2, 1),
    EndCase("duel", "agora-end", 2, 1, {"agora": True}),
    EndCase("duel", "leaders-end", 2, 3, {"leaders": "all"}),
    EndCase("duel", "agora-leaders-end", 2, 2, {"agora": True, "leaders": "all"}),
    EndCase("heros", "end", 4, 3),
    EndCase("res-publica", "end", 5, 21),
    EndCase("res-publica", "classic-end", 3, 5, {"classic": True}),
    EndCase("seven-hills", "end", 4, 8),
)


def names_of(key: str, players: int) -> tuple[str, ...]:
    """The players' names of game `key`'s sample pictures."""
    found = import_module(f"render.{registry.get(key).module}.samples")
    return tuple(found.NAMES[:players])


def end_report(case: EndCase, locale: str) -> Report:
    """The report of the move that ended `case`'s game, as the service makes it: the move's
    public lines, then the outcome's reason."""
    at = moment(case.key, Sample(case.name, case.players, case.seed, never, locale,
                                 dict(case.options)))
    if at.outcome is None:
        raise ValueError(f"{case.key} {case.name}: the game did not end")
    game = registry.get(case.key)
    seats = tuple(SeatInfo(i, 1000 + i, name)
                  for i, name in enumerate(names_of(case.key, case.players)))
    info = GameInfo(
        id=7, channel_id=5, guild_id=6, game_key=case.key, options=dict(case.options),
        status="finished", creator_id=1000, locale=locale, version=42, seats=seats,
        outcome=at.outcome, clocks=tuple(Clock(bank=86400.0) for _ in seats),
    )
    public = [e.msg for e in at.events if e.to is None] + [at.outcome.reason]
    return Report(info, public=public, scores=game.score_lines(at.state), at=2000.0)


def post_blocks(layout: discord.ui.LayoutView) -> list[str]:
    """The post as a reader meets it: each text display, the picture, the separator."""
    blocks: list[str] = []
    for item in layout.walk_children():
        if isinstance(item, discord.ui.TextDisplay):
            blocks.append(item.content)
        elif isinstance(item, discord.ui.MediaGallery):
            blocks.append(f"[{IMAGE}]")
        elif isinstance(item, discord.ui.Separator):
            blocks.append("---")
    return blocks


def end_post_text(case: EndCase, locale: str, report: Report | None = None) -> str:
    """The sample file of `case`'s end post in `locale` (`report`: its `end_report`, if made)."""
    made = report if report is not None else end_report(case, locale)
    blocks = post_blocks(turn_layout(made, buttons=False))
    return "\n\n".join([HEADER, *(block.replace("\n", "\\\n") for block in blocks)]) + "\n"


def end_post_path(out_dir: Path, case: EndCase, locale: str) -> Path:
    return Path(out_dir) / "posts" / f"{case.key}-{case.name}.{locale}.md"


def write_end_posts(out_dir: Path, cases: Sequence[EndCase] = END_CASES) -> list[Path]:
    """Every end post sample under `out_dir`/posts; the paths written."""
    written = []
    for case in cases:
        for locale in LOCALES:
            path = end_post_path(out_dir, case, locale)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(end_post_text(case, locale), encoding="utf-8")
            written.append(path)
    return written
