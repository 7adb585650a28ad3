"""Every request body checked against Discord's own OpenAPI description (openapi/openapi.json,
MIT, see openapi/README.md), route by route, with jsonschema.

Each route's schema is compiled once (`validator`) over the description read once, its
references inlined. Its unions of components and callbacks (a `oneOf` of schemas each fixing
its own `type`) are read as what they are, a choice by `type` (BY_TYPE): the same verdict,
many times faster (jsonschema would try every branch of every nested union), and a refusal
names the field of the branch the body meant. The other unions ask each branch yes or no
before gathering errors. discord.py writes some snowflakes as integers (attachment ids, the
users of allowed_mentions) where the description says "string": those are written as strings
first (`normalised`). A body that fails is refused as Discord refuses it (400 / 50035 with the
offending field's path). COUNTS, REFUSED and SECONDS (CPU) per route are the e2e run's summary
(tests/standin/report.py).
"""

from __future__ import annotations

import functools
import json
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.standin.validate import Rejected, form_error

SPEC = Path(__file__).with_name("openapi") / "openapi.json"
BASE = "urn:discord-openapi"  # the description's own `#/...` refs resolve against it

# The stand-in's routes (aiohttp templates under /api/v10) and the description's paths.
ROUTES = {
    "/applications/{app}/commands": "/applications/{application_id}/commands",
    "/applications/{app}/guilds/{guild}/commands":
        "/applications/{application_id}/guilds/{guild_id}/commands",
    "/channels/{channel}/messages": "/channels/{channel_id}/messages",
    "/channels/{channel}/messages/{message}": "/channels/{channel_id}/messages/{message_id}",
    "/channels/{channel}/threads": "/channels/{channel_id}/threads",
    "/interactions/{id}/{token}/callback": "/interactions/{interaction_id}/{interaction_token}/callback",
    "/webhooks/{app}/{token}": "/webhooks/{webhook_id}/{webhook_token}",
    "/webhooks/{app}/{token}/messages/{message}":
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    "/users/@me/channels": "/users/@me/channels",
}

COUNTS: Counter[str] = Counter()  # "POST /channels/{channel_id}/messages" -> bodies validated
REFUSED: Counter[str] = Counter()  # the same, refused by the description
SECONDS: Counter[str] = Counter()  # the same, the CPU time the checks took


@functools.cache
def description() -> dict[str, Any]:
    found = json.loads(SPEC.read_text(encoding="utf-8"))
    found = _by_type(found, found["components"]["schemas"])
    return _inlined(found, found["components"]["schemas"], {}, set())


def _inlined(node: Any, schemas: Mapping[str, Any], done: dict[str, Any], open_: set[str]) -> Any:
    """The description with each plain `$ref` to a schema replaced by that schema (one shared
    copy each): jsonschema then follows no reference while it validates (half its time went
    there). A schema that refers to itself keeps its `$ref`."""
    if isinstance(node, list):
        return [_inlined(x, schemas, done, open_) for x in node]
    if not isinstance(node, Mapping):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and len(node) == 1 and ref.startswith("#/components/schemas/"):
        name = ref.removeprefix("#/components/schemas/")
        if name in done:
            return done[name]
        if name in open_ or name not in schemas:
            return node  # recursive: resolved by the registry when validating
        open_.add(name)
        done[name] = _inlined(schemas[name], schemas, done, open_)
        open_.discard(name)
        return done[name]
    return {k: _inlined(v, schemas, done, open_) for k, v in node.items()}


@functools.cache
def locales() -> frozenset[str]:
    """Discord's locales (docs, Reference > Locales), as the description lists them."""
    return frozenset(description()["components"]["schemas"]["AvailableLocalesEnum"]["enum"])


def _kinds(branch: Any, schemas: Mapping[str, Any]) -> list[Any] | None:
    """The values of `type` a union's branch accepts, if it fixes them ($ref to an object
    schema whose `type` property has an `enum`)."""
    ref = branch.get("$ref", "") if isinstance(branch, Mapping) else ""
    target = schemas.get(ref.removeprefix("#/components/schemas/")) if ref else None
    kind = ((target or {}).get("properties") or {}).get("type")
    if isinstance(kind, Mapping) and isinstance(kind.get("enum"), list):
        return list(kind["enum"])
    return None


def _by_type(node: Any, schemas: Mapping[str, Any]) -> Any:
    """The description with each union discriminated by `type` rewritten as a choice (the
    keyword BY_TYPE): the object's `type` must be one the union lists, and the branch that lists
    it must hold. The branches' values are disjoint (checked), so exactly one branch can apply:
    the same verdict as the union's."""
    if isinstance(node, list):
        return [_by_type(x, schemas) for x in node]
    if not isinstance(node, Mapping):
        return node
    out = {k: _by_type(v, schemas) for k, v in node.items()}
    consts = out.get("oneOf")
    if isinstance(consts, list) and consts and all(
            isinstance(c, Mapping) and "const" in c for c in consts):
        out["enum"] = [c["const"] for c in out.pop("oneOf")]  # an enumeration written as a union
    for union in ("oneOf", "anyOf"):
        branches = out.get(union)
        kinds = [_kinds(b, schemas) for b in branches] if isinstance(branches, list) else []
        if not kinds or any(k is None for k in kinds):
            continue
        every = [v for k in kinds for v in k or []]
        if len(set(every)) != len(every):
            continue  # two branches accept the same type: not a plain choice
        del out[union]
        out[BY_TYPE] = {str(v): b for k, b in zip(kinds, branches, strict=True) for v in k or []}
    return out


BY_TYPE = "x-standin-by-type"  # {"<type>": the union's branch for it}


def _choose(validator: Any, branches: Mapping[str, Any], instance: Any,
            schema: Mapping[str, Any]) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        yield ValidationError(f"{instance!r} is not of type 'object'")
        return
    kind = instance.get("type")
    branch = branches.get(str(kind)) if isinstance(kind, int | str) else None
    if branch is None:
        yield ValidationError(f"{kind!r} is not one of {sorted(branches)}", path=["type"])
        return
    key = (id(branch), json.dumps(instance, sort_keys=True))
    if key in _VALID:
        return  # the same component, checked already: a turn post's buttons, separators...
    errors = list(validator.descend(instance, branch))
    if errors:
        yield from errors
    elif len(_VALID) < 20000:
        _VALID.add(key)


_VALID: set[tuple[int, str]] = set()  # (branch, component) found valid: only valid ones are
# kept, so that a refusal always names its fields afresh


_ANY_OF = Draft202012Validator.VALIDATORS["anyOf"]


def _valid(validator: Any, instance: Any, branch: Any) -> bool:
    return next(iter(validator.descend(instance, branch)), None) is None
_ONE_OF = Draft202012Validator.VALIDATORS["oneOf"]


def _any_of(validator: Any, branches: list[Any], instance: Any,
            schema: Mapping[str, Any]) -> Iterator[ValidationError]:
    """anyOf, asking each branch a yes or no first (stops at its first error) and gathering
    every branch's errors only for a refusal: an autocomplete answer's 25 string choices tried
    against the integer branch first cost 30 ms."""
    if not any(_valid(validator, instance, b) for b in branches):
        yield from _ANY_OF(validator, branches, instance, schema)


def _one_of(validator: Any, branches: list[Any], instance: Any,
            schema: Mapping[str, Any]) -> Iterator[ValidationError]:
    """oneOf, the same way: exactly one branch valid, else the full errors."""
    if sum(_valid(validator, instance, b) for b in branches) != 1:
        yield from _ONE_OF(validator, branches, instance, schema)


Validator = validators.extend(Draft202012Validator, {BY_TYPE: _choose, "anyOf": _any_of,
                                                     "oneOf": _one_of})


@functools.cache
def _registry() -> Registry:
    return Registry().with_resource(
        BASE, Resource.from_contents(description(), default_specification=DRAFT202012))


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


@functools.cache
def validator(method: str, path: str) -> Any:
    """The compiled schema of a route's JSON body (None: the route takes no body)."""
    operation = description()["paths"].get(path, {}).get(method.lower())
    content = (operation or {}).get("requestBody", {}).get("content", {})
    if "application/json" not in content:
        return None
    ref = f"{BASE}#/" + _pointer("paths", path, method.lower(), "requestBody", "content",
                                 "application/json", "schema")
    return Validator({"$ref": ref}, registry=_registry())


def normalised(body: Any) -> Any:
    """discord.py's integer snowflakes as the strings the description wants (a copy)."""
    if not isinstance(body, Mapping):
        return body
    out = dict(body)
    if isinstance(out.get("attachments"), list):
        out["attachments"] = [{**a, "id": str(a["id"])} if isinstance(a, Mapping)
                              and isinstance(a.get("id"), int) else a for a in out["attachments"]]
    mentions = out.get("allowed_mentions")
    if isinstance(mentions, Mapping):
        out["allowed_mentions"] = {k: [str(x) if isinstance(x, int) else x for x in v]
                                   if k in ("users", "roles") and isinstance(v, list) else v
                                   for k, v in mentions.items()}
    if isinstance(out.get("data"), Mapping):  # an interaction callback's message
        out["data"] = normalised(out["data"])
    if isinstance(out.get("recipient_id"), int):
        out["recipient_id"] = str(out["recipient_id"])
    return out


def check(method: str, route: str, body: Any) -> None:
    """Refuse `body` (raise Rejected) if it breaks the description of `route`, a stand-in route
    template under /api/v10; routes the description does not list are not checked."""
    path = ROUTES.get(route)
    if path is None:
        return
    found = validator(method, path)
    if found is None:
        return
    key = f"{method} {path}"
    COUNTS[key] += 1
    start = time.thread_time()  # CPU time: what the check costs, whatever the load
    errors = sorted(found.iter_errors(normalised(body)), key=lambda e: list(e.absolute_path))
    SECONDS[key] += time.thread_time() - start
    if errors:
        REFUSED[key] += 1
        raise _refusal(errors)


def _refusal(errors: list[Any]) -> Rejected:
    """Discord's 50035, each error at its field's path; for a failed union (oneOf/anyOf) the
    deepest reason the description gives."""
    found: dict[str, str] = {}
    for error in errors:
        deepest = error
        while deepest.context:
            deepest = max(deepest.context, key=lambda e: len(e.absolute_path))
        where = ".".join(str(p) for p in deepest.absolute_path) or "_"
        found.setdefault(where, deepest.message[:300])
    return form_error(found)
