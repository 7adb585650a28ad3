"""The components (7wd.md §1.1-1.6): counts, costs, chains, structures, and the loader's checks."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import data
from engine.duel import cards as C

# An independent implementation's data (MIT), kept beside this test: see reference/README.md.
RAW = Path(__file__).resolve().parent / "reference"


def test_counts_7wd_1_2_to_1_4() -> None:
    comps = C.load()
    assert [len(comps.age_cards(a)) for a in (1, 2, 3)] == [23, 23, 20]
    assert len(comps.guilds()) == 7
    assert len(comps.cards) == 73
    assert len(comps.wonders) == 12
    assert len(comps.tokens) == 10


def test_every_entry_cites_its_section_and_has_both_names() -> None:
    for name, key in (
        ("cards.json", "cards"),
        ("wonders.json", "wonders"),
        ("progress.json", "tokens"),
    ):
        for entry in json.loads(data.path("duel", name).read_text("utf-8"))[key]:
            assert entry["source"].startswith("7wd.md §1."), entry["id"]
            assert entry["name"]["en"] and entry["name"]["fr"], entry["id"]


def test_ids_are_single_kebab_tokens() -> None:
    for kind in ("card", "wonder", "progress"):
        for cid in C.ids(kind):
            assert cid == cid.lower() and " " not in cid and cid.replace("-", "").isalpha(), cid


def test_chains_7wd_1_1() -> None:
    comps = C.load()
    pairs = {
        (g.id, t.id)
        for g in comps.cards.values()
        for t in comps.cards.values()
        if g.chain_gives and g.chain_gives == t.chain_from
    }
    assert len(pairs) == 17
    assert ("stable", "horse-breeders") in pairs and ("brewery", "arena") in pairs
    assert ("statue", "gardens") in pairs and ("theater", "statue") in pairs
    assert ("rostrum", "senate") in pairs and ("tavern", "lighthouse") in pairs


def test_science_symbols_7wd_1_1() -> None:
    comps = C.load()
    found = Counter(c.science for c in comps.cards.values() if c.science)
    assert found == {s: 2 for s in C.SCIENCE if s != "law"}
    assert comps.tokens["law"].science == "law"


def test_data_agrees_with_the_mit_data_of_7wd_1_2() -> None:
    """7wd.md §5: the DF yaml. Cost, points, shields of all 73 cards and 12 wonders agree."""
    import yaml
    raw_cards = yaml.safe_load((RAW / "dfomin-7wd-engine_cards.yaml").read_text("utf-8"))
    raw_wonders = yaml.safe_load((RAW / "dfomin-7wd-engine_wonders.yaml").read_text("utf-8"))
    fix = {
        "archery rance": "archery range",
        "glassblower": "glass-blower",
        "circum maximus": "circus maximus",
    }

    def price(raw):
        p = {("papyrus" if k == "paper" else k): v for k, v in (raw.get("price") or {}).items()}
        p.pop("chain_symbol", None)
        return p

    by_name = {
        c.name_en.lower(): c
        for c in list(C.load().cards.values()) + list(C.load().wonders.values())
    }
    for raw in raw_cards + raw_wonders:
        name = raw["name"].lower()
        ours = by_name[fix.get(name, name)]
        effect = raw.get("effect") or {}
        assert price(raw) == ours.cost, ours.id
        assert effect.get("shield", 0) == ours.shields, ours.id
        if ours.colour != "purple":
            assert effect.get("points", 0) == ours.points, ours.id


def test_structures_7wd_1_6() -> None:
    comps = C.load()
    for age, sizes in ((1, [2, 3, 4, 5, 6]), (2, [6, 5, 4, 3, 2]), (3, [2, 3, 4, 2, 4, 3, 2])):
        slots = comps.structures[age]
        rows = Counter(s.row for s in slots)
        assert [rows[r] for r in sorted(rows)] == sizes
        assert sum(s.face_up for s in slots) == 12  # 12 up, 8 down in every age
        assert all(s.face_up == (s.row % 2 == 1) for s in slots)


def test_component_gives_the_renderer_static_facts() -> None:
    c = C.component("caravansery")
    assert c["name"] == "duel.tok.caravansery" and c["colour"] == "yellow" and c["age"] == 2
    assert c["cost"] == {"coins": 2, "glass": 1, "papyrus": 1}
    assert {"produce_choice": ["wood", "clay", "stone"]} in c["effects"]
    assert C.component("the-colossus")["shields"] == 2
    assert C.component("law")["science"] == "law"
    with pytest.raises(KeyError):
        C.component("nothing")


def test_loader_fails_loudly_on_a_wrong_count(monkeypatch: pytest.MonkeyPatch) -> None:
    real = C._read

    def fewer(name: str):
        out = real(name)
        if name == "cards.json":
            out["cards"] = out["cards"][1:]
        return out

    monkeypatch.setattr(C, "_read", fewer)
    C.load.cache_clear()
    try:
        with pytest.raises(C.DataError):
            C.load()
    finally:
        monkeypatch.setattr(C, "_read", real)
        C.load.cache_clear()
