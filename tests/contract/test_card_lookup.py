"""A component is found as people type its name (`/game card`, its autocomplete and the console,
issue 44 item 14): any case, without accents, singular or plural, the beginning of it, in French
or English; several candidates are named, and a name that matches nothing offers the closest.
The lookup lists the game's catalogue for its options only, never what a game's state holds."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from bot.service import ServiceError
from bot.service.cards import catalogue, find, matching, words
from engine import registry
from engine.core import Component
from engine.i18n import LOCALES, translate
from engine.registry import keys as game_keys
from tests.contract.games import CONTRACTS

CASES = [(key, cfg) for key in game_keys() if CONTRACTS[key].catalogued
         for cfg in CONTRACTS[key].configs]


def info(key: str, options: dict[str, Any] | None = None) -> Any:
    """The lookup reads a GameInfo's game key and options only: no seats, no state."""
    return SimpleNamespace(game_key=key, options=options or {})


def unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def numbers(name: str) -> Iterator[str]:
    """The name with one of its words in the other number (an « s » added or dropped)."""
    said = list(words(name))
    for i, word in enumerate(said):
        if word.isalpha() and len(word) >= 3:
            other = word[:-1] if word.endswith("s") else word + "s"
            yield " ".join([*said[:i], other, *said[i + 1:]])


def unique_prefix(name: str, others: list[str]) -> str | None:
    """The shortest beginning of `name` that begins no other name (None if every beginning
    does: the name is the beginning of another, found whole instead)."""
    whole = " ".join(words(name))
    theirs = [" ".join(words(o)) for o in others]
    for end in range(1, len(whole) + 1):
        begun = whole[:end]
        if not begun.endswith(" ") and not any(t.startswith(begun) for t in theirs):
            return begun
    return None


def typings(comp: Component, cat: list[Component], locale: str) -> Iterator[str]:
    name = translate(comp.name, locale)
    yield from (name, name.lower(), name.upper(), unaccented(name), unaccented(name).lower())
    yield from numbers(name)
    begun = unique_prefix(name, [translate(c.name, locale) for c in cat if c is not comp])
    if begun is not None:
        yield begun


@pytest.mark.parametrize("key, cfg", CASES, ids=[f"{k}-{c.name}" for k, c in CASES])
def test_every_component_is_found_as_people_type_its_name(key: str, cfg: Any) -> None:
    """Each component's name in either language, any case, without accents, a word in the other
    number, and its shortest unique beginning, finds it for a reader of that language; its
    whole name finds it for a reader of the other language too."""
    game = info(key, dict(cfg.options))
    cat = catalogue(game)
    assert cat
    for comp in cat:
        for locale in LOCALES:
            for typed in typings(comp, cat, locale):
                assert find(game, typed, locale).id == comp.id, (locale, typed)
            for reader in LOCALES:
                assert find(game, translate(comp.name, locale), reader).id == comp.id, reader


@pytest.mark.parametrize(("key", "typed", "locale", "name"), [
    ("duel", "Colossus", "en", "The Colossus"),
    ("duel", "colosse", "en", "The Colossus"),  # the French name, for an English reader
    ("duel", "temple", "en", "Temple"),  # the whole name before The Temple of Artemis
    ("duel", "temp art", "en", "The Temple of Artemis"),  # the words' beginnings
    ("duel", "librar", "fr", "Bibliothèque"),  # Library begins so, before The Great Library
    ("res-publica", "Hun", "en", "Huns"),
    ("res-publica", "Libraries", "en", "Library"),
    ("res-publica", "eglises", "fr", "Église"),
    ("seven-hills", "Forum", "en", "Forum Romanum"),
    ("heros", "mediterranee", "fr", "Méditerranée"),
])
def test_what_the_issue_typed_is_found(key: str, typed: str, locale: str, name: str) -> None:
    assert translate(find(info(key), typed, locale).name, locale) == name


def test_several_candidates_are_named() -> None:
    with pytest.raises(ServiceError) as refused:
        find(info("duel"), "guild", "en")
    msg = refused.value.msg
    assert msg.key == "error.component_several" and msg.params["n"] == 7
    text = translate(msg, "en")
    assert "Builders Guild" in text and "Tacticians Guild" in text
    assert "Guilde des bâtisseurs" in translate(msg, "fr")
    with pytest.raises(ServiceError) as refused:
        find(info("duel", {"agora": True}), "decree", "en")
    assert "… and 6 more" in translate(refused.value.msg, "en")  # 16 decrees, 10 named
    assert "… et 6 autres" in translate(refused.value.msg, "fr")


def test_a_name_that_matches_nothing_offers_the_closest() -> None:
    with pytest.raises(ServiceError) as refused:
        find(info("duel"), "Colosus", "en")
    assert refused.value.msg.key == "error.component_near"
    assert translate(refused.value.msg, "en").endswith("The closest name: The Colossus.")
    with pytest.raises(ServiceError) as refused:
        find(info("heros"), "Mediteranee", "fr")  # not Médecine, far less close
    assert translate(refused.value.msg, "fr").endswith("Le nom le plus proche : Méditerranée.")
    with pytest.raises(ServiceError) as refused:
        find(info("res-publica"), "dragon", "en")
    assert refused.value.msg.key == "error.no_component"  # nothing close at all
    assert [label for label, _ in matching(info("duel"), "Colosus", "en")] == ["The Colossus"]


def test_autocomplete_offers_the_closest_reading_first() -> None:
    found = matching(info("duel"), "temple", "en")
    assert found[0] == ("Temple", "temple")
    assert ("The Temple of Artemis", "the-temple-of-artemis") in found
    assert [cid for _, cid in matching(info("res-publica", {"classic": True}), "hu", "en")] \
        == ["huns"]


@pytest.mark.parametrize("locale", LOCALES)
def test_seven_hills_board_parts_can_be_looked_up(locale: str) -> None:
    """Its rules page says « Look any card, hill, the Forum, the Temple of Jupiter, Campus
    Martius or the consul up with /game card »: each is a component with its text."""
    game = info("seven-hills")
    for typed, cid in (("temple de jupiter", "temple"), ("Temple of Jupiter", "temple"),
                       ("jupiter", "temple"), ("campus martius", "campus-martius"),
                       ("consul", "consul"), ("consuls", "consul")):
        comp = find(game, typed, locale)
        assert comp.id == cid and comp.lines
        assert all(translate(line, locale) for line in comp.lines)
    rules = (registry.get("seven-hills").module, f"rules.{locale}.md")
    import data

    text = data.path(*rules).read_text(encoding="utf-8")
    assert "Campus Martius" in text and "Jupiter" in text and "consul" in text


def test_seven_hills_board_shows_the_temple_and_campus_and_a_consul_once_elected() -> None:
    game = registry.get("seven-hills")
    state = game.setup(3, 1, {})
    shown = game.shown(game.view(state, None))
    assert "temple" in shown and "campus-martius" in shown and "consul" not in shown
    view = dict(game.view(state, None), consuls=[1])
    assert "consul" in game.shown(view)


@pytest.mark.parametrize("key, cfg", CASES, ids=[f"{k}-{c.name}" for k, c in CASES])
def test_the_lookup_lists_the_catalogue_and_nothing_of_a_game(key: str, cfg: Any) -> None:
    """What autocomplete lists, for nothing typed or any letter, is among the game's catalogue
    for its options (the box's contents, public): never a card's place, a hand or a deck. The
    lookup is given no state to read (a GameInfo's key and options only)."""
    game = info(key, dict(cfg.options))
    box = {c.id for c in registry.get(key).components(cfg.options)}
    listed = {cid for _, cid in matching(game, "", "en", limit=10_000)}
    assert listed == {c.id for c in catalogue(game)} and listed <= box
    for letter in "aeiou":
        for locale in LOCALES:
            assert {cid for _, cid in matching(game, letter, locale)} <= box
