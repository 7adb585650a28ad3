"""render.common's PNG encoding and rounded panels: what every picture goes through."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageDraw

from render.common import _ring_mask, _round_mask, font, rounded, to_png


def test_flat_colours_come_back_exactly() -> None:
    """Flat colours are kept exactly (to_png's docstring): Pillow's palette mapping used to give
    (254, 251, 244) for (255, 252, 245), and close flat colours shared one palette entry."""
    flats = [(255, 252, 245), (254, 251, 244), (250, 240, 220), (251, 241, 221), (1, 114, 178),
             (2, 115, 179), (230, 159, 0), (0, 158, 115), (204, 121, 167), (20, 20, 20)]
    img = Image.new("RGB", (600, 300), flats[0])
    d = ImageDraw.Draw(img)
    for i, colour in enumerate(flats[1:]):
        d.rectangle((10 + 60 * i, 10, 60 + 60 * i, 120), fill=colour)
    for y in range(140, 290, 30):  # anti-aliased text: hundreds of edge colours
        d.text((10, y), "Agora · Sénat · Héros du Monde 12345", fill=(40, 30, 20),
               font=font(22))
    back = Image.open(io.BytesIO(to_png(img))).convert("RGB")
    assert back.getpixel((595, 5)) == flats[0]
    for i, colour in enumerate(flats[1:]):
        assert back.getpixel((35 + 60 * i, 60)) == colour


def test_a_picture_with_many_colours_keeps_its_flat_areas_and_stays_close_elsewhere() -> None:
    rng = random.Random(3)
    img = Image.new("RGB", (300, 200), (255, 252, 245))
    noise = Image.frombytes("RGB", (300, 80), rng.randbytes(300 * 80 * 3))
    img.paste(noise, (0, 120))
    back = Image.open(io.BytesIO(to_png(img))).convert("RGB")
    assert back.getpixel((10, 10)) == (255, 252, 245)
    assert back.mode == "RGB" and back.size == img.size


def _whole_mask(img: Image.Image, box: tuple[int, int, int, int], radius: int,
                fill: tuple[int, int, int] | None, outline: tuple[int, int, int] | None,
                width: int) -> None:
    """rounded() as it was: one mask the size of the panel."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return
    radius = max(0, min(radius, w // 2, h // 2))
    if fill is not None:
        img.paste(fill, box, _round_mask(w, h, radius))
    if outline is not None and width > 0:
        img.paste(outline, box, _ring_mask(w, h, radius, width))


def test_rounded_draws_the_same_pixels_as_a_whole_panel_mask() -> None:
    rng = random.Random(1)
    for _ in range(1500):
        x0, y0 = rng.randint(-5, 60), rng.randint(-5, 50)
        box = (x0, y0, x0 + rng.randint(0, 70), y0 + rng.randint(0, 50))
        radius, width = rng.randint(0, 30), rng.choice([0, 1, 2, 3, 4, 6, 12])
        fill = rng.choice([None, (10, 200, 30)])
        outline = rng.choice([None, (250, 0, 9)])
        want = Image.new("RGB", (120, 90), (200, 190, 180))
        got = want.copy()
        _whole_mask(want, box, radius, fill, outline, width)
        rounded(got, box, radius, fill, outline, width)
        assert got.tobytes() == want.tobytes(), (box, radius, width, fill, outline)
