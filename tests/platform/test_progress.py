"""Long commands show how far they are on a terminal (issue 26): a bar on stderr when stderr is
a terminal, nothing when it is a pipe or a file, and their stdout the same either way (scripts
and tests read it). Each command runs in a child process, once with stderr on a pseudo-terminal
(the `pty` module) and once on a pipe."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest

from bot.bench.scale import bench_scale

ROOT = Path(__file__).resolve().parents[2]
BAR = re.compile(r"\d+/\d+ \[|\d+%\|")  # what tqdm draws: "3/3 [00:01<...]", " 40%|████"


def tabula(args: list[str], cwd: Path, *, tty: bool) -> tuple[str, str, int]:
    """`tabula ARGS` in a child process: its stdout (a pipe), its stderr (a pseudo-terminal if
    `tty`, else a pipe) and its exit code."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "bot.cli", *args]
    if not tty:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=300)
        return done.stdout, done.stderr, done.returncode
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))  # 100 columns
    seen = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the child closed the terminal
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    child = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                             stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    out, _ = child.communicate(timeout=300)
    reader.join(timeout=10)
    os.close(leader)
    return out.decode(), seen.decode(errors="replace"), child.returncode


def _shape(text: str) -> str:
    """The text with its numbers blanked (timings differ from run to run), and with them the
    padding of the columns they fill (a time of 9.5 ms or 10.3 ms pads its column apart)."""
    return re.sub(r"[ \t]+", " ", re.sub(r"\d+(\.\d+)?", "N", text))


def _same_either_way(args: list[str], cwd: Path) -> tuple[str, str]:
    """Runs `args` on a pipe and on a terminal: stdout alike, a bar only on the terminal.
    Returns both stdouts."""
    piped, piped_err, code = tabula(args, cwd, tty=False)
    assert code == 0, piped_err
    assert piped_err == ""  # nothing at all on a pipe
    assert not BAR.search(piped)
    shown, shown_err, code = tabula(args, cwd, tty=True)
    assert code == 0, shown_err
    assert BAR.search(shown_err), shown_err
    assert not BAR.search(shown)
    assert _shape(shown) == _shape(piped)
    return piped, shown_err


def test_selfplay_shows_its_games_on_a_terminal_only(tmp_path: Path) -> None:
    out, bar = _same_either_way(
        ["selfplay", "duel", "--players", "2", "--games", "2", "--seed", "1"], tmp_path)
    assert re.fullmatch(r"(seed=\d+ actions=\d+ winners=\S+ scores=.*\n){2}summary: games=2 ok=2 "
                        r"errors=0 .*\n", out)
    assert "selfplay duel" in bar and "2/2" in bar


def test_arena_shows_its_games_on_a_terminal_only(tmp_path: Path) -> None:
    out, bar = _same_either_way(
        ["arena", "duel", "--players", "2", "--seats", "random,easy", "--games", "3",
         "--iterations", "5"], tmp_path)
    lines = out.splitlines()
    assert lines[0].startswith("duel, 2 players (base game): 3 games, seed 1")
    assert lines[-1].startswith("ARENA {")
    assert "arena duel random,easy" in bar and "3/3" in bar


def test_arena_in_processes_too(tmp_path: Path) -> None:
    _out, bar = _same_either_way(
        ["arena", "duel", "--players", "2", "--seats", "random,random", "--games", "3",
         "--jobs", "2"], tmp_path)
    assert "3/3" in bar


def test_db_copy_shows_its_tables_and_the_replay_check_on_a_terminal_only(
        tmp_path: Path) -> None:
    code = tabula(["selfplay", "duel", "--players", "2", "--games", "2", "--db", "src.sqlite3"],
                  tmp_path, tty=False)[2]
    assert code == 0
    piped, err, code = tabula(["db", "copy", "src.sqlite3", "piped.sqlite3"], tmp_path, tty=False)
    assert code == 0 and err == ""
    assert piped == ("copied src.sqlite3 -> piped.sqlite3: games 2, seats 4, actions "
                     f"{piped.split('actions ')[1].split(',')[0]}, messages 0, claims 0, users 0, "
                     "guild_settings 0, command_sync 0, ratings 4, rating_changes 4, rating_members 0\n"
                     "verified: the history of each of the 2 started games replays to its state\n")
    shown, bar, code = tabula(["db", "copy", "src.sqlite3", "shown.sqlite3"], tmp_path, tty=True)
    assert code == 0
    assert shown == piped.replace("piped.sqlite3", "shown.sqlite3")
    assert "replaying the games' histories" in bar and "2/2" in bar


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal (tqdm then draws; `disable=None`)."""

    def isatty(self) -> bool:
        return True


async def test_bench_games_shows_how_its_files_are_built_on_a_terminal_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outs = {}
    for name, err in (("piped", io.StringIO()), ("shown", _Terminal())):
        monkeypatch.setattr(sys, "stderr", err)
        out = io.StringIO()
        assert await bench_scale(30, db=str(tmp_path / f"{name}.sqlite3"), distinct=2,
                                 rounds=1, jobs=1, live=6, out=out) == 0
        outs[name] = (out.getvalue(), err.getvalue())
    (piped, nothing), (shown, bars) = outs["piped"], outs["shown"]
    assert nothing == ""
    assert not BAR.search(piped) and not BAR.search(shown)
    assert _shape(shown) == _shape(piped)
    for what in ("playing the histories", "storing the finished games", "timing"):
        assert what in bars
    assert "24/24" in bars  # the finished games stored, beyond the 6 live ones
