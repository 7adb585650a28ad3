"""The component data: every fact of the rulebook holds, every reconstructed value is marked and
listed in the README, and a data file contradicting a fact fails loudly
(Seven Hills, French rules V1.0; the README's reconstructed edition)."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

import data
from engine.sevenhills import components as K

from .helpers import C

README = data.path("sevenhills", "README.md").read_text("utf-8")


def test_84_cards_12_per_colour_with_the_stated_classes() -> None:
    # §II.2 « 84 cartes clients (12 cartes x 7 couleurs) ... 1 noble, 2 chevaliers, 2 centurions,
    # 5 plébéiens, 2 Esclaves-Gladiateurs »
    assert len(C.cards) == 84 and len(C.colours) == 7
    for colour in C.colours:
        classes = Counter(k.cls for k in C.cards if k.colour == colour)
        assert classes == {"noble": 1, "knight": 2, "centurion": 2, "plebeian": 5, "slave": 2}


def test_markers_per_player() -> None:
    # §II.4 « 3 cubes (nobles), 5 cylindres hexagonaux (chevaliers), 5 cylindres (centurions),
    # 17 rondelles (plébéiens) » = 30
    assert C.markers == {"noble": 3, "knight": 5, "centurion": 5, "plebeian": 17}
    assert sum(C.markers.values()) == 30


def test_the_worked_example_powers_and_every_power_exists() -> None:
    # §V.1 Action additionnelle example: knights draw 2, plebeians steal 2; §VII lists six powers
    assert {k.power for k in C.cards if k.cls == "knight"} == {"draw"}
    assert any(k.power == "steal2" for k in C.cards if k.cls == "plebeian")
    assert {k.power for k in C.cards} - {None} == set(K.POWERS)


def test_powers_and_legion_icons_are_spread_evenly_over_the_colours() -> None:
    # RECONSTRUCTION.md: « spread evenly over the 7 colours »
    per_colour = {
        colour: (Counter(k.power for k in C.cards if k.colour == colour),
                 Counter(k.legion for k in C.cards if k.colour == colour))
        for colour in C.colours
    }
    assert len({json.dumps(sorted(p.items(), key=str)) for p, _ in per_colour.values()}) == 1
    assert all(legions == {"all": 3, "half": 4, "none": 3, "wait": 2}
               for _, legions in per_colour.values())


def test_labels_of_cards_are_unique_within_a_colour() -> None:
    for colour in C.colours:
        mine = [(k.cls, k.power, k.legion) for k in C.cards if k.colour == colour]
        assert len(set(mine)) == 12


def test_hills_open_one_era_after_another() -> None:
    # §III.2 « de nouvelles collines sont ajoutées à chaque époque »; Forum open in every era
    assert all(C.new_hills(e) for e in range(1, 6))
    assert C.open_hills(5) == C.hills
    assert K.FORUM not in C.hills and "capitolium" not in C.hills


def test_round_limits_and_pre_placement() -> None:
    # §V.1 example « limite de manches = 13 » with 3 players; §IV.6 captions
    assert C.round_limit[3] == 13
    assert C.preplacement == {3: (0, 1, 1), 4: (0, 1, 1, 2)}


def test_every_field_has_a_provenance_and_reconstructions_are_listed() -> None:
    raw = K.raw()
    for card in raw["cards"]:
        assert set(card["provenance"]) == {"colour", "class", "power", "legion"}
        assert all(card["provenance"].values())
    reconstructed_hills = [h for h in raw["hills"] if "reconstructed" in h["provenance"]]
    assert reconstructed_hills
    for hill in raw["hills"]:
        assert hill["id"] in README.lower()
    assert "reconstructed edition" in README.lower()
    assert raw["round_limit"]["4"]["provenance"].startswith("reconstructed")
    assert "17" in README  # the reconstructed 4-player limit is listed


@pytest.mark.parametrize("breakage", ["drop_card", "noble_power_on_slave", "limit", "markers",
                                      "two_nobles"])
def test_a_data_file_contradicting_the_text_fails_loudly(breakage: str) -> None:
    raw = copy.deepcopy(K.raw())
    if breakage == "drop_card":
        raw["cards"].pop()
    elif breakage == "noble_power_on_slave":
        next(c for c in raw["cards"] if c["class"] == "slave")["power"] = "purge"
    elif breakage == "limit":
        raw["round_limit"]["3"]["value"] = 12
    elif breakage == "markers":
        raw["classes"][0]["markers"] = 4
    else:
        next(c for c in raw["cards"] if c["class"] == "knight")["class"] = "noble"
    K.raw.cache_clear()
    K.load.cache_clear()
    original = K.raw
    try:
        K.raw = lambda: raw  # type: ignore[assignment]
        with pytest.raises(ValueError, match="seven-hills data"):
            K.load()
    finally:
        K.raw = original  # type: ignore[assignment]
        K.load.cache_clear()
        K.load()
