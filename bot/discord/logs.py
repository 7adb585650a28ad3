"""How `tabula run` and `tabula sync` log: discord.py's format on standard error, in colour only
on a terminal, without discord.py's warnings about voice (Tabula has none)."""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

import discord.utils

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


def setup_logging(stream: TextIO | None = None) -> logging.Handler:
    """The root logger at INFO through one handler on `stream` (standard error by default)."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    if colour(handler.stream):
        discord.utils.setup_logging(handler=handler)  # discord.py's colour formatter
    else:
        discord.utils.setup_logging(handler=handler, formatter=PLAIN)
    logging.getLogger("discord.client").addFilter(NO_VOICE)  # added once, however many calls
    return handler
