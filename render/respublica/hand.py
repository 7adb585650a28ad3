"""Res Publica: the viewer's own picture (view["hand"], for that player only): landscape, at
most 700 tall, read at half size in the preview."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    ALERT,
    GOOD,
    INK,
    MUTED,
    PAPER,
    RGB,
    Box,
    draw_text,
    ellipsize,
    face,
    font,
    hand_title,
    ink_on,
    min_font_for,
    paste,
    rounded,
    seat_colour,
    secondary,
    text_line,
    text_width,
    tint,
)
from render.respublica.parts import (
    CARD_COLOURS,
    CIVILISATION,
    FAMILY_FRAME,
    PEOPLE,
    PILE_OF_CARD,
    draw_rules,
    families_of,
    group_rule,
    icon,
    kind_stack,
    tick_disc,
    tr,
)

HAND_W = 1100  # hand image width: landscape, at most 700 tall (half size in the preview)
HM = 14  # the hand's outer margin
H_FACE = (166, 150)
H_OFF = 3
H_TILE_W = 172
H_GAP = 8
H_MIN = 18  # the hand's smallest essential text: 9 px at half size


def _layable(kind: str, family: str, count: int, view: Mapping[str, Any],
             libraries: int) -> tuple[int, str, int | None, bool]:
    """(cards needed, point card, its value, layable now) for `count` cards of `kind`."""
    size, card, with_library = group_rule(kind, family)
    if with_library and libraries > 0:
        size = int(with_library)
    piles = view.get("piles", {})
    pile = piles.get(PILE_OF_CARD.get(card, ""), 0)
    if card == "town":
        towns = list(pile or [])
        value, left = (towns[0] if towns else None), len(towns)
    else:
        value = {"city": 3, "church": 7}.get(card)
        left = int(pile or 0)
    return size, card, value, count >= size and left > 0


def hand(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The viewer's own hand: cards grouped by kind with their counts, the groups that can be
    laid now, and the pairs (1 point each at the end)."""
    viewer = view.get("viewer")
    if viewer is None:
        raise ValueError("hand() needs a seat's view, not the public one")
    cards: Mapping[str, int] = view.get("hand") or {}
    kinds = [k["kind"] for k in view.get("kinds", [])] or list(cards)
    families = families_of(view)
    seats = view.get("seats", [])
    me = seats[viewer] if 0 <= viewer < len(seats) else {}
    libraries = int(me.get("libraries", 0))
    cities = int(me.get("cities", 0))

    sections: list[tuple[str, list[str]]] = []
    for family in (PEOPLE, CIVILISATION):
        held = [k for k in kinds if families.get(k, PEOPLE) == family and cards.get(k, 0) > 0]
        if held:
            sections.append((family, held))
    extra = [k for k in cards if k not in kinds and cards[k] > 0]
    if extra:
        sections.append((PEOPLE, extra))

    per_row = (HAND_W - 2 * HM + H_GAP) // (H_TILE_W + H_GAP)
    tile_h = H_FACE[1] + 4 * H_OFF + 46
    header_h = 58
    body = 0
    for _, held in sections:
        rows = -(-len(held) // per_row)
        body += 32 + rows * (tile_h + 8)
    notes = _hand_notes(view, cards, libraries, cities, locale)
    can_lay = any(
        _layable(k, fam, int(cards[k]), view, libraries)[3]
        for fam, held in sections for k in held
    )
    if can_lay and not _over(view):
        notes.insert(0, (tr("hand.lay_legend", locale), GOOD, True))
    notes_h = 6 + 27 * len(notes) if notes else 0
    height = header_h + HM + (body if sections else 90) + notes_h + HM
    img = Image.new("RGB", (HAND_W, height), PAPER)
    d = ImageDraw.Draw(img)

    colour = seat_colour(viewer)
    d.rectangle((0, 0, HAND_W, header_h), fill=tint(colour, 0.75))
    d.rectangle((0, header_h - 5, HAND_W, header_h), fill=colour)
    total = sum(int(v) for v in cards.values())
    hand_title(img, (HM, header_h / 2 - 2), names, viewer, locale,
               tr("hand.count", locale, n=total), 26, max_width=HAND_W - 2 * HM,
               min_size=min_font_for(img.size))

    y = header_h + HM
    if not sections:
        draw_text(d, (HM, y, HAND_W - HM, y + 70), tr("hand.empty", locale), 26, bold=True,
                  fill=MUTED)
        y += 90
    for family, held in sections:
        frame = FAMILY_FRAME[family]
        label = tr(f"family.{family}", locale)
        lw = text_line(d, (HM, y + 13), label, 21, bold=True, fill=frame)
        d.line((HM + lw + 12, y + 14, HAND_W - HM, y + 14), fill=tint(frame, 0.5), width=3)
        y += 32
        for k, kind in enumerate(held):
            r, col = divmod(k, per_row)
            tx = HM + col * (H_TILE_W + H_GAP)
            ty = y + r * (tile_h + 8)
            _hand_tile(img, view, kind, family, int(cards[kind]), libraries, locale,
                       (tx, ty, tx + H_TILE_W, ty + tile_h))
        rows = -(-len(held) // per_row)
        y += rows * (tile_h + 8)
    if notes:
        y += 2
        for note, ncolour, tick in notes:
            nx = HM
            if tick:
                paste(img, tick_disc(22, GOOD), (HM, y + 3))
                nx += 30
            draw_text(d, (nx, y, HAND_W - HM, y + 27), note, 19, bold=True, fill=ncolour,
                      align="left", max_lines=1, min_size=H_MIN)
            y += 27
    return img


def _hand_notes(view: Mapping[str, Any], cards: Mapping[str, int], libraries: int, cities: int,
                locale: str) -> list[tuple[str, RGB, bool]]:
    notes: list[tuple[str, RGB, bool]] = []
    pairs = sum(int(c) // 2 for c in cards.values())
    if _over(view):
        if pairs:
            notes.append((tr("hand.pairs_final", locale, n=pairs), INK, False))
        return notes
    if pairs:
        notes.append((tr("hand.pairs_total", locale, n=pairs), INK, False))
    if cities:
        people, per_city, most = draw_rules()
        civ = cities * per_city
        if civ > most - people:
            notes.append((tr("hand.draws_choice", locale, n=cities, people=people,
                             civ=most - people, alt=min(civ, most)), MUTED, False))
        else:
            notes.append((tr("hand.draws", locale, n=cities, people=people, civ=civ), MUTED, False))
    if libraries and view.get("variant") != "classic":
        notes.append((tr("hand.library", locale), CARD_COLOURS["library"], False))
    return notes


def _over(view: Mapping[str, Any]) -> bool:
    return view.get("phase") == "over" or bool(view.get("outcome"))


def _hand_tile(img: Image.Image, view: Mapping[str, Any], kind: str, family: str, count: int,
               libraries: int, locale: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    need, card, value, layable = _layable(kind, family, count, view, libraries)
    if layable:
        rounded(img, (x0 - 3, y0 - 3, x1 + 1, y1 + 1), 14, tint(GOOD, 0.8), GOOD, 3)
    fw, fh = H_FACE
    stack = kind_stack(kind, family, fw, fh, count, H_OFF, locale, 0.36, 0.3, H_MIN)
    sx = x0 + (x1 - x0 - stack.width) / 2
    sy = y0 + 3 + (4 * H_OFF - (stack.height - fh))
    paste(img, stack, (sx, sy))
    # the count, big, in a pill across the bottom of the face
    fy1 = sy + stack.height
    count_text = f"× {count}"
    pw = text_width(count_text, 26, True) + 26
    rounded(img, (sx + (fw - pw) / 2, fy1 - 40, sx + (fw + pw) / 2, fy1 - 6), 17, INK)
    d = ImageDraw.Draw(img)
    d.text((sx + fw / 2, fy1 - 23), count_text, font=font(26, True), fill=(255, 255, 255),
           anchor="mm")

    ly = fy1 + 4
    card_name = tr(f"card.{card}", locale)
    if value is not None and card != "library":
        card_name = f"{card_name} {value}"
    pairs = count // 2
    if _over(view):
        if pairs:  # the game is over: nothing more to lay, only the pairs still count
            draw_text(d, (x0 + 2, int(ly), x1 - 2, int(ly + 24)), tr("hand.pairs", locale,
                                                                        n=pairs),
                      H_MIN, bold=True, fill=INK, max_lines=1, min_size=H_MIN)
        return
    if layable:
        _centred_badge(img, ((x0 + x1) / 2, ly + 13), card_name, H_MIN + 1, GOOD, x1 - x0 - 4,
                       tick=True, min_size=H_MIN)
    elif count >= need:
        text = tr("hand.pile_empty", locale, card=card_name)
        draw_text(d, (x0 + 2, int(ly), x1 - 2, int(ly + 26)), text, H_MIN, bold=True,
                  fill=ALERT, max_lines=1, min_size=H_MIN)
    else:
        text = tr("hand.progress", locale, have=count, need=need, card=card_name)
        if text_width(text, H_MIN, True) > x1 - x0 - 4:
            # too long with the card's name: the count, then the point card's icon
            text = f"{count}/{need} →"
            tw = text_width(text, H_MIN, True)
            tx = (x0 + x1) / 2 - (tw + 30) / 2
            text_line(d, (tx, ly + 13), text, H_MIN, bold=True, fill=MUTED)
            paste(img, icon(card, 24, CARD_COLOURS.get(card, MUTED)), (tx + tw + 6, ly + 1))
        else:
            draw_text(d, (x0 + 2, int(ly), x1 - 2, int(ly + 26)), text, H_MIN, bold=True,
                      fill=MUTED, max_lines=1, min_size=H_MIN)
    if pairs:
        with secondary():  # the total of the pairs is written below the cards
            draw_text(d, (x0 + 2, int(ly + 25), x1 - 2, int(ly + 43)),
                      tr("hand.pairs", locale, n=pairs), 15, fill=INK, max_lines=1,
                      min_size=12)


def _centred_badge(img: Image.Image, centre: tuple[float, float], text: str, size: int,
                   fill: RGB, max_width: float, tick: bool = False, min_size: int = 12) -> Box:
    """A pill centred on `centre`, shrunk (down to `min_size`, then cut) to fit `max_width`;
    with a tick mark before the text if `tick`."""
    pad = 8
    mark = size + 6 if tick else 0
    for s in range(size, min_size - 1, -1):
        if text_width(text, s, True) + 2 * pad + mark <= max_width:
            size = s
            break
    else:
        size = min_size
        text = ellipsize(text, max_width - 2 * pad - mark, size, True)
    w = text_width(text, size, True) + 2 * pad + mark
    x0 = centre[0] - w / 2
    h = int(size * 1.55)
    rounded(img, (x0, centre[1] - h / 2, x0 + w, centre[1] - h / 2 + h), h // 2, fill)
    ink = ink_on(fill)
    if tick:
        paste(img, tick_disc(size + 2, ink, fill), (x0 + pad - 2, centre[1] - (size + 2) / 2))
    ImageDraw.Draw(img).text((x0 + pad + mark + (w - 2 * pad - mark) / 2, centre[1]), text,
                             font=face(text, size, True), fill=ink, anchor="mm")
    return (int(x0), int(centre[1] - h / 2), int(x0 + w), int(centre[1] + h / 2))
