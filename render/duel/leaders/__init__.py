"""7 Wonders Duel: Leaders on the pictures (engine/duel/leaders/ on the engine's side; the view's
`leaders`, engine/duel/VIEW.md « Leaders »), plugged into the base pictures through the extension
points of render/duel/extension.py.

    board.py   the leaders' band under the board, a leader's tile
    turn.py    a leader as a tile with its power in plain words, the sentences of its verbs

What Leaders adds: the leader draft among the choices, both players choosing at once (who has
chosen, never what), the leaders recruited among each player's numbers and their points as a
column of the score tables, the leaders' band, and the viewer's leaders in the hand (their hidden
choice first and marked, what was drawn for them alone).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import GOLD, RGB, shade
from render.duel import icons
from render.duel.extension import Extension, Told
from render.duel.item import Item
from render.duel.leaders import board, turn
from render.duel.parts import name_of, t

View = Mapping[str, Any]


class Leaders(Extension):
    key = "leaders"
    point_keys = ("leaders",)

    def simultaneous(self, view: View) -> list[int]:
        return [int(s) for s in view["leaders"].get("asked") or []]

    def chose(self, view: View, seat: int, locale: str) -> tuple[bool, str] | None:
        lead = view["leaders"].get("players") or [{}, {}]
        done = bool(lead[seat].get("chosen"))
        word = t("leaders.chosen" if done else "leaders.choosing", locale)
        revealed = view["leaders"].get("revealed") or []
        if view.get("phase") == "announce" and seat < len(revealed) and revealed[seat]:
            # both leaders are face up while each announces whether to recruit or discard it
            word = t("leaders.revealed_tag", locale, leader=name_of(revealed[seat], locale),
                     chose=word)
        return done, word

    def phase_text(self, view: View, locale: str) -> str:
        phase = view.get("phase")
        return t(f"turn.leaders.{phase}", locale) if phase in ("recruit", "announce") else ""

    def head_label(self, view: View, locale: str) -> str | None:
        return t("turn.leaders", locale) if view.get("phase") == "leaders" else None

    def board_band(self, img: Image.Image, view: View, names: Sequence[str],
                   locale: str) -> Image.Image:
        return board.board_band(img, view, names, locale)

    def stats(self, view: View, seat: int) -> list[tuple[Image.Image, int, str]]:
        lead = (view["leaders"].get("players") or [{}, {}])[seat]
        return [(icons.icon("crown", 32, shade(GOLD, 0.2)), len(lead.get("recruited") or []),
                 "leaders")]

    def choice_items(self, view: View) -> tuple[str, list[Item]] | None:
        draft = view["leaders"].get("draft")
        if view.get("phase") != "leaders" or not draft:
            return None
        return "turn.choose.leaders", [turn.any_item(str(x)) for x in draft.get("offer") or []]

    def item_text(self, kind: str, cid: str, locale: str) -> str | None:
        return turn.power_text(cid, locale) if kind == "leader" else None

    def kind_colour(self, kind: str) -> RGB | None:
        return turn.LEADER if kind == "leader" else None

    def last_move(self, verb: str, kind: str, told: Told) -> str | None:
        return turn.last_move(verb, kind, told)

    def category_piece(self, key: str, size: int) -> Image.Image | None:
        return icons.icon("crown", size, shade(GOLD, 0.2)) if key == "leaders" else None

    def hand_sections(self, view: View, seat: int) -> list[tuple[str, list[Item]]]:
        """What was drawn for the viewer alone (Maecenas, Croesus, Ramses), then their leaders
        in hand, their hidden choice first and marked."""
        sections: list[tuple[str, list[Item]]] = []
        mine = (view.get("private") or {}).get("leaders") or {}
        if mine.get("draw"):
            sections.append(("turn.hand.drawn", [turn.any_item(str(x)) for x in mine["draw"]]))
        hand = list((view["leaders"].get("players") or [{}, {}])[seat].get("hand") or [])
        if hand:
            pick = mine.get("pick")
            key = "turn.hand.leaders"
            if pick in hand:
                hand = [pick] + [x for x in hand if x != pick]
                key = {"recruit": "turn.hand.will_recruit", "dismiss": "turn.hand.will_dismiss"
                       }.get(mine.get("call") or "", "turn.hand.picked")
            sections.append((key, [turn.any_item(str(x)) for x in hand]))
        return sections

    def clear_caches(self) -> None:
        board.tile.cache_clear()


LEADERS = Leaders()
