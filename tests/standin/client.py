"""A Discord user in front of their client: types slash commands (with autocomplete), clicks
buttons and picks in select menus, and sees what Discord shows them.

Payloads are built from what the bot synced (the command definitions) and from the messages as
stored by the stand-in, as the Discord client does: a user cannot send an option the command
does not have, a choice it does not list, an integer below its minimum, nor click a component
that is not on a message they can see. Those raise `NotOffered`. After sending, a Player waits
for the bot's initial response (or the deadline: "This interaction failed") and then for the bot
to finish with it (`settle`, given by the fixture that runs the bot).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tests.standin import validate
from tests.standin.model import Channel, Interaction, Message, User
from tests.standin.server import StandIn

Settle = Callable[[], Awaitable[None]]


class NotOffered(Exception):
    """The Discord client would not let the user send this."""


@dataclass
class Reply:
    """What a user sees of one interaction they sent."""

    standin: StandIn
    interaction: Interaction

    @property
    def failed(self) -> bool:
        """No initial response in time: the client shows "This interaction failed"."""
        return not self.interaction.acknowledged

    @property
    def messages(self) -> list[Message]:
        """The messages answering it (response and follow-ups), as they are now."""
        return self.standin.answers(self.interaction)

    @property
    def ephemeral(self) -> bool:
        messages = self.messages
        return bool(messages) and all(m.ephemeral for m in messages)

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.messages if m.text)

    @property
    def choices(self) -> list[dict[str, Any]]:
        assert self.interaction.choices is not None, "no autocomplete result"
        return self.interaction.choices

    @property
    def last(self) -> Message:
        return self.messages[-1]


class Player:
    def __init__(self, standin: StandIn, user: User, *, locale: str = "en-US",
                 settle: Settle | None = None, channel: Channel | None = None) -> None:
        self.standin = standin
        self.user = user
        self.locale = locale
        self.settle = settle
        self.channel = channel or standin.channel

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    def __repr__(self) -> str:
        return f"<Player {self.user.name}>"

    # --- what a user does ----------------------------------------------------------------------

    async def slash(self, command: str, *, channel: Channel | None = None,
                    locale: str | None = None, **options: Any) -> Reply:
        """`/game new game:res-publica options:classic` is `slash("game new", game=..., ...)`."""
        data = self._command_data(command, options, focused=None)
        return await self._send(2, data, channel=channel, locale=locale)

    async def autocomplete(self, command: str, focused: str, *, channel: Channel | None = None,
                           locale: str | None = None, **options: Any) -> Reply:
        """The suggestions while typing `options[focused]` into `command`."""
        data = self._command_data(command, options, focused=focused)
        return await self._send(4, data, channel=channel, locale=locale)

    async def click(self, message: Message, custom_id: str, *, locale: str | None = None,
                    snapshot: Mapping[str, Any] | None = None) -> Reply:
        """Click a button of a message this user sees (`snapshot`: the message as the user's
        client showed it, when it has changed since)."""
        component = self._component(message, custom_id, snapshot)
        if component["type"] != 2 or component.get("disabled"):
            raise NotOffered(f"{custom_id} is not a button one can click")
        return await self._component_send(message, {"custom_id": custom_id, "component_type": 2},
                                          locale, snapshot)

    async def choose(self, message: Message, custom_id: str, values: list[str], *,
                     locale: str | None = None, snapshot: Mapping[str, Any] | None = None) -> Reply:
        """Pick `values` in a select menu of a message this user sees."""
        component = self._component(message, custom_id, snapshot)
        if component["type"] != 3 or component.get("disabled"):
            raise NotOffered(f"{custom_id} is not a select menu")
        offered = {o["value"] for o in component.get("options") or []}
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not set(values) <= offered or not low <= len(values) <= high:
            raise NotOffered(f"{values} cannot be picked in {custom_id}")
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._component_send(message, data, locale, snapshot)

    # --- building what the Discord client sends --------------------------------------------------

    def _command_data(self, path: str, given: Mapping[str, Any], focused: str | None) -> dict[str, Any]:
        name, *subs = path.split()
        command = self.standin.command(name)
        if command is None:
            raise NotOffered(f"no command /{name}")
        definition: Mapping[str, Any] = command.data
        kinds = []  # 2: a sub-command group (/game bot), 1: a sub-command (/game bot add)
        for sub in subs:
            definition = next((o for o in definition.get("options") or []
                               if o["name"] == sub and o["type"] in (1, 2)), {})
            if not definition:
                raise NotOffered(f"/{path}: no sub-command {sub}")
            kinds.append(definition["type"])
        if any(o["type"] in (1, 2) for o in definition.get("options") or []):
            raise NotOffered(f"/{path} needs a sub-command")
        options = _options(definition.get("options") or [], given, focused, path)
        leaves = options
        for sub, kind in reversed(list(zip(subs, kinds, strict=True))):
            options = [{"name": sub, "type": kind, "options": options}]
        data: dict[str, Any] = {"id": str(command.id), "name": name, "type": 1,
                                "options": options}
        # A user option (type 6) is sent as the user's id, the user itself under `resolved`.
        picked = [o["value"] for o in leaves if o["type"] == 6]
        if picked:
            data["resolved"] = {"users": {v: self.standin.users[int(v)].payload()
                                          for v in picked}}
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        return data

    def _component(self, message: Message, custom_id: str,
                   snapshot: Mapping[str, Any] | None) -> dict[str, Any]:
        if not message.seen_by(self.user.id):
            raise NotOffered(f"{self.user.name} does not see message {message.id}")
        rows = snapshot["components"] if snapshot is not None else message.components
        for component in validate.walk(rows):  # legacy rows, or a Components V2 layout's nesting
            if component.get("custom_id") == custom_id:
                return component
        raise NotOffered(f"no component {custom_id!r} on message {message.id}")

    async def _component_send(self, message: Message, data: dict[str, Any], locale: str | None,
                              snapshot: Mapping[str, Any] | None) -> Reply:
        channel = self.standin.channels[message.channel_id]
        interaction = await self.standin.interact(
            3, self.user, data, channel=channel, locale=locale or self.locale, message=message,
            snapshot=snapshot)
        return await self._wait(interaction)

    async def _send(self, kind: int, data: dict[str, Any], *, channel: Channel | None,
                    locale: str | None) -> Reply:
        interaction = await self.standin.interact(kind, self.user, data,
                                                  channel=channel or self.channel,
                                                  locale=locale or self.locale)
        return await self._wait(interaction)

    async def _wait(self, interaction: Interaction) -> Reply:
        await self.standin.acknowledged(interaction)
        if self.settle is not None:
            await self.settle()
        return Reply(self.standin, interaction)


def _options(definitions: list[dict[str, Any]], given: Mapping[str, Any], focused: str | None,
             path: str) -> list[dict[str, Any]]:
    """The options as the Discord client sends them, checked as its input box checks them."""
    by_name = {o["name"]: o for o in definitions}
    options = []
    for name, value in given.items():
        option = by_name.get(name)
        if option is None:
            raise NotOffered(f"/{path} has no option {name!r}")
        kind = option["type"]
        if name == focused:  # still being typed: sent as the raw text, flagged
            options.append({"name": name, "type": kind, "value": str(value), "focused": True})
            continue
        _check_value(option, value, path)
        options.append({"name": name, "type": kind, "value": value})
    if focused is None:
        missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in given]
        if missing:
            raise NotOffered(f"/{path}: required option(s) {missing} missing")
    elif focused not in given:
        raise NotOffered(f"/{path}: the focused option {focused!r} needs a value")
    return options


def _check_value(option: Mapping[str, Any], value: Any, path: str) -> None:
    kind, name = option["type"], option["name"]
    choices = option.get("choices")
    if kind == 3:
        if not isinstance(value, str):
            raise NotOffered(f"/{path} {name}: text expected")
        low, high = option.get("min_length", 0), option.get("max_length", validate.STRING_VALUE)
        if not low <= len(value) <= high or not value.strip():
            raise NotOffered(f"/{path} {name}: {len(value)} characters is not allowed")
    elif kind == 4:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 2**53:
            raise NotOffered(f"/{path} {name}: a whole number expected")
    elif kind == 10:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise NotOffered(f"/{path} {name}: a number expected")
    elif kind == 6:
        if not isinstance(value, str) or not value.isdigit():
            raise NotOffered(f"/{path} {name}: a user's id expected")
    elif kind == 5:
        if not isinstance(value, bool):
            raise NotOffered(f"/{path} {name}: true or false expected")
    else:
        raise NotImplementedError(f"option type {kind} is not modelled by the stand-in client")
    if kind in (4, 10):
        if "min_value" in option and value < option["min_value"]:
            raise NotOffered(f"/{path} {name}: at least {option['min_value']}")
        if "max_value" in option and value > option["max_value"]:
            raise NotOffered(f"/{path} {name}: at most {option['max_value']}")
    if choices and value not in [c["value"] for c in choices]:
        raise NotOffered(f"/{path} {name}: {value!r} is not one of the choices")


def bot_tasks_idle(loop_tasks: Callable[[], set[asyncio.Task[Any]]] = asyncio.all_tasks,
                   timeout: float = 30.0) -> Settle:
    """A `settle` for a discord.py client running in this event loop: wait until the tasks it
    makes to handle interactions (the command tree's, the views', event dispatch) are done, and
    Tabula's bot seats have played what they were asked (bot/service/autoplay.py's workers)."""

    def busy() -> list[asyncio.Task[Any]]:
        return [t for t in loop_tasks() if not t.done() and _handler(t.get_name())]

    async def settle() -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while pending := busy():
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"the bot is still busy: {pending}")
            await asyncio.wait(pending, timeout=left)

    return settle


def _handler(name: str) -> bool:
    return (name == "CommandTree-invoker" or name.startswith("discord-ui-")
            or name.startswith("discord.py: ") or name.startswith("tabula-bot:")
            or name.startswith("tabula-edit:"))
