"""The animated replay (render/animate.py) from real seeded games: one frame per turn (not per
sub-step), at most MAX_FRAMES with the first and last kept, public views only, APNG and GIF that
Pillow opens as animations, the last frame held longer, and a whole game under Discord's 8 MB."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from engine import registry
from engine.core import play
from engine.policy import walk
from render import animate as A

NAMES = ["Aurelia", "Bérénice"]
DISCORD_LIMIT = 8 * 1024 * 1024


def _random_game(key: str, players: int, seed: int) -> list[tuple[int, str]]:
    game = registry.get(key)
    state = game.setup(players, seed, {})
    rng = random.Random(seed)
    actions = []
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.prompt(state)))
        text = walk(game.legal(state, seat), rng)
        state, _ = play(game, state, seat, text)
        actions.append((seat, text))
    return actions


@pytest.fixture(scope="module")
def duel() -> list[tuple[int, str]]:
    return _random_game("duel", 2, 7)


def test_a_frame_per_turn_not_per_step(toy_game: str) -> None:
    """The toy's `peek` asks the same seat again: a sub-step, no frame. Each `take` passes the
    turn (a new frame), the last one ends the game (a frame); platform actions are skipped."""
    actions = [(0, "peek"), (0, "take 1"), (1, "peek"), (1, "peek"), (1, ".resign-like"),
               (1, "take 2"), (0, "take 2")]
    views = A.turn_views("toy", 2, 1, {}, actions)
    assert [v["pile"] for v in views] == [5, 4, 2, 0]
    assert views[-1]["winner"] == 0
    # A history stopping on a sub-step still ends on its last state.
    views = A.turn_views("toy", 2, 1, {}, actions[:3])
    assert [v["pile"] for v in views] == [5, 4, 4]


def test_frames_of_a_duel_game(duel: list[tuple[int, str]]) -> None:
    game = registry.get("duel")
    state = game.setup(2, 7, {})
    turns = 0
    asked = set(game.prompt(state))
    for seat, text in duel:
        state, _ = play(game, state, seat, text)
        turns += set(game.prompt(state)) != asked or game.outcome(state) is not None
        asked = set(game.prompt(state))
    views = A.turn_views("duel", 2, 7, {}, duel)
    assert len(views) == 1 + turns
    assert views[-1] == game.view(state, None)


def test_sampling_keeps_the_first_and_the_last() -> None:
    assert A.sample(10) == list(range(10))
    for count in (61, 100, 583, 5000):
        picked = A.sample(count)
        assert len(picked) == A.MAX_FRAMES and picked[0] == 0 and picked[-1] == count - 1
        assert picked == sorted(set(picked))
        gaps = {b - a for a, b in zip(picked, picked[1:], strict=False)}
        assert max(gaps) - min(gaps) <= 1  # evenly spread
    assert A.sample(7, 1) == [6]


def test_every_frame_is_a_public_view(duel, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay is posted in the channel: no frame may come from a seat's view."""
    game = registry.get("duel")
    seats: list[Any] = []
    drawn: list[dict[str, Any]] = []
    real_view, real_board = type(game).view, A.renderer("duel").board

    def view(self, state, seat):
        seats.append(seat)
        return real_view(self, state, seat)

    def board(view, names, locale):
        drawn.append(view)
        return real_board(view, names, locale)

    monkeypatch.setattr(type(game), "view", view)
    monkeypatch.setattr(A.renderer("duel"), "board", board)
    data = A.animation("duel", 2, 7, {}, duel, NAMES, "en", "gif", max_frames=4)
    assert seats and all(seat is None for seat in seats)
    assert len(drawn) == 4 and all(v["viewer"] is None for v in drawn)
    with Image.open(io.BytesIO(data)) as img:
        assert img.n_frames == 4


@pytest.mark.parametrize("fmt", A.FORMATS)
def test_both_formats_are_animations(duel, fmt: str) -> None:
    data = A.animation("duel", 2, 7, {}, duel, NAMES, "fr", fmt, max_frames=5, width=400)
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == {"png": "PNG", "gif": "GIF"}[fmt]
        assert img.is_animated and img.n_frames == 5
        assert img.width == 400 and img.info.get("loop") == 0
        durations = []
        for i in range(img.n_frames):
            img.seek(i)
            durations.append(img.info["duration"])
            frame = img.convert("RGB")
            assert len(frame.getcolors(1 << 16) or []) > 8  # a drawn board, not a blank
    assert durations[:-1] == [A.FRAME_MS] * 4 and durations[-1] == A.LAST_MS


def test_a_whole_game_stays_under_discords_limit(duel) -> None:
    """Every turn of a Duel game (sampled to MAX_FRAMES), the larger of the two formats."""
    data = A.animation("duel", 2, 7, {}, duel, NAMES, "en", "png")
    assert len(data) < DISCORD_LIMIT
    with Image.open(io.BytesIO(data)) as img:
        # Pillow merges a frame identical to the one before it (its time is added instead).
        frames = min(A.MAX_FRAMES, len(A.turn_views("duel", 2, 7, {}, duel)))
        assert frames // 2 < img.n_frames <= frames
        assert img.width == A.WIDTH


def test_unknown_format_is_refused(duel) -> None:
    with pytest.raises(ValueError, match="png or gif"):
        A.animation("duel", 2, 7, {}, duel, NAMES, "en", "mp4")
