"""The extension points of 7 Wonders Duel: what an expansion may add to the base game.

The base game (every module of engine/duel/ outside its expansion packages) never imports an
expansion. It calls the hooks of `Expansion` below, for the expansions a game was set up with,
and an expansion (a package beside the base game: engine/duel/agora/, engine/duel/leaders/)
overrides the hooks it needs, using only the base game's public functions. Every hook's default
changes nothing, so an expansion that does not override it is neutral there.

An expansion is enabled in a game when the state holds its part (`state[key]`, written by its
`setup`); the base calls the enabled ones in the order of `EXPANSIONS` (the order their setups
draw from the random generator, which a stored game's replay depends on). Where several may
answer, the hook says how answers combine: added up (coins, points, resources spared), the
first answer that is not None (a rule replaced), or all of them in turn (events, texts).

Adding an expansion: a package with a subclass of `Expansion` and one line in `EXPANSIONS`
(ARCHITECTURE.md « Duel's extension points » walks through an example).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from engine.core import Component as CoreComponent
from engine.core import Event, Msg, OptionSpec, State

from . import cards
from .values import Move

if TYPE_CHECKING:  # for the hooks' signatures only
    from engine.ai.deal import Deal

    from .cards import Component, Slot

# "module:attribute" of each expansion's instance, imported on first use (as engine/registry.py
# names the games). Order: the order of the setups, and of every hook call.
EXPANSIONS = (
    "engine.duel.leaders:LEADERS",
    "engine.duel.agora:AGORA",
)

Do = Callable[[State, int, Move], list[Event]]


class Expansion:
    """An expansion of 7 Wonders Duel. Override what the expansion changes; nothing else."""

    key: str = ""  # its option's name, and its part of the state (`state[key]`)
    option: OptionSpec
    score_keys: tuple[str, ...] = ()  # its parameters of the standing line `duel.score.line`
    parts: tuple[str, ...] = ()  # its categories of the points (`points`), named at the end
    verbs: Mapping[str, Do] = {}  # its own action verbs, when the base's options list them
    # its phases whose lone legal action is played without asking (Game.forced): only where
    # the rules make public that it is forced; united with the base's and the other expansions'
    forced_phases: frozenset[str] = frozenset()

    def on(self, state: State) -> bool:
        return self.key in state

    # --- setup and the flow of a game ------------------------------------------------------------

    def setup(self, state: State, value: Any) -> None:
        """The game was set up with this option (`value` is the option's value): add the
        expansion's components and its part of the state."""

    def handles(self, state: State, text: str) -> bool:
        """The expansion drives this moment itself (its own phases): the base hands `prompt`,
        `legal` and `apply` to `ask`, `legal` and `apply` below. `text` is "" for prompt/legal."""
        return False

    def ask(self, state: State) -> dict[int, Msg]:
        return {}

    def legal(self, state: State, seat: int) -> list[str]:
        return []

    def apply(self, state: State, seat: int, text: str) -> list[Event]:
        return []

    def phase_options(self, state: State, seat: int) -> dict[str, Move]:
        """The legal texts of a phase of the expansion's that the base drives (its moves are
        applied by `verbs`); {} for any other phase."""
        return {}

    def ask_params(self, state: State) -> dict[str, Any]:
        """Parameters of the question `duel.ask.<phase>` for the expansion's phases."""
        return {}

    def recorded(self, state: State, seat: int, text: str) -> Move | None:
        """A text stored games hold that the rules no longer offer (a rule corrected since):
        the move it made then, so that those games still replay (the first that answers)."""
        return None

    def play_options(self, state: State, seat: int, out: dict[str, Move],
                     cards: Mapping[str, int]) -> None:
        """Add the expansion's own texts of a turn's play (`out`: text -> move), whose verbs
        are the expansion's: the base's texts are worked out apart, only when a player's menu
        needs them (moves.Play). `cards`: the accessible cards (id -> slot), worked out once
        for the turn (`structure.accessible_cards`)."""

    def constructible(self, state: State, seat: int, comp: Component) -> bool:
        """Whether an accessible card may be constructed at all (all must agree): a senator,
        for one, is recruited instead (Agora)."""
        return True

    def after_action(self, state: State, verb: str) -> None:
        """An action of the base or the expansions' verbs was applied."""

    def interject(self, state: State) -> list[Event]:
        """After a draft pick or the choice of who begins (which set the next prompt
        themselves): ask the decisions the expansion queued meanwhile."""
        return []

    def before_age(self, state: State, age: int, starter: int) -> list[Event] | None:
        """Before the structure of `age` is laid (`starter` begins Age I, or chooses who begins
        a later age). None: the base lays it now; else the expansion takes over until it does
        (`game.start_age`). The first expansion that answers takes over."""
        return None

    def advance(self, state: State) -> list[Event] | None:
        """The base is about to ask the next decision: None lets it; else the expansion's own
        sequence goes on (the first that answers)."""
        return None

    def prune(self, state: State) -> None:
        """Drop queued decisions of the expansion's that have nothing left to choose."""

    def resume(self, state: State) -> bool:
        """Nothing is queued: go back to what the expansion interrupted (True if it did)."""
        return False

    def forget_resume(self, state: State, phases: tuple[str, ...]) -> None:
        """Another expansion's sequence (in `phases`) goes on by itself: do not resume into it."""

    def refuse(self, state: State, seat: int, tokens: list[str]) -> None:
        """Explain a refused text of the expansion's verbs or phases (raise IllegalAction)."""

    def undoable(self, before: State, after: State) -> bool:
        """False if the move revealed something of the expansion's (all must agree)."""
        return True

    # --- costs and prices -----------------------------------------------------------------------

    def trade_prices(self, state: State, seat: int, prices: dict[str, int]) -> dict[str, int]:
        """Change the seat's price of each resource bought from the bank (in turn)."""
        return prices

    def trade_cost(self, state: State, seat: int, need: dict[str, int],
                   producers: list[tuple[str, ...]], unit: dict[str, int]) -> int | None:
        """Another way to buy `need`; None: the base's (the first that answers)."""
        return None

    def reduction(self, state: State, seat: int, comp: Component) -> int:
        """Resources the seat may leave out of the component's cost (added up)."""
        return 0

    def ignores_coin_cost(self, state: State, seat: int, comp: Component) -> bool:
        """The seat may ignore the component's coin cost (any)."""
        return False

    def chained(self, state: State, seat: int, comp: Component) -> bool:
        """The component is free by a chain for another reason than the city's symbols (any)."""
        return False

    def chains(self, state: State, seat: int) -> set[str]:
        """Chain symbols the seat has besides its cards' (united)."""
        return set()

    def pricing(self, state: State, seat: int) -> Pricing | None:
        """`constructible` and the price hooks above for one seat at one moment, asked for every
        component a turn prices (payment.Market): an expansion whose answers read the same facts
        for each component (decrees in force, a leader recruited) reads them once here. None:
        the expansion changes no price and no construction of the seat's at this moment (its
        hooks would all answer as the defaults do), so a turn asks it nothing."""
        return Pricing(self, state, seat)

    def discard_bonus(self, state: State, seat: int) -> int:
        """Coins more for a discarded card (added up)."""
        return 0

    def passes_wonder_limit(self, state: State, seat: int) -> bool:
        """The seat may build a wonder when 7 are built (any)."""
        return False

    def wonders_counted(self, state: State) -> int:
        """Wonders built that count towards the 7 though no city holds them (added up)."""
        return 0

    def after_pay(self, state: State, seat: int, comp_id: str,
                  spare: tuple[str, ...] | None) -> list[Event]:
        """The seat paid for a card or a wonder (before taking it)."""
        return []

    # --- effects ------------------------------------------------------------------------------

    def on_draft_pick(self, state: State, seat: int, wonder: str) -> list[Event]:
        """The seat took a wonder in the draft."""
        return []

    def on_construct(self, state: State, seat: int, card: str) -> list[Event]:
        """A card entered the seat's city (after its coins, before its shields and science)."""
        return []

    def on_wonder(self, state: State, seat: int, wonder: str) -> list[Event]:
        """The seat built a wonder (before the wonder's own effects)."""
        return []

    def after_wonder(self, state: State, seat: int, wonder: str) -> list[Event]:
        """The wonder's own effects are applied (not called if they ended the game)."""
        return []

    def on_science(self, state: State, seat: int, card: str) -> list[Event] | None:
        """A card with a science symbol entered the city: None lets the base rule apply (a
        pair, supremacy); else the expansion decides first (the first that answers)."""
        return None

    def science_symbols(self, state: State, seat: int) -> dict[str, str]:
        """Symbols that replace those printed on the seat's cards (card -> symbol)."""
        return {}

    def cancel_pawn(self, state: State) -> list[Event] | None:
        """The pawn is about to move: events if the move is cancelled (the first answers)."""
        return None

    def military_token(self, state: State, seat: int, i: int) -> list[Event] | None:
        """The pawn entered the zone of military token i: its effect if the expansion replaces
        the base's looting (the first that answers)."""
        return None

    def loot(self, state: State, mover: int, victim: int, amount: int) -> list[Event] | None:
        """A looting token takes `amount` coins from `victim`: another way (the first answers)."""
        return None

    def after_pawn(self, state: State) -> list[Event]:
        """The pawn finished moving and nobody won by it."""
        return []

    # --- scoring and what is seen ----------------------------------------------------------------

    def points(self, state: State, seat: int) -> dict[str, int]:
        """Categories of points the expansion adds (in the totals)."""
        return {}

    def score_params(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        """The seat's `score_keys` in its standing line, from the public view only."""
        return {}

    def structure(self, state: State, age: int) -> tuple[Slot, ...] | None:
        """The age's layout when the expansion changes it (the first that answers)."""
        return None

    def slot(self, state: State, out: dict[str, Any], card: str | None) -> bool:
        """Describe a structure slot holding one of the expansion's cards (True if it did)."""
        return False

    def extend_view(self, view: dict[str, Any], state: State, seat: int | None) -> None:
        """Add the expansion's public part (and `view["private"]` for a seat)."""

    # --- computer players (engine/duel/ai.py) ------------------------------------------------------

    def hide(self, state: State, seat: int, deal: Deal) -> None:
        """A bot's determinization (engine/ai/deal.py): register the expansion's places `seat`
        cannot see, and what of the base's hidden piles it does see thanks to the expansion
        (called before the base registers its own, in turn)."""

    def lookup(self) -> list[CoreComponent]:
        """Its components in words, for `/game card` (engine/duel/lookup.py, which it may use
        to say a card of the base game's shape)."""
        return []

    def worth(self, state: State, seat: int) -> float:
        """A bot's estimate of what the seat's part of the expansion is worth beyond the points
        it already scores, in points (added up)."""
        return 0.0


class Pricing:
    """An expansion's price hooks bound to one seat at one moment (`Expansion.pricing`): by
    default each question is put to the hook; a subclass answers from facts read once."""

    def __init__(self, ext: Expansion, state: State, seat: int) -> None:
        self.ext, self.state, self.seat = ext, state, seat

    def key(self) -> Any:
        """Every fact of the state that the answers of `trade_prices`, `trade_cost`, `reduction`
        and `ignores_coin_cost` read for the seat, as a hashable value: equal keys (with equal
        cities and the same other expansions' keys), equal answers for every component, so
        prices are kept under it (payment.quotes). None (the default): they cannot be kept."""
        return None

    def trade_prices(self, prices: dict[str, int]) -> dict[str, int]:
        return self.ext.trade_prices(self.state, self.seat, prices)

    def trade_cost(self, need: dict[str, int], producers: list[tuple[str, ...]],
                   unit: dict[str, int]) -> int | None:
        return self.ext.trade_cost(self.state, self.seat, need, producers, unit)

    def reduction(self, comp: Component) -> int:
        return self.ext.reduction(self.state, self.seat, comp)

    def ignores_coin_cost(self, comp: Component) -> bool:
        return self.ext.ignores_coin_cost(self.state, self.seat, comp)

    def chained(self, comp: Component) -> bool:
        return self.ext.chained(self.state, self.seat, comp)

    def constructible(self, comp: Component) -> bool:
        return self.ext.constructible(self.state, self.seat, comp)


_loaded: tuple[Expansion, ...] | None = None
_loading = False


def registered() -> tuple[Expansion, ...]:
    """Every expansion, imported on first use (which also registers their components);
    () while they are being imported."""
    global _loaded, _loading
    if _loaded is None:
        if _loading:
            return ()
        _loading = True
        try:
            found = []
            for ref in EXPANSIONS:
                module, _, name = ref.partition(":")
                found.append(getattr(import_module(module), name))
            _loaded = tuple(found)
        finally:
            _loading = False
    return _loaded


_components = False


def load_components() -> bool:
    """Import every expansion's modules, which registers their components with
    `cards.EXTRA` (True the first time: later calls have nothing to add)."""
    global _components
    if _components:
        return False
    _components = True
    for ref in EXPANSIONS:
        import_module(ref.partition(":")[0])  # a module being imported is simply returned
    return True


cards.find_more_with(load_components)  # cards.get asks for an expansion's card by its id


class Enabled(tuple[Expansion, ...]):
    """A game's expansions, in order, and for each hook of `Expansion` those of them that
    override it (`hooks`): a hook's default changes nothing, so the base need not ask an
    expansion that keeps it (a step asks a dozen hooks, most of them kept by one of the two)."""

    hooks: dict[str, Enabled]


def _enabled(exts: tuple[Expansion, ...]) -> Enabled:
    found = _sets.get(exts)
    if found is None:
        found = _sets[exts] = Enabled(exts)  # kept before its hooks: a hook's set may be it
        found.hooks = {
            name: _enabled(tuple(e for e in exts if getattr(type(e), name) is not default))
            for name, default in vars(Expansion).items()
            if callable(default) and not name.startswith("_")}
    return found


_sets: dict[tuple[Expansion, ...], Enabled] = {}  # one per set of expansions: a handful


def enabled(state: State, hook: str | None = None) -> Enabled:
    """The expansions this game was set up with, in order; with `hook`, only those that
    override that hook of `Expansion`, in order (the others would change nothing).

    Asked about a thousand times a playout, nearly always of the state asked just before: the
    answer for the last state is kept beside it. An expansion's key enters a state at its setup
    and never leaves it, so the same state holding as many keys has the same expansions (its
    size tells a state still being set up). The three are one tuple, read once, so threads
    asking of different states never mix them; holding the state keeps its id from being
    reused by another."""
    global _last
    last = _last
    if last[0] is state and last[1] == len(state):
        found = last[2]
    else:
        out = []
        for e in _loaded if _loaded is not None else registered():
            if e.key in state:
                out.append(e)
        found = _enabled(tuple(out))
        _last = (state, len(state), found)
    return found if hook is None else found.hooks[hook]


_last: tuple[Any, int, Enabled] = (None, -1, _enabled(()))


def options() -> tuple[OptionSpec, ...]:
    return tuple(e.option for e in registered())
