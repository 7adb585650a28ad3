"""The extension points of 7 Wonders Duel's pictures: what an expansion may add to the base
game's board, turn picture and hand (render/duel/ on the renderer's side of
engine/duel/expansion.py).

The base pictures (every module of render/duel/ outside its expansion packages) never import an
expansion. They call the hooks of `Extension` below, and an expansion (a package beside them:
render/duel/agora/, render/duel/leaders/) overrides the hooks it needs. Every hook's default
adds nothing, so an expansion that does not override it is neutral there.

Two families of hooks:
- what the view holds: an expansion is enabled in a view when the view has its part
  (`view[key]`, engine/duel/VIEW.md); `enabled(view)` lists those, in the order of `EXTENSIONS`
  (the engine's), which is the order of their bands under the board and their sections in the
  hand. Their numbers (the standing on the turn picture, the columns of the score tables) come
  in the order of `NUMBERS`.
- what a thing is (a structure slot, an item's kind, a category of points, an action's verb):
  answered by the first registered expansion that knows it, whether or not the view has its
  part (a verb of Agora only ever appears in a game with Agora).

Where several may answer, the hook says how answers combine, as in the engine: the first that
is not None (`first_answer`), all in turn, or added up.

Adding an expansion's pictures: a package with a subclass of `Extension` and one line in
`EXTENSIONS` (ARCHITECTURE.md « Duel's extension points », step 5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, TypeVar

from PIL import Image

from render.common import RGB, Box
from render.duel.item import Item

View = Mapping[str, Any]
T = TypeVar("T")

# "module:attribute" of each expansion's pictures, imported on first use (as the engine's
# expansions are). Order: the engine's (engine/duel/expansion.py).
EXTENSIONS = (
    "render.duel.leaders:LEADERS",
    "render.duel.agora:AGORA",
)
# The order of the expansions' numbers beside the base game's: the Senate's chambers before the
# leaders recruited, as the pictures always showed them. Expansions not listed come after.
NUMBERS = ("agora", "leaders")

PILL = "\x01"  # a component named in the last move's sentence, drawn as a pill in its colour


@dataclass
class Told:
    """The last move's sentence being read (render/duel/sentence.py `last_move`): the action's
    arguments, the sentence's parameters and the components it names, in order."""

    seat: int | None
    args: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    things: list[str] = field(default_factory=list)
    gained: str | None = None  # what the mover took into their city, if anything

    def thing(self, cid: str) -> str:
        """A component named in the sentence (drawn as a pill in its colour)."""
        self.things.append(cid)
        return PILL

    def num(self, k: int) -> int:
        """The action's k-th argument as a number (0 if it is not one)."""
        return int(self.args[k]) if k < len(self.args) and self.args[k].isdigit() else 0


@dataclass(frozen=True)
class Named:
    """A sentence parameter shown as a component's plain name (not a pill)."""

    cid: str


class Extension:
    """The pictures of an expansion of 7 Wonders Duel. Override what it draws; nothing else."""

    key: str = ""  # its part of the view (`view[key]`), as the engine's expansion's key
    point_keys: tuple[str, ...] = ()  # its columns of the score tables (`points.<key>`)

    # --- who is asked, and what ------------------------------------------------------------------

    def simultaneous(self, view: View) -> list[int]:
        """The seats the expansion's phase asks at once (the first that answers)."""
        return []

    def chose(self, view: View, seat: int, locale: str) -> tuple[bool, str] | None:
        """Whether the seat has made its hidden choice in that phase, and the word for it (the
        first that answers)."""
        return None

    def phase_text(self, view: View, locale: str) -> str:
        """What the expansion's phase asks, when the engine's prompt does not say it (the first
        that is not empty)."""
        return ""

    def head_label(self, view: View, locale: str) -> str | None:
        """The turn picture's header label during the expansion's phases (the first answers)."""
        return None

    # --- the board -------------------------------------------------------------------------------

    def card_size(self, view: View, card: tuple[int, int], row_step: int
                  ) -> tuple[int, int, int] | None:
        """The structure's card size and row step when the expansion changes them (first)."""
        return None

    def slot_face(self, slot: Mapping[str, Any], w: int, h: int, locale: str
                  ) -> Image.Image | None:
        """The face of a structure slot holding one of the expansion's cards (first)."""
        return None

    def military_token(self, view: View, i: int, size: int) -> Image.Image | None:
        """What military token i shows when the expansion replaces the looting (first)."""
        return None

    def board_band(self, img: Image.Image, view: View, names: Sequence[str],
                   locale: str) -> Image.Image:
        """The board with the expansion's band added below it (all in turn)."""
        return img

    # --- the turn picture ------------------------------------------------------------------------

    def stats(self, view: View, seat: int) -> list[tuple[Image.Image, int, str]]:
        """The seat's numbers the expansion adds: (icon, value, key) (all, in `NUMBERS` order)."""
        return []

    def deltas(self, before: View, view: View, seat: int) -> dict[str, int]:
        """What the latest action changed in those numbers, by key (all)."""
        return {}

    def beside_track(self, view: View) -> int:
        """The width of a panel the expansion draws beside the military track (0: none)."""
        return 0

    def below_track(self, view: View) -> int:
        """How far that panel reaches below the track, into the top of the column beside the
        choices (0: as tall as the track; the tallest of them counts)."""
        return 0

    def draw_beside_track(self, img: Image.Image, view: View, names: Sequence[str],
                          locale: str, box: Box) -> None:
        """Draw that panel in `box`."""

    def choice_items(self, view: View) -> tuple[str, list[Item]] | None:
        """What the player to act chooses among in the expansion's phases: (title key, items)
        (the first that answers)."""
        return None

    def slot_item(self, slot: Mapping[str, Any], cost: Any) -> Item | None:
        """An accessible structure slot holding one of the expansion's cards, as a tile (first)."""
        return None

    def slot_fill(self, slot: Mapping[str, Any]) -> RGB | None:
        """The colour of such a slot in the structure's schematic (first)."""
        return None

    def item_label(self, kind: str, cid: str, locale: str) -> str | None:
        """A tile's name for an item of the expansion's kinds, when it is not the component's
        name (first)."""
        return None

    def item_text(self, kind: str, cid: str, locale: str) -> str | None:
        """What an item of the expansion's kinds does, in a few words for its tile (first)."""
        return None

    def item_piece(self, kind: str, cid: str, h: int, locale: str) -> Image.Image | None:
        """A small picture of the item under its name on its tile, `h` high (first)."""
        return None

    def kind_colour(self, kind: str) -> RGB | None:
        """The colour of the expansion's kind of component (first)."""
        return None

    def last_move(self, verb: str, kind: str, told: Told) -> str | None:
        """The key of the last move's sentence (`duel.render.last.<key>`) for a verb of the
        expansion's, its parameters set on `told` (the first that answers; asked before the
        base's verbs). `kind` is the kind of the action's first argument."""
        return None

    def category_piece(self, key: str, size: int) -> Image.Image | None:
        """The icon of one of the expansion's categories of points (first)."""
        return None

    # --- the hand --------------------------------------------------------------------------------

    def hand_sections(self, view: View, seat: int) -> list[tuple[str, list[Item]]]:
        """(title key, items) the viewer holds in the expansion (all in turn)."""
        return []

    def clear_caches(self) -> None:
        """Forget the expansion's cached layers."""


_loaded: tuple[Extension, ...] | None = None


def registered() -> tuple[Extension, ...]:
    """Every expansion's pictures, imported on first use."""
    global _loaded
    if _loaded is None:
        found = []
        for ref in EXTENSIONS:
            module, _, name = ref.partition(":")
            found.append(getattr(import_module(module), name))
        _loaded = tuple(found)
    return _loaded


def enabled(view: View) -> list[Extension]:
    """The expansions the view has (`view[key]`), in order."""
    return [e for e in registered() if view.get(e.key)]


def numbered(view: View) -> list[Extension]:
    """The enabled expansions in the order of their numbers (`NUMBERS`)."""
    rank = {key: k for k, key in enumerate(NUMBERS)}
    return sorted(enabled(view), key=lambda e: rank.get(e.key, len(NUMBERS)))


def first_answer(answers: Iterable[T | None]) -> T | None:
    """The first answer that is not None (None if none)."""
    return next((a for a in answers if a is not None), None)


def simultaneous(view: View) -> list[int]:
    """The seats an expansion's phase asks at once ([] when none does)."""
    return next((seats for e in enabled(view) if (seats := e.simultaneous(view))), [])
