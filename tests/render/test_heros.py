"""Héros du Monde pictures from real engine states (seeded random games played by the random
policy): small valid PNGs for 2-5 players in both languages at every phase reached; the board
shows the map, ladders, population, score track, hero row and wonders; it is the same for every
viewer and never draws a hand; the hand shows the viewer's heroes only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import registry
from engine.core import State, play
from engine.policy import walk
from render import board_png, hand_png, renderer
from render import heros as R
from render.heros.board import WIDTH
from render.heros.parts import dates, name_of
from tests.support import drawn_texts

GAME = "heros"
NAMES = ["Aurelia", "Bérénice", "Caius Julius Maximus", "Dido", "Eudoxia"]
MAX_BYTES = 400 * 1024
SPECS = [(2, 4), (3, 1), (4, 3), (5, 8)]

_CACHE: dict[tuple[int, int], dict[str, State]] = {}


def moments(players: int, seed: int) -> dict[str, State]:
    """The first state of each phase (per era), a mid-game state and the final one."""
    key = (players, seed)
    if key not in _CACHE:
        game = registry.get(GAME)
        state = game.setup(players, seed, {})
        rnd = random.Random(seed)
        found: dict[str, State] = {"start": state}
        while game.outcome(state) is None:
            seat = min(game.prompt(state))
            state, _ = play(game, state, seat, walk(game.legal(state, seat), rnd))
            v = game.view(state, None)
            found.setdefault(f"{v['era']}-{v['phase']}", state)
        found["over"] = state
        _CACHE[key] = found
    return _CACHE[key]


@pytest.fixture(scope="module")
def heros():
    return registry.get(GAME)


def test_render_module_found_through_the_registry() -> None:
    assert renderer(GAME) is R


@pytest.mark.parametrize(("players", "seed"), SPECS)
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_board_and_hand_are_small_valid_pngs(heros, players, seed, locale) -> None:
    names = NAMES[:players]
    for name in ("start", "ancient-discover", "modern-setup", "modern-spend", "over"):
        state = moments(players, seed).get(name)
        if state is None:
            continue
        view = heros.view(state, None)
        data = board_png(GAME, view, names, locale)
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < MAX_BYTES, name
        img = Image.open(io.BytesIO(data))
        assert img.width == WIDTH and 900 < img.height < 1600
        seat = view["active"] if view["active"] is not None else 0
        hand = hand_png(GAME, heros.view(state, seat), names, locale)
        assert hand[:8] == b"\x89PNG\r\n\x1a\n" and len(hand) < MAX_BYTES


def test_moments_cover_the_phases() -> None:
    seen = set()
    for spec in SPECS:
        seen |= set(moments(*spec))
    for phase in ("ancient-setup", "ancient-take", "ancient-play", "ancient-place",
                  "ancient-discover", "ancient-spend", "modern-setup", "modern-conquer",
                  "modern-migrate", "over"):
        assert phase in seen, phase


def test_the_board_is_the_same_for_every_viewer_and_draws_no_hand(heros) -> None:
    state = moments(4, 3)["modern-spend"]
    public = R.board(heros.view(state, None), NAMES[:4], "en").tobytes()
    for seat in range(4):
        assert R.board(heros.view(state, seat), NAMES[:4], "en").tobytes() == public
    with drawn_texts(lambda: None) as seen:
        R.board(heros.view(state, 0), NAMES[:4], "en")
    current = (state["turn"] or {}).get("hero")
    drawn = " ".join(seen)
    for hid in {h for s in range(4) for h in state["hands"][s]}:
        if hid not in state["row"] and hid != current:
            assert name_of("en", hid) not in drawn, hid


def test_the_board_shows_map_ladders_population_scores_row_and_wonders(heros) -> None:
    state = moments(3, 1)["modern-spend"]
    view = heros.view(state, None)
    with drawn_texts(lambda: None) as seen:
        R.board(view, NAMES[:3], "en")
    text = "\n".join(seen)
    for t in view["territories"]:
        assert name_of("en", t["id"]) in text
    for t in view["territories"]:
        for tok in t["ladder"]:
            assert str(tok["value"]) in seen
    for s in view["seats"]:
        assert str(s["points"]) in seen
    for hero in view["row"]:
        assert name_of("en", hero["id"]) in text
    for w in view["wonders"]:
        assert name_of("en", w["id"]) in text
    assert "across the edge" in text and "Civilisation points" in text
    pops = [str(v) for t in view["territories"] for v in t["population"] if v > 0]
    assert all(p in seen for p in pops)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_word_drawn_is_translated(heros, locale) -> None:
    with drawn_texts(lambda: None) as seen:
        for spec in SPECS[:2]:
            for state in moments(*spec).values():
                view = heros.view(state, None)
                R.board(view, NAMES, locale)
                R.hand(heros.view(state, 0), NAMES, locale)
    assert seen
    assert not [t for t in seen if "heros." in t]


def test_french_is_drawn_with_accents(heros) -> None:
    state = moments(4, 3)["ancient-discover"]
    with drawn_texts(lambda: None) as seen:
        R.board(heros.view(state, None), NAMES[:4], "fr")
    text = " ".join(seen)
    assert "Méditerranée" in text and "époque antique" in text and "édition reconstituée" in text


def test_the_hand_shows_the_viewers_heroes_and_needs_a_seat(heros) -> None:
    state = moments(3, 1)["ancient-take"]
    view = heros.view(state, 1)
    with drawn_texts(lambda: None) as seen:
        R.hand(view, NAMES[:3], "en")
    for hid in state["hands"][1]:
        assert name_of("en", hid) in seen
    with pytest.raises(ValueError):
        R.hand(heros.view(state, None), NAMES[:3], "en")


def test_awkward_names_and_same_view_same_bytes(heros) -> None:
    state = moments(5, 8)["over"]
    names = ["", "x" * 80, "🙂 emoji", "Zoë", "a b c d e f g h i j"]
    view = heros.view(state, None)
    assert board_png(GAME, view, names, "en") == board_png(GAME, view, names, "en")
    assert hand_png(GAME, heros.view(state, 2), names, "fr")


def test_a_sparse_view_with_only_the_documented_keys() -> None:
    view = {"players": 2, "era": "ancient", "territories": [], "seats": [{}, {}], "row": [],
            "wonders": [], "viewer": 0, "hand": []}
    assert R.board(view, ["A", "B"], "en").width == WIDTH
    assert R.hand(view, ["A", "B"], "fr").width >= 640


def test_samples_are_written(tmp_path) -> None:
    from render.samples import game_samples, write_samples

    written = write_samples(tmp_path, ["heros"])
    assert len(written) == 4 * len(game_samples("heros"))
    assert all(p.stat().st_size > 1000 for p in written)
    assert all(p.name.startswith("heros-") for p in written)


def test_life_dates_in_french() -> None:
    assert dates("63 BC-14 AD", "fr") == "63 av. J.-C.-14 apr. J.-C."
    assert dates("6th c. BC", "fr") == "6e s. av. J.-C."
    assert dates("6th c. BC", "en") == "6th c. BC"
