"""Each of Discord's documented rules the stand-in holds: one invalid body, refused at the field
Discord names (validate.py's own rules, and those of Discord's OpenAPI description, schema.py);
and the valid bodies it once refused, accepted. Unit tests: no server, no client."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.standin import schema, validate
from tests.standin.validate import Rejected

V2 = validate.IS_COMPONENTS_V2
MESSAGES = "/channels/{channel}/messages"
CALLBACK = "/interactions/{id}/{token}/callback"


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(**extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "ok", "custom_id": "b", **extra}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def layout(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": V2, "components": list(components), **extra}


def gallery(**item: Any) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": "https://x/y.png"}, **item}]}


def option(name: str = "what", kind: int = 3, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": kind, **extra}


def command(*options: dict[str, Any], **extra: Any) -> list[dict[str, Any]]:
    return [{"name": "game", "description": "d", "options": list(options), **extra}]


def choices(name: int, localized: int) -> list[dict[str, Any]]:
    """25 choices: names of `name` characters, French ones of `localized`, values of 100."""
    return [{"name": f"{i:02d}" + "c" * (name - 2), "value": f"{i:02d}" + "v" * 98,
             "name_localizations": {"fr": f"{i:02d}" + "c" * (localized - 2)}}
            for i in range(25)]


def message(body: dict[str, Any], files: int = 0) -> None:
    validate.message(body, [(f"f{i}.png", 1) for i in range(files)])


def described(route: str, method: str = "POST") -> Callable[[Any], None]:
    return lambda body: schema.check(method, route, body)


# rule: (the check, an invalid body, the field named in the refusal)
REFUSED: dict[str, tuple[Callable[[Any], None], Any, str]] = {
    # docs, Reference > Locales
    "localization key": (validate.commands, command(name_localizations={"xx": "jeu"}),
                         "0.name_localizations"),
    "description localization key": (validate.commands, command(
        description_localizations={"fr-FR": "d"}), "0.description_localizations"),
    # docs, Localization: a localized name is a name its locale's users type
    "localized name of a sibling": (validate.commands, command(
        option("seat", name_localizations={"fr": "place"}),
        option("place", name_localizations={"fr": "siege"})), "0.options"),
    # docs, Application Command Option Structure: min_length 0-6000, max_length 1-6000
    "max_length range": (described("/applications/{app}/commands", "PUT"),
                         command(option(max_length=0)), "0.options.0.max_length"),
    "min_length range": (described("/applications/{app}/commands", "PUT"),
                         command(option(min_length=6001)), "0.options.0.min_length"),
    "min_length over max_length": (validate.commands, command(option(min_length=5, max_length=2)),
                                   "0.options.0.min_length"),
    # docs, Application Command Option Structure: choices and autocomplete on string,
    # integer and number options only
    "choices on a boolean": (validate.commands, command(option(kind=5, choices=[
        {"name": "a", "value": "a"}])), "0.options.0.choices"),
    "autocomplete on a user": (validate.commands, command(option(kind=6, autocomplete=True)),
                               "0.options.0.autocomplete"),
    # docs, Subcommands and Subcommand Groups: a group holds sub-commands
    "string in a sub-command group": (validate.commands, command(option(
        "seats", kind=2, options=[option()])), "0.options.0.options"),
    # "Using subcommands or subcommand groups will make your base command unusable"
    "sub-command beside an option": (validate.commands, command(
        option("seats", kind=1), option()), "0.options"),
    # "nesting one level deep within a group ... the only kind of nesting supported"
    "sub-command in a sub-command": (validate.commands, command(option(
        "seats", kind=1, options=[option("add", kind=1)])), "0.options.0.options"),
    # docs, Option Choice Structure: name_localizations' keys are available locales
    "choice localization key": (validate.commands, command(option(choices=[
        {"name": "a", "value": "a", "name_localizations": {"xx": "b"}}])),
        "0.options.0.choices.0.name_localizations"),
    # docs, Interaction Response Object > Autocomplete: choices of that structure
    "autocomplete localization key": (lambda body: validate.autocomplete(body, 3), {
        "choices": [{"name": "a", "value": "a", "name_localizations": {"fr-FR": "b"}}]},
        "data.choices.0.name_localizations"),
    # docs, Application Command Naming: 1-32 characters of the regex, lower case
    "command name": (validate.commands, command(name="Game"), "0.name"),
    # docs, Registering a Command: 8000 characters, at the longest localization
    "command size": (validate.commands, command(
        *(option(f"o{i}", choices=choices(2, 100)) for i in range(3))), "0"),
    # docs, Component Reference, Anatomy of a Component: ids unique, 32-bit, not negative
    "duplicate component id": (message, layout({**text("a"), "id": 3}, {**text("b"), "id": 3}),
                               "components"),
    "negative component id": (described(MESSAGES), layout({**text("a"), "id": -1}),
                              "components.0.id"),
    # docs, Container: accent_color is an RGB colour, 0x000000-0xFFFFFF
    "accent colour": (described(MESSAGES), layout(
        {"type": 17, "accent_color": 1 << 24, "components": [text("a")]}),
        "components.0.accent_color"),
    # docs, Media Gallery Item and Thumbnail: description 1-1024 characters (alt text)
    "empty gallery description": (described(MESSAGES), layout(gallery(description="")),
                                  "components.0.items.0.description"),
    "thumbnail description": (described(MESSAGES), layout({
        "type": 9, "components": [text("a")], "accessory": {
            "type": 11, "media": {"url": "https://x/y.png"}, "description": "d" * 1025}}),
        "components.0.accessory.description"),
    # docs, Separator: spacing 1 (small) or 2 (large)
    "separator spacing": (described(MESSAGES), layout({"type": 14, "spacing": 3}),
                          "components.0.spacing"),
    # docs, Unfurled Media Item: url, at most 2048 characters
    "media url length": (described(MESSAGES), layout({
        "type": 12, "items": [{"media": {"url": "https://x/" + "y" * 2048}}]}),
        "components.0.items.0.media.url"),
    # docs, Text Display: content, at most 4000 characters (each text display)
    "text display length": (described(MESSAGES), layout(text("x" * 4001)),
                            "components.0.content"),
    # docs, Create Message: allowed_mentions and files apply to Components V2 messages too
    "V2 allowed_mentions": (message, layout(text("a"), allowed_mentions={
        "parse": ["users"], "users": ["1"]}), "allowed_mentions.users"),
    "V2 eleven files": (lambda body: message(body, files=11), layout(text("a")), "attachments"),
    # docs, Allowed Mentions Object: parse holds "roles", "users", "everyone"
    "allowed_mentions.parse": (message, {"content": "x", "allowed_mentions": {"parse": ["all"]}},
                               "allowed_mentions.parse"),
    "allowed_mentions.parse (description)": (described(MESSAGES), {
        "content": "x", "allowed_mentions": {"parse": ["all"]}}, "allowed_mentions.parse.0"),
    # docs, Button: url at most 512 characters
    "button url length": (described(MESSAGES), {"content": "x", "components": [row(
        {"type": 2, "style": 5, "label": "go", "url": "https://x/" + "y" * 512})]},
        "components.0.components.0.url"),
    # docs, Button: "Premium buttons **must** contain a `sku_id`, and cannot have a
    # `custom_id`, `label`, `url`, or `emoji`."
    "premium button with a custom_id": (message, {"content": "x", "components": [row(
        {"type": 2, "style": 6, "sku_id": "1", "custom_id": "b"})]},
        "components.0.components.0.custom_id"),
    # docs, Button: "Non-link and non-premium buttons ... cannot have a `url` or a `sku_id`."
    "url on a non-link button": (message, {"content": "x", "components": [row(
        button(url="https://x/y"))]}, "components.0.components.0.url"),
    # docs, Emoji Object (partial, in a button): name
    "emoji name length": (described(MESSAGES), {"content": "x", "components": [row(
        button(emoji={"name": "e" * 33}))]}, "components.0.components.0.emoji.name"),
    # docs, Interaction Callback Data > Messages: a deferred response sets EPHEMERAL at most
    "deferred response flags": (validate.deferred, {"flags": validate.SUPPRESS_NOTIFICATIONS},
                                "data.flags"),
    "callback type": (described(CALLBACK), {"type": 3}, "type"),
}


@pytest.mark.parametrize("rule", list(REFUSED))
def test_a_body_breaking_the_rule_is_refused(rule: str) -> None:
    check, body, where = REFUSED[rule]
    with pytest.raises(Rejected) as refused:
        check(body)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert where in refused.value.errors, refused.value.errors


ACCEPTED: dict[str, tuple[Callable[[Any], None], Any]] = {
    # docs, Application Command Naming: \p{L}\p{N}\p{sc=Deva}\p{sc=Thai}, - _ and '
    "apostrophe": (validate.commands, command(name="don't")),
    "devanagari with its marks": (validate.commands, command(name="खेल")),
    "thai": (validate.commands, command(name="เกม")),
    "discord's locales": (validate.commands, command(name_localizations={"fr": "jeu",
                                                                          "es-ES": "juego"})),
    # 6,000 characters, each field at its longest: within 8000 (over the 4000 once refused)
    "a large command": (validate.commands, command(
        option("a", choices=choices(60, 60)), option("b", choices=choices(2, 100)[:10]))),
    # each text display holds 4000: no total over the message
    "texts over 4000 in all": (lambda body: (message(body), schema.check(
        "POST", MESSAGES, body)), layout(text("x" * 3000), text("y" * 3000))),
    # undocumented refusals dropped: an emoji-less, label-less button; a select's max_values
    # over its options; two options of one value
    "label-less button": (message, {"content": "x", "components": [row(
        {"type": 2, "style": 1, "custom_id": "b"})]}),
    "generous select": (message, {"content": "x", "components": [row({
        "type": 3, "custom_id": "s", "max_values": 3,
        "options": [{"label": "a", "value": "v"}, {"label": "b", "value": "v"}]})]}),
    "ephemeral deferred": (validate.deferred, {"flags": validate.EPHEMERAL}),
    # a premium button has a sku_id and no custom_id (once refused for lacking one)
    "premium button": (lambda body: (message(body), schema.check("POST", MESSAGES, body)), {
        "content": "x", "components": [row({"type": 2, "style": 6, "sku_id": "1"})]}),
    "localized choices": (lambda body: validate.autocomplete(body, 3), {
        "choices": [{"name": "a", "value": "a", "name_localizations": {"fr": "b"}}]}),
}


@pytest.mark.parametrize("case", list(ACCEPTED))
def test_a_valid_body_is_accepted(case: str) -> None:
    check, body = ACCEPTED[case]
    check(body)


def test_discord_py_integer_snowflakes_are_read_as_the_strings_discord_takes() -> None:
    body = {"content": "x", "attachments": [{"id": 0, "filename": "turn.png"}],
            "allowed_mentions": {"parse": [], "users": [123, 456]}}
    schema.check("POST", MESSAGES, body)
    with pytest.raises(Rejected):
        schema.check("POST", MESSAGES, {**body, "attachments": [{"id": 1.5}]})
