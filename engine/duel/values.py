"""The small values the rules of 7 Wonders Duel pass from module to module: a price (`Quote`)
and a legal action worked out (`Move`). Defined here, low, importing nothing of the rules, so
that every module may name them (the extension points' signatures included) without a circle;
`payment.Quote` and `moves.Move` are the same classes."""

from __future__ import annotations

from typing import NamedTuple


class Quote(NamedTuple):  # a named tuple: built by the dozen for every turn's options
    coins: int  # everything paid to the bank: the printed coin cost plus the trading
    trade: int  # the part paid for resources (what Economy hands to the opponent)
    spare: tuple[str, ...] | None = None  # resources spared by Architecture/Masonry, if it matters


class Move(NamedTuple):  # a named tuple: built by the dozen for every turn's options
    verb: str
    target: str = ""  # a card, wonder or token id
    slot: int = -1  # the structure slot taken
    quote: Quote = Quote(0, 0)
    chain: bool = False
    gain: int = 0
    seat: int = -1
