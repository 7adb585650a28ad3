"""Pure, deterministic game rules: no I/O beyond reading data files, no Discord, no Pillow."""

from engine.core import (
    Event,
    Game,
    IllegalAction,
    Msg,
    OptionSpec,
    Outcome,
    parse_options,
    play,
    replay,
)

__all__ = [
    "Event",
    "Game",
    "IllegalAction",
    "Msg",
    "OptionSpec",
    "Outcome",
    "parse_options",
    "play",
    "replay",
]
