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


def test_the_check_tells_ours_from_pythons() -> None:
    """Another of our modules' underscore name is found, however imported; Python's names
    public by their documentation (os._exit, the immediate exit of a second stop signal) are
    not ours to judge."""
    text = ("import os\nimport sys\nfrom bot.discord import playing\nimport bot.store.rows as rows\n"
            "from engine.i18n import _x\nfrom os import _exit\n"
            "os._exit(1)\nsys._getframe()\nplaying._private()\nrows._y\n")
    found = underscore_imports(ROOT / "bot" / "discord" / "stopping.py", text)
    assert sorted(found) == ["from engine.i18n import _x", "playing._private", "rows._y"]
