"""Walks over the code's imports, for the tests that keep its shape (tests/duel/test_shape.py,
tests/render/test_shape.py): which modules a file imports, and which private names of other
modules it reaches."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package(path: Path) -> str:
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def absolute(path: Path, node: ast.ImportFrom) -> str:
    """The module an `from X import ...` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = package(path).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def imports(path: Path) -> list[str]:
    """Every module a file imports (for `from pkg import name`, `pkg.name` when it is a module)."""
    tree = ast.parse(path.read_text("utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = absolute(path, node)
            found.append(module)
            found += [f"{module}.{a.name}" for a in node.names if is_module(f"{module}.{a.name}")]
    return found


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def ours(module: str) -> bool:
    """A module of this repository (bot, engine, render, data, tests), not of Python or a
    dependency: their underscore names that are public by their documentation (os._exit,
    sys._getframe) are not another module's of ours."""
    top = module.split(".")[0]
    return bool(top) and ((ROOT / top / "__init__.py").is_file() or (ROOT / f"{top}.py").is_file())


def underscore_imports(path: Path, text: str | None = None) -> list[str]:
    """`from M import _x`, and `m._x` where `m` names an imported module (another module's
    private name), M and m modules of this repository."""
    tree = ast.parse(path.read_text("utf-8") if text is None else text)
    modules: set[str] = set()
    bad: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if ours(a.name):
                    modules.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            module = absolute(path, node)
            if not ours(module):
                continue
            for a in node.names:
                if private(a.name):
                    bad.append(f"from {module} import {a.name}")
                elif is_module(f"{module}.{a.name}"):
                    modules.add(a.asname or a.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in modules):
            bad.append(f"{node.value.id}.{node.attr}")
    return bad
