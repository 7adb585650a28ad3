"""7 Wonders Duel: what the player to act chooses among (the accessible cards with what they cost
that player, the wonders offered, the tokens, the cards of the Mausoleum or to destroy, an
expansion's choices), as items for the tiles, and the turn picture's panel that shows them (or
the prompt, or who has chosen in a simultaneous phase).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg
from engine.i18n import translate
from render.common import (
    GOLD,
    GOOD,
    INK,
    MUTED,
    NAME_MARK,
    PANEL,
    Box,
    badge,
    badge_line,
    badge_width,
    draw_text,
    font,
    name_badge,
    rounded,
    seat_colour,
    seat_name,
    shade,
    text_line,
    tint,
)
from render.duel import parts
from render.duel.extension import enabled, first_answer, registered
from render.duel.item import Item
from render.duel.parts import card_colour, component, t
from render.duel.tiles import tiles
from render.duel.turn_frame import ES, asked, players


def _prompt(view: Mapping[str, Any], locale: str, names: Sequence[str]) -> str:
    prompt = view.get("prompt")
    if not isinstance(prompt, Mapping) or not prompt.get("k"):
        return ""
    try:
        return translate(Msg.from_json({"k": prompt["k"], "p": prompt.get("p") or {}}), locale,
                         names)
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


def choice_items(view: Mapping[str, Any]) -> tuple[str, list[Item]]:
    """What the player to act chooses among, when it is public: (title key, items)."""
    phase = view.get("phase")
    acting = asked(view)
    seat = acting[0] if len(acting) == 1 else None
    if phase == "play":
        items: list[Item] = []
        for slot in view.get("structure") or []:
            if not slot.get("accessible") or slot.get("taken"):
                continue
            price = list(slot.get("price") or [None, None])
            chain = list(slot.get("chain") or [False, False])
            cost: Any = None
            if seat is not None and seat < len(price):
                cost = "chain" if seat < len(chain) and chain[seat] else price[seat]
                coins = int(players(view)[seat].get("coins") or 0)
                if isinstance(cost, int) and cost > coins:
                    cost = f"dear:{cost}"  # more than the player has
            cid = slot.get("card")
            theirs = first_answer(e.slot_item(slot, cost) for e in registered())  # senators
            if theirs is not None:
                items.append(theirs)
            elif cid:
                items.append(("card", str(cid), card_colour(component(str(cid)).get("colour")),
                              cost))
        return "turn.choose.cards", items
    if phase == "draft":
        offer = list((view.get("draft") or {}).get("offer") or [])
        return "turn.choose.wonders", [("wonder", str(w), parts.WONDER_FRAME, None)
                                       for w in offer]
    if phase == "progress":
        tokens = [x for x in view.get("progress_board") or [] if x]
        return "turn.choose.tokens", [("token", str(x), parts.CARD_COLOURS["green"], None)
                                      for x in tokens]
    if phase == "mausoleum":
        cards = list(dict.fromkeys(reversed(list(view.get("discard") or []))))
        return "turn.choose.mausoleum", [("card", str(c), card_colour(
            component(str(c)).get("colour")), None) for c in cards]
    if phase == "destroy" and seat is not None:
        other = players(view)[1 - seat].get("city") or {}
        cards = [c for col in parts.destroy_colours(view) for c in other.get(col) or []]
        return "turn.choose.destroy", [("card", str(c), card_colour(
            component(str(c)).get("colour")), None) for c in cards]
    return first_answer(e.choice_items(view) for e in enabled(view)) or ("", [])


def draw_choices(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
                 box: Box) -> None:
    x0, y0, x1, y1 = box
    acting = asked(view)
    accent = seat_colour(acting[0]) if len(acting) == 1 else GOLD
    parts.panel(img, box, 14, PANEL, accent, 3)
    d = ImageDraw.Draw(img)
    pad = 14
    y = y0 + pad + 14
    title_key, items = choice_items(view)
    width = x1 - x0 - 2 * pad
    library = view.get("phase") == "library" and len(acting) == 1
    if len(acting) == 1:
        key = f"turn.{title_key.split('.')[-1]}_who" if title_key else "status.turn"
        key = "turn.library_who" if library else key
        badge_line(img, (x0 + pad, y), t(key, locale, name=NAME_MARK), names, acting[0], 24,
                   max_width=width, min_ratio=ES / 24)
    elif len(acting) > 1:
        text_line(d, (x0 + pad, y), t("turn.both_choose", locale), 24, bold=True,
                  max_width=width)
    y += 24
    if library:  # the tokens drawn are the chooser's alone: their backs, and who sees them
        _hidden_tokens(img, view, names, locale, acting[0], (x0 + pad, y + 20, x1 - pad, y1))
        return
    if not items:
        text = _prompt(view, locale, names) or phase_text(view, locale)
        if text:
            draw_text(d, (x0 + pad, y, x1 - pad, y + 110), text, 22, fill=INK, align="left",
                      valign="top", min_size=ES, max_lines=4)
            y += 120
        if len(acting) > 1:
            _who_chose(img, view, names, locale, (x0 + pad, y, x1 - pad, y1 - pad))
        return
    tiles(img, items, locale, (x0 + pad, y + 4, x1 - pad, y1 - pad))


def _hidden_tokens(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
                   locale: str, seat: int, box: Box) -> None:
    """The Great Library's three tokens, face down (the public view never holds them)."""
    x0, y0, x1, _ = box
    d = ImageDraw.Draw(img)
    dd = 96
    for k in range(3):
        cx = x0 + 20 + k * (dd + 30)
        disc_box = (cx, y0, cx + dd, y0 + dd)
        rounded(img, disc_box, dd // 2, tint(parts.CARD_COLOURS["green"], 0.55),
                shade(parts.CARD_COLOURS["green"], 0.2), 4)
        d.text((cx + dd / 2, y0 + dd / 2), "?", font=font(48, True),
               fill=shade(parts.CARD_COLOURS["green"], 0.45), anchor="mm")
    draw_text(d, (x0, y0 + dd + 20, x1, y0 + dd + 110),
              t("turn.library.hidden", locale, name=seat_name(names, seat)), 22, fill=INK,
              align="left", valign="top", min_size=ES, max_lines=3)


def phase_text(view: Mapping[str, Any], locale: str) -> str:
    """What an expansion's phase asks, when the engine's prompt does not say ('' if none)."""
    return next((text for e in enabled(view) if (text := e.phase_text(view, locale))), "")


def _who_chose(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
               box: Box) -> None:
    """An expansion's simultaneous phase (Leaders' recruitment): who has chosen (never what)."""
    x0, y0, x1, _ = box
    for k, s in enumerate(asked(view)):
        chose = first_answer(e.chose(view, s, locale) for e in enabled(view))
        if chose is None:
            continue
        done, word = chose
        y = y0 + 20 + k * 44
        tag = ("✓ " if done else "… ") + word
        # the name gives way to the tag, which stays inside the panel
        room = x1 - x0 - badge_width(tag, 20) - 12
        w = name_badge(img, (x0, y), seat_name(names, s), 24, seat_colour(s), room)[2] - x0
        badge(img, (x0 + w + 12, y), tag, 20, GOOD if done else MUTED)
