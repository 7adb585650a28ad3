"""Seven Hills (Heo Nam-cheol, Game Humanity 2009), a reconstructed edition: the rules as a state
machine over plain JSON.

Rulebook: Seven Hills, Didier Duchon's French translation (V1.0, 2010; its tables and card
pictures were lost: the reconstructed values are in data/sevenhills/ and its README). The state's
`phase` names its step; each step holds its question, its options and what each does (step.py):

    preplace, take, act, deploy, power, target, protect, discard    turn.py (§IV.6, §V.1)
    levy, return                                                     consul.py (§V.2, §V.3)
    over                                                             the game has ended (§VI)

An action is checked against its step's options before anything changes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine import rng
from engine.core import Component, Event, IllegalAction, Menu, Msg, Outcome, State, Steps
from engine.policy import Stuck, choice

from . import board as B
from . import consul, lookup, take, turn
from .components import load
from .menu import Walking
from .step import G, Step, unlogged
from .view import view as build_view


class Over(Step):
    """The game has ended: nobody is asked."""

    name = "over"

    def asked(self, state: State) -> list[int]:
        return []

    def legal(self, state: State, seat: int) -> list[str]:
        return []


STEPS: dict[str, Step] = {step.name: step for step in (
    turn.PREPLACE, take.TAKE, turn.ACT, turn.DEPLOY, turn.POWER, turn.TARGET, turn.PROTECT,
    turn.DISCARD, consul.LEVY, consul.RETURN, Over())}
# The steps whose lone legal action is played without asking (Game.forced).
FORCED_PHASES = tuple(p for p, step in STEPS.items() if step.forced)
ALL_VERBS = {v for step in STEPS.values() for v in step.verbs}


class SevenHills(Steps):
    key = G
    module = "sevenhills"
    min_players = 3
    max_players = 4
    steps = STEPS

    def components(self, options: Mapping[str, Any]) -> list[Component]:
        return lookup.components(options)

    def shown(self, view: Mapping[str, Any]) -> list[str]:
        return lookup.shown(view)

    # --- setup (§IV) ----------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"{G}.error.players", min=self.min_players, max=self.max_players)
        c = load()
        state: State = {"rng": rng.seed_state(seed)}
        deck = [k.id for k in c.cards]
        rng.shuffle(state, deck)
        # §IV.2: seat 0 is the first player (the service shuffles the seating); clockwise order
        order = list(range(players))
        hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(c.deal):  # §IV.3 « Chaque joueur reçoit 4 cartes clients »
            for s in order:
                hands[s].append(deck.pop())
        discard = [deck.pop()]  # §IV.4 the top card of the deck starts the discard pile
        queue = [s for i, s in enumerate(order) for _ in range(c.preplacement[players][i])]
        state.update(
            players=players,
            era=1,
            order=order,
            turn=0,
            phase="preplace" if queue else "take",
            counter=0,
            limit=c.round_limit[players],
            ending=False,
            temple=c.temple_start,  # §IV.5 the token starts showing 2
            deck=deck,
            discard=discard,
            reshuffles=0,
            hands=hands,
            supply=[dict(c.markers) for _ in range(players)],
            sectors={s: [B.empty_seat_markers() for _ in range(players)] for s in B.sectors_all()},
            legion=[0] * players,
            waiting=[0] * players,
            prestige=[0] * players,
            preplace=queue,
            deploy=[],
            powers=[],
            revolt=None,
            consul=None,
            consuls=[],
            last_scores=None,
            revealed=[],
            penalties=[0] * players,
            outcome=None,
        )
        if not queue:
            take.begin_turn(state)
        return state

    # --- the current step (engine.core.Steps: prompt, asked, legal, menu go to it) ---------------

    def asked(self, state: State) -> list[int]:
        # Steps.asked with its step found here: a playout asks at every action
        return self.steps[state["phase"]].asked(state)

    def menu(self, state: State, seat: int) -> Sequence[str] | Menu:
        step = self.steps[state["phase"]]  # Steps.menu, as `asked`
        return step.menu(state, seat) if seat in step.asked(state) else []

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        """A verb of another step is refused as out of its place; the step checks the rest."""
        verb = action.split()[0]
        if verb not in self.step(state).verbs:
            if verb in ALL_VERBS:
                raise IllegalAction(f"{G}.error.expect.{state['phase']}", action=action)
            raise IllegalAction("error.unknown_action", action=action)
        return super().apply(state, seat, action)

    def apply_legal(self, state: State, seat: int, action: str, menu: object = None,
                    ) -> list[Event]:
        """`apply` without checking again an action taken from `legal` or `menu`, and without
        its log lines, which playouts and searches never read. The move a walk of `menu` chose
        goes straight to its handler; another text is split into its verb and arguments."""
        walked = menu.walked if isinstance(menu, Walking) else None
        if walked is not None and walked[0] == action:
            _, verb, args = walked
        else:
            verb, *args = action.split()
        step = self.steps[state["phase"]]
        with unlogged():
            step.verbs[verb](step, state, seat, verb, args)
        return []

    def play_to_end(self, state: State, rand: random.Random, history: list[tuple[int, str]],
                    max_actions: int) -> None:
        """engine.policy.play_to_end, drawing the same numbers, for a random playout: the
        steps asked directly (most ask one seat), their menus walked by themselves, and the
        walked move handed to its verb's handler, without log lines for the whole playout
        rather than at each of its thousand actions."""
        steps, bit = self.steps, rand.getrandbits
        with unlogged():
            while state["outcome"] is None:
                if len(history) >= max_actions:
                    raise Stuck(f"no end after {max_actions} actions")
                step = steps[state["phase"]]
                asked = step.asked(state)
                if len(asked) == 1:  # all but a revolt's protections (§V.1 Révolte (d))
                    seat = asked[0]
                    while bit(1):  # draw_lone: the generic loop's choice among one seat
                        pass
                elif asked:
                    seat = choice(rand, sorted(asked))
                else:
                    raise Stuck("nobody is asked to act")
                menu: Walking = step.menu(state, seat)
                text = menu.walk(rand)
                _, verb, args = menu.walked
                step.verbs[verb](step, state, seat, verb, args)
                history.append((seat, text))

    def era_scores(self, state: State) -> list[dict[str, Any]]:
        """Each seat's points this era: per open hill, and for knights (§V.3 (1)-(2))."""
        return consul.era_scores(state)

    def forced(self, state: State, seat: int) -> str | None:
        """The lone text of a step whose being forced the board shows: a revolt's last possible
        target (§V.1 Révolte (b): the targets are chosen from the markers on the board and the
        attacker's supply, both public) and the discard of the one card left in hand (§V.1 (3):
        « Votre tour se termine en défaussant 1 carte »; hand sizes are public, and the card goes
        face up on the discard pile as any discard). Anything else is asked
        (data/sevenhills/README.md, reading 17)."""
        step = self.step(state)
        if not step.forced or seat not in step.asked(state):
            return None
        legal = step.legal(state, seat)
        return legal[0] if len(legal) == 1 else None

    def undoable(self, before: State, after: State, events: Any, seat: int) -> bool:
        """A move may be taken back only if it drew nothing (deck and generator unchanged:
        no card from the deck, no random theft), told nobody anything privately, and is not
        part of a revolt (§V.2: the attacker's choice of targets is final)."""
        revolt = ("target", "protect")
        return (before["rng"] == after["rng"] and before["deck"] == after["deck"]
                and not any(e.to is not None for e in events)
                and before["phase"] not in revolt and after["phase"] not in revolt)

    def outcome(self, state: State) -> Outcome | None:
        if state["outcome"] is None:
            return None
        # The state keeps the details it was stored with; each seat's is told as its final
        # score line (Outcome.score_of), with its markers on the Forum (the tie-break) if any.
        out = Outcome.from_json(state["outcome"])
        return replace(out, details=tuple(_score_line(d) for d in out.details))

    def score_lines(self, state: State) -> dict[int, Msg]:
        """Each seat's public standing: prestige, markers on the Forum (the consul election and
        the final tie-break), knights on the board (their points), and the consul's title."""
        consuls = state["consuls"]
        return {
            s: Msg(f"{G}.score_line_consul" if s in consuls else f"{G}.score_line", {
                "points": state["prestige"][s], "forum": B.forum_markers(state, s),
                "k": B.on_board(state, s, "knight")})
            for s in range(state["players"])
        }

    # --- what each seat sees ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(self, state, seat)


def _score_line(detail: Msg) -> Msg:
    """A stored `seven-hills.outcome.detail` as the seat's final score line."""
    if detail.key != f"{G}.outcome.detail":
        return detail
    p = detail.params
    return Msg(f"{G}.outcome.score", {
        "seat": p["seat"], "n": p["points"],
        "forum": Msg(f"{G}.outcome.forum_markers", {"n": p["forum"]}) if p["forum"] else ""})
