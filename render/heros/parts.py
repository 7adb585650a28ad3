"""Héros du Monde: what the board, the turn picture and the hand share (colours, words)."""

from __future__ import annotations

from engine.core import Msg
from engine.heros.lookup import dates_msg
from engine.i18n import translate
from render.common import Words

BEIGE = (232, 214, 172)  # an ancient territory, hero or wonder
ORANGE = (238, 168, 96)  # a modern one
OFF = (214, 210, 202)  # a territory out of play
SEA = (214, 230, 236)
HERO_COLOURS = {"red": (196, 58, 46), "blue": (44, 104, 178), "green": (42, 136, 74)}
RESIGNED = (170, 40, 40)  # the tag of a player who resigned, as the other games draw it


tr = Words()  # tr(key, locale, names, **params): a catalogue key, whole


def name_of(locale: str, cid: str) -> str:
    return translate(Msg(f"heros.tok.{cid}"), locale)


def dates(text: str, locale: str) -> str:
    """A hero's life dates as the data writes them (English), in the reader's language."""
    said = dates_msg(text)
    return translate(said, locale) if isinstance(said, Msg) else said
