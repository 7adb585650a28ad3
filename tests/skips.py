"""An unexpected skip fails the run (docs/development.md, Tests): pytest hooks that
tests/conftest.py takes in.

A test that skips, an empty parametrize (pytest reports it as a skip, "got empty parameter set"),
or a skip mark, fails the session unless its reason starts with one of ALLOWED (each one listed
in docs/development.md). With xdist the controller, which sees every worker's reports, decides."""

from __future__ import annotations

import pytest

ALLOWED: tuple[str, ...] = (
    # tests/conftest.py: outside CI, the PostgreSQL half of the `backends` tests needs a server
    # that the machine may not have (on CI, a server that cannot start fails instead).
    "no PostgreSQL server here",
)

_unexpected: list[tuple[str, str]] = []


def _reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not report.skipped or hasattr(report, "wasxfail"):
        return
    reason = _reason(report)
    if not reason.startswith(ALLOWED):
        _unexpected.append((report.nodeid, reason))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if hasattr(session.config, "workerinput") or not _unexpected:
        return  # an xdist worker: its reports reach the controller, which decides
    if exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _unexpected:
        return
    terminalreporter.section("unexpected skips (tests/skips.py)", red=True)
    for nodeid, reason in _unexpected:
        terminalreporter.line(f"{nodeid}: {reason}", red=True)
    terminalreporter.line("A skip fails the run unless its reason is in tests/skips.py ALLOWED "
                          "(and docs/development.md).", red=True)
