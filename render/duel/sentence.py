"""7 Wonders Duel: the last move's sentence, read from the view's `last` (the canonical action
text): its catalogue key and parameters (`last_move`, the expansions reading their own verbs
first), as pieces (words, the mover's name, pills of the components) and as plain text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.i18n import action_label
from render.common import MUTED, NAME_MARK, RGB, seat_name
from render.duel import parts
from render.duel.extension import PILL, Named, Told, first_answer, registered
from render.duel.parts import GAME, card_colour, component, name_of, t

Piece = tuple[str, Any, Any]  # ("word", text, None) | ("name", seat, None) | ("pill", cid, None)
OTHER = "\x02"  # the mover's opponent named in the sentence (a badge of their name)


def thing_colour(cid: str) -> RGB:
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
    if key == "draft" and (auto := auto_pick(view, told.seat)) is not None:
        told.params |= {"other": OTHER, "wonder": told.thing(auto)}
        key = "draft.both"
    told.params["gained"] = told.gained
    return key, told.params, told.things


def auto_pick(view: Mapping[str, Any], seat: int | None) -> str | None:
    """The wonder the draft gave the mover's opponent with the pick just made, when that pick
    left one wonder in its group of four (7wd.md §1.7: it goes to the other player): both
    players then hold a multiple of four wonders, the latest of the opponent's being it."""
    if seat is None:
        return None
    held = [list(p.get("wonders") or []) for p in view.get("players") or []]
    total = sum(len(w) for w in held)
    if len(held) != 2 or not total or total % 4 or not held[1 - int(seat)]:
        return None
    return str(held[1 - int(seat)][-1].get("id") or "") or None


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


def sentence_pieces(view: Mapping[str, Any], names: Sequence[str], locale: str
                    ) -> list[Piece] | None:
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
    for mark in (NAME_MARK, PILL, OTHER):
        text = text.replace(mark, f" {mark} ")
    for chunk in text.split():
        if chunk == NAME_MARK:
            pieces.append(("name", int(seat) if seat is not None else None, None))
        elif chunk == OTHER:
            pieces.append(("name", 1 - int(seat) if seat is not None else None, None))
        elif chunk == PILL and queue:
            pieces.append(("pill", queue.pop(0), None))
        elif chunk and pieces and pieces[-1][0] == "word" and chunk in ",.:;)":
            pieces[-1] = ("word", pieces[-1][1] + chunk, None)
        else:
            pieces.append(("word", chunk, None))
    return pieces


def last_text(view: Mapping[str, Any], names: Sequence[str], locale: str) -> str:
    """The last move's sentence as plain text ('' when there is none)."""
    pieces = sentence_pieces(view, names, locale)
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
    for p in (",", ".", ":", ";", ")"):
        text = text.replace(f" {p}", p)
    return text.replace("( ", "(")
