"""scripts/setup installs only when the dependencies changed (issue 15): it used to upgrade pip
and reinstall at every start, so `scripts/run` could not restart the bot while the package index
was unreachable. The real script runs in a copy of the project whose .venv/bin/python is a small
program recording each pip call (a real install needs the index, which a test must not)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RECORDER = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/../pip-calls"
if [ -n "${PIP_NO_INDEX:-}" ]; then
  echo "ERROR: no index (PIP_NO_INDEX)" >&2
  exit 1
fi
"""


def project(tmp_path: Path) -> Path:
    """A copy of the project's setup with an existing .venv."""
    (tmp_path / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "setup", tmp_path / "scripts" / "setup")
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(RECORDER)
    python.chmod(0o755)
    return tmp_path


def setup(root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(root / "scripts" / "setup")], cwd=root, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHON": sys.executable, **env})


def calls(root: Path) -> list[str]:
    path = root / ".venv" / "pip-calls"
    return path.read_text().splitlines() if path.exists() else []


def test_a_second_setup_installs_nothing_and_works_offline(tmp_path: Path) -> None:
    root = project(tmp_path)
    first = setup(root)
    assert first.returncode == 0, first.stderr
    assert [c for c in calls(root) if "install" in c] == ["-m pip install --quiet "
                                                          "--disable-pip-version-check -e .[test]"]
    again = setup(root, PIP_NO_INDEX="1")  # the index is unreachable: nothing to install anyway
    assert again.returncode == 0, again.stderr
    assert len(calls(root)) == 1


def test_changed_dependencies_are_installed_at_the_next_setup(tmp_path: Path) -> None:
    root = project(tmp_path)
    assert setup(root).returncode == 0
    with open(root / "pyproject.toml", "a") as file:
        file.write("\n# a dependency added\n")
    assert setup(root).returncode == 0
    assert len(calls(root)) == 2


def test_a_failed_install_is_tried_again(tmp_path: Path) -> None:
    root = project(tmp_path)
    failed = setup(root, PIP_NO_INDEX="1")
    assert failed.returncode != 0
    assert setup(root).returncode == 0  # not marked installed by the failure
    assert len(calls(root)) == 2
    assert setup(root, PIP_NO_INDEX="1").returncode == 0


def test_the_licence_is_an_spdx_string_that_setuptools_takes_without_a_warning() -> None:
    """Issue 44: `license = { text = "MIT" }` made setuptools print a deprecation warning at
    every `pip install -e .`; the SPDX string (PEP 639) needs setuptools 77 to build."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["project"]["license"] == "MIT"
    assert "setuptools>=77" in config["build-system"]["requires"]
