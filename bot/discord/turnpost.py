"""The turn post as a Discord layout (Components V2): what is text is real Discord text.

A board picture shrunk into the channel's inline preview (about 550x350) is unreadable, so the
turn post carries as text everything that is text: the turn's log lines, each player's public
standing, who must act and what they are asked, and each clock as a Discord timestamp
(`<t:unix:R>`, which every reader's client shows live and in their own language). The picture
(`turn.png`, render's turn(): landscape, drawn for the preview) keeps what is spatial. The
complete board is one tap away (the "Full board" button, /game board).

    Container (accent: the colour of the player to act, or of the winner)
        TextDisplay   the game's name
        TextDisplay   the turn's log lines            (cut to fit, "more in /game log")
        MediaGallery  attachment://turn.png           (its description: who acts, for screen readers)
        TextDisplay   each player's standing          (Game.score_lines, public only)
        Separator
        TextDisplay   who acts now, and their clock   (or the result)
    ActionRow     My hand · Play · Full board   (Full board alone once the game is over)

Constraints (Discord's documentation, Components > Using Message Components): a message with
the IS_COMPONENTS_V2 flag has no `content` and no embeds; at most 40 components in all, nested
ones included; at most 4000 characters of text across its text displays; a file shown in a
media gallery is referenced as `attachment://<filename>` and must be attached to the message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import discord

from bot.clock import duration
from bot.discord import ids
from bot.discord.i18n import clip, shown, shown_names, t
from bot.discord.rating_words import rating_line
from bot.service import GameInfo, Report
from engine.core import Msg, Outcome
from engine.i18n import translate
from engine.registry import get as get_game

IMAGE = "turn.png"
TEXT_LIMIT = 4000  # characters across every text display of a message
COMPONENTS = 40  # components in one message, nested ones included
DESCRIPTION = 1024  # characters in a media gallery item's description

# The seat colours of render.common (Okabe-Ito), repeated here so that the Discord layer does not
# import the drawing code; tests/discord/test_turnpost.py checks that they agree.
SEAT_ACCENTS = (0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0xD55E00, 0x56B4E9, 0xF0E442)


def game_title(info: GameInfo) -> str:
    """The game's name, and in a game with hints its marker (every post of it shows it)."""
    if info.hints:
        return f"**{translate_name(info)}** · {t('discord.hint.marker', info.locale)}"
    return f"**{translate_name(info)}**"


def translate_name(info: GameInfo) -> str:
    return translate(get_game(info.game_key).name(), info.locale)


def ask_lines(report: Report, locale: str) -> list[str]:
    """A line per player asked to act: who (mentioned), what, and when their clock runs out.
    A bot is named, not mentioned, and has no clock: it answers in a moment."""
    info = report.game
    lines = []
    for seat in report.to_act:
        ask = report.asks.get(seat.seat) if seat.seat is not None else None
        text = (translate(ask, locale, shown_names(info.names)) if ask is not None
                else t("discord.turn.your_turn", locale))
        if seat.bot is not None:
            lines.append(t("discord.turn.bot", locale, who=f"**{shown(seat.name)}**", ask=text))
            continue
        line = t("discord.turn.ask", locale, who=f"<@{seat.user_id}>", ask=text)
        clock = info.seat_clocks.get(seat.seat) if seat.seat is not None else None
        left = clock.left(report.at) if clock is not None else None
        if clock is not None and left is not None:
            if clock.running_since is not None:
                # A Discord timestamp: each reader's client counts it down in their language.
                line += " " + t("discord.turn.deadline", locale, when=f"<t:{int(report.at + left)}:R>")
            else:
                line += " " + t("discord.turn.paused", locale, left=duration(left, locale))
        lines.append(line)
    return lines


def reason_names_winners(outcome: Outcome) -> bool:
    """Whether the game's own reason says who won ("Aurelia wins a civilian victory."), so that
    it is the result line: it names every winner, the platform did not end the game (a
    resignation, a run-out clock: `outcome.*` keys) and nobody who left was ranked last (the
    reason could name them)."""
    if outcome.last or outcome.reason.key.startswith("outcome."):
        return False
    return bool(outcome.winners) and set(outcome.winners) <= _seats_in(outcome.reason)


def _seats_in(value: object) -> set[int]:
    """The seats a message names (`Msg.seat(n)` parameters, nested ones included)."""
    if isinstance(value, Msg):
        return set().union(*(_seats_in(v) for v in value.params.values()))
    if isinstance(value, dict) and isinstance(value.get("seat"), int):
        return {value["seat"]}
    if isinstance(value, (list, tuple)):
        return set().union(*(_seats_in(v) for v in value))
    return set()


def result_lines(info: GameInfo, locale: str) -> list[str]:
    """A finished game's result, each thing once: the result line (the game's reason when it
    names the winners, else the winners), each player's final score best first (the game's
    score line: its total and the parts that are not zero), then the other details."""
    outcome = info.outcome
    if outcome is None:
        return []
    names = shown_names(info.names)
    bold = [f"**{name}**" for name in names]
    if reason_names_winners(outcome):
        lines = [t("discord.result.reason", locale, reason=translate(outcome.reason, locale, bold))]
    else:
        winners = [names[s] for s in outcome.winners if 0 <= s < len(names)]
        lines = [t("discord.result.winners", locale, n=len(winners), names=", ".join(winners))]
    if outcome.scores is not None:
        ranked = [s for s in outcome.ranking(len(outcome.scores)) if s < len(names)]
        told = [outcome.score_of(s) for s in ranked]
        if all(msg is not None for msg in told):
            lines.extend(translate(msg, locale, bold) for msg in told if msg is not None)
        else:  # a game without score lines: the totals alone
            scores = " · ".join(f"{names[s]} {outcome.scores[s]}" for s in ranked)
            lines.append(t("discord.result.scores", locale, scores=scores))
    lines.extend(translate(d, locale, names) for d in outcome.notes())
    return lines


def said_in_result(outcome: Outcome, log: Sequence[Msg]) -> list[Msg]:
    """The log lines of a finished game's last turn less what its result says: the reason when
    it is the result line (else its last telling only), and the details (games stored before
    the result said them once told them in the log as well)."""
    def key(msg: Msg) -> str:  # lists and tuples alike, as stored
        return json.dumps(msg.to_json(), sort_keys=True)

    details = {key(d) for d in outcome.details}
    reason = key(outcome.reason)
    kept = [m for m in log if key(m) not in details]
    if reason_names_winners(outcome):
        return [m for m in kept if key(m) != reason]
    last = max((i for i, m in enumerate(kept) if key(m) == reason), default=None)
    return [m for i, m in enumerate(kept) if key(m) != reason or i == last]


def tail_lines(report: Report) -> list[str]:
    """Who acts now (and, while a simultaneous choice is answered, who has chosen), or how
    the game ended."""
    info = report.game
    if info.outcome is not None:
        return result_lines(info, info.locale) + rating_line(report)
    if info.status == "abandoned":
        return [t("discord.result.abandoned", info.locale)]
    chosen = []
    if report.done:
        names = [f"**{shown(s.name)}**" for s in report.done]
        chosen = [t("discord.turn.chosen", info.locale, n=len(names), names=", ".join(names))]
    return chosen + ask_lines(report, info.locale)


def standing_lines(report: Report, locale: str | None = None) -> list[str]:
    """Each player's standing; none once the game is over with scores (the result has them).
    In the game's language (a post), or the reader's (`locale`: /game status)."""
    info = report.game
    if info.outcome is not None and info.outcome.scores is not None:
        return []
    names = shown_names(info.names)
    return [
        f"**{names[seat]}** · {translate(msg, locale or info.locale, names)}"
        for seat, msg in sorted(report.scores.items()) if 0 <= seat < len(names)
    ]


def fit(log_lines: Sequence[str], room: int, locale: str) -> str:
    """The log lines within `room` characters: those that do not fit are replaced by a pointer
    to /game log (the oldest lines are kept: they say what happened first)."""
    more = t("discord.turn.more", locale)
    kept: list[str] = []
    used = 0
    for index, line in enumerate(log_lines):
        cost = len(line) + (1 if kept else 0)
        reserve = len(more) + 1 if index < len(log_lines) - 1 else 0
        if used + cost + reserve > room:
            if kept and used + len(more) + 1 > room:
                kept.pop()
            kept.append(more)
            break
        kept.append(line)
        used += cost
    return clip("\n".join(kept), max(room, 1))


def accent(report: Report) -> int | None:
    """The colour of the one player to act, or of the one winner; none when several."""
    info = report.game
    seats = [s.seat for s in report.to_act if s.seat is not None]
    if info.outcome is not None:
        seats = list(info.outcome.winners)
    return SEAT_ACCENTS[seats[0] % len(SEAT_ACCENTS)] if len(seats) == 1 else None


def description(report: Report) -> str:
    """What the picture shows, for screen readers and the picture's tooltip."""
    info = report.game
    if info.outcome is not None:
        return clip(translate(info.outcome.reason, info.locale, info.names), DESCRIPTION)
    names = ", ".join(s.name for s in report.to_act)
    return clip(t("discord.turn.picture", info.locale, game=translate_name(info), names=names),
                DESCRIPTION)


def turn_layout(
    report: Report, intro: Sequence[str] = (), *, buttons: bool = True, image: bool = True,
) -> discord.ui.LayoutView:
    """The turn post of `report`. `intro`: lines before the log lines (in the game's language).
    `buttons`: the action row (taken off older posts); `image`: whether turn.png is attached."""
    info = report.game
    locale = info.locale
    title = game_title(info)
    standings = "\n".join(standing_lines(report))
    tail = "\n".join(tail_lines(report))
    public = (report.public if info.outcome is None
              else said_in_result(info.outcome, report.public))
    log_lines = [*intro, *(translate(m, locale, shown_names(info.names)) for m in public)]
    # Everything but the log is kept whole; the log takes the room that is left.
    room = TEXT_LIMIT - len(title) - len(standings) - len(tail)
    log_text = fit(log_lines, room, locale) if log_lines else ""

    container = discord.ui.Container(accent_colour=accent(report))
    container.add_item(discord.ui.TextDisplay(title))
    if log_text:
        container.add_item(discord.ui.TextDisplay(log_text))
    if image:
        container.add_item(discord.ui.MediaGallery(
            discord.MediaGalleryItem(f"attachment://{IMAGE}", description=description(report))))
    if standings:
        container.add_item(discord.ui.TextDisplay(standings))
    if tail:
        container.add_item(discord.ui.Separator())
        container.add_item(discord.ui.TextDisplay(tail))

    layout = ids.CarriedLayout(timeout=None)
    layout.add_item(container)
    if buttons:
        layout.add_item(turn_row(info.id, locale, playing=info.status == "active"))
    return layout


# --- the buttons: My hand, Play, Full board ---------------------------------------------------

BUTTON_LABEL = 80  # characters
_BUTTONS = {  # kind: (label, emoji, style)
    "hand": ("discord.button.hand", "🃏", discord.ButtonStyle.secondary),
    "play": ("discord.button.play", "▶️", discord.ButtonStyle.primary),
    "board": ("discord.button.board", "🗺️", discord.ButtonStyle.secondary),
}


def game_button(kind: str, game_id: int, locale: str) -> discord.ui.Button:
    """My hand, Play or Full board (`kind`) of a game, in `locale`: a plain button, answered
    by the DynamicItem beside its handler (looking.HandButton, playing.PlayButton,
    looking.BoardButton) whatever message carries it."""
    label, emoji, style = _BUTTONS[kind]
    return discord.ui.Button(label=clip(t(label, locale), BUTTON_LABEL), emoji=emoji, style=style,
                             custom_id=ids.game_button(kind, game_id))


class GameButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"tabula:(?:{'|'.join(ids.GAME_KINDS)}):(?P<game>[0-9]+)"):
    """The base of My hand, Play and Full board as clicked: the game the custom id names. Each
    kind is a subclass beside its handler, with its own template (ids.HAND, ids.PLAY,
    ids.BOARD) and callback; the client registers those, never this base."""

    def __init__(self, button: discord.ui.Button, game_id: int) -> None:
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /,
    ) -> GameButton:
        return cls(item, int(match["game"]))  # type: ignore[arg-type]


def turn_row(game_id: int, locale: str, *, playing: bool = True) -> discord.ui.ActionRow:
    """The buttons of a turn post, in the game's language: My hand and Play while the game
    runs, and the complete board one tap away."""
    row: discord.ui.ActionRow = discord.ui.ActionRow()
    for kind in ("hand", "play", "board") if playing else ("board",):
        row.add_item(game_button(kind, game_id, locale))
    return row


def with_tail(message: discord.Message, tail: str) -> discord.ui.LayoutView:
    """A turn post's layout as it was (its buttons included), its last text (who acts, after
    the separator) now `tail`: the edit that shows who has chosen in a simultaneous choice."""
    layout = _rebuilt(message)
    for item in layout.children:
        if isinstance(item, discord.ui.Container):
            texts = [c for c in item.children if isinstance(c, discord.ui.TextDisplay)]
            if texts:
                texts[-1].content = clip(tail, TEXT_LIMIT // 4)
    return layout


def without_buttons(message: discord.Message) -> discord.ui.LayoutView:
    """An earlier turn post's layout as it was, less its action rows: editing a Components V2
    message with `view=None` would leave it blank, so the layout is rebuilt from the message.
    Its pictures are pointed back at the attachments the message keeps."""
    layout = _rebuilt(message)
    for item in list(layout.children):
        if isinstance(item, discord.ui.ActionRow):
            layout.remove_item(item)
    return layout


def _rebuilt(message: discord.Message) -> discord.ui.LayoutView:
    """A posted layout rebuilt from the message, its pictures pointed back at the attachments
    the message keeps."""
    layout = discord.ui.LayoutView.from_message(message, timeout=None)
    files = {a.id: a.filename for a in message.attachments}
    for item in layout.walk_children():
        if isinstance(item, discord.ui.MediaGallery):
            for media in item.items:
                found = getattr(media.media, "attachment_id", None)
                name = files.get(found) if found is not None else None
                if name is None and found is not None:
                    # A fetched Components V2 message does not list the attachments its
                    # components show (Discord, since April 2026): the name ends the media's
                    # CDN url (.../attachments/<channel>/<id>/<name>?ex=...).
                    name = urlsplit(media.media.url).path.rsplit("/", 1)[-1] or None
                if name is None and message.attachments:
                    name = message.attachments[0].filename
                if name is not None:
                    media.media = discord.UnfurledMediaItem(f"attachment://{name}")
    return layout
