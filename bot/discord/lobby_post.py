"""The lobby post: ONE message per lobby, edited in place as people come and go.

`/game new` posts it (in the game's language): the game, its options and time control, who is
seated, who may start it, and five buttons, Join · Leave · Start · Add a computer player ·
Hints (on or off, for learners: bot/service/hints.py). Every
later change of the lobby, by button or by slash command (join, leave, a bot added or removed),
edits that same message and pings nobody; when the game starts, is abandoned or empties, the post
is edited a last time to say so, without buttons (the turn post follows a start).

The post always shows the lobby as the database holds it when the post is edited, never what one
change believes: two clicks at once are each applied once by the service, and each edit reads
the state after its change, under a per-game lock of this process (so the last edit shows the
latest state), and reads again after editing (another process may have changed it meanwhile).

The buttons are persistent DynamicItems, registered in the client's setup_hook:

    tabula:lobby:<action>:<game>    action: join | leave | start | bot | hints | nohints

The hints button shows the lobby's choice and carries the other one (`hints` turns them on,
`nohints` off): a click sent twice, or from an older post, asks for the same thing twice and
changes the lobby once, where a toggle would undo itself.

A custom_id that does not parse (an unknown action, a game id that is not a number or is
beyond a database id, 2**63 and up) is refused privately as a stale button is.
"""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.discord import ids
from bot.discord.i18n import clip, pinging, shown, t, user_locale
from bot.discord.looking import game_name, options_text, seats_text
from bot.discord.posting import post_turn, unposted_text
from bot.discord.replies import (
    CHANGE,
    LIMIT,
    channel_of,
    recorded,
    refusals,
    service_of,
    tell,
    think,
)
from bot.discord.retry import GROWTH, first_delay
from bot.service import (
    GameInfo,
    Recorded,
    Report,
    Service,
    ServiceError,
    StorageUnavailable,
    User,
)
from engine.registry import get as get_game

log = logging.getLogger(__name__)

ACTIONS = ("join", "leave", "start", "bot", "hints", "nohints")
BOT_LEVEL = "medium"  # the button's computer player, as /game bot add without a level
BUTTON_LABEL = 80  # characters

# The hints button's label is the lobby's choice now: « Hints: off » carries `hints` (turn on).
_LABELS = {"join": "discord.button.join", "leave": "discord.button.leave",
           "start": "discord.button.start", "bot": "discord.button.add_bot",
           "hints": "discord.hint.lobby_off", "nohints": "discord.hint.lobby_on"}
_EMOJIS = {"join": "🪑", "leave": "🚪", "start": "▶️", "bot": "🤖", "hints": "💡", "nohints": "💡"}
_STYLES = {"join": discord.ButtonStyle.primary, "leave": discord.ButtonStyle.secondary,
           "start": discord.ButtonStyle.success, "bot": discord.ButtonStyle.secondary,
           "hints": discord.ButtonStyle.secondary, "nohints": discord.ButtonStyle.success}


# --- what the post says ----------------------------------------------------------------------


def lobby_text(info: GameInfo) -> str:
    """The lobby post's text, in the game's language, for the lobby as `info` shows it (or
    what became of it: started, cancelled, closed)."""
    locale = info.locale
    game = get_game(info.game_key)
    name = game_name(info.game_key, locale)
    if info.status in ("active", "finished"):
        started = t("discord.lobby.post.started", locale, game=name, players=seats_text(info))
        return f"{started}\n{t('discord.hint.marker', locale)}" if info.hints else started
    if info.status != "lobby":
        people = [s for s in info.seats if not s.seated_bot]
        key = "discord.lobby.post.cancelled" if people else "discord.lobby.post.closed"
        return t(key, locale, game=name)
    lines = [t("discord.lobby.post.title", locale, game=name)]
    if info.options:
        lines.append(t("discord.status.options", locale,
                       options=options_text(info.options, info.game_key, locale)))
    if info.pace:
        lines.append(t("discord.lobby.pace", locale, pace=info.pace.text(locale)))
    if info.hints:
        lines.append(t("discord.hint.lobby", locale))
    seated = len(info.seats)
    lines.append(t("discord.lobby.post.seated", locale, n=seated, min=game.min_players,
                   max=game.max_players, players=seats_text(info)))
    if seated < game.min_players:
        lines.append(t("discord.lobby.post.missing", locale, n=game.min_players - seated))
    elif seated >= game.max_players:
        lines.append(t("discord.lobby.post.full", locale))
    starter = info.seat_of(info.creator_id)
    if starter is not None:
        lines.append(t("discord.lobby.post.starter", locale, name=shown(starter.name)))
    lines.append(t("discord.lobby.post.help", locale))
    return clip("\n".join(lines), LIMIT)


def lobby_view(info: GameInfo) -> discord.ui.View | None:
    """The lobby post's buttons, in the game's language; None once it is no longer a lobby.
    Join and Add a computer player are greyed when the table is full, Start while too few are
    seated (the service refuses them anyway: a client may show an older post)."""
    if info.status != "lobby":
        return None
    game = get_game(info.game_key)
    seated = len(info.seats)
    disabled = {"join": seated >= game.max_players, "bot": seated >= game.max_players,
                "start": seated < game.min_players, "leave": False}
    view = discord.ui.View(timeout=None)
    for action in _shown(info.hints):
        view.add_item(LobbyButton.make(info.id, action, info.locale,
                                       disabled=disabled.get(action, False)))
    return view


def _shown(hints: bool) -> tuple[str, ...]:
    """The post's buttons: the hints button is the one that changes the lobby's choice."""
    return (*ACTIONS[:4], "nohints" if hints else "hints")


def button_labels(locale: str, hints: bool = False) -> list[str]:
    """The buttons' labels in `locale`, in their order on the post."""
    return [t(_LABELS[action], locale) for action in _shown(hints)]


# --- the buttons -----------------------------------------------------------------------------


def parse(custom_id: str) -> tuple[str, int] | None:
    """(action, game id) of a lobby button's custom_id; None if it is not one we made."""
    match = ids.LOBBY_PARTS.fullmatch(custom_id)
    if match is None or match["action"] not in ACTIONS:
        return None
    game_id = int(match["game"])
    return (match["action"], game_id) if 0 < game_id <= ids.MAX_ID else None


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY):
    """Join, Leave, Start or Add a computer player, under a lobby post. The template takes any
    `tabula:lobby:` id, so that one which does not parse is answered (refused), not dropped."""

    def __init__(self, button: discord.ui.Button, action: str | None, game_id: int | None) -> None:
        super().__init__(button)
        self.action, self.game_id = action, game_id

    @classmethod
    def make(cls, game_id: int, action: str, locale: str, *, disabled: bool = False) -> LobbyButton:
        button: discord.ui.Button = discord.ui.Button(
            label=clip(t(_LABELS[action], locale), BUTTON_LABEL), emoji=_EMOJIS[action],
            style=_STYLES[action], disabled=disabled,
            custom_id=ids.lobby(action, game_id),
        )
        return cls(button, action, game_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> LobbyButton:
        parsed = parse(match.string)
        action, game_id = parsed if parsed is not None else (None, None)
        return cls(item, action, game_id)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicked(interaction, self.action, self.game_id)


ITEMS = (LobbyButton,)  # registered by the client


# --- posting and editing -------------------------------------------------------------------


# One lock per game and client: the post's edits are made one at a time, each from the state
# read under the lock, so that the last edit made shows the latest state.
_locks: weakref.WeakKeyDictionary[discord.Client, dict[int, asyncio.Lock]] = (
    weakref.WeakKeyDictionary())


def _lock(client: discord.Client, game_id: int) -> asyncio.Lock:
    return _locks.setdefault(client, {}).setdefault(game_id, asyncio.Lock())


async def refresh(client: discord.Client, service: Service, game_id: int) -> bool:
    """Make the game's lobby post show the game as it is now: post it if none was recorded
    (a new lobby), else edit it in place (a lobby's change, its start or its end). False
    (logged) if Discord refused the post or the edit."""
    async with _lock(client, game_id):
        for _attempt in range(3):
            info = await service.info_by_id(game_id)
            shown_text = lobby_text(info)
            post = await service.lobby_post(game_id)
            if post is None:
                if info.status != "lobby":
                    return True  # nothing to show: a game that never had a lobby post
                if not await _post(client, service, info):
                    return False
            elif not await _edit(client, service, info, post.message_id, post.channel_id):
                return False
            # Another process may have changed the lobby while this one posted or edited: the
            # post then shows an older state, so edit again (it ends with the latest).
            if lobby_text(await service.info_by_id(game_id)) == shown_text:
                return True
        return True


async def _post(client: discord.Client, service: Service, info: GameInfo) -> bool:
    """A new lobby post, recorded as the game's. Claimed first: of several processes (or a
    join racing the creation) one only posts it."""
    if not await service.claim(info.id, "lobby-post"):
        return True
    try:
        message = await channel_of(client, info).send(
            lobby_text(info), view=lobby_view(info), allowed_mentions=pinging())
    except discord.HTTPException as error:
        log.warning("could not post the lobby of game %s: %s", info.id, error)
        await service.release(info.id, "lobby-post")
        return False
    await service.posted_lobby(info.id, message.id, message.channel.id, info.version)
    return True


async def _edit(client: discord.Client, service: Service, info: GameInfo, message_id: int,
                channel_id: int) -> bool:
    partial = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await partial.edit(content=lobby_text(info), view=lobby_view(info),
                           allowed_mentions=pinging())
    except discord.NotFound:  # deleted by someone: post it again, while it is a lobby
        if info.status != "lobby":
            return True
        try:
            message = await channel_of(client, info).send(
                lobby_text(info), view=lobby_view(info),
                allowed_mentions=pinging())
        except discord.HTTPException as error:
            log.warning("could not post the lobby of game %s again: %s", info.id, error)
            return False
        await service.posted_lobby(info.id, message.id, message.channel.id, info.version)
    except discord.HTTPException as error:
        log.warning("could not edit the lobby post of game %s: %s", info.id, error)
        return False
    return True


async def begin(client: discord.Client, service: Service, report: Report) -> bool:
    """A game has started: its lobby post says so (without buttons), then the turn post
    follows. False if the turn could not be posted."""
    info = report.game
    await refresh(client, service, info.id)
    seating = t("discord.lobby.seating", info.locale, players=seats_text(info))
    return await post_turn(client, service, report, intro=[seating]) is not None


# --- a change stored while the database stopped answering ------------------------------------

REPAIR_TRIES = 6  # 10 s, 30 s, 90 s... about an hour in all with the default first back-off
_repairs: set[asyncio.Task[bool]] = set()  # held until done (the loop holds tasks weakly)


@asynccontextmanager
async def shown_when_stored(client: discord.Client, service: Service, *,
                            game_id: int | None = None,
                            channel_id: int | None = None) -> AsyncIterator[None]:
    """Around a lobby change (a join, a start...): one stored while the database stopped
    answering right after it (Recorded, told as recorded by `refusals`) is shown on the lobby
    post here once the database answers again; a start's first turn post is the reposter's
    (bot/discord/retry.py)."""
    try:
        yield
    except Recorded:
        task = asyncio.create_task(repair_later(client, service, game_id, channel_id),
                                   name=f"tabula-lobby-repair:{game_id or channel_id}")
        _repairs.add(task)
        task.add_done_callback(_repairs.discard)
        raise


async def repair_later(client: discord.Client, service: Service, game_id: int | None,
                       channel_id: int | None) -> bool:
    """Refresh the lobby post of the game (`game_id`, else the channel's latest), with a
    back-off while the database does not answer. False if it never could."""
    delay = first_delay()
    for _ in range(REPAIR_TRIES):
        await asyncio.sleep(delay)
        try:
            if game_id is None:
                game_id = (await service.info(channel_id or 0, live=False)).id
            return await refresh(client, service, game_id)
        except (StorageUnavailable, Recorded):
            delay *= GROWTH
        except Exception:
            log.exception("could not repair the lobby post of game %s", game_id)
            return False
    log.warning("gave up repairing the lobby post of game %s: the database did not answer",
                game_id)
    return False


# --- the clicks ------------------------------------------------------------------------------


async def clicked(interaction: discord.Interaction, action: str | None, game_id: int | None) -> None:
    """A lobby button: applied as its slash command would be, then the post is edited (the
    click's own answer is that edit: a deferred update). Refusals are private, in the
    clicker's language."""
    if not await think(interaction, update=True):
        return
    changed = False  # a change stored
    report: Report | None = None  # a start's
    service = service_of(interaction)
    async with refusals(interaction), shown_when_stored(interaction.client, service,
                                                         game_id=game_id):
        if action is None or game_id is None:
            raise ServiceError("error.stale")
        try:
            info = await service.info_by_id(game_id)
        except ServiceError:
            raise ServiceError("error.stale") from None
        if info.status != "lobby":
            raise ServiceError("error.stale")
        channel, user = info.channel_id, interaction.user
        can_manage = interaction.permissions.manage_channels
        if action == "join":
            await service.join(channel, User(user.id, user.display_name))
        elif action == "leave":
            await service.leave(channel, user.id)
        elif action == "bot":
            await service.add_bot(channel, user.id, BOT_LEVEL, can_manage=can_manage)
        elif action in ("hints", "nohints"):
            await service.set_hints(channel, user.id, action == "hints", can_manage=can_manage)
        else:
            report = await service.start(channel, user.id, can_manage=can_manage)
        changed = True
    if not changed:
        return
    # The change is stored: whatever fails from here, the player reads that it is recorded.
    async with recorded(interaction, CHANGE):
        if report is None:
            if not await refresh(interaction.client, service, info.id):
                await tell(interaction, t("discord.error.cannot_post", user_locale(interaction)))
        elif not await begin(interaction.client, service, report):  # the game started
            await tell(interaction, unposted_text(interaction, report.game.id,
                                                  user_locale(interaction)))
