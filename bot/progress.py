"""How far a long command is, on a terminal: a progress bar on stderr (tqdm), drawn only when
stderr is a terminal. Piped, redirected to a file or a log, nothing is drawn, and what a command
prints on stdout is the same either way (scripts and tests read it).

tqdm rather than rich: a progress bar is all we want, and tqdm is that alone (one package, no
dependencies; rich brings pygments and markdown-it-py for its console, tables and markup). Its
`disable=None` is exactly our rule (no bar unless the stream is a terminal), `tqdm.write` and
`external_write_mode` keep a command's own lines clear of the bar, and it is widely used and
maintained (4.x, one API for a decade).

The schema upgrade at start-up is the bot's own and goes to its log instead, as a few lines
(`bot.store.upgrade`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO, TypeVar

from tqdm import tqdm

T = TypeVar("T")


def bar(counted: int | Iterable[T] | None, what: str, unit: str = "game", *,
        leave: bool = True) -> tqdm:
    """A bar on stderr, or a silent stand-in (same methods) when stderr is not a terminal:
    `counted` is the total (call `update`), or what to iterate over (its length the total).
    `leave`: the finished bar stays (how long it took), else it is wiped."""
    total, iterable = (counted, None) if counted is None or isinstance(counted, int) else (
        None, counted)
    if total == 0 or (iterable is not None and not iterable):  # nothing to count: no bar
        return tqdm(iterable, total=total, disable=True)
    return tqdm(iterable, total=total, desc=what, unit=unit, file=sys.stderr, disable=None,
                leave=leave, dynamic_ncols=True, mininterval=0.5, unit_scale=unit == "row")


@contextmanager
def printing(out: TextIO) -> Iterator[None]:
    """Lines printed to `out` meanwhile go above the bars rather than through them."""
    with tqdm.external_write_mode(file=out):
        yield
