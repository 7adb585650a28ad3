"""What every game declares for the contract tests (tests/contract/): written once over the
registry, each game brings only its own facts here.

A new game copies the toy game's entry (`TOY`, tests/platform/toy.py is its template) and adds a
`Contract` to `CONTRACTS` under its registry key; tests/contract/test_registry.py fails until it
does. The hooks reuse the game's own helpers (tests/<game>/playouts.py and helpers.py): the
invariants a state keeps, the scrambling of what a seat cannot see, the AI positions.

What each contract test checks, for every game and each of its option sets:
- test_i18n.py: the catalogues have the same keys and parameters in French and English, every
  key the engine names or builds exists, every text of random games (prompts, events, outcomes,
  the tokens of every legal action) is translated;
- test_determinism.py: the same seed deals the same game, another seed another; the same
  actions from the same seed lead to the same state (the history replays to it);
- test_hidden.py: hidden information never reaches a view, a public log line, a seat not asked,
  or a computer player's decision;
- test_sweep.py: many seeds end without a dead end, keep the invariants and replay;
- test_e2e.py: a complete game through the real discord.py client against tests/standin.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine import registry
from engine.core import Event, State, play
from engine.policy import walk

History = tuple[tuple[int, str], ...]
Playout = tuple[History, State, tuple[Event, ...]]


@dataclass(frozen=True, eq=False)
class Config:
    """An option set at a player count."""

    name: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Sweep:
    """Seeds `first` .. `first + seeds - 1` of a config, `chunk` per test."""

    config: Config
    first: int
    seeds: int
    chunk: int
    replay_every: int = 1  # the history is replayed for seeds divisible by this


@dataclass(frozen=True)
class E2E:
    """A complete game through Discord: who plays (name, locale), the seed, the options typed."""

    name: str
    seed: int
    players: tuple[tuple[str, str], ...]
    options: str | None = None
    limit: int = 2000
    min_actions: int = 0  # the game played at least so many actions (seen.actions)
    min_acks: int = 0  # and so many steps acknowledged (seen.acks)
    privacy: str = "always"  # check_privacy: "always", "if-private" (some line was), "never"
    carried: bool = False  # the Play menu carried players through turns of several steps
    lobby: Sequence[str] = ()  # texts the lobby post shows
    after_open: Callable[..., Awaitable[None]] | None = None  # (world, players, outsider)
    after_join: Callable[..., Awaitable[None]] | None = None  # (world, players, outsider)
    after_start: Callable[..., Awaitable[None]] | None = None  # (world, players)
    after_end: Callable[..., Awaitable[None]] | None = None  # (world, players, seen)


@dataclass(frozen=True)
class AIPositions:
    """States for the no-peeking test of the computer players (tests/ai/test_<game>.py)."""

    name: str
    positions: Callable[[], Sequence[State]]
    twin: Callable[[State, int], State]  # the same game as the seat sees it, hidden parts changed
    changed: Callable[[State, State], bool]  # the twin differs in hidden parts
    decide: Callable[[int, State, int], bool]  # the levels decide here (i, state, seat)
    hard: int = 16  # the `hard` level's budget


def default_seat(cfg: Config, asked: Sequence[int], rnd: random.Random) -> int:
    return rnd.choice(sorted(asked))


def lowest_seat(cfg: Config, asked: Sequence[int], rnd: random.Random) -> int:
    return min(asked)


def only_seat(cfg: Config, asked: Sequence[int], rnd: random.Random) -> int:
    assert len(asked) == 1, f"asked {sorted(asked)}"
    return next(iter(asked))


@dataclass
class Step:
    state: State  # before the action
    seat: int
    legal: list[str]
    text: str
    after: State
    events: list[Event]


@dataclass(frozen=True)
class Contract:
    key: str
    module: str  # engine/<module>, data/<module>
    configs: tuple[Config, ...]
    # the game's own playout (cached where the game's tests cache it), same games as its tests
    playout: Callable[[Config, int], Playout]
    catalogued: bool = True  # its texts are in data/<module>/i18n (the toy's are not)
    # the random player: which asked seat acts, and its text from the menu or legal list
    seat: Callable[[Config, Sequence[int], random.Random], int] = default_seat
    policy: Callable[[Config, int, int], Callable[[Any, random.Random], str]] = (
        lambda cfg, seed, seat: walk)
    use_menu: bool = False  # the walker reads Game.menu rather than Game.legal
    rng: Callable[[Config, int], random.Random] = lambda cfg, seed: random.Random(seed)
    max_steps: int = 20_000
    invariants: Callable[[State, Config], None] = lambda state, cfg: None
    no_leak: Callable[[State, random.Random, Config], None] = lambda state, rnd, cfg: None
    public_events: Callable[[State, State, list[Event]], None] = lambda before, after, ev: None
    final: Callable[[History, State, tuple[Event, ...], Config, int], None] = (
        lambda history, state, events, cfg, seed: None)
    sweeps: tuple[Sweep, ...] = ()
    determinism: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (config name, seeds)
    hidden: tuple[tuple[str, tuple[int, ...]], ...] = ()  # games checked at every step
    hidden_every: int = 1
    private_to_actor: bool = True  # a private event goes to the acting seat only
    built_keys: Callable[[], set[str]] = set  # keys the engine builds at run time
    named_keys: Callable[[str], set[str]] = lambda source: set()  # other ways it names them
    not_keys: frozenset[str] = frozenset()  # literals that are prefixes, not keys
    # (config name, seeds, "legal" | "history"): every token of every legal text at every step,
    # or of every text played, has a label in both languages
    token_games: tuple[tuple[str, tuple[int, ...], str], ...] = ()
    tokens_expected: frozenset[str] = frozenset()
    ai: tuple[AIPositions, ...] = ()
    e2e: tuple[E2E, ...] = ()

    @property
    def game(self) -> Any:
        return registry.get(self.key)

    def config(self, name: str) -> Config:
        return next(c for c in self.configs if c.name == name)

    def steps(self, cfg: Config, seed: int) -> Iterator[Step]:
        """A whole random game with this contract's player, step by step."""
        g = self.game
        rnd = self.rng(cfg, seed)
        state = g.setup(cfg.players, seed, dict(cfg.options))
        for _ in range(self.max_steps):
            if g.outcome(state) is not None:
                return
            asked = g.prompt(state)
            assert asked, f"seed {seed}: nobody to act and no outcome"
            seat = self.seat(cfg, list(asked), rnd)
            legal = g.legal(state, seat)
            assert legal, f"seed {seed}: dead end for seat {seat}"
            choose = self.policy(cfg, seed, seat)
            text = choose(g.menu(state, seat) if self.use_menu else legal, rnd)
            after, events = play(g, state, seat, text)
            yield Step(state, seat, legal, text, after, events)
            state = after
        raise AssertionError(f"seed {seed}: no end after {self.max_steps} actions")


@cache
def generic_playout(key: str, cfg: Config, seed: int) -> Playout:
    """A game played by the contract's random player (games without their own playout)."""
    c = TOY if key == "toy" else CONTRACTS[key]
    g = c.game
    history: list[tuple[int, str]] = []
    events: list[Event] = []
    rnd = c.rng(cfg, seed)
    state = g.setup(cfg.players, seed, dict(cfg.options))
    for _ in range(c.max_steps):
        if g.outcome(state) is not None:
            return tuple(history), state, tuple(events)
        asked = g.prompt(state)
        assert asked, f"seed {seed}: nobody to act and no outcome"
        seat = c.seat(cfg, list(asked), rnd)
        if c.use_menu:
            menu = g.menu(state, seat)
            assert (menu.choices([]) if hasattr(menu, "choices") else menu), \
                f"seed {seed}: dead end for seat {seat}"
            text = c.policy(cfg, seed, seat)(menu, rnd)
        else:
            legal = g.legal(state, seat)
            assert legal, f"seed {seed}: dead end for seat {seat}"
            text = c.policy(cfg, seed, seat)(legal, rnd)
        state, ev = play(g, state, seat, text)
        history.append((seat, text))
        events += ev
    raise AssertionError(f"{cfg.name} seed {seed}: no end after {c.max_steps} actions")


from tests.contract import entries  # noqa: E402  (the games' entries use the types above)

CONTRACTS: dict[str, Contract] = entries.contracts()
TOY: Contract = entries.toy()
