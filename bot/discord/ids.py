"""Custom ids: what each persistent component says in its custom_id, written once.

Every custom_id names the game (and, where a click depends on it, the game's version), and
everything else is looked up in the database when a component is used: no view lives in memory,
so posts keep working after a restart and in every process. The components that answer a click
are DynamicItems beside the handler they call (looking, playing, days, lobby_post), registered
in the client's setup_hook and matched against the templates below; the posts are built from
the formats below. Posts already in channels carry these ids: change none of them.

    tabula:hand:<game>                             My hand (looking.HandButton)
    tabula:board:<game>                            Full board (looking.BoardButton)
    tabula:play:<game>                             Play: opens the choice menu (playing.PlayButton)
    tabula:pick:<game>:<version>:<prefix>          the menu's select; option values are item indices
    tabula:page:<game>:<version>:<page>:<prefix>   previous / next page of a long menu
    tabula:back:<game>:<version>:<prefix>          back to the previous menu
    tabula:timeout:<game>:<version>:<choice>       the others' answer to a run-out clock (days)
    tabula:log:<game>:<page>                       a page of /game log (looking.LogButton)
    tabula:lobby:<action>:<game>                   the lobby post's buttons (lobby_post)
    tabula:card:<game>                             the lookup menu under a board or a hand;
                                                   option values are component ids (learning)
    tabula:rules:<game key>:<page>                 a page of /game rules (learning.RulesButton)
    tabula:hint:<game>                             Hint, in the Play menu of a game with hints
                                                   (hinting.HintButton)

<prefix> is the chosen tokens, space separated, or `#i.j.k` (item indices from the root) when
the text would not fit (see bot.menu). Discord's limit: a custom_id is at most 100 characters.

A post carries its buttons as plain components in a Carried view (or layout): the client's
DynamicItems answer them, so discord.py need not hold the view (it would, for ever, for a view
without a timeout).

This module imports nothing of bot.discord: every component and every post builder imports it.
"""

from __future__ import annotations

import re

import discord

LIMIT = 100  # characters in a custom_id
MAX_ID = 2**63 - 1  # database ids are signed 64-bit integers

# --- the turn post's buttons ------------------------------------------------------------------

GAME_KINDS = ("hand", "play", "board")  # the buttons that name a game and nothing else

HAND = r"tabula:hand:(?P<game>[0-9]+)"
BOARD = r"tabula:board:(?P<game>[0-9]+)"
PLAY = r"tabula:play:(?P<game>[0-9]+)"


def game_button(kind: str, game_id: int) -> str:
    """`tabula:<kind>:<game>`, kind one of GAME_KINDS."""
    return f"tabula:{kind}:{game_id}"


# --- the choice menu --------------------------------------------------------------------------

PICK = r"tabula:pick:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<prefix>.*)"
PAGE = r"tabula:page:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+):(?P<prefix>.*)"
BACK = r"tabula:back:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<prefix>.*)"


def pick(game_id: int, version: int, code: str) -> str:
    return f"tabula:pick:{game_id}:{version}:{code}"


def page(game_id: int, version: int, page: int, code: str) -> str:
    return f"tabula:page:{game_id}:{version}:{page}:{code}"


def back(game_id: int, version: int, code: str) -> str:
    return f"tabula:back:{game_id}:{version}:{code}"


def prefix_room(game_id: int, version: int, pages: int) -> int:
    """Characters left for a menu's prefix: it goes into three custom ids, and the page one
    has the longest head (with the page count, the largest page number it may carry)."""
    return LIMIT - len(page(game_id, version, pages, ""))


# --- play over days: a run-out clock; the log's pages -----------------------------------------

TIMEOUT_CHOICES = ("skip", "bot", "end", "wait")
TIMEOUT = r"tabula:timeout:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<choice>skip|bot|end|wait)"
LOG = r"tabula:log:(?P<game>[0-9]+):(?P<page>[0-9]+)"


def timeout(game_id: int, version: int, choice: str) -> str:
    return f"tabula:timeout:{game_id}:{version}:{choice}"


def log_page(game_id: int, page: int) -> str:
    return f"tabula:log:{game_id}:{page}"


# --- the lobby post ---------------------------------------------------------------------------

# The template takes any `tabula:lobby:` id, so that one which does not parse is answered
# (refused as a stale button is), not dropped; LOBBY_PARTS is what a well-formed one says.
LOBBY = r"tabula:lobby:.*"
LOBBY_PARTS = re.compile(r"tabula:lobby:(?P<action>[a-z]+):(?P<game>[0-9]{1,19})")


def lobby(action: str, game_id: int) -> str:
    return f"tabula:lobby:{action}:{game_id}"


# --- learning while playing: a component looked up, the rules' pages --------------------------

CARD = r"tabula:card:(?P<game>[0-9]+)"
RULES = r"tabula:rules:(?P<game>[a-z0-9-]{1,40}):(?P<page>[0-9]{1,3})"


def card(game_id: int) -> str:
    return f"tabula:card:{game_id}"


def rules_page(game_key: str, page: int) -> str:
    return f"tabula:rules:{game_key}:{page}"


# --- hints for learners ------------------------------------------------------------------------

HINT = r"tabula:hint:(?P<game>[0-9]+)"


def hint(game_id: int) -> str:
    return f"tabula:hint:{game_id}"


# --- what the client answers -----------------------------------------------------------------

# The templates of the client's components (a test holds them to the registered DynamicItems).
TEMPLATES = (HAND, BOARD, PLAY, PICK, PAGE, BACK, TIMEOUT, LOG, LOBBY, CARD, RULES, HINT)
_ANSWERED = [re.compile(template) for template in TEMPLATES]


def answered(custom_id: str) -> bool:
    """Whether one of the client's components answers this custom id (matched whole, as
    discord.py matches a DynamicItem's template); any other is out of date."""
    return any(pattern.fullmatch(custom_id) for pattern in _ANSWERED)


# --- the views a post is sent with ------------------------------------------------------------


class Carried(discord.ui.View):
    """Buttons sent in a post and answered by the client's DynamicItems, matched by custom id
    (whatever process or run posted them): nothing to dispatch for this view itself, so
    discord.py does not keep it in its view store once the post is sent."""

    def is_dispatchable(self) -> bool:
        return False


class CarriedLayout(discord.ui.LayoutView):
    """A Components V2 layout whose buttons are answered as Carried's are."""

    def is_dispatchable(self) -> bool:
        return False
