"""The reconstructed edition's data (RECONSTRUCTION.md): every entry has provenance, the stated
facts hold, loading fails loudly when one is broken, and the README lists every reconstructed
component."""

from __future__ import annotations

import json

import pytest

import data
from engine.heros import components as C

from .helpers import RB


def test_stated_facts_hold() -> None:
    c = C.load()
    assert len(c.heroes) == 76 and len(c.tokens) == 53  # RB §Lorsque vous ouvrez la boîte
    assert len(c.wonders) == 9 and len(c.territories) == 9
    assert [t.slots for t in c.territories.values() if t.era == "ancient"] == [3] * 5
    assert [t.slots for t in c.territories.values() if t.era == "modern"] == [4] * 4
    assert c.era_value["modern"] == 2 and c.to_end == {"ancient": 4, "modern": 8}
    assert {"platon", "plato"} & set(c.heroes) and "charlemagne" in c.heroes
    assert RB.startswith("002_")


def _broken(monkeypatch: pytest.MonkeyPatch, name: str, change) -> None:
    original = C._read

    def read(file: str):
        raw = original(file)
        if file == name:
            raw = json.loads(json.dumps(raw))
            change(raw)
        return raw

    monkeypatch.setattr(C, "_read", read)
    C.load.cache_clear()


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("heroes.json", lambda r: r["heroes"].pop()),
        ("heroes.json", lambda r: r["heroes"][0].update(population=8)),
        ("heroes.json", lambda r: next(h for h in r["heroes"] if h["id"] == "charlemagne")
         .update(conquest=3)),
        ("heroes.json", lambda r: r["heroes"][0]["provenance"].update({"*": "a guess"})),
        ("heroes.json", lambda r: r["heroes"][0].update(territories=["europe"])),
        ("discoveries.json", lambda r: next(t for t in r["tokens"] if t["id"] == "banking")
         .update(value=3)),
        ("board.json", lambda r: r["territories"][8]["adjacent"].remove("russia")),
        ("board.json", lambda r: r["die"][1].update(favours="defender")),
        ("board.json", lambda r: r["wonders"][3].pop("min_players")),
    ],
)
def test_loading_fails_loudly_when_a_stated_fact_breaks(monkeypatch, name, change) -> None:
    _broken(monkeypatch, name, change)
    try:
        with pytest.raises(C.DataError):
            C.load()
    finally:
        monkeypatch.undo()
        C.load.cache_clear()
    assert C.load()


def test_the_readme_lists_every_reconstructed_component() -> None:
    readme = data.path("heros", "README.md").read_text("utf-8")
    assert "reconstructed edition" in readme.lower()
    c = C.load()
    for table in (c.heroes, c.tokens, c.wonders, c.territories):
        for comp in table.values():
            assert comp.name_en in readme, comp.id
    for face in c.die:
        assert face.name_en in readme
    for raw_file, key in (("heroes.json", "heroes"), ("discoveries.json", "tokens")):
        for entry in json.loads(data.path("heros", raw_file).read_text("utf-8"))[key]:
            assert all(str(v).startswith(C.PROVENANCE) for v in entry["provenance"].values())
