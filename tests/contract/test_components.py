"""Every component of every game can be looked up (`/game card`, issue 25): each option set
names its components, each once, with a name, a kind and lines that exist in French and English
and translate whole; what a view shows (the lookup menu under a board or a hand) is among
them."""

from __future__ import annotations

import pytest

from engine import registry
from engine.i18n import has, translate
from engine.registry import keys as game_keys
from tests.contract.games import CONTRACTS
from tests.support import msg_keys

CASES = [(key, cfg) for key in game_keys() if CONTRACTS[key].catalogued
         for cfg in CONTRACTS[key].configs]


@pytest.mark.parametrize("key, cfg", CASES, ids=[f"{k}-{c.name}" for k, c in CASES])
def test_every_component_is_described_in_both_languages(key, cfg) -> None:
    game = registry.get(key)
    found = game.components(cfg.options)
    assert found, "a game names its components"
    ids = [c.id for c in found]
    assert len(ids) == len(set(ids)), "each component once"
    for comp in found:
        assert comp.lines, comp.id
        for msg in (comp.kind, comp.name, *comp.lines):
            missing = [k for k in msg_keys(msg) if not (has(k, "en") and has(k, "fr"))]
            assert not missing, (comp.id, missing)
            for locale in ("en", "fr"):
                text = translate(msg, locale)
                assert text and "{" not in text and "}" not in text, (comp.id, locale, text)


@pytest.mark.parametrize("key, cfg", CASES, ids=[f"{k}-{c.name}" for k, c in CASES])
def test_what_a_view_shows_can_be_looked_up(key, cfg) -> None:
    game = registry.get(key)
    known = {c.id for c in game.components(cfg.options)}
    state = game.setup(cfg.players, 1, cfg.options)
    for seat in (None, *range(cfg.players)):
        shown = game.shown(game.view(state, seat))
        assert set(shown) <= known, (seat, set(shown) - known)
        assert len(shown) == len(set(shown))
    assert game.shown(game.view(state, 0)), "a hand or a board shows something to look up"


def test_the_agora_and_leaders_components_come_with_their_options() -> None:
    duel = registry.get("duel")
    base = {c.id for c in duel.components({})}
    assert "lumber-yard" in base and "caesar" not in base and "sabotage" not in base
    assert "caesar" in {c.id for c in duel.components({"leaders": "all"})}
    assert "sabotage" in {c.id for c in duel.components({"agora": True})}
    classic = {c.id for c in registry.get("res-publica").components({"classic": True})}
    assert "monks" not in classic and "huns" in classic
