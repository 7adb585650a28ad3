"""The choice menu: a walk through the legal action texts, token by token (a trie).

This knows nothing of any game. At a prefix (the tokens chosen so far) the menu offers the
distinct next steps; a step whose path has a single continuation is collapsed into one longer
step (`answer 2 wood or 1` then `stone` | `wool`), so nobody clicks through forced choices. When
the prefix is itself a complete legal action and more can follow, the menu also offers to
confirm it as it stands.

Menus are addressed by their prefix, which a custom_id must carry in at most 100 characters;
`encode` writes it literally when it fits and otherwise as the path of item indices from the
root, which stays valid because the legal list is fixed for a given game version.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Tokens = tuple[str, ...]


@dataclass(frozen=True)
class Step:
    """One option: the tokens it adds; `final` when that completes an action with nothing after."""

    tokens: Tokens
    final: bool


CONFIRM = None  # the item that plays the prefix itself
Item = Step | None


@dataclass(frozen=True)
class Menu:
    prefix: Tokens
    confirm: bool  # the prefix is a legal action and has continuations
    steps: tuple[Step, ...]

    @property
    def items(self) -> list[Item]:
        """What a select menu lists, in order: the confirmation first, then the steps."""
        return ([CONFIRM] if self.confirm else []) + list(self.steps)


def split(legal: Sequence[str]) -> list[Tokens]:
    return [tuple(text.split()) for text in legal]


def _below(actions: Sequence[Tokens], prefix: Tokens) -> list[Tokens]:
    n = len(prefix)
    return [a[n:] for a in actions if a[:n] == prefix]


def _firsts(tails: Sequence[Tokens]) -> list[str]:
    """The distinct first tokens, in the order the game listed them (games order them on purpose)."""
    return list(dict.fromkeys(tail[0] for tail in tails if tail))


def at(actions: Sequence[Tokens], prefix: Tokens) -> Menu:
    """The menu after `prefix`."""
    tails = _below(actions, prefix)
    steps = []
    for first in _firsts(tails):
        chain: Tokens = (first,)
        while True:
            rest = _below(tails, chain)
            complete = () in rest
            nexts = _firsts(rest)
            if complete or len(nexts) != 1:
                steps.append(Step(chain, final=complete and not nexts))
                break
            chain += (nexts[0],)
    return Menu(prefix, confirm=() in tails and len(tails) > 1, steps=tuple(steps))


def is_action(actions: Sequence[Tokens], prefix: Tokens) -> bool:
    return prefix in set(actions)


def path(actions: Sequence[Tokens], prefix: Tokens) -> list[int] | None:
    """The item indices leading from the root to the menu at `prefix`, or None if not a menu."""
    indices: list[int] = []
    current: Tokens = ()
    while current != prefix:
        menu = at(actions, current)
        for index, item in enumerate(menu.items):
            if item is not None and prefix[: len(current) + len(item.tokens)] == current + item.tokens:
                indices.append(index)
                current += item.tokens
                break
        else:
            return None
        if len(current) > len(prefix):
            return None
    return indices


def snap(actions: Sequence[Tokens], typed: Tokens) -> Tokens | None:
    """The menu prefix that `typed` leads to: the end of the step it stops in, or None."""
    current: Tokens = ()
    while len(current) < len(typed):
        for item in at(actions, current).steps:
            whole = current + item.tokens
            n = min(len(whole), len(typed))
            if whole[:n] == typed[:n]:
                current = whole
                break
        else:
            return None
    return current


def parent(actions: Sequence[Tokens], prefix: Tokens) -> Tokens:
    """The menu one step back from `prefix` (the root stays the root)."""
    found = path(actions, prefix)
    if not found:
        return ()
    current: Tokens = ()
    for index in found[:-1]:
        item = at(actions, current).items[index]
        assert item is not None
        current += item.tokens
    return current


def encode(actions: Sequence[Tokens], prefix: Tokens, room: int) -> str:
    """`prefix` in at most `room` characters: literally, or `#i.j.k` when the text is too long."""
    literal = " ".join(prefix)
    if len(literal) <= room and not literal.startswith("#"):
        return literal
    indices = path(actions, prefix)
    if indices is None:
        raise ValueError(f"{literal!r} is not a menu of these actions")
    return "#" + ".".join(map(str, indices))


def decode(actions: Sequence[Tokens], code: str) -> Tokens | None:
    """The prefix `encode` wrote, or None when it names no menu of these actions (stale)."""
    if not code.startswith("#"):
        prefix = tuple(code.split())
        return prefix if path(actions, prefix) is not None else None
    current: Tokens = ()
    for part in filter(None, code[1:].split(".")):
        items = at(actions, current).items
        if not (part.isascii() and part.isdigit()) or int(part) >= len(items) \
                or items[int(part)] is None:
            return None
        item = items[int(part)]
        assert item is not None
        current += item.tokens
    return current


@dataclass(frozen=True)
class Typed:
    """What a typed `/move` text comes to: "play" the action `tokens`; open the "menu" at the
    prefix `tokens`; "follow": an incomplete text whose only continuation is the action
    `tokens` (say so rather than guess); "unknown": nothing legal starts so."""

    kind: str
    tokens: Tokens


BEGINNING = ("…", "...")  # ends a suggested beginning (`seek 1 …`): choose the rest


def fold(text: str) -> str:
    """Lower case without accents, so that "deposer" finds "déposer"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def resolve(
    legal: Sequence[str], typed: str, canonical: Callable[[str], str],
    label: Callable[[str], str], words: Callable[[str], str] | None = None,
    readings: Callable[[str], Sequence[str]] | None = None,
) -> Typed:
    """A typed `/move` text, read as the Discord command reads it: in any case, as canonical
    text, as shown in the player's language (`label`) or word by word in it (`words`: "cherche
    2 huns", read back as tokens by `readings` when no action has them); a legal action is
    played at once (even when more could follow it); a beginning (ending in "…") or a partial
    text opens the menu there."""
    beginning = typed.rstrip().endswith(BEGINNING)
    text = canonical(typed.rstrip().rstrip(".…"))
    if text not in legal:  # typed in the player's language rather than canonical text
        by_label = {fold(words(x)): x for x in legal} if words else {}
        by_label |= {fold(label(x)): x for x in legal}
        text = by_label.get(fold(" ".join(text.split())), text)
    actions = split(legal)
    if text not in legal and readings is not None and snap(actions, tuple(text.split())) is None:
        text = _reading(actions, legal, [canonical(r) for r in readings(text)], text)
    if not beginning and text in legal:
        return Typed("play", tuple(text.split()))
    prefix = snap(actions, tuple(text.split())) if text else ()
    if prefix is None:
        return Typed("unknown", tuple(text.split()))
    if at(actions, prefix).items:
        return Typed("menu", prefix)
    if is_action(actions, prefix):  # the single continuation of what was typed
        return Typed("play" if beginning else "follow", prefix)
    return Typed("unknown", tuple(text.split()))


def _reading(actions: Sequence[Tokens], legal: Sequence[str], readings: Sequence[str],
             typed: str) -> str:
    """Of the ways typed words read back as tokens, the one the legal texts have: a whole
    action, else the one whose beginning goes furthest among them (the rules then say what is
    wrong with the rest); when none begins as any does, the text as typed, for the refusal to
    quote the player's words. Words several tokens share ("discard": Duel's discard and
    Agora's scrap) are told apart so."""
    def known(reading: str) -> tuple[bool, int]:
        tokens = tuple(reading.split())
        return reading in legal, next(
            (n for n in range(len(tokens), 0, -1) if snap(actions, tokens[:n]) is not None), 0)

    best = max(readings, key=known, default=typed)  # max keeps the first of equals
    return best if known(best) != (False, 0) else typed


@dataclass(frozen=True)
class Click:
    """A click in a menu message: the menu it shows (`code`, as `encode` wrote it), then the
    item chosen (`choice`, an index of its items) or a step `back` (a page turn is neither)."""

    code: str
    choice: int | None = None
    back: bool = False


def clicked(legal: Sequence[str], click: Click) -> Typed | None:
    """What a click in a menu comes to: "play" a whole action (the confirmation, or an item
    that completes one with nothing after), or the "menu" to show next; None when the menu is
    out of date (no such menu or item among these legal texts)."""
    actions = split(legal)
    prefix = decode(actions, click.code) if legal else None
    if prefix is None:
        return None
    if click.back:
        prefix = parent(actions, prefix)
    if click.choice is not None:
        items = at(actions, prefix).items
        if not 0 <= click.choice < len(items):
            return None
        item = items[click.choice]
        if item is None or item.final:  # the confirmation (CONFIRM), or a whole action
            return Typed("play", prefix if item is None else prefix + item.tokens)
        prefix += item.tokens
    return Typed("menu", prefix)
