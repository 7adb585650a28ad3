"""Agora pictures from real engine states (issue: « Render: the senate with cubes, control,
decrees (face-down ones as backs); the owner's conspiracies in the ephemeral hand (prepared or
not), the opponent's as backs »): valid small PNGs in both languages at every Agora phase reached,
the same public board for every viewer, no hidden conspiracy or decree written on a public board."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.core import Msg, State, play
from engine.duel.agora import data as agora_data
from engine.i18n import translate
from render import board_png, hand_png
from render import duel as R
from render.duel import parts as P
from tests.support import drawn_texts

from .helpers import OPTIONS, G
from .playouts import policies

NAMES = ["Aurelia", "Bérénice"]
MAX_BYTES = 400 * 1024


def _moments(seed: int) -> dict[str, State]:
    rnd = random.Random(seed)
    pols = policies(seed)
    state = G.setup(2, seed, OPTIONS)
    found: dict[str, State] = {"draft": state}
    while G.outcome(state) is None:
        seat = min(G.prompt(state))
        state, _ = play(G, state, seat, pols[seat](G.legal(state, seat), rnd))
        phase = state["phase"]
        found.setdefault(f"age{state['age']}" if phase == "play" else phase, state)
    found["over"] = state
    return found


MOMENTS = {**_moments(7002), **_moments(7005)}


def _clear() -> None:
    P.clear_caches()
    R.clear_caches()


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_board_and_hands_are_small_valid_pngs(moment: str) -> None:
    state = MOMENTS[moment]
    for locale in ("en", "fr"):
        public = board_png("duel", G.view(state, None), NAMES, locale)
        assert len(public) < MAX_BYTES
        img = Image.open(io.BytesIO(public))
        assert img.width == 1200
        for seat in (0, 1):
            assert board_png("duel", G.view(state, seat), NAMES, locale) == public
            hand = hand_png("duel", G.view(state, seat), NAMES, locale)
            assert len(hand) < MAX_BYTES and Image.open(io.BytesIO(hand)).width == 1100


def test_the_senate_is_drawn_with_its_decrees_and_no_hidden_name() -> None:
    state = MOMENTS["age2"]
    plots = agora_data.load().plots
    hidden = {d["id"] for ch in state["agora"]["senate"] for d in ch["decrees"] if not d["up"]}
    hidden |= set(state["agora"]["decree_box"])
    hidden_plots = {p["id"] for s in (0, 1) for p in state["agora"]["plots"][s] if not p["done"]}
    hidden_plots |= set(state["agora"]["plot_deck"])
    with drawn_texts(_clear) as texts:
        R.board(G.view(state, None), NAMES, "en")
    drawn = " ".join(texts)
    assert "The Senate" in drawn and "Chamber 6" in drawn
    for h in hidden:
        label = translate(Msg(f"duel.tok.{h}"), "en").split(":", 1)[-1].strip()
        assert label not in drawn, h
    for p in hidden_plots:
        assert translate(Msg(f"duel.tok.{p}"), "en") not in drawn, p
    assert set(plots)  # the data is there


def test_the_owner_sees_its_conspiracies_by_name_in_the_hand() -> None:
    from .helpers import plot, ready

    state = ready()
    plot(state, 0, "coup")
    plot(state, 0, "treason", card="lumber-yard")
    plot(state, 1, "blackmail")
    with drawn_texts(_clear) as texts:
        R.hand(G.view(state, 0), NAMES, "en")
    assert "Coup" in texts and "Treason" in texts and "Blackmail" not in texts
    with drawn_texts(_clear) as texts:
        R.board(G.view(state, 0), NAMES, "en")
    assert "Coup" not in texts and "Treason" not in texts and texts.count("Conspiracy") >= 3


def test_a_senator_to_take_is_drawn_as_a_senator_in_the_hand(monkeypatch) -> None:  # noqa: ANN001
    """The hand lists the accessible cards with their price: a senator among them shows its own
    card (conspirator or politician), not an Age card's empty face."""
    from render.duel.agora import board as duel_agora

    state = MOMENTS["age1"]
    seat = min(G.prompt(state))
    view = G.view(state, seat)
    senators = [s["card"] for s in view["structure"]
                if s.get("back") == "senator" and s.get("accessible")]
    assert senators, "the sample moment has a senator to take"
    drawn: list[str | None] = []
    real = duel_agora.senator_card

    def spy(card, w, h, locale):  # noqa: ANN001, ANN202
        drawn.append(card)
        return real(card, w, h, locale)

    monkeypatch.setattr(duel_agora, "senator_card", spy)
    hand_png("duel", view, NAMES, "en")
    assert sorted(c for c in drawn if c) == sorted(senators)
