"""The shape of engine/duel (issue 18): the base game stands alone and imports no expansion; each
expansion plugs in through the extension points of engine/duel/expansion.py, using only the
base game's public names; no module of engine/ imports another module's underscore name."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from engine.duel import expansion
from engine.duel.expansion import Expansion
from tests.shape import ROOT, absolute, imports, underscore_imports

ENGINE = ROOT / "engine"
DUEL = ENGINE / "duel"
EXPANSION_PACKAGES = ("agora", "leaders")


def _base_files() -> list[Path]:
    return [p for p in DUEL.rglob("*.py")
            if p.relative_to(DUEL).parts[0] not in EXPANSION_PACKAGES]


def test_the_base_game_imports_no_expansion() -> None:
    files = _base_files()
    assert {p.name for p in files} >= {"game.py", "city.py", "moves.py", "payment.py",
                                       "scoring.py", "view.py", "expansion.py"}
    for path in files:
        for module in imports(path):
            for pkg in EXPANSION_PACKAGES:
                assert not module.startswith(f"engine.duel.{pkg}"), (
                    f"{path.relative_to(ROOT)} imports {module}")


def test_no_module_of_the_engine_imports_another_modules_underscore_name() -> None:
    bad = {str(p.relative_to(ROOT)): found for p in ENGINE.rglob("*.py")
           if (found := underscore_imports(p))}
    assert bad == {}


def test_the_checks_see_what_they_look_for() -> None:
    """The walks above would catch the old shape (they are not vacuous)."""
    fake = DUEL / "game.py"
    old = ("from . import agora, leaders\nfrom .agora_decrees import reduction\n"
           "from engine.duel.leaders import rules\nfrom engine.duel.agora.plots import _x\n"
           "from . import city\nx = city._private\n")
    tree = ast.parse(old)
    relative = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert absolute(fake, relative[0]) == "engine.duel"
    assert "engine.duel.agora" in [f"engine.duel.{a.name}" for a in relative[0].names]
    assert absolute(fake, relative[2]) == "engine.duel.leaders"
    found = underscore_imports(fake, old)
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
