"""The `tabula` command line: clear failures, and the console and selfplay on a real file."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import config
from bot.bench.playouts import MATRIX
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
    from bot.tools.console import play
    from tests.platform.toy import ToyRenderer

    script = io.StringIO(
        "help\n"
        "alice: /move\n"
        "zed: /move take 1\n"
        "alice: /move take 9\n"
        "alice: /move peek\n"
        "alice: /game undo\n"
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
    # a peek shows a secret: it cannot be undone (or alice had no move of hers to take back)
    assert "cannot be taken back" in text or "nothing of yours to take back" in text


async def test_selfplay_reports_each_game_and_a_summary(toy_game: str, tmp_path: Path) -> None:
    from bot.tools.selfplay import selfplay

    out = io.StringIO()
    code = await selfplay("toy", 3, 5, 10, ["big"], str(tmp_path / "s.sqlite3"), out)
    lines = out.getvalue().splitlines()
    assert code == 0
    assert len([line for line in lines if line.startswith("seed=")]) == 5
    assert lines[-1].startswith("summary: games=5 ok=5 errors=0")


def _tabula(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args], input=stdin, cwd=cwd,
        capture_output=True, text=True, timeout=300,
    )


def test_selfplay_command_plays_res_publica_and_checks_replay(tmp_path: Path) -> None:
    db = tmp_path / "self.sqlite3"
    proc = _tabula("selfplay", "res-publica", "--players", "4", "--games", "2", "--seed", "8",
                   "--option", "classic", "--db", str(db))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["seed=8", "seed=9"]
    assert all("actions=" in line and "winners=" in line for line in lines[:2])
    assert lines[-1].startswith("summary: games=2 ok=2 errors=0")
    assert db.exists()  # --db keeps the games
    # Issue 15: `winners=p4 scores=48 38 48 35 19` named winners by joining order and listed
    # scores by seat. Every score is labelled by its player, as stored, and the winner's is top.
    with sqlite3.connect(db) as conn:
        stored = [
            (json.loads(outcome), [name for (name,) in conn.execute(
                "SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (gid,))])
            for gid, outcome in conn.execute("SELECT id, outcome FROM games ORDER BY id")
        ]
    for line, (outcome, names) in zip(lines[:2], stored, strict=True):
        fields = dict(word.split("=", 1) for word in line.split(" (")[0].split() if "=" in word)
        labelled = line.split("scores=")[1].split(" (")[0].split()
        scores = {name: int(score) for name, score in (pair.split(":") for pair in labelled)}
        assert [name for name, _ in (pair.split(":") for pair in labelled)] == names
        assert list(scores.values()) == outcome["scores"]
        winners = fields["winners"].split(",")
        assert winners == [names[seat] for seat in outcome["winners"]]
        assert all(scores[w] == max(scores.values()) for w in winners)


def test_bench_command_prints_its_figures() -> None:
    proc = _tabula("bench", "res-publica", "--players", "3", "--actions", "15")
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.splitlines()[-1]
    assert last.startswith("p50_ms=") and " p99_ms=" in last and " png_kb=" in last
    assert "(goal <= 50)" in last and "(goal <= 200)" in last


def test_bench_playouts_prints_playouts_per_second_beside_the_goal() -> None:
    proc = _tabula("bench", "duel", "--players", "2", "--option", "agora", "--option", "leaders",
                   "--actions", "0", "--playouts", "2")
    assert proc.returncode == 0, proc.stderr
    line = proc.stdout.strip()
    assert line.startswith("duel players=2 options=agora+leaders playouts=2 "), line
    fields = dict(word.split("=") for word in line.split()[1:])
    assert float(fields["playouts_per_s"]) > 0 and fields["goal"] == "200"
    assert int(fields["actions_per_playout"]) > 50


def test_play_console_runs_res_publica_with_images(tmp_path: Path) -> None:
    script = "\n".join([
        "alice: /move",
        "carol: /game hand",
        "bob: /move seek 1 huns",
        "alice: /game board",
        "alice: /game log",
        "quit",
    ])
    out = tmp_path / "imgs"
    proc = _tabula("play", "res-publica", "--players", "3", "--seed", "11", "--lang", "fr",
                   "--out", str(out), "--db", str(tmp_path / "p.sqlite3"), stdin=script)
    assert proc.returncode == 0, proc.stderr
    assert "La partie commence." in proc.stdout
    pngs = sorted(out.glob("*.png"))
    assert any(p.name.startswith("turn-") for p in pngs)
    assert any(p.name.startswith("hand-") and "carol" in p.name for p in pngs)
    assert all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in pngs)


def test_dotenv_inline_comments_quotes_and_export_read_as_a_shell_would(tmp_path: Path) -> None:
    """Issue 15: `DISCORD_TOKEN=abc  # my bot` read as `abc  # my bot` (a token Discord refuses)."""
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "DISCORD_TOKEN=abc  # my bot\n"
        "TABULA_DB='/data/games.sqlite3'   # quoted, then a comment\n"
        "export TABULA_DEV_GUILD=123 # the test server\n"
        "# a whole-line comment\n"
    )
    assert config.load({}, dotenv) == config.Config("abc", "/data/games.sqlite3", 123)
    dotenv.write_text('DISCORD_TOKEN="a#b"\n')  # a # inside quotes is part of the value
    assert config.load({}, dotenv).token == "a#b"


def test_dev_guild_in_other_digits_is_refused_clearly(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("TABULA_DEV_GUILD=12\u00b3\n")  # "12³": str.isdigit says yes, int says no
    try:
        config.load({}, dotenv)
    except ValueError as exc:
        assert "TABULA_DEV_GUILD must be a guild id" in str(exc)
    else:
        raise AssertionError("a guild id in superscript digits must be refused")


def test_bench_concurrent_prints_the_ratio_and_the_loop_lag_beside_their_goals() -> None:
    proc = _tabula("bench", "duel", "--players", "2", "--actions", "0", "--concurrent", "4",
                   "--rounds", "2")
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.splitlines()[-1]
    fields = dict(w.split("=", 1) for w in last.replace("(", " ").replace(")", " ").split()
                  if "=" in w)
    assert 0 < float(fields["concurrent_ratio"]) < 10
    assert float(fields["loop_lag_p99_ms"]) >= 0
    assert "(goal <= 0.6)" in last and "(goal <= 20," in last
    assert "channels=4 rounds=2" in proc.stdout


def test_benchmarks_prints_the_load_then_every_game_and_option_set() -> None:
    # Issue 28's command: the load first, since the figures are CPU-bound on a shared machine.
    proc = subprocess.run([sys.executable, "-m", "bot.benchmarks", "--playouts", "1"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    first, *lines = proc.stdout.splitlines()
    assert first.startswith("load_average=") and " cpus=" in first, first
    assert [line.split()[0] for line in lines] == [key for key, _, _ in MATRIX]
    assert all(float(dict(w.split("=") for w in line.split()[1:])["playouts_per_s"]) > 0
               for line in lines)


def test_bench_search_prints_hard_iterations_in_the_time_cap() -> None:
    # What an arena's iteration budget stands in for: hard's iterations in Discord's time cap.
    proc = subprocess.run([sys.executable, "-m", "bot.bench.search", "--seconds", "0.05",
                           "--positions", "2", "--only", "heros"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    first, *lines = proc.stdout.splitlines()
    assert first.startswith("load_average=") and " cpus=" in first, first
    assert [line.split()[:2] for line in lines] == [["heros", "players=2"], ["heros", "players=5"]]
    for line in lines:
        fields = dict(w.split("=") for w in line.split()[1:])
        assert fields["positions"] == "2" and fields["seconds"] == "0.05"
        assert 0 < int(fields["iterations_min"]) <= int(fields["iterations_max"])


def test_play_help_lists_the_games_with_their_players_and_options(capsys) -> None:
    """Issue 44: `tabula play --help` named no game."""
    from engine.registry import get, keys

    with pytest.raises(SystemExit) as done:
        main(["play", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for key in keys():
        game = get(key)
        line = next(line for line in out.splitlines() if line.strip().startswith(key + " "))
        assert f"{game.min_players}" in line and f"{game.max_players} players" in line, line
        assert all(o.name in line for o in game.options), line
    assert "leaders=all|points|abilities, agora" in out and "--option hints" in out


def test_an_unknown_option_names_the_valid_ones(capsys, tmp_path: Path) -> None:
    """Issue 44: `--option agoraa` was refused without saying which options there are."""
    db = str(tmp_path / "o.sqlite3")
    assert main(["play", "duel", "--players", "2", "--option", "agoraa", "--db", db]) == 2
    err = capsys.readouterr().err
    assert "“agoraa”" in err and "its options: leaders=all|points|abilities, agora." in err
    assert main(["play", "heros", "--players", "2", "--option", "agora", "--db", db,
                 "--lang", "fr"]) == 2
    assert "heros n'a pas d'options" in capsys.readouterr().err
