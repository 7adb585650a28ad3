"""Configuration from the environment (and an optional .env file beside the working directory).

DISCORD_TOKEN      the bot's token (required by `tabula run`)
TABULA_DB          the SQLite file (default: tabula.sqlite3 in the working directory), or a
                   postgresql:// URL (several bot processes on one database)
TABULA_DEV_GUILD   a guild id where commands are synced instantly during development (optional)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

DEFAULT_DB = "tabula.sqlite3"


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: str
    dev_guild: int | None


def read_dotenv(path: Path) -> dict[str, str]:
    """The file's KEY=VALUE pairs, read as a shell would (python-dotenv's parser): `export`,
    quotes, escapes and inline comments (`DISCORD_TOKEN=abc  # my bot` is `abc`)."""
    if not path.is_file():
        return {}
    return {key: value for key, value in dotenv_values(path, encoding="utf-8").items()
            if value is not None}  # a bare `KEY` line has no value: as if absent


def load(env: dict[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Config:
    merged = dict(read_dotenv(dotenv)) if dotenv else {}
    merged.update(os.environ if env is None else env)  # the real environment wins over .env
    guild = merged.get("TABULA_DEV_GUILD", "").strip()
    if guild and not (guild.isascii() and guild.isdigit()):
        raise ValueError(f"TABULA_DEV_GUILD must be a guild id (digits), not {guild!r}")
    return Config(
        token=merged.get("DISCORD_TOKEN", "").strip() or None,
        db_path=merged.get("TABULA_DB", "").strip() or DEFAULT_DB,
        dev_guild=int(guild) if guild else None,
    )
