"""Every legal action of the seat asked, as canonical text -> what it does.

The grammar (data/duel/README.md):

    draft <wonder>
    construct <card> chain | free | pay <n>          (Masonry: construct <card> spare <res> <res> ...)
    discard <card> gain <n>
    wonder <wonder> <card> free | pay <n>            (Architecture: ... <card> spare <res> <res> ...)
    progress <token>        mausoleum <card>        destroy <card>        start @<seat>

`pay <n>` is every coin paid to the bank (printed coin cost plus trading), so the coin cost is
visible in autocomplete and on the buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Msg, State

from . import city, payment
from . import structure as st
from .cards import get
from .expansion import enabled
from .payment import Quote

WONDER_LIMIT = 7
DISCARD_BASE = 2  # 7wd.md §1.7: « 2 coins + 1 per yellow card in your city »


@dataclass(frozen=True)
class Move:
    verb: str
    target: str = ""  # a card, wonder or token id
    slot: int = -1  # the structure slot taken
    quote: Quote = Quote(0, 0)
    chain: bool = False
    gain: int = 0
    seat: int = -1


def pay_text(q: Quote) -> str:
    spare = f"spare {' '.join(q.spare)} " if q.spare else ""
    return spare + (f"pay {q.coins}" if q.coins else "free")


def discard_gain(state: State, seat: int) -> int:
    gain = DISCARD_BASE + city.count(state, seat, "yellow")
    return gain + sum(ext.discard_bonus(state, seat) for ext in enabled(state))


def wonders_built(state: State) -> int:
    return sum(len(city.built_wonders(state, s)) for s in (0, 1))


def buildable_wonders(state: State, seat: int) -> list[str]:
    if wonders_built(state) >= WONDER_LIMIT and not any(
        ext.passes_wonder_limit(state, seat) for ext in enabled(state)  # e.g. Imhotep
    ):
        return []
    return [w["id"] for w in city.player(state, seat)["wonders"] if w["card"] is None]


def _play(state: State, seat: int) -> dict[str, Move]:
    coins = city.player(state, seat)["coins"]
    cards = st.accessible_cards(state)
    market = payment.market(state, seat)
    out: dict[str, Move] = {}
    for cid, slot in cards.items():
        comp = get(cid)
        if payment.chained(state, seat, comp):
            out[f"construct {cid} chain"] = Move("construct", cid, slot, chain=True)
            continue
        for q in payment.quotes(state, seat, comp, market):
            if q.coins <= coins:
                out[f"construct {cid} {pay_text(q)}"] = Move("construct", cid, slot, q)
    gain = discard_gain(state, seat)
    for cid, slot in cards.items():
        out[f"discard {cid} gain {gain}"] = Move("discard", cid, slot, gain=gain)
    for wid in buildable_wonders(state, seat):
        affordable = [q for q in payment.quotes(state, seat, get(wid), market)
                      if q.coins <= coins]
        for cid, slot in cards.items():
            for q in affordable:
                out[f"wonder {wid} {cid} {pay_text(q)}"] = Move("wonder", wid, slot, q)
    for ext in enabled(state):  # e.g. Pythagoras (Leaders); recruit, prepare, trigger (Agora)
        ext.play_options(state, seat, out)
    return out


def options(state: State, seat: int) -> dict[str, Move]:
    """The legal texts of `seat` now (empty if it is not asked)."""
    if state["outcome"] is not None or seat != state["active"]:
        return {}
    phase = state["phase"]
    if phase == "draft":
        return {f"draft {w}": Move("draft", w) for w in state["draft"]["offer"]}
    if phase == "play":
        return _play(state, seat)
    if phase == "progress":
        return {f"progress {t}": Move("progress", t) for t in state["board_tokens"] if t}
    if phase == "library":
        return {f"progress {t}": Move("progress", t) for t in state["library"]}
    if phase == "mausoleum":
        return {
            f"mausoleum {c}": Move("mausoleum", c)
            for c in dict.fromkeys(state["discard"]) if get(c).kind == "card"  # no senator
        }
    if phase == "destroy":
        colour = state["pending"][0]["colour"]
        return {f"destroy {c}": Move("destroy", c) for c in city.cards(state, 1 - seat, (colour,))}
    if phase == "start":
        return {f"start @{s}": Move("start", seat=s) for s in (0, 1)}
    for ext in enabled(state):  # the expansions' phases that the base drives
        if found := ext.phase_options(state, seat):
            return found
    return {}


def ask(state: State) -> dict[int, Msg]:
    """Who must decide now, and the question (one seat at a time in Duel)."""
    if state["outcome"] is not None:
        return {}
    phase = state["phase"]
    params: dict[str, object] = {}
    if phase == "destroy":
        params["colour"] = Msg(f"duel.colour.{state['pending'][0]['colour']}")
    if phase in ("start", "play"):
        params["age"] = state["age"]
    for ext in enabled(state):
        params.update(ext.ask_params(state))
    return {state["active"]: Msg(f"duel.ask.{phase}", params)}
