"""Héros du Monde (Pascal Bernard; 2-5 players), a reconstructed edition: the rules as a small
state machine over plain JSON.

Rulebook: the Héros du Monde rulebook (French edition; docs/SOURCES.md) (French), cited by its headings. Readings
and reconstructed components: data/heros/README.md. A turn is a sequence of steps of the active
player, each a short list of actions (turn.py: setup, take, play, place, discover, spend,
migrate; conquest.py: conquer). Questions (a queue in `pending`) ask another seat, possibly
outside their turn: `reroll`/`keep` for the attacker's Arc de Triomphe, `wonder <wonder>`/`pass`
for a defender's wonder, `flee <territory>` for a defender whose population flees (conquest.py),
`wonder ajanta`/`pass` at a scoring (turn.py).

Each step holds its question, its options and what each does (step.py); `STEPS` below is their
table. Every action text is an option of the current step with what it does, so `legal` and
`apply` never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine import rng
from engine.core import Component, Event, IllegalAction, Msg, Outcome, State, Steps
from engine.policy import Listed

from . import board as B
from . import conquest, eras, lookup, turn
from .step import Options, Step
from .view import build_view


class Over(Step):
    """The game has ended: nobody is asked."""

    name = "over"

    def asked(self, state: State) -> list[int]:
        return []

    def options(self, state: State, seat: int) -> Options:
        return {}


# The active player's steps (`state["step"]`), then the questions (`state["pending"][0]["kind"]`).
STEPS: dict[str, Step] = {step.name: step for step in (
    turn.SETUP, turn.TAKE, turn.PLAY, turn.PLACE, turn.DISCOVER, conquest.CONQUER, turn.SPEND,
    turn.MIGRATE, Over(), conquest.REROLL, conquest.DEFEND, conquest.FLEE, turn.AJANTA)}
# The steps (and questions) whose lone legal action is played without asking.
FORCED_STEPS = frozenset(name for name, step in STEPS.items() if step.forced)


def population_cap(players: int) -> int:
    """25 pawns + 8 riders worth 5 each; with 2 players each plays 2 colours (§Précisions)."""
    s = B.comp().supply
    per_colour = s["pawns"] + s["riders"] * s["rider_value"]
    return per_colour * (2 if players == 2 else 1)


class Heros(Steps):
    key = "heros"
    module = "heros"
    min_players = 2
    max_players = 5
    options = ()
    steps = STEPS

    def components(self, options: Mapping[str, Any]) -> list[Component]:
        return lookup.components(options)

    def shown(self, view: Mapping[str, Any]) -> list[str]:
        return lookup.shown(view)

    # --- setup (§Pour débuter une partie) ---------------------------------------------------------

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("heros.error.players", min=self.min_players, max=self.max_players)
        c = B.comp()
        state: State = {"rng": rng.seed_state(seed)}
        cap = population_cap(players)
        state.update(
            players=players,
            era=B.ANCIENT,
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
        eras.start_era(state, B.ANCIENT, first=0)
        return state

    # --- the current step (engine.core.Steps: prompt, asked, legal, menu go to it) ---------------

    def step(self, state: State) -> Step:
        """The step that asks now: the first question pending, else the active player's step."""
        return STEPS[state["pending"][0]["kind"] if state["pending"] else state["step"]]

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        return _after(state, seat, action, super().apply(state, seat, action))

    def apply_legal(self, state: State, seat: int, action: str, menu: object = None,
                    ) -> list[Event]:
        """`apply` for a text of `legal` (canonical, the seat asked): its handler directly."""
        found = menu.found if isinstance(menu, Listed) else self.step(state).options(state, seat)
        fn, args = found[action]
        return _after(state, seat, action, fn(state, seat, *args))

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
        step = self.step(state)
        if not step.forced or seat not in step.asked(state):
            return None
        options = step.options(state, seat)
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


def _after(state: State, seat: int, text: str, events: list[Event]) -> list[Event]:
    """After every action: it is the board's last move, then what follows without asking."""
    state["last"] = {"seat": seat, "action": text}  # public: the board's "last move"
    return events + _advance(state)


def _advance(state: State) -> list[Event]:
    """Run the automatic steps until someone must decide: pending questions first, then the end
    of an era or of the game, then what the turn's step does without asking (`Step.auto`)."""
    events: list[Event] = []
    for _ in range(100):
        if state["outcome"] is not None or state["pending"]:
            return events
        if state["ending"] == "game":
            return events + eras.end_game(state, "complete")
        if state["ending"] == "era":
            state["ending"] = None
            events += eras.switch_to_modern(state)
            continue
        more = STEPS[state["step"]].auto(state)
        if more is None:
            return events
        events += more
    raise RuntimeError("heros: _advance did not settle")


def _score_line(detail: Msg) -> Msg:
    """A stored `heros.outcome.detail` as the seat's final score line."""
    if detail.key != "heros.outcome.detail":
        return detail
    found = detail.params["discovered"]
    return Msg("heros.outcome.score", {
        "seat": detail.params["seat"], "n": detail.params["n"],
        "discovered": Msg("heros.outcome.discovered", {"n": found}) if found else ""})
