"""/game rules in pages (issue 25): every game's rules exist in English and French with the
same sections, every page fits a phone and Discord's limits, no page shows a repository path,
and the French ones speak « vous »."""

from __future__ import annotations

import re

import pytest

from bot.discord.learning import TEXT, rules_page
from engine.registry import get, keys
from engine.rulebook import PAGE, SECTIONS, _chunks, pages

PATH = re.compile(r"\bdata/|\w\.(md|py|json)\b|docs/")
TU = re.compile(r"\b(tu|ton|ta|tes|toi|te)\b", re.I)


@pytest.mark.parametrize("key", keys())
def test_every_game_has_its_rules_in_both_languages(key: str) -> None:
    game = get(key)
    en, fr = pages(game, "en"), pages(game, "fr")
    sections = [p.section for p in en]
    assert [p.section for p in fr] == sections
    assert list(dict.fromkeys(sections)) == list(SECTIONS)  # each section, in this order
    for page in (*en, *fr):
        assert 0 < len(page.text) <= PAGE and not PATH.search(page.text), page.text[:60]
    assert not any(TU.search(p.text) for p in fr)
    assert all(f"`{o.name}" in "".join(p.text for p in en + fr) for o in game.options)


@pytest.mark.parametrize("key", keys())
def test_every_page_fits_a_message_with_its_buttons(key: str) -> None:
    n = len(pages(get(key), "fr"))
    for locale in ("en", "fr"):
        for page in range(n):
            text, view = rules_page(key, page, locale)
            assert len(text) <= TEXT and f"page {page + 1}/{n}" in text
            assert view is not None and len(view.children) == 2


def test_a_section_too_long_is_cut_into_pages_at_its_paragraphs() -> None:
    body = "\n\n".join(["a" * 500, "b" * 300, "c" * 500])
    assert [len(c) for c in _chunks(body)] == [802, 500]
    with pytest.raises(ValueError):
        _chunks("x" * (PAGE + 1))
