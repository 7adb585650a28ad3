"""The shape of render/ (issue 18): one package per game, named like the engine's
(render/<module>/, as engine/<module>/), exposing the renderer contract and its sample moments;
the shared modules at the top; no module of render/ imports another module's underscore name."""

from __future__ import annotations

from importlib import import_module

from engine import registry
from render import renderer
from tests.shape import ROOT, underscore_imports

RENDER = ROOT / "render"


def test_render_holds_the_shared_modules_and_one_package_per_game() -> None:
    assert {p.name for p in RENDER.glob("*.py")} == {"__init__.py", "animate.py", "common.py",
                                                     "samples.py"}
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
