"""An animated replay of a game, turn by turn: APNG or GIF bytes of the public board.

The history is replayed from its seed with the real rules; a frame is kept at the start, at
each change of the set of seats asked to act (a new turn, the trade answers, a simultaneous
choice...) and at the end, never for the sub-steps in between. Long games are sampled evenly
down to `max_frames`, the first and last frames always kept. Every frame is the public view
(`view(state, None)`) drawn by the game's own board renderer, since a replay is posted in the
channel; then the frames are scaled down and share one palette. With `max_bytes` (Discord's
upload limit, 10 MiB by default) the result is made to fit: if it is larger, it is encoded
again from the frames already drawn, fewer and smaller each time, and ValueError if even a
few small frames do not fit.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PIL import Image

from engine import play, registry
from engine.core import effective_actions
from render import DRAW_LOCK, renderer
from render.common import FLAT_PIXELS, PAPER

MAX_FRAMES = 60
MIN_FRAMES = 2  # the start and the end: below this, a replay is not worth sending
WIDTH = 640  # px of a frame (boards are drawn about 1200 wide)
MIN_WIDTH = 240
FRAME_MS = 700
LAST_MS = 4000  # the final board stays longer before the loop starts again
FORMATS = ("png", "gif")


def turn_views(
    game_key: str, players: int, seed: int, options: Mapping[str, Any],
    actions: Iterable[tuple[int, str]],
) -> list[dict[str, Any]]:
    """The public view at the start, at each change of the prompted seats, and at the end.

    Platform actions (texts starting with ".") are skipped and undone moves left out, as in
    every replay (engine.core.effective_actions)."""
    game = registry.get(game_key)
    state = game.setup(players, seed, options)
    views = [game.view(state, None)]
    asked = set(game.prompt(state))
    last_kept = True
    for seat, text in effective_actions(actions):
        state, _ = play(game, state, seat, text)
        now = set(game.prompt(state))
        last_kept = now != asked or game.outcome(state) is not None
        if last_kept:
            views.append(game.view(state, None))
        asked = now
    if not last_kept:
        views.append(game.view(state, None))
    return views


def sample(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """At most `limit` indices of range(count), evenly spread, first and last always kept."""
    if count <= limit:
        return list(range(count))
    if limit <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def animation(
    game_key: str, players: int, seed: int, options: Mapping[str, Any],
    actions: Iterable[tuple[int, str]], names: Sequence[str], locale: str, fmt: str = "png",
    *, max_frames: int = MAX_FRAMES, width: int = WIDTH, max_bytes: int | None = None,
) -> bytes:
    """The animated replay as APNG (`fmt="png"`) or GIF bytes, of at most `max_bytes` if
    given (ValueError when it cannot be made to fit)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown animation format {fmt!r}: use png or gif")
    views = turn_views(game_key, players, seed, options, actions)
    picked = [views[i] for i in sample(len(views), max(max_frames, 1))]
    del views  # a long game's views: let them go before the pictures are made
    module = renderer(game_key)
    frames = []
    for view in picked:
        with DRAW_LOCK:
            img = module.board(view, names, locale)
        frames.append(_scaled(img.convert("RGB"), width))
    frames = _same_size(frames)
    while True:
        out = _encode(frames, fmt)
        if max_bytes is None or len(out) <= max_bytes:
            return out
        if len(frames) <= MIN_FRAMES and frames[0].width <= MIN_WIDTH:
            raise ValueError(f"the replay does not fit in {max_bytes} bytes")
        # Fewer frames (first and last kept) and smaller ones, in proportion to the excess.
        ratio = max_bytes / len(out)
        keep = max(MIN_FRAMES, min(len(frames) - 1, int(len(frames) * ratio * 0.9)))
        frames = [frames[i] for i in sample(len(frames), keep)]
        if frames[0].width > MIN_WIDTH:
            frames = [_scaled(f, max(MIN_WIDTH, int(f.width * 0.85))) for f in frames]


def _encode(frames: list[Image.Image], fmt: str) -> bytes:
    """The frames as one animation with one shared palette."""
    palette = _palette(frames)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_MS]
    out = io.BytesIO()
    save: dict[str, Any] = {"save_all": True, "append_images": indexed[1:], "loop": 0,
                            "duration": durations}
    if fmt == "png":
        # zlib's level 9 saves ~3% of the bytes for 5x the time: the default level it is.
        indexed[0].save(out, format="PNG", **save)
    else:
        indexed[0].save(out, format="GIF", **save)
    return out.getvalue()


def _scaled(img: Image.Image, width: int) -> Image.Image:
    if img.width <= width:
        return img
    return img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)


def _same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest size (a board may grow during a game)."""
    size = (max(f.width for f in frames), max(f.height for f in frames))
    out = []
    for frame in frames:
        if frame.size != size:
            canvas = Image.new("RGB", size, PAPER)
            canvas.paste(frame, (0, 0))
            frame = canvas
        out.append(frame)
    return out


def _palette(frames: list[Image.Image]) -> Image.Image:
    """One palette for every frame (an APNG has a single palette; a GIF with one is smaller):
    the colours covering real areas exactly, as render.common.to_png does, then the most
    covering of the rest, taken from a few frames spread over the game."""
    some = [frames[i] for i in sample(len(frames), 6)]
    strip = Image.new("RGB", (frames[0].width, frames[0].height * len(some)))
    for i, frame in enumerate(some):
        strip.paste(frame, (0, i * frame.height))
    counts = strip.getcolors(1 << 20) or []
    exact = sorted((nc for nc in counts if nc[0] >= FLAT_PIXELS * len(some)), reverse=True)[:192]
    rest_n = 256 - len(exact)
    rest = strip.reduce(2).quantize(colors=max(rest_n, 1), method=Image.Quantize.MAXCOVERAGE,
                                    dither=Image.Dither.NONE)
    flat = [v for _, c in exact for v in c] + (rest.getpalette() or [])[: 3 * rest_n]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    return palette
