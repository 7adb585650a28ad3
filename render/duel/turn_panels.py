"""7 Wonders Duel's turn picture: the header (age, wonders built) and both players' panels side by
side: name, tag (to play, choosing, winner, resigned), coins, points, shields and the
expansions' numbers, each with what the last move changed as +/-, and what the last move put
into the mover's city.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Outcome
from render.common import (
    ALERT,
    GOLD,
    GOOD,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    badge,
    badge_width,
    header_band,
    mix,
    name_badge,
    resigned_seat,
    rounded,
    seat_colour,
    seat_name,
    shade,
    star,
    text_line,
    text_width,
    tint,
)
from render.duel import icons, parts
from render.duel.extension import enabled, first_answer, numbered
from render.duel.icons import paste
from render.duel.parts import name_of, t
from render.duel.sentence import last_move, thing_colour
from render.duel.turn_frame import (
    ES,
    HEAD_H,
    HEADER,
    HEADER_INK,
    LAST,
    PLAYERS_H,
    PLAYERS_Y,
    ROMAN,
    M,
    W,
    asked,
    is_over,
    players,
    total_points,
    winners_of,
)


def draw_head(img: Image.Image, view: Mapping[str, Any], locale: str, outcome: Outcome | None
              ) -> None:
    age = int(view.get("age") or 0)
    if is_over(view, outcome):
        label = t("over", locale)
    elif (phase := first_answer(e.head_label(view, locale) for e in enabled(view))) is not None:
        label = phase  # an expansion's phase (Leaders' draft)
    elif age == 0 or view.get("phase") == "draft":
        label = t("draft", locale)
    else:
        label = t("age", locale, roman=ROMAN.get(age, str(age)))
    d = header_band(img, W, HEAD_H, HEADER, t("title", locale), 28, M + 4, label, 22)
    built = int(view.get("wonders_built") or 0)
    text = t("wonders_built", locale, n=built)
    tw = text_line(d, (W - M - 4, HEAD_H / 2 - 1), text, 20, bold=True, fill=HEADER_INK,
                   anchor="rm")
    paste(img, icons.icon("wonder", 28, HEADER_INK), (W - M - 4 - tw - 36, HEAD_H / 2 - 15))


def _delta(img: Image.Image, x: float, y: float, value: int) -> float:
    """A '+3' / '−2' chip at (x, y) (left-middle): what the last move changed. Its width."""
    if not value:
        return 0
    text = f"+{value}" if value > 0 else f"−{-value}"
    box = badge(img, (x, y), text, ES, GOOD if value > 0 else ALERT)
    return box[2] - box[0]


def draw_player(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                seat: int, changed: Mapping[str, Any], outcome: Outcome | None) -> None:
    """One player's panel: name, the tag (to play / choosing / winner / resigned), and the
    numbers that matter at a glance."""
    half = (W - 2 * M - 12) / 2
    x0 = M + seat * (half + 12)
    x1 = x0 + half
    y0, y1 = PLAYERS_Y, PLAYERS_Y + PLAYERS_H
    colour = seat_colour(seat)
    acting = seat in asked(view) and not is_over(view, outcome)
    winners = winners_of(view, outcome)
    if acting:
        parts.panel(img, (x0, y0, x1, y1), 14, tint(colour, 0.84), colour, 6)
    elif seat in winners:
        parts.panel(img, (x0, y0, x1, y1), 14, tint(GOLD, 0.82), shade(GOLD, 0.1), 5)
    else:
        parts.panel(img, (x0, y0, x1, y1), 14, PANEL, mix(colour, LINE, 0.5), 2)
    ny = y0 + 32
    tag, tag_fill = _tag(view, locale, seat, acting, winners, outcome)
    tag_w = (badge_width(tag, 20) + 10 + (34 if seat in winners else 0)) if tag else 0
    nb = name_badge(img, (x0 + 16, ny), seat_name(names, seat), 28, colour,
                    x1 - 14 - (x0 + 16) - tag_w, min_size=20)
    tx_end = nb[2]
    if tag:
        tx = nb[2] + 10
        if seat in winners:
            paste(img, star(30), (tx, ny - 15))
            tx += 34
        tx_end = badge(img, (tx, ny), tag, 20, tag_fill)[2]
    # the numbers: coins, points, shields (and Senate chambers, leaders)
    d = ImageDraw.Draw(img)
    sy = y1 - 30
    keyed = _stats(view, seat, changed)
    words = _stat_words(view, locale, changed)
    x = x0 + 16
    for piece, value, key, delta in keyed:
        paste(img, piece, (x, sy - piece.height / 2))
        x += piece.width + 6
        x += text_line(d, (x, sy), str(value), 28, bold=True) + 4
        if words:
            x += text_line(d, (x, sy + 2), t(f"turn.stat.{key}", locale, n=value), ES,
                           fill=MUTED) + 4
        x += _delta(img, x + 2, sy, delta)
        x += 18
    _gained(img, view, names, locale, seat, changed, (tx_end, ny, x1 - 14))


def _gained(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            seat: int, changed: Mapping[str, Any], room: tuple[float, float, float]) -> None:
    """What the last move put into this player's city, as a pill ringed in the last move's
    colour at the right of the name line (the same pill as in the last move's sentence)."""
    found = last_move(view, names) if changed else None
    last = view.get("last") or {}
    if found is None or last.get("seat") != seat or not found[1].get("gained"):
        return
    cid = str(found[1]["gained"])
    left, y, right = room
    colour = thing_colour(cid)
    label = "+ " + name_of(cid, locale)
    for size in range(22, ES - 1, -1):
        w = text_width(label, size, True) + 2 * max(6, size // 2)
        if w + 8 <= right - left - 12:
            rounded(img, (right - w - 4, y - size * 0.78 - 4, right + 4, y + size * 0.78 + 4),
                    int(size * 0.78) + 4, LAST)
            badge(img, (right, y), label, size, tint(colour, 0.7), ink=shade(colour, 0.6),
                  anchor="rm")
            return


def _stats(view: Mapping[str, Any], seat: int, changed: Mapping[str, Any]
           ) -> list[tuple[Image.Image, int, str, int]]:
    """A player's numbers: (icon, value, key, what the last move changed)."""
    player = players(view)[seat]
    deltas = (changed.get("deltas") or [{}, {}])[seat]
    shields = list((view.get("military") or {}).get("shields") or [0, 0])
    stats: list[tuple[Image.Image, int, str]] = [
        (icons.coin(34), int(player.get("coins") or 0), "coins"),
        (icons.laurel(36), total_points(player), "points"),
        (icons.shield(32), int(shields[seat] if seat < len(shields) else 0), "shields"),
    ]
    for ext in numbered(view):
        stats += ext.stats(view, seat)
    return [(piece, value, key, int(deltas.get(key, 0) or 0)) for piece, value, key in stats]


def _stats_width(keyed: list[tuple[Image.Image, int, str, int]], locale: str,
                 words: bool) -> float:
    w = 0.0
    for piece, value, key, delta in keyed:
        w += piece.width + 6 + text_width(str(value), 28, True) + 4 + 18
        if words:
            w += text_width(t(f"turn.stat.{key}", locale, n=value), ES) + 4
        if delta:
            w += text_width(f"+{abs(delta)}", ES, True) + 2 * max(6, ES // 2) + 2
    return w - 18


def _stat_words(view: Mapping[str, Any], locale: str, changed: Mapping[str, Any]) -> bool:
    """Whether the numbers carry their unit words: in both panels or in neither, so that
    the two players read alike."""
    room = (W - 2 * M - 12) / 2 - 32
    return all(_stats_width(_stats(view, s, changed), locale, True) <= room for s in range(2))


def _tag(view: Mapping[str, Any], locale: str, seat: int, acting: bool, winners: list[int],
         outcome: Outcome | None) -> tuple[str, RGB]:
    colour = seat_colour(seat)
    if resigned_seat(outcome) == seat:
        return t("turn.resigned", locale), ALERT
    if seat in winners:
        return t("tag.winner", locale), shade(GOLD, 0.1)
    if not acting:
        return "", INK
    chose = first_answer(e.chose(view, seat, locale) for e in enabled(view)) \
        if len(asked(view)) > 1 else None
    if chose is not None:  # an expansion's simultaneous choice: whether made (never what)
        done, word = chose
        return ("✓ " if done else "… ") + word, shade(colour, 0.35)
    return "▶ " + t("tag.active", locale), shade(colour, 0.35)
