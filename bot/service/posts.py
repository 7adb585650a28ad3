"""The bot's own records: its turn posts, the lobby post, the posts a crash lost, claims, the
command sync.

The Discord layer keeps these through the service, never the store itself: they are what lets
several bot processes share one database with no lock between them (each rule is a guarded
write or a claim in the database)."""

from __future__ import annotations

import time

from bot.service.base import ServiceBase
from bot.service.model import TurnPost

OWED_FOR = 60.0  # seconds: a post this process owes longer than that was lost (an error)
REPOST_LEASE = 600.0  # seconds: a repost claimed that long ago died with its process

class PostsMixin(ServiceBase):
    async def turn_posts(self, game_id: int) -> list[TurnPost]:
        """The game's turn post, the latest recorded (the store keeps no other), if any."""
        return [TurnPost(m, c, v) for m, c, _kind, v in await self.store.messages(game_id, "turn")]

    async def posted_turn(self, game_id: int, message_id: int, channel_id: int,
                          version: int) -> list[TurnPost]:
        """Record a turn post as the game's turn post, unless one of a later version is; the
        post whose buttons must now go, if any: the one it replaced, or this one when it came
        too late. The store decides in one transaction, so of posts recorded at once (in any
        process, in any order) every one but the newest is returned once."""
        stale = await self.store.record_turn_post(game_id, message_id=message_id,
                                                  channel_id=channel_id, version=version,
                                                  now=self.clock())
        return [TurnPost(*stale)] if stale is not None else []

    async def lobby_post(self, game_id: int) -> TurnPost | None:
        """The game's lobby post (its message, channel, and the version it was posted at), if
        one was recorded: the one message every lobby change edits."""
        found = await self.store.messages(game_id, "lobby")
        return TurnPost(found[0][0], found[0][1], found[0][3]) if found else None

    async def posted_lobby(self, game_id: int, message_id: int, channel_id: int,
                           version: int) -> None:
        """Record a message as the game's lobby post (replacing any earlier one)."""
        await self.store.record_message(game_id, message_id=message_id, channel_id=channel_id,
                                        kind="lobby", version=version, now=self.clock())

    async def lost_posts(self, settled_before: float | None = None,
                         ) -> list[tuple[int, int, int | None]]:
        """(game, version, version of its latest turn post or None) of the games whose latest
        turn post is older than the game: a crash came between a save and its post, or the
        post failed. `settled_before`: only games unchanged since that time (self.clock)."""
        return await self.store.unposted(settled_before)

    async def claim(self, game_id: int, what: str, lease: float | None = None) -> bool:
        """True for one caller only, of every process on this database; with a `lease` (in
        seconds), also for a later caller once the claim is that old (its maker died)."""
        return await self.store.claim(game_id, what, self.clock(), lease)

    def owes_post(self, game_id: int, version: int) -> bool:
        """Whether this process stored a change of the game calling for a post at `version`
        or later, a moment ago, and has not posted it yet: its post is on its way, and a
        repair must not race it (see `posting`)."""
        owed = self.posting.get(game_id)
        return owed is not None and owed[0] >= version and time.monotonic() - owed[1] < OWED_FOR

    def posted(self, game_id: int, version: int) -> None:
        """The post owed at `version` was made, or failed: nothing is on its way any more."""
        owed = self.posting.get(game_id)
        if owed is not None and owed[0] <= version:
            del self.posting[game_id]

    async def release(self, game_id: int, what: str) -> None:
        await self.store.release(game_id, what)

    async def synced_commands(self, scope: str) -> str | None:
        return await self.store.synced_commands(scope)

    async def set_synced_commands(self, scope: str, digest: str) -> None:
        await self.store.set_synced_commands(scope, digest, self.clock())
