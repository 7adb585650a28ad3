"""7 Wonders Duel: the drawn components (cards, card backs, wonders, progress tokens, effect
strips, panels, the pawn, the points' categories), shared by the board, the turn picture
and the hand.

Static facts come from engine.duel.cards.component(id) (engine/duel/VIEW.md); names from the
engine's catalogue keys `duel.tok.<id>`. Every piece is cached per size and locale and never
drawn on once cached (copy it first).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.duel import cards
from engine.i18n import token_label
from render.common import (
    GOLD,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    Words,
    draw_text,
    ellipsize,
    font,
    mix,
    rounded,
    shade,
    supersampled,
    text_width,
    tint,
)
from render.duel.extension import first_answer, registered
from render.duel.icons import (
    COIN,
    SCIENCE_GREEN,
    coin,
    icon,
    laurel,
    paste,
    resource_tile,
    science_tile,
    shield,
    token_disc,
)

GAME = "duel"

COLOURS = ("brown", "grey", "yellow", "red", "blue", "green", "purple")
CARD_COLOURS: dict[str, RGB] = {
    "brown": (133, 86, 44),
    "grey": (120, 124, 130),
    "yellow": (222, 168, 22),
    "red": (196, 44, 36),
    "blue": (36, 104, 180),
    "green": (34, 136, 70),
    "purple": (118, 66, 152),
}
AGE_BACKS: dict[int, RGB] = {1: (166, 112, 52), 2: (58, 112, 168), 3: (128, 70, 140)}
GUILD_BACK: RGB = (58, 32, 78)
WONDER_FRAME: RGB = (150, 112, 30)
WONDER_LIT: RGB = (255, 240, 196)
WONDER_DIM: RGB = (232, 228, 220)
RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")


t = Words(f"{GAME}.render.")  # one of our words: `duel.render.<key>`


def name_of(cid: str, locale: str) -> str:
    """A component's display name from the engine's catalogue (`duel.tok.<id>`); its id made
    readable if the catalogue lacks it."""
    label = token_label(GAME, cid, locale)
    if label == cid:
        label = cid.replace("-", " ").capitalize()
    return label


@lru_cache(maxsize=256)
def component(cid: str) -> Mapping[str, Any]:
    """The static facts of `cid` (engine.duel.cards.component), or {} for an unknown id."""
    try:
        return cards.component(cid)
    except KeyError:
        return {}


def card_colour(name: str | None) -> RGB:
    return CARD_COLOURS.get(name or "", MUTED)


# --- effect strips ----------------------------------------------------------------------------

Item = tuple  # ("coin", n) | ("res", name) | ("text", s) | ...


def effect_items(cid: str, with_points: bool = True) -> tuple[Item, ...]:
    """What a component does, as a row of drawable items (in the order printed on cards:
    production, shields, science, coins, special effects, points)."""
    comp = component(cid)
    items: list[Item] = []
    if not comp:
        return ()

    def sep() -> None:
        if items:
            items.append(("gap",))

    for e in comp.get("effects", []):
        kind, value = next(iter(e.items()))
        if kind == "produce":
            sep()
            for res, n in value.items():
                items.extend([("res", res)] * int(n))
        elif kind == "produce_choice":
            sep()
            for k, res in enumerate(value):
                if k:
                    items.append(("text", "/"))
                items.append(("res", res))
        elif kind == "trade_fixed":
            sep()
            for res in value:
                items.append(("res", res))
            items.append(("coin", 1))
        elif kind == "coins":
            sep()
            items.append(("coin", int(value)))
        elif kind == "coins_per_card":
            sep()
            items.append(("coin", int(value.get("coins", 1))))
            items.append(("text", "/"))
            for colour in value.get("colours", []):
                items.append(("chip", colour))
        elif kind == "coins_per_wonder":
            sep()
            items += [("coin", int(value)), ("text", "/"), ("icon", "wonder")]
        elif kind == "guild":
            sep()
            if value.get("coins"):
                items.append(("coin", int(value["coins"])))
            if value.get("points"):
                items.append(("vp", int(value["points"])))
            items.append(("text", "/"))
            counts = value.get("counts", "")
            if counts == "wonders":
                items.append(("icon", "wonder"))
            elif counts == "coins":
                items.append(("coin", 3))
            else:
                for colour in counts.split("+"):
                    items.append(("chip", colour))
        elif kind == "play_again":
            sep()
            items.append(("icon", "replay"))
        elif kind == "opponent_loses":
            sep()
            items.append(("loss", int(value)))
        elif kind == "destroy":
            sep()
            items.append(("destroy", str(value)))
        elif kind == "mausoleum":
            sep()
            items.append(("icon", "discard_pick"))
        elif kind == "great_library":
            sep()
            items.append(("icon", "token_draw"))
    shields = int(comp.get("shields") or 0)
    if shields:
        sep()
        items.extend([("shield",)] * shields)
    if comp.get("science") and comp.get("kind") == "card":
        sep()
        items.append(("science", comp["science"]))
    points = int(comp.get("points") or 0)
    if points and with_points:
        sep()
        items.append(("vp", points))
    return tuple(items)


def _item_width(item: Item, size: int) -> int:
    kind = item[0]
    if kind == "gap":
        return max(4, size // 4)
    if kind == "text":
        return int(text_width(item[1], int(size * 0.8), True)) + 2
    if kind == "chip":
        return int(size * 0.62)
    return size


def _draw_item(img: Image.Image, item: Item, x: float, y: float, size: int, ink: RGB) -> None:
    kind = item[0]
    if kind == "res":
        paste(img, resource_tile(item[1], size), (x, y))
    elif kind == "coin":
        paste(img, coin(size, item[1]), (x, y))
    elif kind == "vp":
        paste(img, laurel(size, item[1]), (x, y))
    elif kind == "shield":
        paste(img, shield(size), (x, y))
    elif kind == "science":
        paste(img, science_tile(item[1], size, True), (x, y))
    elif kind == "icon":
        paste(img, icon(item[1], size, ink), (x, y))
    elif kind == "loss":
        paste(img, loss_coin(size, item[1]), (x, y))
    elif kind == "destroy":
        paste(img, icon("destroy", size, card_colour(item[1])), (x, y))
    elif kind == "chip":
        w = int(size * 0.62)
        colour = card_colour(item[1])
        chip = supersampled((w, size), lambda d, k: d.rounded_rectangle(
            (0, size * 0.12 * k, w * k - 1, size * 0.88 * k), radius=w * 0.18 * k,
            fill=(*colour, 255), outline=(*shade(colour, 0.35), 255), width=max(1, k)))
        paste(img, chip, (x, y))
    elif kind == "text":
        ImageDraw.Draw(img).text((x + 1, y + size / 2), item[1], font=font(int(size * 0.8), True),
                                 fill=ink, anchor="lm")


@lru_cache(maxsize=512)
def strip(items: tuple[Item, ...], size: int, max_w: int, ink: RGB = INK) -> Image.Image:
    """The items in a row, shrunk to fit `max_w` (down to 60 % of `size`)."""
    s = size
    while s > size * 0.6 and sum(_item_width(i, s) for i in items) + 2 * (len(items) - 1) > max_w:
        s -= 1
    w = max(1, sum(_item_width(i, s) for i in items) + 2 * max(0, len(items) - 1))
    img = Image.new("RGBA", (w, s), (0, 0, 0, 0))
    x = 0
    for item in items:
        _draw_item(img, item, x, 0, s, ink)
        x += _item_width(item, s) + 2
    return img


@lru_cache(maxsize=64)
def loss_coin(size: int, value: int) -> Image.Image:
    """A coin struck in red: the opponent loses that many coins."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        d.ellipse((0, 0, s - 1, s - 1), fill=(178, 34, 34, 255))
        b = 0.09 * s
        d.ellipse((b, b, s - 1 - b, s - 1 - b), fill=(*tint(COIN, 0.3), 255))

    img = supersampled((size, size), draw)
    text = f"-{value}"
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), text,
                             font=font(int(size * (0.5 if len(text) < 3 else 0.4)), True),
                             fill=(150, 20, 20), anchor="mm")
    return img


def cost_items(cost: Mapping[str, int]) -> tuple[Item, ...]:
    """A cost as items: its coins, then each resource as many times as needed (3+ of one
    resource is written as one tile and ×n)."""
    items: list[Item] = []
    if cost.get("coins"):
        items.append(("coin", int(cost["coins"])))
    for res in RESOURCES:
        n = int(cost.get(res, 0))
        if n >= 3:
            items += [("res", res), ("text", f"×{n}")]
        else:
            items += [("res", res)] * n
    return tuple(items)


# --- cards ---------------------------------------------------------------------------------------


def _card_shape(w: int, h: int, border: RGB, fill: RGB, band: RGB | None = None,
                band_h: int = 0) -> Image.Image:
    r = max(6, w // 14)

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        b = max(2, min(3, round(min(w, h) / 48))) * k
        d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=r * k, fill=(*border, 255))
        inner = (b, b, w * k - 1 - b, h * k - 1 - b)
        d.rounded_rectangle(inner, radius=max(1, r * k - b), fill=(*fill, 255))
        if band is not None:
            d.rounded_rectangle((b, b, w * k - 1 - b, band_h * k), radius=max(1, r * k - b),
                                fill=(*band, 255))
            d.rectangle((b, band_h * k - r * k, w * k - 1 - b, band_h * k), fill=(*band, 255))

    return supersampled((w, h), draw)


def _chain_badge(symbol: str, d: int, colour: RGB, given: bool) -> Image.Image:
    """A chain symbol: on a white square (printed on the card: what it gives) or on a white
    disc ringed in the card's colour (what makes it free)."""

    def draw(dr: ImageDraw.ImageDraw, k: int) -> None:
        s = d * k
        if given:
            dr.rounded_rectangle((0, 0, s - 1, s - 1), radius=0.22 * s, fill=(255, 255, 255, 255),
                                 outline=(*shade(colour, 0.35), 255), width=max(1, k))
        else:
            dr.ellipse((0, 0, s - 1, s - 1), fill=(255, 255, 255, 255),
                       outline=(*shade(colour, 0.1), 255), width=2 * k)

    img = supersampled((d, d), draw)
    inner = int(d * 0.7)
    paste(img, icon(symbol, inner, INK), ((d - inner) / 2, (d - inner) / 2))
    return img


def card_band_h(h: int) -> int:
    return round(h * 0.26)


@lru_cache(maxsize=512)
def card_face(cid: str, w: int, h: int, locale: str, short: bool = False) -> Image.Image:
    """The face of an Age or Guild card: a band of its colour with its effects (and the chain
    symbol it gives on the right), its name, and its cost (with the chain symbol that makes it
    free on the right). All of it sits in the top 60 % so that a covering card hides none of
    it; the bottom is left for the prices of an accessible card. `short`: without that bottom
    (a card shown alone, in a list)."""
    comp = component(cid)
    colour = card_colour(comp.get("colour"))
    band_h = card_band_h(h)
    img = _card_shape(w, price_top(h) + 2 if short else h, shade(colour, 0.3),
                      tint(colour, 0.86), colour, band_h)
    pad = max(5, w // 24)
    gives = comp.get("chain_gives")
    right = w - pad
    if gives:
        cd = band_h - 2 * pad + 2
        paste(img, _chain_badge(gives, cd, colour, True), (w - pad - cd, pad - 1))
        right = w - pad - cd - 4
    # the plate the effects are drawn on
    plate_h = band_h - 2 * pad
    plate = supersampled((right - pad, plate_h), lambda d, k: d.rounded_rectangle(
        (0, 0, (right - pad) * k - 1, plate_h * k - 1), radius=plate_h * 0.3 * k,
        fill=(*PANEL, 255)))
    paste(img, plate, (pad, pad))
    items = effect_items(cid)
    if items:
        st = strip(items, plate_h - 6, right - pad - 8)
        paste(img, st, (pad + (right - pad - st.width) / 2, pad + (plate_h - st.height) / 2))
    # the name
    d = ImageDraw.Draw(img)
    name_box = (pad, band_h + 2, w - pad, band_h + 2 + int(h * 0.2))
    draw_text(d, name_box, name_of(cid, locale), max(12, w // 9), bold=True, fill=INK,
              min_size=10, max_lines=2, spacing=1.02)
    # the cost, and the chain that makes the card free
    cs = int(h * 0.125)
    cy = name_box[3] + 1
    x = pad
    frm = comp.get("chain_from")
    cost_right = w - pad - (cs + 4 if frm else 0)
    items = cost_items(comp.get("cost") or {})
    if items:
        st = strip(items, cs, cost_right - pad)
        paste(img, st, (x, cy + (cs - st.height) / 2))
    if frm:
        paste(img, _chain_badge(frm, cs, colour, False), (w - pad - cs, cy))
    return img


def price_top(h: int) -> int:
    """Where the free bottom part of a card face starts (the prices of an accessible card)."""
    return card_band_h(h) + 2 + int(h * 0.2) + 1 + int(h * 0.125) + 4


@lru_cache(maxsize=16)
def card_back(age: int, guild: bool, w: int, h: int) -> Image.Image:
    """The back of a face-down card: its age's colour with a lattice and the age's numeral
    (guilds: dark purple with a gold crown), the numeral in the top part a covering card
    leaves visible."""
    colour = GUILD_BACK if guild else AGE_BACKS.get(age, MUTED)
    edge = GOLD if guild else shade(colour, 0.35)
    img = _card_shape(w, h, edge, colour)
    light = (*mix(colour, (255, 255, 255), 0.18), 255)

    def lattice(d: ImageDraw.ImageDraw, k: int) -> None:
        step = w / 5
        for row in range(int(h / step) + 2):
            for col in range(7):
                cx = (col - 0.5 * (row % 2)) * step
                cy = row * step
                if not (step * 0.5 < cx < w - step * 0.5 and step * 0.5 < cy < h - step * 0.5):
                    continue
                r = step * 0.2
                d.polygon([(cx * k, (cy - r) * k), ((cx + r) * k, cy * k), (cx * k, (cy + r) * k),
                           ((cx - r) * k, cy * k)], fill=light)

    img.alpha_composite(supersampled((w, h), lattice))
    dm = int(min(w * 0.5, h * 0.34))
    cy = int(h * 0.3)
    ring = (*(GOLD if guild else tint(colour, 0.7)), 255)
    medal = supersampled((dm, dm), lambda d, k: (
        d.ellipse((0, 0, dm * k - 1, dm * k - 1), fill=ring),
        d.ellipse((0.08 * dm * k, 0.08 * dm * k, 0.92 * dm * k, 0.92 * dm * k),
                  fill=(*shade(colour, 0.2), 255))))
    paste(img, medal, ((w - dm) / 2, cy - dm / 2))
    if guild:
        ic = int(dm * 0.62)
        paste(img, icon("crown", ic, GOLD), ((w - ic) / 2, cy - ic / 2))
    else:
        numeral = {1: "I", 2: "II", 3: "III"}.get(age, "?")
        ImageDraw.Draw(img).text((w / 2, cy + 1), numeral, font=font(int(dm * 0.42), True),
                                 fill=(255, 255, 255), anchor="mm")
    return img


@lru_cache(maxsize=16)
def accessible_glow(w: int, h: int) -> Image.Image:
    """A gold outline around an accessible card."""
    g = 5

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        r = (max(6, w // 14) + g) * k
        d.rounded_rectangle((0, 0, (w + 2 * g) * k - 1, (h + 2 * g) * k - 1), radius=r,
                            outline=(*GOLD, 255), width=g * k)

    return supersampled((w + 2 * g, h + 2 * g), draw)


# --- small pieces -----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def card_pill(cid: str, h: int, max_w: int, locale: str, dim: bool = False) -> Image.Image:
    """A built card in a city: its name on its colour, with its main effect on the left."""
    comp = component(cid)
    colour = card_colour(comp.get("colour"))
    fill = tint(colour, 0.78) if not dim else tint(MUTED, 0.85)
    name = name_of(cid, locale)
    size = max(11, int(h * 0.5))
    items = effect_items(cid)
    icon_h = h - 8
    st = strip(items, icon_h, int(max_w * 0.5)) if items else None
    lead = (st.width + 6) if st is not None else 0
    text = ellipsize(name, max_w - lead - 18, size, True)
    w = int(min(max_w, lead + text_width(text, size, True) + 18))
    img = _card_shape(w, h, colour if not dim else MUTED, fill)
    if st is not None:
        paste(img, st, (6, (h - st.height) / 2))
    ImageDraw.Draw(img).text((6 + lead + (w - 12 - lead) / 2, h / 2), text,
                             font=font(size, True), fill=shade(colour, 0.55) if not dim else MUTED,
                             anchor="mm")
    return img


@lru_cache(maxsize=128)
def wonder_tile(wid: str, w: int, h: int, state: str, locale: str) -> Image.Image:
    """A wonder: its name, its effects, and its cost (unbuilt: pale, `state` "unbuilt"; built:
    lit in gold with its points; "boxed": returned to the box by the seven-wonder limit;
    "offer": offered in the draft)."""
    comp = component(wid)
    built = state == "built"
    boxed = state == "boxed"
    fill = WONDER_LIT if built else (WONDER_DIM if state != "offer" else (250, 244, 228))
    border = WONDER_FRAME if built or state == "offer" else LINE
    img = _card_shape(w, h, border, fill)
    d = ImageDraw.Draw(img)
    pad = max(6, int(h * 0.06))
    ink = INK if built or state == "offer" else MUTED
    # pyramid emblem and name
    em = int(min(h * 0.26, 34))
    paste(img, icon("wonder", em, WONDER_FRAME if built or state == "offer" else LINE),
          (pad, pad))
    name_h = int(h * 0.34)
    draw_text(d, (pad + em + 6, pad - 2, w - pad, pad + name_h), name_of(wid, locale),
              max(13, int(h * 0.17)), bold=True, fill=ink, align="left", min_size=10,
              max_lines=2, spacing=1.02)
    row = int(h * 0.22)
    items = effect_items(wid)
    y_eff = int(h * 0.42)
    if items:
        st = strip(items, row, w - 2 * pad)
        if not built and state != "offer":
            st = faded(st)
        paste(img, st, (pad, y_eff + (row - st.height) / 2))
    y_cost = h - pad - row
    if boxed:
        draw_text(d, (pad, y_cost, w - pad, h - pad), t("wonder.boxed", locale), int(row * 0.7),
                  bold=True, fill=MUTED, align="left", max_lines=1, min_size=10)
    elif built:
        tick = supersampled((row, row), lambda dr, k: (
            dr.ellipse((0, 0, row * k - 1, row * k - 1), fill=(*SCIENCE_GREEN, 255)),
            dr.line([(0.26 * row * k, 0.52 * row * k), (0.44 * row * k, 0.7 * row * k),
                     (0.76 * row * k, 0.32 * row * k)], fill=(255, 255, 255, 255),
                    width=int(0.12 * row * k), joint="curve")))
        paste(img, tick, (pad, y_cost))
        d.text((pad + row + 6, y_cost + row / 2), t("wonder.built", locale),
               font=font(max(11, int(row * 0.62)), True), fill=SCIENCE_GREEN, anchor="lm")
    else:
        items = cost_items(comp.get("cost") or {})
        if items:
            # the cost on a plate of its own, so that it does not read as an effect
            st = strip(items, row - 4, w - 2 * pad - 8)
            pw, ph = st.width + 8, row + 2
            plate = supersampled((pw, ph), lambda dr, k: dr.rounded_rectangle(
                (0, 0, pw * k - 1, ph * k - 1), radius=ph * 0.3 * k,
                fill=(*mix(fill, LINE, 0.7), 255)))
            paste(img, plate, (pad - 2, y_cost - 1))
            paste(img, st, (pad + 2, y_cost + (row - st.height) / 2))
    return img


def faded(piece: Image.Image, keep: float = 0.55) -> Image.Image:
    out = piece.copy()
    alpha = out.getchannel("A").point(lambda a: int(a * keep))
    out.putalpha(alpha)
    return out


@lru_cache(maxsize=64)
def empty_token(d: int) -> Image.Image:
    """A taken progress token's place: a dashed ring."""
    img = Image.new("RGBA", (d, d), (0, 0, 0, 0))

    def draw(dr: ImageDraw.ImageDraw, k: int) -> None:
        s = d * k
        for a in range(0, 360, 30):
            dr.arc((2 * k, 2 * k, s - 2 * k, s - 2 * k), start=a, end=a + 18,
                   fill=(*LINE, 255), width=3 * k)

    img.alpha_composite(supersampled((d, d), draw))
    return img


def token_row(img: Image.Image, tid: str, x: float, y: float, d: int, width: float, locale: str,
              size: int = 16, ring: RGB | None = None) -> None:
    """A progress token with its name to the right (wrapped on two lines)."""
    if ring is not None:
        ring_img = supersampled((d + 10, d + 10), lambda dr, k: dr.ellipse(
            (0, 0, (d + 10) * k - 1, (d + 10) * k - 1), fill=(*ring, 255)))
        paste(img, ring_img, (x - 5, y - 5))
    paste(img, token_disc(tid, d), (x, y))
    draw_text(ImageDraw.Draw(img), (int(x + d + 8), int(y), int(x + width), int(y + d)),
              name_of(tid, locale), size, bold=True, fill=INK, align="left", min_size=11,
              max_lines=2, spacing=1.02)


@lru_cache(maxsize=64)
def _corners(radius: int) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """The four anti-aliased quarter discs of `radius` (top-left, top-right, bottom-left,
    bottom-right) as masks."""
    big = Image.new("L", (2 * radius * 4, 2 * radius * 4), 0)
    ImageDraw.Draw(big).ellipse((0, 0, 8 * radius - 1, 8 * radius - 1), fill=255)
    disc_ = big.resize((2 * radius, 2 * radius), Image.Resampling.LANCZOS)
    return (disc_.crop((0, 0, radius, radius)), disc_.crop((radius, 0, 2 * radius, radius)),
            disc_.crop((0, radius, radius, 2 * radius)),
            disc_.crop((radius, radius, 2 * radius, 2 * radius)))


def _solid_round(img: Image.Image, box: tuple[int, int, int, int], radius: int,
                 colour: RGB) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return
    r = max(0, min(radius, w // 2, h // 2))
    if r == 0:
        img.paste(colour, box)
        return
    img.paste(colour, (x0 + r, y0, x1 - r, y1))
    img.paste(colour, (x0, y0 + r, x0 + r, y1 - r))
    img.paste(colour, (x1 - r, y0 + r, x1, y1 - r))
    tl, tr, bl, br = _corners(r)
    img.paste(colour, (x0, y0, x0 + r, y0 + r), tl)
    img.paste(colour, (x1 - r, y0, x1, y0 + r), tr)
    img.paste(colour, (x0, y1 - r, x0 + r, y1), bl)
    img.paste(colour, (x1 - r, y1 - r, x1, y1), br)


def panel(img: Image.Image, box: tuple[float, float, float, float], radius: int, fill: RGB,
          outline: RGB | None = None, width: int = 0) -> None:
    """A big rounded panel, like render.common.rounded but painted as plain rectangles and
    four masked corners: a masked paste over a whole panel costs milliseconds, this does not."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    if outline is not None and width > 0:
        _solid_round(img, (x0, y0, x1, y1), radius, outline)
        _solid_round(img, (x0 + width, y0 + width, x1 - width, y1 - width),
                     max(0, radius - width), fill)
    else:
        _solid_round(img, (x0, y0, x1, y1), radius, fill)



def category_icon(img: Image.Image, key: str, centre: tuple[float, float], size: int) -> None:
    """The icon of a category of points (a column of the score tables)."""
    cx, cy = centre
    x, y = cx - size / 2, cy - size / 2
    if key in COLOURS:
        colour = card_colour(key)
        rounded(img, (x + size * 0.18, y, x + size * 0.82, y + size), 5, colour,
                shade(colour, 0.35), 2)
    elif key == "wonders":
        paste(img, icon("wonder", size, WONDER_FRAME), (x, y))
    elif key == "progress":
        paste(img, token_disc("philosophy", size), (x, y))
    elif key == "coins":
        paste(img, coin(size), (x, y))
    elif key == "military":
        paste(img, shield(size), (x, y))
    else:  # an expansion's category (the Senate, the leaders), or points
        theirs = first_answer(e.category_piece(key, size) for e in registered())
        paste(img, laurel(size) if theirs is None else theirs, (x, y))


@lru_cache(maxsize=4)
def pawn(size: int) -> Image.Image:
    """The conflict pawn."""
    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        d.ellipse((0, 0, s - 1, s - 1), fill=(255, 255, 255, 255))
        b = 0.08 * s
        d.ellipse((b, b, s - 1 - b, s - 1 - b), fill=(*INK, 255))
        d.ellipse((0.2 * s, 0.2 * s, 0.8 * s, 0.8 * s), fill=(196, 40, 36, 255))

    img = supersampled((size, size), draw)
    inner = int(size * 0.44)
    paste(img, icon("sword", inner, (255, 255, 255)), ((size - inner) / 2,
                                                             (size - inner) / 2))
    return img


def destroy_colours(view: Mapping[str, Any]) -> list[str]:
    """The colour the opponent's card to destroy has: from the wonder just built (last move)."""
    last = view.get("last") or {}
    for token in str(last.get("action", "")).split():
        for e in component(token).get("effects", []) if component(token) else []:
            if "destroy" in e:
                return [str(e["destroy"])]
    return ["brown", "grey"]


def clear_caches() -> None:
    for cached in (strip, loss_coin, card_face, card_back, accessible_glow, card_pill,
                   wonder_tile, empty_token, component, pawn):
        cached.cache_clear()
