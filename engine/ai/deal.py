"""Dealing hidden components again: the tool a game's `determinize` is built with.

A determinization must not depend on anything the seat cannot see. So the hidden components
are never moved one by one: every hidden place is registered with its class (a kind of
component whose class is public: `age2` cards, guilds, leaders...), the components found there
are pooled by class, each pool is SORTED, shuffled with the bot's generator and dealt back into
the places in registration order. The pools then hold exactly "every component of the class
minus those the seat sees", whatever order the true state kept them in, and two states that
differ only in what the seat cannot see give equal results for equal generators.

    deal = Deal()
    deal.place(slot, "card", "age1")              one place whose position is public
    deal.unordered(deck, class_of)                a pile whose order is hidden: the result is
                                                  reshuffled after the deal (its class counts
                                                  are public, their positions are not)
    deal.known(pile, items)                       items of a pile the seat does see (before
                                                  `unordered`/`place` name the pile)
    deal.then(lambda rng: ...)                    resample what is drawn from a dealt pile
    deal.deal(rng)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

ClassOf = Callable[[Any], str] | str


class Deal:
    def __init__(self) -> None:
        self._pools: dict[str, list[Any]] = {}
        self._holes: list[tuple[Any, Any, str]] = []
        self._mixed: list[list[Any]] = []
        self._later: list[Callable[[random.Random], None]] = []
        self._known: dict[int, set[Any] | None] = {}  # id(pile) -> items seen (None: all)

    def known(self, pile: list[Any], items: Iterable[Any] | None = None) -> None:
        """The seat sees these items of `pile` (all of it when `items` is None)."""
        if items is None:
            self._known[id(pile)] = None
        elif id(pile) not in self._known or self._known[id(pile)] is not None:
            self._known.setdefault(id(pile), set()).update(items)  # type: ignore[union-attr]

    def _seen(self, pile: Any) -> set[Any] | None:
        return self._known.get(id(pile), set())

    def place(self, box: Any, key: Any, cls: str) -> None:
        """`box[key]` (a list index or a dict key) is hidden; its class is public."""
        if id(box) in self._known and self._known[id(box)] is None:
            return
        self._pools.setdefault(cls, []).append(box[key])
        self._holes.append((box, key, cls))

    def unordered(self, pile: list[Any], cls: ClassOf) -> None:
        """Every item of `pile` the seat does not see is hidden, and so is the pile's order."""
        seen = self._seen(pile)
        if seen is None or not pile:
            return
        class_of = (lambda _: cls) if isinstance(cls, str) else cls
        kept = sorted(x for x in pile if x in seen)
        hidden = [x for x in pile if x not in seen]
        for x in hidden:
            self._pools.setdefault(class_of(x), []).append(x)
        pile[:] = kept + sorted(class_of(x) for x in hidden)
        self._holes += [(pile, i, pile[i]) for i in range(len(kept), len(pile))]
        self._mixed.append(pile)

    def then(self, resample: Callable[[random.Random], None]) -> None:
        """Run after the deal, in order (e.g. a draw taken from a pile just dealt)."""
        self._later.append(resample)

    def deal(self, rng: random.Random) -> None:
        pools = {}
        for cls in sorted(self._pools):
            pool = sorted(self._pools[cls])
            rng.shuffle(pool)
            pools[cls] = pool
        for box, key, cls in self._holes:
            box[key] = pools[cls].pop()
        for pile in self._mixed:
            rng.shuffle(pile)
        for resample in self._later:
            resample(rng)
