"""A real PostgreSQL server for the tests, started in a temporary directory with the server's own
tools (`initdb`, `pg_ctl`: Debian's postgresql package, installed by scripts/setup).

The server runs as the current user, or as `postgres` when we are root (initdb refuses root: CI
runs as root), listens on 127.0.0.1 on a free port with `trust` authentication, and is stopped
and deleted at the end. Each test gets its own database, cloned from a template migrated once.

Also a command, for benchmarks by hand: `python -m tests.pg` starts a server, prints its URL
and keeps it running until Ctrl+C.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path


class NoServer(RuntimeError):
    """PostgreSQL's server programs are not installed here (or would not start)."""


def bindir() -> Path:
    """Where initdb and pg_ctl are: $TABULA_PG_BIN, Debian's /usr/lib/postgresql/<newest>/bin,
    or the PATH."""
    chosen = os.environ.get("TABULA_PG_BIN")
    if chosen:
        return Path(chosen)
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                    key=lambda p: int(Path(p).parent.parent.name))
    if debian:
        return Path(debian[-1]).parent
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    raise NoServer("PostgreSQL's initdb was not found: run scripts/setup (it installs Debian's "
                   "postgresql package) or set TABULA_PG_BIN to the directory of initdb")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One throw-away server: `start()`, then `url(db)`; `stop()` removes everything."""

    def __init__(self) -> None:
        self.bin = bindir()
        self.dir = Path(tempfile.mkdtemp(prefix="tabula-pg-"))
        self.port = _free_port()
        self.runas: str | None = "postgres" if os.geteuid() == 0 else None
        self.started = False

    def _run(self, *args: str, timeout: float = 60) -> None:
        command = list(args)
        if self.runas is not None:
            command = ["runuser", "-u", self.runas, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              cwd=self.dir)
        if done.returncode != 0:
            raise NoServer(f"{' '.join(args[:2])} failed ({done.returncode}): "
                           f"{done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> PgServer:
        _sweep()
        (self.dir / "owner").write_text(str(os.getpid()))
        if self.runas is not None:
            try:
                owner = pwd.getpwnam(self.runas)
            except KeyError as exc:
                raise NoServer("running as root needs a `postgres` user to run the server "
                               "(Debian's postgresql package creates it)") from exc
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)
        data = self.dir / "data"
        self._run(str(self.bin / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        self.resume()
        return self

    def resume(self) -> None:
        """Start the server (again, after `pause`) on its data directory and port."""
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200 -c shared_buffers=32MB")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-o", options, "-l",
                  str(self.dir / "log"), "-w", "-t", "60", "start")
        self.started = True

    def pause(self) -> None:
        """Stop the server as an operator would (its connections cut), keeping its data:
        `resume` starts it again (tests of the bot riding out an outage)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast",
                  "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return (self.dir / "log").read_text(errors="replace")
        return ""

    def stop(self) -> None:
        if self.started:
            with contextlib.suppress(NoServer, subprocess.TimeoutExpired):
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-m",
                          "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.dir, ignore_errors=True)


def _sweep() -> None:
    """Stop and remove the servers of test processes that died without stopping theirs (a
    worker killed mid-run): each server's directory names its owner's pid."""
    for owner in Path(tempfile.gettempdir()).glob("tabula-pg-*/owner"):
        with contextlib.suppress(OSError, ValueError):
            pid = int(owner.read_text())
            try:
                os.kill(pid, 0)
                continue  # alive: its server is in use
            except ProcessLookupError:
                pass
            stale = PgServer.__new__(PgServer)
            stale.bin, stale.dir, stale.started = bindir(), owner.parent, True
            stale.runas = "postgres" if os.geteuid() == 0 else None
            stale.stop()


def main() -> None:
    """Start a server, print its URL, serve until Ctrl+C (or SIGTERM), then remove it."""
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    server = PgServer().start()
    print(server.url(), flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


if __name__ == "__main__":
    main()
