"""Every cache of the rules has a bound (issue 28, item 5: a bot's memory stays under 150 MB).

A bot's worker process lives for days and decides from thousands of states: a cache without a
size is a leak as soon as its keys come from states (a hand, a proposal, a city). Res Publica's
trade texts once grew a worker to 465 MB. So every `functools.cache`, and every `lru_cache`
with `maxsize=None`, on a function of arguments under engine/ is refused here; a function of
no argument holds one value and may keep `cache`.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _unbounded(decorator: ast.expr) -> bool:
    """`@cache`, `@functools.cache`, `@lru_cache(None)` or `@lru_cache(maxsize=None)`."""
    name = decorator.func if isinstance(decorator, ast.Call) else decorator
    named = name.attr if isinstance(name, ast.Attribute) else getattr(name, "id", "")
    if named == "cache":
        return True
    if named != "lru_cache" or not isinstance(decorator, ast.Call):
        return False  # a bare @lru_cache keeps 128
    sizes = [*decorator.args[:1], *(k.value for k in decorator.keywords if k.arg == "maxsize")]
    return any(isinstance(s, ast.Constant) and s.value is None for s in sizes)


def unbounded_caches(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            params = node.args
            takes = params.posonlyargs + params.args + params.kwonlyargs
            if not takes and params.vararg is None and params.kwarg is None:
                continue  # one value at most
            if any(_unbounded(d) for d in node.decorator_list):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}")
    return found


def test_every_cache_of_the_rules_has_a_maxsize() -> None:
    assert unbounded_caches(ENGINE) == []


def test_the_check_sees_each_unbounded_form(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "m.py").write_text(
        "import functools\nfrom functools import cache, lru_cache\n"
        "@cache\ndef a(x): ...\n"
        "@functools.cache\ndef b(x): ...\n"
        "@lru_cache(maxsize=None)\ndef c(x): ...\n"
        "@functools.lru_cache(None)\ndef d(x): ...\n"
        "@lru_cache(maxsize=64)\ndef fine(x): ...\n"
        "@lru_cache\ndef default(x): ...\n"
        "@cache\ndef load(): ...\n"
        "class K:\n    @cache\n    def e(self, x): ...\n")
    assert [f.split()[-1] for f in unbounded_caches(tmp_path / "engine")] == [
        "a", "b", "c", "d", "e"]
