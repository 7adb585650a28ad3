"""A pytest plugin: at the end of a run, how many request bodies the stand-in checked against
Discord's OpenAPI description, route by route (tests/standin/schema.py), and how many it
refused. Under xdist each worker sends its counts to the controller, which prints the sum."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.standin import schema

KEY = "standin_schema"
_gathered: dict[str, Counter[str]] = {"checked": Counter(), "refused": Counter(),
                                      "seconds": Counter()}


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # an xdist worker: hand the counts to the controller
        output[KEY] = {"checked": dict(schema.COUNTS), "refused": dict(schema.REFUSED),
                       "seconds": dict(schema.SECONDS)}


def pytest_testnodedown(node: Any, error: Any) -> None:
    found = getattr(node, "workeroutput", {}).get(KEY) or {}
    for kind, counts in found.items():
        _gathered[kind].update(counts)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    checked = _gathered["checked"] + schema.COUNTS
    refused = _gathered["refused"] + schema.REFUSED
    seconds = sum((_gathered["seconds"] + schema.SECONDS).values())
    if not checked:
        return
    terminalreporter.section("request bodies checked against Discord's OpenAPI description")
    for route, count in sorted(checked.items()):
        terminalreporter.write_line(f"{count:7d}  {route}  ({refused[route]} refused)")
    terminalreporter.write_line(f"{sum(checked.values()):7d}  in all, {sum(refused.values())} "
                                "refused (the tests that send invalid bodies on purpose included), "
                                f"checked in {seconds:.1f} s of CPU")
