"""docs/samples/ shows what the code draws now (issue 25: the published samples had kept the old
resignation rule).

`tabula samples` writes, for every sample moment of every game, the turn picture, its preview,
the full board and a hand. Drawing is deterministic (the shipped font, Pillow's basic layout, a
seeded game), so the committed files must be those bytes: the file list is checked whole, and a
few moments of each game (the first, a resignation, one seating long names) are drawn again and
compared byte for byte (drawing them all takes minutes). After changing a picture, run
`tabula samples` and commit docs/samples/.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest

from engine import registry
from render.samples import NAMES, Sample, game_samples, write_game_samples

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "samples"
SUFFIXES = ("turn", "turn-preview", "board", "hand")


def _names(key: str) -> tuple[str, ...]:
    module = import_module(f"render.{registry.get(key).module}.samples")
    return tuple(getattr(module, "NAMES", NAMES))


def checked(key: str) -> list[Sample]:
    """The moments of `key` drawn again: its first, its first resignation, and the first
    that seats long names."""
    found = game_samples(key)
    picks = [found[0], next(s for s in found if s.resign is not None),
             next(s for s in found if s.names)]
    return list({s.name: s for s in picks}.values())


def test_docs_samples_hold_every_sample_picture_and_nothing_else() -> None:
    expected = {f"{key}-{s.name}-{suffix}.png" for key in registry.keys()  # noqa: SIM118
                for s in game_samples(key) for suffix in SUFFIXES}
    assert {p.name for p in DOCS.glob("*.png")} == expected


@pytest.mark.parametrize("key", list(registry.keys()))  # noqa: SIM118
def test_the_committed_sample_pictures_are_what_the_code_draws(key: str,
                                                              tmp_path: Path) -> None:
    written = write_game_samples(key, checked(key), tmp_path, _names(key))
    stale = [p.name for p in written if p.read_bytes() != (DOCS / p.name).read_bytes()]
    assert stale == [], "run `tabula samples` and commit docs/samples/"


def test_every_game_has_a_sample_with_long_names() -> None:
    for key in registry.keys():  # noqa: SIM118
        assert any(s.names and max(len(n) for n in s.names) == 32 for s in game_samples(key)), key
