"""7 Wonders Duel: Leaders (fan expansion), option `leaders` (`all`, or a panel: `points`,
`abilities`). Rules: the French rules of 7 Wonders Duel: Leaders (fan expansion, v1.1.1, blazcowicz),
cited as `004 <section>`; readings and reconstructed values: data/duel/README.md ## Leaders.

engine/duel/leaders/__init__.py plugs the functions below into the base game's extension points
(engine/duel/expansion.py), which call them only in a game set up with Leaders; all the
expansion's state is under `state["leaders"]`:

    panel      the option value
    draft      the leader draft {"round", "offer", "order"} while it runs (004 Phase Leaders)
    pool       the leaders not drafted yet / out of the game, shuffled (hidden)
    hands, recruited, buried, dismissed    per seat, leader ids (all public: 004 « face visible »)
    used       per seat: once-per-game powers spent (euclid, ptolemy, pythagoras) and aspasia
    tucked     per seat: {leader: card} cards placed under Euclid, Ptolemy, Pythagoras
    science    per seat: {card: symbol} symbols changed by Euclid (law) or Ptolemy (a copy)
    picks, calls   the hidden choices of the recruitment phase (never in another seat's view)
    revealed   the two leaders turned over, while recruit/discard is announced
    between    the sequence before an age: recruitment, effects, the structure, Croesus, Ramses
    draw       per seat: leaders (Maecenas) or cards (Croesus, Ramses) shown to that seat only
    semiramis  shields owed to Semiramis's owner after the current move of the pawn

Phases added (who is asked what):

    leaders    the leader draft: `draft <leader>`
    recruit    both at once, hidden: `choose <leader>`
    announce   both at once, hidden: `recruit <leader> pay <n>` | `recruit <leader> free` |
               `discard <leader> gain 2`
    maecenas   `recruit <leader>` | `pass`         rome       `recruit <leader>` | `pass`
    solomon    `construct <card>` | `pass`         croesus    `construct <card>`
    ramses     `construct <card>` | `pass`         bury       `bury <leader>` (Abu Simbel)
    euclid     `euclid <card>` | `pass`            ptolemy    `copy <symbol>` | `pass`
    play       adds `pythagoras <card>`
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine import rng
from engine.core import Event, IllegalAction, Msg, OptionSpec, State
from engine.duel import city, game, moves
from engine.duel import structure as st
from engine.duel.cards import RESOURCES, SCIENCE, get, load
from engine.duel.log import logged

from .data import panel

OPTION = OptionSpec(
    "leaders", Msg("duel.option.leaders"), values=("all", "points", "abilities"), bare="all"
)
START_COINS = 10  # 004 Modifications de la préparation: « 3 pièces supplémentaires ... 10 »
DRAFT_GROUP = 4
DRAFT_ORDER = ([1, 0, 0, 1], [0, 1, 1, 0])  # 004 Phase Leaders: the 2nd player picks first
DISMISS_COINS = 2  # 004: « gagne 2 pièces (ce montant n'est pas augmenté ...) »
NEW_WONDERS = ("rome", "abu-simbel")
ROME_DRAW = 2
PTOLEMY_AGES = (2, 3)  # 004 Ptolémée: « durant l'Âge II ou III »
BILKIS_PRICE = 2
ONCE = ("euclid", "ptolemy", "pythagoras")
HIDDEN = ("recruit", "announce")
PHASES = (
    "leaders", "recruit", "announce", "maecenas", "rome", "solomon", "croesus", "ramses", "bury",
    "euclid", "ptolemy",
)
IN_PHASES = frozenset(PHASES)  # (membership asked at every step: a set, not the tuple's scan)


def tok(cid: str) -> Msg:
    return Msg(f"duel.tok.{cid}")


def on(state: State) -> bool:
    return "leaders" in state


def _L(state: State) -> dict[str, Any]:
    return state["leaders"]


# --- setup (004 Règles) ---------------------------------------------------------------------------


def setup(state: State, value: Any) -> None:
    name = "all" if value is True or value in (None, "") else str(value)
    if name not in OPTION.values:
        raise IllegalAction("error.bad_option_value", option="leaders", value=name,
                            values=", ".join(OPTION.values))
    for p in state["players"]:
        p["coins"] = START_COINS
    pool = panel(name)
    rng.shuffle(state, pool)
    # 004 Modifications de la sélection des Merveilles: Rome and Abu Simbel join the wonders.
    draft = state["draft"]
    wonders = list(draft["offer"]) + list(state["wonder_pool"]) + list(NEW_WONDERS)
    rng.shuffle(state, wonders)
    draft["offer"] = wonders[:DRAFT_GROUP]
    state["wonder_pool"] = wonders[DRAFT_GROUP:]
    state["leaders"] = {
        "panel": name,
        "draft": {"round": 1, "offer": pool[:DRAFT_GROUP], "order": list(DRAFT_ORDER[0])},
        "pool": pool[DRAFT_GROUP:],
        "hands": [[], []],
        "recruited": [[], []],
        "buried": [[], []],
        "dismissed": [[], []],
        "used": [[], []],
        "tucked": [{}, {}],
        "science": [{}, {}],
        "picks": [None, None],
        "calls": [None, None],
        "revealed": None,
        "between": None,
        "semiramis": [0, 0],
    }
    state.update(phase="leaders", active=DRAFT_ORDER[0][0])


# --- what is active ---------------------------------------------------------------------------------


def active(state: State, seat: int) -> list[str]:
    """The seat's recruited leaders whose abilities work (buried ones have none: Abu Simbel)."""
    return list(_L(state)["recruited"][seat]) if on(state) else []


def has(state: State, seat: int, effect: str) -> Any:
    """The value of that effect among the seat's active leaders (the first recruited's), or
    None."""
    if "leaders" not in state:  # `on`, written out: asked for every price and effect
        return None
    return _powers(tuple(state["leaders"]["recruited"][seat])).get(effect)


@lru_cache(maxsize=4096)  # a function of the leaders alone: prices and effects ask it each step
def _powers(leaders: tuple[str, ...]) -> dict[str, Any]:
    """Each effect's value among these leaders, the first one's that has it (shared: read it)."""
    out: dict[str, Any] = {}
    for lid in leaders:
        for kind, value in get(lid).by_kind.items():
            if value is not None:
                out.setdefault(kind, value)
    return out


# --- hooks called by the base game --------------------------------------------------------------


def chains(state: State, seat: int) -> frozenset[str]:
    """Chain symbols granted by Archimedes, Hammurabi, Leonidas, Xenophon, Da Vinci (004)
    (shared: read them; every market asks them)."""
    return _chains(tuple(state["leaders"]["recruited"][seat])) if "leaders" in state \
        else frozenset()


@lru_cache(maxsize=4096)  # a function of the leaders alone: every market asks it
def _chains(leaders: tuple[str, ...]) -> frozenset[str]:
    return frozenset(s for lid in leaders for s in get(lid).effect("chains") or ())


def discard_bonus(state: State, seat: int) -> int:
    """004 Bérénice: counts as a yellow card when discarding for coins."""
    return _discard_bonus(tuple(state["leaders"]["recruited"][seat])) if "leaders" in state \
        else 0


@lru_cache(maxsize=4096)  # a function of the leaders alone: every discard asks it
def _discard_bonus(leaders: tuple[str, ...]) -> int:
    return sum(get(lid).effect("discard_bonus") or 0 for lid in leaders)


def can_pass_limit(state: State, seat: int) -> bool:
    """004 Imhotep: build your 4th wonder even when 7 are built."""
    return has(state, seat, "imhotep") is not None


def science_symbols(state: State, seat: int) -> dict[str, str]:
    return state["leaders"]["science"][seat] if "leaders" in state else {}


def _plan(state: State, seat: int, need: dict[str, int], producers: list[tuple[str, ...]],
          unit: dict[str, int]) -> tuple[int, int]:
    """The cheapest purchase (coins, units bought from the bank at the rising price), with
    Bilkis's one unit of anything for 2 coins when the buyer has her (004 Bilkis)."""
    fixed = city.fixed_prices(state, seat)

    def best(i: int) -> tuple[int, int]:
        if i == len(producers):
            coins = sum(n * unit[r] for r, n in need.items() if n > 0)
            units = sum(n for r, n in need.items() if n > 0 and r not in fixed)
            return coins, units
        found = best(i + 1)
        for r in producers[i]:
            if need.get(r, 0) > 0:
                need[r] -= 1
                found = min(found, best(i + 1))
                need[r] += 1
        return found

    plain = best(0)
    if has(state, seat, "bilkis") is None:
        return plain
    options = [plain]
    for r in RESOURCES:
        if need.get(r, 0) > 0:
            need[r] -= 1
            coins, units = best(0)
            need[r] += 1
            options.append((coins + BILKIS_PRICE, units + 1))
    return min(options)


def trade(state: State, seat: int, need: dict[str, int], producers: list[tuple[str, ...]],
          unit: dict[str, int]) -> int | None:
    """Bilkis's price, or None (the base's cheapest purchase: without her, the coins of the
    cheapest plan are the base's, as a tuple's minimum starts with its first part's)."""
    if has(state, seat, "bilkis") is None:
        return None
    return _plan(state, seat, dict(need), producers, unit)[0]


def after_pay(state: State, seat: int, comp_id: str, spare: tuple[str, ...] | None) -> list[Event]:
    """004 Hatchepsout: 1 coin per unit the opponent buys from the bank (not at a fixed price)."""
    owner = 1 - seat
    per = has(state, owner, "hatshepsut")
    if per is None:
        return []
    cost = dict(get(comp_id).resource_cost)
    for r in spare or ():
        if r in cost:  # (Agora's decrees may spare the coin cost instead)
            cost[r] -= 1
    made = city.production(state, seat)
    need = {r: max(0, cost.get(r, 0) - made[r]) for r in RESOURCES}
    units = _plan(state, seat, need, city.choices(state, seat), city.trade_prices(state, seat))[1]
    if not units:
        return []
    city.player(state, owner)["coins"] += per * units
    return [Event(Msg("duel.log.hatshepsut", {"seat": Msg.seat(owner), "n": per * units}))]


def cancel_move(state: State) -> list[Event] | None:
    """004 Aspasie: the next move of the pawn, either way, is cancelled (once, not refusable)."""
    for s in (0, 1):
        if has(state, s, "cancel_move") and "aspasia" not in _L(state)["used"][s]:
            _L(state)["used"][s].append("aspasia")
            return [Event(Msg("duel.log.aspasia", {"seat": Msg.seat(s)}))]
    return None


def loot(state: State, mover: int, victim: int, amount: int) -> list[Event]:
    """A looting token (004 Caligula, Néron, Tomyris, Sémiramis)."""
    if has(state, mover, "loot_double"):
        amount *= 2
    events = game.lose_coins(state, victim, amount)
    lost = events[0].msg.params["n"]
    if has(state, mover, "loot_to_me") and lost:
        city.player(state, mover)["coins"] += lost
        events.append(Event(Msg("duel.log.nero", {"seat": Msg.seat(mover), "n": lost})))
    if has(state, victim, "loot_mirror") and lost:
        events.append(Event(Msg("duel.log.tomyris", {"seat": Msg.seat(victim)})))
        events += game.lose_coins(state, mover, lost)
    if has(state, victim, "loot_shield"):
        _L(state)["semiramis"][victim] += 1
    return events


def after_move(state: State) -> list[Event]:
    """004 Sémiramis: her shields come after the looting move (they cannot stop a supremacy)."""
    events: list[Event] = []
    owed = _L(state)["semiramis"]
    for s in (0, 1):
        n, owed[s] = owed[s], 0
        if n and state["outcome"] is None:
            events.append(Event(Msg("duel.log.semiramis", {"seat": Msg.seat(s)})))
            events += game.move_pawn(state, s, n)
    return events


def intercept_science(state: State, seat: int, card_id: str) -> list[Event] | None:
    """Ptolemy (a green card of Age II-III may copy another's symbol) and Euclid (a pair may
    become Law) are asked before the base rule; None: the base rule applies as usual."""
    card = get(card_id)
    symbol = card.science
    if city.science_kinds(state, seat) >= game.SCIENCE_SUPREMACY:
        return None  # the victory comes first
    if _ptolemy_symbols(state, seat, card_id):
        state["pending"].insert(0, {"phase": "ptolemy", "seat": seat, "card": card_id})
        return []
    return _euclid_or_base(state, seat, card_id, symbol)


def _ptolemy_symbols(state: State, seat: int, card_id: str) -> list[str]:
    if (
        has(state, seat, "ptolemy") is None
        or "ptolemy" in _L(state)["used"][seat]
        or state["age"] not in PTOLEMY_AGES
    ):
        return []
    mine = _effective(state, seat)
    own = mine.get(card_id)
    return sorted(
        {s for cid, s in mine.items() if cid != card_id and s != own},
        key=SCIENCE.index,
    )


def _effective(state: State, seat: int) -> dict[str, str]:
    over = science_symbols(state, seat)
    return {
        cid: over.get(cid, get(cid).science)
        for cid in city.cards(state, seat)
        if get(cid).science
    }


def _euclid_or_base(state: State, seat: int, card_id: str, symbol: str) -> list[Event]:
    if (
        city.science_counts(state, seat)[symbol] == 2
        and has(state, seat, "euclid") is not None
        and "euclid" not in _L(state)["used"][seat]
    ):
        state["pending"].insert(0, {"phase": "euclid", "seat": seat, "card": card_id})
        return []
    return game.science(state, seat, symbol)


def play_options(state: State, seat: int, cards: Mapping[str, int] | None = None,
                 ) -> dict[str, moves.Move]:
    """004 Pythagore: once, place the card taken under him instead of using it; play again.
    `cards`: the accessible cards (id -> slot) when the caller has them."""
    if has(state, seat, "pythagoras") is None or "pythagoras" in _L(state)["used"][seat]:
        return {}
    if cards is None:
        cards = st.accessible_cards(state)
    return {f"pythagoras {cid}": moves.Move("pythagoras", cid, slot) for cid, slot in cards.items()}


def on_wonder(state: State, seat: int, wonder: str) -> list[Event]:
    """After a wonder is built: Rome, Abu Simbel, and Imhotep's 8th wonder (004)."""
    if state["boxed_wonder"] == wonder:  # Imhotep built the wonder kept face down
        state["boxed_wonder"] = None
    comp = get(wonder)
    events: list[Event] = []
    if (n := comp.effect("rome")) and state["outcome"] is None:
        drawn = _draw_leaders(state, n)
        _L(state)["hands"][seat] += drawn
        events.append(Event(Msg("duel.log.rome", {"seat": Msg.seat(seat),
                                                  "leaders": tuple(tok(x) for x in drawn)})))
        if _L(state)["hands"][seat]:
            state["pending"].append({"phase": "rome", "seat": seat})
    if comp.effect("bury") and active(state, seat) and state["outcome"] is None:
        state["pending"].append({"phase": "bury", "seat": seat})
    return events


def _draw_leaders(state: State, n: int) -> list[str]:
    pool = _L(state)["pool"]
    return [pool.pop(rng.randbelow(state, len(pool))) for _ in range(min(n, len(pool)))]


def points(state: State, seat: int) -> int:
    """End-game points of the seat's leaders (004 Description des Leaders) and buried ones
    (Abu Simbel: twice their cost)."""
    total = 2 * sum(get(lid).coin_cost for lid in _L(state)["buried"][seat])
    other = 1 - seat
    for lid in active(state, seat):
        comp = get(lid)
        total += comp.points
        for e in comp.effects:
            kind, value = next(iter(e.items()))
            if kind == "points_per_card":
                total += value["points"] * city.count(state, seat, *value["colours"])
            elif kind == "points_per_wonder":
                total += value * len(city.built_wonders(state, seat))
            elif kind == "points_per_token":
                total += value * len(city.player(state, seat)["tokens"])
            elif kind == "points_per_set":
                total += value["points"] * min(city.count(state, seat, c) for c in value["colours"])
            elif kind == "points_per_coins":
                total += city.player(state, seat)["coins"] // value
            elif kind == "points_loot":
                tokens = load().military["tokens"]
                taken = [t["loot"] for i, t in enumerate(tokens)
                         if state["loot"][i] and t["against"] == other]
                total += max(taken, default=0)
            elif kind == "points_chain_pairs":
                total += value * chain_pairs(state, seat)
    return total


def chain_pairs(state: State, seat: int) -> int:
    """004 Vitruve: pairs of cards of the city sharing a chain symbol (a giver and a card it
    frees), the chain leaders counting as givers."""
    givers: Counter[str] = Counter()
    takers: Counter[str] = Counter()
    for cid in city.cards(state, seat):
        comp = get(cid)
        if comp.chain_gives:
            givers[comp.chain_gives] += 1
        if comp.chain_from:
            takers[comp.chain_from] += 1
    for lid in active(state, seat):
        for s in get(lid).effect("chains") or ():
            givers[s] += 1
    return sum(n * takers[s] for s, n in givers.items())


# --- the sequence before an age (004 Modifications du déroulement d'un Âge) -------------------------


def begin(state: State, age: int, starter: int) -> list[Event]:
    """Before the structure of `age` is laid: the recruitment phase. `starter` begins the age
    (Age I) or chooses who does: their leader's effect applies first (004 Note)."""
    state.update(age=age, structure=[], active=None, play_again=False)
    _L(state)["between"] = {"age": age, "starter": starter, "stage": "recruit", "queue": [],
                            "croesus": [], "laid": False}
    return [Event(Msg("duel.log.recruitment", {"age": age}))] + _open_recruit(state)


def between(state: State) -> bool:
    return on(state) and _L(state)["between"] is not None


def go_on(state: State) -> list[Event] | None:
    """The sequence before an age goes on if one is under way (Expansion.advance: asked after
    every action, so `between` is written out)."""
    return advance(state) if "leaders" in state and state["leaders"]["between"] is not None \
        else None


def _open_recruit(state: State) -> list[Event]:
    lead = _L(state)
    lead["picks"] = [None, None]
    lead["calls"] = [None, None]
    if not any(lead["hands"]):
        lead["between"]["stage"] = "effects"
        return advance(state)
    state.update(phase="recruit", active=None)
    return []


def advance(state: State) -> list[Event]:
    """Go on with the sequence before an age until someone must decide."""
    events: list[Event] = []
    b = _L(state)["between"]
    while True:
        if state["outcome"] is not None:
            _L(state)["between"] = None
            state.update(phase="over", active=None, pending=[], play_again=False)
            return events
        game.prune(state)  # e.g. Agora decisions left with nothing to choose
        if state["pending"]:
            entry = state["pending"][0]
            state.update(phase=entry["phase"], active=entry["seat"])
            return events
        if b["stage"] == "recruit":  # back to the hidden choices (e.g. after an Agora decision)
            game.forget_resume(state, PHASES)  # it is this sequence that goes on
            lead = _L(state)
            done = all(p is not None or not h for p, h in zip(lead["picks"], lead["hands"], strict=True))
            state.update(phase="announce" if done else "recruit", active=None)
            return events
        if b["queue"]:
            item = b["queue"].pop(0)
            events += recruit_effects(state, item["seat"], item["leader"])
            continue
        if not b["laid"]:
            b["laid"] = True
            events += game.start_age(state, b["age"])
            for seat in b["croesus"]:
                events += _croesus(state, seat)
            if b["age"] == 3:  # 004 Ramsès: after the structure of Age III is laid
                for seat in (0, 1):
                    if (n := has(state, seat, "ramses")) is not None:
                        events += _ramses(state, seat, n)
            continue
        _L(state)["between"] = None
        if b["age"] == 1:
            state.update(phase="play", active=b["starter"], turn=b["starter"])
        else:
            state.update(phase="start", active=b["starter"], turn=b["starter"])
        return events


def recruit_effects(state: State, seat: int, lid: str) -> list[Event]:
    """A leader is recruited: into play, and its immediate effect (004, each leader)."""
    lead = _L(state)
    if lid in lead["hands"][seat]:
        lead["hands"][seat].remove(lid)
    lead["recruited"][seat].append(lid)
    comp = get(lid)
    events: list[Event] = []
    if comp.shields:  # César, Hannibal: after both leaders are paid
        events += game.move_pawn(state, seat, comp.shields)
    if n := comp.effect("opponent_loses"):  # Darius, Dioclétien
        events += game.lose_coins(state, 1 - seat, n)
    if comp.effect("solomon") and buildable_discards(state):
        state["pending"].append({"phase": "solomon", "seat": seat})
    if (n := comp.effect("maecenas")) and lead["pool"]:
        drawn = _draw_leaders(state, n)
        state["pending"].append({"phase": "maecenas", "seat": seat, "draw": drawn})
        events.append(Event(Msg("duel.log.maecenas", {"seat": Msg.seat(seat)})))
        events.append(Event(Msg("duel.log.drawn", {"things": tuple(tok(x) for x in drawn)}),
                            (seat,)))
    if comp.effect("croesus"):
        b = lead["between"]
        if b is not None and not b["laid"]:
            b["croesus"].append(seat)  # « Après avoir construit sa structure »
        else:
            events += _croesus(state, seat)
    return events


def buildable_discards(state: State) -> list[str]:
    """What Salomon may build: « choisir une carte de la défausse et la construire gratuitement »
    (004 Salomon). With Agora, discarded senators are not offered: they are recruited, never
    constructed (RB-A A), as the Mausoleum reads it (data/duel/README.md, Leaders reading 20)."""
    return [c for c in dict.fromkeys(state["discard"]) if get(c).kind == "card"]


def _croesus(state: State, seat: int) -> list[Event]:
    removed = state["removed"].get(str(state["age"]), [])
    if not removed or state["outcome"] is not None:
        return []
    state["pending"].append({"phase": "croesus", "seat": seat, "draw": list(removed)})
    return [Event(Msg("duel.log.drawn", {"things": tuple(tok(c) for c in removed)}), (seat,))]


def _ramses(state: State, seat: int, n: int) -> list[Event]:
    guilds = list(state["removed"]["guilds"])
    drawn = [guilds.pop(rng.randbelow(state, len(guilds))) for _ in range(min(n, len(guilds)))]
    if not drawn:
        return []
    state["pending"].append({"phase": "ramses", "seat": seat, "draw": drawn})
    return [
        Event(Msg("duel.log.ramses", {"seat": Msg.seat(seat)})),
        Event(Msg("duel.log.drawn", {"things": tuple(tok(c) for c in drawn)}), (seat,)),
    ]


# --- who is asked, what they may do ----------------------------------------------------------------


def handles(state: State, text: str) -> bool:
    return "leaders" in state and (  # `on`, written out: asked at every step
        state["phase"] in IN_PHASES or (state["phase"] == "play" and text.startswith("pythagoras "))
    )


def ask(state: State) -> dict[int, Msg]:
    phase = state["phase"]
    lead = state["leaders"]
    if phase == "recruit":
        return {s: Msg("duel.ask.recruit", {"age": state["age"]}) for s in _asked(state)}
    if phase == "announce":
        return {s: Msg("duel.ask.announce", {"leader": tok(lead["picks"][s])})
                for s in _asked(state)}
    return {state["active"]: Msg(f"duel.ask.{phase}")}


def _asked(state: State) -> list[int]:
    """The seats `ask` asks, without its questions (`options` checks each action's seat)."""
    phase, lead = state["phase"], state["leaders"]
    if phase == "recruit":
        return [s for s in (0, 1) if lead["hands"][s] and lead["picks"][s] is None]
    if phase == "announce":
        return [s for s in (0, 1) if lead["picks"][s] is not None and lead["calls"][s] is None]
    return [state["active"]]


def options(state: State, seat: int) -> dict[str, tuple[str, ...]]:
    """The legal texts of `seat` in a Leaders phase -> (verb, argument...)."""
    if state["outcome"] is not None or seat not in _asked(state):
        return {}
    lead = state["leaders"]
    phase = state["phase"]
    out: dict[str, tuple[str, ...]] = {}
    if phase == "leaders":
        out = {f"draft {x}": ("draft", x) for x in lead["draft"]["offer"]}
    elif phase == "recruit":
        out = {f"choose {x}": ("choose", x) for x in lead["hands"][seat]}
    elif phase == "announce":
        x = lead["picks"][seat]
        cost = get(x).coin_cost
        if cost <= city.player(state, seat)["coins"]:
            out[f"recruit {x} " + (f"pay {cost}" if cost else "free")] = ("recruit", x)
        out[f"discard {x} gain {DISMISS_COINS}"] = ("dismiss", x)
    elif phase in ("maecenas", "rome"):
        pool = state["pending"][0]["draw"] if phase == "maecenas" else lead["hands"][seat]
        out = {f"recruit {x}": ("free", x) for x in pool}
        out["pass"] = ("pass",)
    elif phase in ("solomon", "croesus", "ramses"):
        pool = buildable_discards(state) if phase == "solomon" else state["pending"][0]["draw"]
        out = {f"construct {c}": ("build", c) for c in dict.fromkeys(pool)}
        if phase != "croesus":  # Croesus: « Choisissez-en une et construisez-la »
            out["pass"] = ("pass",)
    elif phase == "bury":
        out = {f"bury {x}": ("bury", x) for x in lead["recruited"][seat]}
    elif phase == "euclid":
        card = state["pending"][0]["card"]
        out = {f"euclid {card}": ("euclid", card), "pass": ("pass",)}
    elif phase == "ptolemy":
        card = state["pending"][0]["card"]
        out = {f"copy {s}": ("copy", s) for s in _ptolemy_symbols(state, seat, card)}
        out["pass"] = ("pass",)
    return out


def legal(state: State, seat: int) -> list[str]:
    return list(options(state, seat))


# --- applying an action -----------------------------------------------------------------------------


def apply(state: State, seat: int, text: str) -> list[Event]:
    """`text` is canonical, from a seat asked while the game runs (engine.core.play)."""
    if state["phase"] == "play":  # pythagoras <card>
        move = play_options(state, seat).get(text)
        if move is None:
            raise IllegalAction("duel.error.unknown", action=text)
        events = _pythagoras(state, seat, move)
        state["last"] = {"seat": seat, "action": text}
        return events + game.advance(state)
    choice = options(state, seat).get(text)
    if choice is None:
        # What the phase expects, as a phrase in the reader's words (data/duel/i18n/expected)
        expected = Msg(f"duel.expect.{state['phase']}")
        raise IllegalAction("duel.error.leaders_choice", action=text, expected=expected)
    phase = state["phase"]
    if phase == "leaders":
        return _do_draft(state, seat, choice[1])
    if phase in HIDDEN:
        state["last"] = None  # a hidden choice is never shown
        return _do_hidden(state, seat, phase, choice)
    state["last"] = {"seat": seat, "action": text}
    entry = state["pending"].pop(0)
    events = _do_sub(state, seat, entry, choice)
    return events + game.advance(state)


def _do_draft(state: State, seat: int, lid: str) -> list[Event]:
    """004 Ajout de la Phase Leaders: 4 revealed, 2nd player 1, 1st 2, 2nd the last; 4 more
    starting with the 1st player."""
    lead = _L(state)
    draft = lead["draft"]
    state["last"] = {"seat": seat, "action": f"draft {lid}"}
    events = _take(state, seat, lid)
    draft["order"].pop(0)
    if len(draft["offer"]) == 1:
        events += _take(state, draft["order"].pop(0), draft["offer"][0])
    if draft["offer"]:
        state["active"] = draft["order"][0]
        return events
    if draft["round"] == 1:
        pool = lead["pool"]
        draft.update(round=2, offer=pool[:DRAFT_GROUP], order=list(DRAFT_ORDER[1]))
        lead["pool"] = pool[DRAFT_GROUP:]  # the rest stay out of the game, unseen
        state["active"] = draft["order"][0]
        events.append(Event(Msg("duel.log.leaders_reveal",
                                {"leaders": tuple(tok(x) for x in draft["offer"])})))
        return events
    lead["draft"] = None
    # The wonder draft, as in the base game (its first player was designated here).
    state.update(phase="draft", active=state["draft"]["order"][0])
    events.append(Event(Msg("duel.log.draft_reveal",
                            {"wonders": tuple(tok(w) for w in state["draft"]["offer"])})))
    return events


def _take(state: State, seat: int, lid: str) -> list[Event]:
    _L(state)["draft"]["offer"].remove(lid)
    _L(state)["hands"][seat].append(lid)
    if not logged():
        return []
    return [Event(Msg("duel.log.leader_draft", {"seat": Msg.seat(seat), "leader": tok(lid)}))]


def _do_hidden(state: State, seat: int, phase: str, choice: tuple[str, ...]) -> list[Event]:
    """004: both choose face down at the same time, then reveal together; both announce
    recruit or discard at the same time. Until both have chosen, only « X has chosen » is public."""
    lead = _L(state)
    me = Msg.seat(seat)
    if phase == "recruit":
        lead["picks"][seat] = choice[1]
        events = [Event(Msg("duel.log.chose", {"seat": me})),
                  Event(Msg("duel.log.chose_private", {"leader": tok(choice[1])}), (seat,))] \
            if logged() else []
        if _asked(state):  # (the seats still to choose, without their questions)
            return events
        lead["revealed"] = list(lead["picks"])
        events += [
            Event(Msg("duel.log.leader_reveal", {"seat": Msg.seat(s), "leader": tok(x)}))
            for s, x in enumerate(lead["picks"]) if x is not None
        ]
        state["phase"] = "announce"
        return events
    lead["calls"][seat] = choice[0]
    events = [Event(Msg("duel.log.announced", {"seat": me})),
              Event(Msg(f"duel.log.announced_{choice[0]}", {"leader": tok(choice[1])}), (seat,))] \
        if logged() else []
    if _asked(state):
        return events
    return events + _resolve(state)


def _resolve(state: State) -> list[Event]:
    """Pay the recruited leaders, then the discards' coins, then the effects, the player who
    begins (or chooses) first (004 Notes)."""
    lead = _L(state)
    b = lead["between"]
    order = (b["starter"], 1 - b["starter"])
    events: list[Event] = []
    for s in order:
        x, call = lead["picks"][s], lead["calls"][s]
        if call == "recruit":
            cost = get(x).coin_cost
            city.player(state, s)["coins"] -= cost
            events.append(Event(Msg("duel.log.recruit",
                                    {"seat": Msg.seat(s), "leader": tok(x), "n": cost})))
    for s in order:
        x, call = lead["picks"][s], lead["calls"][s]
        if call == "dismiss":
            lead["hands"][s].remove(x)
            lead["dismissed"][s].append(x)  # back to the box, face up
            city.player(state, s)["coins"] += DISMISS_COINS
            events.append(Event(Msg("duel.log.dismiss",
                                    {"seat": Msg.seat(s), "leader": tok(x), "n": DISMISS_COINS})))
    b["queue"] = [{"seat": s, "leader": lead["picks"][s]}
                  for s in order if lead["calls"][s] == "recruit"]
    lead.update(picks=[None, None], calls=[None, None], revealed=None)
    state["phase"] = "effects"
    b["stage"] = "effects"
    return events + advance(state)


def _do_sub(
    state: State, seat: int, entry: dict[str, Any], choice: tuple[str, ...]
) -> list[Event]:
    lead = _L(state)
    phase = entry["phase"]
    me = Msg.seat(seat)
    verb = choice[0]
    if verb == "pass":
        if phase == "maecenas":  # « Les leaders qui n'ont pas été choisis restent écartés »
            lead["pool"] += entry["draw"]
        if phase in ("euclid", "ptolemy"):  # the card keeps its symbol: the usual rule
            symbol = science_symbols(state, seat).get(entry["card"], get(entry["card"]).science)
            after = (game.science(state, seat, symbol) if phase == "euclid"
                     else _euclid_or_base(state, seat, entry["card"], symbol))
            return [Event(Msg("duel.log.pass", {"seat": me, "leader": Msg(f"duel.power.{phase}")}))] + after
        return [Event(Msg("duel.log.pass", {"seat": me, "leader": Msg(f"duel.power.{phase}")}))]
    if phase in ("maecenas", "rome"):
        lid = choice[1]
        if phase == "maecenas":
            lead["pool"] += [x for x in entry["draw"] if x != lid]  # stays out of the game
        events = [Event(Msg("duel.log.recruit_free", {"seat": me, "leader": tok(lid)}))]
        return events + recruit_effects(state, seat, lid)
    if phase in ("solomon", "croesus", "ramses"):
        card = choice[1]
        if phase == "solomon":
            state["discard"].remove(card)
        else:
            pile = state["removed"]["guilds" if phase == "ramses" else str(state["age"])]
            pile.remove(card)  # Croesus's other two, Ramses's other guild stay in the box
        events = [Event(Msg("duel.log.leader_build", {
            "seat": me, "card": tok(card), "leader": Msg(f"duel.power.{phase}")}))]
        return events + game.construct(state, seat, card)
    if phase == "bury":
        lid = choice[1]
        lead["recruited"][seat].remove(lid)
        lead["buried"][seat].append(lid)
        return [Event(Msg("duel.log.bury", {"seat": me, "leader": tok(lid),
                                            "n": 2 * get(lid).coin_cost}))]
    if phase == "euclid":
        card = choice[1]
        lead["used"][seat].append("euclid")
        lead["tucked"][seat]["euclid"] = card
        lead["science"][seat][card] = "law"
        events = [Event(Msg("duel.log.euclid", {"seat": me, "card": tok(card)}))]
        # Law replaces the symbol: no pair of the old one; a pair of Law takes a token.
        return events + _law_or_win(state, seat)
    # ptolemy: copy <symbol>
    symbol = choice[1]
    card = entry["card"]
    lead["used"][seat].append("ptolemy")
    lead["tucked"][seat]["ptolemy"] = card
    lead["science"][seat][card] = symbol
    events = [Event(Msg("duel.log.ptolemy", {"seat": me, "card": tok(card), "symbol": tok(symbol)}))]
    return events + _euclid_or_base(state, seat, card, symbol)


def _law_or_win(state: State, seat: int) -> list[Event]:
    return game.science(state, seat, "law")


def _pythagoras(state: State, seat: int, move: moves.Move) -> list[Event]:
    card, revealed = st.take(state, move.slot)
    lead = _L(state)
    lead["used"][seat].append("pythagoras")
    lead["tucked"][seat]["pythagoras"] = card
    state["play_again"] = True  # « vous pouvez rejouer »
    return [Event(Msg("duel.log.pythagoras", {"seat": Msg.seat(seat), "card": tok(card)}))] + revealed
