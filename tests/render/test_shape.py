"""The shape of render/ (issue 18): one package per game, named like the engine's
(render/<module>/, as engine/<module>/), exposing the renderer contract and its sample moments;
the shared modules at the top; no module of render/ imports another module's underscore name;
Duel's base pictures import no expansion, which plug in through render/duel/extension.py."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module
from pathlib import Path

from engine import registry
from render import renderer
from tests.shape import ROOT, imports, underscore_imports

RENDER = ROOT / "render"


def test_render_holds_the_shared_modules_and_one_package_per_game() -> None:
    assert {p.name for p in RENDER.glob("*.py")} == {"__init__.py", "animate.py", "card.py",
                                                     "chart.py", "common.py", "samples.py"}
    modules = {registry.get(key).module for key in registry.keys()}  # noqa: SIM118
    packages = {p.parent.name for p in RENDER.glob("*/__init__.py")}
    assert packages == modules
    for module in modules:
        assert (ROOT / "engine" / module).is_dir(), module


def test_each_package_exposes_the_contract_and_its_samples() -> None:
    for key in registry.keys():  # noqa: SIM118
        module = registry.get(key).module
        found = renderer(key)
        assert found.__name__ == f"render.{module}" and hasattr(found, "__path__")
        for name in ("board", "hand", "turn", "clear_caches"):
            assert callable(getattr(found, name)), (module, name)
        samples = import_module(f"render.{module}.samples")
        assert hasattr(samples, "SAMPLES") or callable(samples.samples), module


def test_no_module_of_render_imports_another_modules_underscore_name() -> None:
    bad = {str(p.relative_to(ROOT)): found for p in RENDER.rglob("*.py")
           if (found := underscore_imports(p))}
    assert bad == {}


def test_the_check_sees_what_it_looks_for() -> None:
    old = ("from render.samples import Sample, _never\nfrom render.duel import parts\n"
           "x = parts._private\n")
    found = underscore_imports(RENDER / "duel" / "samples.py", old)
    assert found == ["from render.samples import _never", "parts._private"]


DUEL = RENDER / "duel"
EXPANSION_PACKAGES = ("agora", "leaders")


def test_the_duel_base_pictures_import_no_expansion() -> None:
    """render/duel/ mirrors engine/duel/: the base pictures call the expansions through the
    extension points of render/duel/extension.py, and never import them."""
    base = [p for p in DUEL.rglob("*.py") if p.relative_to(DUEL).parts[0] not in
            EXPANSION_PACKAGES]
    assert {p.name for p in base} >= {"board.py", "turn.py", "hand.py", "parts.py",
                                      "extension.py"}
    for path in base:
        for module in imports(path):
            for pkg in EXPANSION_PACKAGES:
                assert not module.startswith(f"render.duel.{pkg}"), (
                    f"{path.relative_to(ROOT)} imports {module}")


def test_every_expansion_of_the_pictures_is_an_extension_of_an_engine_expansion() -> None:
    from engine.duel import expansion
    from render.duel import extension
    from render.duel.extension import Extension

    found = extension.registered()
    assert [e.key for e in found] == [e.key for e in expansion.registered()]  # the same order
    for ext in found:
        assert isinstance(ext, Extension)
        overridden = {k for k in vars(type(ext)) if not k.startswith("_")}
        assert overridden <= set(vars(Extension)), overridden - set(vars(Extension))


BASE_ALONE = """
import sys
from pathlib import Path
import render.duel.extension as ext
ext.EXTENSIONS = ()  # the base pictures with no expansion at all
from render.samples import game_samples, write_game_samples
from render.duel.samples import NAMES as DUEL_NAMES
base = [s for s in game_samples("duel") if not s.options]
written = write_game_samples("duel", base, Path(sys.argv[1]), DUEL_NAMES)
loaded = sorted(m for m in sys.modules
                if m.startswith(("render.duel.agora", "render.duel.leaders")))
assert loaded == [], loaded
print(len(written))
"""


def test_the_duel_base_pictures_draw_alone_with_no_expansion_installed(tmp_path: Path) -> None:
    """In a fresh process with no expansion's pictures registered, the base game's sample
    moments draw the very pictures committed under docs/samples/, and no module of an
    expansion's pictures is ever imported."""
    run = subprocess.run([sys.executable, "-c", BASE_ALONE, str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    written = sorted(tmp_path.glob("*.png"))
    assert len(written) == int(run.stdout) >= 20
    for path in written:
        assert path.read_bytes() == (ROOT / "docs" / "samples" / path.name).read_bytes(), path.name
