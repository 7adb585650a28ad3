"""Shared helpers for the Héros du Monde tests: a game, arranged states, a forced die.

Rule tests cite the rulebook the Héros du Monde rulebook (French edition; docs/SOURCES.md) as « RB » with its
heading. States are arranged by editing the plain JSON state, then played through
engine.core.play, like the service does.
"""

from __future__ import annotations

from engine import rng
from engine.core import State, play
from engine.heros import Heros
from engine.heros.components import load

G = Heros()
RB = "002_1590ecd798d68744.txt"


def fresh(players: int = 3, seed: int = 1) -> State:
    return G.setup(players, seed, {})


def act(state: State, seat: int, action: str) -> tuple[State, list]:
    return play(G, state, seat, action)


def after_setup(players: int = 3, seed: int = 1) -> State:
    """A game right after the initial placement: each player put 7 pawns, seat s on the s-th
    ancient territory (in the data order)."""
    state = fresh(players, seed)
    terrs = load().territory_ids("ancient")
    while state["step"] == "setup":
        seat = state["active"]
        state, _ = act(state, seat, f"place {terrs[seat % len(terrs)]}")
    return state


def clear_board(state: State) -> State:
    """No population and no discovery anywhere (population back to the supply)."""
    for t, pops in state["pop"].items():
        for s, n in enumerate(pops):
            state["supply"][s] += n
            pops[s] = 0
        state["ladders"][t] = []
    return state


def put(state: State, seat: int, territory: str, n: int) -> None:
    state["pop"][territory][seat] += n
    state["supply"][seat] -= n


def give_hero(state: State, seat: int, hero_id: str) -> None:
    """Put `hero_id` in the seat's hand (taken out of wherever it is)."""
    for pile in (state["deck"], state["row"], *state["hands"]):
        if hero_id in pile:
            pile.remove(hero_id)
    state["hands"][seat].append(hero_id)


def to_play_step(state: State, hero_id: str, seat: int | None = None) -> State:
    """The active seat (or `seat`, made active) holds `hero_id` and is about to play it."""
    if seat is not None:
        state["active"] = seat
    give_hero(state, state["active"], hero_id)
    state["step"] = "play"
    state["turn"] = {"hero": None, "from_row": False, "pop_left": 0, "drawn": [], "used": []}
    return state


def to_modern(state: State) -> State:
    """Switch an arranged state to the modern era's bag, wonders and heroes, bypassing play."""
    c = load()
    state["era"] = "modern"
    state["bag"] = sorted(c.token_ids("modern"))
    state["wonders"] = [{"id": w, "owner": None, "used": False}
                        for w in c.wonder_ids("modern", state["players"])]
    return state


def force_face(state: State, face: str) -> None:
    """Set the generator so that the next die roll shows `face`."""
    faces = [f.id for f in load().die]
    idx = faces.index(face)
    for r in range(10_000):
        probe = {"rng": r}
        if rng.randbelow(probe, len(faces)) == idx:
            state["rng"] = r
            return
    raise AssertionError("no seed found")


def force_bag(state: State, tokens: list[str]) -> None:
    """The bag holds exactly `tokens` (others are set aside), so the draw is known."""
    state["bag"] = sorted(tokens)


def owner(state: State, wonder_id: str, seat: int, used: bool = False) -> None:
    for w in state["wonders"]:
        if w["id"] == wonder_id:
            w["owner"], w["used"] = seat, used
            return
    state["wonders"].append({"id": wonder_id, "owner": seat, "used": used})
