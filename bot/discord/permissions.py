"""What the bot needs in a channel to host a game there, checked when a game is created.

"The bot does not answer" is most often a missing channel permission; we say which one, in the
user's language, instead. interaction.app_permissions are the bot's permissions in the channel
the command came from.
"""

from __future__ import annotations

import discord

from bot.discord.i18n import t

THREADS = (
    discord.ChannelType.public_thread, discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)


def needed(in_thread: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(essential, useful) permission names: without an essential one no game can run here."""
    send = "send_messages_in_threads" if in_thread else "send_messages"
    return ("view_channel", send, "attach_files"), ("embed_links",)


def missing(interaction: discord.Interaction) -> tuple[list[str], list[str]]:
    """The essential and the useful permissions the bot lacks in the interaction's channel."""
    channel_type = getattr(interaction.channel, "type", None)
    essential, useful = needed(channel_type in THREADS)
    have = interaction.app_permissions
    return ([p for p in essential if not getattr(have, p)],
            [p for p in useful if not getattr(have, p)])


def names(permissions: list[str], locale: str) -> str:
    """Permission names as Discord's settings show them, in `locale`."""
    return ", ".join(f"**{t(f'discord.perm.{p}', locale)}**" for p in permissions)
