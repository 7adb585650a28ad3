"""Translation of Msg keys, French and English, from the JSON catalogues under data/.

Catalogues are flat JSON objects `{key: template}`. Every `*.json` file in `data/i18n/` and in
`data/<game>/i18n/` is read; its locale is the last dotted part before `.json` (`en.json`,
`render.fr.json`). A key defined twice is an error, so that two files never silently disagree.
A template is a `str.format` string, or `{"one": ..., "other": ...}` chosen by the param `n`.

Plurals follow each language's CLDR rules (through Babel): in French 0 and 1 take the singular
("0 pièce", "1 pièce", "2 pièces"), in English only 1 does ("0 coins"). Inside a template,
`{n|coin|coins}` is the word for the number in param `n`: the first form for CLDR's "one", the
second for every other category. Never write "coin(s)". In a `{"one", "other"}` template, a
"one" form that does not write `{n}` ("Pay 1 coin") serves exactly 1 only.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale

import data
from engine.core import Msg

LOCALES = ("en", "fr")
DEFAULT_LOCALE = "en"


def locale_of(tag: str | None) -> str:
    """Our locale for a Discord / BCP 47 tag: `fr`, `fr-FR` -> fr; anything else -> en."""
    if tag and str(tag).lower().startswith("fr"):
        return "fr"
    return DEFAULT_LOCALE


def _catalogue_files() -> list[Path]:
    files = sorted(data.path("i18n").glob("*.json"))
    files += sorted(data.ROOT.glob("*/i18n/*.json"))
    return files


@lru_cache(maxsize=32)  # one per locale
def catalogue(locale: str) -> Mapping[str, Any]:
    merged: dict[str, Any] = {}
    origin: dict[str, Path] = {}
    for file in _catalogue_files():
        if file.name.removesuffix(".json").split(".")[-1] != locale:
            continue
        entries = json.loads(file.read_text(encoding="utf-8"))
        for key, template in entries.items():
            if key in merged:
                raise ValueError(f"translation key {key!r} is defined in {origin[key]} and {file}")
            merged[key] = template
            origin[key] = file
    return merged


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalogue(locale)


def _template(key: str, locale: str) -> Any:
    found = catalogue(locale).get(key)
    if found is None and locale != DEFAULT_LOCALE:
        found = catalogue(DEFAULT_LOCALE).get(key)
    return found if found is not None else key


@lru_cache(maxsize=32)  # one per locale
def _locale(locale: str) -> Locale:
    return Locale.parse(locale)


def plural_category(n: Any, locale: str) -> str:
    """CLDR's plural category of the number `n` in `locale` ("one", "other", "many"...)."""
    try:
        number = float(n) if not isinstance(n, int) else n
    except (TypeError, ValueError):
        return "other"
    return _locale(locale if locale in LOCALES else DEFAULT_LOCALE).plural_form(number)


def plural(n: Any, one: str, other: str, locale: str) -> str:
    """`one` or `other`, whichever the number `n` takes in `locale`."""
    return one if plural_category(n, locale) == "one" else other


# {n|coin|coins}: a param name, then the form for "one", then the form for the rest.
_PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")


def _plurals(template: str, params: Mapping[str, Any], locale: str) -> str:
    def form(match: re.Match[str]) -> str:
        one, other = match[2], match[3]
        if match[1] not in params:
            return other
        return (one if plural_category(params[match[1]], locale) == "one" else other).replace(
            "{", "{{").replace("}", "}}")

    return _PLURAL.sub(form, template)


def _plural_form(forms: Mapping[str, str], n: Any, locale: str) -> str:
    """The form of a `{"one": ..., "other": ...}` template for the number `n`. A "one" form
    that does not write `{n}` names exactly one ("Pay 1 coin"), so it serves n == 1 only; the
    other numbers of CLDR's "one" category (French 0) take "other" there."""
    category = plural_category(n, locale)
    form = forms.get(category)
    if category == "one" and form is not None and "{n}" not in form and n != 1:
        form = None
    return form if form is not None else forms.get("other", "")


def params_of(template: Any) -> set[str]:
    """The parameters a template uses (`{seat}`, and `n` of `{n|coin|coins}`), for checks that
    two languages ask for the same ones."""
    import string

    texts = template.values() if isinstance(template, dict) else [template]
    found: set[str] = set()
    for text in texts:
        plain = _PLURAL.sub(lambda m: "{" + m[1] + "}", str(text))
        found |= {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(plain)
                  if f}
    return found


def _seat_name(n: int, names: Sequence[str]) -> str:
    return names[n] if 0 <= n < len(names) else f"#{n + 1}"


def _param(value: Any, locale: str, names: Sequence[str]) -> Any:
    if isinstance(value, Msg):
        return translate(value, locale, names)
    if isinstance(value, dict) and "seat" in value:
        return _seat_name(int(value["seat"]), names)
    if isinstance(value, dict) and "action" in value:  # Msg.action: a canonical action text
        return action_label(str(value["game"]), str(value["action"]), locale, names)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_param(v, locale, names)) for v in value)
    return value


# French elides these words before a vowel: « de Aurelia » is « d'Aurelia », « le Arsenal »
# « l'Arsenal ». A catalogue cannot write it, since the word that follows is a parameter (a
# player's or a card's name); a mute h is left alone (it cannot be told from an aspirate one).
_ELIDED = re.compile(r"(?<![\w'’-])([dDlLjJnNsS]e|[lL]a|[qQ]ue) \{(\w+)\}")
_VOWELS = "aeiouyàâäéèêëîïôöûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜ"
_ROMAN = re.compile(r"[IVXLC]+")  # « l'Âge I », never « d'I »: a numeral is read as a number


def _elide(template: str, params: Mapping[str, Any]) -> str:
    """`template` with « de {name} » written « d'{name} » where that parameter starts with a
    vowel (and likewise le, la, que, je, ne, se)."""
    def elided(match: re.Match[str]) -> str:
        word, name = match.groups()
        value = str(params.get(name, ""))
        if value[:1] in _VOWELS and value[:1] and not _ROMAN.fullmatch(value):
            return f"{word[:-1]}'{{{name}}}"
        return match.group(0)

    return _ELIDED.sub(elided, template)


def translate(msg: Msg, locale: str = DEFAULT_LOCALE, names: Sequence[str] = ()) -> str:
    """The text of `msg` in `locale`; seats are shown by their player's name from `names`."""
    template = _template(msg.key, locale)
    params = {k: _param(v, locale, names) for k, v in msg.params.items()}
    if isinstance(template, dict):
        template = _plural_form(template, params.get("n", 0), locale)
    template = _plurals(str(template), params, locale)
    if locale == "fr":
        template = _elide(template, params)
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError):
        return str(template)


def token_label(game_key: str, token: str, locale: str, names: Sequence[str] = ()) -> str:
    """How one action token is shown: numbers as is, `@2` as seat 2's name, words translated."""
    if token.startswith("@") and token[1:].isdigit():
        return _seat_name(int(token[1:]), names)
    if token.isdigit():
        return token
    key = f"{game_key}.tok.{token}"
    found = _template(key, locale)
    return token if found == key else str(found)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=64)  # games x locales
def _token_words(game_key: str, locale: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each token's words in `locale` (folded) -> the tokens they may be, in catalogue order:
    `("cherche",)` -> `("seek",)`. Words may be several tokens' (Agora's `scrap` and Duel's
    `discard` are both "discard"): the legal texts tell which is meant (`readings_of`)."""
    prefix = f"{game_key}.tok."
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for loc in dict.fromkeys((DEFAULT_LOCALE, locale)):
        for key, label in catalogue(loc).items():
            if key.startswith(prefix) and isinstance(label, str):
                words, token = tuple(_fold(label).split()), key[len(prefix):]
                if token not in out.get(words, ()):
                    out[words] = (*out.get(words, ()), token)
    return out


READINGS = 16  # readings of one typed text at most: a few words shared by tokens, never more


def readings_of(game_key: str, typed: str, locale: str) -> list[str]:
    """Typed words read back as tokens where they are a token's words in the player's language
    (« cherche 1 huns offre 1 goths » -> `seek 1 huns offer 1 goths`), the longest words first;
    other words are left as typed. Words that several tokens share give several readings, in
    catalogue order, for the caller to keep the one the legal texts have. So that a text no
    action has is refused by the rules' own reason, in any language, rather than as an unknown
    text."""
    table = _token_words(game_key, locale)
    longest = max((len(k) for k in table), default=1)
    words = typed.split()
    readings: list[list[str]] = [[]]
    i = 0
    while i < len(words):
        for n in range(min(longest, len(words) - i), 0, -1):
            found = table.get(tuple(_fold(w) for w in words[i:i + n]))
            if found is not None:
                readings = [r + [token] for r in readings for token in found][:READINGS]
                i += n
                break
        else:
            readings = [r + [words[i]] for r in readings]
            i += 1
    return [" ".join(r) for r in readings]


# An action's phrase: the catalogue key `<game>.phrase:<shape>` holds how a person would say
# every action text of that shape (`duel.phrase:discard {card} gain {n}` -> "Discard {card}
# (+{n} {n|coin|coins})"). In a shape, a bare word must be that word, `{x}` is one token,
# `{x*}` one or more shown one after the other ("1 Huns or Goths") and `{x+}` one or more shown
# as a list ("Wood, Glass"; a number stays with the word after it: "1 Vikings, 2 Goths").
# A token is shown as token_label shows it, a number is passed as a number (for plurals), and
# `{x:in}` shows its token through the key `<game>.in.<token>` ("en Afrique", "au Moyen-Orient":
# the words around a name that a language bends with it).
PHRASE = ".phrase:"
_SLOT = re.compile(r"\{(\w+)([*+]?)(?::(\w+))?\}")


@lru_cache(maxsize=32)  # one per game
def phrases(game_key: str) -> tuple[tuple[re.Pattern[str], str, Mapping[str, str]], ...]:
    """The game's phrase shapes as (pattern, catalogue key, {slot: kind}), the most specific
    first (more fixed words, then fewer slots), so that `construct {card} pay {n}` wins over
    `construct {card*}`."""
    prefix = game_key + PHRASE
    found = []
    for key in catalogue(DEFAULT_LOCALE):
        if not key.startswith(prefix):
            continue
        parts, slots = [], {}
        for word in key[len(prefix):].split():
            slot = _SLOT.fullmatch(word)
            if slot is None:
                parts.append(re.escape(word))
                continue
            name, kind, family = slot.groups()
            slots[name] = f"{kind}:{family}" if family else kind
            parts.append(f"(?P<{name}>\\S+)" if not kind else f"(?P<{name}>\\S+(?: \\S+)*?)")
        found.append((-(len(parts) - len(slots)), -len(parts), key,
                      re.compile(" ".join(parts)), slots))
    return tuple((pattern, key, slots) for *_, key, pattern, slots in sorted(
        found, key=lambda f: f[:3]))


def _slot_value(game_key: str, kind: str, tokens: list[str], locale: str,
                names: Sequence[str]) -> Any:
    if len(tokens) == 1 and tokens[0].isdigit():
        return int(tokens[0])
    if ":" in kind:  # one token, through its family of keys
        return translate(Msg(f"{game_key}.{kind.split(':')[1]}.{tokens[0]}"), locale, names)
    shown = [token_label(game_key, t, locale, names) for t in tokens]
    if kind != "+":
        return " ".join(shown)
    items: list[str] = []
    for i, (token, label) in enumerate(zip(tokens, shown, strict=True)):
        if i and tokens[i - 1].isdigit() and not token.isdigit():
            items[-1] += " " + label  # "1" and "Vikings": one item
        else:
            items.append(label)
    return ", ".join(items)


def phrase_of(game_key: str, text: str) -> tuple[str, dict[str, tuple[str, list[str]]]] | None:
    """The phrase key that says `text`, with each slot's kind and tokens; None if none does."""
    for pattern, key, slots in phrases(game_key):
        match = pattern.fullmatch(text)
        if match:
            return key, {name: (slots[name], value.split())
                         for name, value in match.groupdict().items()}
    return None


def action_words(game_key: str, text: str, locale: str, names: Sequence[str] = ()) -> str:
    """An action text token by token in the player's language ("cherche 2 Huns"): not how it
    is shown, but what a player may type (the verbs as the catalogue names them)."""
    return " ".join(token_label(game_key, t, locale, names) for t in text.split())


def action_label(game_key: str, text: str, locale: str, names: Sequence[str] = ()) -> str:
    """A canonical action text as a person would say it in the player's language: its phrase
    (above), or else token by token."""
    return _action_label(game_key, text, locale, tuple(names))


# Labels kept: autocomplete and a typed /move label every legal text of the seat at each
# keystroke, and a Res Publica trade has 6,000 of them (0.15 s a pass, measured by
# tests/contract/test_typed.py's states). Bounded: the texts come from states.
@lru_cache(maxsize=20_000)
def _action_label(game_key: str, text: str, locale: str, names: tuple[str, ...]) -> str:
    found = phrase_of(game_key, text)
    if found is None:
        return action_words(game_key, text, locale, names)
    key, slots = found
    params = {name: _slot_value(game_key, kind, tokens, locale, names)
              for name, (kind, tokens) in slots.items()}
    return translate(Msg(key, params), locale, names)
