"""Res Publica: the public board, drawn from the engine's views.

board() reads only the public keys of the view: never view["hand"], nor the cards a trader
picked to deliver (trade.deliver[].cards, present only in that trader's view), so the board of
a seat's view and the spectator's are the same picture (tests/render checks it on real games).
The viewer's own cards are render/respublica/hand.py, the turn post's picture
render/respublica/turn.py; all three draw with the pieces of render/respublica/parts.py.

Every word drawn comes from the catalogues: our keys `res-publica.render.*`
(data/respublica/i18n/render.<locale>.json), the engine's kind names through
engine.i18n.token_label, and trade proposals through the engine's plural-aware term keys
(`res-publica.term.<kind>`, `res-publica.prop.<op>`), or engine.i18n.action_label if missing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg, Outcome
from engine.i18n import translate
from render.common import (
    ALERT,
    GOLD,
    GOOD,
    INK,
    LINE,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    Box,
    badge,
    disc,
    draw_text,
    fit_lines,
    font,
    header_band,
    mix,
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
from render.respublica.parts import (
    CARD_COLOURS,
    CIVILISATION,
    FAMILY_FRAME,
    G_TILE,
    GAME,
    HEADER,
    PEOPLE,
    card_back,
    empty_slot,
    families_of,
    group_tile,
    icon,
    name_badge,
    point_card,
    proposal_label,
    rich_line,
    tick_disc,
    tr,
)

W = 1200  # board width
M = 20  # outer margin
G_GAP = 6  # between group tiles
PANEL_LEFT = 296  # the left block of a player panel: name, points, hand, cities
PANEL_MIN_H = 172
PILE_CARD = (86, 116)
PILE_TILE_W = 118


def board(view: Mapping[str, Any], names: Sequence[str], locale: str,
          outcome: Outcome | None = None) -> Image.Image:
    """The public board: header, last-round banner, piles, the phase box (whose turn, the
    trade in progress, or the final scores) and one panel per player. Reads only public keys:
    never view["hand"]. With `outcome` (the platform's end, a resignation included) the phase
    box shows the result instead of whose turn it is."""
    if outcome is not None:
        view = {**view, "outcome": outcome.to_json(), "active": None, "prompt": []}
    seats = view.get("seats", [])
    over = view.get("phase") == "over" or bool(view.get("outcome"))
    families = families_of(view)

    # measure the player panels first: their height depends on the groups laid
    group_area = W - 2 * M - PANEL_LEFT - 16
    per_row = max(1, (group_area + G_GAP) // (G_TILE[0] + G_GAP))
    heights = []
    for seat in seats:
        rows = max(1, -(-len(seat.get("groups", [])) // per_row))
        heights.append(max(PANEL_MIN_H, 18 + rows * G_TILE[1] + (rows - 1) * G_GAP))

    header_h = 64
    banner_h = 48 if view.get("last_round") and view.get("phase") not in ("final", "over") \
        and not over else 0
    top_h = _top_height(view, names, locale)
    total_h = header_h + banner_h + M + top_h + M + sum(heights) + 10 * (len(seats) - 1) + M
    img = Image.new("RGB", (W, total_h), PAPER)

    _header(img, view, locale, header_h)
    y = header_h
    if banner_h:
        _last_round_banner(img, view, names, locale, y, banner_h)
        y += banner_h
    y += M
    piles_w = _piles(img, view, locale, (M, y, M, y + top_h))
    _info_box(img, view, names, locale, (M + piles_w + 16, y, W - M, y + top_h))
    y += top_h + M
    for i, seat in enumerate(seats):
        _player_panel(img, view, names, locale, i, seat, families, (M, y, W - M, y + heights[i]),
                      per_row)
        y += heights[i] + 10
    return img


def _header(img: Image.Image, view: Mapping[str, Any], locale: str, h: int) -> None:
    variant = "classic" if view.get("variant") == "classic" else "full"
    players = view.get("players", len(view.get("seats", [])))
    header_band(img, W, h, HEADER, tr("title", locale), 32, M, tr(f"variant.{variant}", locale),
                18, tr("players", locale, n=players), 20)


def _last_round_banner(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
                       locale: str, y: int, h: int) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, y, W, y + h), fill=ALERT)
    last = view.get("last_drawer")
    if last is None:
        text = tr("last_round_plain", locale)
    else:
        text = translate(Msg(f"{GAME}.render.last_round", {"name": seat_name(names, last)}),
                         locale)
    draw_text(d, (M, y, W - M, y + h), text, 24, bold=True, fill=(255, 255, 255), max_lines=1,
              min_size=16)


def _pile_list(view: Mapping[str, Any]) -> list[tuple[str, str, int | None, int]]:
    """(pile, what it shows, value, cards left) for each pile of this variant."""
    piles = view.get("piles", {})
    out: list[tuple[str, str, int | None, int]] = [
        ("people", "back", None, int(piles.get("people", 0))),
        ("civilisation", "back", None, int(piles.get("civilisation", 0))),
    ]
    towns = list(piles.get("towns", []))
    out.append(("towns", "town", towns[0] if towns else None, len(towns)))
    out.append(("cities", "city", 3, int(piles.get("cities", 0))))
    classic = view.get("variant") == "classic"
    if not classic and "churches" in piles:
        out.append(("churches", "church", 7, int(piles.get("churches", 0))))
    if not classic and "libraries" in piles:
        out.append(("libraries", "library", None, int(piles.get("libraries", 0))))
    return out


_PILES_H = 14 + PILE_CARD[1] + 8 + 52 + 10


def _top_height(view: Mapping[str, Any], names: Sequence[str], locale: str) -> int:
    piles_h = _PILES_H
    info_w = W - 2 * M - 16 - (28 + PILE_TILE_W * len(_pile_list(view)))
    return max(piles_h, _info_content(None, view, names, locale, (0, 0, info_w, 0)))


def _piles(img: Image.Image, view: Mapping[str, Any], locale: str, box: Box) -> int:
    """The draw piles and the point-card piles. Returns the width used."""
    x0, y0, _, y1 = box
    piles = _pile_list(view)
    w = 28 + PILE_TILE_W * len(piles)
    rounded(img, (x0, y0, x0 + w, y1), 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    cw, ch = PILE_CARD
    for i, (pile, show, value, left) in enumerate(piles):
        tx = x0 + 14 + i * PILE_TILE_W
        cx = tx + (PILE_TILE_W - cw) / 2
        cy = y0 + 14
        if left <= 0:
            paste(img, empty_slot(cw, ch), (cx, cy))
            text_line(d, (cx + cw / 2, cy + ch / 2), tr("empty", locale), 17, bold=True,
                      fill=MUTED, anchor="mm")
        elif show == "back":
            family = PEOPLE if pile == "people" else CIVILISATION
            paste(img, card_back(family, cw, ch), (cx, cy))
            disc(img, (cx + cw / 2, cy + ch / 2), 56, (255, 255, 255),
                 outline=FAMILY_FRAME[family], width=3)
            size = 30 if left < 100 else 24
            d.text((cx + cw / 2, cy + ch / 2), str(left), font=font(size, True), fill=INK,
                   anchor="mm")
        else:
            paste(img, point_card(show, value, cw, ch, locale, landscape=False), (cx, cy))
        label = tr(f"pile.{pile}", locale)
        ly = cy + ch + 8
        lines, s = fit_lines(label, PILE_TILE_W - 6, 36, 16, True, 12, 2, 1.05)
        for line in lines:
            text_line(d, (tx + PILE_TILE_W / 2, ly + s * 0.55), line, s, bold=True, fill=INK,
                      anchor="mm")
            ly += s * 1.08
        if show != "back" and left > 0:
            text_line(d, (tx + PILE_TILE_W / 2, ly + 9), tr("left", locale, n=left), 16,
                      fill=MUTED, anchor="mm", max_width=PILE_TILE_W - 4)
    towns = list(view.get("piles", {}).get("towns", []))
    if towns and y1 - y0 - _PILES_H >= 70:
        _next_towns(img, towns, locale, (x0 + 14, y0 + _PILES_H, x0 + w - 14, y1 - 12))
    return w


def _next_towns(img: Image.Image, towns: Sequence[int], locale: str, box: Box) -> None:
    """The values of the towns still in the pile, top first (when there is room for them)."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    d.line((x0, y0, x1, y0), fill=LINE, width=2)
    my = y0 + 14 + (y1 - y0 - 14) / 2
    lw = text_line(d, (x0, my), tr("next_towns", locale), 17, bold=True, fill=MUTED,
                   max_width=(x1 - x0) * 0.34)
    colour = CARD_COLOURS["town"]
    size = 38
    step = min(size + 8, (x1 - x0 - lw - 20) / max(1, len(towns)))
    x = x0 + lw + 14 + size / 2
    for k, value in enumerate(towns):
        if k == 0:
            disc(img, (x, my), size, colour, outline=shade(colour, 0.4), width=3)
        else:
            disc(img, (x, my), size - 6, tint(colour, 0.55))
        d.text((x, my), str(value), font=font(22 if k == 0 else 18, True),
               fill=(255, 255, 255) if k == 0 else shade(colour, 0.45), anchor="mm")
        x += step


def _answer_text(mode: str, answer: Any, locale: str, names: Sequence[str]) -> tuple[str, RGB]:
    if answer is None:
        return tr("answer.waiting", locale), MUTED
    if answer == "pass":
        return tr("answer.pass", locale), MUTED
    what = proposal_label(str(answer), locale, names)
    return tr(f"answer.{'offer' if mode == 'offer' else 'seek'}", locale, what=what), INK


def _score_details(outcome: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    """seat -> (points on the table, pairs in hand), from the outcome's detail lines."""
    out: dict[int, tuple[int, int]] = {}
    for detail in outcome.get("details") or []:
        p = detail.get("p", {}) if isinstance(detail, Mapping) else {}
        seat = p.get("seat")
        seat = seat.get("seat") if isinstance(seat, Mapping) else seat
        if isinstance(seat, int) and isinstance(p.get("cards"), int) and isinstance(
            p.get("pairs"), int
        ):
            out[seat] = (p["cards"], p["pairs"])
    return out


class _Pen:
    """Draws into the info box, or only measures when there is no image."""

    def __init__(self, img: Image.Image | None) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img) if img is not None else None

    def __bool__(self) -> bool:
        return self.img is not None


def _person_rows(
    pen: _Pen, rows: Sequence[tuple[int, str, RGB, bool, bool]], x: float, y: float,
    inner: float, names: Sequence[str], tick: int | None = None,
) -> float:
    """Rows of `[name badge] text`, text wrapped to two lines; (seat, text, colour, bold,
    highlighted). Returns the new y."""
    name_w = min(max((text_width(seat_name(names, r[0]), 17, True) + 18 for r in rows),
                     default=0), inner * 0.42)
    for seat, text, colour, bold, marked in rows:
        tw = inner - name_w - 10 - (30 if marked else 0)
        lines, sz = fit_lines(text, tw, 64, 18, bold, 14, 3, 1.08)
        rh = max(32, int(len(lines) * sz * 1.08 + 8))
        if pen:
            if marked:
                rounded(pen.img, (x - 6, y - 2, x + inner + 6, y + rh), 10, tint(GOOD, 0.78))
                paste(pen.img, tick_disc(22, GOOD), (x + inner - 24, y + rh / 2 - 12))
            name_badge(pen.img, (x, y + min(rh, 32) / 2 - 1), names, seat, 17, name_w)
            ty = y + (rh - len(lines) * sz * 1.08) / 2
            for li in lines:
                text_line(pen.draw, (x + name_w + 10, ty + sz * 0.54), li, sz, bold=bold,
                          fill=colour)
                ty += sz * 1.08
        y += rh + 4
    return y


def _info_content(img: Image.Image | None, view: Mapping[str, Any], names: Sequence[str],
                  locale: str, box: Box) -> int:
    """Draw (or, with img None, only measure) the phase box: whose turn, the trade in
    progress with every answer, or the final scores. Returns the height needed."""
    x0, y0, x1, _ = box
    pad = 16
    inner = x1 - x0 - 2 * pad
    x = x0 + pad
    y = y0 + pad
    phase = view.get("phase")
    trade = view.get("trade")
    outcome = view.get("outcome")
    prompt = list(view.get("prompt") or [])
    pen = _Pen(img)
    d = pen.draw

    if outcome and outcome.get("scores") is None:
        # a resignation: who resigned, and the others share the victory (no scores)
        seat = resigned_seat(outcome)
        if seat is not None:
            if pen:
                rich_line(pen.img, (x, y + 16), "turn.resigned", locale, names, seat, 24,
                          fill=ALERT, max_width=inner)
            y += 40
        for s in sorted(outcome.get("winners") or []):
            if pen:
                paste(pen.img, star(22), (x, y + 4))
                name_badge(pen.img, (x + 30, y + 15), names, s, 20, inner - 40)
            y += 36
        return int(y - y0 + pad)

    if outcome:
        if d is not None:
            text_line(d, (x, y + 14), tr("final_scores", locale), 24, bold=True, fill=INK)
        y += 38
        scores = list(outcome.get("scores") or [])
        winners = set(outcome.get("winners") or [])
        details = _score_details(outcome)
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        row_h = 36
        for s in order:
            rank = sum(1 for other in scores if other > scores[s])  # ties share a rank
            if pen:
                mid = y + (row_h - 4) / 2
                if s in winners:
                    rounded(pen.img, (x - 6, y, x1 - pad + 6, y + row_h - 4), 10,
                            tint(GOLD, 0.7))
                    paste(pen.img, star(22), (x, mid - 11))
                else:
                    text_line(d, (x + 11, mid), str(rank + 1), 18, bold=True, fill=MUTED,
                              anchor="mm")
                sw = text_line(d, (x1 - pad, mid), str(scores[s]), 26, bold=True, fill=INK,
                               anchor="rm")
                room = inner - 32 - sw - 12
                detail = ""
                if s in details:
                    cards_, pairs = details[s]
                    detail = tr("score_detail", locale, cards=cards_, n=pairs)
                dw = text_width(detail, 15) + 10 if detail else 0
                name_w = text_width(seat_name(names, s), 18, True) + 18
                if dw and room - dw < min(name_w, 120):
                    dw, detail = 0, ""
                nb = name_badge(pen.img, (x + 32, mid), names, s, 18, room - dw)
                if detail:
                    text_line(d, (nb[2] + 8, mid + 1), detail, 15, fill=MUTED)
            y += row_h
        return y - y0 + pad - 4

    if trade:
        by = trade.get("by")
        mode = "offer" if trade.get("mode") == "offer" else "seek"
        if pen:
            rich_line(pen.img, (x, y + 15), f"trade.{mode}", locale, names, by, 22,
                      max_width=inner)
        y += 38
        text = proposal_label(str(trade.get("proposal", "")), locale, names)
        lines, s = fit_lines(text, inner - 24, 84, 24, True, 16, 3, 1.1)
        bh = int(len(lines) * s * 1.1 + 16)
        if pen:
            rounded(pen.img, (x, y, x1 - pad, y + bh), 10,
                    tint(seat_colour(by if by is not None else 0), 0.8))
            draw_text(d, (x + 12, y + 4, x1 - pad - 12, y + bh - 4), text, s, bold=True,
                      min_size=s, max_lines=3, spacing=1.1)
        y += bh + 10
        accepted = trade.get("accepted")
        rows = []
        for ans in trade.get("answers", []):
            if accepted is not None and ans.get("seat") != accepted:
                continue  # once an answer is taken, the others no longer matter
            label, colour = _answer_text(mode, ans.get("answer"), locale, names)
            rows.append((ans.get("seat"), label, colour,
                         ans.get("answer") not in (None, "pass"), ans.get("seat") == accepted))
        y = _person_rows(pen, rows, x, y, inner, names)
        if accepted is not None:
            if pen:
                text_line(d, (x, y + 14), tr("answer.accepted", locale), 21, bold=True,
                          fill=GOOD)
            y += 32
            # who hands over what; which cards a chooser picked stays hidden (never read)
            rows = []
            for side in trade.get("deliver") or []:
                what = proposal_label(str(side.get("promise", "")), locale, names)
                chosen = bool(side.get("chosen"))
                state = tr("deliver.chosen" if chosen else "deliver.choosing", locale)
                rows.append((side.get("seat"), f"{tr('deliver.gives', locale, what=what)}"
                             f" · {state}", INK if chosen else MUTED, False, chosen))
            y = _person_rows(pen, rows, x, y, inner, names)
        elif phase == "accept":
            y += 4
            if pen:
                rich_line(pen.img, (x, y + 13), "status.accept", locale, names, by, 18,
                          bold=False, fill=MUTED, max_width=inner)
            y += 28
        return int(y - y0 + pad - 4)

    if phase == "final":
        lines, sz = fit_lines(tr("status.final", locale), inner, 56, 22, True, 16, 2, 1.1)
        for li in lines:
            if d is not None:
                text_line(d, (x, y + sz * 0.6), li, sz, bold=True, fill=INK)
            y += sz * 1.1
        y += 10
        for s in prompt:
            if pen:
                rich_line(pen.img, (x, y + 14), "status.final_who", locale, names, s, 18,
                          bold=False, max_width=inner)
            y += 34
        return int(y - y0 + pad)

    active = view.get("active")
    if phase == "over" or active is None:
        if d is not None:
            text_line(d, (x, y + 16), tr("status.over", locale), 26, bold=True)
        return 32 + 2 * pad
    turn = view.get("turn")
    turn_text = tr("status.turn_number", locale, n=turn) if isinstance(turn, int) else ""
    turn_w = text_width(turn_text, 17, True) + 12 if turn_text else 0
    if pen:
        rich_line(pen.img, (x, y + 18), "status.turn", locale, names, active, 26,
                  max_width=inner - turn_w)
        if turn_text:
            text_line(d, (x1 - pad, y + 18), turn_text, 17, bold=True, fill=MUTED, anchor="rm")
    y += 46
    # what the active player already did this turn (public: everyone saw it)
    done = [key for key, flag in (("status.traded", view.get("traded")),
                                  ("status.laid", view.get("laid"))) if flag]
    hint = " ".join(tr(k, locale) for k in done) if done else tr("status.turn_hint", locale)
    hint_lines, hs = fit_lines(hint, inner, 66, 19, False, 14, 3)
    for li in hint_lines:
        if d is not None:
            text_line(d, (x, y + hs * 0.56), li, hs, fill=MUTED)
        y += hs * 1.12
    return int(y - y0 + pad)


def _info_box(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
              box: Box) -> None:
    x0, y0, x1, y1 = box
    active = view.get("active")
    trade = view.get("trade")
    accent = seat_colour(trade["by"]) if trade and trade.get("by") is not None else (
        seat_colour(active) if active is not None else GOLD
    )
    if view.get("outcome"):
        accent = GOLD
    rounded(img, box, 14, PANEL, accent, 4)
    _info_content(img, view, names, locale, (x0, y0, x1, y1))




def _stat(img: Image.Image, xy: tuple[float, float], name: str, number: int, word: str,
          colour: RGB, max_width: float) -> None:
    d = ImageDraw.Draw(img)
    x, y = xy
    paste(img, icon(name, 24, colour), (x, y - 12))
    x += 30
    x += text_line(d, (x, y), str(number), 21, bold=True, fill=INK)
    text_line(d, (x + 6, y + 1), word, 16, fill=MUTED, max_width=max_width - (x + 6 - xy[0]))


def _player_panel(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                  i: int, seat: Mapping[str, Any], families: Mapping[str, str], box: Box,
                  per_row: int) -> None:
    x0, y0, x1, y1 = box
    colour = seat_colour(i)
    outcome = view.get("outcome") or {}
    winners = set(outcome.get("winners") or [])
    active = view.get("active") == i and view.get("phase") not in ("over",) and not outcome
    prompt = set(view.get("prompt") or [])
    asked = i in prompt and not active and not outcome
    winner = i in winners

    if active:
        rounded(img, box, 14, tint(colour, 0.84), colour, 6)
    elif winner:
        rounded(img, box, 14, tint(GOLD, 0.8), shade(GOLD, 0.1), 5)
    else:
        rounded(img, box, 14, PANEL, mix(colour, LINE, 0.55), 2)
    # seat colour strip along the left edge, under the name
    rounded(img, (x0 + 8, y0 + 10, x0 + 16, y1 - 10), 4, colour)

    d = ImageDraw.Draw(img)
    lx = x0 + 26
    nb = name_badge(img, (lx, y0 + 30), names, i, 23, PANEL_LEFT - 34)
    tag = None
    if winner:
        tag = (tr("tag.winner", locale), shade(GOLD, 0.1))
    elif active:
        tag = (tr("tag.active", locale), shade(colour, 0.35))
    elif asked:
        key = "tag.answer" if view.get("phase") == "answers" else "tag.act"
        tag = (tr(key, locale), shade(colour, 0.2))
    tag_w = (text_width(("▶ " if active else "") + tag[0], 16, True) + 16
             + (28 if winner else 0)) if tag else 0
    same_line = nb[2] + 8 + tag_w < x0 + PANEL_LEFT - 10
    if tag:
        ty = y0 + 30 if same_line else y0 + 64
        tx = nb[2] + 8 if same_line else lx
        if winner:
            paste(img, star(26), (tx, ty - 13))
            tx += 28
        badge(img, (tx, ty), ("▶ " if active else "") + tag[0], 16, tag[1])

    # points, big
    py = y0 + 62 if not tag or same_line else y0 + 84
    pts = int(seat.get("points", 0))
    pb = (lx, py, lx + 92, py + 80)
    rounded(img, pb, 12, (255, 255, 255), shade(colour, 0.1), 3)
    d.text(((pb[0] + pb[2]) / 2, py + 32), str(pts), font=font(40 if pts < 100 else 32, True),
           fill=INK, anchor="mm")
    text_line(d, ((pb[0] + pb[2]) / 2, py + 66), tr("points", locale, n=pts), 15, bold=True,
              fill=MUTED, anchor="mm", max_width=86)

    # hand size, cities, libraries
    sx = lx + 104
    smax = x0 + PANEL_LEFT - sx
    n = int(seat.get("hand", 0))
    _stat(img, (sx, py + 12), "hand", n, tr("stat.hand", locale, n=n), INK, smax)
    c = int(seat.get("cities", 0))
    _stat(img, (sx, py + 40), "city", c, tr("stat.cities", locale, n=c), CARD_COLOURS["city"],
          smax)
    if view.get("variant") != "classic":
        b = int(seat.get("libraries", 0))
        _stat(img, (sx, py + 68), "library", b, tr("stat.libraries", locale, n=b),
              CARD_COLOURS["library"], smax)

    # the groups laid
    gx0 = x0 + PANEL_LEFT
    groups = seat.get("groups", [])
    if not groups:
        text_line(d, (gx0 + 12, (y0 + y1) / 2), tr("no_groups", locale), 19, fill=MUTED)
        return
    d.line((gx0 - 4, y0 + 14, gx0 - 4, y1 - 14), fill=LINE, width=2)
    for k, g in enumerate(groups):
        r, col = divmod(k, per_row)
        gx = gx0 + 10 + col * (G_TILE[0] + G_GAP)
        gy = y0 + 9 + r * (G_TILE[1] + G_GAP)
        kind = g.get("kind", "")
        tile = group_tile(kind, families.get(kind, PEOPLE), int(g.get("count", 0)),
                          g.get("card", "city"), g.get("value"), locale)
        paste(img, tile, (gx, gy))
