"""`/game card`'s title is the component's name with a capital first letter, in both languages:
Seven Hills' cards are named as sentences say them ("the red plebeian (steals 2)", « l'esclave
rouge »), which a title must not start lowercase (issue 44 item 12's loose end)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.service.cards import CardsMixin, catalogue, title
from engine.i18n import LOCALES, translate
from engine.registry import keys as game_keys
from tests.contract.games import CONTRACTS

CASES = [(key, cfg) for key in game_keys() if CONTRACTS[key].catalogued
         for cfg in CONTRACTS[key].configs]


def info(key: str, options: dict[str, Any] | None = None) -> Any:
    """The lookup reads a GameInfo's game key and options only: no seats, no state."""
    return SimpleNamespace(game_key=key, options=options or {})


def looked_up(game: Any, cid: str, locale: str) -> Any:
    """What `/game card` (and the console's) gets, without a picture: no renderer is asked."""
    service = SimpleNamespace(renderer=None)
    return asyncio.run(CardsMixin.card(service, game, cid, locale=locale,  # type: ignore[arg-type]
                                       picture=False))


@pytest.mark.parametrize(("key", "cfg"), CASES, ids=lambda v: getattr(v, "name", v))
def test_every_card_title_begins_with_a_capital(key: str, cfg: Any) -> None:
    game = info(key, cfg.options)
    for comp in catalogue(game):
        for locale in LOCALES:
            card = looked_up(game, comp.id, locale)
            said = translate(comp.name, locale)
            assert card.name == said[:1].upper() + said[1:], (key, comp.id, locale)
            first = next((c for c in card.name if c.isalpha()), "")
            assert first == first.upper(), (key, comp.id, locale, card.name)


@pytest.mark.parametrize(("locale", "cid", "name"), [
    ("en", "red-plebeian-1", "The red plebeian (steals 2)"),
    ("fr", "red-slave-1", "L'esclave rouge (légions : la moitié revient)"),
    ("fr", "red-noble", "Le noble rouge"),
])
def test_seven_hills_titles_as_the_issue_saw_them(locale: str, cid: str, name: str) -> None:
    assert looked_up(info("seven-hills"), cid, locale).name == name
    assert title("l'Aventin") == "L'Aventin" and title("") == ""
