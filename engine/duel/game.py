"""7 Wonders Duel (base game): the rules as a small state machine of prompts over plain JSON.

Component facts and rules: the reference notes « 7wd.md » §1 (cited by section). Readings of
ambiguous points: data/duel/README.md. Phases (who is asked what):

    draft      the wonder draft: `draft <wonder>`                                  §1.7
    play       a turn: `construct ...`, `discard ...`, `wonder ...`                §1.7
    progress   a science pair (or a chosen Great Library token): `progress <token>` §1.4
    library    the Great Library's 3 drawn tokens: `progress <token>`              §1.3
    mausoleum  `mausoleum <card>` from the discard pile                            §1.3
    destroy    Statue of Zeus / Circus Maximus: `destroy <card>`                   §1.3
    start      who begins the next age: `start @<seat>`                            §1.7
    over

A turn's effects that need a decision are queued in `pending` and asked in order; when the
queue is empty the turn ends (play again, end of age). Every action text is computed by
`_options`, so `legal` and `apply` can never disagree; a refused text is explained by
`explain.refuse` from public information only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from engine import rng
from engine.core import Component, Event, Game, IllegalAction, Msg, OptionSpec, Outcome, State
from engine.policy import Listed, Stuck, choice, draw_lone, walk

from . import city, explain, lookup, scoring
from . import structure as st
from .cards import AGES, get, load
from .expansion import Do, enabled, registered
from .expansion import options as expansion_options
from .log import logged, unlogged
from .moves import WONDER_LIMIT, Move, PlayMenu, ask, options
from .view import build_view

# The base game's phases whose lone legal action is played without asking (Game.forced).
FORCED_PHASES = frozenset({"play", "destroy", "mausoleum"})

# Setup figures (7wd.md §1.7 Setup and Decks)
START_COINS = 7
BOARD_TOKENS = 5
REMOVED_PER_AGE = 3
GUILDS_IN_AGE_III = 3
DRAFT_GROUP = 4
DRAFT_ORDER = (
    [0, 1, 1, 0],
    [1, 0, 0, 1],
)  # first player 1, second 2, first the last; then reversed
LIBRARY_DRAW = 3
URBANISM_COINS = 4
SCIENCE_SUPREMACY = 6


def tok(cid: str) -> Msg:
    """A component's name, translated at the edge."""
    return Msg(f"duel.tok.{cid}")


seat_msg = Msg.seat  # a seat shown by its player's name (one call: every log line has one)


class Duel(Game):
    key = "duel"
    module = "duel"
    min_players = 2
    max_players = 2

    @property  # type: ignore[override]
    def options(self) -> tuple[OptionSpec, ...]:
        """The expansions' options (engine/duel/expansion.py)."""
        return expansion_options()

    def components(self, options: Mapping[str, Any]) -> list[Component]:
        return lookup.components(options)

    def shown(self, view: Mapping[str, Any]) -> list[str]:
        return lookup.shown(view)

    # --- setup ----------------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        if players != 2:
            raise IllegalAction("duel.error.players")
        comps = load()
        state: State = {"rng": rng.seed_state(seed)}
        wonders = list(comps.wonders)
        rng.shuffle(state, wonders)
        tokens = list(comps.tokens)
        rng.shuffle(state, tokens)
        decks: dict[str, list[str]] = {}
        removed: dict[str, list[str]] = {}
        for age in AGES:
            deck = comps.age_cards(age)
            rng.shuffle(state, deck)
            removed[str(age)] = deck[:REMOVED_PER_AGE]  # unseen, out of the game
            decks[str(age)] = deck[REMOVED_PER_AGE:]
        guilds = comps.guilds()
        rng.shuffle(state, guilds)
        removed["guilds"] = guilds[GUILDS_IN_AGE_III:]
        decks["3"] += guilds[:GUILDS_IN_AGE_III]
        rng.shuffle(state, decks["3"])
        state.update(
            options={},
            age=0,
            phase="draft",
            active=0,
            turn=0,
            draft={"round": 1, "offer": wonders[:DRAFT_GROUP], "order": list(DRAFT_ORDER[0])},
            wonder_pool=wonders[DRAFT_GROUP:],  # hidden until revealed by the draft
            decks=decks,
            removed=removed,
            structure=[],
            discard=[],
            board_tokens=tokens[:BOARD_TOKENS],
            box_tokens=tokens[BOARD_TOKENS:],  # hidden: the Great Library draws from these
            library=[],
            players=[
                {"coins": START_COINS, "cards": [], "wonders": [], "tokens": [], "shields": 0}
                for _ in range(2)
            ],
            pawn=0,
            loot=[False] * len(comps.military["tokens"]),
            boxed_wonder=None,
            pending=[],
            play_again=False,
            last=None,
            outcome=None,
        )
        for ext in registered():  # the expansions chosen (engine/duel/expansion.py)
            if options.get(ext.key):
                ext.setup(state, options[ext.key])
        return state

    # --- who acts -------------------------------------------------------------------------------

    def prompt(self, state: State) -> dict[int, Msg]:
        if (ext := _driver(state, "")) is not None:
            return {} if state["outcome"] is not None else ext.ask(state)
        return ask(state)

    def asked(self, state: State) -> list[int]:
        """The seats `prompt` asks, without its message."""
        if (ext := _driver(state, "")) is not None:
            return [] if state["outcome"] is not None else list(ext.ask(state))
        return [] if state["outcome"] is not None else [state["active"]]

    def legal(self, state: State, seat: int) -> list[str]:
        if (ext := _driver(state, "")) is not None:
            return ext.legal(state, seat)
        if state["outcome"] is not None or seat != state["active"]:
            return []
        return list(options(state, seat))

    # --- actions --------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, text: str) -> list[Event]:
        """`text` is canonical, from a seat asked while the game runs (engine.core.play)."""
        if (ext := _driver(state, text)) is not None:
            return ext.apply(state, seat, text)
        move = options(state, seat).get(text) or _recorded(state, seat, text)
        if move is None:
            explain.refuse(state, seat, text)
            raise IllegalAction("duel.error.unknown", action=text)  # refuse always raises
        return _perform(state, seat, text, move)

    def menu(self, state: State, seat: int) -> list[str] | PlayMenu:
        """`legal` as a menu (a turn's play: worked out one verb at a time), carrying each
        text's move for `apply_legal`."""
        if _driver(state, "") is not None or state["outcome"] is not None \
                or seat != state["active"]:
            return self.legal(state, seat)
        if state["phase"] == "play":
            return PlayMenu(state, seat)
        return Listed(options(state, seat))

    def apply_legal(self, state: State, seat: int, action: str, menu: object = None,
                    ) -> list[Event]:
        """`apply` for a text of `menu`: its move as the menu worked it out."""
        if not isinstance(menu, (Listed, PlayMenu)) or _driver(state, action) is not None:
            return self.apply(state, seat, action)
        move = menu.move(action) if isinstance(menu, PlayMenu) else menu.found[action]
        return _perform(state, seat, action, move)

    def play_to_end(self, state: State, rand: Random, history: list[tuple[int, str]],
                    max_actions: int) -> None:
        """engine.policy.play_to_end, drawing the same numbers, for a random playout: who
        drives the moment is asked once an action (not by `asked`, `menu` and `apply_legal` in
        turn), the seat asked is read directly (one at a time unless an expansion drives), and
        the walked move goes straight to `_perform`; the commonest log lines are not written
        (engine/duel/log.py: nobody reads a playout's)."""
        with unlogged():
            self._play_out(state, rand, history, max_actions)

    def _play_out(self, state: State, rand: Random, history: list[tuple[int, str]],
                  max_actions: int) -> None:
        drivers = enabled(state, "handles")  # (`_driver`, asked of these alone: every action)
        while state["outcome"] is None:
            if len(history) >= max_actions:
                raise Stuck(f"no end after {max_actions} actions")
            ext = _driver(state, "", drivers)
            if ext is not None:  # an expansion's own phases (Leaders' recruitment...)
                asked = sorted(ext.ask(state))
                if not asked:
                    raise Stuck("nobody is asked to act")
                seat = choice(rand, asked)
                text = walk(ext.legal(state, seat), rand)
                ext.apply(state, seat, text)  # (`apply`: it drives each of its legal texts)
            else:
                seat = state["active"]
                draw_lone(rand)  # the generic loop's choice among the one seat asked
                if state["phase"] == "play":
                    menu = PlayMenu(state, seat)
                    text = menu.walk(rand)
                    # a verb an expansion takes over (Pythagoras, Leaders): its `apply`
                    if (ext := _driver(state, text, drivers)) is not None:
                        ext.apply(state, seat, text)
                    else:
                        _perform(state, seat, text, menu.move(text))
                else:
                    found = options(state, seat)
                    text = walk(list(found), rand)
                    _perform(state, seat, text, found[text])
            history.append((seat, text))

    # --- what is seen ---------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def score_lines(self, state: State) -> dict[int, Msg]:
        """Each seat's public standing, read from the public view only (so nothing hidden can
        leak): points, coins, shields, the military lead, and with the options the Senate
        chambers controlled (Agora) and the leaders recruited (Leaders)."""
        view = build_view(state, None)
        pawn = int(view["military"]["pawn"])
        lines: dict[int, Msg] = {}
        for s in (0, 1):
            player = view["players"][s]
            ahead = pawn if s == 0 else -pawn
            params: dict[str, Any] = {
                "points": int(player["points"]["total"]),
                "coins": int(player["coins"]),
                "shields": int(view["military"]["shields"][s]),
                "military": Msg("duel.score.military", {"n": ahead}) if ahead > 0 else "",
            }
            params |= {key: "" for ext in registered() for key in ext.score_keys}
            for ext in enabled(state):
                params |= ext.score_params(view, s)
            lines[s] = Msg("duel.score.line", params)
        return lines

    def forced(self, state: State, seat: int) -> str | None:
        """The lone legal text of a phase where what makes it the only one is public (the
        structure's face-up cards, both cities, the coins, the wonders, the discard pile):
        a turn's play when all that is left is discarding the one accessible card, a destroyed
        card (Statue of Zeus, Circus Maximus) or the Mausoleum's card when there is only one to
        take; and the expansions' phases they declare (`Expansion.forced_phases`). Anything
        else is asked (data/duel/README.md, reading 20)."""
        if state["outcome"] is not None or seat not in self.asked(state):
            return None
        phase = state["phase"]
        if phase not in FORCED_PHASES and not any(
                phase in ext.forced_phases for ext in enabled(state)):
            return None
        legal = self.legal(state, seat)
        return legal[0] if len(legal) == 1 else None

    def undoable(self, before: State, after: State, events: Any, seat: int) -> bool:
        """Only a move that turned no card up, drew nothing (progress tokens from the box, a new
        age's cards, the next wonders of the draft) and told nobody anything privately."""
        if any(e.to is not None for e in events) or before["rng"] != after["rng"]:
            return False
        if before.get("age") != after.get("age") or after["phase"] == "library":
            return False
        if before["phase"] != after["phase"] and "play" not in (before["phase"], after["phase"]):
            return False  # e.g. the leaders' draft over: the wonders' draft shows its offer
        if not only_picked(before.get("draft"), after.get("draft")):
            return False
        hidden = {(s["row"], s["col"]) for s in before.get("structure") or [] if not s["up"]}
        shown = {(s["row"], s["col"]) for s in after.get("structure") or [] if s["up"]}
        if hidden & shown:
            return False
        # e.g. a decree turned up, a conspiracy drawn (Agora), a leader offer shown (Leaders)
        return all(ext.undoable(before, after) for ext in enabled(before))

    def outcome(self, state: State) -> Outcome | None:
        out = state["outcome"]
        if out is None:
            return None
        points = out["points"]
        winners = tuple(out["winners"])
        reason_params: dict[str, Any] = {"seat": seat_msg(winners[0])} if len(winners) == 1 else {}
        reason = Msg(
            f"duel.outcome.{out['reason']}" + ("_shared" if len(winners) > 1 else ""), reason_params
        )
        # Each player's total and the categories it came from, those that are not zero: the
        # base game's, then the expansions' (the last expansion's first, as they were listed).
        categories = [*scoring.CATEGORIES,
                      *(part for ext in reversed(registered()) for part in ext.parts)]
        details = tuple(
            Msg("duel.outcome.score", {"seat": seat_msg(s), "n": points[s]["total"],
                                       "parts": _parts(points[s], categories)})
            for s in (0, 1)
        )
        return Outcome(winners, (points[0]["total"], points[1]["total"]), reason, details)


def _parts(points: Mapping[str, int], categories: Sequence[str]) -> Msg | str:
    """": blue 13, wonders 12, coins 5": the categories of a total that are not zero, or
    nothing when all are."""
    parts = tuple(Msg(f"duel.outcome.part_{c}", {"n": points[c]})
                  for c in categories if points.get(c))
    return Msg("duel.outcome.parts", {"parts": parts}) if parts else ""


# --- the draft (7wd.md §1.7 Wonder draft) ----------------------------------------------------------


def _do_draft(state: State, seat: int, move: Move) -> list[Event]:
    draft = state["draft"]
    events = _pick_wonder(state, seat, move.target)
    draft["order"].pop(0)
    if len(draft["offer"]) == 1:  # the last wonder of a group goes to the player due to take it
        last, wonder = draft["order"].pop(0), draft["offer"][0]
        events += _pick_wonder(state, last, wonder)
    if draft["offer"]:
        state["active"] = draft["order"][0]
        return events
    if draft["round"] == 1:
        pool = state["wonder_pool"]
        draft.update(round=2, offer=pool[:DRAFT_GROUP], order=list(DRAFT_ORDER[1]))
        state["wonder_pool"] = pool[DRAFT_GROUP:]  # the last 4 go back to the box unseen
        state["active"] = draft["order"][0]
        events.append(
            Event(Msg("duel.log.draft_reveal", {"wonders": tuple(tok(w) for w in draft["offer"])}))
        )
        return events
    state["draft"] = None
    if (took := _before_age(state, 1, 0)) is not None:  # e.g. the leaders' recruitment
        return events + took
    events += start_age(state, 1)
    state.update(phase="play", active=0, turn=0)  # the first player begins Age I
    return events


def _pick_wonder(state: State, seat: int, wonder: str) -> list[Event]:
    state["draft"]["offer"].remove(wonder)
    city.player(state, seat)["wonders"].append({"id": wonder, "card": None})
    events = [Event(Msg("duel.log.draft", {"seat": seat_msg(seat), "wonder": tok(wonder)}))] \
        if logged() else []
    # e.g. Curia Julia and Knossos « au moment où vous choisissez »
    for ext in enabled(state, "on_draft_pick"):
        events += ext.on_draft_pick(state, seat, wonder)
    return events


def _before_age(state: State, age: int, starter: int) -> list[Event] | None:
    for ext in enabled(state, "before_age"):
        if (took := ext.before_age(state, age, starter)) is not None:
            return took
    return None


def start_age(state: State, age: int) -> list[Event]:
    """Lay the structure of `age` (an expansion that took over the start of an age calls it)."""
    state["age"] = age
    st.lay(state, age)
    return [Event(Msg("duel.log.age", {"age": age}))]


# --- a turn (7wd.md §1.7 Turn, Construction, Trading) ------------------------------------------------


def _pay(state: State, seat: int, coins: int, trade: int) -> list[Event]:
    city.player(state, seat)["coins"] -= coins
    other = 1 - seat
    if trade > 0 and city.has_token(state, other, "economy"):  # 7wd.md §1.4 Economy
        city.player(state, other)["coins"] += trade
        return [Event(Msg("duel.log.economy", {"seat": seat_msg(other), "n": trade}))]
    return []


def _do_construct(state: State, seat: int, move: Move) -> list[Event]:
    q = move.quote
    events = _pay(state, seat, q.coins, q.trade)
    for ext in enabled(state, "after_pay"):  # e.g. Hatshepsut (Leaders)
        events += ext.after_pay(state, seat, move.target, q.spare)
    card, revealed = st.take(state, move.slot)
    if logged():
        key = "duel.log.construct" + ("_chain" if move.chain else "" if q.coins else "_free")
        events.append(Event(Msg(key, {"seat": seat_msg(seat), "card": tok(card), "n": q.coins})))
    if move.chain and city.has_token(state, seat, "urbanism"):  # 7wd.md §1.4 Urbanism
        city.player(state, seat)["coins"] += URBANISM_COINS
        events.append(
            Event(Msg("duel.log.urbanism", {"seat": seat_msg(seat), "n": URBANISM_COINS}))
        )
    events += construct(state, seat, card)
    return events + revealed


def _do_discard(state: State, seat: int, move: Move) -> list[Event]:
    card, revealed = st.take(state, move.slot)
    state["discard"].append(card)
    city.player(state, seat)["coins"] += move.gain
    if not logged():
        return revealed
    return [
        Event(Msg("duel.log.discard", {"seat": seat_msg(seat), "card": tok(card), "n": move.gain}))
    ] + revealed


def _do_wonder(state: State, seat: int, move: Move) -> list[Event]:
    q = move.quote
    events = _pay(state, seat, q.coins, q.trade)
    for ext in enabled(state, "after_pay"):
        events += ext.after_pay(state, seat, move.target, q.spare)
    card, revealed = st.take(state, move.slot)
    me = city.player(state, seat)
    next(w for w in me["wonders"] if w["id"] == move.target)["card"] = card
    wonder = get(move.target)
    if logged():
        events.append(Event(Msg("duel.log.wonder", {
            "seat": seat_msg(seat), "wonder": tok(wonder.id), "card": tok(card), "n": q.coins})))
    events += revealed
    events += _wonder_limit(state)
    for ext in enabled(state, "on_wonder"):  # e.g. Agora's decree 14, Curia Julia, Knossos
        events += ext.on_wonder(state, seat, move.target)
    me["coins"] += wonder.effect("coins") or 0
    if lost := wonder.effect("opponent_loses"):
        events += lose_coins(state, 1 - seat, lost)
    if wonder.shields:  # Strategy does not apply to wonders (7wd.md §1.3)
        events += move_pawn(state, seat, wonder.shields)
        if state["outcome"]:
            return events
    if wonder.effect("play_again") or city.has_token(state, seat, "theology"):
        state["play_again"] = True
    colour = wonder.effect("destroy")
    if colour and city.count(state, 1 - seat, colour):
        state["pending"].append({"phase": "destroy", "seat": seat, "colour": colour})
    if wonder.effect("mausoleum") and any(get(c).kind == "card" for c in state["discard"]):
        state["pending"].append({"phase": "mausoleum", "seat": seat})
    if wonder.effect("great_library") and state["box_tokens"]:
        events += _draw_library(state, seat)
    # e.g. Rome, Abu Simbel, Imhotep's 8th wonder (Leaders)
    for ext in enabled(state, "after_wonder"):
        events += ext.after_wonder(state, seat, move.target)
    return events


def _wonder_limit(state: State) -> list[Event]:
    """« Only 7 wonders can be built »: the 8th returns to the box (7wd.md §1.3)."""
    built = sum(len(city.built_wonders(state, s)) for s in (0, 1))
    # e.g. sabotaged (Agora)
    built += sum(ext.wonders_counted(state) for ext in enabled(state, "wonders_counted"))
    if built != WONDER_LIMIT:
        return []
    events = []
    for s in (0, 1):
        for w in city.player(state, s)["wonders"]:
            if w["card"] is None:
                state["boxed_wonder"] = w["id"]
                events.append(Event(Msg("duel.log.boxed", {"wonder": tok(w["id"])})))
    return events


def _draw_library(state: State, seat: int) -> list[Event]:
    left = list(state["box_tokens"])  # they stay in the box until one is chosen
    drawn = [left.pop(rng.randbelow(state, len(left))) for _ in range(min(LIBRARY_DRAW, len(left)))]
    state["library"] = drawn
    state["pending"].append({"phase": "library", "seat": seat})
    return [Event(Msg("duel.log.library", {"tokens": tuple(tok(t) for t in drawn)}), (seat,))]


def construct(state: State, seat: int, card_id: str) -> list[Event]:
    """A card enters the city: its immediate effects (7wd.md §1.2), military and science."""
    card = get(card_id)
    me = state["players"][seat]
    me["cards"].append(card_id)
    effect = card.by_kind.get  # (`card.effect`, without its call: every card built asks four)
    gain = effect("coins") or 0
    if per := effect("coins_per_card"):  # counted with the card itself (README reading)
        gain += per["coins"] * city.count(state, seat, *per["colours"])
    if per_wonder := effect("coins_per_wonder"):
        gain += per_wonder * len(city.built_wonders(state, seat))
    if (guild := effect("guild")) and guild["coins"]:  # Builders, Moneylenders: 0 coins
        gain += guild["coins"] * scoring.guild_count(state, guild["counts"])
    me["coins"] += gain
    events: list[Event] = []
    for ext in enabled(state, "on_construct"):  # e.g. Agora's decrees 1-4
        events += ext.on_construct(state, seat, card_id)
    if gain and logged():
        events.append(Event(Msg("duel.log.coins", {"seat": seat_msg(seat), "n": gain})))
    shields = card.shields
    if shields and card.colour == "red" and city.has_token(state, seat, "strategy"):
        shields += 1  # 7wd.md §1.4 Strategy: red buildings only
    if shields:
        events += move_pawn(state, seat, shields)
    if card.science:
        for ext in enabled(state, "on_science"):  # e.g. Ptolemy, Euclid (Leaders)
            if (ev := ext.on_science(state, seat, card_id)) is not None:
                return events + ev
        events += science(state, seat, card.science)
    return events


def science(state: State, seat: int, symbol: str) -> list[Event]:
    """A pair of identical symbols earns a progress token; 6 different win (7wd.md §1.4)."""
    if city.science_kinds(state, seat) >= SCIENCE_SUPREMACY:
        return win(state, seat, "science")
    if city.science_counts(state, seat)[symbol] == 2 and any(state["board_tokens"]):
        state["pending"].insert(0, {"phase": "progress", "seat": seat})
    return []


def lose_coins(state: State, seat: int, n: int) -> list[Event]:
    p = city.player(state, seat)
    lost = min(n, p["coins"])
    p["coins"] -= lost
    return [Event(Msg("duel.log.lose", {"seat": seat_msg(seat), "n": lost}))]


def move_pawn(state: State, seat: int, shields: int) -> list[Event]:
    """Each shield moves the pawn one space towards the opponent's capital; entering a zone
    applies its looting token; reaching the capital wins (7wd.md §1.5)."""
    for ext in enabled(state, "cancel_pawn"):  # e.g. Aspasia (Leaders)
        if (cancelled := ext.cancel_pawn(state)) is not None:
            return cancelled
    comps = load()
    step = 1 if seat == 0 else -1
    capital = comps.military["capital"]
    city.player(state, seat)["shields"] += shields
    events = [Event(Msg("duel.log.shields", {"seat": seat_msg(seat), "n": shields}))] \
        if logged() else []
    for _ in range(shields):
        state["pawn"] += step
        pawn = state["pawn"]
        for i, token in enumerate(comps.military["tokens"]):
            if (
                not state["loot"][i]
                and token["against"] != seat
                and token["first"] <= pawn <= token["last"]
            ):
                state["loot"][i] = True
                events += _military_token(state, seat, i, token)
        if abs(pawn) >= capital:
            return events + win(state, seat, "military")
    for ext in enabled(state, "after_pawn"):  # e.g. Semiramis (Leaders)
        events += ext.after_pawn(state)
    return events


def _military_token(state: State, seat: int, i: int, token: dict[str, Any]) -> list[Event]:
    """The pawn entered token i's zone: its looting, unless an expansion replaces the token
    (Agora's, 7wd.md §2.7) or the looting (Caligula, Nero, Tomyris, Semiramis: Leaders)."""
    hooks = enabled(state).hooks  # (an Enabled: each hook's expansions)
    for ext in hooks["military_token"]:
        if (replaced := ext.military_token(state, seat, i)) is not None:
            return replaced
    for ext in hooks["loot"]:
        if (looted := ext.loot(state, seat, token["against"], token["loot"])) is not None:
            return looted
    return lose_coins(state, token["against"], token["loot"])


def win(state: State, seat: int, reason: str) -> list[Event]:
    state["outcome"] = {"winners": [seat], "reason": reason, "points": scoring.breakdown(state)}
    return [Event(Msg(f"duel.log.win_{reason}", {"seat": seat_msg(seat)}))]


def _gain_token(state: State, seat: int, token_id: str) -> list[Event]:
    token = get(token_id)
    me = city.player(state, seat)
    me["tokens"].append(token_id)
    me["coins"] += token.effect("coins") or 0
    events = [Event(Msg("duel.log.progress", {"seat": seat_msg(seat), "token": tok(token_id)}))]
    if token.science and city.science_kinds(state, seat) >= SCIENCE_SUPREMACY:
        events += win(state, seat, "science")
    return events


# --- the sub-prompts ------------------------------------------------------------------------------


def _do_progress(state: State, seat: int, move: Move) -> list[Event]:
    entry = state["pending"].pop(0)
    if entry["phase"] == "library":
        state["box_tokens"].remove(move.target)  # the other two stay in the box (§1.3)
        state["library"] = []
    else:
        board = state["board_tokens"]
        board[board.index(move.target)] = None
    return _gain_token(state, seat, move.target)


def _do_mausoleum(state: State, seat: int, move: Move) -> list[Event]:
    state["pending"].pop(0)
    state["discard"].remove(move.target)
    events = [Event(Msg("duel.log.mausoleum", {"seat": seat_msg(seat), "card": tok(move.target)}))]
    return events + construct(state, seat, move.target)


def _do_destroy(state: State, seat: int, move: Move) -> list[Event]:
    state["pending"].pop(0)
    city.player(state, 1 - seat)["cards"].remove(move.target)
    state["discard"].append(move.target)
    return [Event(Msg("duel.log.destroy", {"seat": seat_msg(seat), "card": tok(move.target)}))]


def _do_start(state: State, seat: int, move: Move) -> list[Event]:
    chosen = move.seat
    state.update(phase="play", active=chosen, turn=chosen)
    if chosen == seat:  # "bob lets bob begin" reads oddly: the chooser begins
        return [Event(Msg("duel.log.start_self", {"seat": seat_msg(seat)}))]
    return [Event(Msg("duel.log.start", {"seat": seat_msg(seat), "first": seat_msg(chosen)}))]


_DO = {
    "draft": _do_draft,
    "construct": _do_construct,
    "discard": _do_discard,
    "wonder": _do_wonder,
    "progress": _do_progress,
    "mausoleum": _do_mausoleum,
    "destroy": _do_destroy,
    "start": _do_start,
}


# --- after every action ---------------------------------------------------------------------------


def advance(state: State) -> list[Event]:
    """Ask the next pending decision, or end the turn: play again, end of age, end of game."""
    if state["outcome"] is not None:
        state.update(phase="over", active=None, pending=[], play_again=False)
        return []
    # (the same for the whole game: asked once here, at every action; an Enabled)
    hooks = enabled(state).hooks
    for ext in hooks["advance"]:  # e.g. the leaders' recruitment phase and what follows it
        if (went := ext.advance(state)) is not None:
            return went
    for ext in hooks["prune"]:
        ext.prune(state)
    if state["pending"]:
        entry = state["pending"][0]
        state["phase"], state["active"] = entry["phase"], entry["seat"]
        return []
    for ext in hooks["resume"]:
        if ext.resume(state):  # e.g. back to the draft (Agora)
            return []
    turn = state["turn"]
    if not st.empty(state):
        again = state["play_again"]
        nxt = turn if again else 1 - turn
        # (four keys set in place, no keyword dict to build: the end of nearly every action)
        state["phase"], state["active"], state["turn"] = "play", nxt, nxt
        state["play_again"] = False
        return [Event(Msg("duel.log.play_again", {"seat": seat_msg(turn)}))] \
            if again and logged() else []
    # End of an age (7wd.md §1.7): a pending "play again" is lost.
    state["play_again"] = False
    if state["age"] == AGES[-1]:
        return _civilian_end(state)
    pawn = state["pawn"]
    # The weaker military chooses; with the pawn centred, the last active player (README).
    chooser = 1 if pawn > 0 else 0 if pawn < 0 else turn
    if (took := _before_age(state, state["age"] + 1, chooser)) is not None:
        return took  # e.g. the leaders' recruitment phase comes before the structure
    events = start_age(state, state["age"] + 1)
    state.update(phase="start", active=chooser, turn=chooser)
    return events


def _civilian_end(state: State) -> list[Event]:
    """Civilian victory: most points; tie -> most blue-card points; still tied -> shared."""
    points = scoring.breakdown(state)
    key = [(p["total"], p["blue"]) for p in points]
    best = max(key)
    winners = [s for s in (0, 1) if key[s] == best]
    state["outcome"] = {"winners": winners, "reason": "civilian", "points": points}
    state.update(phase="over", active=None)
    # Who has which total: "End of Age III: Aurelia 35, Brutus 33." (duel.log.end, the same
    # totals without the names, is what games stored before said.)
    return [Event(Msg("duel.log.age_end", {"scores": tuple(
        Msg("duel.log.age_score", {"seat": seat_msg(s), "n": points[s]["total"]})
        for s in (0, 1))}))]


def prune(state: State) -> None:
    """Drop the expansions' queued decisions left with nothing to choose."""
    for ext in enabled(state, "prune"):
        ext.prune(state)


def forget_resume(state: State, phases: tuple[str, ...]) -> None:
    """An expansion's own sequence (its `phases`) goes on by itself: no expansion that
    interrupted it resumes into it."""
    for ext in enabled(state, "forget_resume"):
        ext.forget_resume(state, phases)


def only_picked(before: dict[str, Any] | None, after: dict[str, Any] | None) -> bool:
    """Between two moments of a draft, the offer only lost what was picked (nothing shown)."""
    was = list((before or {}).get("offer") or [])
    now = list((after or {}).get("offer") or [])
    return now == was or set(now) < set(was)


def _perform(state: State, seat: int, text: str, move: Move) -> list[Event]:
    """Do a legal move of the base game's phases (or an expansion's verb in them)."""
    state["last"] = {"seat": seat, "action": text}  # a handler may say less (hidden choices)
    verb = move.verb
    events = (_DO.get(verb) or _handler(state, verb))(state, seat, move)
    hooks = enabled(state).hooks  # (an Enabled: each hook's expansions)
    for ext in hooks["after_action"]:
        ext.after_action(state, verb)
    if verb not in ("draft", "start"):  # those two set the next prompt themselves
        events += advance(state)
    else:
        for ext in hooks["interject"]:  # e.g. Curia Julia / Knossos chosen in the draft
            events += ext.interject(state)
    return events


def _driver(state: State, text: str, drivers: Sequence[Any] | None = None) -> Any:
    """The expansion driving this moment with its own phases, if any (`drivers`: the game's
    expansions that can, for a caller that asked once)."""
    for ext in enabled(state, "handles") if drivers is None else drivers:
        if ext.handles(state, text):
            return ext
    return None


def _recorded(state: State, seat: int, text: str) -> Move | None:
    for ext in enabled(state, "recorded"):
        if (move := ext.recorded(state, seat, text)) is not None:
            return move
    return None


def _handler(state: State, verb: str) -> Do:
    if verb in _DO:
        return _DO[verb]
    for ext in enabled(state):
        if verb in ext.verbs:
            return ext.verbs[verb]
    raise AssertionError(verb)
