"""No module of bot/, engine/ or render/ imports another module's underscore name (issue 18's
"done when"): what two modules share is a public name of one of them, so that reading a module
tells what others may rely on."""

from __future__ import annotations

from tests.shape import ROOT, underscore_imports


def test_no_module_imports_another_modules_private_name() -> None:
    bad = {str(path.relative_to(ROOT)): found
           for top in ("bot", "engine", "render", "data")
           for path in sorted((ROOT / top).rglob("*.py"))
           if (found := underscore_imports(path))}
    assert bad == {}
