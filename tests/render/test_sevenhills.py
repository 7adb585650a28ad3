"""Seven Hills pictures from real engine states: valid, small PNGs in both languages for 3 and
4 players at every kind of moment; the public board never shows a hand; the hand does."""

from __future__ import annotations

import io
import random
from functools import cache

import pytest
from PIL import Image

from engine import registry
from engine.core import State, play
from engine.i18n import translate
from engine.policy import walk
from engine.sevenhills.components import load
from render import board_png, hand_png, renderer
from render import sevenhills as R
from render.sevenhills.board import W
from render.sevenhills.hand import HAND_W
from tests.support import drawn_texts

GAME = "seven-hills"
NAMES = ["Aurelia", "Brutus", "Cornélie", "Decimus"]
MAX_BYTES = 400 * 1024


@cache
def moments(players: int, seed: int) -> dict[str, State]:
    """The first state of each phase in a seeded random game, and its end."""
    game = registry.get(GAME)
    state = game.setup(players, seed, {})
    rnd = random.Random(seed)
    found: dict[str, State] = {"start": state}
    while game.outcome(state) is None:
        found.setdefault(state["phase"], state)
        if state["era"] >= 2:
            found.setdefault("era2", state)
        seat = min(game.prompt(state))
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rnd))
    found["over"] = state
    return found


SPECS = [(3, 4), (4, 5)]


def _check(png: bytes, width: int) -> Image.Image:
    assert png.startswith(b"\x89PNG") and len(png) < MAX_BYTES, len(png)
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.width == width and 300 <= img.height <= 2400
    return img


def test_render_module_found_through_the_registry() -> None:
    assert renderer(GAME) is R


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s[0]}p")
def test_board_and_hand_are_small_valid_pngs(spec, locale: str) -> None:
    game = registry.get(GAME)
    names = NAMES[: spec[0]]
    for state in moments(*spec).values():
        view = game.view(state, None)
        _check(board_png(GAME, view, names, locale), W)
        seat = min(game.prompt(state)) if game.prompt(state) else 0
        _check(hand_png(GAME, game.view(state, seat), names, locale), HAND_W)


def test_moments_cover_every_phase() -> None:
    seen = {m for spec in SPECS for m in moments(*spec)}
    for phase in ("preplace", "take", "act", "deploy", "power", "target", "protect", "discard",
                  "levy", "return", "era2", "over"):
        assert phase in seen, phase


def test_board_is_the_same_for_every_viewer_and_ignores_the_hand() -> None:
    game = registry.get(GAME)
    for spec in SPECS:
        names = NAMES[: spec[0]]
        for state in moments(*spec).values():
            public = R.board(game.view(state, None), names, "en").tobytes()
            for seat in range(spec[0]):
                assert R.board(game.view(state, seat), names, "en").tobytes() == public


def test_the_board_shows_what_the_issue_lists() -> None:
    """Sectors (open or not), markers by class, Forum, both camps, temple, round track,
    prestige, turn order: their words are drawn."""
    game = registry.get(GAME)
    state = moments(4, 5)["era2"]
    view = game.view(state, None)
    with drawn_texts(R.clear_caches) as texts:
        R.board(view, NAMES, "en")
    joined = "\n".join(texts)
    for hill in load().hills:
        assert translate_tok(hill) in joined
    for word in ("Forum Romanum", "Capitolium", "Campus Martius", "Consul Legion Camp",
                 "Waiting Camp", "Round track", "Turn order", "Prestige", "opens in era",
                 "reconstructed edition"):
        assert word in joined, word
    assert f"{view['counter']} / {view['limit']}" in joined
    for name in NAMES:
        assert name in joined


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_revealed_card_is_named_with_its_article(locale: str) -> None:
    """« a révélé plébéien bleu » lacked its article: the card is named as sentences name it."""
    from render.samples import game_samples, moment

    game = registry.get(GAME)
    at = moment(GAME, next(s for s in game_samples(GAME) if s.name == "defence-3p-fr"))
    view = game.view(at.state, None)
    assert view["revealed"][0]["card"] == "blue-plebeian-2"
    with drawn_texts(R.clear_caches) as texts:
        R.board(view, NAMES, locale)
    said = {"en": "revealed the blue plebeian: ", "fr": "a révélé le plébéien bleu : "}[locale]
    assert any(t.startswith(said) for t in texts), texts


def translate_tok(token: str) -> str:
    from engine.core import Msg

    return translate(Msg(f"seven-hills.tok.{token}"), "en")


def test_the_hand_shows_each_card() -> None:
    game = registry.get(GAME)
    state = moments(3, 4)["act"]
    seat = min(game.prompt(state))
    view = game.view(state, seat)
    with drawn_texts(R.clear_caches) as texts:
        R.hand(view, NAMES[:3], "en")
    joined = "\n".join(texts)
    for card in view["hand"]:
        k = load().card(card)
        assert translate_tok(k.cls).capitalize() in joined or k.cls == "slave"
    assert f"{len(view['hand'])}/7" in joined
