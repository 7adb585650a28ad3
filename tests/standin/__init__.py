"""A local stand-in for Discord's API (REST and gateway) that the real discord.py client connects
to over loopback, and a Discord user to drive it. See README.md."""

from tests.standin.client import NotOffered, Player, Reply, bot_tasks_idle
from tests.standin.model import Attachment, Channel, Interaction, Message, User
from tests.standin.server import TOKEN, StandIn
from tests.standin.validate import Rejected

BUILT_AGAINST = "2.7.1"  # the discord.py version the stand-in was built and checked against

__all__ = [
    "BUILT_AGAINST", "TOKEN", "Attachment", "Channel", "Interaction", "Message", "NotOffered",
    "Player", "Rejected", "Reply", "StandIn", "User", "bot_tasks_idle",
]
