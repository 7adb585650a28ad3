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

from collections.abc import Sequence

from engine.core import Msg, State
from engine.policy import TextMenu

from . import city, payment
from . import structure as st
from .cards import get
from .expansion import enabled
from .values import Move, Quote

WONDER_LIMIT = 7
DISCARD_BASE = 2  # 7wd.md §1.7: « 2 coins + 1 per yellow card in your city »


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
    return Play(state, seat).moves()


class Play:
    """A turn's play options, each part worked out when first asked: the constructions of each
    card, the discards, the wonders each buildable wonder allows, and the expansions' own texts.
    `moves()` lists them all, in this order; `PlayMenu` walks them one verb at a time."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.coins = city.player(state, seat)["coins"]
        self.cards = st.accessible_cards(state)
        self.wonders = buildable_wonders(state, seat)
        self._market: payment.Market | None = None
        self._constructs: dict[str, dict[str, Move]] = {}
        self._wonders: dict[str, dict[str, Move]] = {}
        self._affordable: dict[str, list[Quote]] = {}
        self._extra: dict[str, Move] | None = None

    @property
    def market(self) -> payment.Market:
        if self._market is None:
            self._market = payment.market(self.state, self.seat)
        return self._market

    def constructs(self, cid: str) -> dict[str, Move]:
        found = self._constructs.get(cid)
        if found is None:
            found = self._constructs[cid] = self._construct(cid)
        return found

    def _construct(self, cid: str) -> dict[str, Move]:
        state, seat, slot, m = self.state, self.seat, self.cards[cid], self.market
        comp = get(cid)
        if not all(p.constructible(comp) for p in m.pricing):
            return {}
        if payment.chained(state, seat, comp, m):
            return {f"construct {cid} chain": Move("construct", cid, slot, chain=True)}
        return {f"construct {cid} {pay_text(q)}": Move("construct", cid, slot, q)
                for q in payment.quotes(state, seat, comp, m) if q.coins <= self.coins}

    def discards(self) -> dict[str, Move]:
        gain = discard_gain(self.state, self.seat)
        return {f"discard {cid} gain {gain}": Move("discard", cid, slot, gain=gain)
                for cid, slot in self.cards.items()}

    def affordable(self, wid: str) -> list[Quote]:
        """The wonder's quotes the seat can pay (whether it has texts, without writing them)."""
        found = self._affordable.get(wid)
        if found is None:
            quotes = payment.quotes(self.state, self.seat, get(wid), self.market)
            found = self._affordable[wid] = [q for q in quotes if q.coins <= self.coins]
        return found

    def wonder(self, wid: str) -> dict[str, Move]:
        found = self._wonders.get(wid)
        if found is None:
            affordable = self.affordable(wid)
            found = self._wonders[wid] = {
                f"wonder {wid} {cid} {pay_text(q)}": Move("wonder", wid, slot, q)
                for cid, slot in self.cards.items() for q in affordable}
        return found

    def extra(self) -> dict[str, Move]:
        """The expansions' texts (e.g. Pythagoras (Leaders); recruit, prepare, trigger (Agora))."""
        if self._extra is None:
            self._extra = {}
            for ext in enabled(self.state):
                ext.play_options(self.state, self.seat, self._extra)
        return self._extra

    def of(self, verb: str) -> dict[str, Move]:
        """Every text of one verb."""
        out: dict[str, Move] = {}
        if verb == "construct":
            for cid in self.cards:
                out.update(self.constructs(cid))
        elif verb == "discard":
            out.update(self.discards())
        elif verb == "wonder":
            for wid in self.wonders:
                out.update(self.wonder(wid))
        out.update((t, m) for t, m in self.extra().items() if t.split(" ", 1)[0] == verb)
        return out

    def verbs(self) -> set[str]:
        """The verbs with at least one text (each part worked out only as far as needed)."""
        found = {t.split(" ", 1)[0] for t in self.extra()}
        if any(self.constructs(cid) for cid in self.cards):
            found.add("construct")
        if self.cards:
            found.add("discard")
        if self.cards and any(self.affordable(wid) for wid in self.wonders):
            found.add("wonder")
        return found

    def moves(self) -> dict[str, Move]:
        out: dict[str, Move] = {}
        for cid in self.cards:
            out.update(self.constructs(cid))
        out.update(self.discards())
        for wid in self.wonders:
            out.update(self.wonder(wid))
        out.update(self.extra())
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


class PlayMenu:
    """A turn's play as a menu (engine.policy.Menu): a verb, then its texts, worked out only
    for the verb a walk takes (the same texts as `options`: tests/duel/test_menu.py)."""

    def __init__(self, state: State, seat: int) -> None:
        self.play = Play(state, seat)
        self._verbs: list[str] | None = None
        self._menus: dict[str, tuple[dict[str, Move], TextMenu]] = {}

    def _verb(self, verb: str) -> tuple[dict[str, Move], TextMenu]:
        found = self._menus.get(verb)
        if found is None:
            moves = self.play.of(verb)
            found = self._menus[verb] = (moves, TextMenu(list(moves)))
        return found

    def choices(self, prefix: Sequence[str]) -> list[str]:
        if not prefix:
            if self._verbs is None:
                self._verbs = sorted(self.play.verbs())
            return self._verbs
        return self._verb(prefix[0])[1].choices(prefix)

    def move(self, text: str) -> Move:
        """The move of one of the menu's texts."""
        return self._verb(text.split(" ", 1)[0])[0][text]
