"""A random player, for selfplay, benchmarks, playout tests and searching players.

Picking uniformly among all legal texts would almost always pick a trade proposal (there are
thousands of them) and almost never `end`. A person clicking at random walks the menus instead:
first a verb, then its arguments. So we walk the legal texts token by token, uniformly at each
level, which is exactly what the button menus in Discord offer.

A game whose legal texts run to thousands (Res Publica's trades) may offer a `Menu` instead of
the list (`Game.menu`): the same texts as a tree asked one level at a time, so a walk builds only
the levels it goes through. Walking a menu picks exactly what walking its texts picks, drawing
the same numbers from the generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from engine.core import END, Game, Menu, State

__all__ = ["END", "Listed", "Menu", "Stuck", "TextMenu", "choice", "draw_lone", "holds",
           "play_to_end", "playout", "texts", "walk"]

T = TypeVar("T")


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """`rng.choice(seq)`, drawing the very same numbers, in one call instead of three. A playout
    draws three times an action, and the recorded playout digests pin these numbers.
    `Random.choice` is `seq[self._randbelow(len(seq))]`, and `_randbelow` draws numbers of
    len(seq)'s bit length until one is below it (CPython 3.11-3.13's random.py;
    tests/platform/test_playouts.py compares the two)."""
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    bits, draw = n.bit_length(), rng.getrandbits
    r = draw(bits)
    while r >= n:
        r = draw(bits)
    return seq[r]


def draw_lone(rng: random.Random) -> None:
    """What `choice` draws from a sequence of one (bits until a 0), for a caller that knows the
    lone pick: the seat of a one-seat step, a verb alone at its level."""
    while rng.getrandbits(1):
        pass


def walk(legal: Sequence[str] | Menu, rng: random.Random) -> str:
    """One legal text, chosen token by token, uniformly among the continuations at each step.
    A menu that knows the shape of its texts may walk itself (`walk(rng)`), drawing exactly the
    numbers this walk draws, without asking each level."""
    if type(legal) is not list:  # (a plain list, a playout's most common case, asks nothing)
        if hasattr(legal, "walk"):
            return legal.walk(rng)
        if hasattr(legal, "choices"):  # a Menu (isinstance on a Protocol costs more than a walk)
            return _walk_menu(legal, rng)
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:  # nothing to draw: the one text (in its canonical spacing)
        return " ".join(legal[0].split())
    # Split each text once: the lists run to thousands of texts (trade proposals, payments).
    candidates = [text.split() for text in legal]
    depth = 0
    while len(candidates) > 1:
        groups: dict[str, list[list[str]]] = {}  # the candidates by their next token
        for c in candidates:
            groups.setdefault(c[depth] if depth < len(c) else END, []).append(c)
        candidates = groups[choice(rng, sorted(groups))]
        depth += 1
    return " ".join(candidates[0])


def _walk_menu(menu: Menu, rng: random.Random) -> str:
    """`walk` over a menu: a level is drawn from (even a level of one token) as long as more
    than one text lies below it, as the list walk does while more than one candidate is left."""
    prefix: list[str] = []
    nexts = menu.choices(prefix)
    if not nexts:
        raise ValueError("no legal action")
    while True:
        if _one_text(menu, prefix, nexts):
            return " ".join(_complete(menu, prefix, nexts))
        pick = choice(rng, nexts)
        if pick == END:
            return " ".join(prefix)
        prefix.append(pick)
        nexts = menu.choices(prefix)


def _one_text(menu: Menu, prefix: list[str], nexts: list[str]) -> bool:
    """Whether exactly one legal text starts with `prefix` (every choice leads to a text)."""
    while len(nexts) == 1:
        if nexts[0] == END:
            return True
        prefix = [*prefix, nexts[0]]
        nexts = menu.choices(prefix)
    return False


def _complete(menu: Menu, prefix: list[str], nexts: list[str]) -> list[str]:
    """The one text starting with `prefix`."""
    out = list(prefix)
    while nexts[0] != END:
        out.append(nexts[0])
        nexts = menu.choices(out)
    return out


def holds(menu: Menu, text: str) -> bool:
    """Whether `text` is one of the menu's texts: each token offered in turn, then the end."""
    prefix: list[str] = []
    for token in text.split():
        if token not in menu.choices(prefix):
            return False
        prefix.append(token)
    return END in menu.choices(prefix)


def texts(menu: Menu, prefix: Sequence[str] = ()) -> list[str]:
    """Every text of a menu, by asking each level (for tests: menus exist not to list them)."""
    out = []
    for token in menu.choices(prefix):
        if token == END:
            out.append(" ".join(prefix))
        else:
            out += texts(menu, [*prefix, token])
    return out


class Listed(list[str]):
    """A menu given as its list of texts, carrying what the game worked out for each text (its
    move, its handler), for `Game.apply_legal` not to work it out again."""

    def __init__(self, found: Mapping[str, Any]) -> None:
        super().__init__(found)
        self.found = found


class TextMenu:
    """A menu over a short list of texts (the trunk of a game's menu, beside its large parts)."""

    def __init__(self, texts: Sequence[str]) -> None:
        # The texts as a tree of their tokens (END marks a text's last): a level is then read
        # where the prefix leads, not by comparing every text with it.
        self._tree: dict[str, Any] = {}
        for text in texts:
            node = self._tree
            for token in text.split():
                node = node.setdefault(token, {})
            node[END] = {}

    def choices(self, prefix: Sequence[str]) -> list[str]:
        node = self._tree
        for token in prefix:
            found = node.get(token)
            if found is None:
                return []
            node = found
        return sorted(node)


class Stuck(RuntimeError):
    """A playout that cannot go on: nobody is asked, or no end after `max_actions` actions."""


def playout(
    game: Game, players: int, seed: int, options: Mapping[str, Any], *,
    max_actions: int = 100_000,
) -> tuple[State, list[tuple[int, str]]]:
    """A random game to its end, the engine only: the seat to act drawn among those asked, its
    action by `walk` over `game.menu`, applied in place by `game.apply_legal` (a legal text
    never raises, so the copy `engine.core.play` makes for the service is not needed).
    Returns the final state and the history, which `engine.core.replay` turns back into the
    same state.

    A game may play these moves itself: its `play_to_end`, which does what `play_to_end`
    here does and draws the same numbers, only faster (Seven Hills: a playout is a thousand
    cheap actions, and this loop's calls around each were an eighth of the playout)."""
    rng = random.Random(seed)
    state = game.setup(players, seed, options)
    history: list[tuple[int, str]] = []
    own = getattr(game, "play_to_end", None)
    try:
        if own is not None:
            own(state, rng, history, max_actions)
        else:
            play_to_end(game, state, rng, history, max_actions)
    except Stuck as e:
        raise Stuck(f"{game.key} seed {seed}: {e}") from None
    return state, history


def play_to_end(game: Game, state: State, rng: random.Random, history: list[tuple[int, str]],
                max_actions: int) -> None:
    """Random moves from `state` to the game's end, each appended to `history` (`playout`)."""
    while game.outcome(state) is None:
        if len(history) >= max_actions:
            raise Stuck(f"no end after {max_actions} actions")
        asked = sorted(game.asked(state))
        if not asked:
            raise Stuck("nobody is asked to act")
        seat = choice(rng, asked)
        menu = game.menu(state, seat)
        text = walk(menu, rng)
        game.apply_legal(state, seat, text, menu)
        history.append((seat, text))
