"""What every route module of the web application reads from it (set by bot.web.make_app)."""

from __future__ import annotations

import discord
from aiohttp import web

from bot.config import Web
from bot.service import Service

BOT = web.AppKey("bot", discord.Client)
SERVICE = web.AppKey("service", Service)
SETTINGS = web.AppKey("settings", Web)
