"""Component data, fonts and translations, as files. This module only locates them."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent


def path(*parts: str) -> Path:
    """The path of a file shipped under data/, e.g. path("fonts", "DejaVuSans.ttf")."""
    return ROOT.joinpath(*parts)
