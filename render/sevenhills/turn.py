"""Seven Hills' turn picture: what a player reads at a glance in the channel's inline preview.

A 1100x700 landscape picture (shrunk by half in the ~550x350 preview, so every essential text is
at least 18 px here): the era and the round counter; who acts (or who defends, when a revolt asks
several defenders at once; at the end, the result, a resignation included); the map of Rome's
sectors in fixed places (the Forum and the six hills, closed hills dimmed, then Capitolium with
the temple and Campus Martius with the legions), each open sector ranking the players by their
clients there (the hills count a noble as 2, as the majorities do; the Forum counts markers, as
the consul election does) with the leaders tinted; the players' prestige in turn order; and what
the acting player chooses among (markers to deploy, additional actions, a revolt's targets...).
The latest move (`before` -> `view`) is outlined in HL with a "last move" tag: the sectors it
changed (with each player's change in clients), the consuls it elected, the prestige it moved.
Marker shapes are not drawn here (the full board has them, with their key).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg, Outcome
from engine.i18n import translate
from engine.sevenhills.components import CLASSES, load
from render.common import (
    ALERT,
    GOLD,
    LINE,
    MUTED,
    NAME_MARK,
    PANEL,
    PAPER,
    RGB,
    badge,
    badge_line,
    badge_width,
    disc,
    draw_text,
    ellipsize,
    header_band,
    name_badge,
    paste,
    resigned_seat,
    rounded,
    seat_colour,
    seat_name,
    secondary,
    shade,
    short_name,
    star,
    text_line,
    text_width,
    tint,
)
from render.sevenhills.parts import CLOSED, GAME, HEADER, token_name, tr

TW, TH = 1100, 700  # 11:7, half size in the preview: essential text >= 18 px
HL: RGB = (214, 0, 110)  # the latest move's outline and tag
MIN = 18  # the smallest essential font size on this canvas
# fixed places: the Forum and the hills in the order they open, then Capitolium/Campus Martius
PLACES = ("forum", "palatine", "caelian", "aventine", "quirinal", "viminal", "esquiline", "city")
TOP, GAP, M = 128, 10, 12
ROW_H = 74  # a seat in the prestige list: its name and prestige, then its hand and knights
GRID_W = 760
SIDE_X = M + GRID_W + 12


# --- what the latest move changed ----------------------------------------------------------------


@dataclass
class Changes:
    """What differs between the public views before and after the latest action."""

    sectors: dict[str, dict[int, int]] = field(default_factory=dict)  # sector -> seat -> clients
    prestige: dict[int, int] = field(default_factory=dict)  # seat -> prestige gained (or lost)
    consuls: list[int] = field(default_factory=list)  # consuls elected by this move
    city: bool = False  # the temple turned, or the camps changed
    choice: bool = False  # markers to deploy, additional actions or a revolt were set up

    def __bool__(self) -> bool:
        return bool(self.sectors or self.prestige or self.consuls or self.city or self.choice)


def clients(sector: Mapping[str, Any], seat: int) -> int:
    """A seat's clients in a sector as its majority counts them: people on a hill (a noble
    counts 2), markers on the Forum."""
    markers = sector.get("markers", [])
    if seat >= len(markers):
        return 0
    m = markers[seat]
    if sector.get("forum"):
        return sum(m.get(k, 0) for k in CLASSES)
    people = load().people
    return sum(people[k] * m.get(k, 0) for k in CLASSES)


def changes(before: Mapping[str, Any] | None, view: Mapping[str, Any]) -> Changes:
    """What the latest move changed, from the public views before and after it (None: none)."""
    out = Changes()
    if before is None:
        return out
    old = {s["id"]: s for s in before.get("sectors", [])}
    n = view.get("players", 3)
    for sector in view.get("sectors", []):
        prev = old.get(sector["id"])
        if prev is None or prev.get("markers") == sector.get("markers"):
            continue
        out.sectors[sector["id"]] = {
            s: clients(sector, s) - clients(prev, s) for s in range(n)
            if clients(sector, s) != clients(prev, s)
        }
    # a revolt's new targets and protections point at sectors too
    for sector in _revolt_marks(view) - _revolt_marks(before):
        out.sectors.setdefault(sector[0], {})
    seats_then = before.get("seats", [])
    for s, seat in enumerate(view.get("seats", [])):
        if s < len(seats_then):
            delta = seat.get("prestige", 0) - seats_then[s].get("prestige", 0)
            if delta:
                out.prestige[s] = delta
    # the consul phase was reached (the same consul may be elected again)
    consul_phase = before.get("phase") not in ("levy", "return") and (
        view.get("phase") in ("levy", "return", "over") or view.get("era") != before.get("era"))
    if view.get("consuls") != before.get("consuls") or consul_phase:
        out.consuls = list(view.get("consuls", []))
    out.city = any(view.get(k) != before.get(k) for k in ("temple", "legion", "waiting"))
    out.choice = not out.sectors and (
        (bool(view.get("deploy")) and not before.get("deploy"))
        or (bool(view.get("powers")) and not before.get("powers"))
        or (view.get("revolt") is not None and before.get("revolt") is None))
    return out


def _revolt_marks(view: Mapping[str, Any]) -> set[tuple[str, int, str, str]]:
    """A revolt's targets and protections as (sector, seat, class, what) marks."""
    revolt = view.get("revolt") or {}
    marks = {(sec, int(v), cls, f"target{i}")
             for i, (v, sec, cls) in enumerate(revolt.get("targets", []))}
    for seat, prot in (revolt.get("protected") or {}).items():
        for sector, by_cls in prot.items():
            marks |= {(sector, int(seat), cls, f"protect{n}") for cls, n in by_cls.items()}
    return marks


# --- the picture -----------------------------------------------------------------------------------


def turn(view: Mapping[str, Any], names: Sequence[str], locale: str,
         before: Mapping[str, Any] | None = None, outcome: Outcome | None = None) -> Image.Image:
    """The turn post's picture (see the module's docstring)."""
    img = Image.new("RGB", (TW, TH), PAPER)
    diff = changes(before, view)
    _header(img, view, locale)
    _status(img, view, names, locale, outcome)
    sectors = {s["id"]: s for s in view.get("sectors", [])}
    tw = (GRID_W - 3 * GAP) / 4
    th = (TH - TOP - M - GAP) / 2
    for i, place in enumerate(PLACES):
        r, c = divmod(i, 4)
        box = (int(M + c * (tw + GAP)), int(TOP + r * (th + GAP)),
               int(M + c * (tw + GAP) + tw), int(TOP + r * (th + GAP) + th))
        if place == "city":
            _city(img, view, names, locale, box, diff.city)
        elif place in sectors:
            _tile(img, sectors[place], view, names, locale, box, diff.sectors.get(place))
    _side(img, view, names, locale, outcome, diff)
    return img


def _header(img: Image.Image, view: Mapping[str, Any], locale: str) -> None:
    right = tr("turn_era", locale, era=view.get("era", 1), eras=view.get("eras", 5),
               counter=view.get("counter", 0), limit=view.get("limit", 13))
    header_band(img, TW, 56, HEADER, tr("title", locale), 26, M + 4, right=right, right_size=24)


def _winners(view: Mapping[str, Any], outcome: Outcome | None) -> list[int] | None:
    if outcome is not None:
        return list(outcome.winners)
    if view.get("outcome"):
        return list(view["outcome"].get("winners", []))
    return None


def _status(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            outcome: Outcome | None) -> None:
    y0, y1 = 56, 116
    d = ImageDraw.Draw(img)
    d.rectangle((0, y0, TW, y1), fill=PANEL)
    d.line((0, y1 - 1, TW, y1 - 1), fill=LINE, width=2)
    status_line(img, view, names, locale, outcome, (M + 4, (y0 + y1) / 2), TW - 2 * M - 8, 26)


def status_line(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                outcome: Outcome | None, xy: tuple[float, float], width: float,
                size: int) -> None:
    """Who acts, or the result: shared by the turn picture and the full board."""
    x, cy = xy
    x_end = x + width
    d = ImageDraw.Draw(img)
    winners = _winners(view, outcome)
    if winners is not None:
        quit_ = resigned_seat(outcome)
        while size > MIN and _result_width(winners, quit_, names, locale, size) > width:
            size -= 1
        # the names share what the words leave, and are cut rather than the words
        words = size + 14 + 4 + text_width(tr("wins", locale, n=len(winners)), size, True)
        if quit_ is not None:
            words += text_width(tr("resigned", locale), size, True) + 14
        share = (width - words) / (len(winners) + (quit_ is not None)) - 8
        if quit_ is not None:
            x = name_badge(img, (x, cy), seat_name(names, quit_), size, seat_colour(quit_),
                           share, min_size=size)[2] + 8
            x += text_line(d, (x, cy), tr("resigned", locale), size, bold=True) + 14
        paste(img, star(size + 8), (x, cy - (size + 8) / 2))
        x += size + 14
        for s in winners:
            x = name_badge(img, (x, cy), seat_name(names, s), size, seat_colour(s), share,
                           min_size=size)[2] + 8
        text_line(d, (x + 4, cy), tr("wins", locale, n=len(winners)), size, bold=True,
                  max_width=max(40, x_end - x - 4))
        return
    asked = list(view.get("prompt", []))
    phase = view.get("phase", "take")
    if len(asked) == 1:
        text = tr(f"phase.{phase}", locale, name=NAME_MARK, n=1)
        badge_line(img, (x, cy), text, names, asked[0], size, max_width=width)
        return
    text = tr(f"phase.{phase}", locale, name="", n=len(asked)).strip()
    while size > MIN and sum(_badge_w(seat_name(names, s), size) + 8 for s in asked) \
            + text_width(text, size, True) + 4 > width:
        size -= 1
    # the names share what the words leave, and are cut rather than the words
    share = (width - text_width(text, size, True) - 4) / max(1, len(asked)) - 8
    for s in asked:
        x = name_badge(img, (x, cy), seat_name(names, s), size, seat_colour(s), share,
                       min_size=size)[2] + 8
    text_line(d, (x + 4, cy), text, size, bold=True, max_width=max(40, x_end - x - 4))


def _badge_w(text: str, size: int) -> float:
    return text_width(text, size, True) + 2 * max(6, size // 2)


def _result_width(winners: Sequence[int], quit_: int | None, names: Sequence[str], locale: str,
                  size: int) -> float:
    w = size + 14 + sum(_badge_w(seat_name(names, s), size) + 8 for s in winners)
    w += 4 + text_width(tr("wins", locale, n=len(winners)), size, True)
    if quit_ is not None:
        w += _badge_w(seat_name(names, quit_), size) + 8
        w += text_width(tr("resigned", locale), size, True) + 14
    return w


def _fit(text: str, width: float, size: int, bold: bool = True) -> tuple[str, int]:
    """`text` at the largest size from `size` down to MIN that fits `width`, else cut."""
    for s in range(size, MIN - 1, -1):
        if text_width(text, s, bold) <= width:
            return text, s
    return ellipsize(text, width, MIN, bold), MIN


def _tile(img: Image.Image, sector: Mapping[str, Any], view: Mapping[str, Any],
          names: Sequence[str], locale: str, box: tuple[int, int, int, int],
          changed: dict[int, int] | None) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    is_open = sector.get("open", False)
    forum = sector.get("forum", False)
    new = sector.get("new", False)
    if not is_open:
        rounded(img, box, 14, CLOSED, LINE, 2)
        with secondary():
            text_line(d, (x0 + 12, y0 + 28), token_name(sector["id"], locale), 17, bold=True,
                      fill=MUTED, max_width=x1 - x0 - 24)
            draw_text(d, (x0 + 12, y0 + 48, x1 - 12, y0 + 100),
                      tr("closed_tag", locale, era=sector.get("opens")), 15, fill=MUTED,
                      align="left", valign="top", min_size=12)
        return
    outline, width = (GOLD, 4) if new else ((HEADER, 3) if forum else (LINE, 2))
    rounded(img, box, 14, PANEL, outline, width)
    title = tr("forum_short", locale) if forum else token_name(sector["id"], locale)
    name, size = _fit(title, x1 - x0 - 24, 21)
    text_line(d, (x0 + 12, y0 + 28), name, size, bold=True)
    with secondary():
        tag = tr("forum_tag", locale) if forum else tr("new_tag" if new else "old_tag", locale)
        text_line(d, (x0 + 12, y0 + 52), tag, 15, fill=shade(GOLD, 0.3) if new else MUTED,
                  max_width=x1 - x0 - 24)
    n = view.get("players", 3)
    counts = [(s, clients(sector, s)) for s in view.get("order", range(n))]
    rows = sorted((c for c in counts if c[1] > 0), key=lambda c: -c[1])
    if not rows:
        with secondary():
            text_line(d, ((x0 + x1) / 2, (y0 + y1) / 2 + 20), tr("empty", locale), 16,
                      fill=MUTED, anchor="mm")
    top = rows[0][1] if rows else 0
    row_h = 46
    targeted = {int(v) for v, sec, _ in (view.get("revolt") or {}).get("targets", [])
                if sec == sector["id"]}
    for i, (s, count) in enumerate(rows):
        ry0 = y0 + 68 + i * row_h
        colour = seat_colour(s)
        lead = count == top
        rounded(img, (x0 + 8, ry0, x1 - 8, ry0 + row_h - 6), 8,
                tint(colour, 0.7) if lead else tint(colour, 0.9))
        rounded(img, (x0 + 8, ry0, x0 + 16, ry0 + row_h - 6), 3, colour)
        if s in targeted:  # a revolt's target: dashed in the alert colour
            rounded(img, (x0 + 6, ry0 - 2, x1 - 6, ry0 + row_h - 4), 9, None, ALERT, 3)
        cy = ry0 + (row_h - 6) / 2
        right = x1 - 16
        w = text_line(d, (right, cy), str(count), 24, bold=True, anchor="rm")
        right -= w + 6
        delta = (changed or {}).get(s)
        if delta:
            label = f"{delta:+d}"
            w = text_line(d, (right, cy), label, MIN, bold=True, fill=HL, anchor="rm")
            right -= w + 6
        text_line(d, (x0 + 22, cy), short_name(seat_name(names, s), right - x0 - 24, MIN, lead),
                  MIN, bold=lead, max_width=right - x0 - 24)
    if changed is not None:
        _mark(img, box, locale=locale)


def _mark(img: Image.Image, box: tuple[int, int, int, int], text: str | None = None,
          locale: str = "en") -> None:
    """The latest move's outline around `box`, with its tag."""
    rounded(img, box, 14, None, HL, 5)
    label = text if text is not None else tr("last_move", locale)
    badge(img, (box[2] - 8, box[1]), label, MIN, HL, anchor="rm")


def _city(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
          box: tuple[int, int, int, int], changed: bool) -> None:
    """Capitolium (the temple: how many cards the draw action takes) and Campus Martius."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    rounded(img, box, 14, (240, 232, 212), LINE, 2)
    text_line(d, (x0 + 12, y0 + 28), "Capitolium", 21, bold=True)
    temple = int(view.get("temple", 2))
    cy = y0 + 78
    disc(img, (x0 + 38, cy), 48, GOLD, shade(GOLD, 0.4), 2)
    text_line(d, (x0 + 38, cy), str(temple), 26, bold=True, anchor="mm")
    draw_text(d, (x0 + 70, cy - 30, x1 - 10, cy + 30), tr("temple_turn", locale, n=temple), 18,
              bold=True, align="left", min_size=MIN, max_lines=2)
    with secondary():
        y = y0 + 124
        text_line(d, (x0 + 12, y), "Campus Martius", 15, bold=True, fill=MUTED)
        for key, counts in (("legion_camp", view.get("legion", [])),
                            ("waiting_camp", view.get("waiting", []))):
            y += 22
            text_line(d, (x0 + 12, y), tr(key, locale), 13, fill=MUTED, max_width=x1 - x0 - 24)
            shown = [(s, c) for s, c in enumerate(counts) if c]
            y += 20
            x = x0 + 12
            if not shown:
                text_line(d, (x, y), "—", 14, fill=MUTED)
            for s, c in shown:
                label = f"{seat_name(names, s)[:3]} {c}"
                if x + text_width(label, 13, True) + 14 > x1 - 6:
                    x, y = x0 + 12, y + 22
                x = badge(img, (x, y), label, 13, tint(seat_colour(s), 0.5))[2] + 4
        y += 26
        text_line(d, (x0 + 12, y), tr("deck_turn", locale, n=view.get("deck", 0)), 14,
                  fill=MUTED, max_width=x1 - x0 - 24)
    if changed:
        _mark(img, box, locale=locale)


def _side(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
          outcome: Outcome | None, diff: Changes) -> None:
    """Prestige in turn order, then what the acting player chooses among."""
    x0, x1 = SIDE_X, TW - M
    y0 = TOP
    d = ImageDraw.Draw(img)
    order = list(view.get("order", range(view.get("players", 3))))
    seats = view.get("seats", [])
    consuls = view.get("consuls", [])
    # A bot's name keeps its level, as the text posts write it ("Cicero (hard)"): a row whose
    # name would lose it beside the prestige writes the name alone, the rest under it.
    layouts = [_layout(names, s, seats[s] if s < len(seats) else {}, s in consuls,
                       diff.prestige.get(s), locale) for s in order]
    tops = [y0 + 38 + i * ROW_H + NAME_LINE * sum(k == APART for k in layouts[:i])
            for i in range(len(order))]
    h = 40 + ROW_H * len(order) + NAME_LINE * sum(k == APART for k in layouts)
    rounded(img, (x0, y0, x1, y0 + h), 14, PANEL, LINE, 2)
    text_line(d, (x0 + 14, y0 + 22), tr("col.prestige", locale), 20, bold=True, fill=MUTED)
    with secondary():
        text_line(d, (x1 - 14, y0 + 22), tr("col.order_short", locale), 14, fill=MUTED,
                  anchor="rm")
    winners = _winners(view, outcome) or []
    active = set(view.get("prompt", [])) if not winners else set()
    for i, s in enumerate(order):
        ry0, cy = tops[i], tops[i] + 20
        if s in active or s in winners:
            bottom = ry0 + ROW_H + (NAME_LINE if layouts[i] == APART else 0) - 5
            rounded(img, (x0 + 5, ry0 - 3, x1 - 5, bottom), 10, tint(seat_colour(s), 0.8))
        if s in winners:  # in place of its step of the turn order: the game is over
            paste(img, star(24), (x0 + 9, cy - 12))
        else:
            disc(img, (x0 + 21, cy), 14, seat_colour(s), PANEL, 2)  # a step of the turn order
        _row(img, (cy, layouts[i]), names, s, seats[s] if s < len(seats) else {},
             (s in consuls, s in diff.consuls, diff.prestige.get(s)), locale)
    _order_arrows(img, [top + 20 for top in tops], x0 + 21)
    if diff.consuls:
        _mark(img, (x0, y0, x1, y0 + h), text=tr("elected", locale, n=len(diff.consuls)),
              locale=locale)
    elif diff.prestige and not diff.sectors:
        _mark(img, (x0, y0, x1, y0 + h), locale=locale)
    # what the acting player chooses among
    by = y0 + h + 12
    lines = choice_lines(view, names, locale, winners)
    if not lines:
        return
    rounded(img, (x0, by, x1, TH - M), 14, PANEL, LINE, 2)
    if diff.choice:
        _mark(img, (x0, by, x1, TH - M), locale=locale)
    y = by + 16
    for text, seat in lines:
        if y > TH - M - 30:
            break
        if seat is not None and NAME_MARK in text:
            before, _, after = text.partition(NAME_MARK)
            x = x0 + 14
            if before.strip():
                x += text_line(d, (x, y + 14), before.strip(), MIN, bold=True) + 6
            badge(img, (x, y + 14), seat_name(names, seat), MIN, seat_colour(seat),
                  max_width=x1 - x - 14)
            y += 34
            text = after.strip()
            if not text:
                continue
        used = draw_text(d, (x0 + 14, y, x1 - 14, TH - M - 8), text.replace(NAME_MARK, ""),
                         20, align="left", valign="top", min_size=MIN, max_lines=6)
        lines_n = len(_wrap_count(text, x1 - x0 - 28, used))
        y += int(lines_n * used * 1.12) + 10


NAME_LINE = 32  # a prestige row whose name needs the whole width: its prestige on the line under
SIDE_W = TW - M - SIDE_X
# A prestige row's layouts: the name beside the prestige, the cards and knights under them; the
# name alone on its line, all the rest on the line under it; the name alone, the prestige
# under it, the cards and knights under that (a row NAME_LINE taller).
BESIDE, UNDER, APART = 0, 1, 2


def _layout(names: Sequence[str], s: int, seat: Mapping[str, Any], consul: bool,
            gained: int | None, locale: str) -> int:
    """How seat `s`'s row is laid out: beside unless its name has a level ("Cicero (hard)",
    "Ann (bot)") it would lose beside its prestige (a name without one is cut there as
    before); then under when the rest fits on one line."""
    name = seat_name(names, s)
    numbers = _prestige_width(seat, consul, locale)
    room = SIDE_W - 52 - numbers - 2 * max(6, MIN // 2)
    if not (name.endswith(")") and " (" in name) or short_name(name, room, MIN) == name:
        return BESIDE
    under = text_width(_seat_line(seat, locale), MIN, False) + 8 + numbers
    if gained:
        under += text_width(f"{gained:+d}", MIN, True) + 8
    return UNDER if under <= SIDE_W - 52 else APART


def _seat_line(seat: Mapping[str, Any], locale: str) -> str:
    return tr("seat_line", locale, n=seat.get("hand", 0), k=seat.get("knights", 0))


def _row(img: Image.Image, at: tuple[float, int], names: Sequence[str], s: int,
         seat: Mapping[str, Any], marks: tuple[bool, bool, int | None], locale: str) -> None:
    """A prestige row right of its dot, its first line's centre at `cy`: the name, the prestige
    (and the consul's tag: `marks` says whether a consul, just elected), the prestige gained and
    the cards and knights, as `layout` places them."""
    (cy, layout), (consul, elected, gained) = at, marks
    d = ImageDraw.Draw(img)
    x0, x1 = SIDE_X, TW - M
    if layout != BESIDE:  # the row's whole width, from its dot: "Themistocles (medium)" fits
        name_badge(img, (x0 + 34, cy), seat_name(names, s), 20, seat_colour(s),
                   x1 - x0 - 46, min_size=MIN)
        cy += NAME_LINE if layout == APART else 32
    right = _prestige(img, (x1 - 14, cy), seat, consul, elected, locale)
    if layout == BESIDE:
        name_badge(img, (x0 + 38, cy), seat_name(names, s), 20, seat_colour(s),
                   max(60, right - x0 - 44), min_size=MIN)
    if layout != UNDER:
        right, cy = x1 - 14, cy + 32
    if gained:  # under the prestige it changed (beside it when the row is one line)
        right -= text_line(d, (right, cy), f"{gained:+d}", MIN, bold=True, fill=HL,
                           anchor="rm") + 8
    text_line(d, (x0 + 38, cy), _seat_line(seat, locale), MIN, fill=MUTED,
              max_width=right - x0 - 38)


def _prestige_width(seat: Mapping[str, Any], consul: bool, locale: str) -> float:
    """The width `_prestige` takes at a row's right, its gaps included."""
    w = text_width(str(seat.get("prestige", 0)), 28, True) + 8
    return w + (badge_width(tr("consul", locale), MIN) + 6 if consul else 0)


def _prestige(img: Image.Image, at: tuple[float, float], seat: Mapping[str, Any], consul: bool,
              elected: bool, locale: str) -> float:
    """A row's prestige from its right end leftwards, and the consul's tag beside it (outlined
    when just elected). Returns where they begin."""
    right, cy = at
    right -= text_line(ImageDraw.Draw(img), (right, cy), str(seat.get("prestige", 0)), 28,
                       bold=True, anchor="rm") + 8
    if consul:  # beside the name: the line under it is the hand's and knights'
        tag = badge(img, (right, cy), tr("consul", locale), MIN, GOLD, anchor="rm")
        if elected:
            rounded(img, (tag[0] - 3, tag[1] - 3, tag[2] + 3, tag[3] + 3), 16, None, HL, 3)
        right = tag[0] - 6
    return right


def _order_arrows(img: Image.Image, ys: Sequence[float], x: float) -> None:
    """The turn order as a path down the list, from each seat's dot to the next one's (no rank
    numbers: prestige ranks the players, not this list)."""
    d = ImageDraw.Draw(img)
    for top, bottom in zip(ys, ys[1:], strict=False):  # dot centres: 7 px radius and a ring
        tip = bottom - 11
        d.line((x, top + 11, x, tip - 8), fill=MUTED, width=3)
        d.polygon([(x - 6, tip - 9), (x + 6, tip - 9), (x, tip)], fill=MUTED)


def _wrap_count(text: str, width: float, size: int) -> list[str]:
    from render.common import wrap

    return wrap(text, width, size)[:6]


def choice_lines(view: Mapping[str, Any], names: Sequence[str], locale: str,
                 winners: Sequence[int]) -> list[tuple[str, int | None]]:
    """What the acting player chooses among, as short lines (NAME_MARK: the seat's name)."""
    if winners:
        return []
    phase = view.get("phase")
    out: list[tuple[str, int | None]] = []
    revolt = view.get("revolt")
    if revolt:
        targets = [
            tr("target", locale, cls=token_name(c, locale), who=seat_name(names, v),
               sector=translate(Msg(f"{GAME}.the.{sec}"), locale))  # « sur l'Aventin »
            for v, sec, c in revolt.get("targets", [])]
        out.append((tr("revolt_by", locale, name=NAME_MARK), revolt.get("by")))
        for t in targets:
            out.append(("• " + t, None))
        if revolt.get("left", 0):
            out.append((tr("to_choose", locale, n=revolt["left"]), None))
    elif phase == "deploy" and view.get("deploy"):
        out.append((tr("to_deploy_turn", locale, markers=", ".join(
            token_name(k, locale) for k in CLASSES for _ in range(view["deploy"].count(k)))), None))
    elif phase == "power" and view.get("powers"):
        out.append((tr("powers_turn", locale, powers=", ".join(
            translate(Msg(f"{GAME}.power.{p}"), locale) for p in view["powers"])), None))
    elif phase == "preplace" and view.get("preplace"):
        seat = view["preplace"][0]
        out.append((tr("preplace_left", locale, n=view["preplace"].count(seat)), None))
    elif phase in ("take", "act") and view.get("discard_top"):
        out.append((tr("discard_top", locale, card=_card(view["discard_top"], locale)), None))
    elif phase == "levy" and view.get("consul"):
        left = list(view["consul"].get("levy", []))
        asked = view.get("prompt", [])
        if asked:
            out.append((tr("levy_left", locale, n=left.count(asked[0])), None))
    elif phase == "return" and view.get("consul"):
        out.append((tr("return_left", locale, n=view["consul"].get("placing", 0)), None))
    if phase in ("levy", "return"):
        for r in view.get("revealed", [])[-1:]:
            if r.get("era") == view.get("era"):
                out.append((tr("revealed_turn", locale, name=NAME_MARK, icon=translate(
                    Msg(f"{GAME}.legion.{r['icon']}"), locale), back=r["back"]), r["seat"]))
    return out


def _card(card: str, locale: str) -> str:
    k = load().card(card)
    return translate(Msg(f"{GAME}.card", {"colour": Msg(f"{GAME}.colour.{k.colour}"),
                                          "cls": Msg(f"{GAME}.tok.{k.cls}")}), locale)


__all__ = ["Changes", "changes", "choice_lines", "clients", "resigned_seat", "status_line",
           "turn"]
