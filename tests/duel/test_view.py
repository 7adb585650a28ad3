"""The view given to the renderer (engine/duel/VIEW.md): its keys, and what it must not show."""

from __future__ import annotations

import json
import random

from engine.core import play
from engine.duel import cards as C
from engine.policy import walk

from .helpers import G, act, build, give, new, offer, ready, tokens
from .playouts import playout

TOP = {
    "game",
    "viewer",
    "age",
    "phase",
    "active",
    "prompt",
    "play_again",
    "structure",
    "removed",
    "discard",
    "progress_board",
    "military",
    "players",
    "draft",
    "wonders_built",
    "boxed_wonder",
    "last",
    "outcome",
}
SLOT = {
    "index", "row", "col", "age", "back", "face_up", "taken", "accessible", "card", "price", "chain",
}
PLAYER = {
    "seat",
    "coins",
    "city",
    "wonders",
    "progress",
    "science",
    "science_kinds",
    "chains",
    "production",
    "choices",
    "trade",
    "points",
}


def test_keys_match_view_md() -> None:
    s = ready()
    public = G.view(s, None)
    assert set(public) == TOP
    assert set(G.view(s, 0)) == TOP | {"private"}
    assert all(set(slot) == SLOT for slot in public["structure"])
    assert all(set(p) == PLAYER for p in public["players"])
    assert set(public["players"][0]["city"]) == set(C.COLOURS)
    assert set(public["players"][0]["science"]) == set(C.SCIENCE)
    assert set(public["military"]) == {"pawn", "tokens", "shields"}
    assert [t["loot"] for t in public["military"]["tokens"]] == [5, 2, 2, 5]
    assert json.loads(json.dumps(public)) == public


def test_draft_view() -> None:
    s = new(2)
    v = G.view(s, None)
    assert v["age"] == 0 and v["structure"] == [] and v["phase"] == "draft"
    assert v["draft"] == {"round": 1, "offer": s["draft"]["offer"], "picker": 0}
    for hidden in s["wonder_pool"]:
        assert hidden not in json.dumps(v)


def test_structure_slots() -> None:
    s = ready()
    v = G.view(s, None)["structure"]
    assert len(v) == 20
    for slot, raw in zip(v, s["structure"], strict=True):
        assert slot["card"] == (raw["card"] if raw["up"] else None)
    open_ = [slot for slot in v if slot["accessible"]]
    assert len(open_) == 6 and all(slot["row"] == 5 and slot["face_up"] for slot in open_)
    assert all(slot["price"] is not None and len(slot["price"]) == 2 for slot in open_)
    assert all(slot["price"] is None for slot in v if not slot["accessible"])


def test_prices_and_chains_in_slots() -> None:
    s = ready()
    offer(s, "horse-breeders", "stone-reserve")
    give(s, 0, "stable")
    v = {slot["card"]: slot for slot in G.view(s, None)["structure"] if slot["accessible"]}
    assert v["horse-breeders"]["chain"] == [True, False] and v["horse-breeders"]["price"] == [0, 4]
    assert v["stone-reserve"]["price"] == [3, 3]


def test_players_wonders_tokens_points() -> None:
    s = ready()
    build(s, 0, "the-pyramids", "altar")
    tokens(s, 0, "law")
    give(s, 0, "workshop", "caravansery", "quarry")
    p = G.view(s, 1)["players"][0]
    assert p["wonders"][0] == {"id": "the-pyramids", "built": True, "card": "altar", "boxed": False}
    assert p["wonders"][1]["built"] is False
    assert p["progress"] == ["law"] and p["science"]["law"] == 1 and p["science_kinds"] == 2
    assert p["city"]["green"] == ["workshop"] and p["city"]["yellow"] == ["caravansery"]
    assert p["production"]["stone"] == 1 and p["choices"] == [["wood", "clay", "stone"]]
    assert p["points"]["wonders"] == 9 and p["points"]["total"] == 9 + 1 + 2
    assert G.view(s, None)["players"][1]["trade"]["stone"] == 3


def test_outcome_view() -> None:
    _, final, _ = playout(1)
    v = G.view(final, None)
    assert v["phase"] == "over" and v["active"] is None and v["prompt"] is None
    out = v["outcome"]
    assert set(out) == {"winners", "reason", "scores", "points"}
    assert out["reason"] in ("civilian", "military", "science")
    assert out["scores"] == [p["total"] for p in out["points"]]


def test_last_action_is_shown() -> None:
    s = ready()
    offer(s, "altar")
    s, _ = act(s, 0, "construct altar free")
    assert G.view(s, None)["last"] == {"seat": 0, "action": "construct altar free"}


def strings(value) -> set[str]:
    """Every string value (not key) inside a view."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def test_removed_cards_face_down_cards_and_box_tokens_never_show() -> None:
    s = ready()
    shown = strings(G.view(s, 0)) | strings(G.view(s, None))
    hidden = [c for r in s["removed"].values() for c in r] + [
        c for d in s["decks"].values() for c in d
    ]
    hidden += [slot["card"] for slot in s["structure"] if not slot["up"]]
    hidden += s["box_tokens"] + s["wonder_pool"]
    assert not shown & set(hidden)


def test_face_down_guilds_show_the_guild_back() -> None:
    """data/duel/README.md reading 19: guild cards have their own back, so the slots of Age III
    that hold a guild are known while face down; nothing else about them is."""
    s = ready()
    while s["age"] != 3:  # play on until Age III is laid out
        seat = next(iter(G.prompt(s)))
        s, _ = play(G, s, seat, walk(G.legal(s, seat), random.Random(len(str(s)))))
    view = G.view(s, None)["structure"]
    backs = {slot["back"] for slot in view if not slot["face_up"] and not slot["taken"]}
    assert backs <= {"age3", "guild"}
    for slot, raw in zip(view, s["structure"], strict=True):
        if not raw["up"] and raw["card"]:
            is_guild = C.get(raw["card"]).colour == "purple"
            assert (slot["back"] == "guild") == is_guild
            assert slot["card"] is None
