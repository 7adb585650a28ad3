"""The stand-in's world: one application (the bot), one guild, its channels and members, the
messages in the channels (public or ephemeral), the synced application commands and the
interactions sent to the bot. Plain data; the server (server.py) changes it, tests read it.

Payloads are built the way Discord writes them (the shapes discord.py 2.7.1 parses in
`state.py`, `message.py`, `interactions.py`), with real snowflakes and ISO timestamps.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000  # docs, Reference > Snowflakes

# Permission bits (docs, Topics > Permissions)
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
MANAGE_CHANNELS = 1 << 4
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
CREATE_PUBLIC_THREADS = 1 << 35
MANAGE_GUILD = 1 << 5
BOT_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | SEND_MESSAGES_IN_THREADS | EMBED_LINKS
                   | ATTACH_FILES | READ_MESSAGE_HISTORY)
MEMBER_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS
# Privileged gateway intents (docs, Topics > Gateway > Privileged Intents)
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT
GUILD_MESSAGES_INTENT = 1 << 9

THREAD_TYPES = {10, 11, 12}
USER_MENTION = re.compile(r"<@!?([0-9]{15,21})>")


class Snowflakes:
    """Discord ids: milliseconds since the Discord epoch, then an increment (always rising)."""

    def __init__(self) -> None:
        self._increment = itertools.count()
        self._last = 0

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._increment) & 0xFFF)
        self._last = max(self._last + 1, value)
        return self._last


def iso(moment: float | None = None) -> str:
    return dt.datetime.fromtimestamp(moment if moment is not None else time.time(),
                                     tz=dt.UTC).isoformat()


@dataclass
class User:
    id: int
    name: str  # the global (display) name
    bot: bool = False
    permissions: int = MEMBER_PERMISSIONS  # in the guild (no per-channel overwrites modelled)
    accepts_dms: bool = True  # False: DMs from server members closed (a DM is 403 / 50007)

    def payload(self) -> dict[str, Any]:
        data = {"id": str(self.id), "username": self.name.lower(), "discriminator": "0",
                "global_name": self.name, "avatar": None, "public_flags": 0, "flags": 0}
        if self.bot:
            data["bot"] = True
        return data

    def member(self, joined: str) -> dict[str, Any]:
        return {"user": self.payload(), "roles": [], "joined_at": joined, "deaf": False,
                "mute": False, "flags": 0, "nick": None, "avatar": None,
                "premium_since": None, "pending": False}


@dataclass
class Channel:
    id: int
    guild_id: int
    name: str
    type: int = 0  # 0 text channel, 1 DM, 11 public thread
    parent_id: int | None = None
    bot_permissions: int = BOT_PERMISSIONS
    owner_id: int = 0  # a thread's creator
    recipient: User | None = None  # a DM's other end

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def payload(self) -> dict[str, Any]:
        if self.recipient is not None:  # a DM (docs, Channel Object, example DM channel)
            return {"id": str(self.id), "type": 1, "last_message_id": None, "flags": 0,
                    "recipients": [self.recipient.payload()]}
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "guild_id": str(self.guild_id),
            "name": self.name, "position": 0, "permission_overwrites": [], "nsfw": False,
            "parent_id": str(self.parent_id) if self.parent_id else None, "topic": None,
            "rate_limit_per_user": 0, "last_message_id": None, "flags": 0,
        }
        if self.is_thread:
            data.update(owner_id=str(self.owner_id), message_count=0, member_count=1, thread_metadata={
                "archived": False, "auto_archive_duration": 10080, "archive_timestamp": iso(),
                "locked": False})
        return data


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    description: str | None = None

    @property
    def content_type(self) -> str:
        suffix = self.filename.rsplit(".", 1)[-1].lower()
        return {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
                "webp": "image/webp", "txt": "text/plain; charset=utf-8"}.get(
            suffix, "application/octet-stream")

    def payload(self, cdn: str, channel_id: int) -> dict[str, Any]:
        url = f"{cdn}/attachments/{channel_id}/{self.id}/{self.filename}"
        return {"id": str(self.id), "filename": self.filename, "size": len(self.data),
                "url": url, "proxy_url": url, "content_type": self.content_type,
                "description": self.description}


@dataclass
class Message:
    id: int
    channel_id: int
    guild_id: int
    author: User
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None  # ephemeral: only this user sees it; None: the whole channel
    interaction_id: int | None = None  # the interaction it answers (responses and follow-ups)
    webhook_id: int | None = None
    mentions: list[int] = field(default_factory=list)  # users the content mentions (allowed)
    mention_everyone: bool = False
    pinged: list[int] = field(default_factory=list)  # users notified when it was posted
    created: float = field(default_factory=time.time)
    edited: float | None = None
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)  # earlier versions (edits)

    @property
    def ephemeral(self) -> bool:
        return self.visible_to is not None

    @property
    def layout(self) -> bool:
        """A Components V2 message: its text is in its text displays, not in `content`."""
        return bool(self.flags & (1 << 15))

    @property
    def text(self) -> str:
        """What a reader reads: the content, then the text displays of a Components V2 layout."""
        from tests.standin.validate import layout_text

        return "\n".join(part for part in (self.content, *layout_text(self.components)) if part)

    def media_urls(self) -> list[str]:
        """The urls of the pictures a Components V2 layout shows (media galleries, thumbnails)."""
        from tests.standin.validate import walk

        found = []
        for component in walk(self.components):
            for item in component.get("items") or []:
                found.append(str((item.get("media") or {}).get("url")))
            if isinstance(component.get("media"), dict):
                found.append(str(component["media"].get("url")))
        return found

    @property
    def loading(self) -> bool:
        return bool(self.flags & (1 << 7))

    def seen_by(self, user_id: int) -> bool:
        return not self.deleted and (self.visible_to is None or self.visible_to == user_id)

    def custom_ids(self) -> list[str]:
        """The custom ids of its buttons and selects (in rows, or nested in a layout)."""
        from tests.standin.validate import walk

        return [c["custom_id"] for c in walk(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        from tests.standin.validate import walk

        for c in walk(self.components):
            if c.get("custom_id") == custom_id:
                return c
        return None

    def attachment(self, filename: str) -> Attachment | None:
        return next((a for a in self.attachments if a.filename == filename), None)

    def listed_attachments(self) -> list[Attachment]:
        """The attachments a fetched message lists: in a Components V2 message, those its
        components do not show (docs, Resources > Message > Message Object, attachments:
        "Attachments referenced by components are not included" in Components V2 messages)."""
        if not self.layout:
            return self.attachments
        from tests.standin.validate import walk

        shown = set()
        for component in walk(self.components):
            medias = [i.get("media") for i in component.get("items") or []]
            for media in [*medias, component.get("media"), component.get("file")]:
                if isinstance(media, dict) and media.get("attachment_id") is not None:
                    shown.add(str(media["attachment_id"]))
        return [a for a in self.attachments if str(a.id) not in shown]

    def payload(self, cdn: str, users: dict[int, User]) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id),
            **({"guild_id": str(self.guild_id)} if self.guild_id else {}),  # none in a DM
            "author": self.author.payload(), "content": self.content, "timestamp": iso(self.created),
            "edited_timestamp": iso(self.edited) if self.edited else None, "tts": False,
            "mention_everyone": self.mention_everyone,
            "mentions": [users[u].payload() for u in self.mentions if u in users],
            "mention_roles": [], "attachments": [a.payload(cdn, self.channel_id)
                                                 for a in self.listed_attachments()],
            "embeds": self.embeds, "pinned": False, "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags, "components": self.components,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        return data


@dataclass
class Command:
    """An application command as synced (the PUT body), with the id Discord gave it."""

    id: int
    guild_id: int | None
    data: dict[str, Any]

    @property
    def name(self) -> str:
        return str(self.data["name"])


@dataclass
class Interaction:
    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete
    user: User
    channel_id: int
    data: dict[str, Any]
    locale: str
    message_id: int | None = None  # the message whose component was used
    dispatched: float = 0.0  # loop time when INTERACTION_CREATE went out
    responded: float | None = None  # loop time of the accepted initial response
    response_type: int | None = None
    original_id: int | None = None  # the message the response created, or the component's
    loading: bool = False  # deferred with thinking: the first follow-up fills the loading message
    choices: list[dict[str, Any]] | None = None  # an autocomplete result
    followups: list[int] = field(default_factory=list)  # message ids
    refused: list[str] = field(default_factory=list)  # the requests the stand-in refused
    late: bool = False  # an initial response came after the deadline

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None
