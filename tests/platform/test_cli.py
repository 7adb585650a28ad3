"""The `tabula` command line: clear failures, and the console and selfplay on a real file."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from bot import config
from bot.cli import main


def test_run_without_a_token_says_what_to_do(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in proc.stderr and "README" in proc.stderr


def test_config_reads_env_and_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("# comment\nDISCORD_TOKEN='abc'\nexport TABULA_DEV_GUILD=123\n")
    cfg = config.load({}, dotenv)
    assert cfg == config.Config("abc", config.DEFAULT_DB, 123)
    cfg = config.load({"DISCORD_TOKEN": "env", "TABULA_DB": "/x.db"}, dotenv)
    assert cfg.token == "env" and cfg.db_path == "/x.db"
    dotenv.write_text("TABULA_DEV_GUILD=abc\n")
    try:
        config.load({}, dotenv)
    except ValueError as exc:
        assert "TABULA_DEV_GUILD" in str(exc)
    else:
        raise AssertionError("a bad guild id must be refused")


def test_unknown_game_is_a_clear_error(capsys, tmp_path: Path) -> None:
    code = main(["play", "chess", "--players", "2", "--db", str(tmp_path / "x.sqlite3")])
    assert code == 2
    assert "chess" in capsys.readouterr().err


async def test_console_plays_the_toy_game(toy_game: str, tmp_path: Path) -> None:
    from bot.console import play
    from tests.platform.toy import ToyRenderer

    script = io.StringIO(
        "help\n"
        "alice: /move\n"
        "zed: /move take 1\n"
        "alice: /move take 9\n"
        "alice: /move peek\n"
        "alice: /game status\n"
        "alice: /game log\n"
        "quit\n"
    )
    out = io.StringIO()
    code = await play("toy", 2, [], str(tmp_path / "c.sqlite3"), None, "en", 5, script, out, ToyRenderer())
    text = out.getvalue()
    assert code == 0
    assert "The game begins." in text
    assert "? type `<name>: <command>`" in text  # zed is not a player
    assert "is not something you can do now" in text or "not your turn" in text.lower()


async def test_selfplay_reports_each_game_and_a_summary(toy_game: str, tmp_path: Path) -> None:
    from bot.selfplay import selfplay

    out = io.StringIO()
    code = await selfplay("toy", 3, 5, 10, ["big"], str(tmp_path / "s.sqlite3"), out)
    lines = out.getvalue().splitlines()
    assert code == 0
    assert len([line for line in lines if line.startswith("seed=")]) == 5
    assert lines[-1].startswith("summary: games=5 ok=5 errors=0")
