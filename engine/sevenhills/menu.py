"""The steps' legal texts as menus (engine.policy.Menu) that walk themselves.

A hand of seven cards gives up to a hundred `place`, `revolt` and `exchange` texts, listed for
every walk and again to check the action; `ActMenu` works out only the levels a walk goes
through, and checks an action by following its tokens. The simpler steps' texts are a verb and
one token from each of a few lists (`Product`: take, discard, deploy...).

The steps whose few texts are found on the board (power, target, protect, levy) give them as
their token rows (`Rows`), joined only for `legal()`.

A random playout walks a menu at every one of its thousand actions, so all three walk themselves
(`walk(rng)`, which engine.policy.walk calls): from the shape of their texts they draw the very
numbers the walk over the listed texts draws, without building or splitting the texts
(tests/sevenhills/test_menu.py compares their texts with `legal()`, and their walks with the
walk over it). A walk keeps the move it chose (`walked`: its text, verb and arguments), which
`SevenHills.play_to_end` and `apply_legal` hand to the verb's handler rather than splitting the
text again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import product
from math import prod

from engine.core import State
from engine.policy import END, choice, draw_lone

from . import board as B
from . import revolt as R
from .components import by_id

SLAVE = "slave"
EXCHANGE_MAX = 3  # §V.1 Echange: 1 to 3 cards
PLACE_MIN = 3  # §V.1 Placement (a): 3+ cards of one background colour
REVOLT = ((2, 1), (3, 2))  # §V.1 Révolte (a): (cards, markers): 2 cards 1 marker, 3 cards 2

Move = tuple[str, str, list[str]]  # a walked text, its verb and its arguments


class Walking:
    """A menu that walks itself and keeps the move its latest walk chose."""

    walked: Move | None = None

    def keep(self, verb: str, args: list[str]) -> str:
        """The text of the move a walk chose, kept with its verb and arguments."""
        text = " ".join([verb, *args])
        self.walked = (text, verb, args)
        return text


class ActMenu(Walking):
    """`place` (3+ cards of one colour, no slave), `revolt` (2 or 3 slaves, when that many
    targets exist), `draw`, `exchange` (1 to 3 cards): cards named in the hand's order."""

    def __init__(self, state: State, seat: int) -> None:
        colour_of = _place_colours()
        self.state, self.seat = state, seat
        self.hand = hand = B.sort_cards(state["hands"][seat])
        colours: dict[str, list[str]] = {}  # colour -> its cards a place may use
        slaves: list[str] = []
        for k in hand:
            colour = colour_of[k]
            if colour is None:
                slaves.append(k)
            elif colour in colours:
                colours[colour].append(k)
            else:
                colours[colour] = [k]
        self.colours, self.slaves = colours, slaves
        self.can_draw = B.hand_room(state, seat) > 0 and B.drawable(state) > 0
        self._revolt_sizes: tuple[int, ...] | None = None

    @property
    def revolt_sizes(self) -> tuple[int, ...]:
        """How many slaves a revolt may use (asks the board, so only when a walk goes there;
        kept by hand: functools.cached_property takes a lock at every read in Python 3.11).
        A range: 2 targets can be chosen only where 1 can."""
        if self._revolt_sizes is None:
            # the most targets the slaves in hand could use: 2 with 3 slaves, else 1
            most = max((markers for r, markers in REVOLT if len(self.slaves) >= r), default=0)
            targets = R.choosable(self.state, self.seat, most) if most else 0
            self._revolt_sizes = tuple(r for r, markers in REVOLT
                                       if len(self.slaves) >= r and markers <= targets)
        return self._revolt_sizes

    def _group(self, card: str) -> list[str]:
        """The cards of the hand a place with `card` may use (none for a slave or another's)."""
        return self.colours.get(_place_colours().get(card) or "", [])

    def holds(self, text: str) -> bool:
        """Whether `text` is one of the menu's texts (engine.policy.holds, without listing each
        level)."""
        verb, *cards = text.split(" ")
        if verb == "draw":
            return not cards and self.can_draw
        if verb == "exchange":
            pool, sizes = self.hand, range(1, EXCHANGE_MAX + 1)
        elif verb == "revolt":
            if len(self.slaves) < REVOLT[0][0]:
                return False
            pool, sizes = self.slaves, self.revolt_sizes
        elif verb == "place" and cards:
            pool = self._group(cards[0])
            sizes = range(PLACE_MIN, len(pool) + 1)
        else:
            return False
        return len(cards) in sizes and _positions(pool, cards) is not None

    def walk(self, rng: random.Random) -> str:
        """engine.policy.walk over this menu: a level is drawn from while more than one text
        lies below it. Below a verb that is while a level offers more than one token (a
        combination's next card is offered only when a text goes through it)."""
        verbs = self._verbs()
        if not verbs:
            raise ValueError("no legal action")
        if len(verbs) == 1 and len(self.hand) <= 1:  # `draw` alone, or one card to exchange
            return self.keep(verbs[0], list(self.hand))
        verb = choice(rng, verbs)
        if verb == "draw":
            return self.keep(verb, [])
        if verb == "exchange":
            cards = _walk_combo(rng, self.hand, 1, EXCHANGE_MAX, [], -1)
        elif verb == "revolt":
            sizes = self.revolt_sizes
            cards = _walk_combo(rng, self.slaves, sizes[0], sizes[-1], [], -1)
        else:  # place: the first card names the colour, whose cards the rest are
            first = _draw(rng, self._place_firsts())
            group = self._group(first)
            cards = _walk_combo(rng, group, PLACE_MIN, len(group), [first], group.index(first))
        return self.keep(verb, cards)

    def _verbs(self) -> list[str]:
        """The verbs offered, in sorted order (the order they are appended in)."""
        out = ["draw"] if self.can_draw else []
        if self.hand:
            out.append("exchange")
        for cards in self.colours.values():
            if len(cards) >= PLACE_MIN:
                out.append("place")
                break
        if len(self.slaves) >= REVOLT[0][0] and self.revolt_sizes:
            out.append("revolt")
        return out

    def _place_firsts(self) -> list[str]:
        """The cards a place may start with: in each colour of 3+ cards, all but its last two
        (what `_combos(group, [], range(3, len(group) + 1))` offers)."""
        return sorted(k for group in self.colours.values() for k in group[:len(group) - 2])

    def choices(self, prefix: Sequence[str]) -> list[str]:
        if not prefix:
            return self._verbs()
        verb, cards = prefix[0], list(prefix[1:])
        if verb == "draw":
            return [] if cards or not self.can_draw else [END]
        if verb == "exchange":
            return _combos(self.hand, cards, range(1, EXCHANGE_MAX + 1))
        if verb == "revolt":
            if len(self.slaves) < REVOLT[0][0]:
                return []
            return _combos(self.slaves, cards, self.revolt_sizes)
        if verb == "place":
            if not cards:
                return self._place_firsts()
            group = self._group(cards[0])
            return _combos(group, cards, range(PLACE_MIN, len(group) + 1))
        return []


@cache
def _place_colours() -> dict[str, str | None]:
    """Each card's colour for a place, None for a slave (which revolts instead)."""
    return {k: None if card.cls == SLAVE else card.colour for k, card in by_id().items()}


def _draw(rng: random.Random, nexts: list[str]) -> str:
    """The next token: the only one offered (a combination's lone next card has one text
    below it, so the walk draws nothing), else one drawn."""
    return nexts[0] if len(nexts) == 1 else choice(rng, nexts)


def _walk_combo(rng: random.Random, pool: list[str], low: int, high: int, chosen: list[str],
                at: int) -> list[str]:
    """The walk through `_combos(pool, chosen, range(low, high + 1))` from `chosen` (its last
    card at `at` in `pool`), keeping the position rather than finding it again at each level.
    At `n` cards chosen the level offers the end (from `low` cards) and, below `high`, each
    card after the last one with enough cards after it for the smallest larger size; sorted,
    the end ("") comes first."""
    chosen = list(chosen)
    n, size = len(chosen), len(pool)
    while n < high:
        smallest = n + 1 if n + 1 > low else low  # the smallest size above n (max() costs more)
        nexts = sorted(pool[at + 1:n + size - smallest + 1])
        if n >= low:
            if not nexts:
                return chosen
            pick = choice(rng, [END, *nexts])
            if pick == END:
                return chosen
        else:
            pick = _draw(rng, nexts)
        at = pool.index(pick, at + 1)
        chosen.append(pick)
        n += 1
    return chosen


class Product(Walking):
    """The texts `verb t1 t2...`, one token from each of `levels` in every combination (in
    the order of the levels, as `legal()` lists them), as a menu that walks itself."""

    def __init__(self, verb: str, *levels: Sequence[str]) -> None:
        self.verb, self.levels = verb, levels

    def texts(self) -> list[str]:
        return [" ".join((self.verb, *t)) for t in product(*self.levels)]

    def choices(self, prefix: Sequence[str]) -> list[str]:
        if not prefix:
            return [self.verb] if all(self.levels) else []
        tokens = prefix[1:]
        if prefix[0] != self.verb or len(tokens) > len(self.levels) or any(
                token not in level
                for token, level in zip(tokens, self.levels[:len(tokens)], strict=True)):
            return []
        if len(prefix) > len(self.levels):
            return [END]
        return sorted(self.levels[len(prefix) - 1])

    def walk(self, rng: random.Random) -> str:
        """engine.policy.walk over the texts: while more than one text is left, a level's
        tokens are drawn from (the verb's too, alone as it is), sorted as the walk sorts them;
        once one is left, the rest is its."""
        levels = self.levels
        if len(levels) == 1:  # take, discard, preplace, return: one token after the verb
            level = levels[0]
            if len(level) > 1:
                while rng.getrandbits(1):  # draw_lone: the verb, alone at its level
                    pass
                return self.keep(self.verb, [choice(rng, sorted(level))])
            if not level:
                raise ValueError("no legal action")
            return self.keep(self.verb, [level[0]])
        left = prod(map(len, levels))
        if not left:
            raise ValueError("no legal action")
        if left > 1:
            draw_lone(rng)
        args = []
        for level in levels:
            if left > 1:
                args.append(choice(rng, sorted(level)))
                left //= len(level)
            else:
                args.append(level[0])
        return self.keep(self.verb, args)


class Rows(Walking):
    """Texts given as their token rows (`("target", "@1", "forum", "noble")`), in `legal()`'s
    order: joined only when listed, and walked as engine.policy.walk walks their texts."""

    def __init__(self, rows: list[tuple[str, ...]]) -> None:
        self.rows = rows

    def texts(self) -> list[str]:
        return [" ".join(row) for row in self.rows]

    def choices(self, prefix: Sequence[str]) -> list[str]:
        n, start = len(prefix), tuple(prefix)
        return sorted({row[n] if n < len(row) else END
                       for row in self.rows if row[:n] == start})

    def walk(self, rng: random.Random) -> str:
        """engine.policy.walk over the texts, over the rows it would split them into."""
        rows = self.rows
        if not rows:
            raise ValueError("no legal action")
        depth = 0
        while len(rows) > 1:
            groups: dict[str, list[tuple[str, ...]]] = {}  # the rows by their next token
            for row in rows:
                groups.setdefault(row[depth] if depth < len(row) else END, []).append(row)
            rows = groups[choice(rng, sorted(groups))]
            depth += 1
        verb, *args = rows[0]
        return self.keep(verb, args)


def _combos(pool: list[str], chosen: list[str], sizes: Sequence[int]) -> list[str]:
    """What may follow `chosen` in a combination of `pool` (in its order) of one of `sizes`."""
    at = _positions(pool, chosen)
    if at is None:
        return []
    n = len(chosen)
    out = [END] if n in sizes else []
    larger = [r for r in sizes if r > n]
    if larger:
        # pool[i] may come next if enough cards follow it for the smallest larger size
        last = n + len(pool) - min(larger)
        out += pool[at + 1:last + 1]
    return sorted(out)


def _positions(pool: list[str], chosen: list[str]) -> int | None:
    """The position in `pool` of the last of `chosen`, if they are in it in its order; else None
    (-1 when nothing is chosen)."""
    at = -1
    for k in chosen:
        try:
            i = pool.index(k, at + 1)
        except ValueError:
            return None
        at = i
    return at
