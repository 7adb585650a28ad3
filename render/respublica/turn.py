"""Res Publica: the turn post's picture, read at a glance in a channel's inline preview.

A landscape 1100x700 picture (shown at half size in Discord's ~550x350 preview, so every essential
text is drawn at 18 px or more): a header with the variant and the last-round warning, a status
band (whose turn, the trade on the table, the deal being handed over, or the result), one row per
player (name, table points, cards in hand, every group laid as a point-card chip, and during a
trade that player's answer), and a column with the piles that matter for the next choice (the
decks, the next town, what is left of each point-card pile).

What the latest action changed is found by comparing the public views `before` and `view`
(`last_move`) and outlined in gold with a short label: the group just laid, the answer just
given, the proposal just made, the deal accepted, the cards drawn or traded.

Only public keys of the view are read (never view["hand"], nor a trader's chosen cards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
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
    NAME_MARK,
    PANEL,
    PAPER,
    RGB,
    Box,
    badge,
    badge_line,
    draw_text,
    fit_lines,
    font,
    header_band,
    mix,
    name_badge,
    paste,
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
from render.respublica import parts
from render.respublica.parts import (
    CARD_COLOURS,
    CIVILISATION,
    FAMILY_FRAME,
    HEADER,
    PEOPLE,
    card_back,
    families_of,
    icon,
    kind_colour,
    proposal_label,
    tr,
)

TW, TH = 1100, 700  # the turn picture: 11:7 fills the preview box at a scale of 0.5
TM = 16  # outer margin
HEADER_H = 58
PILES_W = 210  # the piles column on the right
ESSENTIAL = 18  # the smallest essential text (px): 9 px in the preview
NAME = 24  # a player's name
MARK: RGB = shade(GOLD, 0.05)
LEFT_W = 312  # a row's left block: name, tag, cards in hand
POINTS_W = 86  # a row's points box  # the last move's outline and label


# --- what the latest action changed -------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """What the latest action changed in the public view.

    groups: seat -> indices of the groups it just laid; hands: seat -> change of its hand size;
    proposal: a trade was just put forward; answer: the seat that just answered; deal: the two
    seats of a deal just accepted or concluded; chosen: seats that just chose the cards they
    give; closed: the trading seat whose trade ended without a deal (or whose end is not public);
    done: the seat that just finished its final lay-downs; drew: the seat that just ended its
    turn and drew."""

    groups: dict[int, tuple[int, ...]] = field(default_factory=dict)
    hands: dict[int, int] = field(default_factory=dict)
    proposal: bool = False
    answer: int | None = None
    deal: tuple[int, ...] = ()
    chosen: tuple[int, ...] = ()
    closed: int | None = None
    done: int | None = None
    drew: int | None = None

    @property
    def seats(self) -> set[int]:
        out = set(self.groups) | set(self.deal) | set(self.chosen)
        for seat in (self.answer, self.closed, self.done, self.drew):
            if seat is not None:
                out.add(seat)
        return out

    def __bool__(self) -> bool:
        return bool(self.seats or self.proposal or self.hands)


def last_move(before: Mapping[str, Any] | None, view: Mapping[str, Any]) -> Change:
    """What changed from the public view `before` to `view` (an empty Change without `before`)."""
    if before is None:
        return Change()
    seats_b, seats_v = before.get("seats", []), view.get("seats", [])
    groups: dict[int, tuple[int, ...]] = {}
    hands: dict[int, int] = {}
    for s, (b, v) in enumerate(zip(seats_b, seats_v, strict=False)):
        nb, nv = len(b.get("groups", [])), len(v.get("groups", []))
        if nv > nb:
            groups[s] = tuple(range(nb, nv))
        delta = int(v.get("hand", 0)) - int(b.get("hand", 0))
        if delta:
            hands[s] = delta
    tb, tv = before.get("trade"), view.get("trade")
    proposal = tb is None and tv is not None
    answer = None
    deal: tuple[int, ...] = ()
    chosen: tuple[int, ...] = ()
    closed = None
    if tb is not None and tv is not None:
        was = {a["seat"]: a["answer"] for a in tb.get("answers", [])}
        now = {a["seat"]: a["answer"] for a in tv.get("answers", [])}
        answer = next((s for s in now if was.get(s) is None and now[s] is not None), None)
        if tb.get("accepted") is None and tv.get("accepted") is not None:
            deal = (tv["by"], tv["accepted"])
        chose_b = {d["seat"]: d.get("chosen") for d in tb.get("deliver") or []}
        chosen = tuple(d["seat"] for d in tv.get("deliver") or []
                       if d.get("chosen") and not chose_b.get(d["seat"]))
    elif tb is not None and tv is None:
        partners = [d["seat"] for d in tb.get("deliver") or []]
        if not partners and tb.get("accepted") is None:
            # the trade ended from the answers or the choice: a deal shows in the hand sizes
            # (unless both gave as many cards as they got: then the public view cannot tell)
            moved = [s for s in hands if s == tb.get("by") or s in
                     {a["seat"] for a in tb.get("answers", [])}]
            if before.get("phase") == "accept" and len(moved) == 2:
                partners = moved
            elif before.get("phase") == "answers":
                last = next((a["seat"] for a in tb.get("answers", []) if a["answer"] is None),
                            None)
                answer = last
        if partners:
            deal = tuple(partners)
        else:
            closed = tb.get("by")
    done = None
    drew = None
    if before.get("phase") == "final" and view.get("final") != before.get("final") or (
        before.get("phase") == "final" and view.get("phase") == "over"
    ):
        done = before.get("active")
    elif (before.get("phase") == "turn" and before.get("active") is not None
          and (view.get("active") != before.get("active") or view.get("phase") != "turn")
          and not groups):
        drew = before.get("active")
    return Change(groups, hands, proposal, answer, deal, chosen, closed, done, drew)


def _move_label(change: Change, seat: int, locale: str) -> str | None:
    """The short label of the last move on `seat`'s row."""
    if seat == change.drew:
        n = change.hands.get(seat, 0)
        return tr("turn.drew", locale, n=n) if n > 0 else tr("turn.last_move", locale)
    if seat in change.deal and not change.proposal and change.closed is None and (
        change.hands or not change.chosen
    ):
        return tr("turn.deal", locale)
    if seat == change.closed:
        return tr("turn.trade_over", locale)
    if seat == change.done:
        return tr("turn.done", locale)
    if seat in change.seats:
        return tr("turn.last_move", locale)
    return None


# --- the picture ----------------------------------------------------------------------------------


@dataclass
class _End:
    """The game's end as the platform knows it: winners, scores (None after a resignation), the
    seat that resigned."""

    winners: set[int]
    scores: list[int] | None
    resigned: int | None
    pairs: dict[int, int]


def _end(view: Mapping[str, Any], outcome: Outcome | None) -> _End | None:
    if outcome is not None:
        seat = resigned_seat(outcome)
        data = outcome.to_json()
    elif view.get("outcome"):
        seat, data = None, view["outcome"]
    else:
        return None
    pairs = {}
    for d in data.get("details") or []:
        p = d.get("p", {}) if isinstance(d, Mapping) else {}
        s = p.get("seat")
        s = s.get("seat") if isinstance(s, Mapping) else s
        if isinstance(s, int) and isinstance(p.get("pairs"), int):
            pairs[s] = p["pairs"]
    scores = data.get("scores")
    return _End(set(data.get("winners") or []), list(scores) if scores is not None else None,
                seat if isinstance(seat, int) else None, pairs)


def turn(view: Mapping[str, Any], names: Sequence[str], locale: str,
         before: Mapping[str, Any] | None = None, outcome: Outcome | None = None) -> Image.Image:
    """The turn post's picture of the public `view` (see the module's docstring)."""
    end = _end(view, outcome)
    change = last_move(before, view) if end is None or end.resigned is None else Change()
    right = TW - TM - PILES_W - 12
    seats = view.get("seats", [])
    prompt = set(view.get("prompt") or [])
    styles = tuple(
        "resigned" if end is not None and end.resigned == i
        else "winner" if end is not None and i in end.winners
        else "asked" if end is None and i in prompt else "plain"
        for i in range(len(seats))
    )
    trade = view.get("trade")
    accent = GOLD if end else seat_colour(trade["by"] if trade else view.get("active") or 0)
    lines, _, _ = _proposal_layout(view, names, locale, end, right - TM - 28)
    status_h = 96 if len(lines) > 1 else 86
    variant = "classic" if view.get("variant") == "classic" else "full"
    img = _frame(locale, variant, styles, status_h, accent).copy()
    _turn_header(img, view, locale, end)
    y = HEADER_H + 10
    y = _status(img, view, names, locale, end, change, (TM, y, right, y + status_h))
    _piles_column(img, view, locale, (right + 12, HEADER_H + 10, TW - TM, TH - TM))
    families = families_of(view)
    trading = bool(trade) and end is None
    for i, seat in enumerate(seats):
        _row(img, view, names, locale, i, seat, families, end, change, trading,
             _row_box(len(seats), status_h, i))
    return img


def _row_box(n: int, status_h: int, i: int) -> Box:
    gap = 12
    y = HEADER_H + 10 + status_h + 10
    row_h = min(150, (TH - TM - y - gap * (max(1, n) - 1)) // max(1, n))
    y0 = y + i * (row_h + gap)
    return (TM, y0, TW - TM - PILES_W - 12, y0 + row_h)


@lru_cache(maxsize=64)
def _frame(locale: str, variant: str, styles: tuple[str, ...], status_h: int,
           accent: RGB) -> Image.Image:
    """The picture's static layer: the header band, the status band's and the piles' frames,
    each row's frame in its style (asked, winner, resigned, plain) and its points box.
    Cached: copy it before drawing on it."""
    img = Image.new("RGB", (TW, TH), PAPER)
    header_band(img, TW, HEADER_H, HEADER, tr("title", locale), 28, TM,
                tr(f"variant.{variant}", locale), ESSENTIAL)
    right = TW - TM - PILES_W - 12
    rounded(img, (TM, HEADER_H + 10, right, HEADER_H + 10 + status_h), 14, PANEL, accent, 4)
    box = (right + 12, HEADER_H + 10, TW - TM, TH - TM)
    rounded(img, box, 14, PANEL, LINE, 2)
    text_line(ImageDraw.Draw(img), ((box[0] + box[2]) / 2, box[1] + 22),
              tr("turn.piles", locale), 20, bold=True, fill=MUTED, anchor="mm")
    for i, style in enumerate(styles):
        x0, y0, x1, y1 = _row_box(len(styles), status_h, i)
        colour = seat_colour(i)
        if style == "asked":
            rounded(img, (x0, y0, x1, y1), 12, tint(colour, 0.84), colour, 5)
        elif style == "winner":
            rounded(img, (x0, y0, x1, y1), 12, tint(GOLD, 0.8), shade(GOLD, 0.1), 4)
        else:
            rounded(img, (x0, y0, x1, y1), 12, PANEL, mix(colour, LINE, 0.55), 2)
        rounded(img, (x0 + 7, y0 + 8, x0 + 14, y1 - 8), 3, colour)
        px0 = x0 + LEFT_W + 8
        rounded(img, (px0, y0 + 8, px0 + POINTS_W, y1 - 8), 10, (255, 255, 255),
                shade(colour, 0.1), 2)
    return img


def clear_caches() -> None:
    """Forget every cached layer: the pieces' and the turn picture's frames."""
    parts.clear_caches()
    _frame.cache_clear()


def _turn_header(img: Image.Image, view: Mapping[str, Any], locale: str,
                 end: _End | None) -> None:
    if end is None and view.get("last_round"):
        text = tr("last_round_plain", locale)
        if view.get("phase") == "final":
            text = tr("turn.final_laying", locale)
        badge(img, (TW - TM, HEADER_H / 2 - 1), text, 20, ALERT, anchor="rm")
    elif end is None and isinstance(view.get("turn"), int):
        d = ImageDraw.Draw(img)
        text_line(d, (TW - TM, HEADER_H / 2 - 1), tr("status.turn_number", locale,
                                                         n=view["turn"]),
                  20, bold=True, fill=(246, 226, 178), anchor="rm")


def _name(img: Image.Image, xy: tuple[float, float], names: Sequence[str], seat: int,
          size: int = NAME, anchor: str = "lm", room: float = 400) -> Box:
    """A seat's name on its colour, whole: it shrinks (never below ESSENTIAL) before it is cut."""
    return name_badge(img, xy, seat_name(names, seat), size, seat_colour(seat), max(room, 60),
                      min_size=ESSENTIAL, anchor=anchor)


def _words(img: Image.Image, x: float, y: float, text: str, size: int, *, bold: bool = True,
           fill: RGB = INK) -> float:
    """One line of text from its left-middle point; returns the x after it."""
    d = ImageDraw.Draw(img)
    return x + text_line(d, (x, y), text, size, bold=bold, fill=fill) + size * 0.3


# --- the status band --------------------------------------------------------------------------------


def _sentence(img: Image.Image, xy: tuple[float, float], key: str, locale: str,
              names: Sequence[str], seat: int | None, size: int, max_width: float, *,
              bold: bool = True, fill: RGB = INK, **params: Any) -> float:
    """The template `key` with its {name} drawn as the seat's badge, never below ESSENTIAL px.
    Returns its width."""
    text = tr(key, locale, name=NAME_MARK, **params)
    return badge_line(img, xy, text, names, seat, size, bold=bold, fill=fill,
                      max_width=max_width, min_ratio=ESSENTIAL / size)


def _proposal_layout(view: Mapping[str, Any], names: Sequence[str], locale: str,
                     end: _End | None, inner: float) -> tuple[list[str], int, float]:
    """The proposal's lines and font size in the status band, and the width of the words
    before it ("Aurelia seeks"); no lines without a trade."""
    trade = view.get("trade")
    if not trade or end is not None:
        return [], 24, 0.0
    mode = "offer" if trade.get("mode") == "offer" else "seek"
    lead_w = _sentence(None, (0, 0), f"trade.{mode}", locale, names, trade["by"], NAME,
                       inner * 0.45)
    text = proposal_label(str(trade.get("proposal", "")), locale, names)
    lines, size = fit_lines(text, inner - lead_w - 40, 64, 24, True, ESSENTIAL + 2, 2, 1.1)
    return lines, size, lead_w


def _status(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            end: _End | None, change: Change, box: Box) -> int:
    """Whose turn, the trade, the deal or the result, in a band across the rows' width.
    Returns the y below it."""
    x0, y0, x1, _ = box
    pad = 14
    x = x0 + pad
    inner = x1 - x0 - 2 * pad
    trade = view.get("trade")
    phase = view.get("phase")
    active = view.get("active")
    proposal_lines, psize, lead_w = _proposal_layout(view, names, locale, end, inner)
    h = 96 if len(proposal_lines) > 1 else 86
    y1 = y0 + h
    d = ImageDraw.Draw(img)
    top = y0 + 28
    second = y0 + h - 24

    if end is not None:
        if end.resigned is not None:
            _sentence(img, (x, top), "turn.resigned", locale, names, end.resigned, 26, inner,
                      fill=ALERT)
            xx = _words(img, x, second, tr("turn.winners", locale, n=len(end.winners)),
                        ESSENTIAL + 2)
            share = (x + inner - xx) / max(1, len(end.winners)) - 6  # the winners share the line
            for w in sorted(end.winners):
                xx = _name(img, (xx, second), names, w, ESSENTIAL + 2, room=share)[2] + 6
            return y1 + 10
        paste(img, star(30), (x, top - 15))
        xx = x + 36
        if len(end.winners) == 1:
            (w,) = end.winners
            pts = end.scores[w] if end.scores else 0
            _sentence(img, (xx, top), "turn.wins", locale, names, w, 26, inner - 36, n=pts)
        else:
            xx = _words(img, xx, top, tr("turn.shared", locale), 26)
            share = (x + inner - xx) / max(1, len(end.winners)) - 8
            for w in sorted(end.winners):
                xx = _name(img, (xx, top), names, w, 24, room=share)[2] + 8
        text_line(d, (x, second), tr("turn.final_hint", locale), ESSENTIAL, fill=MUTED,
                  max_width=inner)
        return y1 + 10

    if trade:
        by = trade["by"]
        mode = "offer" if trade.get("mode") == "offer" else "seek"
        mid = y0 + h / 2
        _sentence(img, (x, mid), f"trade.{mode}", locale, names, by, NAME, inner * 0.45)
        bx0, bx1 = x + lead_w + 12, x1 - pad
        bh = int(len(proposal_lines) * psize * 1.1 + 14)
        by0 = mid - bh / 2
        rounded(img, (bx0, by0, bx1, by0 + bh), 10, tint(seat_colour(by), 0.78))
        if change.proposal:
            rounded(img, (bx0 - 4, by0 - 4, bx1 + 4, by0 + bh + 4), 13, None, MARK, 4)
        ty = by0 + 7
        for line in proposal_lines:
            text_line(d, (bx0 + 12, ty + psize * 0.55), line, psize, bold=True)
            ty += psize * 1.1
        return y1 + 10

    if phase == "final":
        text_line(d, (x, top), tr("status.final", locale), 26, bold=True, max_width=inner)
        asked = list(view.get("prompt") or [])
        if asked:
            _sentence(img, (x, second), "status.final_who", locale, names, asked[0],
                      ESSENTIAL + 2, inner, bold=False)
        return y1 + 10

    if active is not None:
        _sentence(img, (x, top), "status.turn", locale, names, active, 28, inner)
        done = [key for key, flag in (("status.traded", view.get("traded")),
                                      ("status.laid", view.get("laid"))) if flag]
        hint = " ".join(tr(k, locale) for k in done) if done else tr("status.turn_hint", locale)
        text_line(d, (x, second), hint, ESSENTIAL, fill=MUTED, max_width=inner)
    return y1 + 10


# --- the piles ------------------------------------------------------------------------------------


def _piles_column(img: Image.Image, view: Mapping[str, Any], locale: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    piles = view.get("piles", {})
    classic = view.get("variant") == "classic"
    towns = list(piles.get("towns", []))
    entries: list[tuple[str, str, str, RGB]] = [
        ("back:people", str(piles.get("people", 0)), tr("turn.pile.people", locale),
         FAMILY_FRAME[PEOPLE]),
        ("back:civilisation", str(piles.get("civilisation", 0)),
         tr("turn.pile.civilisation", locale), FAMILY_FRAME[CIVILISATION]),
        ("town", str(towns[0]) if towns else "0",
         tr("turn.pile.town", locale, n=len(towns)) if towns else tr("empty", locale),
         CARD_COLOURS["town"]),
        ("city", str(piles.get("cities", 0)), tr("turn.pile.cities", locale,
                                                  n=int(piles.get("cities", 0))),
         CARD_COLOURS["city"]),
    ]
    if not classic:
        entries.append(("church", str(piles.get("churches", 0)),
                        tr("turn.pile.churches", locale, n=int(piles.get("churches", 0))),
                        CARD_COLOURS["church"]))
        entries.append(("library", str(piles.get("libraries", 0)),
                        tr("turn.pile.libraries", locale, n=int(piles.get("libraries", 0))),
                        CARD_COLOURS["library"]))
    step = min(92, (y1 - y0 - 48) / len(entries))
    y = y0 + 44
    for kind, big, small, colour in entries:
        ix = x0 + 12
        cy = y + step / 2
        empty = big == "0"
        if kind.startswith("back:"):
            family = kind.split(":")[1]
            paste(img, card_back(family, 34, 46), (ix, cy - 23))
        else:
            rounded(img, (ix - 2, cy - 23, ix + 38, cy + 23), 8, tint(colour, 0.8))
            paste(img, icon(kind, 32, colour if not empty else LINE), (ix + 2, cy - 16))
        tx = ix + 50
        big_colour = MUTED if empty else (shade(colour, 0.2) if kind == "town" else INK)
        lines, _ = fit_lines(small, x1 - tx - 6, 44, ESSENTIAL, False, ESSENTIAL, 2, 1.05)
        by = cy - 11 - (len(lines) - 1) * 10
        text_line(d, (tx, by), big, 26, bold=True, fill=big_colour)
        for k, line in enumerate(lines):
            text_line(d, (tx, by + 26 + k * 19), line, ESSENTIAL, fill=MUTED)
        y += step


# --- a player's row ---------------------------------------------------------------------------------


def _row(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, i: int,
         seat: Mapping[str, Any], families: Mapping[str, str], end: _End | None,
         change: Change, trading: bool, box: Box) -> None:
    x0, y0, x1, y1 = box
    colour = seat_colour(i)
    prompt = set(view.get("prompt") or [])
    winner = end is not None and i in end.winners
    gave_up = end is not None and end.resigned == i
    asked = end is None and i in prompt
    d = ImageDraw.Draw(img)
    h = y1 - y0
    lx = x0 + 24
    top = y0 + min(26, h * 0.27)
    low = y1 - min(26, h * 0.27)
    left_w = LEFT_W
    _name(img, (lx, top), names, i, NAME, room=left_w - 30)

    # line 2: the tag (to play, to answer, winner, resigned), then the cards in hand
    x = lx
    tag = None
    if gave_up:
        tag = (tr("turn.tag.resigned", locale), ALERT)
    elif winner:
        paste(img, star(24), (x, low - 12))
        x += 28
        tag = (tr("tag.winner", locale), shade(GOLD, 0.1))
    elif asked:
        phase = view.get("phase")
        key = {"answers": "tag.answer", "accept": "turn.tag.accept",
               "deliver": "turn.tag.give"}.get(phase or "", "tag.active")
        tag = ("▶ " + tr(key, locale), shade(colour, 0.3))
    if tag:
        x = badge(img, (x, low), tag[0], ESSENTIAL, tag[1])[2] + 10
    n = int(seat.get("hand", 0))
    hand_text = tr("hand.count", locale, n=n)
    if x + 28 + text_width(hand_text, ESSENTIAL, True) > x0 + left_w:
        hand_text = str(n)  # beside a long tag ("▶ Doit répondre") the icon says "cards"
    hx0 = x
    paste(img, icon("hand", 24, INK), (x, low - 12))
    x += 28
    hw = text_line(d, (x, low), hand_text, ESSENTIAL, bold=True, fill=INK)
    if i in change.hands and (i == change.drew or i in change.deal):
        rounded(img, (hx0 - 6, low - 17, x + hw + 6, low + 17), 10, None, MARK, 3)

    label = _move_label(change, i, locale)

    # points: on the table, or the final score
    px0 = x0 + left_w + 8
    pw = POINTS_W
    pts = int(seat.get("points", 0))
    final = end is not None and end.scores is not None and i < len(end.scores)
    shown = end.scores[i] if final and end is not None and end.scores is not None else pts
    pmid = (px0 + pw / 2)
    big = 34 if h >= 96 else 28
    d.text((pmid, y0 + h * 0.42), str(shown), font=font(big, True), fill=INK, anchor="mm")
    text_line(d, (pmid, y1 - 8 - 14), tr("points", locale, n=shown), ESSENTIAL, bold=False,
              fill=MUTED, anchor="mm", max_width=pw - 4)

    # the answer cell during a trade
    gx0 = px0 + pw + 12
    gx1 = x1 - 10
    if trading:
        cell = _answer_cell(view, names, locale, i, change)
        if cell is not None:
            cw = _cell_width(cell, y1 - y0 - 16, x1 - 10 - gx0 - 120)
            _draw_cell(img, cell, (x1 - 10 - cw, y0 + 8, x1 - 10, y1 - 8))
            gx1 = x1 - 10 - cw - 10
    pairs = end.pairs.get(i, 0) if final and end is not None else 0
    chips_top = y0 + 6
    if label:  # the last move's label, inside the row above its groups (not on a border)
        tag = badge(img, (gx1, y0 + 6 + ESSENTIAL * 0.78), label, ESSENTIAL, MARK, anchor="rm")
        chips_top = tag[3] + 2
    _chips(img, seat, families, change.groups.get(i, ()), locale, (gx0, chips_top, gx1, y1 - 6),
           pairs)


@dataclass
class _Cell:
    text: str
    fill: RGB
    ink: RGB
    marked: bool


def _answer_cell(view: Mapping[str, Any], names: Sequence[str], locale: str, seat: int,
                 change: Change) -> _Cell | None:
    trade = view.get("trade") or {}
    mode = "offer" if trade.get("mode") == "offer" else "seek"
    phase = view.get("phase")
    prompt = set(view.get("prompt") or [])
    accepted = trade.get("accepted")
    for side in trade.get("deliver") or []:
        if side.get("seat") == seat:
            what = proposal_label(str(side.get("promise", "")), locale, names)
            state = tr("deliver.chosen" if side.get("chosen") else "deliver.choosing", locale)
            # the state first: a long promise (a mix, a generic term) may be cut, never it
            return _Cell(f"{state} · {tr('deliver.gives', locale, what=what)}",
                         tint(GOOD, 0.75) if side.get("chosen") else PANEL, INK,
                         seat in change.chosen or seat in change.deal)
    if seat == trade.get("by"):
        if phase == "accept":
            return _Cell(tr("turn.choosing_answer", locale), tint(seat_colour(seat), 0.7), INK,
                         False)
        return None
    for ans in trade.get("answers", []):
        if ans.get("seat") != seat:
            continue
        a = ans.get("answer")
        if accepted is not None and seat != accepted:
            return _Cell(tr("turn.not_taken", locale), PANEL, MUTED, False)
        if a is None:
            if seat in prompt:
                return _Cell("▶ " + tr("tag.answer", locale), tint(seat_colour(seat), 0.6),
                             INK, False)
            return _Cell(tr("answer.waiting", locale), PANEL, MUTED, False)
        if a == "pass":
            return _Cell(tr("answer.pass", locale), PANEL, MUTED, seat == change.answer)
        what = proposal_label(str(a), locale, names)
        return _Cell(tr(f"answer.{mode}", locale, what=what), (255, 255, 255), INK,
                     seat == change.answer)
    return None


def _cell_width(cell: _Cell, height: float, widest: float) -> int:
    """The answer cell's width: 224 px, wider (up to `widest`, the groups keeping some room)
    when its text would be cut there (a long promise: "4 cards, metallography or people in
    any mix")."""
    for w in range(224, max(224, int(widest)) + 1, 28):
        lines, _ = fit_lines(cell.text, w - 16, height - 6, 20, True, ESSENTIAL, 3, 1.08)
        if not lines[-1].endswith("…") or cell.text.endswith("…"):
            return w
    return max(224, int(widest))


def _draw_cell(img: Image.Image, cell: _Cell, box: Box) -> None:
    x0, y0, x1, y1 = box
    rounded(img, box, 10, cell.fill, LINE, 2)
    if cell.marked:
        rounded(img, (x0 - 3, y0 - 3, x1 + 3, y1 + 3), 12, None, MARK, 4)
    lines, s = fit_lines(cell.text, x1 - x0 - 16, y1 - y0 - 6, 20, True, ESSENTIAL, 3, 1.08)
    d = ImageDraw.Draw(img)
    ty = (y0 + y1) / 2 - len(lines) * s * 1.08 / 2
    for line in lines:
        text_line(d, (x0 + 9, ty + s * 0.54), line, s, bold=True, fill=cell.ink)
        ty += s * 1.08


# --- the groups laid, as point-card chips ----------------------------------------------------------

CHIP_H = 42
SMALL_H = 34  # a compact chip, when the full ones do not all fit (a 5-player row is 94 px)
SMALL_VALUE = 20  # its value: 10 px in the preview, above ESSENTIAL


@dataclass(frozen=True)
class _Size:
    """A chip's size: its height, icon, value font and gap."""

    h: int
    icon: int
    value: int
    gap: int


FULL = _Size(CHIP_H, 28, 24, 8)
SMALL = _Size(SMALL_H, 22, SMALL_VALUE, 5)


def _has_value(group: Mapping[str, Any]) -> bool:
    return group.get("card") != "library" and group.get("value") is not None


def _chip_width(group: Mapping[str, Any], size: _Size = FULL) -> int:
    if size == FULL:
        return 84 if _has_value(group) else 50
    if not _has_value(group):
        return size.icon + 12
    return size.icon + 13 + int(text_width(str(group.get("value")), size.value, True))


def _lay(groups: Sequence[Mapping[str, Any]], size: _Size, width: float,
         lines: int) -> list[tuple[int, float, int]] | None:
    """Each group's (index, x, line) when all of them fit in `lines` lines of `width`, else
    None: every group laid is shown (a "+4" chip once hid what a player laid)."""
    places: list[tuple[int, float, int]] = []
    x, line = 0.0, 0
    for k, g in enumerate(groups):
        w = _chip_width(g, size)
        if x > 0 and x + w > width:
            line, x = line + 1, 0.0
        if line >= lines or w > width:
            return None
        places.append((k, x, line))
        x += w + size.gap
    return places


def _chips(img: Image.Image, seat: Mapping[str, Any], families: Mapping[str, str],
           new: Sequence[int], locale: str, box: Box, pairs: int = 0) -> None:
    """Each group laid as a chip: the point card's icon and value, on the card's colour, with a
    stripe of the kind's colour. The groups just laid are outlined. When they do not all fit,
    the chips get smaller, then the groups are counted by point card: every group is shown."""
    x0, y0, x1, y1 = box
    groups = list(seat.get("groups", []))
    d = ImageDraw.Draw(img)
    if pairs:
        # the pairs left in hand, which count at the end: a chip after the groups
        text = tr("turn.pairs", locale, n=pairs)
        pw = int(text_width(text, ESSENTIAL + 2, True)) + 20
        py = (y0 + y1) / 2 - CHIP_H / 2 if len(groups) <= 4 else y1 - CHIP_H - 2
        rounded(img, (x1 - pw, py, x1, py + CHIP_H), 9, tint(GOLD, 0.7), shade(GOLD, 0.1), 2)
        text_line(d, (x1 - pw / 2, py + CHIP_H / 2), text, ESSENTIAL + 2, bold=True,
                  anchor="mm")
        x1 -= pw + 8
    if not groups:
        if pairs:
            return
        draw_text(d, (x0 + 6, y0, x1, y1), tr("no_groups", locale), ESSENTIAL, fill=MUTED,
                  align="left", min_size=ESSENTIAL, max_lines=2)  # wrapped beside a wide cell
        return
    for size in (FULL, SMALL):
        room = min(2, int((y1 - y0 + size.gap) // (size.h + size.gap)))
        if room == 0 and size == FULL:
            continue  # a row too low for the full chips: the small ones, on one line
        room = max(1, room)
        for lines in range(1, room + 1):
            places = _lay(groups, size, x1 - x0, lines)
            if places is not None:
                total_h = lines * size.h + (lines - 1) * size.gap
                cy0 = y0 + (y1 - y0 - total_h) / 2
                for k, cx, line in places:
                    _chip(img, groups[k], (x0 + cx, cy0 + line * (size.h + size.gap)),
                          k in new, size)
                return
    _counted(img, groups, new, locale, (x0, y0, x1, y1))


def _chip(img: Image.Image, group: Mapping[str, Any], xy: tuple[float, float], new: bool,
          size: _Size = FULL) -> None:
    x, y = xy
    card = str(group.get("card", "city"))
    colour = CARD_COLOURS.get(card, MUTED)
    w, h = _chip_width(group, size), size.h
    pad = 5 if size == FULL else 4
    if new:
        rounded(img, (x - pad, y - pad, x + w + pad, y + h + pad), 13, MARK)
    rounded(img, (x, y, x + w, y + h), 9, tint(colour, 0.78), colour, 2)
    kind = str(group.get("kind", ""))
    # the kind's colour, as a stripe along the bottom (the family shows in it)
    stripe = 9 if size == FULL else 7
    rounded(img, (x + 5, y + h - stripe, x + w - 5, y + h - stripe + 5), 2, kind_colour(kind))
    top = 5 if size == FULL else 3
    paste(img, icon(card, size.icon, shade(colour, 0.1)), (x + 6, y + top))
    if _has_value(group):
        vx = x + 36 + (w - 40) / 2 if size == FULL else x + size.icon + 7
        ImageDraw.Draw(img).text((vx, y + h / 2 - 3), str(group.get("value")),
                                 font=font(size.value, True), fill=shade(colour, 0.45),
                                 anchor="mm" if size == FULL else "lm")


def _counted(img: Image.Image, groups: Sequence[Mapping[str, Any]], new: Sequence[int],
             locale: str, box: Box) -> None:
    """Too many groups for the chips (a narrow row beside an answer cell): per point card its
    icon and how many groups took one, on one line; where even that does not fit, the number
    of groups in words."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    cards: dict[str, list[int]] = {}
    for k, g in enumerate(groups):
        cards.setdefault(str(g.get("card", "city")), []).append(k)
    texts = {card: tr("rpchips.times", locale, n=len(ks)) for card, ks in cards.items()}
    widths = {card: SMALL.icon + 14 + int(text_width(t, SMALL_VALUE, True))
              for card, t in texts.items()}
    if sum(widths.values()) + SMALL.gap * (len(widths) - 1) > x1 - x0:
        draw_text(d, (x0 + 6, y0, x1, y1), tr("rpchips.groups", locale, n=len(groups)),
                  ESSENTIAL, fill=INK, align="left", min_size=ESSENTIAL, max_lines=2)
        return
    h = SMALL_H
    y = (y0 + y1) / 2 - h / 2
    x = x0
    for card, ks in cards.items():
        colour = CARD_COLOURS.get(card, MUTED)
        w = widths[card]
        if any(k in new for k in ks):
            rounded(img, (x - 4, y - 4, x + w + 4, y + h + 4), 13, MARK)
        rounded(img, (x, y, x + w, y + h), 9, tint(colour, 0.78), colour, 2)
        paste(img, icon(card, SMALL.icon, shade(colour, 0.1)), (x + 5, y + 6))
        text_line(d, (x + SMALL.icon + 9, y + h / 2), texts[card], SMALL_VALUE, bold=True,
                  fill=shade(colour, 0.45))
        x += w + SMALL.gap
