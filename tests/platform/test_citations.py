"""Sources are cited by title, edition and section (docs/SOURCES.md), never by a path outside the
repository: a contributor's clone has no such path."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = re.compile(r"/work/|\.\./shared/|shared/(seeds|reference)/|/home/|/root/|/tmp/")


def test_no_tracked_text_names_a_path_outside_the_repository() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    found = []
    for name in tracked:
        path = ROOT / name
        if path.suffix not in {".py", ".md", ".json", ".toml", ".txt", ".sql", ".yaml", ""}:
            continue
        if name.startswith("tests/platform/test_citations.py"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
        found += [f"{name}:{n}" for n, line in enumerate(text.splitlines(), 1)
                  if OUTSIDE.search(line)]
    assert found == []


def test_every_rulebook_short_form_is_explained() -> None:
    sources = (ROOT / "docs" / "SOURCES.md").read_text(encoding="utf-8")
    for short in ("003", "RB-A", "004", "000", "002", "7wd.md", "seven_hills_heros.md",
                  "RECONSTRUCTION.md"):
        assert f'"{short}' in sources, short
