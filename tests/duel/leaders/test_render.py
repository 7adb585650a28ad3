"""The Leaders pictures (render/duel/leaders/board.py) from real states: the board shows the recruited
and buried leaders, never a hidden choice; the hand shows the viewer's leaders and choice; PNGs
stay small."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.core import State, play
from engine.policy import walk
from render import duel as R
from render.common import to_png
from render.duel.board import W
from render.duel.leaders import board as RL

from .helpers import G, act, recruiting

NAMES = ["Ana", "Ben"]
MAX_BYTES = 400 * 1024


def _game(seed: int) -> list[State]:
    """Some states of a random game: the leader draft, each recruitment, a few turns, the end."""
    rnd = random.Random(seed)
    state = G.setup(2, seed, {"leaders": "all"})
    kept = [state]
    for n in range(600):
        if G.outcome(state) is not None:
            break
        seat = rnd.choice(sorted(G.prompt(state)))
        state, _ = play(G, state, seat, walk(G.legal(state, seat), rnd))
        if state["phase"] in ("recruit", "announce", "draft") or n % 40 == 0:
            kept.append(state)
    kept.append(state)
    return kept


def test_board_and_hand_at_every_kind_of_moment_are_small_pngs() -> None:
    for k, state in enumerate(_game(3)[::8]):
        for locale in (("en", "fr")[k % 2],):
            board = R.board(G.view(state, None), NAMES, locale)
            data = to_png(board)
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < MAX_BYTES
            assert Image.open(io.BytesIO(data)).size[0] == W
            hand = R.hand(G.view(state, 0), NAMES, locale)
            assert len(to_png(hand)) < MAX_BYTES


def test_the_board_never_shows_a_hidden_choice() -> None:
    s = recruiting(hands=(("caesar", "sappho"), ("nero", "zenobia")))
    a, _ = act(s, 0, "choose caesar")
    b, _ = act(s, 0, "choose sappho")
    for viewer in (None, 1):
        pa = R.board(G.view(a, viewer), NAMES, "en").tobytes()
        assert pa == R.board(G.view(b, viewer), NAMES, "en").tobytes()
    # the chooser's own hand picture marks the choice
    ha = R.hand(G.view(a, 0), NAMES, "en").tobytes()
    assert ha != R.hand(G.view(b, 0), NAMES, "en").tobytes()


def test_buried_leaders_are_drawn_apart_and_the_board_grows_with_the_leaders() -> None:
    s = recruiting(hands=(("caesar",), ("nero",)))
    s["phase"] = "play"
    s["leaders"]["between"] = None
    plain = R.board(G.view(s, None), NAMES, "en")
    s["leaders"]["recruited"][0] = ["cleopatra"]
    s["leaders"]["buried"][0] = ["sappho"]
    full = R.board(G.view(s, None), NAMES, "en")
    assert full.size == plain.size and full.tobytes() != plain.tobytes()


def test_every_leader_has_a_tile_and_an_effect_line_in_both_languages() -> None:
    from engine.duel.leaders.data import panel

    for lid in panel("all") + ["rome", "abu-simbel"]:
        for locale in ("en", "fr"):
            assert RL.summary(lid, locale) or lid in ("rome",)
            assert "duel.render" not in RL.summary(lid, locale)
        assert RL.tile(lid, "fr").size == RL.TILE
