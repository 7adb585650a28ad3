"""Every picture holds the longest names a game can seat (issue 25).

A Discord display name may be 32 characters, a bot is named with its level ("Themistocles
(medium)", « Thémistocle (difficile) ») and a player who left is shown as "<name> (bot)". Each
game's sample moments are drawn with such names (32 characters of the widest glyphs, with and
without spaces, every bot name in the moment's language) and every text is recorded with its box
(tests/support.py's spy). At full size no essential text leaves the picture it is drawn on or
covers another; a name is fitted by shrinking it (never below the preview's legible size in the
turn picture and the hand), then cut with an ellipsis, and only a name: a text cut short never
loses a number, a bot's name keeps at least its first MIN_KEPT letters, and the seat of a player
who left keeps its "(bot)".
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import cache

import pytest
from PIL import Image

import data
from engine import registry
from engine.core import Msg
from engine.i18n import translate
from render import renderer
from render.common import MIN_PREVIEW_PX, preview_scale
from render.samples import Moment, game_samples, hand_seat, moment
from tests.support import Placed, drawn_text_boxes

WIDE = "MWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMW"  # 32 characters, no space to wrap at
SPACED = "Wilhelmina Maximiliana Wormwoods"  # 32 characters in three words
LEFT = "W" * 32  # a player who left: "<name> (bot)"
LEVEL = {"en": "medium", "fr": "difficile"}  # the widest level in each language
MIN_KEPT = 6
BOT_TAIL = " (bot)"  # a seat a bot took over: "<name> (bot)", kept whole when the name is cut
SLACK = 1.0  # px: anti-aliasing at a box's edge is not an overlap


@cache
def bot_names(locale: str) -> tuple[str, ...]:
    """Every bot seat's name in `locale`, at its widest level, the widest first."""
    with data.path("bots.json").open(encoding="utf-8") as f:
        listed = json.load(f)["names"]
    level = next(k for k in ("easy", "medium", "hard")
                 if translate(Msg(f"bot.level.{k}"), locale) == LEVEL[locale])
    seats = [translate(Msg("bot.seat", {"name": n[locale], "level": Msg(f"bot.level.{level}")}),
                       locale) for n in listed]
    return tuple(sorted(seats, key=len, reverse=True))


@cache
def seated() -> dict[tuple[str, str], list[str]]:
    """The seats' names of every game's sample moments: the widest names, a seat a bot took
    over, and the bot names in turn (counted over every game, so that each bot name of each
    language sits somewhere)."""
    turns = {"en": 0, "fr": 0}
    out: dict[tuple[str, str], list[str]] = {}
    for key in registry.keys():  # noqa: SIM118
        for sample in game_samples(key):
            locale = sample.locale
            bots = bot_names(locale)
            left = translate(Msg("bot.took_over", {"name": LEFT}), locale)
            names = [WIDE, "", SPACED, left, ""][: sample.players]
            for seat in (1, 4)[: 1 + (sample.players > 4)]:
                names[seat] = bots[turns[locale] % len(bots)]
                turns[locale] += 1
            out[(key, sample.name)] = names
    return out


@cache
def moments(key: str) -> tuple[Moment, ...]:
    return tuple(moment(key, sample) for sample in game_samples(key))


def draw(key: str, at: Moment, kind: str, names: list[str]) -> tuple[tuple[int, int], list[Placed]]:
    """The picture's size and its texts (drawn by the game's module: no PNG to encode)."""
    game, module = registry.get(key), renderer(key)
    state, locale = at.state, at.sample.locale
    with drawn_text_boxes(lambda: None) as drawn:  # cached layers: drawn once per game
        if kind == "turn":
            before = game.view(at.before, None) if at.before is not None else None
            img = module.turn(game.view(state, None), names, locale, before=before,
                              outcome=at.outcome)
        elif kind == "board":
            img = module.board(game.view(state, None), names, locale, outcome=at.outcome)
        else:
            img = module.hand(game.view(state, hand_seat(game, state, at.sample)), names,
                              locale)
    return img.size, drawn


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > SLACK
            and min(a[3], b[3]) - max(a[1], b[1]) > SLACK)


def faults(drawn: list[Placed], names: list[str], floor: float | None) -> list[str]:
    """What is wrong with the essential texts drawn (`floor`: the smallest size they may have,
    or None when the picture is not read in a preview)."""
    found: list[str] = []
    essential = [d for d in drawn if not d.secondary]
    canvases: dict[int, list[Placed]] = defaultdict(list)
    for i, d in enumerate(essential):
        canvases[id(d.canvas)].append(d)
        wrapped = i + 1 < len(essential) and essential[i + 1].text.startswith(BOT_TAIL.strip())
        w, h = d.canvas.size
        x0, y0, x1, y1 = d.box
        if x0 < -SLACK or y0 < -SLACK or x1 > w + SLACK or y1 > h + SLACK:
            found.append(f"{d.text!r} leaves its {w}x{h} picture at {d.box}")
        if floor is not None and d.size < floor:
            found.append(f"{d.text!r} at {d.size} px, under the legible {floor:.0f}")
        if d.text.endswith("…") and any(c.isdigit() for c in d.text):
            found.append(f"{d.text!r} is cut with a number in it")
        kept = d.text[:-1].rstrip()
        for name in names:
            if d.text.endswith("…") and name.endswith(BOT_TAIL) and kept and \
                    name.startswith(kept) and not wrapped:  # "(bot)" on the next line is kept
                found.append(f"{d.text!r}: {name!r} is cut without its {BOT_TAIL!r}")
            if (d.text.endswith("…") and name in bot_names("en") + bot_names("fr")
                    and kept and name.startswith(kept) and len(kept) < MIN_KEPT):
                found.append(f"{d.text!r}: the bot's name {name!r} is cut too short")
    for texts in canvases.values():
        for i, a in enumerate(texts):
            found += [f"{a.text!r} covers {b.text!r}" for b in texts[i + 1:]
                      if _overlap(a.box, b.box)]
    return found


KINDS = ("turn", "board", "hand")
PREVIEWED = ("turn", "hand")  # read in a preview first: their essential texts stay legible


@pytest.mark.parametrize("key", list(registry.keys()))  # noqa: SIM118
def test_long_names_fit_every_picture(key: str) -> None:
    bad: list[str] = []
    getattr(renderer(key), "clear_caches", lambda: None)()  # its cached layers drawn again
    for at in moments(key):
        names = seated()[(key, at.sample.name)]
        for kind in KINDS:
            size, drawn = draw(key, at, kind, names)
            floor = MIN_PREVIEW_PX / preview_scale(size) if kind in PREVIEWED else None
            bad += [f"{at.sample.name} {kind}: {f}" for f in faults(drawn, names, floor)]
    assert bad == []


def test_the_moments_seat_every_bot_name_in_both_languages() -> None:
    shown = {name for names in seated().values() for name in names}
    assert set(bot_names("en")) | set(bot_names("fr")) <= shown
    assert {WIDE, SPACED} <= shown


def test_the_check_sees_a_name_over_a_number_and_a_cut_number() -> None:
    """The spy's faults, on a picture drawn badly on purpose."""
    from PIL import ImageDraw

    from render.common import font

    with drawn_text_boxes(lambda: None) as drawn:
        img = Image.new("RGB", (200, 60))
        d = ImageDraw.Draw(img)
        d.text((10, 20), WIDE, font=font(20, True), anchor="lm")
        d.text((60, 20), "46", font=font(20, True), anchor="lm")
        d.text((10, 45), "Forum 11 ·…", font=font(20), anchor="lm")
    found = faults(drawn, [WIDE], 18)
    assert any("covers '46'" in f for f in found)
    assert any("leaves its 200x60 picture" in f for f in found)
    assert any("cut with a number" in f for f in found)
