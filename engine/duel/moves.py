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
from random import Random

from engine.core import Msg, State
from engine.policy import TextMenu, choice, walk

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
    for ext in enabled(state):
        gain += ext.discard_bonus(state, seat)
    return gain


def wonders_built(state: State) -> int:
    return sum(len(city.built_wonders(state, s)) for s in (0, 1))


def buildable_wonders(state: State, seat: int) -> list[str]:
    built, mine = 0, []
    for s, p in enumerate(state["players"]):  # one pass: asked at every turn
        for w in p["wonders"]:
            if w["card"] is not None:
                built += 1
            elif s == seat:
                mine.append(w["id"])
    if built >= WONDER_LIMIT and not any(
        ext.passes_wonder_limit(state, seat) for ext in enabled(state)  # e.g. Imhotep
    ):
        return []
    return mine


def _play(state: State, seat: int) -> dict[str, Move]:
    return Play(state, seat).moves()


class Play:
    """A turn's play options, each part worked out when first asked: the constructions of each
    card, the discards, the wonders each buildable wonder allows, and the expansions' own texts.
    `moves()` lists them all, in this order; `PlayMenu` walks them one verb at a time."""

    __slots__ = ("state", "seat", "coins", "cards", "wonders", "_market", "_buys", "_wonders",
                 "_affordable", "_extra", "_gain")  # (one a turn of every playout: no dict)

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.coins = state["players"][seat]["coins"]
        self.cards = st.accessible_cards(state)
        self.wonders = buildable_wonders(state, seat)
        self._market: payment.Market | None = None
        self._buys: dict[str, tuple[bool, list[Quote]]] = {}
        self._wonders: dict[str, dict[str, Move]] = {}
        self._affordable: dict[str, list[Quote]] = {}
        self._extra: dict[str, Move] | None = None
        self._gain: int | None = None

    @property
    def market(self) -> payment.Market:
        if self._market is None:
            self._market = payment.market(self.state, self.seat)
        return self._market

    def buys(self, cid: str) -> tuple[bool, list[Quote]]:
        """How the seat may construct an accessible card: (free by chain, else the quotes it
        can pay; none: it cannot), without writing the texts (a menu writes one card's)."""
        found = self._buys.get(cid)
        if found is None:
            found = self._buys[cid] = self._buy(cid)
        return found

    def _buy(self, cid: str) -> tuple[bool, list[Quote]]:
        state, seat = self.state, self.seat
        m = self._market or self.market
        comp = get(cid)
        for p in m.pricing:  # a loop, not a generator: every card of every turn asks it
            if not p.constructible(comp):
                return False, []
        if payment.chained(state, seat, comp, m):
            return True, []
        return False, payment.payable(state, seat, comp, m, self.coins)

    def constructs(self, cid: str) -> dict[str, Move]:
        chain, quotes = self.buys(cid)
        slot = self.cards[cid]
        if chain:
            return {f"construct {cid} chain": Move("construct", cid, slot, chain=True)}
        return {f"construct {cid} {pay_text(q)}": Move("construct", cid, slot, q) for q in quotes}

    @property
    def gain(self) -> int:
        if self._gain is None:
            self._gain = discard_gain(self.state, self.seat)
        return self._gain

    def discard(self, cid: str) -> dict[str, Move]:
        gain = self.gain
        return {f"discard {cid} gain {gain}": Move("discard", cid, self.cards[cid], gain=gain)}

    def discards(self) -> dict[str, Move]:
        out: dict[str, Move] = {}
        for cid in self.cards:
            out.update(self.discard(cid))
        return out

    def affordable(self, wid: str) -> list[Quote]:
        """The wonder's quotes the seat can pay (whether it has texts, without writing them)."""
        found = self._affordable.get(wid)
        if found is None:
            found = self._affordable[wid] = payment.payable(
                self.state, self.seat, get(wid), self._market or self.market, self.coins)
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
                ext.play_options(self.state, self.seat, self._extra, self.cards)
        return self._extra

    def verbs(self) -> set[str]:
        """The verbs with at least one text (each part worked out only as far as needed)."""
        found = set()
        for t in self.extra():  # a loop, not a comprehension and its frame: every turn
            found.add(t.split(" ", 1)[0])
        if not self.cards:
            return found
        found.add("discard")
        buys = self._buys
        for cid in self.cards:  # loops, not generators, and `buys` written out: every turn
            bought = buys.get(cid)
            if bought is None:
                bought = buys[cid] = self._buy(cid)
            if bought[0] or bought[1]:
                found.add("construct")
                break
        for wid in self.wonders:
            if self.affordable(wid):
                found.add("wonder")
                break
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


BASE_VERBS = ("construct", "discard", "wonder")


class PlayMenu:
    """A turn's play as a menu (engine.policy.Menu), the same texts as `options`
    (tests/duel/test_menu.py) worked out only as far as a walk goes: the verbs, then the first
    arguments of the verb taken (the cards, the wonders), then the few texts of the one card
    or wonder taken. A text's move is built when it is chosen (`move`)."""

    __slots__ = ("play", "_verbs", "_args", "_tails", "_rests", "_extra", "_walked")

    def __init__(self, state: State, seat: int) -> None:
        self.play = Play(state, seat)
        self._verbs: list[str] | None = None
        self._args: dict[str, list[str]] = {}
        self._tails: dict[tuple[str, str], TextMenu] = {}
        self._rests: dict[tuple[str, str], list[str]] = {}
        self._extra: dict[str, TextMenu] = {}
        self._walked: tuple[str, str, str, int] | None = None  # (text, verb, arg, rest's index)

    def choices(self, prefix: Sequence[str]) -> list[str]:
        if not prefix:
            if self._verbs is None:
                self._verbs = sorted(self.play.verbs())
            return self._verbs
        verb = prefix[0]
        if verb not in BASE_VERBS:  # an expansion's verb: its few texts as they are
            extra = self._extra.get(verb)
            if extra is None:
                extra = self._extra[verb] = TextMenu(
                    [t for t in self.play.extra() if t.split(" ", 1)[0] == verb])
            return extra.choices(prefix)
        if len(prefix) == 1:
            return self.args(verb)
        tail = self._tails.get((verb, prefix[1]))
        if tail is None:
            if prefix[1] not in self.args(verb):
                return []
            tail = self._tails[verb, prefix[1]] = TextMenu(self._rest(verb, prefix[1]))
        return tail.choices(prefix[2:])

    def walk(self, rng: Random) -> str:
        """`engine.policy.walk` over this menu, drawing the same numbers (a level is drawn from,
        even a level of one token, while more than one text lies below it), without building
        the levels as menus: the verbs, the verb's first arguments, then the list walk over the
        few texts left."""
        verbs = self.choices(())
        if not verbs:
            raise ValueError("no legal action")
        verb = choice(rng, verbs) if len(verbs) > 1 or self._several(verbs[0]) else verbs[0]
        if verb not in BASE_VERBS:  # an expansion's verb: the list walk over what follows it
            rests = [t.partition(" ")[2] for t in self.play.extra() if t.split(" ", 1)[0] == verb]
            return " ".join([verb, *walk(rests, rng).split()])
        args = self.args(verb)
        several = len(args) > 1 or len(self._rest(verb, args[0])) > 1
        arg = choice(rng, args) if several else args[0]
        rest = self._rest(verb, arg)  # (one text, most often: canonical already, nothing drawn)
        i = 0 if len(rest) == 1 else rest.index(walk(rest, rng))
        text = f"{verb} {arg} {rest[i]}"
        self._walked = (text, verb, arg, i)  # `move` builds the walked text's move alone
        return text

    def _several(self, verb: str) -> bool:
        """Whether more than one text starts with the verb."""
        if verb not in BASE_VERBS:
            return sum(t.split(" ", 1)[0] == verb for t in self.play.extra()) > 1
        args = self.args(verb)
        return len(args) > 1 or len(self._rest(verb, args[0])) > 1

    def args(self, verb: str) -> list[str]:
        """The first arguments of the base verb's texts, sorted."""
        found = self._args.get(verb)
        if found is None:
            play = self.play
            if verb == "construct":
                found = []
                for cid in play.cards:  # a loop, not a comprehension: a turn in three asks it
                    chain, quotes = play.buys(cid)
                    if chain or quotes:
                        found.append(cid)
            elif verb == "discard":
                found = list(play.cards)
            else:  # a wonder is built with an accessible card
                found = [w for w in play.wonders if play.affordable(w)] if play.cards else []
            found = self._args[verb] = sorted(found)
        return found

    def _rest(self, verb: str, arg: str) -> list[str]:
        """The texts of the verb on `arg` after their first two tokens."""
        found = self._rests.get((verb, arg))
        if found is None:
            play = self.play
            if verb == "construct":
                chain, quotes = play.buys(arg)
                found = ["chain"] if chain else [pay_text(q) for q in quotes]
            elif verb == "discard":
                found = [f"gain {play.gain}"]
            else:
                found = [f"{cid} {pay_text(q)}" for cid in play.cards for q in play.affordable(arg)]
            self._rests[verb, arg] = found
        return found

    def move(self, text: str) -> Move:
        """The move of one of the menu's texts (KeyError for any other text)."""
        if self._walked is not None and self._walked[0] == text:
            return self._walked_move()
        verb, _, rest = text.partition(" ")
        arg = rest.split(" ", 1)[0]
        if verb == "construct":
            return self.play.constructs(arg)[text]
        if verb == "discard":
            return self.play.discard(arg)[text]
        if verb == "wonder":
            return self.play.wonder(arg)[text]
        return self.play.extra()[text]

    def _walked_move(self) -> Move:
        """The move of the text `walk` gave: its `i`-th rest (`_rest`'s order is the quotes')."""
        assert self._walked is not None
        _, verb, arg, i = self._walked
        play = self.play
        if verb == "construct":
            chain, quotes = play.buys(arg)
            slot = play.cards[arg]
            return Move("construct", arg, slot, chain=True) if chain \
                else Move("construct", arg, slot, quotes[i])
        if verb == "discard":
            return Move("discard", arg, play.cards[arg], gain=play.gain)
        quotes = play.affordable(arg)  # a wonder: the cards in order, each with every quote
        cid = list(play.cards)[i // len(quotes)]
        return Move("wonder", arg, play.cards[cid], quotes[i % len(quotes)])
