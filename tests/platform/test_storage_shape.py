"""The storage contract (issue 16): both stores keep every method of `Storage` with the same
signature, and nothing outside them speaks SQL or reaches for the store from Discord."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from bot.store import Storage
from bot.store.postgres import PgStore
from bot.store.sqlite import Store

ROOT = Path(__file__).resolve().parents[2]


def _public(cls: type) -> dict[str, inspect.Signature]:
    members = {name: member for klass in reversed(cls.__mro__[:-1])  # a store's parts too
               for name, member in vars(klass).items()}
    return {name: inspect.signature(member) for name, member in members.items()
            if inspect.iscoroutinefunction(member) and not name.startswith("_")}


def test_both_stores_keep_the_contract_method_by_method() -> None:
    contract = _public(Storage)
    for store in (Store, PgStore):
        methods = _public(store)
        missing = set(contract) - set(methods)
        assert not missing, f"{store.__name__} lacks {missing}"
        differ = {name for name in contract if str(methods[name]) != str(contract[name])}
        assert not differ, f"{store.__name__}: other signatures for {differ}"
    # A method one store has and the contract lacks is one the other store may lack too.
    extra = (set(_public(Store)) | set(_public(PgStore))) - set(contract) - {"schema_version"}
    assert not extra, f"add {extra} to bot.store.Storage (and to both stores)"


def test_nothing_outside_the_stores_speaks_sql() -> None:
    stores = set((ROOT / "bot" / "store").glob("*.py"))  # the stores and their parts
    speaks = re.compile(r"^\s*(import|from) (aiosqlite|asyncpg)\b|\.execute(many)?\(|"
                        r"\b(SELECT|INSERT|UPDATE|DELETE) .* (FROM|INTO|SET)\b", re.M)
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "bot").rglob("*.py")
             if p not in stores and speaks.search(p.read_text("utf-8"))]
    assert found == []


def test_the_discord_layer_goes_through_the_service() -> None:
    reaches = [f"{p.name}: {line.strip()}" for p in (ROOT / "bot" / "discord").rglob("*.py")
               for line in p.read_text("utf-8").splitlines()
               if re.search(r"\.store\b", line) and not line.startswith("from bot.store import")]
    assert reaches == []


def test_nothing_outside_bot_store_imports_a_store_module() -> None:
    """Issue 26: the service, the tools and the benchmarks speak to `bot.store` (the contract
    and `open_store`), never to the SQLite or PostgreSQL module or the row helpers behind it."""
    inside = ROOT / "bot" / "store"
    reaches = re.compile(r"^\s*(from bot\.store\.\w+ import|import bot\.store\.\w+|"
                         r"from bot\.store import (sqlite|postgres|rows)\b)", re.M)
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "bot").rglob("*.py")
             if inside not in p.parents and reaches.search(p.read_text("utf-8"))]
    assert found == []
