"""A turn is always called: a turn post that did not land is posted again, until it lands or
its channel is gone (issue 24).

A change is stored before its post is tried, and the store knows every game whose latest turn
post is older than what its channel must be told (`Storage.unposted`): a crash between the two,
a post Discord refused (5xx or a 429 discord.py gave up on, a permission taken away, the channel
deleted), or a post whose record failed (taken down again, bot/discord/posting.py). In every
process, from start-up to the end, a background task posts them again:

- at READY (start-up, a new gateway session): every lost post (`repair`);
- a post this process failed: after a back-off, `first` seconds then three times longer each
  time, up to CAP (a channel found gone twice is not tried again here);
- a post lost elsewhere (another process's, before a restart): every POLL, once its game has
  not changed for GRACE (a post another process is making at this moment is not lost).

Every try of one turn's post carries the same nonce (posting.post_nonce): a post this process or
another makes at the same time, or one whose answer is slow, is the one message Discord made.
A post whose record failed stays up (its message kept in `owed`) and is recorded at the retry;
if a later turn is posted first, its buttons go.

Each attempt is claimed in the database (`repost:<version>`, bot/service/posts.py). A process
keeps the claim of a post it failed and takes it again at its next try (a lease of half its
back-off), while any other process takes it over only after REPOST_LEASE (its maker died): one
attempt at a time and one post, whatever the number of processes. The post that lands retires
the previous post's buttons (posting._post). When a retry finds the channel still unusable (a
permission, the channel deleted), the people asked are told by direct message, once (a claim
`unusable:<version>`), naming the server's channel as the cause.

`TABULA_RETRY_SECONDS`: the first back-off (10 s; tests make it short); POLL and GRACE are six
times it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import dataclass

import discord

from bot.discord.i18n import clip
from bot.discord.looping import Looping
from bot.discord.posting import post_turn, retire_buttons
from bot.discord.replies import LIMIT
from bot.discord.unposted import POST_ERRORS, Unposted, dm_text
from bot.service import Report, Service, ServiceError, TurnPost
from bot.service.posts import REPOST_LEASE
from engine.i18n import translate
from engine.registry import get as get_game

log = logging.getLogger(__name__)

ENV_RETRY = "TABULA_RETRY_SECONDS"
FIRST = 10.0  # seconds before the first retry: discord.py already tried for ~25 s on 5xx
GROWTH = 3.0
CAP = REPOST_LEASE  # the longest wait, where another process may take the post over anyway


def first_delay() -> float:
    try:
        return max(0.01, float(os.environ.get(ENV_RETRY, FIRST)))
    except ValueError:
        return FIRST


@dataclass
class Owed:
    """A post this process failed: its version, how many tries failed, when to try again
    (time.monotonic), and why the last one failed."""

    version: int
    failures: int
    due: float
    failure: Unposted

    @property
    def given_up(self) -> bool:
        """The channel is gone, and a retry has found it so (and told the people asked)."""
        return self.failure.kind == "gone" and self.failures > 1


class Reposter(Looping):
    """The background task of one client (see the module's docstring)."""

    NAME = "tabula-retry"

    def __init__(self, client: discord.Client, service: Service,
                 first: float | None = None) -> None:
        self.client, self.service = client, service
        self._first = first
        self.owed: dict[int, Owed] = {}
        self._wake = asyncio.Event()

    @property
    def first(self) -> float:
        """The first back-off, in seconds (read at each use, as tests change it)."""
        return self._first if self._first is not None else first_delay()

    @property
    def poll(self) -> float:
        """Seconds between two looks for posts lost elsewhere."""
        return 6 * self.first

    grace = poll  # how long a game stays unchanged before a post lost elsewhere is taken up

    def delay(self, failures: int) -> float:
        """The wait after the `failures`-th failed try: 10 s, 30 s, 90 s, 4.5 min, 10 min..."""
        return min(self.first * GROWTH ** (failures - 1), max(CAP, self.first))

    # --- what posting tells it ------------------------------------------------------------

    def failed(self, game_id: int, version: int, failure: Unposted) -> None:
        owed = self.owed.get(game_id)
        failures = owed.failures + 1 if owed is not None else 1
        self.owed[game_id] = Owed(max(version, owed.version if owed else version), failures,
                                  time.monotonic() + self.delay(failures), failure)
        self._wake.set()

    def landed(self, game_id: int, version: int, message_id: int) -> TurnPost | None:
        """The post of `version` landed as `message_id`: what was owed up to it is done. The
        post of an earlier try left up unrecorded, if it is another message: its buttons go."""
        owed = self.owed.get(game_id)
        if owed is None or owed.version > version:
            return None
        del self.owed[game_id]
        return _left_up(owed, message_id)

    def unrecorded(self, game_id: int, version: int) -> Unposted | None:
        """This process's post of the game at `version`, made but not recorded, if any."""
        owed = self.owed.get(game_id)
        if owed is None or owed.version != version or owed.failure.message_id is None:
            return None
        return owed.failure

    def cause(self, game_id: int) -> Unposted | None:
        """Why the game's latest post failed, while it is owed."""
        owed = self.owed.get(game_id)
        return owed.failure if owed is not None else None

    # --- the task -------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            floor = 0.01
            try:
                await self.once()
            except Exception:  # the next round tries again (the database may be back)
                log.exception("the retry of lost turn posts failed")
                floor = self.first
            now = time.monotonic()
            wait = min([self.poll, *(o.due - now for o in self.owed.values()
                                     if not o.given_up)])
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(wait, floor))

    async def once(self) -> int:
        """One round: post what is due. How many posts landed."""
        now = time.monotonic()
        landed = 0
        settled: set[int] | None = None
        known = dict(self.owed)
        lost = await self.service.lost_posts()
        for game_id in known.keys() - {g for g, _, _ in lost}:
            if self.owed.get(game_id) is known[game_id]:  # posted since (a later post): done
                del self.owed[game_id]
                await self._retire_left_up(game_id, known[game_id])
        for game_id, version, posted in lost:
            owed = self.owed.get(game_id)
            if self.service.owes_post(game_id, version):  # a move of this process posts it
                if owed is not None:  # look again after it (a round never spins)
                    owed.due = max(owed.due, now + self.first)
                continue
            if owed is not None:
                if owed.given_up or owed.due > now:
                    continue
                lease = self.delay(owed.failures) / 2  # our own claim, kept since our last try
                owed.due = now + self.delay(owed.failures)  # whatever this try comes to
            else:
                if settled is None:
                    before = self.service.clock() - self.grace
                    settled = {g for g, _, _ in await self.service.lost_posts(before)}
                if game_id not in settled:
                    continue
                lease = REPOST_LEASE
            landed += await repost(self.client, self.service, game_id, version, posted, lease)
        return landed


    async def _retire_left_up(self, game_id: int, owed: Owed) -> None:
        """The buttons of a post of ours left up unrecorded, once the game's recorded post is
        another message (the same one, found again by its nonce, keeps them)."""
        posts = await self.service.turn_posts(game_id)
        left = _left_up(owed, posts[-1].message_id if posts else None)
        if left is not None:
            await retire_buttons(self.client, left)


def _left_up(owed: Owed, recorded: int | None) -> TurnPost | None:
    failure = owed.failure
    if failure.message_id is None or failure.message_id == recorded:
        return None
    return TurnPost(failure.message_id, failure.channel_id, owed.version)


async def repost(client: discord.Client, service: Service, game_id: int, version: int,
                 posted: int | None, lease: float = REPOST_LEASE) -> int:
    """Post a lost turn post if this process claims it: 1 if it landed, else 0. A failed try
    keeps its claim, so that no other process tries it before REPOST_LEASE (the back-off is
    the claimer's); one after a failure tells the people asked if the channel is unusable."""
    what = f"repost:{version}"
    if not await service.claim(game_id, what, lease):
        return 0
    reposter: Reposter | None = getattr(client, "reposter", None)
    tried_before = reposter is not None and game_id in reposter.owed
    try:
        report = await service.unposted(game_id, posted)
        message = await post_turn(client, service, report, repair=True)
    except Exception:
        log.exception("could not repost the turn of game %s", game_id)
        await service.release(game_id, what)  # not Discord's refusal: let the next round try
        return 0
    if message is not None:
        log.info("reposted the turn of game %s at version %s", game_id, version)
        return 1
    failure = reposter.cause(game_id) if reposter is not None else None
    if failure is None:  # no task to try again here: let another try
        await service.release(game_id, what)
    elif failure.unusable and tried_before:
        await tell_asked(client, service, report, failure)
    return 0


async def repair(client: discord.Client, service: Service) -> int:
    """At READY: post the turn of every game whose latest turn post is older than the game
    (a crash came between the save and the post, or a post failed before a restart), each
    once whatever the number of processes. How many were posted."""
    done = 0
    for game_id, version, posted in await service.lost_posts():
        if service.owes_post(game_id, version):
            continue  # a move of this process stored it a moment ago: its post is on its way
        done += await repost(client, service, game_id, version, posted)
    return done


async def tell_asked(client: discord.Client, service: Service, report: Report,
                     failure: Unposted) -> None:
    """The people asked in a game whose channel cannot take its post, by direct message,
    once whatever the number of processes (DMs closed: logged and skipped)."""
    info = report.game
    if not await service.claim(info.id, f"unusable:{info.version}"):
        return
    guild = client.get_guild(info.guild_id) if info.guild_id else None
    for seat in report.to_act:
        if seat.bot is not None or seat.user_id <= 0:
            continue
        try:
            prefs = await service.prefs(seat.user_id)
            locale = prefs.locale or info.locale
            text = dm_text(failure, locale, translate(get_game(info.game_key).name(), locale),
                           guild.name if guild is not None else None)
            dm = await client.create_dm(discord.Object(seat.user_id))
            await dm.send(clip(text, LIMIT))
        except (*POST_ERRORS, ServiceError) as error:
            log.info("could not tell user %s that game %s cannot be posted: %s", seat.user_id,
                     info.id, error)
