"""Discord's limits, checked the way Discord checks them: a request that breaks one is refused.

Each limit names where it comes from. "docs" is Discord's developer documentation
(https://discord.com/developers/docs), read in 2026; the page and section follow. Where the
documentation is silent and the value comes from elsewhere (discord.py, observed behaviour), it
says so. A refusal is a `Rejected` carrying the status, the JSON error code and message Discord
answers with, and for "Invalid Form Body" (50035) the path of each offending field, so that
discord.py raises the same HTTPException it would raise against Discord.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# --- messages: docs, Resources > Message > Create Message (JSON/Form Params) --------------------
CONTENT = 2000  # "content: message contents (up to 2000 characters)"
EMBEDS = 10  # "embeds: up to 10 rich embeds (up to 6000 characters)"
EMBED_TOTAL = 6000  # docs, Message > Embed Limits: the sum of all embed texts of a message
EMBED_TITLE = 256  # docs, Embed Limits
EMBED_DESCRIPTION = 4096  # docs, Embed Limits
# Create Message, enforce_nonce: a nonce is unique "in the past few minutes"; five here.
NONCE_WINDOW = 5 * 60.0
ATTACHMENTS = 10  # docs, Create Message: "files[n]" ... up to 10 files per message
# docs, Reference > Uploading Files: "the default file size limit is 10 MiB"; discord.py 2.7.1
# `utils.DEFAULT_FILE_SIZE_LIMIT_BYTES = 10485760`; larger in boosted guilds (tier 2: 50 MiB).
ATTACHMENT_BYTES = 10 * 1024 * 1024
# docs, Create Message: "flags: only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE
# and IS_COMPONENTS_V2 can be set"; EPHEMERAL only on interaction responses and follow-ups
# (docs, Interactions > Receiving and Responding > Messages).
SUPPRESS_EMBEDS, EPHEMERAL, LOADING, SUPPRESS_NOTIFICATIONS = 1 << 2, 1 << 6, 1 << 7, 1 << 12
IS_VOICE_MESSAGE, IS_COMPONENTS_V2 = 1 << 13, 1 << 15
CHANNEL_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2
INTERACTION_FLAGS = CHANNEL_FLAGS | EPHEMERAL

# --- components: docs, Components > Reference (legacy message components) --------------------
ROWS = 5  # "Messages can have up to 5 Action Rows" (without IS_COMPONENTS_V2)
BUTTONS_PER_ROW = 5  # "An Action Row can contain up to 5 buttons, or a single select"
CUSTOM_ID = 100  # "custom_id: max 100 characters"
BUTTON_LABEL = 80  # Button: "label: max 80 characters"
SELECT_OPTIONS = 25  # String Select: "options: max 25"
OPTION_TEXT = 100  # Select Option: label, value and description "max 100 characters"
PLACEHOLDER = 150  # String Select: "placeholder: max 150 characters"
SELECT_VALUES = 25  # String Select: min_values 0-25, max_values 1-25
BUTTON_STYLES = {1, 2, 3, 4, 5, 6}  # primary, secondary, success, danger, link, premium
SELECT_TYPES = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel selects

# --- Components V2: docs, Components > Using Message Components, and Components > Reference ----
# "Setting the IS_COMPONENTS_V2 flag ... you cannot send content, embeds, stickers or polls" and
# "once a message has been sent with this flag, it can't be removed from that message";
# "messages allow up to 40 total components" (nested ones count); "the total length of all
# text displays ... up to 4000 characters"; a Media Gallery holds "1 to 10 media gallery items";
# a Section "one to three text components" and one accessory (a thumbnail or a button); an
# Unfurled Media Item's url "supports arbitrary urls and attachment://<filename> references",
# the file being one of the message's attachments. Each text display holds 4000 characters
# (openapi.json, TextDisplayComponentForMessageRequest.content; no total over a message's
# text displays is documented), as the description's schema checks (schema.py).
LAYOUT_COMPONENTS = 40
GALLERY_ITEMS = 10
SECTION_TEXTS = 3
MEDIA_DESCRIPTION = 1024  # Media Gallery Item: "description: alt text, max 1024 characters"
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    1, 2, 9, 10, 11, 12, 13, 14, 17)
TOP_LEVEL = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
IN_CONTAINER = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR}

# --- application commands: docs, Interactions > Application Commands -------------------------
# "Application Command Naming": CHAT_INPUT names match ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$
# and use "the lowercase variant of any letters when available" (name_char below).
COMMAND_NAME_LENGTH = 32
# The Devanagari and Thai scripts (Unicode Scripts.txt), whose combining marks are not \p{L}.
SCRIPTS = ((0x0900, 0x0950), (0x0955, 0x0963), (0x0966, 0x097F), (0xA8E0, 0xA8FF),
           (0x11B00, 0x11B09), (0x0E01, 0x0E3A), (0x0E40, 0x0E5B))
DESCRIPTION = 100  # "description: 1-100 character description"
OPTIONS = 25  # "options: ... max of 25"
CHOICES = 25  # option "choices: ... max of 25"; autocomplete result "max of 25 choices"
CHOICE_NAME = 100  # Choice: "name: 1-100 character choice name"
CHOICE_VALUE = 100  # Choice: "value: ... up to 100 characters if string"
# docs, Application Commands > Registering a Command: "the combined sum of characters in name,
# description, and value fields" of a command, its options and choices is at most 8000, each
# field counted at its longest localization.
COMMAND_TEXT = 8000
GLOBAL_COMMANDS = 100  # "an app can have up to 100 top-level global CHAT_INPUT commands"
STRING_VALUE = 6000  # option max_length: "maximum allowed length (minimum of 1, maximum of 6000)"
OPTION_TYPES = set(range(1, 12))  # SUB_COMMAND .. ATTACHMENT
# Application Command Option Structure: "choices ... only for STRING, INTEGER and NUMBER", and
# "autocomplete ... for STRING, INTEGER and NUMBER options"; a SUB_COMMAND_GROUP's options are
# SUB_COMMANDs ("Subcommands and Subcommand Groups").
CHOICE_TYPES = {3, 4, 10}

# --- interactions: docs, Interactions > Receiving and Responding --------------------------------
DEADLINE = 3.0  # "you must send an initial response within 3 seconds of receiving the event"
TOKEN_LIFETIME = 15 * 60.0  # "Interaction tokens are valid for 15 minutes"
# Interaction Response Object > Interaction Callback Type, allowed per interaction type
# (1 PING, 2 APPLICATION_COMMAND, 3 MESSAGE_COMPONENT, 4 AUTOCOMPLETE, 5 MODAL_SUBMIT):
CALLBACK_TYPES = {1: {1}, 2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}
# Interaction Callback Data > Messages, flags: on a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
# "only the EPHEMERAL flag" can be set (what the "thinking..." message will be).
DEFERRED_FLAGS = 1 << 6


class Rejected(Exception):
    """Discord's refusal: HTTP status, JSON error code and message, field errors."""

    def __init__(self, status: int, code: int, message: str,
                 errors: Mapping[str, str] | None = None) -> None:
        self.status, self.code, self.message = status, code, message
        self.errors = dict(errors or {})
        detail = "; ".join(f"{k}: {v}" for k, v in self.errors.items())
        super().__init__(f"{status} {code} {message}" + (f" ({detail})" if detail else ""))

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = _nest(self.errors)
        return body


def _nest(errors: Mapping[str, str]) -> dict[str, Any]:
    """{"data.components.0.custom_id": "..."} as Discord writes it (discord.py flattens it back)."""
    root: dict[str, Any] = {}
    for path, text in errors.items():
        node = root
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": "STANDIN_INVALID", "message": text})
    return root


def form_error(errors: Mapping[str, str]) -> Rejected:
    return Rejected(400, 50035, "Invalid Form Body", errors)


# Other refusals Discord answers with (docs, Topics > Opcodes and Status Codes > JSON).
def unknown_interaction() -> Rejected:
    return Rejected(404, 10062, "Unknown interaction")


def already_acknowledged() -> Rejected:
    return Rejected(400, 40060, "Interaction has already been acknowledged.")


def unknown_message() -> Rejected:
    return Rejected(404, 10008, "Unknown Message")


def unknown_channel() -> Rejected:
    return Rejected(404, 10003, "Unknown Channel")


def unknown_webhook() -> Rejected:
    return Rejected(404, 10015, "Unknown Webhook")


def invalid_webhook_token() -> Rejected:
    return Rejected(401, 50027, "Invalid Webhook Token")


def empty_message() -> Rejected:
    return Rejected(400, 50006, "Cannot send an empty message")


def missing_permissions() -> Rejected:
    return Rejected(403, 50013, "Missing Permissions")


def not_author() -> Rejected:
    return Rejected(403, 50005, "Cannot edit a message authored by another user")


def too_large() -> Rejected:
    # docs, Uploading Files: a file over the limit is refused with 413 / 40005
    return Rejected(413, 40005, "Request entity too large")


def unauthorized() -> Rejected:
    return Rejected(401, 0, "401: Unauthorized")


# --- messages -------------------------------------------------------------------------------


def message(body: Mapping[str, Any], files: Sequence[tuple[str, int]], *, prefix: str = "",
            allowed_flags: int = CHANNEL_FLAGS, editing: bool = False,
            kept_attachments: int = 0, size_limit: int = ATTACHMENT_BYTES,
            layout: bool = False, attached: Iterable[str] = ()) -> None:
    """A message body (create or edit) with its uploaded files (name, size); raises Rejected.
    `layout`: the message is (already) a Components V2 one; `attached`: the file names it will
    carry, for `attachment://` references."""
    errors: dict[str, str] = {}
    flags = body.get("flags")
    if layout or (isinstance(flags, int) and flags & IS_COMPONENTS_V2):
        for field in ("content", "embeds", "sticker_ids", "poll"):
            if body.get(field):
                errors[prefix + field] = (
                    f"{field} cannot be used with the IS_COMPONENTS_V2 message flag.")
        errors.update(layout_components(body.get("components"), prefix,
                                        {*attached, *(name for name, _ in files)}))
        errors.update(allowed_mentions(body.get("allowed_mentions"), prefix))
        if len(files) + kept_attachments > ATTACHMENTS:
            errors[prefix + "attachments"] = f"Must be {ATTACHMENTS} or fewer in length."
        if isinstance(flags, int) and flags & ~allowed_flags:
            errors[prefix + "flags"] = "Invalid flags for this message."
        if errors:
            raise form_error(errors)
        if any(size > size_limit for _, size in files):
            raise too_large()
        if "components" in body and not body.get("components"):
            raise empty_message()  # a layout without components: nothing left to show
        return
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        errors[prefix + "content"] = "Must be a string."
    elif content is not None and len(content) > CONTENT:
        errors[prefix + "content"] = f"Must be {CONTENT} or fewer in length."
    if flags is not None and (not isinstance(flags, int) or flags & ~allowed_flags):
        errors[prefix + "flags"] = "Invalid flags for this message."
    errors.update(embeds(body.get("embeds"), prefix))
    errors.update(components(body.get("components"), prefix))
    errors.update(allowed_mentions(body.get("allowed_mentions"), prefix))
    if len(files) + kept_attachments > ATTACHMENTS:
        errors[prefix + "attachments"] = f"Must be {ATTACHMENTS} or fewer in length."
    if errors:
        raise form_error(errors)
    if any(size > size_limit for _, size in files):
        raise too_large()
    if not editing and not (content or body.get("embeds") or files or body.get("components")
                            or body.get("sticker_ids") or body.get("poll")):
        raise empty_message()


def deferred(data: Mapping[str, Any]) -> None:
    """The data of a "thinking..." deferred response: DEFERRED_FLAGS only; raises Rejected."""
    flags = data.get("flags") or 0
    if not isinstance(flags, int) or flags & ~DEFERRED_FLAGS:
        raise form_error({"data.flags": "Only the EPHEMERAL flag can be set on a deferred response."})


def embeds(found: Any, prefix: str = "") -> dict[str, str]:
    if not found:
        return {}
    errors: dict[str, str] = {}
    if len(found) > EMBEDS:
        errors[prefix + "embeds"] = f"Must be {EMBEDS} or fewer in length."
    total = 0
    for i, embed in enumerate(found):
        title, description = embed.get("title") or "", embed.get("description") or ""
        if len(title) > EMBED_TITLE:
            errors[f"{prefix}embeds.{i}.title"] = f"Must be {EMBED_TITLE} or fewer in length."
        if len(description) > EMBED_DESCRIPTION:
            errors[f"{prefix}embeds.{i}.description"] = (
                f"Must be {EMBED_DESCRIPTION} or fewer in length.")
        total += len(title) + len(description) + sum(
            len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields") or [])
        total += len((embed.get("footer") or {}).get("text", ""))
        total += len((embed.get("author") or {}).get("name", ""))
    if total > EMBED_TOTAL:
        errors[prefix + "embeds"] = f"Embed size exceeds maximum size of {EMBED_TOTAL}"
    return errors


def components(rows: Any, prefix: str = "") -> dict[str, str]:
    """Legacy message components: action rows of buttons, or of one select."""
    if rows is None:
        return {}
    errors: dict[str, str] = {}
    if not isinstance(rows, list):
        return {prefix + "components": "Must be an array."}
    if len(rows) > ROWS:
        errors[prefix + "components"] = f"Must be {ROWS} or fewer in length."
    seen: set[str] = set()
    for r, row in enumerate(rows):
        where = f"{prefix}components.{r}"
        if row.get("type") != 1:
            errors[where + ".type"] = "Top-level components must be action rows."
            continue
        inner = row.get("components") or []
        if not inner:
            errors[where + ".components"] = "Must be 1 or more in length."
        selects = [c for c in inner if c.get("type") in SELECT_TYPES]
        if selects and len(inner) > 1:
            errors[where + ".components"] = "A select must be alone in its action row."
        if len(inner) > BUTTONS_PER_ROW:
            errors[where + ".components"] = f"Must be {BUTTONS_PER_ROW} or fewer in length."
        for c, component in enumerate(inner):
            errors.update(_component(component, f"{where}.components.{c}", seen))
    errors.update(component_ids(rows, prefix))
    return errors


def layout_components(found: Any, prefix: str, attached: set[str]) -> dict[str, str]:
    """The components of a Components V2 message: containers, text displays, media galleries,
    sections, separators, files and action rows, within the message's limits."""
    if found is None:
        return {}
    if not isinstance(found, list):
        return {prefix + "components": "Must be an array."}
    errors: dict[str, str] = {}
    seen: set[str] = set()
    count = 0

    def walk(items: Sequence[Mapping[str, Any]], where: str, allowed: set[int]) -> None:
        nonlocal count
        for i, c in enumerate(items):
            at = f"{where}.{i}"
            count += 1
            kind = c.get("type")
            if kind not in allowed:
                errors[at + ".type"] = f"Component type {kind!r} is not allowed here."
                continue
            if kind == CONTAINER:
                inner = c.get("components") or []
                if not inner:
                    errors[at + ".components"] = "Must be 1 or more in length."
                walk(inner, at + ".components", IN_CONTAINER)
            elif kind == TEXT_DISPLAY:
                content = c.get("content")
                if not isinstance(content, str) or not content:
                    errors[at + ".content"] = "This field is required"
            elif kind == SECTION:
                texts = c.get("components") or []
                if not 1 <= len(texts) <= SECTION_TEXTS:
                    errors[at + ".components"] = f"Must be between 1 and {SECTION_TEXTS} in length."
                walk(texts, at + ".components", {TEXT_DISPLAY})
                accessory = c.get("accessory")
                if not isinstance(accessory, Mapping):
                    errors[at + ".accessory"] = "This field is required"
                else:
                    walk([accessory], at + ".accessory", {BUTTON, THUMBNAIL})
            elif kind == MEDIA_GALLERY:
                media = c.get("items") or []
                if not 1 <= len(media) <= GALLERY_ITEMS:
                    errors[at + ".items"] = f"Must be between 1 and {GALLERY_ITEMS} in length."
                for m, item in enumerate(media):
                    errors.update(_media(item.get("media"), f"{at}.items.{m}.media", attached))
                    if len(item.get("description") or "") > MEDIA_DESCRIPTION:
                        errors[f"{at}.items.{m}.description"] = (
                            f"Must be {MEDIA_DESCRIPTION} or fewer in length.")
            elif kind == THUMBNAIL:
                errors.update(_media(c.get("media"), at + ".media", attached))
            elif kind == FILE:
                url = str((c.get("file") or {}).get("url") or "")
                if not url.startswith("attachment://"):
                    errors[at + ".file"] = "A file component references an attachment://."
                else:
                    errors.update(_media(c.get("file"), at + ".file", attached))
            elif kind == ACTION_ROW:
                inner = c.get("components") or []
                if not inner:
                    errors[at + ".components"] = "Must be 1 or more in length."
                if any(x.get("type") in SELECT_TYPES for x in inner) and len(inner) > 1:
                    errors[at + ".components"] = "A select must be alone in its action row."
                if len(inner) > BUTTONS_PER_ROW:
                    errors[at + ".components"] = f"Must be {BUTTONS_PER_ROW} or fewer in length."
                for x, component in enumerate(inner):
                    count += 1
                    errors.update(_component(component, f"{at}.components.{x}", seen))
            elif kind == BUTTON:
                errors.update(_component(c, at, seen))

    if not found:
        errors[prefix + "components"] = "Must be 1 or more in length."
    walk(found, prefix + "components", TOP_LEVEL)
    if count > LAYOUT_COMPONENTS:
        errors[prefix + "components"] = (
            f"Must be {LAYOUT_COMPONENTS} or fewer in length (nested components included).")
    errors.update(component_ids(found, prefix))
    return errors


def component_ids(found: Sequence[Mapping[str, Any]], prefix: str = "") -> dict[str, str]:
    """docs, Components > Reference, Anatomy of a Component: `id` is "a 32-bit integer" that
    "must be unique within the message" (0 or absent: Discord numbers it)."""
    ids = [c.get("id") for c in walk(found) if c.get("id")]
    if any(not isinstance(i, int) or i < 0 for i in ids):
        return {prefix + "components": "Component ids are positive integers."}
    if len(set(ids)) != len(ids):
        return {prefix + "components": "Component ids must be unique within the message."}
    return {}


def _media(media: Any, where: str, attached: set[str]) -> dict[str, str]:
    url = str((media or {}).get("url") or "") if isinstance(media, Mapping) else ""
    if not url:
        return {where + ".url": "This field is required"}
    if url.startswith("attachment://"):
        if url.removeprefix("attachment://") not in attached:
            return {where + ".url": f"{url} is not an attachment of this message."}
        return {}
    if not url.startswith(("https://", "http://")):
        return {where + ".url": "Scheme must be one of ('http', 'https', 'attachment')."}
    return {}


def walk(components: Iterable[Any]) -> list[Any]:
    """Every component of a list, nested ones (containers, rows, sections) included."""
    found: list[Any] = []
    for component in components:
        found.append(component)
        found += walk(component.get("components") or [])
        if isinstance(component.get("accessory"), Mapping):
            found += walk([component["accessory"]])
    return found


def layout_text(components: Iterable[Mapping[str, Any]]) -> list[str]:
    """The texts of a Components V2 message's text displays, in reading order."""
    found: list[str] = []
    for c in components:
        if c.get("type") == TEXT_DISPLAY and isinstance(c.get("content"), str):
            found.append(c["content"])
        found += layout_text(c.get("components") or [])
        if isinstance(c.get("accessory"), Mapping):
            found += layout_text([c["accessory"]])
    return found


def _component(c: Mapping[str, Any], where: str, seen: set[str]) -> dict[str, str]:
    errors: dict[str, str] = {}
    kind = c.get("type")
    custom_id = c.get("custom_id")
    if kind == 2:
        style = c.get("style")
        if style not in BUTTON_STYLES:
            errors[where + ".style"] = "Value must be one of {1, 2, 3, 4, 5, 6}."
        if len(c.get("label") or "") > BUTTON_LABEL:
            errors[where + ".label"] = f"Must be {BUTTON_LABEL} or fewer in length."
        if style == 5:
            if not c.get("url") or custom_id is not None:
                errors[where + ".url"] = "A link button has a url and no custom_id."
            return errors
        if style == 6:
            return {**errors, **_premium(c, where)}
        # docs, Button: "Non-link and non-premium buttons **must** have a `custom_id`, and
        # cannot have a `url` or a `sku_id`."
        for key in ("url", "sku_id"):
            if c.get(key) is not None:
                errors[f"{where}.{key}"] = f"A button of style {style} cannot have a {key}."
    elif kind in SELECT_TYPES:
        if len(c.get("placeholder") or "") > PLACEHOLDER:
            errors[where + ".placeholder"] = f"Must be {PLACEHOLDER} or fewer in length."
        low, high = c.get("min_values", 1), c.get("max_values", 1)
        if not (0 <= low <= SELECT_VALUES and 1 <= high <= SELECT_VALUES and low <= high):
            errors[where + ".max_values"] = "min_values/max_values out of range."
        if kind == 3:
            options = c.get("options") or []
            if not 1 <= len(options) <= SELECT_OPTIONS:
                errors[where + ".options"] = f"Must be between 1 and {SELECT_OPTIONS} in length."
            for o, option in enumerate(options):
                for key in ("label", "value", "description"):
                    text = option.get(key)
                    if key != "description" and not text:
                        errors[f"{where}.options.{o}.{key}"] = "This field is required"
                    elif text is not None and len(text) > OPTION_TEXT:
                        errors[f"{where}.options.{o}.{key}"] = (
                            f"Must be {OPTION_TEXT} or fewer in length.")
    else:
        return {where + ".type": f"Component type {kind!r} is not allowed here."}
    if not isinstance(custom_id, str) or not custom_id:
        errors[where + ".custom_id"] = "This field is required"
    elif len(custom_id) > CUSTOM_ID:
        errors[where + ".custom_id"] = f"Must be {CUSTOM_ID} or fewer in length."
    elif custom_id in seen:
        errors[where + ".custom_id"] = "Component custom id cannot be duplicated"
    else:
        seen.add(custom_id)
    return errors


def _premium(c: Mapping[str, Any], where: str) -> dict[str, str]:
    """docs, Button: "Premium buttons **must** contain a `sku_id`, and cannot have a
    `custom_id`, `label`, `url`, or `emoji`." """
    errors = {f"{where}.{key}": f"A premium button cannot have a {key}."
              for key in ("custom_id", "label", "url", "emoji") if c.get(key) is not None}
    if c.get("sku_id") is None:
        errors[where + ".sku_id"] = "A premium button must have a sku_id."
    return errors


MENTION_TYPES = {"roles", "users", "everyone"}  # docs, Allowed Mention Types


def allowed_mentions(found: Any, prefix: str = "") -> dict[str, str]:
    """docs, Message > Allowed Mentions Object: `parse` holds Allowed Mention Types; "users"
    there and a `users` list exclude each other (and likewise for roles)."""
    if found is None:
        return {}
    parse = found.get("parse") or []
    errors = {}
    if any(kind not in MENTION_TYPES for kind in parse):
        errors[f"{prefix}allowed_mentions.parse"] = f"Values must be in {sorted(MENTION_TYPES)}."
    for kind in ("users", "roles"):
        if kind in parse and found.get(kind):
            errors[f"{prefix}allowed_mentions.{kind}"] = (
                f"parse:[\"{kind}\"] and {kind}: [ids] are mutually exclusive.")
    return errors


# --- application commands --------------------------------------------------------------------


def commands(found: Any) -> None:
    """A bulk overwrite (PUT .../commands); raises Rejected."""
    if not isinstance(found, list):
        raise form_error({"_": "Must be an array."})
    errors: dict[str, str] = {}
    chat = [c for c in found if c.get("type", 1) == 1]
    if len(chat) > GLOBAL_COMMANDS:
        errors["_"] = f"Must be {GLOBAL_COMMANDS} or fewer in length."
    errors.update(unique_names(chat, "_"))
    for i, command in enumerate(found):
        errors.update(_named(command, str(i), describe=command.get("type", 1) == 1))
        if command.get("type", 1) == 1:
            errors.update(_options(command.get("options") or [], f"{i}.options", depth=0))
            if _text_length(command) > COMMAND_TEXT:
                errors[str(i)] = f"Combined text must be {COMMAND_TEXT} or fewer characters."
    if errors:
        raise form_error(errors)


def name_char(ch: str) -> bool:
    r"""One character of \p{L}, \p{N}, \p{sc=Deva}, \p{sc=Thai}, or - _ ' (COMMAND naming)."""
    return (ch in "-_'" or unicodedata.category(ch)[0] in "LN"
            or any(low <= ord(ch) <= high for low, high in SCRIPTS))


def command_name(name: Any) -> bool:
    return (isinstance(name, str) and 1 <= len(name) <= COMMAND_NAME_LENGTH
            and all(name_char(ch) for ch in name) and name == name.lower())


def localizations(thing: Mapping[str, Any], where: str) -> dict[str, str]:
    """docs, Application Commands > Localization: the keys of name_localizations and
    description_localizations are Discord's locales (docs, Reference > Locales; the same list
    as openapi.json's AvailableLocalesEnum)."""
    from tests.standin.schema import locales  # schema.py imports this module

    errors = {}
    for key in ("name_localizations", "description_localizations"):
        wrong = sorted(set(thing.get(key) or {}) - locales())
        if wrong:
            errors[f"{where}.{key}"] = f"Invalid locale(s) {wrong}."
    return errors


def _named(thing: Mapping[str, Any], where: str, *, describe: bool = True) -> dict[str, str]:
    errors = localizations(thing, where)
    names = [thing.get("name") or "", *(thing.get("name_localizations") or {}).values()]
    for name in names:
        if not command_name(name):
            errors[where + ".name"] = f"Command name is invalid: {name!r}"
    if describe:
        for text in [thing.get("description") or "",
                     *(thing.get("description_localizations") or {}).values()]:
            if not 1 <= len(text) <= DESCRIPTION:
                errors[where + ".description"] = f"Must be between 1 and {DESCRIPTION} in length."
    return errors


def unique_names(items: Sequence[Mapping[str, Any]], where: str) -> dict[str, str]:
    """Siblings (commands, or the options of one command) need distinct names, in every locale:
    docs, Application Commands > Localization: a localized name is the name that locale's
    clients type, and Discord refuses two siblings showing the same one ("Application command
    names must be unique"). A locale without a localization shows the default name, and a
    localized name may not be another sibling's name either."""
    found = {loc for item in items for loc in (item.get("name_localizations") or {})}
    for locale in (None, *sorted(found)):
        shown = [(item.get("name_localizations") or {}).get(locale, item.get("name"))
                 if locale else item.get("name") for item in items]
        if len(set(shown)) != len(shown):
            return {where: "Application command names must be unique"
                    + (f" (locale {locale})" if locale else "")}
    for i, item in enumerate(items):
        others = {other.get("name") for j, other in enumerate(items) if j != i}
        clash = sorted(others & set((item.get("name_localizations") or {}).values()))
        if clash:
            return {where: f"Application command names must be unique ({clash[0]!r} localized)"}
    return {}


def _options(options: Sequence[Mapping[str, Any]], where: str, depth: int) -> dict[str, str]:
    errors: dict[str, str] = dict(unique_names(options, where)) if options else {}
    if len(options) > OPTIONS:
        errors[where] = f"Must be {OPTIONS} or fewer in length."
    # docs, Subcommands and Subcommand Groups: "Using subcommands or subcommand groups will make
    # your base command unusable": the options beside a sub-command are sub-commands or groups.
    nested = [option.get("type") in (1, 2) for option in options]
    if any(nested) and not all(nested):
        errors[where] = "Sub-commands and groups cannot be mixed with other options."
    optional_seen = False
    for i, option in enumerate(options):
        at = f"{where}.{i}"
        kind = option.get("type")
        if kind not in OPTION_TYPES:
            errors[at + ".type"] = "Invalid option type."
            continue
        errors.update(_named(option, at))
        if kind in (1, 2):
            if depth >= (1 if kind == 2 else 2):
                errors[at + ".type"] = "Sub-commands nest at most two levels deep."
            inner = option.get("options") or []
            if kind == 2 and any(o.get("type") != 1 for o in inner):
                errors[at + ".options"] = "A sub-command group holds sub-commands only."
            # "We support nesting one level deep within a group ... That is the only kind of
            # nesting supported": a sub-command holds no sub-command or group.
            if kind == 1 and any(o.get("type") in (1, 2) for o in inner):
                errors[at + ".options"] = "A sub-command cannot hold sub-commands."
            errors.update(_options(inner, at + ".options", depth + 1))
            continue
        if option.get("required"):
            if optional_seen:
                errors[at + ".required"] = "Required options must be placed before non-required options"
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if choices and option.get("autocomplete"):
            errors[at + ".autocomplete"] = "Autocomplete cannot be set with choices."
        for key in ("choices", "autocomplete"):
            if option.get(key) and kind not in CHOICE_TYPES:
                errors[f"{at}.{key}"] = f"{key} is only for string, integer and number options."
        low, high = option.get("min_length"), option.get("max_length")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            errors[at + ".min_length"] = "min_length must not exceed max_length."
        errors.update({at + "." + k: v for k, v in choice_list(choices, kind).items()})
    return errors


def choice_list(choices: Sequence[Mapping[str, Any]], option_type: int | None) -> dict[str, str]:
    """Choices of an option, or of an autocomplete result (docs: Application Command Option
    Choice Structure)."""
    from tests.standin.schema import locales  # schema.py imports this module

    errors: dict[str, str] = {}
    if len(choices) > CHOICES:
        errors["choices"] = f"Must be {CHOICES} or fewer in length."
    for i, choice in enumerate(choices):
        # Choice Structure: "name_localizations?: ?dictionary with keys in available locales"
        wrong = sorted(set(choice.get("name_localizations") or {}) - locales())
        if wrong:
            errors[f"choices.{i}.name_localizations"] = f"Invalid locale(s) {wrong}."
        name, value = choice.get("name"), choice.get("value")
        names = [name, *(choice.get("name_localizations") or {}).values()]
        if any(not isinstance(n, str) or not 1 <= len(n) <= CHOICE_NAME for n in names):
            errors[f"choices.{i}.name"] = f"Must be between 1 and {CHOICE_NAME} in length."
        if option_type == 3 and (not isinstance(value, str) or len(value) > CHOICE_VALUE):
            errors[f"choices.{i}.value"] = f"Must be {CHOICE_VALUE} or fewer in length."
        elif option_type == 4 and (not isinstance(value, int) or isinstance(value, bool)):
            errors[f"choices.{i}.value"] = "Value is not int."
        elif option_type == 10 and not isinstance(value, int | float):
            errors[f"choices.{i}.value"] = "Value is not a number."
    return errors


def autocomplete(data: Mapping[str, Any], option_type: int | None) -> None:
    """An APPLICATION_COMMAND_AUTOCOMPLETE_RESULT's data (docs, Interaction Response Object >
    Autocomplete: "choices: array of choices (max of 25 choices)"); raises Rejected."""
    choices = data.get("choices")
    if not isinstance(choices, list):
        raise form_error({"data.choices": "This field is required"})
    errors = choice_list(choices, option_type)
    if errors:
        raise form_error({"data." + k: v for k, v in errors.items()})


def _text_length(command: Mapping[str, Any]) -> int:
    """Names, descriptions and choice values, each at its longest localization (COMMAND_TEXT)."""
    def longest(item: Mapping[str, Any], key: str) -> int:
        texts = [str(item.get(key) or ""), *(item.get(f"{key}_localizations") or {}).values()]
        return max(len(t) for t in texts)

    def walk(items: Iterable[Mapping[str, Any]]) -> int:
        total = 0
        for item in items:
            total += longest(item, "name") + longest(item, "description")
            total += sum(longest(c, "name") + len(str(c.get("value", "")))
                         for c in item.get("choices") or [])
            total += walk(item.get("options") or [])
        return total

    return walk([command])
