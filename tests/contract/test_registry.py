"""Every registered game has its contract entry (tests/contract/games.py), and each entry
declares the cases every contract test runs."""

from __future__ import annotations

from engine import registry
from tests.contract.games import CONTRACTS, TOY


def test_every_registered_game_has_a_contract() -> None:
    assert sorted(CONTRACTS) == registry.keys()


def test_every_contract_declares_every_kind_of_case() -> None:
    for c in (*CONTRACTS.values(), TOY):
        assert c.configs and c.sweeps and c.determinism and c.hidden, c.key
        names = {cfg.name for cfg in c.configs}
        assert {s.config.name for s in c.sweeps} <= names, c.key
        assert {n for n, _ in (*c.determinism, *c.hidden)} <= names, c.key
    for c in CONTRACTS.values():
        assert c.ai and c.e2e, c.key
        assert {n for n, _, _ in c.token_games} <= {cfg.name for cfg in c.configs}, c.key
