"""A recording stand-in for Discord's REST API, and gateway-shaped payloads, for discord.py.

No network: the bot's HTTPClient.request (bot API calls: channel messages, command sync, login)
and AsyncWebhookAdapter.request (interaction callbacks and follow-ups) are replaced by
FakeDiscord, which records every Route call and answers with plausible payloads, keeping the
messages it "stored" so that later edits and component clicks see them. Events come in as raw
gateway dicts through bot._connection.parse_* (READY, GUILD_CREATE, INTERACTION_CREATE), exactly
as the websocket would deliver them, so the real CommandTree, views, DynamicItems, defer and
followups all run.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route

APP_ID = 900000000000000001
GUILD_ID = 900000000000000002
CHANNEL_ID = 900000000000000003
THREAD_ID = 900000000000000004
OWNER_ID = 900000000000000005
WHEN = "2026-01-01T00:00:00.000000+00:00"

BOT_USER = {"id": str(APP_ID), "username": "Tabula", "discriminator": "0", "global_name": "Tabula",
            "avatar": None, "bot": True, "flags": 0}

# Permission sets (interaction.app_permissions and member permissions)
P = discord.Permissions
BOT_PERMS = P(view_channel=True, send_messages=True, send_messages_in_threads=True,
              attach_files=True, embed_links=True, read_message_history=True)
PLAYER_PERMS = P(view_channel=True, send_messages=True, use_application_commands=True)
MANAGER_PERMS = P(view_channel=True, send_messages=True, manage_channels=True)


def user(uid: int, name: str) -> dict[str, Any]:
    return {"id": str(uid), "username": name.lower(), "discriminator": "0", "global_name": name,
            "avatar": None, "flags": 0}


@dataclass
class Call:
    """One REST call the bot made."""

    method: str
    path: str  # formatted, without the API base: /channels/123/messages
    body: dict[str, Any] | list[Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    result: Any = None  # what the fake answered

    @property
    def flags(self) -> int:
        body = self.body if isinstance(self.body, dict) else {}
        data = body.get("data") if "type" in body and "data" in body else body
        return int((data or {}).get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & 64)

    @property
    def content(self) -> str:
        """What a reader reads: the content, then a Components V2 layout's text displays."""
        body = self.body if isinstance(self.body, dict) else {}
        data = body.get("data") if "type" in body and "data" in body else body
        parts = [(data or {}).get("content") or ""]
        parts += [c["content"] for c in _walk((data or {}).get("components") or [])
                  if c.get("type") == 10]
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        body = self.body if isinstance(self.body, dict) else {}
        data = body.get("data") if "type" in body and "data" in body else body
        return [c["custom_id"] for c in _walk((data or {}).get("components") or [])
                if "custom_id" in c]


@dataclass
class Token:
    """What we know of one interaction, to resolve its @original message."""

    channel_id: int
    message_id: int | None  # the message whose component was clicked
    original: int | None = None  # the message our response created or edits
    loading: bool = False  # deferred with thinking: the first followup replaces the original


class FakeDiscord:
    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.tokens: dict[str, Token] = {}
        self.unexpected: list[Call] = []
        self._ids = itertools.count(950000000000000000)
        self.fail_channel_posts = False
        self.dm_channels: dict[int, int] = {}  # user id -> their DM channel's id
        self.closed_dms: set[int] = set()  # users who refuse direct messages

    def dms(self, user_id: int) -> list[str]:
        """The contents of the direct messages sent to a user."""
        channel = self.dm_channels.get(user_id)
        return [c.body.get("content", "") for c in self.channel_posts()
                if channel and c.path == f"/channels/{channel}/messages"]

    def snowflake(self) -> int:
        return next(self._ids)

    # --- the two patched entry points ---------------------------------------------------------

    async def http_request(self, route: Route, *, files: Any = None, form: Any = None,
                           **kwargs: Any) -> Any:
        body = kwargs.get("json")
        if form:
            body = _payload_json(form)
        return self._answer(route, body, files, kwargs.get("params") or {})

    async def webhook_request(self, route: Route, session: Any, *, payload: Any = None,
                              multipart: Any = None, files: Any = None, params: Any = None,
                              **_: Any) -> Any:
        body = payload
        if multipart:
            body = _payload_json(multipart)
        return self._answer(route, body, files, params or {})

    # --- answers ------------------------------------------------------------------------------

    def _answer(self, route: Route, body: Any, files: Any, params: dict[str, Any]) -> Any:
        path = route.url[len(Route.BASE):]
        call = Call(route.method, path, body, _read(files), dict(params))
        self.calls.append(call)
        call.result = self._route(call)
        return call.result

    def _route(self, call: Call) -> Any:  # one branch per endpoint
        m, p = call.method, call.path
        if m == "GET" and p == "/users/@me":
            return BOT_USER
        if m == "GET" and p == "/oauth2/applications/@me":
            return {"id": str(APP_ID), "name": "Tabula", "description": "", "icon": None,
                    "bot_public": True, "bot_require_code_grant": False,
                    "owner": user(OWNER_ID, "Owner"), "verify_key": "0" * 64, "flags": 0,
                    "summary": "", "team": None}
        if m == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", p):
            return [{**cmd, "id": str(self.snowflake()), "application_id": str(APP_ID),
                     "version": "1"} for cmd in call.body or []]
        if match := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", p):
            return self._callback(call, int(match[1]), match[2])
        if m == "POST" and (match := re.fullmatch(r"/webhooks/\d+/([^/]+)", p)):
            return self._followup(call, match[1])
        if match := re.fullmatch(r"/webhooks/\d+/([^/]+)/messages/@original", p):
            token = self.tokens[match[1]]
            if m == "DELETE":
                self.messages.pop(token.original or 0, None)
                return None
            return self._edit(token.original, call)
        if m == "POST" and (match := re.fullmatch(r"/channels/(\d+)/messages", p)):
            if self.fail_channel_posts:
                raise discord.Forbidden(_Response(403), {"code": 50013, "message": "Missing Permissions"})
            return self._store(int(match[1]), call.body, call.files)
        if m == "PATCH" and (match := re.fullmatch(r"/channels/\d+/messages/(\d+)", p)):
            return self._edit(int(match[1]), call)
        if m == "GET" and (match := re.fullmatch(r"/channels/\d+/messages/(\d+)", p)):
            if int(match[1]) not in self.messages:
                raise discord.NotFound(_Response(404), {"code": 10008, "message": "Unknown Message"})
            return dict(self.messages[int(match[1])])
        if m == "POST" and re.fullmatch(r"/channels/\d+/threads", p):  # a thread for a game
            thread = thread_channel(self.snowflake())
            thread["name"] = (call.body or {}).get("name", "")
            return thread
        if m == "POST" and p == "/users/@me/channels":  # opening a direct message channel
            uid = int((call.body or {})["recipient_id"])
            if uid in self.closed_dms:
                raise discord.Forbidden(_Response(403), {
                    "code": 50007, "message": "Cannot send messages to this user"})
            self.dm_channels[uid] = self.dm_channels.get(uid) or self.snowflake()
            return {"id": str(self.dm_channels[uid]), "type": 1, "last_message_id": None,
                    "recipients": [user(uid, f"user{uid}")]}
        if m == "GET" and (match := re.fullmatch(r"/users/(\d+)", p)):
            return user(int(match[1]), f"user{match[1]}")
        self.unexpected.append(call)
        return {}

    def _callback(self, call: Call, interaction_id: int, token_text: str) -> dict[str, Any]:
        token = self.tokens[token_text]
        body = call.body or {}
        kind = body.get("type")
        data = body.get("data") or {}
        resource: dict[str, Any] = {"type": kind}
        if kind == 4:  # a message
            message = self._store(token.channel_id, data, call.files)
            token.original = int(message["id"])
            resource["message"] = message
        elif kind == 5:  # deferred, thinking: a loading message the first followup fills in
            message = self._store(token.channel_id, {"content": "", "flags": data.get("flags", 0) | 128}, [])
            token.original, token.loading = int(message["id"]), True
        elif kind in (6, 7):  # deferred update / update of the clicked message
            token.original = token.message_id
            if kind == 7:
                self._edit(token.message_id, call, data)
        return {"interaction": {"id": str(interaction_id), "type": 2,
                                "response_message_loading": kind == 5,
                                "response_message_ephemeral": bool(data.get("flags", 0) & 64)},
                "resource": resource}

    def _followup(self, call: Call, token_text: str) -> dict[str, Any]:
        token = self.tokens[token_text]
        if token.loading and token.original in self.messages:
            # Discord: the first followup after a thinking defer replaces the loading message,
            # and keeps its flags (an ephemeral defer stays ephemeral).
            token.loading = False
            flags = self.messages[token.original]["flags"] & ~128
            return self._edit(token.original, call, {**(call.body or {}), "flags": flags})
        message = self._store(token.channel_id, call.body or {}, call.files)
        message["webhook_id"] = str(APP_ID)
        return message

    def _store(self, channel_id: int, body: dict[str, Any], files: list[tuple[str, bytes]]) -> dict[str, Any]:
        mid = self.snowflake()
        message = {
            "id": str(mid), "channel_id": str(channel_id), "guild_id": str(GUILD_ID),
            "author": BOT_USER, "content": body.get("content") or "", "timestamp": WHEN,
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": _attachments(self, files), "embeds": [],
            "pinned": False, "type": 0, "flags": int(body.get("flags") or 0),
            "components": body.get("components") or [],
        }
        self.messages[mid] = message
        return message

    def _edit(self, message_id: int | None, call: Call, body: dict[str, Any] | None = None) -> dict[str, Any]:
        message = self.messages.get(message_id or 0)
        if message is None:
            self.unexpected.append(call)
            return {}
        body = body if body is not None else (call.body or {})
        for key in ("content", "components", "flags"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key == "components" else "")
        if call.files:
            message["attachments"] = _attachments(self, call.files)
        message["edited_timestamp"] = WHEN
        return dict(message)

    # --- looking at what was sent -------------------------------------------------------------

    def of(self, token: str) -> list[Call]:
        """The calls answering one interaction (callback, followups, edits of @original)."""
        return [c for c in self.calls if f"/{token}/" in c.path + "/"]

    def channel_posts(self) -> list[Call]:
        return [c for c in self.calls if c.method == "POST" and c.path.startswith("/channels/")
                and c.path.endswith("/messages")]

    def last_post(self) -> dict[str, Any]:
        """The stored message of the latest post in a channel, as it is now (after edits)."""
        return self.messages[int(self.channel_posts()[-1].result["id"])]

    def message_of(self, call: Call) -> dict[str, Any]:
        """The stored message a call created or edited, as it is now."""
        return self.messages[int(call.result["id"])]


class _Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Forbidden"


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, nested ones (a Components V2 layout's containers and rows) included."""
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found += _walk(component.get("components") or [])
    return found


def _payload_json(form: Any) -> Any:
    for part in form:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


def _read(files: Any) -> list[tuple[str, bytes]]:
    found = []
    for file in files or []:
        file.reset()
        found.append((file.filename, file.fp.read()))
        file.reset()
    return found


def _attachments(fake: FakeDiscord, files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
    return [{"id": str(fake.snowflake()), "filename": name, "size": len(data),
             "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://media.invalid/{name}"}
            for name, data in files]


# --- gateway payloads ---------------------------------------------------------------------------


def ready() -> dict[str, Any]:
    return {"v": 10, "user": BOT_USER, "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": "fake-session", "resume_gateway_url": "ws://127.0.0.1:9/",
            "application": {"id": str(APP_ID), "flags": 0}, "shard": [0, 1]}


def text_channel(cid: int = CHANNEL_ID) -> dict[str, Any]:
    return {"id": str(cid), "type": 0, "guild_id": str(GUILD_ID), "name": "games", "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
            "rate_limit_per_user": 0, "last_message_id": None}


def thread_channel(tid: int = THREAD_ID) -> dict[str, Any]:
    return {"id": str(tid), "type": 11, "guild_id": str(GUILD_ID), "name": "a game",
            "parent_id": str(CHANNEL_ID), "owner_id": str(OWNER_ID), "message_count": 0,
            "member_count": 1, "rate_limit_per_user": 0, "last_message_id": None, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                "archive_timestamp": WHEN, "locked": False}}


def guild_create() -> dict[str, Any]:
    return {
        "id": str(GUILD_ID), "name": "Tabula tests", "icon": None, "owner_id": str(OWNER_ID),
        "roles": [{"id": str(GUILD_ID), "name": "@everyone", "permissions": str(PLAYER_PERMS.value),
                   "position": 0, "color": 0, "hoist": False, "managed": False,
                   "mentionable": False, "flags": 0}],
        "channels": [text_channel()], "threads": [thread_channel()], "members": [],
        "member_count": 3, "features": [], "emojis": [], "stickers": [], "unavailable": False,
        "large": False, "preferred_locale": "en-US", "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
        "premium_tier": 0, "system_channel_flags": 0, "nsfw_level": 0, "afk_timeout": 300,
        "joined_at": WHEN, "voice_states": [], "presences": [], "stage_instances": [],
        "guild_scheduled_events": [], "soundboard_sounds": [],
    }


# --- the harness: sends interactions, waits for the bot, hands back what it answered -----------


@dataclass
class Sent:
    """One interaction we sent: its id and token, and the calls that answered it."""

    id: int
    token: str
    fake: FakeDiscord

    @property
    def calls(self) -> list[Call]:
        return self.fake.of(self.token)

    @property
    def callback(self) -> Call:
        return next(c for c in self.calls if c.path.endswith("/callback"))

    @property
    def followups(self) -> list[Call]:
        return [c for c in self.calls if c.method == "POST" and c.path.startswith("/webhooks/")]

    @property
    def edits(self) -> list[Call]:
        return [c for c in self.calls if c.method == "PATCH"]

    def text(self) -> str:
        """Everything the user was shown for this interaction, joined."""
        parts = [c.content for c in self.calls if c.method in ("POST", "PATCH")]
        return "\n".join(p for p in parts if p)

    def choices(self) -> list[dict[str, Any]]:
        """The suggestions of an autocomplete interaction."""
        body = self.callback.body
        assert isinstance(body, dict) and body["type"] == 8, body
        return body["data"]["choices"]


class Harness:
    def __init__(self, bot: discord.Client, fake: FakeDiscord) -> None:
        self.bot = bot
        self.fake = fake
        self.commands: dict[str, int] = {}
        self.errors: list[Any] = []  # error log records seen while the bot ran

    async def login(self) -> None:
        """discord.py's own login (GET /users/@me, the application, setup_hook and the command
        sync), then the gateway's READY and GUILD_CREATE, as raw dicts."""
        await self.bot.login("fake-token")
        for call in self.fake.calls:
            if call.method == "PUT" and call.path.endswith("/commands"):
                self.commands = {c["name"]: i for i, c in enumerate(call.body or [], start=1)}
        state = self.bot._connection
        state.parse_ready(ready())
        state.parse_guild_create(guild_create())
        await asyncio.wait_for(self.bot.wait_until_ready(), 5)

    def _interaction(self, kind: int, data: dict[str, Any], who: dict[str, Any], *,
                     locale: str = "en-US", channel: dict[str, Any] | None = None,
                     permissions: discord.Permissions = PLAYER_PERMS,
                     app_permissions: discord.Permissions = BOT_PERMS,
                     message: dict[str, Any] | None = None) -> tuple[dict[str, Any], Sent]:
        iid = self.fake.snowflake()
        token = f"token{iid}"
        channel = channel or text_channel()
        self.fake.tokens[token] = Token(int(channel["id"]), int(message["id"]) if message else None)
        payload = {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "data": data,
            "guild_id": str(GUILD_ID), "channel_id": channel["id"], "channel": channel,
            "member": {"user": who, "roles": [], "joined_at": WHEN, "deaf": False, "mute": False,
                       "flags": 0, "nick": None, "permissions": str(permissions.value)},
            "token": token, "version": 1, "locale": locale, "guild_locale": "en-US",
            "app_permissions": str(app_permissions.value), "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 0,
            "attachment_size_limit": 10485760,
        }
        if message is not None:
            payload["message"] = message
        return payload, Sent(iid, token, self.fake)

    async def _send(self, payload: dict[str, Any], sent: Sent) -> Sent:
        self.bot._connection.parse_interaction_create(payload)
        await self.settle()
        return sent

    async def slash(self, who: dict[str, Any], *path: str, focused: str | None = None,
                    **options: Any) -> Sent:
        """A slash command (`slash(alice, "game", "new", game="tiny")`); with `focused`, the
        autocomplete request for that option instead."""
        opts = [{"name": k, "type": 4 if isinstance(v, int) else 3, "value": v,
                 **({"focused": True} if k == focused else {})}
                for k, v in options.items() if k not in _PAYLOAD_KEYS]
        for name in reversed(path[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        data = {"id": str(self.commands.get(path[0], 1)), "name": path[0], "type": 1,
                "options": opts}
        extra = {k: v for k, v in options.items() if k in _PAYLOAD_KEYS}
        payload, sent = self._interaction(4 if focused else 2, data, who, **extra)
        return await self._send(payload, sent)

    async def click(self, who: dict[str, Any], message: dict[str, Any], custom_id: str,
                    values: list[str] | None = None, **extra: Any) -> Sent:
        """A click on a component of a stored message (a button, or a select with `values`)."""
        component = next(c for c in _walk(message["components"])
                         if c.get("custom_id") == custom_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = values
        channel = text_channel(int(message["channel_id"]))
        payload, sent = self._interaction(3, data, who, channel=channel, message=dict(message),
                                          **extra)
        return await self._send(payload, sent)

    async def settle(self, timeout: float = 10) -> None:
        """Wait until the bot has finished with everything it was handed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            pending = [t for t in asyncio.all_tasks() if not t.done() and _ours(t)]
            if not pending:
                return
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"the bot is still busy: {pending}")
            await asyncio.wait(pending, timeout=left)


_PAYLOAD_KEYS = {"locale", "channel", "permissions", "app_permissions"}


def _ours(task: asyncio.Task[Any]) -> bool:
    """The tasks discord.py creates to handle an interaction (not the 15-minute view timeouts),
    and those playing Tabula's bot seats."""
    name = task.get_name()
    return (name == "CommandTree-invoker" or name.startswith("discord-ui-dynamic-item")
            or name.startswith("discord-ui-view-dispatch") or name.startswith("discord.py: ")
            or name.startswith("tabula-bot:"))


# --- reading stored messages as a reader does ---------------------------------------------------


def text_of(message: dict[str, Any]) -> str:
    """A stored message's text: its content, then a Components V2 layout's text displays."""
    parts = [message.get("content") or ""]
    parts += [c["content"] for c in _walk(message.get("components") or []) if c.get("type") == 10]
    return "\n".join(p for p in parts if p)


def buttons_of(message: dict[str, Any]) -> list[str]:
    """The custom ids of a stored message's buttons and selects, wherever they are nested."""
    return [c["custom_id"] for c in _walk(message.get("components") or []) if "custom_id" in c]


def play_of(message: dict[str, Any]) -> str:
    """The custom id of a turn post's Play button."""
    return next(c for c in buttons_of(message) if c.startswith("tabula:play:"))
