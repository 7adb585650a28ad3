"""7 Wonders Duel pictures from real engine states (seeded random games played with the real
engine): valid, small PNGs in both languages at every phase reached (wonder draft, ages I-III,
progress choice, Great Library, Mausoleum, destruction, who starts, the end by each kind of
victory); the public board is the same for every viewer; the same view gives the same bytes."""

from __future__ import annotations

import io
import json
import random
import struct
from collections.abc import Iterator
from importlib import import_module
from typing import Any

import pytest
from PIL import Image

import data
from engine import registry
from engine.core import State, copy_state, play
from engine.policy import walk
from render import board_png, hand_png, renderer
from render import duel as R
from render.duel import parts as P
from render.duel.board import W
from render.duel.hand import W as HAND_W
from tests.support import drawn_texts as _drawn_texts

B = import_module("render.duel.board_middle")  # the structure and its prices

GAME = "duel"
NAMES = ["Aurelia", "Bérénice"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300 * 1024
# Seeds whose random games end in each kind of victory (with the engine of this commit); if the
# engine changes, _seed_for() looks further.
SEEDS = {"military": 1, "civilian": 4, "science": 373}
EXTRA_SEEDS = (7, 3)  # more phases: Mausoleum, destruction, Great Library
REASONS = ("civilian", "military", "science")


def _moments(seed: int) -> dict[str, State]:
    """The first state of each phase of one seeded game (ages apart), a state in the middle of
    each age, the second draft round, and the final state."""
    game = registry.get(GAME)
    state = game.setup(2, seed, {})
    rng = random.Random(seed)
    found: dict[str, State] = {"draft": state}
    while game.outcome(state) is None:
        seat = min(game.prompt(state))
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
        view = game.view(state, None)
        phase = view["phase"]
        key = f"age{view['age']}" if phase == "play" else phase
        found.setdefault(key, state)
        if phase == "play" and sum(s["taken"] for s in view["structure"]) >= 8:
            found.setdefault(f"{key}-mid", state)
        if phase == "draft" and (view.get("draft") or {}).get("round") == 2:
            found.setdefault("draft2", state)
    found["over"] = state
    return found


_CACHE: dict[int, dict[str, State]] = {}


def moments(seed: int) -> dict[str, State]:
    if seed not in _CACHE:
        _CACHE[seed] = _moments(seed)
    return _CACHE[seed]


def _reason(seed: int) -> str:
    return registry.get(GAME).view(moments(seed)["over"], None)["outcome"]["reason"]


def _seed_for(reason: str) -> int | None:
    """A seed whose game ends with `reason`: the known one, else the first of 0..599."""
    if _reason(SEEDS[reason]) == reason:
        return SEEDS[reason]
    for seed in range(600):
        game = registry.get(GAME)
        state = game.setup(2, seed, {})
        rng = random.Random(seed)
        while game.outcome(state) is None:
            s = min(game.prompt(state))
            state, _ = play(game, state, s, walk(game.legal(state, s), rng))
        if game.view(state, None)["outcome"]["reason"] == reason:
            return seed
    return None


def _seeds() -> list[int]:
    return sorted(set(SEEDS.values()) | set(EXTRA_SEEDS))


def _all_moments() -> Iterator[tuple[int, str, State]]:
    for seed in _seeds():
        for name, state in moments(seed).items():
            yield seed, name, state


@pytest.fixture(scope="module")
def duel():
    return registry.get(GAME)


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == PNG_SIGNATURE
    assert png[12:16] == b"IHDR"
    return struct.unpack(">II", png[16:24])


def _check_png(png: bytes, width: int) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) < MAX_BYTES, f"{len(png)} bytes"
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.size == _png_size(png)
    assert img.width == width
    assert 300 <= img.height <= 2600, img.height
    return img




# --- dispatch and coverage -------------------------------------------------------------------------


def drawn_texts():
    return _drawn_texts(R.clear_caches)


def test_render_module_found_through_the_registry():
    assert renderer(GAME) is R


def test_moments_cover_every_phase():
    seen = {name for seed in _seeds() for name in moments(seed)}
    needed = {"draft", "draft2", "age1", "age1-mid", "age2", "age2-mid", "age3", "age3-mid",
              "start", "progress", "library", "mausoleum", "destroy", "over"}
    assert needed <= seen, needed - seen


def test_seeds_end_by_each_kind_of_victory():
    for reason in REASONS:
        assert _seed_for(reason) is not None, reason


# --- valid, small pictures ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", _seeds())
def test_board_and_hand_are_small_valid_pngs(duel, seed):
    """Every moment, in French and English by turns (each locale sees every phase over the
    seeds); the hand of the seat asked, and of both seats at the end and mid-game."""
    for k, (moment, state) in enumerate(moments(seed).items()):
        locale = ("en", "fr")[(k + seed) % 2]
        view = duel.view(state, None)
        _check_png(board_png(GAME, view, NAMES, locale), W)
        active = view["active"] if view["active"] is not None else 0
        seats = (0, 1) if moment in ("over", "age2-mid") else (active,)
        for seat in seats:
            hand = _check_png(hand_png(GAME, duel.view(state, seat), NAMES, locale), HAND_W)
            assert hand.height <= 1800, (moment, seat)


def test_each_kind_of_victory_is_drawn(duel):
    for reason in REASONS:
        seed = _seed_for(reason)
        state = moments(seed)["over"]
        view = duel.view(state, None)
        winners = view["outcome"]["winners"]
        with drawn_texts() as seen:
            png = board_png(GAME, view, NAMES, "en")
        _check_png(png, W)
        expected = {"civilian": "Civilian victory", "military": "Military supremacy",
                    "science": "Scientific supremacy"}[reason]
        assert expected in seen, reason
        assert "Winner" in seen
        for seat in winners:
            assert NAMES[seat] in seen
        assert "Total" in seen


def test_every_reason_and_a_shared_victory_from_the_documented_keys(duel):
    view = duel.view(moments(SEEDS["civilian"])["over"], None)
    for locale in ("en", "fr"):
        for reason in REASONS:
            view["outcome"]["reason"] = reason
            with drawn_texts() as seen:
                R.board(view, NAMES, locale)
            assert not [t for t in seen if "duel.render." in t]
    view["outcome"]["winners"] = [0, 1]
    with drawn_texts() as seen:
        R.board(view, NAMES, "fr")
    assert "Victoire partagée" in seen


# --- hidden information ----------------------------------------------------------------------------


def test_board_is_the_same_for_every_viewer(duel):
    """Nothing private is drawn on the board: a seat's view (with `private`, e.g. the Great
    Library's drawn tokens) gives the very same picture as the spectator's."""
    for seed, moment, state in _all_moments():
        if seed != SEEDS["civilian"] and moment not in ("library", "over", "age3-mid"):
            continue  # one whole game, and the telling moments of the others
        public = R.board(duel.view(state, None), NAMES, "en").tobytes()
        for seat in (0, 1):
            mine = R.board(duel.view(state, seat), NAMES, "en").tobytes()
            assert mine == public, (seed, moment, seat)


def test_board_ignores_private_keys_the_hand_shows_them(duel):
    state = next(s for seed in _seeds() if "library" in moments(seed)
                 for s in [moments(seed)["library"]])
    view = duel.view(state, None)
    active = view["active"]
    mine = duel.view(state, active)
    assert mine["private"].get("library"), "the Great Library draws tokens for its builder"
    tokens = mine["private"]["library"]
    before = R.board(view, NAMES, "en").tobytes()
    forged = dict(view, private={"library": ["philosophy", "law", "economy"]}, viewer=active)
    assert R.board(forged, NAMES, "en").tobytes() == before
    with drawn_texts() as seen:
        R.hand(mine, NAMES, "en")
    assert "Great Library: choose one token" in seen
    for tok in tokens:
        assert P.name_of(tok, "en") in seen
    # the other seat's hand does not show them
    with drawn_texts() as seen:
        R.hand(duel.view(state, 1 - active), NAMES, "en")
    assert "Great Library: choose one token" not in seen


def test_hand_needs_a_seat(duel):
    with pytest.raises(ValueError):
        R.hand(duel.view(moments(SEEDS["civilian"])["age1"], None), NAMES, "en")


# --- the same view gives the same bytes -----------------------------------------------------------


def test_same_view_same_bytes(duel):
    for moment in ("draft2", "age2-mid", "over"):
        state = moments(SEEDS["civilian"])[moment]
        view = duel.view(state, None)
        first = board_png(GAME, view, NAMES, "fr")
        again = board_png(GAME, copy_state(view), NAMES, "fr")
        R.clear_caches()
        cold = board_png(GAME, view, NAMES, "fr")
        assert first == again == cold, moment
        seat = view["active"] if view["active"] is not None else 0
        h1 = hand_png(GAME, duel.view(state, seat), NAMES, "fr")
        assert h1 == hand_png(GAME, duel.view(state, seat), NAMES, "fr")


def test_rendering_from_several_threads_gives_the_same_pictures(duel):
    from concurrent.futures import ThreadPoolExecutor

    views = [duel.view(moments(SEEDS["civilian"])[m], None) for m in ("age1-mid", "age3", "over")]
    alone = [board_png(GAME, v, NAMES, "en") for v in views]
    R.clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda v: board_png(GAME, v, NAMES, "en"), views * 2))
    assert together == alone * 2


# --- what is drawn ----------------------------------------------------------------------------------


def test_structure_draws_faces_backs_and_leaves_taken_spaces_empty(duel, monkeypatch):
    """Face-up cards with their faces, face-down ones as backs of their age, nothing for the
    cards taken; prices under the accessible ones only."""
    state = moments(SEEDS["civilian"])["age3-mid"]
    view = duel.view(state, None)
    faces: list[str] = []
    backs: list[tuple[int, bool]] = []
    priced: list[int] = []
    real_face, real_back, real_prices = P.card_face, P.card_back, B._prices

    def face(cid, *a, **k):
        faces.append(cid)
        return real_face(cid, *a, **k)

    def back(age, guild, *a, **k):
        backs.append((age, guild))
        return real_back(age, guild, *a, **k)

    def prices(img, slot, box):
        priced.append(slot["index"])
        return real_prices(img, slot, box)

    monkeypatch.setattr(P, "card_face", face)
    monkeypatch.setattr(P, "card_back", back)
    monkeypatch.setattr(B, "_prices", prices)
    B._structure(Image.new("RGB", (1200, 1200)), view, NAMES, "en", (20, 0, 920, 0))
    slots = view["structure"]
    assert sorted(faces) == sorted(s["card"] for s in slots if s["face_up"] and not s["taken"])
    assert len(backs) == sum(1 for s in slots if not s["face_up"] and not s["taken"])
    assert all(age == 3 for age, _ in backs)
    assert sorted(priced) == sorted(s["index"] for s in slots if s["accessible"])


def test_a_guild_back_is_distinct_when_the_view_says_so(duel):
    state = moments(SEEDS["civilian"])["age3"]
    view = duel.view(state, None)
    hidden = [s for s in view["structure"]
              if not s["face_up"] and not s["taken"] and s.get("back") != "guild"]
    assert hidden
    plain = R.board(view, NAMES, "en").tobytes()
    hidden[0]["back"] = "guild"
    assert R.board(view, NAMES, "en").tobytes() != plain
    assert P.card_back(3, True, 140, 180).tobytes() != P.card_back(3, False, 140, 180).tobytes()


def test_accessible_cards_show_each_players_price(duel):
    state = moments(SEEDS["civilian"])["age1"]
    view = duel.view(state, None)
    slot = next(s for s in view["structure"] if s["accessible"] and not any(s["chain"]))
    with drawn_texts() as seen:
        R.board(view, NAMES, "en")
    for value in slot["price"]:
        assert str(value) in seen
    assert "Cost to build now:" in seen


def test_the_hand_lists_the_cards_to_take_with_the_viewers_price(duel):
    state = moments(SEEDS["civilian"])["age2"]
    view = duel.view(state, None)
    seat = view["active"]
    coins = view["players"][seat]["coins"]
    with drawn_texts() as seen:
        R.hand(duel.view(state, seat), NAMES, "en")
    assert "Cards you can take · your price" in seen
    for slot in (s for s in view["structure"] if s["accessible"]):
        price = slot["price"][seat]
        if slot["chain"][seat]:
            continue  # the chain symbol, drawn as an icon
        if price == 0:
            assert "Free" in seen
        else:  # the price on a coin (ringed in red when it is more than the player has)
            assert str(price) in seen
    assert coins >= 0


def test_the_draft_shows_the_offered_wonders(duel):
    state = moments(SEEDS["civilian"])["draft"]
    view = duel.view(state, None)
    with drawn_texts() as seen:
        R.board(view, NAMES, "fr")
    assert "Choix des merveilles, tour 1" in seen
    for wid in view["draft"]["offer"]:
        assert P.name_of(wid, "fr") in seen


def test_military_track_tokens_and_leader(duel):
    state = moments(SEEDS["military"])["over"]
    view = duel.view(state, None)
    pawn = view["military"]["pawn"]
    assert abs(pawn) == 9
    with drawn_texts() as seen:
        R.board(view, NAMES, "en")
    leader = NAMES[0 if pawn > 0 else 1]
    assert "has reached the enemy capital" in seen
    assert leader in seen


def test_wonders_built_and_unbuilt(duel):
    state = moments(SEEDS["civilian"])["over"]
    view = duel.view(state, None)
    built = sum(w["built"] for p in view["players"] for w in p["wonders"])
    assert built == view["wonders_built"]
    with drawn_texts() as seen:
        R.board(view, NAMES, "en")
    assert seen.count("Built") == built  # one "Built" per lit wonder tile
    assert f"{built}/7 wonders built" in seen


# --- words: both languages, from the catalogues -------------------------------------------------


def test_render_catalogues_match():
    folder = data.path("duel", "i18n")
    en = json.loads((folder / "render.en.json").read_text(encoding="utf-8"))
    fr = json.loads((folder / "render.fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    assert all(k.startswith("duel.render.") for k in en)
    for key, value in en.items():
        assert isinstance(fr[key], type(value)), key


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_word_drawn_is_translated(duel, locale):
    with drawn_texts() as seen:
        for seed, _moment, state in _all_moments():
            if seed not in (SEEDS["civilian"], SEEDS["science"], EXTRA_SEEDS[0]):
                continue
            view = duel.view(state, None)
            R.board(view, NAMES, locale)
            seat = view["active"] if view["active"] is not None else 0
            R.hand(duel.view(state, seat), NAMES, locale)
    assert seen
    missing = sorted({t for t in seen if "duel." in t})
    assert not missing, missing[:8]


def test_french_accents_are_drawn(duel):
    state = moments(SEEDS["civilian"])["age2-mid"]
    view = duel.view(state, None)
    with drawn_texts() as seen:
        R.board(view, NAMES, "fr")
    text = " ".join(seen)
    assert "Âge II" in text
    assert "Défausse" in text
    assert "Bérénice" in text


# --- robustness ------------------------------------------------------------------------------------


def test_awkward_names(duel):
    state = moments(SEEDS["civilian"])["age2-mid"]
    view = duel.view(state, None)
    for names in (["🦊 Renard", "x" * 80], [], ["", "Zoë 🎲"]):
        _check_png(board_png(GAME, view, names, "fr"), W)
        _check_png(hand_png(GAME, duel.view(state, 1), names, "en"), HAND_W)


def test_a_sparse_view_with_only_the_documented_keys():
    """The contract of VIEW.md, hand-written: unknown ids and missing optional keys do not
    break the picture."""
    empty_player: dict[str, Any] = {
        "seat": 0, "coins": 7, "city": {c: [] for c in P.COLOURS}, "wonders": [],
        "progress": [], "science": {}, "science_kinds": 0, "chains": [],
        "production": {}, "choices": [], "trade": {}, "points": {"total": 2},
    }
    view = {
        "game": GAME, "viewer": 1, "age": 1, "phase": "play", "active": 1,
        "prompt": {"k": "no.such.key", "p": {}}, "play_again": True,
        "structure": [
            {"index": 0, "row": 1, "col": 5, "age": 1, "face_up": True, "taken": False,
             "accessible": True, "card": "no-such-card", "price": [1, None],
             "chain": [False, False]},
            {"index": 1, "row": 1, "col": 7, "age": 1, "face_up": False, "taken": False,
             "accessible": False, "card": None, "price": None, "chain": None},
        ],
        "removed": 13, "discard": ["lumber-yard"], "progress_board": ["law", None],
        "military": {"pawn": -4, "tokens": [], "shields": [0, 4]},
        "players": [empty_player, dict(empty_player, seat=1)], "draft": None,
        "wonders_built": 0, "boxed_wonder": None, "last": None, "outcome": None,
        "private": {},
    }
    _check_png(board_png(GAME, view, NAMES, "en"), W)
    _check_png(hand_png(GAME, view, NAMES, "fr"), HAND_W)


def test_samples_are_written(tmp_path):
    from render.samples import write_samples

    paths = write_samples(tmp_path, ["duel"])
    names = {p.name for p in paths}
    assert any(n.startswith("duel-") and "-fr-" in n for n in names)
    assert any(n.endswith("-hand.png") for n in names)
    assert {"civilian", "military", "science"} <= {
        r for r in REASONS for n in names if r in n
    }
    for path in paths:
        png = path.read_bytes()
        assert png.startswith(PNG_SIGNATURE) and len(png) < MAX_BYTES
