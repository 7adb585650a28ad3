"""7 Wonders Duel: Agora on the pictures (engine/duel/agora/ on the engine's side; the view's
`agora`, engine/duel/VIEW.md « Agora »), plugged into the base pictures through the extension
points of render/duel/extension.py.

    board.py   the Senate's band under the board, a senator's card, the Agora military tokens
    turn.py    the Senate beside the turn picture's military track, the sentences of its verbs

What Agora adds: the structure's 7-card rows and its senators (their card on the board, a tile
among the choices, their colour in the schematic), its military tokens instead of the looting,
the Senate's band, the chambers each player controls among their numbers and the Senate's points
as a column of the score tables, and the viewer's conspiracies in the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import INK, RGB, Box, seat_colour, shade
from render.duel import icons, parts
from render.duel.agora import board, turn
from render.duel.extension import Extension, Told
from render.duel.item import Item
from render.duel.parts import t
from render.duel.turn_frame import SIDE_W

View = Mapping[str, Any]
PLOT: RGB = (70, 34, 40)  # a conspiracy's tile


class Agora(Extension):
    key = "agora"
    point_keys = ("senate",)

    def card_size(self, view: View, card: tuple[int, int], row_step: int
                  ) -> tuple[int, int, int] | None:
        return board.card_size(view, card, row_step)

    def slot_face(self, slot: Mapping[str, Any], w: int, h: int, locale: str
                  ) -> Image.Image | None:
        if slot.get("back") != "senator":
            return None
        card = slot.get("card")  # a senator's face, or its own back
        return board.senator_card(card if slot.get("face_up") else None, w, h, locale)

    def military_token(self, view: View, i: int, size: int) -> Image.Image | None:
        return board.token_icon(view["agora"]["military"][i], size)  # no looting

    def board_band(self, img: Image.Image, view: View, names: Sequence[str],
                   locale: str) -> Image.Image:
        return board.board_band(img, view, names, locale)

    def stats(self, view: View, seat: int) -> list[tuple[Image.Image, int, str]]:
        return [(icons.icon("column", 32, shade(seat_colour(seat), 0.3)),
                 turn.controlled(view, seat), "senate")]

    def deltas(self, before: View, view: View, seat: int) -> dict[str, int]:
        return {"senate": turn.controlled(view, seat) - turn.controlled(before, seat)}

    def beside_track(self, view: View) -> int:
        return SIDE_W  # as wide as the column beside the choices

    def below_track(self, view: View) -> int:
        # the Senate's table and its legend (one line of it while the wonders are drafted)
        return turn.DRAFT_BELOW if view.get("draft") else turn.SENATE_BELOW

    def draw_beside_track(self, img: Image.Image, view: View, names: Sequence[str],
                          locale: str, box: Box) -> None:
        turn.senate(img, view, names, locale, box)

    def slot_item(self, slot: Mapping[str, Any], cost: Any) -> Item | None:
        if slot.get("back") != "senator":
            return None
        return ("senator", str(slot.get("card") or ""), parts.CARD_COLOURS["grey"], cost)

    def slot_fill(self, slot: Mapping[str, Any]) -> RGB | None:
        if slot.get("back") != "senator":
            return None
        return (70, 76, 90) if not slot.get("face_up") else (200, 200, 196)

    def item_label(self, kind: str, cid: str, locale: str) -> str | None:
        return t("turn.senator", locale) if kind == "senator" and not cid else None

    def item_piece(self, kind: str, cid: str, h: int, locale: str) -> Image.Image | None:
        if kind != "senator":
            return None
        return board.senator_card(cid or None, int(h * 0.78), h, locale)

    def kind_colour(self, kind: str) -> RGB | None:
        return parts.CARD_COLOURS["grey"] if kind == "senator" else None

    def last_move(self, verb: str, kind: str, told: Told) -> str | None:
        return turn.last_move(verb, kind, told)

    def category_piece(self, key: str, size: int) -> Image.Image | None:
        return icons.icon("column", size, INK) if key == "senate" else None

    def hand_sections(self, view: View, seat: int) -> list[tuple[str, list[Item]]]:
        plots = (((view.get("private") or {}).get("agora") or {}).get("plots")) or []
        if not plots:
            return []
        return [("turn.hand.plots", [("plot", str(x), PLOT, None) for x in plots if x])]

    def clear_caches(self) -> None:
        board.senator_card.cache_clear()
        board.token_icon.cache_clear()


AGORA = Agora()
