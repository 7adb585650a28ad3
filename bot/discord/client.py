"""The Discord client: intents, mentions, command registration, and `run_bot` for `tabula run`.

The bot reads no message content and needs no privileged intent: players act through slash
commands and components, which Discord sends as interactions. Each post names the users it
pings (allowed_mentions); by default nobody is pinged, never @everyone or roles, whatever a
player's name says.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import sys
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

import aiohttp
import discord
from discord import app_commands

from bot.config import Web, read_dotenv
from bot.discord import days, hinting, ids, learning, lobby_post, looking, playing
from bot.discord.commands import build_commands, off_the_list
from bot.discord.i18n import CatalogueTranslator, t, user_locale
from bot.discord.instruments import Instruments
from bot.discord.notify import Ticker
from bot.discord.posting import post_turn
from bot.discord.replies import outdated, tell, think
from bot.discord.retry import Reposter, repair
from bot.discord.stopping import Stopper, install_signals, run_close_hooks
from bot.service import Limits, PillowRenderer, Service
from bot.service.autoplay import Autoplay
from bot.store import open_store
from bot.tools.backup import plan_from_env, start_daily

log = logging.getLogger(__name__)

# The persistent components, each beside its handler: a click is routed by its custom_id.
DYNAMIC_ITEMS = (*looking.ITEMS, *learning.ITEMS, *playing.ITEMS, *days.ITEMS,
                 *lobby_post.ITEMS, *hinting.ITEMS)


class TabulaTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A command whose options are not as declared (a crafted interaction) is refused
        here, in the sender's language and without a traceback: no handler sees it."""
        refused = off_the_list(interaction)
        if refused is None:
            return True
        log.info("interaction %s refused: an option off its declaration", interaction.id)
        with contextlib.suppress(discord.HTTPException):
            await tell(interaction, refused)
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /,
    ) -> None:
        """An unexpected failure in a command: log it, and apologise rather than stay silent."""
        log.error("command %r failed", interaction.command and interaction.command.qualified_name,
                  exc_info=error)
        if interaction.type is not discord.InteractionType.application_command:
            return  # autocomplete: there is nobody to tell
        with contextlib.suppress(discord.HTTPException):
            await tell(interaction, t("discord.error.internal", user_locale(interaction)))


class TabulaBot(discord.Client):
    """Tabula's client. `sync`: register the commands with Discord at start-up (globally, or
    copied to `dev_guild` where changes show at once instead of after Discord's propagation),
    only when they differ from the last sync recorded in the database; "force": whatever the
    record says (`tabula sync`). A failed sync is logged and the bot serves on."""

    def __init__(
        self, service: Service, *, dev_guild: int | None = None, sync: bool | str = True,
        tick: bool = True, bots: bool = True, **options: object,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads, their permissions; nothing privileged
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,  # type: ignore[arg-type]
        )
        self.service = service
        self.dev_guild = dev_guild
        self.sync = sync
        self.synced: bool | None = None  # after setup: True synced, False unchanged, None failed
        self.tree = TabulaTree(self)
        self.ticker = Ticker(self, service)
        self.tick = tick  # the clock round runs in the background unless turned off (tests)
        # The bot seats' moves, posted as anyone's (bot/service/autoplay.py); off for `tabula sync`.
        self.autoplay = Autoplay(service, lambda report: post_turn(self, service, report))
        self.bots = bots
        # Turn posts that did not land, posted again from start-up on (bot/discord/retry.py):
        # after a gateway resume or a refusal too, not only at READY.
        self.reposter = Reposter(self, service)
        # SIGTERM, SIGINT: no new interactions, those in flight finish (bot/discord/stopping.py).
        self.stopper = Stopper(self)
        # Awaited, together, when the client closes: the web server (bot/web) joins them.
        self.close_hooks: list[Callable[[], Awaitable[None]]] = []
        self.instruments = Instruments(self)  # Discord's errors, answer times (/metrics)

    async def setup_hook(self) -> None:
        for command in build_commands():
            self.tree.add_command(command)
        # Buttons and menus of earlier runs keep working: their custom_id says it all.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.tick:
            self.ticker.start()
            self.reposter.start()
        await self.tree.set_translator(CatalogueTranslator())
        if self.sync:
            self.synced = await self.sync_commands(force=self.sync == "force")

    async def sync_commands(self, *, force: bool = False) -> bool | None:
        """Send the commands to Discord if they changed since the last sync recorded (for this
        application and scope), or if `force`. True: synced; False: nothing to do; None: Discord
        refused or could not be reached (logged as an error; the bot still serves)."""
        guild = discord.Object(id=self.dev_guild) if self.dev_guild is not None else None
        where = f"to guild {self.dev_guild}" if guild is not None else "globally"
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [await c.get_translated_payload(self.tree, translator) if translator
                   else c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = f"{self.application_id}:" + (f"guild:{guild.id}" if guild else "global")
        if not force and await self.service.synced_commands(scope) == digest:
            log.info("the commands are as last synced %s: no sync needed", where)
            return False
        try:
            synced = await self.tree.sync(guild=guild)
        except (discord.HTTPException, app_commands.AppCommandError, aiohttp.ClientError,
                OSError) as error:
            log.error("the command sync %s failed: %s. The bot runs on with the commands Discord "
                      "already has; run `tabula sync` to try again.", where, error)
            return None
        await self.service.set_synced_commands(scope, digest)
        log.info("synced %d commands %s", len(synced), where)
        return True

    def dispatch(self, event: str, /, *args: object, **kwargs: object) -> None:
        # A READY processed while the client closes (discord.py waits a moment for the guilds
        # before it dispatches "ready") would schedule on_ready on a loop already gone.
        if self.is_closed():
            return
        super().dispatch(event, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A Tabula button or menu that none of DYNAMIC_ITEMS answers (a post of an older
        Tabula, an id damaged or forged): without this, the player would read "This
        interaction failed"; they read that it is out of date, and where the current post is."""
        custom_id = (interaction.data or {}).get("custom_id")
        if (interaction.type is discord.InteractionType.component
                and isinstance(custom_id, str) and custom_id.startswith("tabula:")
                and not ids.answered(custom_id) and await think(interaction)):
            await outdated(interaction)

    async def on_ready(self) -> None:
        """READY, at start-up and after every new gateway session: post the turns a crash
        between a save and its post left unposted (the reposter goes on trying those that
        fail), then (once) start playing the bot seats."""
        try:
            await repair(self, self.service)
        except Exception:  # never let a repair keep the bot from serving
            log.exception("the repair of lost turn posts failed")
        if self.bots:  # after the repair: a bot's move follows the post of the move before
            self.autoplay.start()

    async def close(self) -> None:
        await run_close_hooks(self)
        await self.ticker.stop()
        await self.reposter.stop()
        await self.autoplay.stop()
        await super().close()


class ShardedTabulaBot(TabulaBot, discord.AutoShardedClient):
    """Tabula over several gateway shards (`tabula run --shards N --shard-ids a-b`): this
    process serves the guilds of its shards; other processes, on the same PostgreSQL
    database, serve the others."""


def parse_shards(count: int | None, ids: str | None) -> tuple[int | None, list[int] | None]:
    """(shard count, this process's shard ids) from `--shards N` and `--shard-ids a-b` (or
    `a,b,c`); (None, None) without sharding. ValueError, saying why, for a wrong choice."""
    if count is None:
        if ids is not None:
            raise ValueError("--shard-ids needs --shards (the total number of shards)")
        return None, None
    if count < 1:
        raise ValueError(f"--shards must be 1 or more, not {count}")
    if ids is None:
        return count, list(range(count))
    chosen: list[int] = []
    try:
        for part in ids.split(","):
            first, _, last = part.strip().partition("-")
            chosen.extend(range(int(first), int(last or first) + 1))
    except ValueError:
        raise ValueError(f"--shard-ids must be a range such as 0-3 or a list such as 0,2, "
                         f"not {ids!r}") from None
    if not chosen or any(not 0 <= i < count for i in chosen) or len(set(chosen)) != len(chosen):
        raise ValueError(f"--shard-ids {ids} must name distinct shards from 0 to {count - 1}")
    return count, sorted(chosen)


def make_bot(service: Service, *, dev_guild: int | None = None, shards: int | None = None,
             shard_ids: list[int] | None = None, **options: object) -> TabulaBot:
    """The client for `tabula run`: sharded when `shards` is given. Only the process serving
    shard 0 (or the only process) syncs the slash commands, so that N processes starting
    together send them once."""
    if shards is None:
        return TabulaBot(service, dev_guild=dev_guild, **options)
    ids = shard_ids if shard_ids is not None else list(range(shards))
    return ShardedTabulaBot(service, dev_guild=dev_guild, sync=0 in ids, shard_count=shards,
                            shard_ids=ids, **options)


LIMITS = {  # variable -> Limits field (docs/operating.md, Configuration); 0 means no limit
    "TABULA_MAX_LOBBIES_PER_USER": "user_lobbies",
    "TABULA_MAX_LOBBIES_PER_CHANNEL": "channel_lobbies",
}


def limits_from_env(env: Mapping[str, str] | None = None) -> Limits:
    """The caps on open lobbies, from the environment (or the .env file), else the defaults.
    ValueError, saying which, for a value that is not a whole number."""
    merged = {**read_dotenv(Path(".env")), **os.environ} if env is None else dict(env)
    chosen: dict[str, int | None] = {}
    for variable, field in LIMITS.items():
        value = merged.get(variable, "").strip()
        if not value:
            continue
        if not (value.isascii() and value.isdigit()):
            raise ValueError(f"{variable} must be a whole number (0 for no limit), not {value!r}")
        chosen[field] = int(value) or None
    return Limits(**chosen)  # type: ignore[arg-type]


def _warmed(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("the drawing processes did not start: %s", error, exc_info=error)


async def run_bot(token: str | None, db_path: str, dev_guild: int | None = None, *,
                  shards: int | None = None, shard_ids: list[int] | None = None,
                  web: Web | None = None) -> int:
    """Run the bot until it is stopped; the process exit code (0 fine, 1 token refused,
    2 no token, 3 Discord unreachable). `db_path`: an SQLite file or a PostgreSQL URL;
    `shards`/`shard_ids`: the gateway shards this process serves (all, without them);
    `web`: where the web server (/healthz, /metrics: bot/web) listens, None: none."""
    if not token or not token.strip():
        print("tabula: no Discord bot token. Set it in the configuration or the environment "
              "(the token of your application's bot, from the Discord developer portal).",
              file=sys.stderr)
        return 2
    try:
        limits = limits_from_env()
        backups = plan_from_env()
    except ValueError as error:
        print(f"tabula: {error}", file=sys.stderr)
        return 2
    store = await open_store(db_path)
    try:
        renderer = PillowRenderer()
        # The drawing processes start while the gateway connects, not at the first turn post.
        warming = asyncio.create_task(asyncio.to_thread(renderer.warm))
        warming.add_done_callback(_warmed)
        service = Service(store, renderer=renderer, limits=limits)
        from bot.web import serving  # the web server imports this module's package

        async with make_bot(service, dev_guild=dev_guild, shards=shards,
                            shard_ids=shard_ids) as bot, serving(bot, service, web):
            # systemd and docker stop a service with SIGTERM, a terminal with Ctrl+C: the
            # moves in flight finish, then the client closes (bot/discord/stopping.py).
            install_signals(bot.stopper)
            daily = start_daily(db_path, backups)
            try:
                await bot.start(token.strip())
            except discord.LoginFailure:
                print("tabula: Discord refused the bot token (login failed). Check that it is the "
                      "bot token of your application, and not expired or reset.", file=sys.stderr)
                return 1
            except discord.PrivilegedIntentsRequired:
                print("tabula: Discord refused the requested intents.", file=sys.stderr)
                return 1
            except (aiohttp.ClientError, OSError) as error:  # DNS, refused connection, TLS...
                print(f"tabula: cannot reach Discord ({error}). Check this machine's network "
                      "access to discord.com, then start again.", file=sys.stderr)
                return 3
            finally:
                if daily is not None:
                    daily.cancel()
    finally:
        await store.close()
    return 0


async def run_sync(token: str | None, db_path: str, dev_guild: int | None = None) -> int:
    """`tabula sync`: log in (no gateway) and send the commands to Discord whatever the record
    of the last sync says. The exit code: 0 synced, 1 token refused or sync failed (logged),
    2 no token, 3 Discord unreachable."""
    if not token or not token.strip():
        print("tabula: no Discord bot token (DISCORD_TOKEN).", file=sys.stderr)
        return 2
    store = await open_store(db_path)
    try:
        bot = TabulaBot(Service(store), dev_guild=dev_guild, sync="force", tick=False,
                        bots=False)
        async with bot:
            try:
                await bot.login(token.strip())  # runs setup_hook, hence the sync
            except discord.LoginFailure:
                print("tabula: Discord refused the bot token (login failed).", file=sys.stderr)
                return 1
            except (aiohttp.ClientError, OSError) as error:
                print(f"tabula: cannot reach Discord ({error}).", file=sys.stderr)
                return 3
    finally:
        await store.close()
    if not bot.synced:
        print("tabula: the command sync failed (see the error above).", file=sys.stderr)
        return 1
    print(f"tabula: commands synced {f'to guild {dev_guild}' if dev_guild else 'globally'}.",
          file=sys.stderr)
    return 0
