"""7 Wonders Duel: the turn post's picture, designed for Discord's inline preview (~550x350): a
1100x700 landscape canvas shown at half size, so every essential text is drawn at >= 18 px
(render.common.min_font_for); the rest is drawn inside render.common.secondary(). The hand
(render/duel/hand.py) is drawn at the same scale with the same tiles.

The turn picture: the header (age, wonders built), both players side by side (name, coins,
points, shields, and the expansions' numbers: the Senate chambers controlled, the leaders
recruited; what the last move changed as +/- beside each number), the military track with the
conflict pawn (and an expansion's panel beside it: Agora's Senate), then what the player to act
chooses among (the accessible cards with their names and what they cost that player; the
wonders offered; the tokens; the cards of the Mausoleum or to destroy; an expansion's choices,
as the leaders offered), beside the age's structure drawn as a schematic (the card just taken
outlined), and the last move. At the end, the result (winners, kind of victory, each player's
points; or who resigned). What the expansions add comes through render/duel/extension.py.

`changes(before, view)` says what the latest action changed, from two public views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg, Outcome
from engine.i18n import action_label, translate
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
    resigned_seat,
    rounded,
    seat_colour,
    seat_name,
    secondary,
    shade,
    star,
    text_line,
    text_width,
    tint,
)
from render.duel import icons, parts
from render.duel.extension import (
    PILL,
    Named,
    Told,
    enabled,
    first_answer,
    numbered,
    registered,
    simultaneous,
)
from render.duel.icons import paste
from render.duel.parts import GAME, card_colour, component, name_of, t

W, H = 1100, 700
M = 16
HEADER: RGB = (32, 46, 78)
HEADER_INK: RGB = (246, 226, 178)
LAST: RGB = (214, 40, 120)  # the last move's marker: a magenta no seat colour uses
ES = 18  # the smallest essential font size at W x H (render.common.min_font_for((W, H)))
ROMAN = {1: "I", 2: "II", 3: "III"}

# the rows of the canvas
HEAD_H = 56
PLAYERS_Y, PLAYERS_H = HEAD_H + 10, 112
TRACK_Y, TRACK_H = PLAYERS_Y + PLAYERS_H + 10, 58
MAIN_Y = TRACK_Y + TRACK_H + 10
LAST_H = 46
MAIN_H = H - M - LAST_H - 10 - MAIN_Y
SIDE_W = 330


def _over(view: Mapping[str, Any], outcome: Outcome | None) -> bool:
    return outcome is not None or view.get("phase") == "over" or bool(view.get("outcome"))


def players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    players = list(view.get("players") or [])
    while len(players) < 2:
        players.append({"seat": len(players)})
    return players[:2]


def asked(view: Mapping[str, Any]) -> list[int]:
    """The seats asked now: the active seat, or those an expansion's phase asks at once (both,
    in Leaders' recruitment)."""
    if view.get("outcome") or view.get("phase") == "over":
        return []
    if view.get("active") is not None:
        return [int(view["active"])]
    return simultaneous(view)


def total_points(player: Mapping[str, Any]) -> int:
    pts = player.get("points") or {}
    return int(pts.get("total", 0)) if isinstance(pts, Mapping) else 0


# --- what the last move changed --------------------------------------------------------------


def changes(before: Mapping[str, Any] | None, view: Mapping[str, Any]) -> dict[str, Any]:
    """What the latest action changed between two public views: `seat` (who acted), `slot`
    (the structure index of the card taken) and `card`, `wonders` (ids just built),
    `tokens` (progress tokens just taken), `deltas` (per seat: coins, points, shields, and the
    expansions' numbers), `pawn` (its move). Empty when `before` is None or belongs to another
    age's structure."""
    if before is None:
        return {}
    out: dict[str, Any] = {"seat": (view.get("last") or {}).get("seat")}
    old = list(before.get("structure") or [])
    new = list(view.get("structure") or [])
    if len(old) == len(new) and before.get("age") == view.get("age"):
        for a, b in zip(old, new, strict=True):
            if not a.get("taken") and b.get("taken"):
                out["slot"] = int(b.get("index", new.index(b)))
                out["card"] = a.get("card")
    olds, news = players(before), players(view)
    wonders: list[str] = []
    tokens: list[str] = []
    deltas: list[dict[str, int]] = []
    for s in range(2):
        built = {w.get("id") for w in olds[s].get("wonders") or [] if w.get("built")}
        wonders += [str(w["id"]) for w in news[s].get("wonders") or []
                    if w.get("built") and w.get("id") not in built]
        tokens += [str(x) for x in news[s].get("progress") or []
                   if x not in (olds[s].get("progress") or [])]
        sh_old = list((before.get("military") or {}).get("shields") or [0, 0])
        sh_new = list((view.get("military") or {}).get("shields") or [0, 0])
        delta = {
            "coins": int(news[s].get("coins") or 0) - int(olds[s].get("coins") or 0),
            "points": total_points(news[s]) - total_points(olds[s]),
            "shields": int(sh_new[s] if s < len(sh_new) else 0)
            - int(sh_old[s] if s < len(sh_old) else 0),
        }
        for ext in enabled(view):
            delta |= ext.deltas(before, view, s)
        deltas.append(delta)
    out["wonders"] = wonders
    out["tokens"] = tokens
    out["deltas"] = deltas
    out["pawn"] = int((view.get("military") or {}).get("pawn") or 0) - int(
        (before.get("military") or {}).get("pawn") or 0)
    return out


# --- the turn picture ------------------------------------------------------------------------


def turn(view: Mapping[str, Any], names: Sequence[str], locale: str,
         before: Mapping[str, Any] | None = None, outcome: Outcome | None = None) -> Image.Image:
    """The turn post's picture (see the module's docstring)."""
    img = Image.new("RGB", (W, H), PAPER)
    changed = changes(before, view)
    _head(img, view, locale, outcome)
    for s in range(2):
        _player(img, view, names, locale, s, changed, outcome)
    _track(img, view, names, locale, changed)
    layout = _last_layout(img, view, names, locale, changed)
    last_h = last_height(layout)
    bottom = H - M - last_h - 10
    main = (M, MAIN_Y, W - M - SIDE_W - 12, bottom)
    side = (W - M - SIDE_W, MAIN_Y, W - M, bottom)
    if _over(view, outcome):
        _result(img, view, names, locale, outcome, (M, MAIN_Y, W - M, bottom))
    else:
        _choices(img, view, names, locale, main)
        _side(img, view, locale, side, changed)
    _last(img, view, names, locale, layout, (M, H - M - last_h, W - M, H - M))
    return img


def _head(img: Image.Image, view: Mapping[str, Any], locale: str,
          outcome: Outcome | None) -> None:
    age = int(view.get("age") or 0)
    if _over(view, outcome):
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


def _player(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            seat: int, changed: Mapping[str, Any], outcome: Outcome | None) -> None:
    """One player's panel: name, the tag (to play / choosing / winner / resigned), and the
    numbers that matter at a glance."""
    half = (W - 2 * M - 12) / 2
    x0 = M + seat * (half + 12)
    x1 = x0 + half
    y0, y1 = PLAYERS_Y, PLAYERS_Y + PLAYERS_H
    colour = seat_colour(seat)
    acting = seat in asked(view) and not _over(view, outcome)
    winners = _winners(view, outcome)
    if acting:
        parts.panel(img, (x0, y0, x1, y1), 14, tint(colour, 0.84), colour, 6)
    elif seat in winners:
        parts.panel(img, (x0, y0, x1, y1), 14, tint(GOLD, 0.82), shade(GOLD, 0.1), 5)
    else:
        parts.panel(img, (x0, y0, x1, y1), 14, PANEL, mix(colour, LINE, 0.5), 2)
    ny = y0 + 32
    nb = badge(img, (x0 + 16, ny), seat_name(names, seat), 28, colour)
    tag, tag_fill = _tag(view, locale, seat, acting, winners, outcome)
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
    colour = _thing_colour(cid)
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


def _winners(view: Mapping[str, Any], outcome: Outcome | None) -> list[int]:
    if outcome is not None:
        return list(outcome.winners)
    return list((view.get("outcome") or {}).get("winners") or [])


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


# --- the military track (and an expansion's panel beside it) ---------------------------------


def _track(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
           changed: Mapping[str, Any]) -> None:
    x0, y0, y1 = M, TRACK_Y, TRACK_Y + TRACK_H
    beside = [(ext, w) for ext in enabled(view) if (w := ext.beside_track(view))]
    x1 = W - M - sum(w + 12 for _, w in beside)
    parts.panel(img, (x0, y0, x1, y1), 12, PANEL, LINE, 2)
    mil = view.get("military") or {}
    pawn = int(mil.get("pawn") or 0)
    cap_w = 54
    tx0, tx1 = x0 + 10 + cap_w + 4, x1 - 10 - cap_w - 4
    sw = (tx1 - tx0) / 17
    ty, th = y0 + 10, TRACK_H - 20
    for pos in range(-8, 9):
        dist = abs(pos)
        fill = (250, 244, 226) if dist == 0 else (
            (244, 224, 214) if dist <= 2 else (236, 198, 184) if dist <= 5 else (224, 166, 150))
        left = tx0 + (pos + 8) * sw
        rounded(img, (left + 1, ty, left + sw - 1, ty + th), 5, fill, shade(fill, 0.25), 1)
    for seat, (cx0, cx1) in ((0, (x0 + 10, x0 + 10 + cap_w)), (1, (x1 - 10 - cap_w, x1 - 10))):
        colour = seat_colour(seat)
        rounded(img, (cx0, ty - 2, cx1, ty + th + 2), 8, tint(colour, 0.7), colour, 3)
        paste(img, icons.icon("castle", 30, shade(colour, 0.35)), ((cx0 + cx1) / 2 - 15,
                                                                 ty + th / 2 - 15))
    # looting / Agora tokens still on the track: small marks under the spaces
    for tok in mil.get("tokens") or []:
        if tok.get("taken"):
            continue
        a, b = sorted((int(tok.get("first", 0)), int(tok.get("last", 0))))
        left, right = tx0 + (max(a, -8) + 8) * sw + 6, tx0 + (min(b, 8) + 8) * sw + sw - 6
        rounded(img, (left, ty + th - 7, right, ty + th - 2), 2, shade(GOLD, 0.1))
    pos = max(-9, min(9, pawn))
    if abs(pos) == 9:
        cx = x0 + 10 + cap_w / 2 if pos < 0 else x1 - 10 - cap_w / 2
    else:
        cx = tx0 + (pos + 8) * sw + sw / 2
    moved = int(changed.get("pawn") or 0)
    if moved:
        disc_ring = th + 6
        rounded(img, (cx - disc_ring / 2, ty + th / 2 - disc_ring / 2, cx + disc_ring / 2,
                      ty + th / 2 + disc_ring / 2), int(disc_ring / 2), None, LAST, 4)
    paste(img, parts.pawn(th - 4), (cx - (th - 4) / 2, ty + 2))
    if pawn:
        leader = 0 if pawn > 0 else 1
        lead = f"{abs(pawn)}"
        text = "→ " + lead if leader == 0 else lead + " ←"
        bw = text_width(text, ES, True) + 2 * max(6, ES // 2)
        # beside the pawn, on the side it moves to; at a capital, inside the track
        right = leader == 0 if x0 + 4 <= cx - th / 2 - 6 - bw and \
            cx + th / 2 + 6 + bw <= x1 - 4 else cx < (x0 + x1) / 2
        side_x = cx + (th / 2 + 6) * (1 if right else -1)
        badge(img, (side_x, ty + th / 2), text, ES, seat_colour(leader),
              anchor="lm" if right else "rm")
    x = x1 + 12
    for ext, w in beside:  # Agora's Senate
        ext.draw_beside_track(img, view, names, locale, (x, y0, x + w, y1))
        x += w + 12


# --- what the acting player chooses among ----------------------------------------------------


def _prompt(view: Mapping[str, Any], locale: str, names: Sequence[str]) -> str:
    prompt = view.get("prompt")
    if not isinstance(prompt, Mapping) or not prompt.get("k"):
        return ""
    try:
        return translate(Msg.from_json({"k": prompt["k"], "p": prompt.get("p") or {}}), locale,
                         names)
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


Item = tuple[str, str, RGB, Any]  # (kind, id, colour, price) for a tile


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


def _choices(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
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
    x0, y0, _, _ = box
    for k, s in enumerate(asked(view)):
        chose = first_answer(e.chose(view, s, locale) for e in enabled(view))
        if chose is None:
            continue
        done, word = chose
        y = y0 + 20 + k * 44
        w = badge_line(img, (x0, y), NAME_MARK, names, s, 24)
        badge(img, (x0 + w + 12, y), ("✓ " if done else "… ") + word, 20,
              GOOD if done else MUTED)


def tiles(img: Image.Image, items: list[Item], locale: str, box: Box,
          tallest: float = 128.0) -> None:
    """The items as tiles in a grid: the name big, its colour as a band, its price. The names
    share one font size, the largest at which every name shown fits whole."""
    x0, y0, x1, y1 = box
    n = len(items)
    cols = grid_cols(n)
    rows = max(1, -(-n // cols))
    gap = 10
    tw = (x1 - x0 - (cols - 1) * gap) / cols
    th = min(tallest, (y1 - y0 - (rows - 1) * gap) / rows)
    if th < TILE_MIN:  # too many (the Mausoleum late in the game): as many as fit, then a count
        rows = max(1, int((y1 - y0 + gap) // (TILE_MIN + gap)))
        th = TILE_MIN
    shown = items[: rows * cols]
    if len(shown) < n:
        shown = items[: rows * cols - 1]
    size = min((_label_size(item, locale, (0, 0, tw, th)) for item in shown), default=22)
    for k, item in enumerate(shown):
        r, c = divmod(k, cols)
        tx, ty = x0 + c * (tw + gap), y0 + r * (th + gap)
        _tile(img, item, locale, (tx, ty, tx + tw, ty + th), size)
    if len(shown) < n:
        r, c = divmod(len(shown), cols)
        tx, ty = x0 + c * (tw + gap), y0 + r * (th + gap)
        draw_text(ImageDraw.Draw(img), (tx, ty, tx + tw, ty + th),
                  t("turn.more", locale, n=n - len(shown)), 20, bold=True, fill=MUTED)


TILE_MIN = 50  # a tile's least height: two lines of a name at the essential size


def _price_w(price: Any, locale: str) -> float:
    """The room a tile's price takes at its right (with its gap)."""
    if price is None:
        return 0
    if price == 0:
        return int(text_width(t("turn.free", locale), ES, True)) + 18 + 6
    return 38 + 6


def _label_room(item: Item, locale: str, box: Box) -> tuple[float, float, int]:
    """(width, height, lines) a tile's name may take."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    width = (x1 - 8 - _price_w(item[3], locale)) - x0 - 22
    return width, min(h - 8, 52 if h > 60 else h - 6), 2 if h >= TILE_MIN else 1


def _label_size(item: Item, locale: str, box: Box) -> int:
    """The largest size (22 down to the essential size) at which the tile's name fits whole."""
    width, height, lines = _label_room(item, locale, box)
    label = _label(item[0], item[1], locale)
    for size in range(22, ES - 1, -1):
        fitted, _ = fit_lines(label, width, height, size, True, size, lines, 1.1)
        if not any(li.endswith("…") for li in fitted):
            return size
    return ES


def grid_cols(n: int) -> int:
    """Columns of a grid of n tiles."""
    return 4 if n > 9 else 3 if n > 4 or n == 3 else 2 if n > 1 else 1


def _tile(img: Image.Image, item: Item, locale: str, box: Box, size: int = 22) -> None:
    kind, cid, colour, price = item
    x0, y0, x1, y1 = (int(v) for v in box)
    h = y1 - y0
    rounded(img, (x0, y0, x1, y1), 10, tint(colour, 0.86), shade(colour, 0.1), 2)
    rounded(img, (x0, y0, x0 + 12, y1), 6, colour)
    d = ImageDraw.Draw(img)
    right = x1 - 8
    if price is not None:
        cs = 38
        if price == "chain":
            comp = component(cid) if cid else {}
            sym = comp.get("chain_from") if comp else None
            rounded(img, (right - cs, y0 + 6, right, y0 + 6 + cs), 8, tint(GOOD, 0.8), GOOD, 2)
            if sym:
                paste(img, icons.icon(str(sym), cs - 10, shade(GOOD, 0.3)),
                      (right - cs + 5, y0 + 11))
        elif price == 0:
            badge(img, (right, y0 + 6 + cs / 2), t("turn.free", locale), ES, GOOD, anchor="rm")
            cs = int(text_width(t("turn.free", locale), ES, True)) + 18
        else:
            dear = isinstance(price, str) and price.startswith("dear:")
            value = int(str(price).removeprefix("dear:"))
            if dear:  # too dear for the player now: ringed in red
                rounded(img, (right - cs - 4, y0 + 2, right + 4, y0 + 10 + cs),
                        int(cs / 2) + 4, ALERT)
            paste(img, icons.coin(cs, value), (right - cs, y0 + 6))
        right -= cs + 6
    label = _label(kind, cid, locale)
    width, height, most = _label_room(item, locale, box)
    lines, size = fit_lines(label, width, height, size, True, size, most, 1.1)
    ty = y0 + 8
    for line in lines:
        d.text((x0 + 20, ty + size * 0.55), line, font=font(size, True),
               fill=shade(colour, 0.55), anchor="lm")
        ty += size * 1.1
    sh = int(max(16, min(y1 - ty - 6, 64, (y1 - y0) * 0.5)))
    with secondary():  # an expansion's small picture under the name (Agora: the senator's card)
        piece = first_answer(e.item_piece(kind, cid, sh, locale) for e in registered())
    if piece is not None:
        paste(img, piece, (x1 - 8 - piece.width, y1 - 4 - piece.height))
    if h > 60:  # what it does, readable in the preview (a token; an expansion's: a leader)
        text = token_text(cid, locale) if kind == "token" else \
            first_answer(e.item_text(kind, cid, locale) for e in registered())
        if text:
            top = max(ty + 2, y0 + 50) if price is not None else ty + 2  # under the price
            room = (x0 + 20, top, x1 - 8, y1 - 6)
            lines = max(1, int((room[3] - room[1]) // (ES * 1.12)))
            draw_text(d, room, text, 22, fill=INK, align="left", valign="top", min_size=ES,
                      max_lines=lines)
    if y1 - ty >= 30 and kind in ("card", "wonder"):  # room under the name: its effects
        items = parts.effect_items(cid)
        if items:
            with secondary():
                st = parts.strip(items, 30 if y1 - ty > 46 else 22, int(x1 - x0 - 30))
                paste(img, st, (x0 + 20, y1 - 6 - st.height))


def token_text(tid: str, locale: str) -> str:
    """What a progress token does, in a few words ('' for a token this picture cannot tell)."""
    from engine.i18n import has

    return t(f"token.{tid}", locale) if has(f"duel.render.token.{tid}", locale) else ""


def _label(kind: str, cid: str, locale: str) -> str:
    theirs = first_answer(e.item_label(kind, cid, locale) for e in registered())
    return theirs or name_of(cid, locale)


# --- beside: the structure, the progress tokens ----------------------------------------------


def _side(img: Image.Image, view: Mapping[str, Any], locale: str, box: Box,
          changed: Mapping[str, Any]) -> None:
    x0, y0, x1, y1 = box
    parts.panel(img, box, 14, PANEL, LINE, 2)
    d = ImageDraw.Draw(img)
    pad = 12
    slots = list(view.get("structure") or [])
    left = [s for s in slots if not s.get("taken")]
    age = int(view.get("age") or 0)
    tok_h = 64
    if slots and age:
        title = t("structure", locale, roman=ROMAN.get(age, str(age)))
        tw = text_line(d, (x0 + pad, y0 + pad + 12), title, 22, bold=True)
        with secondary():
            text_line(d, (x0 + pad + tw + 10, y0 + pad + 13),
                      t("turn.left", locale, n=len(left)), 15, fill=MUTED,
                      max_width=x1 - x0 - 2 * pad - tw - 10)
        _schematic(img, view, (x0 + pad, y0 + pad + 32, x1 - pad, y1 - pad - tok_h),
                   changed.get("slot"), changed.get("card"))
    else:
        draw_text(d, (x0 + pad, y0 + pad, x1 - pad, y1 - pad - tok_h),
                  t("turn.no_structure", locale), 20, bold=True, fill=MUTED)
    # the progress tokens on the board
    tokens = list(view.get("progress_board") or [])
    ty = y1 - pad - tok_h + 8
    dd = 48
    step = (x1 - x0 - 2 * pad) / max(5, len(tokens))
    for k, tok in enumerate(tokens):
        tx = x0 + pad + k * step + (step - dd) / 2
        if tok:
            paste(img, icons.token_disc(str(tok), dd), (tx, ty))
        else:
            paste(img, parts.empty_token(dd), (tx, ty))
    taken = changed.get("tokens") or []
    if taken and tokens:
        with secondary():
            text_line(d, (x1 - pad, ty - 8), ", ".join(name_of(x, locale) for x in taken), 14,
                      fill=LAST, anchor="rm", max_width=x1 - x0 - 2 * pad)


def _schematic(img: Image.Image, view: Mapping[str, Any], box: Box, last: int | None,
               taken_card: str | None = None) -> None:
    """The structure as small shapes: face-up cards in their colour, face-down ones as their
    back, accessible ones ringed in gold, the card just taken still drawn in its colour in its
    space, ringed thick in the last move's colour (the colour of the last move's strip)."""
    x0, y0, x1, y1 = box
    slots = list(view.get("structure") or [])
    if not slots:
        return
    rows = max(int(s.get("row", 1)) for s in slots)
    cols = [int(s.get("col", 1)) for s in slots]
    cmin, cmax = min(cols), max(cols)
    units = cmax - cmin + 2
    unit = min((x1 - x0) / units, 26.0)
    cw = 2 * unit - 4
    step = min((y1 - y0) / (rows + 0.4), cw * 0.9)
    ch = step * 1.35
    if (rows - 1) * step + ch > y1 - y0:
        ch = y1 - y0 - (rows - 1) * step
    span = units * unit
    left = x0 + (x1 - x0 - span) / 2
    just: tuple[float, float, float, float] | None = None
    for slot in sorted(slots, key=lambda s: (int(s.get("row", 1)), int(s.get("col", 1)))):
        cx = left + (int(slot.get("col", 1)) - cmin) * unit + 2
        cy = y0 + (int(slot.get("row", 1)) - 1) * step
        bx = (cx, cy, cx + cw, cy + ch)
        if slot.get("taken"):
            if last is not None and int(slot.get("index", -1)) == last:
                just = bx
            else:
                rounded(img, bx, 5, None, tint(LINE, 0.3), 1)
            continue
        card = slot.get("card")
        theirs = first_answer(e.slot_fill(slot) for e in registered())  # Agora's senators
        if theirs is not None:
            fill = theirs
        elif slot.get("face_up") and card:
            fill = card_colour(component(str(card)).get("colour"))
        else:
            back = slot.get("back") or ""
            fill = parts.GUILD_BACK if back == "guild" else parts.AGE_BACKS.get(
                int(slot.get("age") or 1), MUTED)
            fill = mix(fill, (255, 255, 255), 0.35)
        if slot.get("accessible"):
            rounded(img, (cx - 3, cy - 3, cx + cw + 3, cy + ch + 3), 7, GOLD)
        rounded(img, bx, 5, fill, shade(fill, 0.3), 1)
    if just is not None:  # on top of its neighbours
        a, b, c, e = just
        rounded(img, (a - 5, b - 5, c + 5, e + 5), 9, LAST)
        taken = (tint(_thing_colour(taken_card), 0.2) if taken_card
                 else tint(LAST, 0.75))
        rounded(img, just, 5, taken, (255, 255, 255), 2)


# --- the last move ---------------------------------------------------------------------------

Piece = tuple[str, Any, Any]  # ("word", text, None) | ("name", seat, None) | ("pill", cid, None)


def _thing_colour(cid: str) -> RGB:
    try:
        comp = component(cid)
    except KeyError:
        return MUTED
    kind = comp.get("kind")
    if kind == "wonder":
        return parts.WONDER_FRAME
    if kind == "progress":
        return parts.CARD_COLOURS["green"]
    theirs = first_answer(e.kind_colour(str(kind)) for e in registered())  # a leader...
    return theirs if theirs is not None else card_colour(comp.get("colour"))


def _kind_of(cid: str) -> str:
    try:
        return str(component(cid).get("kind") or "")
    except KeyError:
        return ""


def paid(tokens: Sequence[str]) -> tuple[str, int]:
    """'chain', 'pay' (with the coins) or 'free', from an action's payment tokens."""
    if "chain" in tokens:
        return "chain", 0
    if "pay" in tokens:
        k = tokens.index("pay")
        if k + 1 < len(tokens) and tokens[k + 1].isdigit():
            return "pay", int(tokens[k + 1])
    return "free", 0


def last_move(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, dict[str, Any],
                                                                        list[str]] | None:
    """The latest public action as (catalogue key under duel.render.last., its parameters, the
    components it names in order), read from the view's `last` {seat, action} (the canonical
    action text of engine/duel's legal()). A name parameter is NAME_MARK, a component PILL.
    None when there is no last move (or it was hidden). `gained` in the parameters: what the
    mover took into their city (a card, wonder, token, leader), if anything. The expansions
    read their own verbs first (`Extension.last_move`)."""
    last = view.get("last")
    if not isinstance(last, Mapping) or not last.get("action"):
        return None
    tokens = str(last["action"]).split()
    verb, args = tokens[0], tokens[1:]
    told = Told(last.get("seat"), args, {"name": NAME_MARK})
    kind = _kind_of(args[0]) if args else ""
    key = first_answer(e.last_move(verb, kind, told) for e in registered()) or \
        _base_move(verb, told, names)
    if not key:
        return None
    told.params["gained"] = told.gained
    return key, told.params, told.things


def _base_move(verb: str, told: Told, names: Sequence[str]) -> str:
    """The sentence's key for a verb of the base game ('' for a verb it does not have)."""
    args, params, seat = told.args, told.params, told.seat
    first_arg = args[0] if args else ""
    if verb == "construct" and first_arg:
        how, n = paid(args[1:])
        if len(args) == 1:  # a free build (a leader's power)
            how = "free"
        params |= {"card": told.thing(first_arg), "n": n}
        told.gained = first_arg
        return f"construct.{how}"
    if verb == "mausoleum" and first_arg:
        params["card"] = told.thing(first_arg)
        told.gained = first_arg
        return "mausoleum"
    if verb == "discard" and first_arg:
        params |= {"card": told.thing(first_arg),
                   "n": told.num(args.index("gain") + 1) if "gain" in args else 0}
        return "discard"
    if verb == "wonder" and len(args) >= 2:
        how, n = paid(args[2:])
        params |= {"wonder": told.thing(first_arg), "card": told.thing(args[1]), "n": n}
        told.gained = first_arg
        return "wonder.pay" if how == "pay" else "wonder.free"
    if verb == "draft" and first_arg:
        params["thing"] = told.thing(first_arg)
        told.gained = first_arg
        return "draft"
    if verb == "progress" and first_arg:
        params["token"] = told.thing(first_arg)
        told.gained = first_arg
        return "progress"
    if verb == "destroy" and first_arg:
        params["card"] = told.thing(first_arg)
        return "destroy"
    if verb == "start" and first_arg.startswith("@"):
        other = int(first_arg[1:])
        if seat is not None and other == int(seat):
            return "start.self"
        params["other"] = seat_name(names, other)
        return "start.other"
    return ""


def _pieces(view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[Piece] | None:
    """The last move's sentence as words, the mover's name and pills of the components."""
    found = last_move(view, names)
    seat = (view.get("last") or {}).get("seat")
    if found is None:
        last = view.get("last")
        if not isinstance(last, Mapping) or not last.get("action"):
            return None
        # a verb this picture does not know yet: its label, rather than nothing
        label = action_label(GAME, str(last["action"]), locale, names)
        return [("name", int(seat) if seat is not None else None, None),
                *(("word", w, None) for w in label.split())]
    key, params, things = found
    extra = {k: name_of(v.cid, locale) if isinstance(v, Named) else v
             for k, v in params.items() if k != "gained"}
    text = t(f"last.{key}", locale, **extra)
    pieces: list[Piece] = []
    queue = list(things)
    for chunk in text.replace(NAME_MARK, f" {NAME_MARK} ").replace(PILL, f" {PILL} ").split():
        if chunk == NAME_MARK:
            pieces.append(("name", int(seat) if seat is not None else None, None))
        elif chunk == PILL and queue:
            pieces.append(("pill", queue.pop(0), None))
        elif chunk and pieces and pieces[-1][0] == "word" and chunk in ",.:;)":
            pieces[-1] = ("word", pieces[-1][1] + chunk, None)
        else:
            pieces.append(("word", chunk, None))
    return pieces


def last_text(view: Mapping[str, Any], names: Sequence[str], locale: str) -> str:
    """The last move's sentence as plain text ('' when there is none)."""
    pieces = _pieces(view, names, locale)
    if pieces is None:
        return ""
    out: list[str] = []
    for kind, value, _ in pieces:
        if kind == "name":
            out.append(seat_name(names, value))
        elif kind == "pill":
            out.append(name_of(str(value), locale))
        else:
            out.append(str(value))
    return _glue(out)


def _glue(words: list[str]) -> str:
    text = " ".join(words)
    for p in (",", ".", ":", ")"):
        text = text.replace(f" {p}", p)
    return text.replace("( ", "(")


def _piece_text(piece: Piece, names: Sequence[str], locale: str) -> str:
    kind, value, _ = piece
    if kind == "name":
        return seat_name(names, value)
    if kind == "pill":
        return name_of(str(value), locale)
    return str(value)


def _piece_w(piece: Piece, names: Sequence[str], locale: str, size: int) -> float:
    w = text_width(_piece_text(piece, names, locale), size, True)
    return w + (2 * max(6, size // 2) if piece[0] != "word" else 0)


LAST_SIZE = 22


def _flow(pieces: list[Piece], names: Sequence[str], locale: str, first_w: float,
          next_w: float, size: int) -> list[list[Piece]]:
    """Greedy lines of the pieces: the first line `first_w` wide, the others `next_w`."""
    gap = size * 0.3
    lines: list[list[Piece]] = [[]]
    used = 0.0
    for piece in pieces:
        pw = _piece_w(piece, names, locale, size)
        room = first_w if len(lines) == 1 else next_w
        tight = piece[0] == "word" and str(piece[1])[:1] in ",.:;)"
        need = pw + (0 if not lines[-1] or tight else gap)
        if lines[-1] and used + need > room:
            lines.append([piece])
            used = pw
        else:
            lines[-1].append(piece)
            used += need
    return lines


def _last_layout(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
                 locale: str, changed: Mapping[str, Any]
                 ) -> tuple[list[list[Piece]], int, float] | None:
    """The last move's lines, their size (22 px down to 18, never cut) and the first line's
    left offset after the 'Last move' badge."""
    if not changed:
        return None
    pieces = _pieces(view, names, locale)
    if not pieces:
        return None
    bw = text_width(t("turn.last", locale), 20, True) + 2 * 10 + 10 + 10
    first_w = W - 2 * M - bw - 14
    next_w = W - 2 * M - 28
    for size in range(LAST_SIZE, ES - 1, -1):
        lines = _flow(pieces, names, locale, first_w, next_w, size)
        if len(lines) == 1:
            return lines, size, bw
    for size in range(LAST_SIZE, ES - 1, -1):
        lines = _flow(pieces, names, locale, first_w, next_w, size)
        if len(lines) <= 2 or size == ES:
            return lines, size, bw
    return None  # not reached


def last_height(layout: tuple[list[list[Piece]], int, float] | None) -> int:
    if layout is None or len(layout[0]) == 1:
        return LAST_H
    lines, size, _ = layout
    return int(len(lines) * (size * 1.55 + 4) + 14)


def _last(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
          layout: tuple[list[list[Piece]], int, float] | None, box: Box) -> None:
    x0, y0, x1, y1 = box
    if layout is None:
        d = ImageDraw.Draw(img)
        parts.panel(img, box, 12, PANEL, LINE, 2)
        text_line(d, (x0 + 14, (y0 + y1) / 2), t("turn.no_last", locale), 20, fill=MUTED,
                  max_width=x1 - x0 - 28)
        return
    lines, size, bw = layout
    parts.panel(img, box, 12, tint(LAST, 0.9), LAST, 3)
    d = ImageDraw.Draw(img)
    line_h = size * 1.55 + 4
    top = (y0 + y1) / 2 - line_h * len(lines) / 2
    badge(img, (x0 + 10, top + line_h / 2), t("turn.last", locale), 20, LAST)
    gap = size * 0.3
    for k, line in enumerate(lines):
        y = top + line_h * (k + 0.5)
        x = x0 + bw if k == 0 else x0 + 14
        for j, piece in enumerate(line):
            kind, value, _ = piece
            tight = kind == "word" and str(value)[:1] in ",.:;)"
            if j and not tight:
                x += gap
            if kind == "name":
                box_ = badge(img, (x, y), seat_name(names, value), size,
                             seat_colour(value) if value is not None else MUTED)
                x = box_[2]
            elif kind == "pill":
                colour = _thing_colour(str(value))
                box_ = badge(img, (x, y), name_of(str(value), locale), size, tint(colour, 0.7),
                             ink=shade(colour, 0.6))
                x = box_[2]
            else:
                x += text_line(d, (x, y), str(value), size, bold=True)


# --- the end ---------------------------------------------------------------------------------

POINT_KEYS = ("blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military")


def point_keys(view: Mapping[str, Any]) -> tuple[str, ...]:
    """The score table's columns: the base game's, then the expansions' (the Senate's with
    Agora, the leaders' with Leaders)."""
    return POINT_KEYS + tuple(key for e in numbered(view) for key in e.point_keys)


def _result(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str,
            outcome: Outcome | None, box: Box) -> None:
    x0, y0, x1, y1 = box
    parts.panel(img, box, 14, tint(GOLD, 0.86), shade(GOLD, 0.1), 4)
    d = ImageDraw.Draw(img)
    winners = _winners(view, outcome)
    gone = resigned_seat(outcome)
    y = y0 + 36
    x = x0 + 20
    paste(img, star(40), (x, y - 20))
    x += 50
    if len(winners) == 1:
        w = badge_line(img, (x, y), t("result.winner", locale, name=NAME_MARK), names,
                       winners[0], 32, max_width=x1 - x - 20)
    else:
        w = text_line(d, (x, y), t("result.shared", locale), 32, bold=True)
    x += w + 18
    if gone is not None:
        badge_line(img, (x, y), t("turn.resigned_by", locale, name=NAME_MARK), names, gone, 24,
                   fill=ALERT, max_width=x1 - x - 20, min_ratio=ES / 24)
    else:
        reason = str((view.get("outcome") or {}).get("reason") or "civilian")
        text_line(d, (x, y), t(f"reason.{reason}", locale), 26, bold=True,
                  fill=shade(GOLD, 0.5), max_width=x1 - x - 20)
    # the score table: each category, the totals
    out = view.get("outcome") or {}
    points = list(out.get("points") or [])
    if not points:  # a resignation: the standing when the game stopped
        points = [p.get("points") or {} for p in players(view)]
    keys = (*point_keys(view), "total")
    top = y0 + 80
    name_w = 210
    col_w = (x1 - x0 - 40 - name_w) / len(keys)
    if gone is not None:
        with secondary():
            draw_text(d, (x0 + 20, top, x0 + 10 + name_w, top + 56), t("turn.standing", locale),
                      15, fill=MUTED, align="left", min_size=11, max_lines=3)
    for k, key in enumerate(keys):
        cx = x0 + 20 + name_w + col_w * (k + 0.5)
        parts.category_icon(img, key, (cx, top + 18), 32)
        word = t(f"points.{key}", locale)
        size = 14
        while size > 10 and text_width(word, size, True) > col_w - 2:
            size -= 1
        with secondary():
            text_line(d, (cx, top + 46), word, size, bold=True, fill=MUTED, anchor="mm",
                      max_width=col_w - 2)
    row_h = 60
    for s in range(2):
        ry = top + 64 + s * (row_h + 8)
        mid = ry + row_h / 2
        if s in winners:
            rounded(img, (x0 + 10, ry, x1 - 10, ry + row_h), 10, tint(GOLD, 0.6))
        badge(img, (x0 + 20, mid), seat_name(names, s), 26, seat_colour(s))
        pts = points[s] if s < len(points) and isinstance(points[s], Mapping) else {}
        for k, key in enumerate(keys):
            cx = x0 + 20 + name_w + col_w * (k + 0.5)
            value = pts.get(key)
            big = key == "total"
            d.text((cx, mid), "–" if value is None else str(value),
                   font=font(32 if big else 24, True), fill=INK if big or value else MUTED,
                   anchor="mm")
