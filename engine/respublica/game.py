"""Res Publica (Reiner Knizia): the rules as a state machine over plain JSON.

Rulebook: Res Publica (Reiner Knizia, Queen Games), French rulebook. Every reading of an
ambiguous passage is listed in data/respublica/README.md. The game is a table of its steps
(steps.py: a turn, the answers to a trade, accepting one, delivering, the final lay-downs), each
with who it asks, its prompt, its legal texts and what each verb does; here are the setup, what
each seat sees, the scores and what the platform may do for an absent player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine import rng
from engine.core import Component, IllegalAction, Msg, OptionSpec, Outcome, State, Steps

from . import lookup
from .cards import CIVILISATION, CLASSIC, FULL, PEOPLE, Variant, variant
from .steps import PASS, STEPS, answerer, cannot_answer, cities, score, v_of
from .trade import cards_text


class ResPublica(Steps):
    key = "res-publica"
    module = "respublica"
    min_players = 3
    max_players = 5
    options = (OptionSpec("classic", Msg("res-publica.option.classic")),)

    def components(self, options: Mapping[str, Any]) -> list[Component]:
        return lookup.components(options)

    def shown(self, view: Mapping[str, Any]) -> list[str]:
        return lookup.shown(view)

    # --- setup ----------------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "res-publica.error.players", min=self.min_players, max=self.max_players
            )
        v = variant(CLASSIC if options.get("classic") else FULL)
        state: State = {"rng": rng.seed_state(seed)}
        decks: dict[str, list[str]] = {PEOPLE: [], CIVILISATION: []}
        for k in v.kinds:
            decks[v.family[k]].extend([k] * v.counts[k])
        # Préparation du jeu: civilisation cards shuffled, then the people cards
        rng.shuffle(state, decks[CIVILISATION])
        rng.shuffle(state, decks[PEOPLE])
        hands = [dict.fromkeys(v.kinds, 0) for _ in range(players)]
        for _ in range(v.deal):  # « Chaque joueur reçoit 4 cartes »
            for hand in hands:
                hand[decks[PEOPLE].pop()] += 1
        state.update(
            variant=v.name,
            players=players,
            decks=decks,  # the top of a deck is the end of its list
            hands=hands,
            groups=[[] for _ in range(players)],
            piles={card: list(values) for card, values in v.piles.items()},
            active=0,  # the service shuffles seats: seat 0 stands for « le joueur le plus âgé »
            turn=1,
            phase="turn",
            traded=False,
            laid=False,
            trade=None,
            last_round=False,
            last_drawer=None,
            turns_left=None,
            final=None,
            outcome=None,
        )
        return state

    # --- who acts, what they may do and what it does: the steps (steps.py) ------------------------

    steps = STEPS

    # --- scores ---------------------------------------------------------------------------------

    def score(self, state: State, seat: int) -> tuple[int, int]:
        """(points on point cards, pairs in hand)."""
        return score(state, seat)

    def score_lines(self, state: State) -> dict[int, Msg]:
        """Each seat's public standing: points laid, groups laid, cards in hand (their number
        only); once the game is scored, the total with the pairs the final count revealed."""
        n = state["players"]
        outcome = state["outcome"]
        out: dict[int, Msg] = {}
        for s in range(n):
            groups = state["groups"][s]
            points = sum(g["value"] for g in groups)
            if outcome is not None:
                cards, pairs = self.score(state, s)
                out[s] = Msg("res-publica.score.final", {"total": cards + pairs,
                                                         "points": cards, "pairs": pairs})
            else:
                out[s] = Msg("res-publica.score.line", {
                    "points": points, "groups": len(groups),
                    "cards": sum(state["hands"][s].values())})
        return out

    # --- play over days -------------------------------------------------------------------------

    def default_action(self, state: State, seat: int) -> str | None:
        """For an absent player: pass on a trade, decline the answers, keep a promise the first
        way it can be kept, end the turn (drawing, as every turn ends), lay nothing more."""
        legal = self.legal(state, seat)
        for text in (PASS, "decline", "end", "done"):
            if text in legal:
                return text
        return legal[0] if state["phase"] == "deliver" and legal else None

    def forced(self, state: State, seat: int) -> str | None:
        """`pass` for the answerer of a trade who cannot answer, which the rules make public:
        a seek, when its hand cannot give what was sought (Commerce, A: « les joueurs, qui
        possèdent la carte recherchée, annoncent, chacun leur tour, ce qu'il désire en échange
        de cette carte »: the others do not announce); an offer, when its hand is empty (an
        answer names cards the answerer holds, « un joueur n'a le droit de proposer que des
        cartes qu'il possède », and hand sizes are public). Decided from the seat's own hand
        and the public proposal only. Anything else is asked, a lone `end`, `decline` or `done`
        included: that nothing can be laid or paid would tell the others about a hand
        (data/respublica/README.md, reading 23)."""
        if state["phase"] != "answers" or seat != answerer(state):
            return None
        return PASS if cannot_answer(state, seat) else None

    def undoable(self, before: State, after: State, events: Any, seat: int) -> bool:
        """Nothing drawn (the decks and the generator are unchanged), nothing shown to one player
        only, no answer given by another player (a move that asks others is final once
        they have answered, and undo is only offered while nobody acted since), and no pass
        forced on a seat that cannot answer: « Bob cannot give 2 Hun cards » tells what a hand
        lacks, and « Chaque joueur n'a qu'une seule tentative » (Res Publica, commercial
        rules): a seek or an offer it followed stands (data/respublica/README.md)."""
        return (before["rng"] == after["rng"] and before.get("decks") == after.get("decks")
                and not any(e.to is not None for e in events)
                and after["phase"] != "deliver" and self.forced(before, seat) is None)

    def outcome(self, state: State) -> Outcome | None:
        if state["outcome"] is None:
            return None
        # The state keeps the details it was stored with; each seat's is told as its final
        # score line (Outcome.score_of): the total, then its parts that are not zero.
        out = Outcome.from_json(state["outcome"])
        return replace(out, details=tuple(_score_line(d) for d in out.details))

    # --- what each seat sees ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        v = v_of(state)
        piles = state["piles"]
        out: dict[str, Any] = {
            "game": self.key,
            "variant": v.name,
            "players": state["players"],
            "viewer": seat,
            "active": state["active"] if state["phase"] != "over" else None,
            "phase": state["phase"],
            "prompt": sorted(self.prompt(state)),
            "turn": state["turn"],
            "traded": state["traded"],
            "laid": state["laid"],
            "last_round": state["last_round"],
            "last_drawer": state["last_drawer"],
            "turns_left": state["turns_left"],
            "piles": {
                "people": len(state["decks"][PEOPLE]),
                "civilisation": len(state["decks"][CIVILISATION]),
                "towns": list(piles["town"]),
                "cities": len(piles["city"]),
                "churches": len(piles.get("church", [])),
                "libraries": len(piles.get("library", [])),
            },
            "kinds": [{"kind": k, "family": v.family[k]} for k in v.kinds],
            "generic": [PEOPLE, CIVILISATION, "cards"],
            "seats": [
                {
                    "hand": sum(state["hands"][s].values()),
                    "groups": [dict(g) for g in state["groups"][s]],
                    "points": sum(g["value"] for g in state["groups"][s]),
                    "cities": cities(state, s),
                    "libraries": sum(1 for g in state["groups"][s] if g["card"] == "library"),
                }
                for s in range(state["players"])
            ],
            "trade": _trade_view(state["trade"], seat, v),
            "final": dict(state["final"]) if state["final"] else None,
            "outcome": state["outcome"],
        }
        if seat is not None:
            out["hand"] = {k: n for k, n in state["hands"][seat].items() if n > 0}
        return out


# --- helpers ---------------------------------------------------------------------------------------

def _trade_view(trade: Mapping[str, Any] | None, seat: int | None, v: Variant) -> Any:
    if trade is None:
        return None
    out: dict[str, Any] = {
        "by": trade["by"],
        "mode": trade["mode"],
        "proposal": trade["proposal"],
        "answers": [{"seat": a["seat"], "answer": a["answer"]} for a in trade["answers"]],
        "accepted": trade["accepted"],
    }
    if trade["deliver"] is not None:
        # who still chooses is public; what a chooser picked stays hidden until the swap,
        # except from the chooser themself
        out["deliver"] = [
            {"seat": s["seat"], "to": s["to"], "promise": s["promise"],
             "chosen": s["cards"] is not None,
             **({"cards": cards_text(v, s["cards"])}
                if s["cards"] is not None and s["seat"] == seat and not s["auto"] else {})}
            for s in trade["deliver"]
        ]
    return out


def _score_line(detail: Msg) -> Msg:
    """A stored `res-publica.outcome.detail` as the seat's final score line: "Brutus 48 points:
    45 on point cards, 3 for pairs", the parts that are not zero."""
    if detail.key != "res-publica.outcome.detail":
        return detail
    p = detail.params
    parts = tuple(Msg(f"res-publica.outcome.part_{k}", {"n": p[k]})
                  for k in ("cards", "pairs") if p[k])
    # Its parameters keep the stored ones (cards, pairs, total): the pictures read the pairs.
    return Msg("res-publica.outcome.score", {
        **p, "n": p["total"],
        "parts": Msg("res-publica.outcome.parts", {"parts": parts}) if parts else ""})
