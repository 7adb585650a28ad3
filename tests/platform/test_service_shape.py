"""The shape of bot/service/ (issue 18): one Service combined from a mixin per concern; what two
modules share is a public name, so no module of the service imports another's underscore name,
and none uses a `self._name` that another module defines."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bot.service
from bot.service import Service, ServiceBase

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "bot" / "service"


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def underscore_imports(text: str) -> list[str]:
    """`from M import _x`, and `m._x` where `m` was imported (another module's private name)."""
    tree = ast.parse(text)
    modules: set[str] = set()
    bad: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            bad += [f"from {node.module} import {a.name}" for a in node.names if private(a.name)]
            modules |= {a.asname or a.name for a in node.names}
    bad += [f"{node.value.id}.{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and private(node.attr)
            and isinstance(node.value, ast.Name) and node.value.id in modules]
    return bad


def foreign_self_names(text: str) -> set[str]:
    """The `self._name`s a module uses but neither defines as a method nor assigns."""
    used = set(re.findall(r"self\.(_\w+)", text))
    defined = set(re.findall(r"def (_\w+)\(", text)) | set(re.findall(r"self\.(_\w+)\s*[:=]", text))
    return {n for n in used - defined if private(n)}


def test_no_module_of_the_service_imports_another_modules_underscore_name() -> None:
    bad = {str(p.relative_to(ROOT)): found for p in SERVICE.rglob("*.py")
           if (found := underscore_imports(p.read_text("utf-8")))}
    assert bad == {}


def test_each_concern_uses_only_its_own_private_names() -> None:
    files = {p.name: p.read_text("utf-8") for p in SERVICE.glob("*.py")}
    assert {"base.py", "lobby.py", "bots.py", "play.py", "looking.py", "days.py", "records.py",
            "posts.py"} <= set(files)
    assert {name: found for name, text in files.items()
            if (found := foreign_self_names(text))} == {}


def test_the_checks_see_what_they_look_for() -> None:
    old = "from bot.service.base import _info\nfrom bot import clock\nx = clock._private\n"
    assert underscore_imports(old) == ["from bot.service.base import _info", "clock._private"]
    mixin = "class M:\n    def _own(self): return self._lock(1) or self._own()\n"
    assert foreign_self_names(mixin) == {"_lock"}


def test_one_service_over_every_concern() -> None:
    concerns = [c.__module__ for c in Service.__mro__ if issubclass(c, ServiceBase)]
    assert set(concerns) == {f"bot.service.{m}" for m in
                             ("base", "lobby", "bots", "play", "looking", "days", "records", "posts",
                              "cards", "hints")} | {
                             "bot.service"}
    assert all(hasattr(bot.service, name) for name in bot.service.__all__)
