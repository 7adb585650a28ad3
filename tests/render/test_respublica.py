"""Res Publica pictures from real engine states: valid, small PNGs in both languages, for 3 to 5
players and both variants; the public board never shows hidden information; the hand does."""

from __future__ import annotations

import io
import json
import struct

import pytest
from PIL import Image

import data
from engine import registry
from engine.core import IllegalAction, copy_state
from render import board_png, hand_png, renderer
from render import respublica as R
from render.common import PAPER, printable, to_png
from render.respublica.board import W
from render.respublica.hand import HAND_W
from render.respublica.parts import KIND_COLOURS
from tests.support import drawn_texts as _drawn_texts

from .conftest import GAME, GAMES, NAMES, game_moments

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300 * 1024


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == PNG_SIGNATURE
    assert png[12:16] == b"IHDR"
    return struct.unpack(">II", png[16:24])


def _check_png(png: bytes, width: int) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) < MAX_BYTES, f"{len(png)} bytes"
    img = Image.open(io.BytesIO(png))
    img.load()  # decodes the whole file
    assert img.size == _png_size(png)
    assert img.width == width
    assert 300 <= img.height <= 2600
    return img




# --- dispatch ---------------------------------------------------------------------------------


def drawn_texts():
    return _drawn_texts(R.clear_caches)


def test_render_module_found_through_the_registry():
    assert renderer(GAME) is R


def test_unknown_game_is_refused():
    with pytest.raises(IllegalAction):
        board_png("no-such-game", {}, [], "en")


# --- valid, small pictures ---------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("spec", GAMES, ids=lambda s: f"{s[0]}p-{'classic' if s[2] else 'full'}")
def test_board_and_hand_are_small_valid_pngs(game, spec, locale):
    players = spec[0]
    names = NAMES[:players]
    for moment, state in game_moments(*spec).items():
        view = game.view(state, None)
        assert view["players"] == players
        _check_png(board_png(GAME, view, names, locale), W)
        seat = view["active"] if view["active"] is not None else 0
        _check_png(hand_png(GAME, game.view(state, seat), names, locale), HAND_W), moment


def test_moments_cover_every_phase():
    seen = {name for spec in GAMES for name in game_moments(*spec)}
    for needed in ("turn", "answers", "answered", "accept", "deliver", "last_round", "final",
                   "over"):
        assert needed in seen


def test_board_grows_with_players_not_width(game):
    three = game_moments(*GAMES[0])["start"]
    five = game_moments(*GAMES[1])["start"]
    b3 = R.board(game.view(three, None), NAMES[:3], "en")
    b5 = R.board(game.view(five, None), NAMES[:5], "en")
    assert b3.width == b5.width == W
    assert b5.height > b3.height


# --- hidden information ------------------------------------------------------------------------


def test_board_is_the_same_for_every_viewer(game, all_moments):
    """The board of a seat's view equals the spectator's: nothing private is drawn, neither the
    seat's hand nor the cards a trader picked to deliver (both only in that seat's view)."""
    for spec, moment, state in all_moments:
        public = R.board(game.view(state, None), NAMES[: spec[0]], "en").tobytes()
        for seat in range(spec[0]):
            mine = R.board(game.view(state, seat), NAMES[: spec[0]], "en").tobytes()
            assert mine == public, (spec, moment, seat)


def test_board_ignores_the_hand_key(game):
    state = game_moments(*GAMES[1])["answered"]
    view = game.view(state, 2)
    before = R.board(view, NAMES, "fr").tobytes()
    view["hand"] = {"monks": 5, "books": 5}
    assert R.board(view, NAMES, "fr").tobytes() == before


def _reshuffled(state, seat: int):
    """The same state with `seat` holding other cards (same number): what no one else knows."""
    new = copy_state(state)
    hand = new["hands"][seat]
    kinds = [k for k in hand if hand[k] > 0]
    spare = [k for k in hand if k not in kinds] or list(hand)
    moved = hand[kinds[0]]
    hand[kinds[0]] = 0
    hand[spare[-1]] += moved
    return new


def test_public_board_does_not_change_when_a_hand_changes(game):
    for spec in GAMES:
        for moment in ("start", "mid", "last_round"):
            state = game_moments(*spec).get(moment)
            if state is None:
                continue
            other = _reshuffled(state, 0)
            names = NAMES[: spec[0]]
            assert board_png(GAME, game.view(state, None), names, "en") == board_png(
                GAME, game.view(other, None), names, "en"
            ), (spec, moment)
            assert hand_png(GAME, game.view(state, 0), names, "en") != hand_png(
                GAME, game.view(other, 0), names, "en"
            ), (spec, moment)


def test_hand_needs_a_seat(game):
    state = game_moments(*GAMES[0])["start"]
    with pytest.raises(ValueError):
        R.hand(game.view(state, None), NAMES[:3], "en")


# --- words: both languages, from the catalogues -------------------------------------------------


def test_render_catalogues_match():
    folder = data.path("respublica", "i18n")
    en = json.loads((folder / "render.en.json").read_text(encoding="utf-8"))
    fr = json.loads((folder / "render.fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    assert all(k.startswith("res-publica.render.") for k in en)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_word_drawn_is_translated(game, all_moments, locale):
    with drawn_texts() as seen:
        for spec, _moment, state in all_moments:
            view = game.view(state, 0)
            R.board(view, NAMES[: spec[0]], locale)
            R.hand(view, NAMES[: spec[0]], locale)
    assert seen
    missing = [t for t in seen if "res-publica." in t]
    assert not missing, missing[:5]


def _full_view(hand: dict[str, int], libraries: int = 0) -> dict:
    state = game_moments(*GAMES[1])["start"]
    view = registry.get(GAME).view(state, 1)
    view["hand"] = hand
    view["seats"][1]["libraries"] = libraries
    view["seats"][1]["groups"] = [
        {"kind": "books", "count": 2, "card": "library", "value": 0}
    ] * libraries
    return view


def test_french_accents_are_drawn():
    view = _full_view({"metallography": 3, "books": 1, "monks": 2})
    with drawn_texts() as seen:
        R.hand(view, NAMES, "fr")
        R.board(view, NAMES, "fr")
    text = " ".join(seen)
    assert "Métallographie" in text
    assert "Bibliothèque" in text
    assert "Église" in text


def test_hand_marks_groups_that_can_be_laid_and_pairs():
    view = _full_view({"huns": 5, "monks": 2, "alchemy": 4, "commerce": 3})
    with drawn_texts() as seen:
        R.hand(view, NAMES, "en")
    text = " | ".join(seen)
    assert "In green: a group you can lay on your turn" in seen
    assert "City 3" in seen  # 5 Huns: the green "lay" badge names the card earned
    assert "Church 7" in seen  # 2 monks
    assert "4/5 → Town 9" in text  # 4 alchemy, no library yet
    assert "Pairs in hand: +6 points at the end" in text  # 2 + 1 + 2 + 1

    with_library = _full_view({"alchemy": 4}, libraries=1)
    with drawn_texts() as seen:
        R.hand(with_library, NAMES, "en")
    assert "Town 9" in seen  # a library makes 4 civilisation cards enough


def test_hand_shows_every_kind_held_with_its_count():
    view = _full_view({"vikings": 1, "shipbuilding": 4})
    with drawn_texts() as seen:
        R.hand(view, NAMES, "en")
    assert {"× 1", "× 4", "Vikings", "Shipbuilding"} <= set(seen)


def test_trade_shows_proposal_answers_and_waiting(game):
    state = game_moments(*GAMES[1])["answered"]
    view = game.view(state, None)
    with drawn_texts() as seen:
        R.board(view, NAMES, "en")
    text = " | ".join(seen)
    assert "waiting…" in text
    assert any(t.startswith(("wants ", "gives ")) for t in seen)


def test_final_scores_name_the_winner(game):
    state = game_moments(*GAMES[1])["over"]
    outcome = game.outcome(state)
    with drawn_texts() as seen:
        R.board(game.view(state, None), NAMES, "en")
    assert "Final scores" in seen
    assert "Winner" in seen
    for seat in outcome.winners:
        assert any(NAMES[seat][:6] in t for t in seen)


# --- robustness ----------------------------------------------------------------------------------


def test_awkward_names(game):
    state = game_moments(*GAMES[1])["answered"]
    names = ["🦊 Renard", "x" * 80, "", "Zoë 🎲", "Łukasz"]
    _check_png(board_png(GAME, game.view(state, None), names, "fr"), W)
    _check_png(board_png(GAME, game.view(state, None), names[:2], "en"), W)  # too few names
    assert printable("🦊 Renard") == "Renard"


def test_to_png_keeps_flat_colours_exact():
    img = Image.new("RGB", (200, 100), PAPER)
    img.paste(KIND_COLOURS["goths"], (20, 20, 80, 80))
    back = Image.open(io.BytesIO(to_png(img))).convert("RGB")
    assert back.getpixel((5, 5)) == PAPER
    assert back.getpixel((50, 50)) == KIND_COLOURS["goths"]


def test_a_hand_written_view_with_only_the_documented_keys():
    """The view contract as documented for the renderer (no engine extras such as `turn`)."""
    kinds = [{"kind": k, "family": "people"} for k in
             ("anglo-saxons", "huns", "vikings", "goths", "lombards", "monks")]
    kinds += [{"kind": k, "family": "civilisation"} for k in
              ("alchemy", "commerce", "shipbuilding", "architecture", "metallography", "books")]
    view = {
        "game": GAME, "variant": "full", "players": 3, "viewer": 1, "active": 0,
        "phase": "answers", "prompt": [2], "last_round": True, "last_drawer": 2,
        "piles": {"people": 12, "civilisation": 0, "towns": [6, 5, 5, 4], "cities": 7,
                  "churches": 1, "libraries": 0},
        "seats": [
            {"hand": 7, "groups": [{"kind": "huns", "count": 5, "card": "city", "value": 3}],
             "points": 3, "cities": 1, "libraries": 0},
            {"hand": 4, "groups": [
                {"kind": "books", "count": 2, "card": "library", "value": 0},
                {"kind": "alchemy", "count": 4, "card": "town", "value": 9},
                {"kind": "monks", "count": 2, "card": "church", "value": 7}],
             "points": 16, "cities": 0, "libraries": 1},
            {"hand": 9, "groups": [], "points": 0, "cities": 0, "libraries": 0},
        ],
        "hand": {"huns": 2, "alchemy": 1, "metallography": 4},
        "kinds": kinds,
        "trade": {"by": 0, "mode": "seek", "proposal": "2 huns and 1 shipbuilding",
                  "answers": [{"seat": 1, "answer": "1 alchemy"}, {"seat": 2, "answer": None}],
                  "accepted": None},
        "outcome": None,
    }
    with drawn_texts() as seen:
        _check_png(board_png(GAME, view, NAMES[:3], "en"), W)
        hand = _check_png(hand_png(GAME, view, NAMES[:3], "en"), HAND_W)
    assert "LAST ROUND: Caius Julius Maximus plays last" in seen
    assert "Town 6" in seen  # 4 metallography are enough with a library; 6 is the top town
    assert hand.height < 1000


def test_samples_are_written(tmp_path):
    from render.samples import write_samples

    paths = write_samples(tmp_path, ["res-publica"])
    assert len(paths) >= 8
    names = {p.name for p in paths}
    assert any("-fr-" in n for n in names) and any("classic" in n for n in names)
    assert any(n.endswith("-hand.png") for n in names)
    for path in paths:
        png = path.read_bytes()
        assert png.startswith(PNG_SIGNATURE) and len(png) < MAX_BYTES


def test_rendering_from_several_threads_gives_the_same_pictures(game):
    """The service renders in worker threads (asyncio.to_thread)."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(spec, game.view(state, None)) for spec, _m, state in
            [(GAMES[1], "", game_moments(*GAMES[1])[m]) for m in ("answered", "over", "mid")]]
    alone = [board_png(GAME, view, NAMES[: spec[0]], "fr") for spec, view in jobs]
    R.clear_caches()
    with ThreadPoolExecutor(max_workers=6) as pool:
        together = list(pool.map(lambda job: board_png(GAME, job[1], NAMES[: job[0][0]], "fr"),
                                 jobs * 3))
    assert together == alone * 3
