"""Every text the Discord layer shows exists in English and in French."""

from __future__ import annotations

import json
import re
from pathlib import Path

import data
from bot.discord.commands import build_commands
from bot.discord.permissions import needed

ROOT = Path(__file__).resolve().parents[2]


def _catalogue(locale: str) -> dict[str, object]:
    """The Discord layer's texts: its keys (`discord.`) from every catalogue of data/i18n, as
    engine.i18n reads them (a concern may keep its own file, e.g. cards.<locale>.json)."""
    found: dict[str, object] = {}
    for path in sorted(data.path("i18n").glob(f"*.{locale}.json")):
        texts = json.loads(path.read_text(encoding="utf-8"))
        found |= {k: v for k, v in texts.items() if k.startswith("discord.")}
    return found


def test_english_and_french_have_the_same_keys_all_prefixed() -> None:
    en, fr = _catalogue("en"), _catalogue("fr")
    assert set(en) == set(fr)
    own = json.loads(data.path("i18n", "discord.en.json").read_text(encoding="utf-8"))
    assert all(key.startswith("discord.") for key in own)


def test_every_key_the_code_names_exists() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot" / "discord").glob("*.py"))
    used = set(re.findall(r'"(discord\.[a-z_]+(?:\.[a-z_]+)+)"', source))
    used |= {f"discord.status.{s}" for s in ("lobby", "active", "finished", "abandoned")}
    used |= {f"discord.perm.{p}" for thread in (False, True) for group in needed(thread) for p in group}
    assert used - set(_catalogue("en")) == set()


def test_command_names_are_the_catalogues_and_french_names_are_valid() -> None:
    en, fr = _catalogue("en"), _catalogue("fr")
    def walk(command: object) -> list[str]:  # groups in groups too (/game bot add)
        return [command.qualified_name,  # type: ignore[attr-defined]
                *(p for sub in getattr(command, "commands", []) for p in walk(sub))]

    paths = [p for command in build_commands() for p in walk(command)]
    assert "game bot add" in paths
    for path in paths:
        key = "discord.cmd." + path.replace(" ", ".") + ".name"
        assert en[key] == path.split()[-1]
        # Discord's naming rule: ^[-_\p{L}\p{N}...]{1,32}$, lower case (accents are letters)
        assert re.fullmatch(r"[-_\w]{1,32}", str(fr[key])) and fr[key] == fr[key].lower(), fr[key]
    for key, text in {**en, **fr}.items():
        if key.startswith("discord.cmd.") and key.endswith(".desc"):
            assert 1 <= len(str(text)) <= 100, key


def test_every_command_and_parameter_has_an_english_description() -> None:
    def walk(command: object) -> list[object]:
        return [command, *(c for sub in getattr(command, "commands", []) for c in walk(sub))]

    for command in (c for top in build_commands() for c in walk(top)):
        assert not command.description.startswith("discord."), command.qualified_name  # type: ignore[attr-defined]
        for parameter in getattr(command, "parameters", []):
            assert not parameter.description.startswith("discord."), parameter.name
            assert parameter.description != "…"


def test_localized_command_and_option_names_are_unique_at_their_level() -> None:
    """Discord refuses two siblings that a client would show with the same name (`/partie
    annuler` once named both abandon and undo); checked in every language we send."""
    from tests.standin.validate import unique_names

    def level(items: list, locale: str) -> list[str]:
        return [str(_catalogue(locale)["discord.cmd." + i.qualified_name.replace(" ", ".")
                                        + ".name"]) for i in items]

    def option_names(command: object, locale: str) -> list[str]:
        base = "discord.cmd." + command.qualified_name.replace(" ", ".")  # type: ignore[attr-defined]
        return [str(_catalogue(locale).get(f"{base}.{p.name}.name", p.name))
                for p in getattr(command, "parameters", [])]

    for locale in ("en", "fr"):
        tops = build_commands()
        assert len(set(level(tops, locale))) == len(tops), locale
        for top in tops:
            subs = list(getattr(top, "commands", []))
            names = level(subs, locale)
            assert len(set(names)) == len(names), (locale, sorted(names))
            nested = [c for sub in subs for c in getattr(sub, "commands", [])]
            for group in (s for s in subs if getattr(s, "commands", None)):
                inner = level(list(group.commands), locale)
                assert len(set(inner)) == len(inner), (locale, group.qualified_name, inner)
            for command in [top, *subs, *nested]:
                found = option_names(command, locale)
                assert len(set(found)) == len(found), (locale, command.qualified_name, found)
    # and the stand-in refuses what Discord refuses
    assert unique_names([{"name": "undo", "name_localizations": {"fr": "annuler"}},
                         {"name": "abandon", "name_localizations": {"fr": "annuler"}}], "x")
