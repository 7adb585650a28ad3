"""A player's rating history as a small chart (/game stats): one line per game, the rating shown
after each rated game, on a 600×240 picture that reads at Discord's inline size. No discord, no
store: numbers and labels in, PNG bytes out."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import font, seat_colour, text_width, to_png

WIDTH, HEIGHT = 600, 240
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 58, 16, 34, 28
PAGE, GRID, INK = (250, 248, 242), (222, 218, 208), (40, 38, 34)


def history_chart(lines: Sequence[tuple[str, Sequence[int]]], title: str,
                  games_label: str) -> bytes:
    """`lines`: (label, ratings oldest first) per game; `title` above, `games_label` under the
    horizontal axis (the number of games)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), PAGE)
    draw = ImageDraw.Draw(img)
    draw.text((PAD_LEFT, 8), title, font=font(16, bold=True), fill=INK)
    values = [v for _, series in lines for v in series]
    low, high = (min(values), max(values)) if values else (1000, 1000)
    step = _step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    if high == low:
        high = low + step
    longest = max((len(series) for _, series in lines), default=1)
    x0, x1 = PAD_LEFT, WIDTH - PAD_RIGHT
    y0, y1 = PAD_TOP, HEIGHT - PAD_BOTTOM

    def y_of(v: float) -> float:
        return y1 - (v - low) / (high - low) * (y1 - y0)

    def x_of(i: int) -> float:
        return x0 + (i / max(longest - 1, 1)) * (x1 - x0)

    small = font(12)
    for v in range(low, high + 1, step):
        y = y_of(v)
        draw.line([(x0, y), (x1, y)], fill=GRID, width=1)
        label = f"{v:,}".replace(",", "\u202f")
        draw.text((x0 - 6 - text_width(label, 12), y - 8), label, font=small, fill=INK)
    draw.text((x1 - text_width(games_label, 12), y1 + 8), games_label, font=small, fill=INK)
    legend_x = x0 + 8
    for k, (label, series) in enumerate(lines):
        colour = seat_colour(k)
        points = [(x_of(i), y_of(v)) for i, v in enumerate(series)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3, joint="curve")
        for x, y in points[-1:] if len(points) > 40 else points:
            draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=colour)
        if len(lines) > 1:
            draw.rectangle([legend_x, y0 + 4, legend_x + 10, y0 + 14], fill=colour)
            draw.text((legend_x + 14, y0 + 1), label, font=small, fill=INK)
            legend_x += 24 + text_width(label, 12)
    return to_png(img)


def _step(span: int) -> int:
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 2000
