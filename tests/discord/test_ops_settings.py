"""The operator's settings of `tabula run` (bot/config.py: TABULA_WEB_*, TABULA_METRICS_TOKEN,
TABULA_LOG_FORMAT) and the JSON log lines (bot/discord/logs.py, bot/logcontext.py)."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import pytest

from bot import config
from bot.cli import main
from bot.discord.logs import JsonLines, setup_logging
from bot.logcontext import GAME, GUILD, SHARD, about
from bot.service import Service
from bot.store import open_store
from bot.web.ops import _loopback


def test_the_web_server_settings(tmp_path: Path) -> None:
    assert config.load_web({}, None) == config.Web("127.0.0.1", 8080, None)
    assert config.load_web({"TABULA_WEB_PORT": "off"}, None) is None
    assert config.load_web({"TABULA_WEB_PORT": " OFF "}, None) is None
    chosen = {"TABULA_WEB_PORT": "0", "TABULA_WEB_HOST": "0.0.0.0", "TABULA_METRICS_TOKEN": "t"}
    assert config.load_web(chosen, None) == config.Web("0.0.0.0", 0, "t")
    dotenv = tmp_path / ".env"
    dotenv.write_text("TABULA_WEB_PORT=9100  # the operator's port\n")
    assert config.load_web({}, dotenv) == config.Web("127.0.0.1", 9100, None)
    for wrong in ("http", "-1", "65536", "８０８０"):
        with pytest.raises(ValueError, match="TABULA_WEB_PORT"):
            config.load_web({"TABULA_WEB_PORT": wrong}, None)


def test_the_log_format_setting() -> None:
    assert config.load_log_format({}, None) == "text"
    assert config.load_log_format({"TABULA_LOG_FORMAT": "JSON"}, None) == "json"
    with pytest.raises(ValueError, match="text or json"):
        config.load_log_format({"TABULA_LOG_FORMAT": "yaml"}, None)


@pytest.mark.parametrize("variable, value", [("TABULA_WEB_PORT", "eighty"),
                                             ("TABULA_LOG_FORMAT", "xml")])
def test_tabula_run_refuses_a_wrong_setting_before_connecting(
        variable: str, value: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv(variable, value)
    assert main(["run", "--db", str(tmp_path / "t.sqlite3")]) == 2
    assert variable in capsys.readouterr().err
    assert not (tmp_path / "t.sqlite3").exists()


def test_only_this_machine_is_loopback() -> None:
    assert _loopback("127.0.0.1") and _loopback("::1") and _loopback("127.8.0.1")
    assert not _loopback("10.0.0.7") and not _loopback("192.168.1.2")
    assert not _loopback(None) and not _loopback("") and not _loopback("unix")


def lines_of(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


async def test_json_lines_say_the_game_guild_and_shard_when_known(tmp_path: Path) -> None:
    stream = io.StringIO()
    handler = setup_logging(stream, json_lines=True)
    log = logging.getLogger("tabula.test")
    store = await open_store(tmp_path / "t.sqlite3")
    try:
        log.info("nothing known here")
        with about(GUILD, 41), about(SHARD, 2):
            async with Service(store).lock(17):  # every change of a game is made under it
                log.warning("a move of %s", "Alice")
        try:
            raise ValueError("a bug\non two lines")
        except ValueError:
            log.exception("it failed", extra={"game": 5})
    finally:
        await store.close()
        logging.getLogger().removeHandler(handler)
    plain, move, failed = lines_of(stream)
    assert set(plain) == {"time", "level", "logger", "message"}
    assert plain["logger"] == "tabula.test" and plain["level"] == "INFO"
    assert move == {**move, "level": "WARNING", "game": 17, "guild": 41, "shard": 2,
                    "message": "a move of Alice"}
    assert failed["game"] == 5 and "guild" not in failed
    assert "Traceback" in str(failed["exc"]) and "ValueError: a bug\non two lines" in str(
        failed["exc"])
    assert GAME.get() is None and GUILD.get() is None  # each block put them back


def test_a_json_line_is_one_line() -> None:
    record = logging.LogRecord("discord.gateway", logging.INFO, __file__, 1,
                               "é\n%s", ("«x»",), None)
    text = JsonLines().format(record)
    assert "\n" not in text
    parsed = json.loads(text)
    assert parsed["message"] == "é\n«x»" and parsed["time"].endswith("+00:00")
