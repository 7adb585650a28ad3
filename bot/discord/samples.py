"""Text samples of the bot's posts, for reading without Discord: `tabula samples` writes them
under docs/samples/posts/ (`lobby.en.md`, `lobby.fr.md`), beside the sample pictures, and
tests/discord/test_lobby_post.py fails when the committed files differ from what the code
writes now. Each shows a post's text as Discord shows it (Markdown) and its buttons' labels.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.clock import PRESETS
from bot.discord.i18n import t
from bot.discord.lobby_post import lobby_text, lobby_view
from bot.discord.looking import game_name, seats_text
from bot.service import GameInfo, SeatInfo

LOCALES = ("en", "fr")
BOTS = {"en": "Cicero (medium)", "fr": "Cicéron (moyen)"}

_TITLES = {
    "en": ("The lobby post", "Just opened", "Three seated, a computer player among them",
           "Started", "Cancelled", "Closed: everyone left"),
    "fr": ("Le message de la salle d'attente", "Tout juste ouverte",
           "Trois installés, dont un joueur artificiel", "Commencée", "Annulée",
           "Fermée : tout le monde est parti"),
}

_GREYED = {"en": " *(greyed)*", "fr": " *(grisé)*"}
_FOLLOW = {"en": "After the start, the turn post follows, opening with “{seating}”",
           "fr": "Après le début, le message du tour suit ; il commence par « {seating} »"}


def _lobby(locale: str) -> GameInfo:
    """A lobby of Res Publica (classic, a move a day) opened by Aurelia."""
    return GameInfo(
        id=42, channel_id=1, guild_id=1, game_key="res-publica", options={"classic": True},
        status="lobby", creator_id=101, locale=locale, version=1,
        seats=(SeatInfo(None, 101, "Aurelia"),), pace=PRESETS["daily"],
    )


def _moments(locale: str) -> list[GameInfo]:
    opened = _lobby(locale)
    three = replace(opened, version=3, seats=(
        SeatInfo(None, 101, "Aurelia"), SeatInfo(None, 102, "Brutus"),
        SeatInfo(None, -1, BOTS[locale], "medium")))
    started = replace(three, status="active", version=4, seats=(
        SeatInfo(0, 102, "Brutus"), SeatInfo(1, -1, BOTS[locale], "medium"),
        SeatInfo(2, 101, "Aurelia")))
    cancelled = replace(three, status="abandoned")
    closed = replace(opened, status="abandoned", seats=())
    return [opened, three, started, cancelled, closed]


def _buttons(info: GameInfo) -> str:
    view = lobby_view(info)
    if view is None:
        return "*(no buttons)*" if info.locale == "en" else "*(aucun bouton)*"
    shown = []
    for item in view.children:
        button = item.item if hasattr(item, "item") else item
        label = f"{button.emoji} {button.label}"
        shown.append(f"[{label}]" + (_GREYED[info.locale] if button.disabled else ""))
    return " · ".join(shown)


def lobby_sample(locale: str) -> str:
    """The lobby post at each of its moments, in `locale`, as Markdown."""
    title, *headings = _TITLES[locale]
    game = game_name("res-publica", locale)
    lines = [f"# {title} — {game}", "",
             "<!-- Written by `tabula samples` (bot/discord/samples.py); do not edit. -->", ""]
    for heading, info in zip(headings, _moments(locale), strict=True):
        lines += [f"## {heading}", ""]
        lines += [f"> {line}" if line else ">" for line in lobby_text(info).split("\n")]
        lines += ["", _buttons(info), ""]
    started = _moments(locale)[2]
    seating = t("discord.lobby.seating", locale, players=seats_text(started))
    lines += [_FOLLOW[locale].format(seating=seating), ""]
    return "\n".join(lines)


def post_samples() -> dict[str, str]:
    """Relative path -> text of every post sample."""
    return {f"posts/lobby.{locale}.md": lobby_sample(locale) for locale in LOCALES}


def write_post_samples(root: Path) -> list[Path]:
    """Write the post samples under `root` (docs/samples); the paths written."""
    written = []
    for name, content in post_samples().items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        written.append(path)
    return written
