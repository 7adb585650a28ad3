"""The bot's own records: its turn posts, the posts a crash lost, claims, the command sync.

The Discord layer keeps these through the service, never the store itself: they are what lets
several bot processes share one database with no lock between them (each rule is a guarded
write or a claim in the database)."""

from __future__ import annotations

from bot.service.base import ServiceBase
from bot.service.model import TurnPost


class PostsMixin(ServiceBase):
    async def turn_posts(self, game_id: int) -> list[TurnPost]:
        """The game's turn posts, in the order they were recorded."""
        return [TurnPost(m, c, v) for m, c, _kind, v in await self.store.messages(game_id, "turn")]

    async def posted_turn(self, game_id: int, message_id: int, channel_id: int, version: int,
                          seen: TurnPost | None) -> list[TurnPost]:
        """Record a turn post; the posts whose buttons must now go: every post recorded since
        `seen` (the latest one when this post was made), this one included, except the newest.
        Whoever records a post (in any process) retires those: two posts made at once both
        end up retired but the newest, whichever order they were recorded in."""
        await self.store.record_message(game_id, message_id=message_id, channel_id=channel_id,
                                        kind="turn", version=version, now=self.clock())
        posts = await self.turn_posts(game_id)
        since = posts.index(seen) if seen in posts else 0
        recent = posts[since:]
        newest = max(reversed(recent), key=lambda p: p.version)  # the latest of equal versions
        return [p for p in recent if p != newest]

    async def lost_posts(self) -> list[tuple[int, int, int | None]]:
        """(game, version, version of its latest turn post or None) of the games whose latest
        turn post is older than the game: a crash came between a save and its post."""
        return await self.store.unposted()

    async def claim(self, game_id: int, what: str) -> bool:
        """True for one caller only, of every process on this database."""
        return await self.store.claim(game_id, what, self.clock())

    async def release(self, game_id: int, what: str) -> None:
        await self.store.release(game_id, what)

    async def synced_commands(self, scope: str) -> str | None:
        return await self.store.synced_commands(scope)

    async def set_synced_commands(self, scope: str, digest: str) -> None:
        await self.store.set_synced_commands(scope, digest, self.clock())
