"""`tabula run`'s logging (bot/discord/logs.py; issue 44): into a pipe or a file, plain text
without discord.py's warnings that voice is not supported; on a terminal, discord.py's colours.
Each case runs in its own process, as the bot does, writing to a real pipe or terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# As in a container (discord.py colours every stream there) without PyNaCl or davey (whose
# absence discord.Client() reports): the two cases of the complaint, wherever the test runs.
LOG = """
import logging, discord, discord.utils
from discord.voice_client import VoiceClient
discord.utils.is_docker = lambda: True
VoiceClient.warn_nacl = VoiceClient.warn_dave = True
from bot.discord.logs import setup_logging
setup_logging()
discord.Client(intents=discord.Intents.default())
logging.getLogger("discord.client").warning("the gateway is slow")
"""


def run(stderr: int) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    return subprocess.run([sys.executable, "-c", LOG], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=stderr, env=env, timeout=60, check=True)


def test_into_a_pipe_the_log_is_plain_and_says_nothing_of_voice() -> None:
    err = run(subprocess.PIPE).stderr.decode()
    assert "discord.client: the gateway is slow" in err  # other warnings still shown
    assert "\x1b[" not in err
    assert "voice" not in err and "PyNaCl" not in err and "davey" not in err


def test_on_a_terminal_the_log_keeps_discord_py_colours() -> None:
    main, terminal = os.openpty()
    try:
        run(terminal)
        os.close(terminal)
        terminal = -1
        err = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            err += chunk
    finally:
        os.close(main)
        if terminal >= 0:
            os.close(terminal)
    text = err.decode()
    assert "the gateway is slow" in text and "\x1b[" in text
    assert "voice will NOT be supported" not in text
