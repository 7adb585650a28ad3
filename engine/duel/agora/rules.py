"""Agora, the expansion of 7 Wonders Duel (option `agora`): setup, the new actions and phases,
the view; engine/duel/agora/__init__.py plugs them into the base game's extension points.

Rulebook RB-A = the rulebook of 7 Wonders Duel: Agora (Repos Production, French edition); component facts: the reference notes « 7wd.md » §2;
readings: data/duel/README.md « Agora ».

New texts: in `play`, `recruit <senator> pay <n>|free`, `prepare <k> <card>` (tuck a card under
your k-th conspiracy), `trigger <k>` (start of turn, a prepared one). Phases (`duel.ask.<phase>`):

    senate       a Politician's actions: `place <chamber>` (its section), `move <a> <b>`, `skip`
    conspirator  `place <chamber>` (any) | `conspire` | `skip`
    keep         `keep <k> top|bottom` (the other drawn conspiracy goes there)
    place        `place <chamber>` (any): Knossos, Political Maneuver, the small military token
    remove       `remove <chamber>`: an opponent's cube (Political Maneuver, large military token)
    move         `move <a> <b>` | `skip`: the optional move after an effect
    curia        `trigger <k>` | `skip`: Curia Julia triggers an unprepared conspiracy
    (+ the conspiracies' steps, agora/plots.py)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import rng
from engine.core import Event, IllegalAction, Msg, OptionSpec, State
from engine.duel import city, game, moves
from engine.duel import structure as st
from engine.duel.cards import Component, get
from engine.duel.log import logged

from . import plots, senate
from .data import decree_effect, load
from .decrees import active, controller, has, senate_actions, senator_cost
from .decrees import discard_bonus as decree_bonus
from .senate import seat_msg, tok

OPTION = "agora"
OPTION_SPEC = OptionSpec(OPTION, Msg("duel.agora.option"))
load()  # registers the expansion's components with engine.duel.cards (cards.EXTRA)

SENATE_PHASES = ("senate", "conspirator", "keep", "place", "remove", "move", "curia")
PHASES = SENATE_PHASES + plots.PLOT_PHASES
IN_PHASES = frozenset(PHASES)  # (membership asked at every step: a set, not the tuple's scan)
PLAY_VERBS = ("recruit", "prepare", "trigger")
OPTIONAL = ("senate", "conspirator", "move", "curia", "scrap_again")  # `skip` is offered


# --- setup (RB-A « Mise en place ») ------------------------------------------------------------


def setup(state: State) -> None:
    """Senators into the age decks (5/5/3), the two wonders and two progress tokens into the
    pools, 6 of the 16 decrees in the chambers (1, 3, 5 face up), the conspiracy deck."""
    data = load()
    wonders = state["draft"]["offer"] + state["wonder_pool"] + list(data.wonders)
    rng.shuffle(state, wonders)
    state["draft"]["offer"], state["wonder_pool"] = wonders[:4], wonders[4:]
    tokens = state["board_tokens"] + state["box_tokens"] + list(data.tokens)
    rng.shuffle(state, tokens)
    n = len(state["board_tokens"])
    state["board_tokens"], state["box_tokens"] = tokens[:n], tokens[n:]
    senators = list(data.senators)
    rng.shuffle(state, senators)
    for age, count in data.senators_per_age.items():
        deck = state["decks"][str(age)] + senators[:count]
        senators = senators[count:]
        rng.shuffle(state, deck)
        state["decks"][str(age)] = deck
    decrees = list(data.decrees)
    rng.shuffle(state, decrees)
    plot_deck = list(data.plots)
    rng.shuffle(state, plot_deck)
    state["agora"] = {
        "senate": [
            {"cubes": [0, 0], "decrees": [{"id": decrees[i], "up": ch.face_up}]}
            for i, ch in enumerate(data.chambers)
        ],
        "decree_box": decrees[len(data.chambers):],  # « sans les regarder »
        "control": [None] * len(data.chambers),
        "shield": None,
        "plot_deck": plot_deck,
        "plots": [[], []],
        "draw": [],
        "senators": [[], []],
        "obscured": [],
        "sabotaged": [],
        "resume": None,
        "triggered": False,
    }


# --- the draft: Curia Julia and Knossos « au moment où vous choisissez » -------------------------


def on_pick(state: State, seat: int, wonder: str) -> list[Event]:
    if not active(state) or wonder not in load().wonders:
        return []
    if wonder == "curia-julia":
        return plots.conspire(state, seat)
    plots.push(state, [{"phase": "place", "seat": seat}])
    return []


def interject(state: State) -> list[Event]:
    """After a draft pick: ask the decisions it queued, then give the draft back."""
    if "agora" not in state or not state["pending"] or state["phase"] in IN_PHASES:
        return []
    state["agora"]["resume"] = {
        "phase": state["phase"], "active": state["active"], "turn": state["turn"], "trigger": False,
    }
    return game.advance(state)


def resume(state: State) -> bool:
    """The queue is empty: go back to what was interrupted (the draft, or the turn of a player
    who triggered a conspiracy at its start), unless the structure has emptied meanwhile."""
    if "agora" not in state:
        return False
    back = state["agora"]["resume"]
    if back is None:
        return False
    state["agora"]["resume"] = None
    if back["phase"] == "play" and st.empty(state):
        return False
    state.update(phase=back["phase"], active=back["active"], turn=back["turn"])
    state["agora"]["triggered"] = back["trigger"]
    return True


def forget_resume(state: State, phases: tuple[str, ...]) -> None:
    """Another expansion's sequence (e.g. the leaders' recruitment) goes on by itself."""
    back = state["agora"]["resume"]
    if back and back["phase"] in phases:
        state["agora"]["resume"] = None


def prune(state: State) -> None:
    """Drop queued Agora decisions that have nothing left to choose (no cube to place, no
    opponent cube, nothing to move...): « Si vous n'avez plus de cubes ... vous ne pouvez plus »."""
    if "agora" not in state:
        return
    pending = state["pending"]
    while pending and pending[0]["phase"] in IN_PHASES:
        if _has_choice(state, pending[0]):
            return
        pending.pop(0)


def _has_choice(state: State, entry: dict[str, Any]) -> bool:
    """Whether the queued decision offers more than `skip`: `_phase_options`, without writing
    the texts of the Senate's phases (every action asks it while one is queued)."""
    phase, seat = entry["phase"], entry["seat"]
    chambers = state["agora"]["senate"]
    if phase in ("senate", "conspirator", "place") and senate.supply(state, seat) > 0 and (
            phase != "senate" or senate.section_chambers(entry["section"])):
        return True  # a cube to place (`_place_texts`)
    if phase in ("senate", "move"):
        return bool(senate.move_pairs(state, seat))
    if phase == "conspirator":
        return bool(state["agora"]["plot_deck"])  # conspire
    if phase == "place":
        return False
    if phase == "remove":
        return any(ch["cubes"][1 - seat] for ch in chambers)
    if phase == "curia":
        return any(p["card"] is None and not p["done"] for p in state["agora"]["plots"][seat])
    return any(t != "skip" for t in _phase_options(state, seat, entry))


# --- the play phase: recruit, prepare, trigger (RB-A A, B, C) -------------------------------------


def play_options(state: State, seat: int, out: dict[str, moves.Move],
                 cards: Mapping[str, int]) -> None:
    """`cards`: the accessible cards (id -> slot)."""
    if "agora" not in state:
        return
    cost = coins = -1  # worked out at the first senator accessible (most turns have none)
    for cid, slot in cards.items():
        if get(cid).kind != "senator":
            continue
        if cost < 0:
            cost, coins = senator_cost(state, seat), state["players"][seat]["coins"]
        if cost <= coins:
            price = f"pay {cost}" if cost else "free"
            out[f"recruit {cid} {price}"] = moves.Move("recruit", cid, slot, gain=cost)
    mine = state["agora"]["plots"][seat]
    for k, plot in enumerate(mine):
        if plot["card"] is None and not plot["done"]:
            for cid, slot in cards.items():
                out[f"prepare {k + 1} {cid}"] = moves.Move("prepare", str(k), slot)
        elif plot["card"] is not None and not plot["done"] and not state["agora"]["triggered"]:
            out[f"trigger {k + 1}"] = moves.Move("trigger", str(k))


def constructible(state: State, comp: Component) -> bool:
    """A senator taken from the structure is recruited, never constructed (RB-A A)."""
    return not (active(state) and comp.kind == "senator")


def discard_bonus(state: State, seat: int) -> int:
    return decree_bonus(state, seat) if "agora" in state else 0


# --- the Agora phases ---------------------------------------------------------------------------


def _place_texts(state: State, seat: int, chambers: list[int]) -> dict[str, moves.Move]:
    if senate.supply(state, seat) <= 0:
        return {}
    return dict([_PLACE[i] for i in chambers])


def _move_texts(state: State, seat: int) -> dict[str, moves.Move]:
    return dict([_MOVE[pair] for pair in senate.move_pairs(state, seat)])


# Every chamber's placing and every pair's moving, text and move, written once: the Senate's
# phases list them at every action (a move never changes: shared).
_PLACE = [(f"place {i + 1}", moves.Move("place", str(i))) for i in range(len(load().chambers))]
_MOVE = {(i, j): (f"move {i + 1} {j + 1}", moves.Move("move", f"{i} {j}"))
         for i in range(len(load().chambers)) for j in range(len(load().chambers))}


def _phase_options(state: State, seat: int, entry: dict[str, Any]) -> dict[str, moves.Move]:
    phase = entry["phase"]
    every = list(range(len(load().chambers)))
    out: dict[str, moves.Move] = {}
    if phase == "senate":
        out = _place_texts(state, seat, senate.section_chambers(entry["section"]))
        out |= _move_texts(state, seat)
    elif phase == "conspirator":
        out = _place_texts(state, seat, every)
        if state["agora"]["plot_deck"]:
            out["conspire"] = moves.Move("conspire")
    elif phase == "keep":
        out = plots.keep_options(state)
    elif phase == "place":
        out = _place_texts(state, seat, every)
    elif phase == "remove":
        out = {
            f"remove {i + 1}": moves.Move("remove", str(i))
            for i, ch in enumerate(state["agora"]["senate"]) if ch["cubes"][1 - seat]
        }
    elif phase == "move":
        out = _move_texts(state, seat)
    elif phase == "curia":
        out = {
            f"trigger {k + 1}": moves.Move("trigger", str(k))
            for k, p in enumerate(state["agora"]["plots"][seat])
            if p["card"] is None and not p["done"]
        }
    else:
        out = plots.step_options(state, seat, phase)
    if phase in OPTIONAL and out:
        out["skip"] = moves.Move("skip")
    return out


def options(state: State, seat: int) -> dict[str, moves.Move]:
    """The legal texts of an Agora phase (empty for any other phase)."""
    if "agora" not in state or state["phase"] not in IN_PHASES or not state["pending"]:
        return {}
    return _phase_options(state, seat, state["pending"][0])


def ask_params(state: State) -> dict[str, Any]:
    if not active(state) or state["phase"] != "senate" or not state["pending"]:
        return {}
    entry = state["pending"][0]
    return {"n": entry["left"], "section": Msg(f"duel.agora.section.{entry['section']}")}


def _recruit(state: State, seat: int, move: moves.Move) -> list[Event]:
    """RB-A A: pay the number of senators already owned, then the senator's effect."""
    ag = state["agora"]
    ag["triggered"] = False
    city.player(state, seat)["coins"] -= move.gain
    card, revealed = st.take(state, move.slot)
    ag["senators"][seat].append(card)
    events = [Event(Msg("duel.agora.log.recruit", {
        "seat": seat_msg(seat), "senator": tok(card), "n": move.gain}))] if logged() else []
    info = load().senators[card]
    if info["kind"] == "politician":
        n = senate_actions(state, seat)
        plots.push(state, [{"phase": "senate", "seat": seat, "left": n, "section": info["section"]}])
    else:
        plots.push(state, [{"phase": "conspirator", "seat": seat}])
        if has(state, seat, "conspirator_replay"):  # decree 16: « vous jouez immédiatement un nouveau tour »
            state["play_again"] = True
    return events + revealed


def _prepare(state: State, seat: int, move: moves.Move) -> list[Event]:
    """RB-A B: the card taken is tucked under the conspiracy; the turn ends."""
    ag = state["agora"]
    ag["triggered"] = False
    card, revealed = st.take(state, move.slot)
    k = int(move.target)
    ag["plots"][seat][k]["card"] = card
    return [
        Event(Msg("duel.agora.log.prepare", {"seat": seat_msg(seat), "k": k + 1, "card": tok(card)}))
    ] + revealed


def _trigger(state: State, seat: int, move: moves.Move) -> list[Event]:
    """RB-A C: at the start of the turn, before playing; the turn goes on afterwards."""
    if state["phase"] == "curia":
        state["pending"].pop(0)
        return plots.trigger(state, seat, int(move.target))
    state["agora"]["resume"] = {"phase": "play", "active": seat, "turn": state["turn"], "trigger": True}
    return plots.trigger(state, seat, int(move.target))


def _pop(state: State) -> dict[str, Any]:
    return state["pending"].pop(0)


def _senate_step(state: State, seat: int) -> None:
    """One of a Politician's actions is used: the rest stay asked."""
    entry = _pop(state)
    if entry["phase"] == "senate" and entry["left"] > 1:
        plots.push(state, [{**entry, "left": entry["left"] - 1}])


def _place(state: State, seat: int, move: moves.Move) -> list[Event]:
    _senate_step(state, seat)
    return senate.place(state, seat, int(move.target))


def _move(state: State, seat: int, move: moves.Move) -> list[Event]:
    _senate_step(state, seat)
    i, j = (int(x) for x in move.target.split())
    return senate.move(state, seat, i, j)


def _remove(state: State, seat: int, move: moves.Move) -> list[Event]:
    _pop(state)
    return senate.remove(state, seat, int(move.target))


def _skip(state: State, seat: int, move: moves.Move) -> list[Event]:
    # what was passed, said of the player (the question itself speaks to « you »), with its
    # own parameters (a Politician's section and actions left)
    phase = state["pending"][0]["phase"]
    params = {"seat": seat_msg(seat), **ask_params(state)}
    _pop(state)
    return [Event(Msg(f"duel.agora.log.skipped.{phase}", params))]


def _conspire(state: State, seat: int, move: moves.Move) -> list[Event]:
    _pop(state)
    return plots.conspire(state, seat)


def _keep(state: State, seat: int, move: moves.Move) -> list[Event]:
    _pop(state)
    return plots.do_keep(state, seat, move)


def _step(state: State, seat: int, move: moves.Move) -> list[Event]:
    _pop(state)
    return plots.do_step(state, seat, move)


DO = {
    "recruit": _recruit,
    "prepare": _prepare,
    "trigger": _trigger,
    "place": _place,
    "move": _move,
    "remove": _remove,
    "skip": _skip,
    "conspire": _conspire,
    "keep": _keep,
    **{v: _step for v in ("take", "obscure", "build", "scrap", "steal", "swap", "shift", "raze")},
}


def play_action(state: State, verb: str) -> None:
    """A card was played (construct, discard, wonder): the turn is over, a new one may trigger."""
    if "agora" in state and verb in ("construct", "discard", "wonder"):
        state["agora"]["triggered"] = False


# --- effects on the base rules --------------------------------------------------------------------


def on_construct(state: State, seat: int, card: str) -> list[Event]:
    """Decrees 1-4: « À chaque fois que vous ou votre adversaire construisez une carte de cette
    couleur, vous prenez autant de Pièces à la Banque que l'Âge en cours »."""
    if "agora" not in state:
        return []
    colour = get(card).colour
    events = []
    counts = _counts(state, "coins_on_build", colour)
    for s in (0, 1):
        n = counts[s] * max(state["age"], 1)
        if n:
            city.player(state, s)["coins"] += n
            if logged():
                events.append(Event(Msg("duel.log.coins", {"seat": seat_msg(s), "n": n})))
    return events


def _counts(state: State, key: str, value: Any = None) -> list[int]:
    """How many decrees with that effect (and value) each seat has in force: `in_force` for
    both seats in one pass over the chambers (asked at every card and wonder built)."""
    out = [0, 0]
    for chamber in state["agora"]["senate"]:
        a, b = chamber["cubes"]
        if a != b:
            for d in chamber["decrees"]:
                k, v = decree_effect(d["id"])
                if k == key and (value is None or v == value):
                    out[0 if a > b else 1] += 1
    return out


def on_wonder(state: State, seat: int, wonder: str) -> list[Event]:
    """Decree 14 (coins for any wonder built), Curia Julia and Knossos when built (7wd.md §2.5)."""
    if "agora" not in state:
        return []
    events = []
    counts = _counts(state, "coins_on_wonder")
    for s in (0, 1):
        n = counts[s] * max(state["age"], 1)
        if n:
            city.player(state, s)["coins"] += n
            if logged():
                events.append(Event(Msg("duel.log.coins", {"seat": seat_msg(s), "n": n})))
    if wonder == "curia-julia":
        plots.push(state, [{"phase": "curia", "seat": seat}])
    elif wonder == "knossos":
        plots.push(state, [{"phase": "place", "seat": seat}, {"phase": "move", "seat": seat}])
    return events


def military_token(state: State, seat: int, i: int) -> list[Event]:
    """7wd.md §2.7: the player who moves the pawn into the zone takes the token: small, place a
    cube; large, remove an opponent's cube then may move one of theirs."""
    kind = load().military[i]
    if kind == "influence":
        plots.push(state, [{"phase": "place", "seat": seat}])
    else:
        plots.push(state, [{"phase": "remove", "seat": seat}, {"phase": "move", "seat": seat}])
    return [Event(Msg("duel.agora.log.military", {"seat": seat_msg(seat), "token": Msg(f"duel.agora.military.{kind}")}))]


def extra_points(state: State, seat: int) -> dict[str, int]:
    return {"senate": senate.points(state, seat)} if active(state) else {}


def score_params(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The chambers the seat controls, in its standing line (from the public view)."""
    if not view.get("agora"):
        return {}
    return {"senate": Msg("duel.score.senate", {"n": sum(
        1 for ch in view["agora"]["senate"] if ch.get("control") == seat)})}


def sabotaged(state: State) -> int:
    """Sabotaged wonders were built: they still count towards the 7 (README « Agora »)."""
    return len(state["agora"]["sabotaged"]) if "agora" in state else 0


# --- refusals --------------------------------------------------------------------------------------


def refuse(state: State, seat: int, tokens: list[str]) -> None:
    """Agora verbs and phases: the seat's own legal texts that start alike (nothing hidden)."""
    if not active(state):
        return
    if state["phase"] in PHASES or (state["phase"] == "play" and tokens and tokens[0] in PLAY_VERBS):
        legal = list(moves.options(state, seat))
        for depth in range(len(tokens), 0, -1):
            alike = [t for t in legal if t.split()[:depth] == tokens[:depth]]
            if alike:
                raise IllegalAction("duel.error.did_you_mean", texts=" | ".join(alike[:6]))
        raise IllegalAction("duel.agora.error.expected", texts=" | ".join(legal[:6]))


# --- the view (engine/duel/VIEW.md « Agora ») -------------------------------------------------------


def slot(state: State, out: dict[str, Any]) -> None:
    """A senator's slot: its own back (RB-A: « possèdent un dos différent »), its price."""
    out["back"] = "senator"
    if out["accessible"]:
        out["price"] = [senator_cost(state, s) for s in (0, 1)]
        out["chain"] = [False, False]


def extend_view(view: dict[str, Any], state: State, seat: int | None) -> None:
    """VIEW.md « Agora »: `view["agora"]`, and `view["private"]["agora"]` for a seat."""
    ag = state["agora"]
    data = load()
    players = []
    for s in (0, 1):
        players.append({
            "senators": list(ag["senators"][s]),
            "cost": senator_cost(state, s),
            "actions": senate_actions(state, s),
            "supply": senate.supply(state, s),
            "plots": [
                {
                    "id": p["id"] if p["done"] else None,
                    "prepared": p["card"] is not None,
                    "card": p["card"],
                    "triggered": p["done"],
                }
                for p in ag["plots"][s]
            ],
        })
    out: dict[str, Any] = {
        "senate": [
            {
                "chamber": i + 1,
                "section": ch.section,
                "points": ch.points,
                "cubes": list(ag["senate"][i]["cubes"]),
                "control": controller(state, i),
                "decrees": [d["id"] if d["up"] else None for d in ag["senate"][i]["decrees"]],
            }
            for i, ch in enumerate(data.chambers)
        ],
        "players": players,
        "plot_deck": len(ag["plot_deck"]),
        "decree_box": len(ag["decree_box"]),
        "obscured": [o["id"] if o["up"] else None for o in ag["obscured"]],
        "sabotaged": [dict(x) for x in ag["sabotaged"]],
        "military": list(data.military),
        "triggered": ag["triggered"],
    }
    if seat is not None:
        private: dict[str, Any] = {"plots": [p["id"] for p in ag["plots"][seat]]}
        if state["phase"] == "keep" and state["active"] == seat:
            private["draw"] = list(ag["draw"])
        if state["phase"] == "treason" and state["active"] == seat:
            private["treason"] = plots.treason_cards(state)
        if state["phase"] == "obscure" and state["active"] == seat:  # Obscurantism « hors jeu »
            private["box"] = sorted(state["box_tokens"])
        view["private"]["agora"] = private
    view["agora"] = out


def undoable(before: State, after: State) -> bool:
    """Nothing hidden came to light: no decree turned up, no conspiracy drawn or revealed."""
    if "agora" not in before or "agora" not in after:
        return True
    b, a = before["agora"], after["agora"]
    ups = [[d["up"] for d in ch["decrees"]] for ch in b["senate"]]
    if ups != [[d["up"] for d in ch["decrees"]] for ch in a["senate"]]:
        return False
    done = [[p["done"] for p in b["plots"][s]] for s in (0, 1)]
    return b["plot_deck"] == a["plot_deck"] and done == [[p["done"] for p in a["plots"][s]] for s in (0, 1)]
