"""Héros du Monde (Pascal Bernard; 2-5 players), a reconstructed edition: the rules as a small
state machine over plain JSON.

Rulebook: the Héros du Monde rulebook (French edition; docs/SOURCES.md) (French), cited by its headings. Readings
and reconstructed components: data/heros/README.md. A turn is a sequence of steps of the active
player, each a short list of actions:

    setup     the 7 initial population, one at a time in turn: `place <territory>`
    take      `take <hero>` (one of the 3 face up) or `take deck`
    play      `play <hero>`
    place     `place <territory> <n>` until the hero's population is placed
    discover  `discover <token> <territory>` (at most one per territory)
    conquer   `conquer <territory> @<seat>` or `skip`
    spend     `migrate <territory>`, `build <wonder>`, `buy`, `end`
    migrate   `move <territory> <n>`, `done`

and `wonder <wonder> [<territory>]` for a wonder's power during one's own turn. Interruptions
(a queue in `pending`) ask another seat, possibly outside their turn: `reroll`/`keep` for the
attacker's Arc de Triomphe, `wonder <wonder>`/`pass` for a defender's wonder, `flee <territory>`
for a defender whose population flees, `wonder ajanta`/`pass` at a scoring.

Every action text is computed by `_options`, so `legal` and `apply` never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from engine import rng
from engine.core import Event, Game, IllegalAction, Msg, Outcome, State
from engine.policy import Listed

from . import scoring
from .components import Components, hero, load, token, wonder
from .view import build_view

Handler = Callable[..., list[Event]]
Options = dict[str, tuple[Handler, tuple[Any, ...]]]

ANCIENT, MODERN = "ancient", "modern"
# The steps (and pending questions) whose lone legal action is played without asking.
FORCED_STEPS = frozenset({"take", "play", "place", "discover", "spend", "migrate", "flee"})
KNOWN_VERBS = {"place", "take", "play", "discover", "conquer", "skip", "migrate", "build", "buy",
               "end", "move", "done", "wonder", "reroll", "keep", "pass", "flee"}


@cache  # messages are immutable
def tok(cid: str) -> Msg:
    """A component's name (hero, discovery, territory, wonder, die face), translated at the edge."""
    return Msg(f"heros.tok.{cid}")


def to(territory: str) -> Msg:
    """« vers l'Amérique », « vers la Chine », "to America": a destination, with the article or
    preposition each territory takes in French."""
    return Msg(f"heros.to.{territory}")


def in_(territory: str) -> Msg:
    """« au Moyen-Orient », « en Chine », "in the Middle East": where something happens, with
    the preposition and article each territory takes."""
    return Msg(f"heros.in.{territory}")


def from_(territory: str) -> Msg:
    """« d'Amérique », « du Moyen-Orient », "America": where pawns leave (after "from"/« de »)."""
    return Msg(f"heros.from.{territory}")


def _seat(seat: int) -> dict[str, int]:
    return Msg.seat(seat)


def _c() -> Components:
    return load()


def population_cap(players: int) -> int:
    """25 pawns + 8 riders worth 5 each; with 2 players each plays 2 colours (§Précisions)."""
    s = _c().supply
    per_colour = s["pawns"] + s["riders"] * s["rider_value"]
    return per_colour * (2 if players == 2 else 1)


class Heros(Game):
    key = "heros"
    module = "heros"
    min_players = 2
    max_players = 5
    options = ()

    # --- setup (§Pour débuter une partie) ---------------------------------------------------------

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("heros.error.players", min=self.min_players, max=self.max_players)
        c = _c()
        state: State = {"rng": rng.seed_state(seed)}
        cap = population_cap(players)
        state.update(
            players=players,
            era=ANCIENT,
            step="setup",
            active=0,  # the service shuffles seats: seat 0 stands for « le joueur le plus âgé »
            turns=0,
            gold=[c.supply["start_gold"]] * players,
            bank=c.supply["gold"] - c.supply["start_gold"] * players,
            points=[0] * players,
            supply=[cap] * players,
            discovered=[0] * players,  # discoveries placed by each player's heroes (tie-break)
            hands=[[] for _ in range(players)],
            played=[[] for _ in range(players)],
            deck=[],
            row=[],
            bag=[],
            ladders={t: [] for t in c.territory_ids()},
            pop={t: [0] * players for t in c.territory_ids()},
            scored=[],  # territories scored in this era
            wonders=[],
            setup_order=[],
            turn=None,
            migration=None,
            conquest=None,
            pending=[],
            last_die=None,
            last=None,  # the latest action {seat, action} (public)
            ending=None,
            outcome=None,
        )
        _start_era(state, ANCIENT, first=0)
        return state

    # --- who acts ---------------------------------------------------------------------------------

    def prompt(self, state: State) -> dict[int, Msg]:
        if state["outcome"] is not None:
            return {}
        if state["pending"]:
            p = state["pending"][0]
            return {p["seat"]: _pending_msg(state, p)}
        return {state["active"]: _step_msg(state)}

    def asked(self, state: State) -> list[int]:
        """The seats `prompt` asks, without its message."""
        if state["outcome"] is not None:
            return []
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [state["active"]]

    def legal(self, state: State, seat: int) -> list[str]:
        if seat not in self.asked(state):
            return []
        return list(_options(state, seat))

    def menu(self, state: State, seat: int) -> list[str]:
        """`legal`, carrying each text's handler for `apply_legal`."""
        if seat not in self.asked(state):
            return []
        return Listed(_options(state, seat))

    # --- acting -----------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        if state["outcome"] is not None:
            raise IllegalAction("error.game_over")
        if seat not in self.asked(state):
            raise IllegalAction("error.not_your_turn")
        text = self.canonical(action)
        found = _options(state, seat).get(text)
        if found is None:
            _refuse(state, seat, text)
        return _act(state, seat, text, found)  # type: ignore[arg-type]

    def apply_legal(self, state: State, seat: int, action: str, menu: object = None,
                    ) -> list[Event]:
        """`apply` for a text of `legal` (canonical, the seat asked): its handler directly."""
        found = menu.found if isinstance(menu, Listed) else _options(state, seat)
        return _act(state, seat, action, found[action])

    # --- what is seen -----------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(self, state, seat)

    def forced(self, state: State, seat: int) -> str | None:
        """The lone text of a step the rules make compulsory, when there is nothing else to do:
        what decides it is public (the board, the gold, the played hero, the discoveries drawn
        and shown to all, the row, the deck's size, hand sizes). Taking the last hero of the
        row, playing the one hero in hand (shown when played, as any hero), placing the hero's
        population (« Tu dois jouer ce qu'apporte ton Héros »), a discovery (« Tu dois
        obligatoirement jouer les Découvertes trouvées »), ending a spending phase with nothing
        to spend, the rest of a paid migration, a population's flight. Steps with a choice to
        refuse (`skip`, `pass`, `keep`) always offer two texts (data/heros/README.md,
        reading 15)."""
        if state["outcome"] is not None:
            return None
        if state["pending"]:
            step = state["pending"][0]["kind"]
        elif seat == state["active"]:
            step = state["step"]
        else:
            return None
        if step not in FORCED_STEPS:
            return None
        options = _options(state, seat)
        return next(iter(options)) if len(options) == 1 else None

    def undoable(self, before: State, after: State, events: Any, seat: int) -> bool:
        """A move may be taken back only if it drew nothing (no hero from the deck or into the
        row, no discovery from the bag, no die: the deck, bag and generator are unchanged) and
        told nobody anything privately."""
        return (before["rng"] == after["rng"] and before["deck"] == after["deck"]
                and before["bag"] == after["bag"] and not any(e.to is not None for e in events))

    def outcome(self, state: State) -> Outcome | None:
        if state["outcome"] is None:
            return None
        # The state keeps the details it was stored with; each seat's is told as its final
        # score line (Outcome.score_of), with the discoveries made when there are some.
        out = Outcome.from_json(state["outcome"])
        return replace(out, details=tuple(_score_line(d) for d in out.details))

    def score_lines(self, state: State) -> dict[int, Msg]:
        """Each seat's civilisation points, gold and population on the board (all public)."""
        return {s: Msg("heros.score_line", {
            "n": state["points"][s], "gold": state["gold"][s],
            "pop": sum(state["pop"][t][s] for t in state["pop"])})
            for s in range(state["players"])}


def _act(state: State, seat: int, text: str, found: tuple[Handler, tuple[Any, ...]],
         ) -> list[Event]:
    fn, args = found
    events = fn(state, seat, *args)
    state["last"] = {"seat": seat, "action": text}  # public: the board's "last move"
    return events + _advance(state)


# --- eras (§Pour débuter une partie; §Tu prépares l'époque Moderne) ------------------------------


def _start_era(state: State, era: str, first: int) -> None:
    """Deal an era: its discoveries in the bag, its wonders, its hero deck, 2 heroes each, 3 face
    up; then 7 population each, one at a time in turn from `first`, on this era's territories."""
    c = _c()
    n = state["players"]
    state["era"] = era
    state["bag"] = sorted(c.token_ids(era))
    deck = sorted(c.hero_ids(era))
    rng.shuffle(state, deck)
    state["hands"] = [[] for _ in range(n)]
    for _ in range(c.supply["hand"]):
        for s in range(n):
            state["hands"][s].append(deck.pop())
    state["row"] = [deck.pop() for _ in range(c.supply["row"])]
    state["deck"] = deck  # the top card is the end of the list
    state["wonders"] = [w for w in state["wonders"] if w["owner"] is not None]
    for w in state["wonders"]:
        w["used"] = False  # « retournées sur leur côté face »
    state["wonders"] += [{"id": w, "owner": None, "used": False}
                         for w in c.wonder_ids(era, n)]
    state["scored"] = []
    order = []
    for _ in range(c.supply["start_population"]):
        order += [(first + i) % n for i in range(n)]
    state["setup_order"] = order
    state.update(step="setup", first=first, turn=None, migration=None, conquest=None)
    _skip_empty_setup(state)
    state["active"] = order[0] if state["setup_order"] else first


def _skip_empty_setup(state: State) -> None:
    while state["setup_order"] and state["supply"][state["setup_order"][0]] <= 0:
        state["setup_order"].pop(0)


def _switch_to_modern(state: State) -> list[Event]:
    """§Tu prépares l'époque Moderne, in the text's order."""
    c = _c()
    for t in c.territory_ids(ANCIENT):
        ladder = state["ladders"][t]
        if ladder:  # keep the most valuable beige discovery, complete or not
            best = max(ladder, key=lambda k: (token(k).value, k))
            state["ladders"][t] = [best]
    events = [Event(Msg("heros.log.era_end", {"points": _points_list(state)}))]
    first = state["active"]  # « En commençant par le joueur dont c'est le tour »
    _start_era(state, MODERN, first)
    events.append(Event(Msg("heros.log.modern", {"seat": _seat(first)})))
    return events


def _points_list(state: State) -> tuple[Msg, ...]:
    return tuple(Msg("heros.log.seat_points", {"seat": _seat(s), "n": p})
                 for s, p in enumerate(state["points"]))


# --- helpers --------------------------------------------------------------------------------------


def _in_play(state: State) -> tuple[str, ...]:
    return _in_play_in(state["era"])


@cache  # asked at nearly every step; the territories of an era never change
def _in_play_in(era: str) -> tuple[str, ...]:
    return tuple(_c().in_play(era))


def _slots(t: str) -> int:
    return _c().territories[t].slots


def _complete(state: State, t: str) -> bool:
    return len(state["ladders"][t]) >= _slots(t)


def _completed(state: State) -> int:
    return sum(1 for t in _in_play(state) if _complete(state, t))


def _usable(state: State, seat: int, when: str) -> list[str]:
    """The seat's wonders whose power fits `when` and is unused in this era."""
    return [w["id"] for w in state["wonders"]
            if w["owner"] == seat and not w["used"] and wonder(w["id"]).when == when]


def _mark_used(state: State, wid: str) -> None:
    next(w for w in state["wonders"] if w["id"] == wid)["used"] = True


def _add_pop(state: State, seat: int, t: str, n: int) -> int:
    n = max(0, min(n, state["supply"][seat]))
    state["pop"][t][seat] += n
    state["supply"][seat] -= n
    return n


def _remove_pop(state: State, seat: int, t: str, n: int) -> int:
    n = max(0, min(n, state["pop"][t][seat]))
    state["pop"][t][seat] -= n
    state["supply"][seat] += n
    return n


def _gain_gold(state: State, seat: int, n: int) -> int:
    n = max(0, min(n, state["bank"]))  # 60 coins in the box
    state["gold"][seat] += n
    state["bank"] -= n
    return n


def _pay(state: State, seat: int, n: int) -> None:
    state["gold"][seat] -= n
    state["bank"] += n


def _heroes_with_discovery(state: State) -> list[int]:
    return [sum(1 for h in state["played"][s] if hero(h).discoveries > 0)
            for s in range(state["players"])]


# --- the options of a seat ------------------------------------------------------------------------


def _options(state: State, seat: int) -> Options:
    if state["outcome"] is not None:
        return {}
    if state["pending"]:
        p = state["pending"][0]
        return _pending_options(state, p) if p["seat"] == seat else {}
    if seat != state["active"]:
        return {}
    step = state["step"]
    out: Options = {}
    if step == "setup":
        era_terrs = _c().territory_ids(state["era"])  # « uniquement » beige, then orange
        for t in era_terrs:
            out[f"place {t}"] = (_do_setup_place, (t,))
        return out
    turn = state["turn"]
    if step == "take":
        for h in state["row"]:
            out[f"take {h}"] = (_do_take, (h,))
        if state["deck"]:
            out["take deck"] = (_do_take, ("deck",))
    elif step == "play":
        for h in sorted(state["hands"][seat]):
            out[f"play {h}"] = (_do_play, (h,))
    elif step == "place":
        left = turn["pop_left"]
        for t in hero(turn["hero"]).territories:
            for n in range(1, left + 1):
                out[f"place {t} {n}"] = (_do_place, (t, n))
    elif step == "discover":
        for k in sorted(set(turn["drawn"])):
            for t in _discovery_targets(state):
                out[f"discover {k} {t}"] = (_do_discover, (k, t))
    elif step == "conquer":
        for t, defender in _conquest_targets(state, seat):
            out[f"conquer {t} @{defender}"] = (_do_conquer, (t, defender))
        out["skip"] = (_do_skip, ())
    elif step == "spend":
        costs = _c().costs
        if state["gold"][seat] >= costs["migration"]:
            for t in _migration_sources(state, seat, any_target=False):
                out[f"migrate {t}"] = (_do_migrate, (t, False))
        if state["gold"][seat] >= costs["wonder"]:
            for w in state["wonders"]:
                if w["owner"] is None:
                    out[f"build {w['id']}"] = (_do_build, (w["id"],))
        if state["gold"][seat] >= costs["gold_per_point"]:
            out["buy"] = (_do_buy, ())
        out["end"] = (_do_end, ())
    elif step == "migrate":
        mig = state["migration"]
        for t in _migration_targets(state, mig["from"], mig["any"]):
            for n in range(1, mig["left"] + 1):
                out[f"move {t} {n}"] = (_do_move, (t, n))
        if mig["moved"]:
            out["done"] = (_do_migration_done, ())
    if step in ("take", "play", "place", "discover", "conquer", "spend"):
        out.update(_own_turn_wonders(state, seat, step))
    return out


def _own_turn_wonders(state: State, seat: int, step: str) -> Options:
    """« Tu peux jouer le pouvoir de ta/tes Merveilles n'importe quand durant ton tour de jeu »."""
    out: Options = {}
    for wid in _usable(state, seat, "own_turn"):
        w = wonder(wid)
        if w.kind == "gold" and state["bank"] > 0:
            out[f"wonder {wid}"] = (_do_wonder_gold, (wid,))
        elif w.kind == "populate" and state["supply"][seat] > 0:
            for t in _in_play(state):
                if state["pop"][t][seat] > 0:
                    out[f"wonder {wid} {t}"] = (_do_wonder_populate, (wid, t))
        elif w.kind == "free_migration" and step == "spend":  # a migration: the spending phase
            for t in _migration_sources(state, seat, any_target=True):
                out[f"wonder {wid} {t}"] = (_do_migrate, (t, True, wid))
    return out


def _pending_options(state: State, p: dict[str, Any]) -> Options:
    kind = p["kind"]
    if kind == "reroll":
        return {"reroll": (_do_reroll, (p["wonder"],)), "keep": (_do_keep, ())}
    if kind == "defend":
        return {f"wonder {w}": (_do_defend, (w,)) for w in p["wonders"]} | {
            "pass": (_do_keep, ())}
    if kind == "flee":
        return {f"flee {t}": (_do_flee, (t,)) for t in p["targets"]}
    if kind == "ajanta":
        return {f"wonder {p['wonder']}": (_do_ajanta, ()), "pass": (_do_keep, ())}
    return {}


def _discovery_targets(state: State) -> list[str]:
    """The hero's territories with a free slot where no discovery went this turn."""
    turn = state["turn"]
    in_play = _in_play(state)
    return [t for t in hero(turn["hero"]).territories
            if t in in_play and not _complete(state, t) and t not in turn["used"]]


def _conquest_targets(state: State, seat: int) -> list[tuple[str, int]]:
    """« uniquement si tu possèdes au moins 1 pion de Population dans ce Territoire », against a
    player present there."""
    h = hero(state["turn"]["hero"])
    if h.conquest <= 0:
        return []
    in_play = _in_play(state)
    return [(t, d) for t in h.territories if t in in_play and state["pop"][t][seat] > 0
            for d in range(state["players"]) if d != seat and state["pop"][t][d] > 0]


def _migration_sources(state: State, seat: int, any_target: bool) -> list[str]:
    return [t for t in _in_play(state) if state["pop"][t][seat] > 0
            and _migration_targets(state, t, any_target)]


def _migration_targets(state: State, source: str, any_target: bool) -> list[str]:
    in_play = _in_play(state)
    if any_target:
        return [t for t in in_play if t != source]
    return [t for t in _c().territories[source].adjacent if t in in_play]


# --- refusals -------------------------------------------------------------------------------------


def _refuse(state: State, seat: int, text: str) -> None:
    """Say why `text` is not an action now, from public information only; always raises."""
    words = text.split()
    verb = words[0] if words else ""
    if verb not in KNOWN_VERBS:
        raise IllegalAction("error.unknown_action", action=text)
    costs = _c().costs
    need = {"migrate": costs["migration"], "build": costs["wonder"],
            "buy": costs["gold_per_point"]}.get(verb)
    if state["step"] == "spend" and not state["pending"] and need and \
            state["gold"][seat] < need:
        raise IllegalAction("heros.error.gold", n=need, gold=state["gold"][seat])
    if verb == "play" and len(words) == 2 and state["step"] == "play" and not state["pending"]:
        raise IllegalAction("heros.error.not_in_hand", action=text)
    raise IllegalAction("heros.error.not_now", action=text)


# --- setup placement ------------------------------------------------------------------------------


def _do_setup_place(state: State, seat: int, t: str) -> list[Event]:
    _add_pop(state, seat, t, 1)
    state["setup_order"].pop(0)
    _skip_empty_setup(state)
    return [Event(Msg("heros.log.setup_place", {"seat": _seat(seat), "territory": in_(t)}))]


# --- a turn (§Le tour de jeu) ---------------------------------------------------------------------


def _do_take(state: State, seat: int, what: str) -> list[Event]:
    turn = state["turn"]
    if what == "deck":
        h = state["deck"].pop()
        turn["from_row"] = False
        events = [Event(Msg("heros.log.take_deck", {"seat": _seat(seat)})),
                  Event(Msg("heros.log.took_secret", {"hero": tok(h)}), (seat,))]
    else:
        h = what
        state["row"].remove(h)
        turn["from_row"] = True
        events = [Event(Msg("heros.log.take_row", {"seat": _seat(seat), "hero": tok(h)}))]
    state["hands"][seat].append(h)
    state["step"] = "play"
    return events


def _do_play(state: State, seat: int, h: str) -> list[Event]:
    """« Commence par poser ton Héros devant toi, visible de tous »; then its values, top down."""
    state["hands"][seat].remove(h)
    state["played"][seat].append(h)
    turn = state["turn"]
    turn["hero"] = h
    turn["pop_left"] = min(hero(h).population, state["supply"][seat])
    state["step"] = "place"
    return [Event(Msg("heros.log.play", {"seat": _seat(seat), "hero": tok(h)}))]


def _do_place(state: State, seat: int, t: str, n: int) -> list[Event]:
    _add_pop(state, seat, t, n)
    state["turn"]["pop_left"] -= n
    return [Event(Msg("heros.log.place", {"seat": _seat(seat), "n": n, "territory": in_(t)}))]


def _start_discoveries(state: State) -> list[Event]:
    """« Tu pioches au hasard dans le sac noir un nombre de pions de Découvertes égal à la valeur
    de Découvertes de ton Héros »."""
    turn = state["turn"]
    seat = state["active"]
    n = min(hero(turn["hero"]).discoveries, len(state["bag"]))
    bag = state["bag"]
    drawn = [bag.pop(rng.randbelow(state, len(bag))) for _ in range(n)]
    turn["drawn"] = drawn
    state["step"] = "discover"
    if not drawn:
        return []
    return [Event(Msg("heros.log.draw", {"seat": _seat(seat),
                                         "tokens": tuple(tok(k) for k in drawn)}))]


def _do_discover(state: State, seat: int, k: str, t: str) -> list[Event]:
    turn = state["turn"]
    turn["drawn"].remove(k)
    turn["used"].append(t)
    state["ladders"][t].append(k)
    state["discovered"][seat] += 1
    events = [Event(Msg("heros.log.discover", {"seat": _seat(seat), "token": tok(k),
                                               "n": token(k).value, "territory": in_(t)}))]
    if _complete(state, t):
        events += _score(state, t)
    return events


def _return_drawn(state: State) -> list[Event]:
    """« tu remettras celle(s) qui reste(nt) dans le sac »."""
    drawn = state["turn"]["drawn"]
    if not drawn:
        return []
    state["bag"] += drawn
    state["bag"].sort()
    state["turn"]["drawn"] = []
    return [Event(Msg("heros.log.return", {"seat": _seat(state["active"]),
                                           "tokens": tuple(tok(k) for k in drawn)}))]


def _score(state: State, t: str) -> list[Event]:
    """§Décompte des points de Civilisation, at once; then the era's end if it is reached."""
    values = [token(k).value for k in state["ladders"][t]]
    awards = scoring.score_ladder(values, state["pop"][t], state["discovered"],
                                  _heroes_with_discovery(state), state["active"])
    state["scored"].append(t)
    events = [Event(Msg("heros.log.complete", {"territory": tok(t), "n": sum(values)}))]
    winners = set()
    for a in awards:
        state["points"][a.seat] += a.points
        winners.add(a.seat)
        events.append(Event(Msg("heros.log.award", {"seat": _seat(a.seat), "place": a.place,
                                                    "n": a.points, "territory": in_(t)})))
    third = scoring.third_prize(values)
    if third > 0:
        for s in range(state["players"]):
            if s in winners:
                continue
            for wid in _usable(state, s, "scoring"):
                state["pending"].append({"kind": "ajanta", "seat": s, "wonder": wid,
                                         "territory": t, "n": third})
    c = _c()
    if _completed(state) >= c.to_end[state["era"]]:
        state["ending"] = "era" if state["era"] == ANCIENT else "game"
    return events


def _do_skip(state: State, seat: int) -> list[Event]:
    return _treasure(state, seat)


def _treasure(state: State, seat: int) -> list[Event]:
    """« Tu reçois un nombre de pièces d'or égal à la valeur de Trésor »; then spending."""
    state["step"] = "spend"
    state["conquest"] = None
    n = _gain_gold(state, seat, hero(state["turn"]["hero"]).treasure)
    if not n:
        return []
    return [Event(Msg("heros.log.treasure", {"seat": _seat(seat), "n": n}))]


# --- conquest (§Effectuer une Conquête) -----------------------------------------------------------


def _do_conquer(state: State, seat: int, t: str, defender: int) -> list[Event]:
    h = hero(state["turn"]["hero"])
    value = h.conquest + _c().era_value[state["era"]]
    state["conquest"] = {"territory": t, "attacker": seat, "defender": defender, "value": value,
                         "face": None, "asked_attacker": False, "asked_defender": False,
                         "cancelled": False}
    events = [Event(Msg("heros.log.conquer", {"seat": _seat(seat), "territory": in_(t),
                                              "defender": _seat(defender), "n": value}))]
    return events + _roll(state)


def _roll(state: State) -> list[Event]:
    """The die, rolled by the engine's generator and shown to all."""
    faces = _c().die
    face = faces[rng.randbelow(state, len(faces))]
    conquest = state["conquest"]
    conquest["face"] = face.id
    state["last_die"] = {"face": face.id, "territory": conquest["territory"],
                         "attacker": conquest["attacker"], "defender": conquest["defender"],
                         "value": conquest["value"]}
    return [Event(Msg("heros.log.die", {"face": tok(face.id)}))]


def _do_reroll(state: State, seat: int, wid: str) -> list[Event]:
    state["pending"].pop(0)
    _mark_used(state, wid)
    events = [Event(Msg("heros.log.wonder_reroll", {"seat": _seat(seat), "wonder": tok(wid)}))]
    return events + _roll(state)


def _do_keep(state: State, seat: int) -> list[Event]:
    state["pending"].pop(0)
    return []


def _do_defend(state: State, seat: int, wid: str) -> list[Event]:
    state["pending"].pop(0)
    _mark_used(state, wid)
    events = [Event(Msg("heros.log.wonder_defend", {"seat": _seat(seat), "wonder": tok(wid)}))]
    if wonder(wid).kind == "cancel":
        state["conquest"]["cancelled"] = True
        return events + [Event(Msg("heros.log.cancelled", {"wonder": tok(wid)}))]
    return events + _roll(state)


def _conquest_step(state: State) -> list[Event]:
    """Ask the attacker's, then the defender's wonder if they have one; then the result."""
    cq = state["conquest"]
    face = next(f for f in _c().die if f.id == cq["face"])
    if not cq["asked_attacker"]:
        cq["asked_attacker"] = True
        for wid in _usable(state, cq["attacker"], "attacking"):
            state["pending"].append({"kind": "reroll", "seat": cq["attacker"], "wonder": wid})
            return []
    if not cq["asked_defender"]:
        cq["asked_defender"] = True
        wids = _usable(state, cq["defender"], "defending")
        if wids and face.effect != "attacker_loses":
            state["pending"].append({"kind": "defend", "seat": cq["defender"], "wonders": wids})
            return []
    return _resolve(state)


def _resolve(state: State) -> list[Event]:
    cq = state["conquest"]
    a, d, t, v = cq["attacker"], cq["defender"], cq["territory"], cq["value"]
    events: list[Event] = []
    if not cq["cancelled"]:
        effect = next(f for f in _c().die if f.id == cq["face"]).effect
        if effect == "defender_loses":
            n = _remove_pop(state, d, t, v)
            events.append(_effect("defender_loses", d, n, t))
        elif effect == "replace":
            n = _remove_pop(state, d, t, v)
            gained = _add_pop(state, a, t, n)
            events.append(Event(Msg("heros.log.effect.replace", {
                "seat": _seat(d), "n": n, "territory": in_(t), "attacker": _seat(a),
                "gained": gained})))
        elif effect == "flee":
            n = min(v, state["pop"][t][d])
            targets = [x for x in _c().territories[t].adjacent if x in _in_play(state)]
            if n and len(targets) > 1:
                state["pending"].append({"kind": "flee", "seat": d, "territory": t, "n": n,
                                         "targets": targets})
                return events
            if n and targets:
                events += _flee(state, d, t, targets[0], n)
            else:
                events.append(_effect("defender_loses", d, _remove_pop(state, d, t, n), t))
        elif effect == "steal_gold":
            n = min(v, state["gold"][d])
            state["gold"][d] -= n
            state["gold"][a] += n
            events.append(Event(Msg("heros.log.effect.steal_gold", {
                "seat": _seat(a), "defender": _seat(d), "n": n})))
        elif effect == "attacker_loses":
            events.append(_effect("attacker_loses", a, _remove_pop(state, a, t, v), t))
        elif effect == "both_lose":
            n = min(v, state["pop"][t][a], state["pop"][t][d])
            _remove_pop(state, a, t, n)
            _remove_pop(state, d, t, n)
            events.append(Event(Msg("heros.log.effect.both_lose", {
                "seat": _seat(a), "defender": _seat(d), "n": n, "territory": in_(t)})))
    return events + _treasure(state, a)


def _effect(kind: str, seat: int, n: int, t: str) -> Event:
    return Event(Msg(f"heros.log.effect.{kind}", {"seat": _seat(seat), "n": n,
                                                   "territory": in_(t)}))


def _flee(state: State, seat: int, source: str, target: str, n: int) -> list[Event]:
    state["pop"][source][seat] -= n
    state["pop"][target][seat] += n
    return [Event(Msg("heros.log.effect.flee", {"seat": _seat(seat), "n": n,
                                                "territory": tok(source), "to": to(target)}))]


def _do_flee(state: State, seat: int, target: str) -> list[Event]:
    p = state["pending"].pop(0)
    events = _flee(state, seat, p["territory"], target, p["n"])
    return events + _treasure(state, state["conquest"]["attacker"])


# --- gold (§Gagner de l'or et le dépenser) --------------------------------------------------------


def _do_migrate(state: State, seat: int, t: str, any_target: bool,
                wid: str | None = None) -> list[Event]:
    """« La Migration : coût 2 or. Tu peux déplacer 4 de tes pions de Population de l'un de tes
    Territoires vers d'autres Territoires adjacents »."""
    c = _c()
    if wid is None:
        _pay(state, seat, c.costs["migration"])
        events = [Event(Msg("heros.log.migrate", {"seat": _seat(seat), "territory": tok(t),
                                                  "n": c.costs["migration"]}))]
    else:
        _mark_used(state, wid)
        events = [Event(Msg("heros.log.wonder_migrate", {"seat": _seat(seat), "wonder": tok(wid),
                                                         "territory": tok(t)}))]
    state["migration"] = {"from": t, "any": any_target, "moved": 0,
                          "left": min(c.costs["migration_pawns"], state["pop"][t][seat])}
    state["step"] = "migrate"
    return events


def _do_move(state: State, seat: int, t: str, n: int) -> list[Event]:
    mig = state["migration"]
    state["pop"][mig["from"]][seat] -= n
    state["pop"][t][seat] += n
    mig["left"] -= n
    mig["moved"] += n
    events = [Event(Msg("heros.log.move", {"seat": _seat(seat), "n": n,
                                           "territory": from_(mig["from"]), "to": to(t)}))]
    if mig["left"] == 0:
        state["migration"] = None
        state["step"] = "spend"
    return events


def _do_migration_done(state: State, seat: int) -> list[Event]:
    state["migration"] = None
    state["step"] = "spend"
    return []


def _do_build(state: State, seat: int, wid: str) -> list[Event]:
    """« Construire une Merveille : coût 7 or ... tu gagnes immédiatement 3 points »."""
    c = _c()
    _pay(state, seat, c.costs["wonder"])
    next(w for w in state["wonders"] if w["id"] == wid)["owner"] = seat
    state["points"][seat] += c.costs["wonder_points"]
    return [Event(Msg("heros.log.build", {"seat": _seat(seat), "wonder": tok(wid),
                                          "n": c.costs["wonder_points"]}))]


def _do_buy(state: State, seat: int) -> list[Event]:
    """« Convertir ton or : 2 pièces d'or pour 1 point de Civilisation »."""
    _pay(state, seat, _c().costs["gold_per_point"])
    state["points"][seat] += 1
    return [Event(Msg("heros.log.buy", {"seat": _seat(seat), "n": _c().costs["gold_per_point"]}))]


def _do_end(state: State, seat: int) -> list[Event]:
    """« Lorsque tu as fini de jouer ton Héros »: refill the row if you took from it; the player
    to your left goes on."""
    events = [Event(Msg("heros.log.end_turn", {"seat": _seat(seat)}))]
    if state["turn"]["from_row"] and state["deck"]:
        h = state["deck"].pop()
        state["row"].append(h)
        events.append(Event(Msg("heros.log.refill", {"hero": tok(h)})))
    _next_turn(state, (seat + 1) % state["players"])
    return events


def _next_turn(state: State, seat: int) -> None:
    state["active"] = seat
    state["turns"] += 1
    state["turn"] = {"hero": None, "from_row": False, "pop_left": 0, "drawn": [], "used": []}
    state["step"] = "take"
    state["conquest"] = None
    state["migration"] = None


# --- wonders (cards of data/heros/board.json) -----------------------------------------------------


def _do_wonder_gold(state: State, seat: int, wid: str) -> list[Event]:
    _mark_used(state, wid)
    n = _gain_gold(state, seat, wonder(wid).n)
    return [Event(Msg("heros.log.wonder_gold", {"seat": _seat(seat), "wonder": tok(wid), "n": n}))]


def _do_wonder_populate(state: State, seat: int, wid: str, t: str) -> list[Event]:
    _mark_used(state, wid)
    n = _add_pop(state, seat, t, wonder(wid).n)
    return [Event(Msg("heros.log.wonder_populate", {"seat": _seat(seat), "wonder": tok(wid),
                                                    "n": n, "territory": in_(t)}))]


def _do_ajanta(state: State, seat: int) -> list[Event]:
    p = state["pending"].pop(0)
    _mark_used(state, p["wonder"])
    state["points"][seat] += p["n"]
    return [Event(Msg("heros.log.wonder_third", {"seat": _seat(seat), "wonder": tok(p["wonder"]),
                                                 "n": p["n"], "territory": in_(p["territory"])}))]


# --- after every action ---------------------------------------------------------------------------


def _advance(state: State) -> list[Event]:
    """Run the automatic steps until someone must decide: pending questions first, then the end
    of an era or of the game, then the turn's next step."""
    events: list[Event] = []
    for _ in range(100):
        if state["outcome"] is not None or state["pending"]:
            return events
        if state["ending"] == "game":
            return events + _end_game(state, "complete")
        if state["ending"] == "era":
            state["ending"] = None
            events += _switch_to_modern(state)
            continue
        step = state["step"]
        turn = state["turn"]
        if step == "setup":
            if state["setup_order"]:
                state["active"] = state["setup_order"][0]
                return events
            _next_turn(state, state["first"])
            continue
        if step == "take" and not state["row"] and not state["deck"]:
            state["step"] = "play"
            continue
        if step == "play" and not state["hands"][state["active"]]:
            # Every hero of the era is played: the era ends (README reading).
            events.append(Event(Msg("heros.log.exhausted", {"seat": _seat(state["active"])})))
            if state["era"] == ANCIENT:
                state["ending"] = "era"
                continue
            return events + _end_game(state, "exhausted")
        if step == "place" and turn["pop_left"] == 0:
            events += _start_discoveries(state)
            continue
        if step == "discover" and (not turn["drawn"] or not _discovery_targets(state)):
            events += _return_drawn(state)
            state["step"] = "conquer"
            continue
        if step == "conquer":
            if state["conquest"] is not None:
                events += _conquest_step(state)
                continue
            if not _conquest_targets(state, state["active"]):
                events += _treasure(state, state["active"])
                continue
        return events
    raise RuntimeError("heros: _advance did not settle")


def _score_line(detail: Msg) -> Msg:
    """A stored `heros.outcome.detail` as the seat's final score line."""
    if detail.key != "heros.outcome.detail":
        return detail
    found = detail.params["discovered"]
    return Msg("heros.outcome.score", {
        "seat": detail.params["seat"], "n": detail.params["n"],
        "discovered": Msg("heros.outcome.discovered", {"n": found}) if found else ""})


def _end_game(state: State, reason: str) -> list[Event]:
    """« Le joueur qui possède à cet instant le plus grand nombre de points de Civilisation
    remporte la victoire »; ties by the scoring tie-breaks, else shared (README)."""
    n = state["players"]
    if state["turn"] and state["turn"]["drawn"]:  # never placed: back in the bag
        state["bag"] = sorted(state["bag"] + state["turn"]["drawn"])
        state["turn"]["drawn"] = []
    hwd = _heroes_with_discovery(state)
    key = [(state["points"][s], state["discovered"][s], hwd[s]) for s in range(n)]
    best = max(key)
    winners = [s for s in range(n) if key[s] == best]
    rkey = f"heros.outcome.{reason}" + ("_shared" if len(winners) > 1 else "")
    reason_msg = Msg(rkey, {"seat": _seat(winners[0]),
                            "seats": tuple(_seat(s) for s in winners)})
    details = tuple(Msg("heros.outcome.detail", {"seat": _seat(s), "n": state["points"][s],
                                                 "discovered": state["discovered"][s]})
                    for s in range(n))
    out = Outcome(tuple(winners), tuple(state["points"]), reason_msg, details)
    state["outcome"] = out.to_json()
    state["step"] = "over"
    state["pending"] = []
    return []  # the reason and the scores are the outcome's: the end post says them once


# --- prompts --------------------------------------------------------------------------------------


def _step_msg(state: State) -> Msg:
    step = state["step"]
    seat = state["active"]
    turn = state["turn"]
    if step == "setup":
        left = state["setup_order"].count(seat)
        return Msg("heros.ask.setup", {"n": left, "era": Msg(f"heros.era.{state['era']}")})
    if step == "take":
        return Msg("heros.ask.take" if state["deck"] else "heros.ask.take_row")
    if step == "play":
        return Msg("heros.ask.play")
    h = tok(turn["hero"]) if turn and turn["hero"] else Msg("heros.nothing")
    if step == "place":
        return Msg("heros.ask.place", {"hero": h, "n": turn["pop_left"]})
    if step == "discover":
        return Msg("heros.ask.discover", {"hero": h,
                                          "tokens": tuple(tok(k) for k in turn["drawn"])})
    if step == "conquer":
        return Msg("heros.ask.conquer", {"hero": h, "n": hero(turn["hero"]).conquest
                                         + _c().era_value[state["era"]]})
    if step == "spend":
        return Msg("heros.ask.spend", {"gold": state["gold"][seat]})
    if step == "migrate":
        mig = state["migration"]
        return Msg("heros.ask.migrate", {"territory": tok(mig["from"]), "n": mig["left"]})
    return Msg("heros.nothing")


def _pending_msg(state: State, p: dict[str, Any]) -> Msg:
    kind = p["kind"]
    cq = state["conquest"]
    if kind == "reroll":
        return Msg("heros.ask.reroll", {"face": tok(cq["face"]), "wonder": tok(p["wonder"])})
    if kind == "defend":
        return Msg("heros.ask.defend", {"attacker": _seat(cq["attacker"]),
                                        "face": tok(cq["face"]), "territory": in_(cq["territory"]),
                                        "n": cq["value"]})
    if kind == "flee":
        return Msg("heros.ask.flee", {"n": p["n"], "territory": tok(p["territory"])})
    return Msg("heros.ask.ajanta", {"wonder": tok(p["wonder"]), "n": p["n"],
                                    "territory": tok(p["territory"])})
