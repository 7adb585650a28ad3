"""The shape of engine/duel (issue 18): the base game stands alone and imports no expansion; each
expansion plugs in through the extension points of engine/duel/expansion.py, using only the
base game's public names; no module of engine/ imports another module's underscore name."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

from engine.duel import expansion
from engine.duel.expansion import Expansion

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
DUEL = ENGINE / "duel"
EXPANSION_PACKAGES = ("agora", "leaders")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package(path: Path) -> str:
    name = _module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    """The module an `from X import ...` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = _package(path).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _imports(path: Path) -> list[str]:
    """Every module a file imports (for `from pkg import name`, `pkg.name` when it is a module)."""
    tree = ast.parse(path.read_text("utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(path, node)
            found.append(module)
            found += [f"{module}.{a.name}" for a in node.names if _is_module(f"{module}.{a.name}")]
    return found


def _base_files() -> list[Path]:
    return [p for p in DUEL.rglob("*.py")
            if p.relative_to(DUEL).parts[0] not in EXPANSION_PACKAGES]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _underscore_imports(path: Path, text: str | None = None) -> list[str]:
    """`from M import _x`, and `m._x` where `m` names an imported module (another module's
    private name)."""
    tree = ast.parse(path.read_text("utf-8") if text is None else text)
    modules: set[str] = set()
    bad: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                modules.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(path, node)
            for a in node.names:
                if _private(a.name):
                    bad.append(f"from {module} import {a.name}")
                elif _is_module(f"{module}.{a.name}"):
                    modules.add(a.asname or a.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in modules):
            bad.append(f"{node.value.id}.{node.attr}")
    return bad


def test_the_base_game_imports_no_expansion() -> None:
    files = _base_files()
    assert {p.name for p in files} >= {"game.py", "city.py", "moves.py", "payment.py",
                                       "scoring.py", "view.py", "expansion.py"}
    for path in files:
        for module in _imports(path):
            for pkg in EXPANSION_PACKAGES:
                assert not module.startswith(f"engine.duel.{pkg}"), (
                    f"{path.relative_to(ROOT)} imports {module}")


def test_no_module_of_the_engine_imports_another_modules_underscore_name() -> None:
    bad = {str(p.relative_to(ROOT)): found for p in ENGINE.rglob("*.py")
           if (found := _underscore_imports(p))}
    assert bad == {}


def test_the_checks_see_what_they_look_for() -> None:
    """The walks above would catch the old shape (they are not vacuous)."""
    fake = DUEL / "game.py"
    old = ("from . import agora, leaders\nfrom .agora_decrees import reduction\n"
           "from engine.duel.leaders import rules\nfrom engine.duel.agora.plots import _x\n"
           "from . import city\nx = city._private\n")
    tree = ast.parse(old)
    relative = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert _absolute(fake, relative[0]) == "engine.duel"
    assert "engine.duel.agora" in [f"engine.duel.{a.name}" for a in relative[0].names]
    assert _absolute(fake, relative[2]) == "engine.duel.leaders"
    found = _underscore_imports(fake, old)
    assert "from engine.duel.agora.plots import _x" in found and "city._private" in found


def test_every_expansion_is_an_expansion_with_its_option_and_state_key() -> None:
    exts = expansion.registered()
    assert [e.key for e in exts] == ["leaders", "agora"]  # the order of their setups
    for ext in exts:
        assert isinstance(ext, Expansion) and ext.option.name == ext.key
        overridden = {k for k in vars(type(ext)) if not k.startswith("_")} - {"option"}
        assert overridden <= set(vars(Expansion)), overridden - set(vars(Expansion))


BASE_ALONE = """
import sys
import engine.duel.expansion as ext
ext.EXPANSIONS = ()  # the base game with no expansion at all
from tests.duel.replays import load, replay
from engine.duel import Duel
assert Duel().options == ()
games = [g for g in load() if g["config"] == "base"]
for g in games:
    digest, final = replay(g)
    assert (digest, final) == (g["digest"], g["final"]), g["seed"]
loaded = sorted(m for m in sys.modules if m.startswith(("engine.duel.agora", "engine.duel.leaders")))
assert loaded == [], loaded
print(len(games))
"""


def test_the_base_game_plays_alone_with_no_expansion_installed() -> None:
    """In a fresh process with no expansion registered, recorded base games replay the same,
    and no module of an expansion is ever imported."""
    run = subprocess.run([sys.executable, "-c", BASE_ALONE], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) >= 4
