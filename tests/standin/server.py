"""A local stand-in for Discord: REST under /api/v10 and the gateway websocket, over loopback.

The real discord.py client connects to it unmodified, once two class attributes are aimed at it
(`discord.http.Route.BASE` and `discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`, see `patch`).
It keeps an in-memory model (model.py) and behaves as Discord does for what a play-by-post bot
uses: login, application command sync, the gateway (HELLO, IDENTIFY, READY with its resume URL,
GUILD_CREATE, heartbeats, RECONNECT, RESUME with replay, INVALID_SESSION), interactions
(commands, autocomplete, buttons and selects; immediate and deferred responses, follow-ups,
edits and deletion of the original), channel messages with multipart attachments, message
edits, ephemeral messages and mentions. Every body is checked against Discord's limits
(validate.py) and refused as Discord refuses it.

It never answers 5xx of its own: discord.py retries those for many seconds. A failure of the
stand-in itself or a request it does not model is answered 400 and recorded in `failures`, which
the test fixtures assert empty. A test makes Discord fail on purpose with `fail` (a 5xx, a 429
with `retry_after`, any refusal), for the next requests matching a method and a path.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import re
import secrets
import time
import traceback
import zlib
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from tests.standin import model, schema, validate
from tests.standin.model import (
    ATTACH_FILES,
    GUILD_MESSAGES_INTENT,
    MANAGE_CHANNELS,
    MENTION_EVERYONE,
    PRIVILEGED_INTENTS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USER_MENTION,
    VIEW_CHANNEL,
    Attachment,
    Channel,
    Command,
    Interaction,
    Message,
    Snowflakes,
    User,
    iso,
)
from tests.standin.validate import Rejected

log = logging.getLogger(__name__)

API = "/api/v10"
TOKEN = "standin-bot-token"
HEARTBEAT_MS = 41250  # what Discord's HELLO usually says

# Gateway opcodes and close codes (docs, Topics > Opcodes and Status Codes)
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
UNKNOWN_OPCODE, DECODE_ERROR, NOT_AUTHENTICATED, AUTHENTICATION_FAILED = 4001, 4002, 4003, 4004
ALREADY_AUTHENTICATED, INVALID_API_VERSION, DISALLOWED_INTENTS = 4005, 4012, 4014


@dataclass
class Call:
    """One REST request the bot made, and how the stand-in answered it."""

    method: str
    path: str  # without /api/v10
    status: int = 0
    code: int | None = None  # Discord's JSON error code when refused
    error: str = ""


@dataclass
class Fault:
    """Discord failing on purpose (`StandIn.fail`): the next `times` requests of `method` whose
    path (without /api/v10) matches `path` are answered `status` with Discord's error body."""

    method: str
    path: str  # a regular expression, matched in full
    status: int
    code: int = 0
    message: str = "Internal Server Error"
    times: int = 1
    retry_after: float = 0.0  # a 429's
    hits: int = 0

    def response(self) -> web.Response:
        self.hits += 1
        if self.status == 429:
            # docs, Topics > Rate Limits: the body's retry_after; Cloudflare's answer has no Via
            # header, Discord's has (discord.py tells them apart by it).
            body = {"message": "You are being rate limited.", "retry_after": self.retry_after,
                    "global": False, "code": 0}
            return web.Response(body=json.dumps(body).encode(), status=429, headers={
                "Content-Type": "application/json", "Via": "1.1 google",
                "Retry-After": str(max(1, round(self.retry_after)))})
        return _json_response({"code": self.code, "message": self.message}, status=self.status)


@dataclass
class Hold:
    """A slow call (`StandIn.hold`): the next `times` requests of `method` whose path matches
    `path` are served (the message is created), then their answer is held back until
    `release()`, as when Discord's answer is slow to come back: the caller cannot tell yet
    whether its request landed, and a second try must not post twice (Create Message's
    `enforce_nonce` is what Discord offers against it)."""

    method: str
    path: str  # a regular expression, matched in full
    times: int = 1
    hits: int = 0
    reached: asyncio.Event = field(default_factory=asyncio.Event)  # a request is held now
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def release(self) -> None:
        self.released.set()


def _json_response(data: Any, status: int = 200) -> web.Response:
    """JSON as Discord sends it: discord.py decodes a body only when the content type is exactly
    `application/json` (aiohttp's json_response adds a charset)."""
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


class Transport:
    """One gateway websocket, with Discord's transport compression: the `compress` query
    parameter discord.py sends (zlib-stream, or zstd-stream when `zstandard` is installed),
    one compression context for the whole connection, flushed after every message."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self.lock = asyncio.Lock()
        self._zlib: Any = None
        self._zstd: Any = None
        if compress == "zlib-stream":
            self._zlib = zlib.compressobj()
        elif compress == "zstd-stream":
            import zstandard  # only asked for by discord.py when it is installed

            self._zstd = zstandard.ZstdCompressor().compressobj()
        elif compress:
            raise ValueError(f"unknown compression {compress!r}")

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        async with self.lock:
            if self._zlib is not None:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            elif self._zstd is not None:
                import zstandard

                data = (self._zstd.compress(text.encode())
                        + self._zstd.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK))
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


@dataclass
class Session:
    """A gateway session: the events sent in it (for RESUME) and its current connection."""

    id: str
    intents: int
    seq: int = 0
    backlog: list[dict[str, Any]] = field(default_factory=list)
    transport: Transport | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    serves_guild: bool = True  # its shard is the guild's: the guild's events come here


class StandIn:
    """Discord, for one application in one guild. Start it, `patch` discord.py, run the bot."""

    def __init__(
        self, *, token: str = TOKEN, deadline: float = validate.DEADLINE,
        token_lifetime: float = validate.TOKEN_LIFETIME, heartbeat_ms: int = HEARTBEAT_MS,
        attachment_limit: int = validate.ATTACHMENT_BYTES, privileged_intents: int = 0,
    ) -> None:
        self.token = token
        self.deadline = deadline  # seconds to the initial response of an interaction
        self.token_lifetime = token_lifetime  # seconds an interaction token takes follow-ups
        self.heartbeat_ms = heartbeat_ms
        self.attachment_limit = attachment_limit
        self.privileged_intents = privileged_intents  # enabled in the "developer portal"
        self.snowflake = Snowflakes()
        self.users: dict[int, User] = {}
        self.channels: dict[int, Channel] = {}
        self.bot = User(self.snowflake(), "Tabula", bot=True)
        self.users[self.bot.id] = self.bot
        self.application_id = self.bot.id
        self.guild_id = self.snowflake()
        self.owner = self.add_manager("Owner")
        self.channel = self.add_channel("games")
        self.thread = self.add_channel("a game", type=11, parent=self.channel)
        self.messages: dict[int, Message] = {}
        self.commands: dict[int | None, list[Command]] = {}
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self._acknowledged: dict[int, asyncio.Event] = {}
        self.calls: list[Call] = []
        self.nonces: dict[str, tuple[float, int]] = {}  # enforced nonce -> (when, message id)
        self.repeated_nonces = 0  # posts answered with an earlier message of the same nonce
        self.failures: list[str] = []  # the stand-in's own errors and unmodelled requests
        self.faults: list[Fault] = []  # failures asked for by a test (`fail`)
        self.holds: list[Hold] = []  # slow answers asked for by a test (`hold`)
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.connections: list[str] = []  # the path of each gateway connection, in order
        self.identifies = 0
        self.shards: list[tuple[int, int]] = []  # (shard id, shard count) of each IDENTIFY
        self.resumes = 0
        self.replayed = 0  # events sent again on RESUME
        self.heartbeats = 0
        self._sockets: set[web.WebSocketResponse] = set()
        self._dropped: set[web.WebSocketResponse] = set()  # closed by the stand-in
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- life ----------------------------------------------------------------------------------

    async def start(self) -> StandIn:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        r = app.router
        r.add_get("/gateway", self._gateway)
        r.add_get("/resume", self._gateway)
        r.add_get("/attachments/{channel}/{attachment}/{filename}", self._cdn)
        r.add_get(API + "/users/@me", self._me)
        r.add_get(API + "/oauth2/applications/@me", self._application)
        r.add_get(API + "/users/{user}", self._user)
        r.add_post(API + "/users/@me/channels", self._open_dm)
        r.add_post(API + "/channels/{channel}/threads", self._new_thread)
        r.add_get(API + "/gateway", self._gateway_url)
        r.add_get(API + "/gateway/bot", self._gateway_url)
        r.add_put(API + "/applications/{app}/commands", self._sync)
        r.add_put(API + "/applications/{app}/guilds/{guild}/commands", self._sync)
        r.add_get(API + "/applications/{app}/commands", self._fetch_commands)
        r.add_get(API + "/applications/{app}/guilds/{guild}/commands", self._fetch_commands)
        r.add_get(API + "/channels/{channel}", self._get_channel)
        r.add_post(API + "/channels/{channel}/messages", self._post_message)
        r.add_get(API + "/channels/{channel}/messages/{message}", self._get_message)
        r.add_patch(API + "/channels/{channel}/messages/{message}", self._edit_message)
        r.add_delete(API + "/channels/{channel}/messages/{message}", self._delete_message)
        r.add_post(API + "/interactions/{id}/{token}/callback", self._callback)
        r.add_post(API + "/webhooks/{app}/{token}", self._followup)
        r.add_get(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_get)
        r.add_patch(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_edit)
        r.add_delete(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_delete)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        for held in self.holds:
            held.release()
        for ws in list(self._sockets):
            await ws.close(code=WSCloseCode.GOING_AWAY)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api(self) -> str:
        return self.url + API

    @property
    def gateway(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @contextlib.contextmanager
    def patch(self) -> Iterator[None]:
        """Aim discord.py at the stand-in (REST and gateway) for the duration of the block."""
        import discord.gateway
        import discord.http
        import yarl

        base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway)
        try:
            yield
        finally:
            discord.http.Route.BASE = base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway

    # --- the world -----------------------------------------------------------------------------

    def add_user(self, name: str, *, permissions: int | None = None) -> User:
        user = User(self.snowflake(), name)
        if permissions is not None:
            user.permissions = permissions
        self.users[user.id] = user
        return user

    def add_manager(self, name: str) -> User:
        user = self.add_user(name)
        user.permissions |= MANAGE_CHANNELS
        return user

    def add_channel(self, name: str, *, type: int = 0, parent: Channel | None = None) -> Channel:
        channel = Channel(self.snowflake(), self.guild_id, name, type,
                          parent.id if parent else None, owner_id=self.owner.id)
        self.channels[channel.id] = channel
        return channel

    def visible(self, channel: Channel | int, user: User | int | None = None) -> list[Message]:
        """The channel's messages in order, as `user` sees them (None: the public ones)."""
        cid = channel if isinstance(channel, int) else channel.id
        uid = user if isinstance(user, int | None) else user.id
        return [m for m in self.messages.values() if m.channel_id == cid and not m.deleted
                and (m.visible_to is None or m.visible_to == uid)]

    def public(self, channel: Channel | int | None = None) -> list[Message]:
        return self.visible(channel or self.channel)

    def dms(self, user: User | int) -> list[Message]:
        """The direct messages the bot sent `user`, in order."""
        uid = user if isinstance(user, int) else user.id
        channel = next((c for c in self.channels.values()
                        if c.recipient is not None and c.recipient.id == uid), None)
        return self.visible(channel) if channel is not None else []

    def fail(self, method: str, path: str, status: int, *, code: int = 0,
             message: str = "Internal Server Error", times: int = 1,
             retry_after: float = 0.0) -> Fault:
        """Answer the next `times` requests `method path` (a regular expression over the path
        without /api/v10, e.g. r"/channels/\\d+/messages") with `status` instead of serving them."""
        fault = Fault(method, path, status, code, message, times, retry_after)
        self.faults.append(fault)
        return fault

    def hold(self, method: str, path: str, *, times: int = 1) -> Hold:
        """Serve the next `times` requests `method path` (as `fail`'s) but hold their answers
        back until the Hold returned is released: a slow call. Every hold is released when
        the stand-in closes."""
        held = Hold(method, path, times)
        self.holds.append(held)
        return held

    def message_payload(self, message: Message) -> dict[str, Any]:
        return message.payload(self.url, self.users)

    # --- the gateway ---------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        self.connections.append(request.path)
        query = request.query
        session: Session | None = None
        try:
            if query.get("v") != "10":
                await ws.close(code=INVALID_API_VERSION, message=b"Invalid API version")
                return ws
            if query.get("encoding", "json") != "json":
                await ws.close(code=DECODE_ERROR, message=b"Only JSON is modelled")
                return ws
            try:
                transport = Transport(ws, query.get("compress"))
            except (ValueError, ImportError):
                await ws.close(code=DECODE_ERROR, message=b"Unknown compression")
                return ws
            await transport.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_ms},
                                  "s": None, "t": None})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    await ws.close(code=DECODE_ERROR, message=b"Expected JSON text")
                    break
                payload = json.loads(msg.data)
                op, data = payload.get("op"), payload.get("d")
                if op == HEARTBEAT:
                    self.heartbeats += 1
                    await transport.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
                elif op == IDENTIFY:
                    if session is not None:
                        await ws.close(code=ALREADY_AUTHENTICATED, message=b"Already authenticated")
                        break
                    session = await self._identify(ws, transport, data or {})
                    if session is None:
                        break
                elif op == RESUME:
                    session = await self._resume(transport, data or {})
                elif session is None:
                    await ws.close(code=NOT_AUTHENTICATED, message=b"Not authenticated")
                    break
                elif op not in (PRESENCE, VOICE, REQUEST_MEMBERS):
                    await ws.close(code=UNKNOWN_OPCODE, message=b"Unknown opcode")
                    break
        except Exception:
            self.failures.append("gateway: " + traceback.format_exc())
        finally:
            self._sockets.discard(ws)
            dropped = ws in self._dropped
            self._dropped.discard(ws)
            if session is not None:
                async with session.lock:
                    if session.transport is not None and session.transport.ws is ws:
                        session.transport = None
                # A clean close (1000/1001) by the client ends the session: nothing to resume.
                if (not dropped and ws.close_code in (1000, 1001)
                        and self.sessions.get(session.id) is session):
                    del self.sessions[session.id]
                    if self.current is session:
                        self.current = None
        return ws

    async def _identify(self, ws: web.WebSocketResponse, transport: Transport,
                        data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.token:
            await ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed")
            return None
        intents = int(data.get("intents") or 0)
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            await ws.close(code=DISALLOWED_INTENTS, message=b"Disallowed intent(s)")
            return None
        # Sharding, as Discord does it: shard (guild_id >> 22) % count gets the guild's events.
        shard_id, count = (int(n) for n in (data.get("shard") or (0, 1)))
        serves = (self.guild_id >> 22) % count == shard_id
        session = Session(secrets.token_hex(16), intents, transport=transport,
                          serves_guild=serves)
        self.sessions[session.id] = session
        if serves or self.current is None:
            self.current = session
        self.identifies += 1
        self.shards.append((shard_id, count))
        await self._dispatch("READY", {
            "v": 10, "user": self.bot.payload(),
            "guilds": [{"id": str(self.guild_id), "unavailable": True}] if serves else [],
            "session_id": session.id, "session_type": "normal",
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/resume",
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [],
            "geo_ordered_rtc_regions": [], "guild_join_requests": [], "user_settings": {},
            "shard": [shard_id, count],
        }, session)
        if serves:
            await self._dispatch("GUILD_CREATE", self._guild(), session)
        return session

    async def _resume(self, transport: Transport, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token:
            await transport.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        async with session.lock:
            seen = int(data.get("seq") or 0)
            for frame in session.backlog:
                if frame["s"] > seen:
                    await transport.send(frame)
                    self.replayed += 1
            session.transport = transport
            self.resumes += 1
            if session.serves_guild:
                self.current = session
            await self._send_locked(session, "RESUMED", {})
        return session

    async def _dispatch(self, event: str, data: dict[str, Any],
                        session: Session | None = None) -> None:
        session = session or self.current
        if session is None:
            return  # nobody connected: lost, as with Discord
        async with session.lock:
            await self._send_locked(session, event, data)

    async def _send_locked(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.backlog.append(frame)
        if session.transport is not None:
            try:
                await session.transport.send(frame)
            except (ConnectionResetError, RuntimeError):
                session.transport = None  # gone: the event waits for a RESUME

    async def reconnect(self) -> None:
        """Ask the bot to reconnect (op 7), as Discord does when it moves a session."""
        if self.current is not None and self.current.transport is not None:
            await self.current.transport.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def drop(self) -> None:
        """Cut the bot's connection without a word (code 4000): it must RESUME."""
        if self.current is not None and self.current.transport is not None:
            ws = self.current.transport.ws
            self._dropped.add(ws)
            await ws.close(code=4000, message=b"Unknown error")

    def _guild(self) -> dict[str, Any]:
        joined = iso()
        channels = [c for c in self.channels.values() if not c.is_thread and c.guild_id]
        threads = [c for c in self.channels.values() if c.is_thread]
        return {
            "id": str(self.guild_id), "name": "Tabula e2e", "icon": None,
            "owner_id": str(self.owner.id),
            "roles": [{"id": str(self.guild_id), "name": "@everyone", "permissions": "0",
                       "position": 0, "color": 0, "hoist": False, "managed": False,
                       "mentionable": False, "flags": 0}],
            "channels": [c.payload() for c in channels], "threads": [c.payload() for c in threads],
            "members": [self.bot.member(joined)], "member_count": len(self.users),
            "features": [], "emojis": [], "stickers": [], "unavailable": False, "large": False,
            "preferred_locale": "en-US", "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
            "premium_tier": 0, "system_channel_flags": 0, "nsfw_level": 0, "afk_timeout": 300,
            "joined_at": joined, "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    # --- interactions: what a Discord client makes Discord send ---------------------------------

    async def interact(
        self, kind: int, user: User, data: dict[str, Any], *, channel: Channel | None = None,
        locale: str = "en-US", message: Message | None = None,
        snapshot: Mapping[str, Any] | None = None,
    ) -> Interaction:
        """Send INTERACTION_CREATE to the bot for `user`; the deadline starts now."""
        channel = channel or self.channel
        interaction = Interaction(self.snowflake(), "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
                                  kind, user, channel.id, data, locale,
                                  message.id if message else None)
        self.interactions[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        self._acknowledged[interaction.id] = asyncio.Event()
        perms = user.permissions
        payload: dict[str, Any] = {
            "id": str(interaction.id), "application_id": str(self.application_id), "type": kind,
            "data": data, "guild_id": str(self.guild_id), "channel_id": str(channel.id),
            "channel": {**channel.payload(), "permissions": str(perms)},
            "member": {**user.member(iso()), "permissions": str(perms)},
            "token": interaction.token, "version": 1, "locale": locale,
            "guild_locale": "en-US", "guild": {"id": str(self.guild_id), "locale": "en-US",
                                               "features": []},
            "app_permissions": str(channel.bot_permissions), "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)}, "context": 0,
            "attachment_size_limit": self.attachment_limit,
        }
        if message is not None:
            payload["message"] = dict(snapshot) if snapshot else self.message_payload(message)
        interaction.dispatched = asyncio.get_running_loop().time()
        await self._dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def acknowledged(self, interaction: Interaction) -> bool:
        """Wait for the initial response, at most until the deadline: False if none came in
        time (the Discord client then shows "This interaction failed")."""
        loop = asyncio.get_running_loop()
        left = interaction.dispatched + self.deadline - loop.time()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._acknowledged[interaction.id].wait(), max(left, 0) + 0.05)
        return interaction.acknowledged

    def answers(self, interaction: Interaction) -> list[Message]:
        """The messages answering an interaction (its response and follow-ups), as they are."""
        return [m for m in self.messages.values()
                if m.interaction_id == interaction.id and not m.deleted]

    # --- REST: plumbing --------------------------------------------------------------------------

    @web.middleware
    async def _middleware(self, request: web.Request,
                          handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                          ) -> web.StreamResponse:
        path = request.path[len(API):] if request.path.startswith(API) else request.path
        call = Call(request.method, path)
        fault = next((f for f in self.faults if f.hits < f.times and f.method == request.method
                      and re.fullmatch(f.path, path)), None)
        if fault is not None:
            response = fault.response()
            call.status, call.code, call.error = response.status, fault.code, "fault asked for"
            self.calls.append(call)
            return response
        try:
            if (request.path.startswith(API) and not path.startswith(("/interactions/", "/webhooks/"))
                    and request.headers.get("Authorization") != f"Bot {self.token}"):
                raise validate.unauthorized()
            response = await handler(request)
        except Rejected as refusal:
            call.code, call.error = refusal.code, str(refusal)
            response = _json_response(refusal.body(), status=refusal.status)
        except web.HTTPException as error:
            if error.status in (404, 405):
                self.failures.append(f"not modelled: {request.method} {request.path}")
                response = _json_response({"code": 0, "message": f"{error.status}: Not modelled"},
                                             status=error.status)
            else:
                raise
        except Exception:
            self.failures.append(f"{request.method} {request.path}: {traceback.format_exc()}")
            response = _json_response({"code": 0, "message": "stand-in failure"}, status=400)
        call.status = response.status
        self.calls.append(call)
        if call.error:
            log.info("stand-in refused %s %s: %s", call.method, path, call.error)
        held = next((h for h in self.holds if h.hits < h.times and h.method == request.method
                     and re.fullmatch(h.path, path)), None)
        if held is not None:  # served, and its answer slow to come back
            held.hits += 1
            held.reached.set()
            await held.released.wait()
        return response

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[int, str, bytes]]]:
        """The JSON body, or a multipart body's payload_json and its files[n]."""
        if request.content_type == "multipart/form-data":
            payload: dict[str, Any] = {}
            files: list[tuple[int, str, bytes]] = []
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                name = getattr(part, "name", None) or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())  # type: ignore[union-attr]
                elif match := re.fullmatch(r"files\[(\d+)\]", name):
                    data = bytes(await part.read())  # type: ignore[union-attr]
                    files.append((int(match[1]), getattr(part, "filename", None) or "file", data))
            self._schema(request, payload)
            return payload, files
        if request.can_read_body:
            body = await request.json()
            self._schema(request, body)
            return body, []
        return {}, []

    def _schema(self, request: web.Request, body: Any) -> None:
        """Refuse a body that breaks Discord's OpenAPI description of its route (schema.py)."""
        route = request.match_info.route.resource
        if route is not None:
            schema.check(request.method, route.canonical.removeprefix(API), body)

    def _json(self, data: Any, status: int = 200) -> web.Response:
        return _json_response(data, status=status)

    # --- REST: the application -------------------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        return self._json(self.bot.payload())

    async def _application(self, request: web.Request) -> web.Response:
        return self._json({
            "id": str(self.application_id), "name": "Tabula", "description": "", "icon": None,
            "bot_public": True, "bot_require_code_grant": False, "owner": self.owner.payload(),
            "verify_key": "0" * 64, "flags": 0, "summary": "", "team": None,
            "interactions_endpoint_url": None, "bot": self.bot.payload(),
        })

    async def _gateway_url(self, request: web.Request) -> web.Response:
        return self._json({"url": f"ws://127.0.0.1:{self.port}/gateway", "shards": 1,
                           "session_start_limit": {"total": 1000, "remaining": 999,
                                                   "reset_after": 0, "max_concurrency": 1}})

    def _check_app(self, request: web.Request) -> int | None:
        if int(request.match_info["app"]) != self.application_id:
            raise Rejected(403, 50001, "Missing Access")
        guild = request.match_info.get("guild")
        if guild is not None and int(guild) != self.guild_id:
            raise Rejected(403, 50001, "Missing Access")  # the bot is not in that guild
        return int(guild) if guild is not None else None

    async def _sync(self, request: web.Request) -> web.Response:
        guild = self._check_app(request)
        body, _ = await self._body(request)
        validate.commands(body)
        old = {c.name: c.id for c in self.commands.get(guild, [])}
        self.commands[guild] = [Command(old.get(c["name"]) or self.snowflake(), guild, c)
                                for c in body]
        return self._json([self._command_payload(c) for c in self.commands[guild]])

    async def _fetch_commands(self, request: web.Request) -> web.Response:
        guild = self._check_app(request)
        return self._json([self._command_payload(c) for c in self.commands.get(guild, [])])

    def _command_payload(self, command: Command) -> dict[str, Any]:
        data = {"type": 1, **command.data, "id": str(command.id),
                "application_id": str(self.application_id), "version": str(command.id)}
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        return data

    def command(self, name: str, channel: Channel | None = None) -> Command | None:
        """The command a user in the guild sees under `name` (a guild one before a global one)."""
        for guild in (self.guild_id, None):
            for command in self.commands.get(guild, []):
                if command.name == name and command.data.get("type", 1) == 1:
                    return command
        return None

    # --- REST: users, direct messages and threads ----------------------------------------------

    async def _user(self, request: web.Request) -> web.Response:
        key = request.match_info["user"]
        user = self.users.get(int(key)) if key.isdigit() else None
        if user is None:
            raise Rejected(404, 10013, "Unknown User")
        return self._json(user.payload())

    async def _open_dm(self, request: web.Request) -> web.Response:
        """docs, User > Create DM: the DM channel with `recipient_id`, the same one each time."""
        body, _ = await self._body(request)
        user = self.users.get(int(body.get("recipient_id") or 0))
        if user is None:
            raise validate.form_error({"recipient_id": "Unknown user."})
        return self._json(self.dm(user).payload())

    def dm(self, user: User) -> Channel:
        """The bot's DM channel with `user` (its messages: `visible(channel)`)."""
        found = next((c for c in self.channels.values() if c.recipient is user), None)
        if found is None:
            found = Channel(self.snowflake(), 0, "", 1, recipient=user,
                            bot_permissions=model.VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES)
            self.channels[found.id] = found
        return found

    async def _new_thread(self, request: web.Request) -> web.Response:
        """docs, Channel > Start Thread without Message: a thread of a text channel, with the
        Create Public Threads permission (private threads are not modelled); THREAD_CREATE."""
        parent = self._channel(request)
        body, _ = await self._body(request)
        kind = body.get("type", 12)
        if kind != 11 or parent.type != 0:
            raise validate.form_error({"type": "Only public threads of text channels are modelled."})
        if not parent.bot_permissions & (VIEW_CHANNEL | model.CREATE_PUBLIC_THREADS) == (
                VIEW_CHANNEL | model.CREATE_PUBLIC_THREADS):
            raise validate.missing_permissions()
        thread = self.add_channel(str(body["name"]), type=11, parent=parent)
        thread.owner_id = self.bot.id
        thread.bot_permissions = parent.bot_permissions
        await self._dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return self._json(thread.payload())

    # --- REST: channels and messages -----------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            raise validate.unknown_channel()
        return channel

    def _channel_message(self, request: web.Request, channel: Channel) -> Message:
        message = self.messages.get(int(request.match_info["message"]))
        # Ephemeral messages cannot be reached through the channel (docs: they are not stored).
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise validate.unknown_message()
        return message

    async def _get_channel(self, request: web.Request) -> web.Response:
        return self._json(self._channel(request).payload())

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, files = await self._body(request)
        send = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        perms = channel.bot_permissions
        if not perms & VIEW_CHANNEL or not perms & send or (files and not perms & ATTACH_FILES):
            raise validate.missing_permissions()
        if channel.recipient is not None and not channel.recipient.accepts_dms:
            raise Rejected(403, 50007, "Cannot send messages to this user")
        # docs, Create Message, enforce_nonce: "If true and nonce is present, it will be checked
        # for uniqueness in the past few minutes. If another message was created by the same
        # author with the same nonce, that message will be returned and no new message will be
        # created." The bot is the only author here.
        nonce = str(body["nonce"]) if body.get("enforce_nonce") and body.get("nonce") else None
        now = time.monotonic()
        earlier = self.nonces.get(nonce) if nonce else None
        if earlier is not None and now - earlier[0] < validate.NONCE_WINDOW:
            self.repeated_nonces += 1
            return self._json(self.message_payload(self.messages[earlier[1]]))
        message = self._new_message(channel, body, files, prefix="")
        if nonce:
            self.nonces[nonce] = (now, message.id)
        await self._announce("MESSAGE_CREATE", message)
        return self._json(self.message_payload(message))

    async def _get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return self._json(self.message_payload(self._channel_message(request, channel)))

    async def _edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._channel_message(request, channel)
        if message.author is not self.bot or message.webhook_id is not None:
            raise validate.not_author()
        body, files = await self._body(request)
        self._edit(message, body, files, prefix="")
        await self._announce("MESSAGE_UPDATE", message)
        return self._json(self.message_payload(message))

    async def _delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._channel_message(request, channel)
        if message.author is not self.bot:
            raise validate.missing_permissions()
        message.deleted = True
        return web.Response(status=204)

    async def _announce(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE/UPDATE reach the bot only with the GUILD_MESSAGES intent."""
        session = self.current
        if session is not None and session.intents & GUILD_MESSAGES_INTENT and not message.ephemeral:
            await self._dispatch(event, self.message_payload(message), session)

    async def _cdn(self, request: web.Request) -> web.Response:
        """The attachment URLs of the messages (Discord's CDN, minus the signatures)."""
        for message in self.messages.values():
            for attachment in message.attachments:
                if str(attachment.id) == request.match_info["attachment"]:
                    return web.Response(body=attachment.data,
                                        content_type=attachment.content_type.split(";")[0])
        raise Rejected(404, 0, "404: Not Found")

    # --- message bodies --------------------------------------------------------------------------

    def _new_message(
        self, channel: Channel, body: dict[str, Any], files: list[tuple[int, str, bytes]], *,
        prefix: str, interaction: Interaction | None = None, ephemeral_allowed: bool = False,
    ) -> Message:
        validate.message(body, [(name, len(data)) for _, name, data in files], prefix=prefix,
                         allowed_flags=validate.INTERACTION_FLAGS if ephemeral_allowed
                         else validate.CHANNEL_FLAGS, size_limit=self.attachment_limit)
        flags = int(body.get("flags") or 0)
        ephemeral = bool(flags & validate.EPHEMERAL)
        attachments = self._attachments(body, files, [])
        message = Message(
            self.snowflake(), channel.id, channel.guild_id, self.bot,
            content=body.get("content") or "",
            components=self._stored_components(body.get("components") or [], attachments, flags,
                                               channel.id),
            embeds=body.get("embeds") or [], attachments=attachments,
            flags=flags, visible_to=interaction.user.id if interaction and ephemeral else None,
            interaction_id=interaction.id if interaction else None,
            webhook_id=self.application_id if interaction else None,
        )
        self._mention(message, channel, body.get("allowed_mentions"), notify=True)
        self.messages[message.id] = message
        return message

    def _edit(self, message: Message, body: dict[str, Any], files: list[tuple[int, str, bytes]],
              *, prefix: str) -> None:
        kept = len(body["attachments"]) if body.get("attachments") is not None else len(message.attachments)
        keep = None if body.get("attachments") is None else body["attachments"]
        kept_names = [a.filename for a in message.attachments
                      if keep is None or str(a.id) in {str(k.get("id")) for k in keep}]
        flags = int(body.get("flags") or 0)
        # docs, Edit Message: IS_COMPONENTS_V2 can be set on an edit but never removed.
        layout = bool((message.flags | flags) & validate.IS_COMPONENTS_V2)
        validate.message(body, [(name, len(data)) for _, name, data in files], prefix=prefix,
                         allowed_flags=validate.INTERACTION_FLAGS | validate.LOADING,
                         editing=True, kept_attachments=max(0, kept - len(files)),
                         size_limit=self.attachment_limit, layout=layout, attached=kept_names)
        before = self.message_payload(message)
        if "content" in body:
            message.content = body["content"] or ""
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "attachments" in body or files:
            message.attachments = self._attachments(body, files, message.attachments, keep)
        if layout:
            message.flags |= validate.IS_COMPONENTS_V2
        if "components" in body:
            message.components = self._stored_components(
                body["components"] or [], message.attachments, message.flags, message.channel_id)
        if "flags" in body and body["flags"] is not None:
            # Only SUPPRESS_EMBEDS can change on an edit (docs, Edit Message).
            message.flags = (message.flags & ~validate.SUPPRESS_EMBEDS) | (
                int(body["flags"]) & validate.SUPPRESS_EMBEDS)
        if message.loading:
            message.flags &= ~validate.LOADING  # the deferred answer arrives
        else:
            message.edited = time.time()
            message.history.append(before)
        if not (message.content or message.embeds or message.attachments or message.components):
            raise validate.empty_message()
        channel = self.channels[message.channel_id]
        self._mention(message, channel, body.get("allowed_mentions"), notify=False)

    def _stored_components(self, components: list[dict[str, Any]], attachments: list[Attachment],
                           flags: int, channel_id: int) -> list[dict[str, Any]]:
        """Components as Discord keeps them. In a Components V2 message each component without
        an `id` gets the next free one (docs, Component Reference: "generated sequentially if
        left empty"), and an `attachment://name` media is resolved to that attachment (its url,
        size and `attachment_id`), as a fetched message shows it."""
        if not flags & validate.IS_COMPONENTS_V2:
            return components
        stored = copy.deepcopy(components)
        by_name = {a.filename: a for a in attachments}
        taken = {c["id"] for c in validate.walk(stored) if isinstance(c.get("id"), int)}
        next_id = 1
        for component in validate.walk(stored):
            if not isinstance(component.get("id"), int):
                while next_id in taken:
                    next_id += 1
                component["id"] = next_id
                taken.add(next_id)
            medias = [i.get("media") for i in component.get("items") or []]
            medias += [component.get("media"), component.get("file")]
            for media in medias:
                if not isinstance(media, dict):
                    continue
                url = str(media.get("url") or "")
                found = by_name.get(url.removeprefix("attachment://"))
                if url.startswith("attachment://") and found is not None:
                    media.update(self._media_of(found, channel_id))
        return stored

    def _media_of(self, attachment: Attachment, channel_id: int) -> dict[str, Any]:
        payload = attachment.payload(self.url, channel_id)
        media = {"url": payload["url"], "proxy_url": payload["proxy_url"],
                 "content_type": payload.get("content_type"), "attachment_id": str(attachment.id)}
        for key in ("width", "height"):
            if payload.get(key) is not None:
                media[key] = payload[key]
        return media

    def _attachments(
        self, body: dict[str, Any], files: list[tuple[int, str, bytes]],
        existing: list[Attachment], keep: list[dict[str, Any]] | None = None,
    ) -> list[Attachment]:
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        kept = existing if keep is None else [a for a in existing if str(a.id) in
                                             {str(k.get("id")) for k in keep}]
        new = []
        for index, name, data in files:
            spec = described.get(str(index), {})
            new.append(Attachment(self.snowflake(), spec.get("filename") or name, data,
                                  spec.get("description")))
        return [*kept, *new]

    def _mention(self, message: Message, channel: Channel, allowed: dict[str, Any] | None,
                 *, notify: bool) -> None:
        """Who the content mentions, as allowed_mentions lets it (docs, Message > Allowed
        Mentions Object: without it, everything in the content is parsed, except for messages
        of interactions and webhooks, where only users are); pings only for a new visible
        message."""
        content = message.text
        default = {"users"} if message.webhook_id is not None else {"users", "roles", "everyone"}
        parse = default if allowed is None else set(allowed.get("parse") or [])
        listed = {int(u) for u in (allowed or {}).get("users") or []}
        users = [u for u in dict.fromkeys(int(x) for x in USER_MENTION.findall(content))
                 if u in self.users and ("users" in parse or u in listed)]
        everyone = (("@everyone" in content or "@here" in content) and "everyone" in parse
                    and bool(channel.bot_permissions & MENTION_EVERYONE))
        message.mentions, message.mention_everyone = users, everyone
        silent = message.ephemeral or message.flags & validate.SUPPRESS_NOTIFICATIONS
        if notify and not silent:
            message.pinged = list(self.users) if everyone else users

    # --- REST: interaction responses -----------------------------------------------------------

    def _interaction(self, request: web.Request, key: str) -> Interaction:
        interaction = self._by_token.get(request.match_info["token"])
        if interaction is None:
            raise validate.unknown_interaction() if key == "id" else validate.unknown_webhook()
        if key == "id" and str(interaction.id) != request.match_info["id"]:
            raise validate.unknown_interaction()
        if key == "app" and request.match_info["app"] != str(self.application_id):
            raise validate.unknown_webhook()
        return interaction

    def _refuse(self, interaction: Interaction, refusal: Rejected, what: str) -> Rejected:
        interaction.refused.append(f"{what}: {refusal}")
        return refusal

    async def _interaction_body(self, request: web.Request, interaction: Interaction, what: str,
                                ) -> tuple[dict[str, Any], list[tuple[int, str, bytes]]]:
        try:
            return await self._body(request)
        except Rejected as refusal:  # against Discord's description of the route
            raise self._refuse(interaction, refusal, what) from None

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request, "id")
        now = asyncio.get_running_loop().time()
        body, files = await self._interaction_body(request, interaction, "callback")
        kind = body.get("type")
        if interaction.acknowledged:
            raise self._refuse(interaction, validate.already_acknowledged(), "callback")
        if now - interaction.dispatched > self.deadline:
            interaction.late = True
            raise self._refuse(interaction, validate.unknown_interaction(), "callback")
        if kind not in validate.CALLBACK_TYPES.get(interaction.type, set()):
            raise self._refuse(interaction, validate.form_error(
                {"type": f"Callback type {kind} is not valid for interaction type "
                         f"{interaction.type}."}), "callback")
        data = body.get("data") or {}
        channel = self.channels[interaction.channel_id]
        message: Message | None = None
        try:
            if kind == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
                message = self._new_message(channel, data, files, prefix="data.",
                                            interaction=interaction, ephemeral_allowed=True)
                interaction.original_id = message.id
            elif kind == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: "thinking..."
                validate.deferred(data)
                flags = int(data.get("flags") or 0)
                message = Message(self.snowflake(), channel.id, self.guild_id, self.bot,
                                  flags=(flags & validate.EPHEMERAL) | validate.LOADING,
                                  visible_to=interaction.user.id if flags & validate.EPHEMERAL
                                  else None, interaction_id=interaction.id,
                                  webhook_id=self.application_id)
                self.messages[message.id] = message
                interaction.original_id, interaction.loading = message.id, True
            elif kind in (6, 7):  # DEFERRED_UPDATE_MESSAGE / UPDATE_MESSAGE
                interaction.original_id = interaction.message_id
                if kind == 7:
                    self._edit(self.messages[interaction.message_id or 0], data, files,
                               prefix="data.")
                message = self.messages.get(interaction.message_id or 0)
            elif kind == 8:  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
                validate.autocomplete(data, self._focused_type(interaction))
                interaction.choices = data["choices"]
            else:
                raise validate.form_error({"type": f"Callback type {kind} is not modelled."})
        except Rejected as refusal:
            raise self._refuse(interaction, refusal, "callback") from None
        interaction.responded, interaction.response_type = now, kind
        self._acknowledged[interaction.id].set()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        resource: dict[str, Any] = {"type": kind}
        if message is not None and kind != 6:
            resource["message"] = self.message_payload(message)
        return self._json({
            "interaction": {
                "id": str(interaction.id), "type": interaction.type,
                "response_message_id": str(interaction.original_id) if interaction.original_id
                else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
            "resource": resource,
        })

    def _focused_type(self, interaction: Interaction) -> int | None:
        options = interaction.data.get("options") or []
        while options:
            focused = next((o for o in options if o.get("focused")), None)
            if focused is not None:
                return int(focused["type"])
            options = next((o.get("options") or [] for o in options if o.get("type") in (1, 2)), [])
        return None

    def _webhook_live(self, interaction: Interaction) -> None:
        """Follow-ups and edits: after the initial response, within the token's lifetime."""
        now = asyncio.get_running_loop().time()
        if now - interaction.dispatched > self.token_lifetime:
            raise self._refuse(interaction, validate.invalid_webhook_token(), "webhook")
        if not interaction.acknowledged:
            raise self._refuse(interaction, validate.unknown_webhook(), "webhook")
        if interaction.response_type == 8:
            raise self._refuse(interaction, validate.unknown_webhook(), "webhook")

    async def _followup(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request, "app")
        self._webhook_live(interaction)
        body, files = await self._interaction_body(request, interaction, "follow-up")
        channel = self.channels[interaction.channel_id]
        try:
            loading = self.messages.get(interaction.original_id or 0)
            if interaction.loading and loading is not None and loading.loading and not loading.deleted:
                # Discord: the first follow-up after a "thinking" defer replaces the loading
                # message and keeps its visibility, whatever the follow-up's own flags say.
                interaction.loading = False
                flags = int(body.get("flags") or 0)
                if flags & ~validate.INTERACTION_FLAGS:
                    raise validate.form_error({"flags": "Invalid flags."})
                validate.message(body, [(n, len(d)) for _, n, d in files],
                                 allowed_flags=validate.INTERACTION_FLAGS,
                                 size_limit=self.attachment_limit)
                self._edit(loading, {k: v for k, v in body.items() if k != "flags"}, files,
                           prefix="")
                message = loading
            else:
                message = self._new_message(channel, body, files, prefix="",
                                            interaction=interaction, ephemeral_allowed=True)
        except Rejected as refusal:
            raise self._refuse(interaction, refusal, "follow-up") from None
        interaction.followups.append(message.id)
        if request.query.get("wait") in ("1", "true", "True"):
            return self._json(self.message_payload(message))
        return web.Response(status=204)

    def _webhook_message(self, request: web.Request, interaction: Interaction) -> Message:
        key = request.match_info["message"]
        if key == "@original":
            message = self.messages.get(interaction.original_id or 0)
        else:
            message = self.messages.get(int(key)) if key.isdigit() else None
            if message is not None and message.interaction_id != interaction.id:
                message = None  # a webhook reaches only its own messages
        if message is None or message.deleted:
            raise self._refuse(interaction, validate.unknown_message(), "webhook message")
        return message

    async def _webhook_get(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request, "app")
        self._webhook_live(interaction)
        return self._json(self.message_payload(self._webhook_message(request, interaction)))

    async def _webhook_edit(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request, "app")
        self._webhook_live(interaction)
        message = self._webhook_message(request, interaction)
        body, files = await self._interaction_body(request, interaction, "edit")
        try:
            self._edit(message, body, files, prefix="")
        except Rejected as refusal:
            raise self._refuse(interaction, refusal, "edit") from None
        if message.id == interaction.original_id:
            interaction.loading = False
        await self._announce("MESSAGE_UPDATE", message)
        return self._json(self.message_payload(message))

    async def _webhook_delete(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request, "app")
        self._webhook_live(interaction)
        message = self._webhook_message(request, interaction)
        message.deleted = True
        if message.id == interaction.original_id:
            interaction.loading = False
        return web.Response(status=204)
