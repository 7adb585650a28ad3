"""How `tabula run` and `tabula sync` log: discord.py's format on standard error, in colour only
on a terminal, without discord.py's warnings about voice (Tabula has none); or, with
TABULA_LOG_FORMAT=json, one JSON object a line for log collectors (`JsonLines`)."""

from __future__ import annotations

import json
import logging
import os
import sys
from datetime import UTC, datetime
from typing import TextIO

import discord.utils

from bot.logcontext import known

# discord.py's own plain format (discord.utils.setup_logging without colour).
PLAIN = logging.Formatter("[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S",
                          style="{")


class _NoVoice(logging.Filter):
    """discord.Client() warns "PyNaCl is not installed, voice will NOT be supported" and the
    same of davey: Tabula never joins a voice channel, so these say nothing to its operator."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


NO_VOICE = _NoVoice()


def colour(stream: TextIO) -> bool:
    """Colours for a terminal only: discord.py also colours any stream inside a container (its
    is_docker()), so `scripts/run > log` in Docker wrote escape codes into the file."""
    return stream.isatty() and "NO_COLOR" not in os.environ


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, the game, guild and shard
    when known (given as `extra=`, else bot/logcontext.py), message, and exc (the traceback)
    when there is one. A message's own line breaks stay inside its string."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name,
        }
        line.update(known())
        for key in ("game", "guild", "shard"):  # what the call itself says wins
            if isinstance(given := record.__dict__.get(key), int):
                line[key] = given
        line["message"] = record.getMessage()
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exc"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def setup_logging(stream: TextIO | None = None, *, json_lines: bool = False) -> logging.Handler:
    """The root logger at INFO through one handler on `stream` (standard error by default);
    `json_lines`: one JSON object a line (TABULA_LOG_FORMAT=json), else readable text."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    if json_lines:
        discord.utils.setup_logging(handler=handler, formatter=JsonLines())
    elif colour(handler.stream):
        discord.utils.setup_logging(handler=handler)  # discord.py's colour formatter
    else:
        discord.utils.setup_logging(handler=handler, formatter=PLAIN)
    logging.getLogger("discord.client").addFilter(NO_VOICE)  # added once, however many calls
    return handler
