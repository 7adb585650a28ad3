"""Agora's components looked up by name (`/game card`): the 13 senators, 16 decrees and 16
conspiracies, its 2 wonders and 2 progress tokens (data/duel/agora.json), in the words of
data/duel/i18n/cards.agora.*.json."""

from __future__ import annotations

from engine.core import Component, Msg
from engine.duel import lookup
from engine.duel.cards import get

from .data import load

SECTIONS = {"left": "duel.card.agora.left", "centre": "duel.card.agora.centre",
            "right": "duel.card.agora.right"}


def senator(sid: str) -> Component:
    entry = load().senators[sid]
    if entry["kind"] == "politician":
        first = Msg("duel.card.agora.politician", {"section": Msg(SECTIONS[entry["section"]])})
    else:
        first = Msg("duel.card.agora.conspirator")
    return Component(sid, Msg("duel.card.kind.senator"), Msg(f"duel.tok.{sid}"),
                     (first, Msg("duel.card.agora.senator_cost")))


def decree(did: str) -> Component:
    return Component(did, Msg("duel.card.kind.decree"), Msg(f"duel.tok.{did}"),
                     (Msg(f"duel.card.agora.decree.{did}"), Msg("duel.card.agora.decree_rule")))


def plot(pid: str) -> Component:
    lines = [Msg(f"duel.card.agora.plot.{pid}")]
    if load().plots[pid]["move"]:
        lines.append(Msg("duel.card.agora.plot_move"))
    lines.append(Msg("duel.card.agora.plot_rule"))
    return Component(pid, Msg("duel.card.kind.conspiracy"), Msg(f"duel.tok.{pid}"), tuple(lines))


def wonder(wid: str) -> Component:
    base = lookup.describe(get(wid))
    extra = Msg(f"duel.card.agora.wonder.{wid}")
    return Component(wid, base.kind, base.name, (extra, *base.lines))


def components() -> list[Component]:
    found = load()
    return [*(senator(s) for s in found.senators), *(decree(d) for d in found.decrees),
            *(plot(p) for p in found.plots), *(wonder(w) for w in found.wonders),
            *(lookup.describe(get(t)) for t in found.tokens)]
