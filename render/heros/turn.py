"""Héros du Monde's turn picture: what a player reads at a glance in the channel's inline preview
(Discord fits it into about 550x350; this 1100x700 canvas is shown at half size, so every
essential text is at least 18 px here).

    turn(view, names, locale, before=None, outcome=None)

Left, the world map: the 9 territories (beige ancient, orange modern, grey out of play), each
with its discovery ladder (values; empty slots show how far from complete) and every player's
population as discs in seat colours. Right: who acts and what they are asked, in a sentence
(or the result: the winner starred, or who resigned and the winners in even rows; the title
band then says the game is over), the civilisation points and gold of each player (winners
starred, a player who resigned tagged), what the acting player chooses among (the hero in play,
its discoveries drawn, the face-up heroes with each value labelled, the die), and the last move
("The game begins" before any). What the last move changed is outlined in magenta on the map
(the territory populated, conquered, the discovery placed) and labelled; `last_move(before,
view)` computes it. Essential texts shrink to the floor and wrap rather than being cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Msg, Outcome
from engine.i18n import translate
from render.common import (
    GOLD,
    GOOD,
    INK,
    LINE,
    MUTED,
    NAME_MARK,
    PANEL,
    PAPER,
    badge,
    badge_line,
    badge_width,
    disc,
    draw_text,
    header_band,
    ink_on,
    name_badge,
    paste,
    resigned_seat,
    rounded,
    seat_colour,
    seat_name,
    shade,
    short_name,
    star,
    text_line,
    text_width,
    tint,
    wrap,
)
from render.heros.parts import (
    BEIGE,
    HERO_COLOURS,
    OFF,
    ORANGE,
    RESIGNED,
    SEA,
    name_of,
    tr,
)

W, H = 1100, 700
BAND = 58
MAP = (10, BAND + 10, 752, H - 10)  # x0, y0, x1, y1
RIGHT = (764, BAND + 10, W - 10, H - 10)
TITLE_BAND = (44, 62, 80)
MARK = (196, 30, 120)  # the last move's outline: a magenta no seat colour resembles
ESSENTIAL = 18  # the smallest essential font size on the 1100x700 canvas (9 px in the preview)

# The map grid: 4 columns x 3 rows, America alone at the left (as on the board).
GRID = {
    "america": (0, 1), "europe": (1, 0), "russia": (2, 0), "mediterranean": (1, 1),
    "middle-east": (2, 1), "china": (3, 1), "africa": (1, 2), "india": (2, 2), "pacific": (3, 2),
}
GAP = 12


def _cell(tid: str) -> tuple[int, int, int, int]:
    col, row = GRID[tid]
    x0, y0, x1, y1 = MAP
    cw = (x1 - x0 - 2 * GAP - 3 * GAP) / 4
    ch = (y1 - y0 - 2 * GAP - 2 * GAP) / 3
    bx = x0 + GAP + col * (cw + GAP)
    by = y0 + GAP + row * (ch + GAP)
    return int(bx), int(by), int(bx + cw), int(by + ch)


# --- what the last move changed ----------------------------------------------------------------


@dataclass
class Change:
    """What changed between two public views: the territories whose population or ladder
    changed, the ladder slots filled, the population discs changed, the hero just played, each
    seat's points gained, and the move itself ({seat, action}) when the view names it."""

    territories: list[str] = field(default_factory=list)
    slots: set[tuple[str, int]] = field(default_factory=set)
    pops: set[tuple[str, int]] = field(default_factory=set)
    hero: str | None = None
    points: dict[int, int] = field(default_factory=dict)
    move: Mapping[str, Any] | None = None

    def __bool__(self) -> bool:
        return bool(self.territories or self.hero or self.points or self.move)


def last_move(before: Mapping[str, Any] | None, view: Mapping[str, Any]) -> Change:
    """What the latest action changed (nothing when there is no `before`)."""
    change = Change()
    if before is None:
        return change
    old = {t["id"]: t for t in before.get("territories", [])}
    for t in view.get("territories", []):
        o = old.get(t["id"])
        if o is None:
            continue
        ladder, was = t.get("ladder", []), o.get("ladder", [])
        pop, pop_was = t.get("population", []), o.get("population", [])
        filled = [i for i in range(len(ladder)) if i >= len(was) or ladder[i] != was[i]]
        moved = [s for s in range(len(pop)) if s >= len(pop_was) or pop[s] != pop_was[s]]
        if filled or moved:
            change.territories.append(t["id"])
        change.slots |= {(t["id"], i) for i in filled}
        change.pops |= {(t["id"], s) for s in moved}
    hero = ((view.get("turn") or {}).get("hero") or {}).get("id")
    hero_was = ((before.get("turn") or {}).get("hero") or {}).get("id")
    if hero and hero != hero_was:
        change.hero = hero
    seats, seats_was = view.get("seats", []), before.get("seats", [])
    for s, seat in enumerate(seats):
        if s < len(seats_was):
            gained = seat.get("points", 0) - seats_was[s].get("points", 0)
            if gained:
                change.points[s] = gained
    last = view.get("last")
    if isinstance(last, Mapping) and last != before.get("last"):
        change.move = last
    conquest = view.get("conquest")
    if conquest and conquest != before.get("conquest") and \
            conquest.get("territory") not in change.territories:
        change.territories.append(conquest["territory"])  # attacked: the die is rolled there
    return change


def move_text(view: Mapping[str, Any], move: Mapping[str, Any], locale: str,
              names: Sequence[str]) -> str:
    """What the move did, in a few words ("placed 3 in America"), from its canonical text."""
    words = str(move.get("action", "")).split()
    if not words:
        return ""
    verb, args = words[0], words[1:]

    def tok(cid: str) -> Msg:
        return Msg(f"heros.tok.{cid}")

    params: dict[str, Any] = {}
    key = verb
    if verb == "place":
        key = "place" if len(args) > 1 else "setup"
        params = {"territory": Msg(f"heros.in.{args[0]}"), "n": int(args[1]) if len(args) > 1
                  else 1}
    elif verb == "take":
        key = "take_deck" if args == ["deck"] else "take"
        params = {"hero": tok(args[0])} if args and args[0] != "deck" else {}
    elif verb == "play" and args:
        params = {"hero": tok(args[0])}
    elif verb == "discover" and len(args) == 2:
        value = next((k.get("value", 0) for t in view.get("territories", []) if t["id"] == args[1]
                      for k in t.get("ladder", []) if k.get("id") == args[0]), 0)
        params = {"token": tok(args[0]), "n": value, "territory": Msg(f"heros.in.{args[1]}")}
    elif verb == "conquer" and len(args) == 2:
        params = {"territory": Msg(f"heros.in.{args[0]}"),
                  "defender": Msg.seat(int(args[1].lstrip("@")))}
    elif verb == "migrate" and args:
        params = {"territory": Msg(f"heros.from.{args[0]}")}
    elif verb in ("build", "wonder") and args:
        params = {"wonder": tok(args[0])}
    elif verb == "move" and len(args) == 2:
        params = {"to": Msg(f"heros.to.{args[0]}"), "n": int(args[1])}
    elif verb == "flee" and args:
        params = {"to": Msg(f"heros.to.{args[0]}")}
    return translate(Msg(f"heros.render.did.{key}", params), locale, names)


# --- the turn picture --------------------------------------------------------------------------


def turn(view: Mapping[str, Any], names: Sequence[str], locale: str,
         before: Mapping[str, Any] | None = None, outcome: Outcome | None = None) -> Image.Image:
    if outcome is None and view.get("outcome"):
        outcome = Outcome.from_json(view["outcome"])
    change = last_move(before, view)
    img = background(str(view.get("era", "ancient")), locale, outcome is not None).copy()
    draw = ImageDraw.Draw(img)
    _header_right(img, draw, view, names, locale)
    terrs = {t["id"]: t for t in view.get("territories", [])}
    for tid in GRID:
        if tid in terrs:
            _territory(img, draw, terrs[tid], names, locale, change)
    _panel(img, draw, view, names, locale, change, outcome)
    return img


@lru_cache(maxsize=8)
def background(era: str, locale: str, over: bool = False) -> Image.Image:
    """The static layer of an era: the page, the title band (its badge names the era, or says
    the game is over, as every game's does), the sea and the borders."""
    from engine.heros.components import load

    c = load()
    img = Image.new("RGB", (W, H), PAPER)
    era_name = translate(Msg("heros.render.era", {"era": Msg(f"heros.render.{era}")}), locale)
    if over:
        era_name = translate(Msg("heros.render.over"), locale)
    header_band(img, W, BAND, TITLE_BAND, translate(Msg("heros.name"), locale), 26, 18,
                badge_text=era_name, badge_size=20)
    rounded(img, MAP, 18, SEA)
    draw = ImageDraw.Draw(img)
    in_play = set(c.in_play(era))
    seen = set()
    for t in c.territories.values():
        for o in t.adjacent:
            edge = tuple(sorted((t.id, o)))
            if edge in seen or t.id not in GRID or o not in GRID:
                continue
            seen.add(edge)
            if "america" in edge and ({"russia", "pacific"} & set(edge)):
                continue  # across the board's edge: the full board draws those
            a, b = _cell(edge[0]), _cell(edge[1])
            live = edge[0] in in_play and edge[1] in in_play
            draw.line(((a[0] + a[2]) / 2, (a[1] + a[3]) / 2, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2),
                      fill=shade(SEA, 0.45 if live else 0.15), width=8 if live else 4)
    return img


def _header_right(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
                  names: Sequence[str], locale: str) -> None:
    text = tr("heros.render.ladders", locale, names, n=view.get("completed", 0),
              total=view.get("to_end", 0))
    text_line(draw, (W - 18, BAND / 2 - 1), text, 20, bold=True, fill=(246, 226, 178),
              anchor="rm")


def _territory(img: Image.Image, draw: ImageDraw.ImageDraw, t: Mapping[str, Any],
               names: Sequence[str], locale: str, change: Change) -> None:
    x0, y0, x1, y1 = _cell(t["id"])
    live = t.get("in_play", True)
    fill = (BEIGE if t.get("era") == "ancient" else ORANGE) if live else OFF
    marked = t["id"] in change.territories
    if marked:
        rounded(img, (x0 - 6, y0 - 6, x1 + 6, y1 + 6), 18, MARK)
    complete = live and t.get("complete")
    rounded(img, (x0, y0, x1, y1), 14, fill, shade(fill, 0.45), 2)
    ink = INK
    if complete:  # a complete ladder: the name on a green band
        rounded(img, (x0, y0, x1, y0 + 48), 14, GOOD)
        img.paste(GOOD, (x0, y0 + 34, x1, y0 + 48))
        rounded(img, (x0, y0, x1, y1), 14, None, shade(GOOD, 0.2), 3)
        ink = (255, 255, 255)
    draw_text(draw, (x0 + 8, y0 + 4, x1 - 8, y0 + 46), name_of(locale, t["id"]), 20, bold=True,
              align="left", max_lines=2, min_size=ESSENTIAL, spacing=1.05, fill=ink)
    if not live:
        draw_text(draw, (x0 + 8, y0 + 56, x1 - 8, y1 - 10), tr("heros.render.out", locale, names),
                  18, fill=shade(OFF, 0.55), max_lines=3, min_size=ESSENTIAL)
        return
    # the ladder: a slot per discovery, bottom-up from left to right
    slots = t.get("slots", 3)
    ladder = t.get("ladder", [])
    gap = 5
    sw = (x1 - x0 - 16 - gap * (slots - 1)) / slots
    sy0, sy1 = y0 + 52, y0 + 94
    for i in range(slots):
        sx0 = x0 + 8 + i * (sw + gap)
        box = (int(sx0), sy0, int(sx0 + sw), sy1)
        if i < len(ladder):
            tok = ladder[i]
            tf = BEIGE if tok.get("era") == "ancient" else ORANGE
            if (t["id"], i) in change.slots:
                rounded(img, (box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), 10, MARK)
            rounded(img, box, 8, tint(tf, 0.6), shade(tf, 0.5), 2)
            text_line(draw, ((box[0] + box[2]) / 2, (sy0 + sy1) / 2), str(tok.get("value", 0)),
                      24, bold=True, anchor="mm")
        else:
            rounded(img, box, 8, tint(fill, 0.45), shade(fill, 0.25), 1)
    # population: a disc per present player, two rows of three at most
    pops = t.get("population", [])
    present = [(s, v) for s, v in enumerate(pops) if v > 0]
    if not present:
        return
    per_row = 3 if len(present) > 3 else len(present)
    d = 42
    step = min(d + 10, (x1 - x0 - 16) / max(per_row, 1))
    rows = (len(present) + per_row - 1) // per_row
    top = sy1 + 8
    room = y1 - 6 - top
    row_h = min(d + 6, room / rows)
    for i, (s, v) in enumerate(present):
        r, c = divmod(i, per_row)
        in_row = min(per_row, len(present) - r * per_row)
        px = (x0 + x1) / 2 + (c - (in_row - 1) / 2) * step
        py = top + row_h * r + row_h / 2
        colour = seat_colour(s)
        if (t["id"], s) in change.pops:
            disc(img, (px, py), d + 10, MARK)
        disc(img, (px, py), d, colour, outline=shade(colour, 0.4), width=2)
        text_line(draw, (px, py), str(v), 22 if v < 100 else 18, bold=True,
                  fill=ink_on(colour), anchor="mm")


# --- the right panel: who acts, the scores, the choice, the last move --------------------------


def _panel(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
           names: Sequence[str], locale: str, change: Change,
           outcome: Outcome | None) -> None:
    x0, y0, x1, y1 = RIGHT
    y = _status(img, draw, view, names, locale, outcome, (x0, y0, x1))
    y = _scores(img, draw, view, names, locale, change, outcome, (x0, y + 10, x1))
    bottom = y1
    if change.move is not None:
        bottom = _last(img, draw, view, names, locale, change.move, (x0, y1, x1))
    elif not view.get("last"):  # no move yet: say so, where the last move will be
        bottom = _begins(img, draw, names, locale, (x0, y1, x1))
    if outcome is None:
        _choice(img, draw, view, names, locale, change, (x0, y + 10, x1, bottom - 10))
    elif resigned_seat(outcome) is None:  # a resignation is told above, and tagged
        _reason(draw, translate(outcome.reason, locale, names), (x0 + 8, y + 14, x1 - 8,
                                                                  bottom - 10))


def _reason(draw: ImageDraw.ImageDraw, reason: str, box: tuple[int, int, int, int]) -> None:
    """The reason of the end, in the engine's (or the platform's) words, whole: wrapped, and
    shrunk down to the essential floor if it needs more lines than the room holds."""
    x0, y0, x1, y1 = box
    size = 20
    while True:
        lines = _wrap(reason, x1 - x0, size)
        step = size * 1.3
        if len(lines) * step <= y1 - y0 or size <= ESSENTIAL:
            break
        size -= 1
    for i, line in enumerate(lines[: max(1, int((y1 - y0) // step))]):
        # a word wider than the panel (a 32-character name) is cut, not run past its edge
        text_line(draw, (x0, y0 + step * i + step / 2), line, size, max_width=x1 - x0)


def _status(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
            names: Sequence[str], locale: str, outcome: Outcome | None,
            at: tuple[int, int, int]) -> int:
    """Who acts and what is asked, or the result. Returns the bottom."""
    x0, y0, x1 = at
    inner = x1 - x0 - 28
    if outcome is not None:
        return _result(img, draw, names, locale, outcome, at)
    asked = view.get("prompt") or []
    seat = asked[0] if asked else view.get("active")
    h = 104
    rounded(img, (x0, y0, x1, y0 + h), 14, PANEL, LINE, 2)
    if seat is None:
        return y0 + h
    key = "heros.render.turn" if seat == view.get("active") else "heros.render.ask"
    text = tr(key, locale, names, name=NAME_MARK)
    badge_line(img, (x0 + 14, y0 + 30), text, names, seat, 24, max_width=inner)
    phase = str(view.get("phase", ""))
    turn_ = view.get("turn") or {}
    n = turn_.get("pop_left", 0)
    if phase == "migrate":
        n = (view.get("migration") or {}).get("left", 0)
    label = tr(f"heros.render.phase.{phase}", locale, names, n=n)
    if label.startswith("heros."):
        label = ""
    draw_text(draw, (x0 + 14, y0 + 52, x1 - 14, y0 + h - 6), label, 22, align="left",
              max_lines=2, min_size=ESSENTIAL, fill=INK)
    return y0 + h


def _result(img: Image.Image, draw: ImageDraw.ImageDraw, names: Sequence[str], locale: str,
            outcome: Outcome, at: tuple[int, int, int]) -> int:
    """Who won (a star), or who resigned and the winners, whose names are laid out in even
    rows under their label when they do not fit beside it. Returns the bottom."""
    x0, y0, x1 = at
    quitter = resigned_seat(outcome)
    resigned = quitter is not None
    winners = list(outcome.winners)
    inner = x1 - x0 - 28
    if len(winners) == 1 and not resigned:
        h = 64
        rounded(img, (x0, y0, x1, y0 + h), 14, tint(GOLD, 0.75), shade(GOLD, 0.2), 3)
        paste(img, star(30), (x0 + 12, y0 + h / 2 - 15))
        badge_line(img, (x0 + 48, y0 + h / 2), tr("heros.render.winner", locale, names,
                                                  name=NAME_MARK),
                   names, winners[0], 24, max_width=inner - 36)
        return y0 + h
    label = tr("heros.render.winners", locale, names, name="").strip()
    label_w = text_width(label, 20, True)
    one_line = _pill_rows(names, winners, 18, x1 - 10 - (x0 + 46 + label_w + 10))
    beside = one_line is not None and len(one_line) == 1
    rows = one_line if one_line is not None and beside else (  # else in even rows under it
        _pill_rows(names, winners, 18, x1 - 10 - (x0 + 46)) or [[s] for s in winners])
    h = 20 + (40 if resigned else 0) + 34 * (len(rows) + (0 if beside else 1)) + 4
    rounded(img, (x0, y0, x1, y0 + h), 14, tint(GOLD, 0.75), shade(GOLD, 0.2), 3)
    y = y0 + 30
    if quitter is not None:
        badge_line(img, (x0 + 14, y), tr("heros.render.resigned", locale, names, name=NAME_MARK),
                   names, quitter, 24, max_width=inner)
        y += 40
    paste(img, star(28), (x0 + 12, y - 14))
    text_line(draw, (x0 + 46, y), label, 20, bold=True)
    x_rows = x0 + 46 + label_w + 10 if beside else x0 + 46
    if not beside:
        y += 34
    for row in rows:
        x = x_rows
        for s in row:
            box = badge(img, (x, y), seat_name(names, s), 18, seat_colour(s),
                        max_width=x1 - 10 - x)
            x = box[2] + 8
        y += 34
    return y0 + h


def _pill_rows(names: Sequence[str], seats: Sequence[int], size: int,
               width: float) -> list[list[int]] | None:
    """`seats` as name pills in as few rows as fit `width`, the rows as even as can be
    (4 names: 2 and 2, never 3 and 1); None if a single name is wider than `width`."""
    widths = [text_width(seat_name(names, s), size, True) + 2 * max(6, size // 2) for s in seats]
    if not seats or max(widths) > width:
        return None if seats else []
    for n_rows in range(1, len(seats) + 1):
        per = -(-len(seats) // n_rows)
        rows = [list(range(i, min(i + per, len(seats)))) for i in range(0, len(seats), per)]
        if all(sum(widths[i] for i in r) + 8 * (len(r) - 1) <= width for r in rows):
            return [[seats[i] for i in r] for r in rows]
    return [[s] for s in seats]


def _scores(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
            names: Sequence[str], locale: str, change: Change, outcome: Outcome | None,
            at: tuple[int, int, int]) -> int:
    x0, y0, x1 = at
    seats = view.get("seats", [])
    row = 36
    words = (tr("heros.render.gold", locale, names),
             tr("heros.render.resigned_tag", locale, names))
    winners = set(outcome.winners) if outcome is not None else set()
    quitter = resigned_seat(outcome)
    # A bot's name keeps its level, as the text posts write it ("Cicero (hard)"): a row whose
    # name would lose it beside the numbers writes the name alone, the numbers under it.
    apart = [_name_apart(names, s, x1 - x0 - 24 - (26 if s in winners else 0)
                         - _numbers_width(seat, s, change, quitter, words))
             for s, seat in enumerate(seats)]
    h = 44 + row * len(seats) + NUMBERS_LINE * sum(apart)
    rounded(img, (x0, y0, x1, y0 + h), 14, PANEL, LINE, 2)
    text_line(draw, (x0 + 14, y0 + 22), tr("heros.render.score", locale, names), 20, bold=True,
              max_width=x1 - x0 - 28)
    y = y0 + 44 + row / 2 - 2 - row
    for s, seat in enumerate(seats):
        y += row + (NUMBERS_LINE if s and apart[s - 1] else 0)
        x = x0 + 12
        if s in winners:
            paste(img, star(24), (x, y - 12))
            x += 26
        if apart[s]:
            name_badge(img, (x, y), seat_name(names, s), 18, seat_colour(s), x1 - 12 - x,
                       min_size=18)
        y_numbers = y + NUMBERS_LINE if apart[s] else y
        right = _numbers(img, draw, (x1 - 12, y_numbers), seat, s, change, quitter, words)
        if not apart[s]:
            name_badge(img, (x, y), seat_name(names, s), 18, seat_colour(s), right - x,
                       min_size=18)
    return y0 + h


NUMBERS_LINE = 32  # a score row whose name needs the whole width: its numbers' line under it


def _name_apart(names: Sequence[str], s: int, room: float) -> bool:
    """Whether seat `s`'s name has a level ("Cicero (hard)", "Ann (bot)") it would lose
    beside its numbers: a name without one is cut there as before."""
    name = seat_name(names, s)
    leveled = name.endswith(")") and " (" in name
    return leveled and short_name(name, room - 2 * max(6, 18 // 2), 18) != name


def _row_words(seat: Mapping[str, Any], s: int, quitter: int | None,
               words: tuple[str, str]) -> tuple[str, bool]:
    """The word left of the points: the gold, or the resigned tag (bold) of who resigned."""
    gold, resigned_tag = words
    return (resigned_tag, True) if s == quitter else (f"{seat.get('gold', 0)} {gold}", False)


def _numbers_width(seat: Mapping[str, Any], s: int, change: Change, quitter: int | None,
                   words: tuple[str, str]) -> float:
    """The width `_numbers` takes at the row's right, its gaps included."""
    w = text_width(str(seat.get("points", 0)), 24, True) + 12
    gained = change.points.get(s)
    if gained:
        w += badge_width(f"+{gained}" if gained > 0 else str(gained), 18) + 6
    word, bold = _row_words(seat, s, quitter, words)
    return w + text_width(word, 18, bold) + 10


def _numbers(img: Image.Image, draw: ImageDraw.ImageDraw, at: tuple[float, float],
             seat: Mapping[str, Any], s: int, change: Change, quitter: int | None,
             words: tuple[str, str]) -> float:
    """A score row's numbers from its right end leftwards: the points gained, the points, the
    gold (or the resigned tag: their points do not count). Returns where they begin."""
    right, y = at
    gained = change.points.get(s)
    if gained:
        tag = f"+{gained}" if gained > 0 else str(gained)
        right = badge(img, (right, y), tag, 18, MARK, anchor="rm")[0] - 6
    right -= text_line(draw, (right, y), str(seat.get("points", 0)), 24, bold=True,
                       anchor="rm", fill=MUTED if s == quitter else INK) + 12
    word, bold = _row_words(seat, s, quitter, words)
    right -= text_line(draw, (right, y), word, 18, bold=bold, anchor="rm",
                       fill=RESIGNED if bold else MUTED) + 10
    return right


def _begins(img: Image.Image, draw: ImageDraw.ImageDraw, names: Sequence[str], locale: str,
            at: tuple[int, int, int]) -> int:
    """Where the last move goes, before any: "The game begins". Returns its top."""
    x0, y1, x1 = at
    top = y1 - 56
    rounded(img, (x0, top, x1, y1), 14, PANEL, LINE, 2)
    text_line(draw, (x0 + 16, (top + y1) / 2), tr("heros.render.begins", locale, names), 20,
              fill=MUTED, max_width=x1 - x0 - 32)
    return top


def _last(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
          names: Sequence[str], locale: str, move: Mapping[str, Any],
          at: tuple[int, int, int]) -> int:
    """The last move at the panel's bottom, with the magenta mark of the map. Returns its top."""
    x0, y1, x1 = at
    did = move_text(view, move, locale, names)
    lines = _wrap(did, x1 - x0 - 34, 20)[:2]
    h = 52 + 26 * len(lines)
    top = y1 - h
    rounded(img, (x0, top, x1, y1), 14, PANEL, MARK, 3)
    seat = move.get("seat")
    text = tr("heros.render.last", locale, names, name=NAME_MARK)
    badge_line(img, (x0 + 16, top + 26), text, names, seat if isinstance(seat, int) else None,
               22, max_width=x1 - x0 - 30, min_ratio=ESSENTIAL / 22)
    for i, line in enumerate(lines):
        text_line(draw, (x0 + 16, top + 56 + 26 * i), line, 20, max_width=x1 - x0 - 30)
    return top


def _fit_line(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              width: float, *, bold: bool = False, fill: tuple[int, int, int] = INK) -> float:
    """One line, shrunk down to the essential floor to fit `width` before anything is cut."""
    while size > ESSENTIAL and text_width(text, size, bold) > width:
        size -= 1
    return text_line(draw, xy, text, size, bold=bold, fill=fill, max_width=width)


def _wrap(text: str, width: float, size: int, bold: bool = False) -> list[str]:
    """Word wrap within `width` that never leaves French punctuation (« ! », « : ») alone at a
    line's start: it goes to the next line with the word before it."""
    units: list[str] = []
    for word in text.split():
        if units and len(word) == 1 and word in "!?:;»":
            units[-1] += " " + word
        else:
            units.append(word)
    lines: list[str] = []
    for unit in units:
        if lines and text_width(lines[-1] + " " + unit, size, bold) <= width:
            lines[-1] += " " + unit
        else:
            lines.append(unit)
    return lines


def _choice(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
            names: Sequence[str], locale: str, change: Change,
            box: tuple[int, int, int, int]) -> None:
    """What the acting player chooses among, when it is public: the hero in play and the
    discoveries drawn, the face-up heroes to take, the conquest die."""
    x0, y0, x1, y1 = box
    if y1 - y0 < 60:
        return
    turn_ = view.get("turn") or {}
    hero = turn_.get("hero")
    phase = view.get("phase")
    if hero:
        rounded(img, box, 14, PANEL, MARK if change.hero else LINE, 3 if change.hero else 2)
        drawn = turn_.get("drawn") or []
        lines: list[str] = []  # under the hero: the discoveries drawn, or the conquest die
        if phase == "discover" and drawn:
            lines = _wrap(tr("heros.render.drawn", locale, names, n=len(drawn),
                             tokens=", ".join(name_of(locale, k) for k in drawn)),
                          x1 - x0 - 24, ESSENTIAL, bold=True)
        die = view.get("last_die")
        if phase in ("conquer", "reroll", "defend", "flee", "spend") and die and \
                view.get("conquest"):
            face_ = name_of(locale, die["face"])
            lines = [tr("heros.render.die", locale, names, face=face_, n=die.get("value", 0))]
        y = hero_block(img, draw, hero, locale, names, x0 + 12, y0 + 10, x1 - 12, y1 - 8,
                        reserve=24 * len(lines))
        if lines and y1 - 6 - y >= 20:
            draw_text(draw, (x0 + 12, y, x1 - 12, y1 - 6), " ".join(lines), 20, bold=True,
                      align="left", valign="top", max_lines=len(lines) + 1,
                      min_size=ESSENTIAL, spacing=1.15)
        return
    row = (view.get("row") or [])[:3]
    if not row:
        return
    rounded(img, box, 14, PANEL, LINE, 2)
    # The title goes when it would leave no room for the values (the status above says "take")
    y = y0 + 38
    if (y1 - 6 - y) / len(row) < 48 <= (y1 - 6 - y0 - 8) / len(row):
        y = y0 + 8
    else:
        text_line(draw, (x0 + 12, y0 + 20), tr("heros.render.choose_hero", locale, names), 20,
                  bold=True, max_width=x1 - x0 - 24)
    each = min(54, (y1 - 6 - y) / len(row))
    for hero in row:
        if each < 28:
            break
        colour = HERO_COLOURS.get(hero.get("colour", ""), (120, 120, 120))
        rounded(img, (x0 + 10, int(y + 4), x0 + 16, int(y + each - 4)), 3, colour)
        _fit_line(draw, (x0 + 24, y + 14), name_of(locale, hero["id"]), 20, x1 - x0 - 36,
                  bold=True)
        if each >= 48:
            _stats(draw, hero, locale, names, (x0 + 24, y + 38, x1 - 12))
        y += each


STATS = ("population", "discoveries", "conquest", "treasure")


def _stats(draw: ImageDraw.ImageDraw, hero: Mapping[str, Any], locale: str,
           names: Sequence[str], at: tuple[float, float, float]) -> None:
    """A face-up hero's four values, each with its own short label ("Pop. 4  Disc. 1 ..."),
    spread over the width: no legend to look up."""
    x0, y, x1 = at
    pairs = [(tr(f"heros.render.abbr.{k}", locale, names), str(hero.get(k, 0))) for k in STATS]
    widths = [text_width(label, 18) + 5 + text_width(value, 20, True) for label, value in pairs]
    gap = max(8.0, (x1 - x0 - sum(widths)) / (len(pairs) - 1))
    x = x0
    for (label, value), w in zip(pairs, widths, strict=True):
        lw = text_line(draw, (x, y), label, 18, fill=MUTED)
        text_line(draw, (x + lw + 5, y), value, 20, bold=True)
        x += w + gap


def hero_block(img: Image.Image, draw: ImageDraw.ImageDraw, hero: Mapping[str, Any],
                locale: str, names: Sequence[str], x0: int, y0: int, x1: int, y1: int,
                reserve: int = 0) -> int:
    """A hero in a few lines: name on its orientation colour, its four values (in words, or
    on one labelled line when the room is short, left out when it is shorter still: `reserve`
    px are kept below for what follows), its territories, whole. Returns the bottom."""
    colour = HERO_COLOURS.get(hero.get("colour", ""), (120, 120, 120))
    rounded(img, (x0, y0, x1, y0 + 34), 10, colour)
    _fit_line(draw, (x0 + 10, y0 + 17), name_of(locale, hero["id"]), 22, x1 - x0 - 20, bold=True,
              fill=ink_on(colour))
    y = y0 + 42
    terrs = ", ".join(name_of(locale, t) for t in hero.get("territories", []))
    terr_lines = _wrap(terrs, x1 - x0 - 2, ESSENTIAL)
    room = y1 - y - 22 * len(terr_lines) - 6 - reserve
    if room < 30:  # what the player chooses among comes first: the values give way
        pass
    elif room < 58:
        _stats(draw, hero, locale, names, (x0 + 2, y + 12, x1))
        y += 30
    else:
        values = [hero.get(k, 0) for k in STATS]
        labels = [tr(f"heros.render.stat.{k}", locale, names, n=v)
                  for k, v in zip(STATS, values, strict=True)]
        cw = (x1 - x0) / 2
        for i, (label, value) in enumerate(zip(labels, values, strict=True)):
            cx = x0 + (i % 2) * cw
            cy = y + (i // 2) * 28 + 12
            vw = text_line(draw, (cx + 2, cy), str(value), 22, bold=True)
            text_line(draw, (cx + vw + 8, cy), label, 18, fill=MUTED, max_width=cw - vw - 12)
        y += 58
    if terrs and y1 - y >= 20:
        lines = max(1, min(len(terr_lines), int((y1 - y) // 22)))
        used = draw_text(draw, (x0 + 2, y, x1, y + 22 * lines), terrs, 18, align="left",
                         valign="top", max_lines=lines, min_size=ESSENTIAL, spacing=1.1)
        y += int(min(lines, len(wrap(terrs, x1 - x0 - 2, used))) * used * 1.1) + 6
    return y







def clear_caches() -> None:
    """Forget the cached static layers (the turn picture's background)."""
    background.cache_clear()
