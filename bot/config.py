"""Configuration from the environment (and an optional .env file beside the working directory).

DISCORD_TOKEN      the bot's token (required by `tabula run`)
TABULA_DB          the SQLite file (default: tabula.sqlite3 in the working directory), or a
                   postgresql:// URL (several bot processes on one database)
TABULA_DEV_GUILD   a guild id where commands are synced instantly during development (optional)
TABULA_WEB_HOST    the address the web server (/healthz, /metrics) listens on (127.0.0.1)
TABULA_WEB_PORT    its port (8080; 0: any free port, logged; off: no web server)
TABULA_METRICS_TOKEN  a bearer token /healthz and /metrics then require (else loopback only)
TABULA_LOG_FORMAT  text (default) or json: one JSON object a line, for log collectors
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

DEFAULT_DB = "tabula.sqlite3"
DEFAULT_WEB_HOST = "127.0.0.1"  # the operator's routes are for this machine unless told
DEFAULT_WEB_PORT = 8080


@dataclass(frozen=True)
class Web:
    """The web server of `tabula run` (bot/web): where it listens, and the token its operator
    routes ask for (None: they answer loopback only)."""

    host: str
    port: int  # 0: a free port, chosen at start and logged
    token: str | None = None


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


LOG_FORMATS = ("text", "json")


def load_log_format(env: dict[str, str] | None = None,
                    dotenv: Path | None = Path(".env")) -> str:
    """TABULA_LOG_FORMAT: `text` (the default, for people) or `json` (one object a line, for
    log collectors). ValueError for another word."""
    merged = dict(read_dotenv(dotenv)) if dotenv else {}
    merged.update(os.environ if env is None else env)
    chosen = merged.get("TABULA_LOG_FORMAT", "").strip().lower() or "text"
    if chosen not in LOG_FORMATS:
        raise ValueError(f"TABULA_LOG_FORMAT must be text or json, not {chosen!r}")
    return chosen


def load_web(env: dict[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Web | None:
    """The web server of `tabula run` from TABULA_WEB_HOST, TABULA_WEB_PORT (`off`: None)
    and TABULA_METRICS_TOKEN (the environment wins over .env, as in `load`). ValueError,
    saying which, for a port that is not one."""
    merged = dict(read_dotenv(dotenv)) if dotenv else {}
    merged.update(os.environ if env is None else env)
    port = merged.get("TABULA_WEB_PORT", "").strip().lower()
    if port == "off":
        return None
    if port and not (port.isascii() and port.isdigit() and int(port) <= 65535):
        raise ValueError(f"TABULA_WEB_PORT must be a port number (0: any free port) or off, "
                         f"not {port!r}")
    return Web(host=merged.get("TABULA_WEB_HOST", "").strip() or DEFAULT_WEB_HOST,
               port=int(port) if port else DEFAULT_WEB_PORT,
               token=merged.get("TABULA_METRICS_TOKEN", "").strip() or None)
