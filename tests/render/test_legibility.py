"""Turn pictures are read where players see them: in the channel's inline preview.

A Discord client fits an attached picture into about 550x350 px on desktop before anyone taps it.
For every game, at each of its sample moments (start, middle, simultaneous choices, end,
resigned), the turn picture is drawn with every text recorded (tests/support.py's spy): the
smallest essential text, multiplied by the factor the picture is shrunk by, must be at least
9 px (render.common.MIN_PREVIEW_PX); secondary detail is what a renderer draws inside
render.common.secondary(). The pictures are landscape and at most 200 KB. Each game's own test
file (tests/render/test_turn_<game>.py) checks that what it calls essential is drawn as such.

Hands are private pictures shown the same way in an ephemeral reply: the same check holds.
"""

from __future__ import annotations

from importlib import import_module

import pytest

from engine import registry
from render import board_png, hand_png, renderer, turn_png
from render.common import MIN_PREVIEW_PX, preview_scale
from render.samples import Moment, game_samples, hand_seat, moment
from tests.support import Drawn, drawn_text_sizes

NAMES = ("Aurelia", "Brutus", "Cornélie", "Decimus", "Eudoxia")
TURN_BYTES = 200_000


def _cases() -> list[tuple[str, str]]:
    return [(key, sample.name) for key in registry.keys() for sample in game_samples(key)]  # noqa: SIM118


def _moment(key: str, name: str) -> Moment:
    sample = next(s for s in game_samples(key) if s.name == name)
    return moment(key, sample)


def _clear(key: str):  # type: ignore[no-untyped-def]
    return getattr(renderer(key), "clear_caches", lambda: None)


def smallest_essential(drawn: list[Drawn], scale: float) -> tuple[float, str]:
    essential = [d for d in drawn if not d.secondary]
    if not essential:
        return float("inf"), ""
    small = min(essential, key=lambda d: d.size)
    return small.size * scale, small.text


def essential_texts(drawn: list[Drawn]) -> str:
    return "\n".join(d.text for d in drawn if not d.secondary)


@pytest.mark.parametrize(("key", "name"), _cases())
def test_turn_picture_is_legible_in_the_preview(key: str, name: str) -> None:
    at = _moment(key, name)
    game = registry.get(key)
    players = list(NAMES[: at.sample.players])
    before = game.view(at.before, None) if at.before is not None else None
    with drawn_text_sizes(_clear(key)) as drawn:
        png = turn_png(key, game.view(at.state, None), players, at.sample.locale,
                       before=before, outcome=at.outcome)
    from io import BytesIO

    from PIL import Image

    size = Image.open(BytesIO(png)).size
    assert size[0] > size[1], f"{key} {name}: the turn picture is {size}, not landscape"
    assert len(png) <= TURN_BYTES, f"{key} {name}: {len(png)} bytes"
    px, text = smallest_essential(drawn, preview_scale(size))
    assert px >= MIN_PREVIEW_PX, f"{key} {name}: {text!r} shows at {px:.1f} px in the preview"
    shown = essential_texts(drawn)
    for player in players:  # every player's name is essential
        assert player in shown, f"{key} {name}: {player} is not written as essential"


@pytest.mark.parametrize(("key", "name"), _cases())
def test_hand_picture_is_legible_in_the_preview(key: str, name: str) -> None:
    at = _moment(key, name)
    game = registry.get(key)
    players = list(NAMES[: at.sample.players])
    seat = hand_seat(game, at.state, at.sample)
    with drawn_text_sizes(_clear(key)) as drawn:
        png = hand_png(key, game.view(at.state, seat), players, at.sample.locale)
    from io import BytesIO

    from PIL import Image

    size = Image.open(BytesIO(png)).size
    px, text = smallest_essential(drawn, preview_scale(size))
    assert px >= MIN_PREVIEW_PX, f"{key} {name} hand: {text!r} shows at {px:.1f} px"


@pytest.mark.parametrize("key", list(registry.keys()))  # noqa: SIM118
def test_every_game_samples_the_moments_players_meet(key: str) -> None:
    """Start, simultaneous choices, the end, and a resignation: each game's samples cover them."""
    found = game_samples(key)
    game = registry.get(key)
    moments = [moment(key, s) for s in found]
    assert any(m.outcome is not None and m.sample.resign is None for m in moments), "an end"
    assert any(m.sample.resign is not None for m in moments), "a resignation"
    module = import_module(f"render.{game.module}.samples")
    if not getattr(module, "NO_SIMULTANEOUS_CHOICES", ""):  # a game that never asks two at once
        assert any(len(game.prompt(m.state)) > 1 for m in moments if m.outcome is None), \
            "a moment where several players choose at once"
    assert {s.locale for s in found} == {"en", "fr"}


def test_full_board_still_draws_for_every_game() -> None:
    """The complete board stays one tap away: it draws for every game (size is not checked)."""
    for key in registry.keys():  # noqa: SIM118
        at = _moment(key, game_samples(key)[0].name)
        game = registry.get(key)
        assert board_png(key, game.view(at.state, None), list(NAMES[: at.sample.players]),
                         at.sample.locale, outcome=at.outcome)[:4] == b"\x89PNG"
