"""A component looked up by name (`/game card`) as a small picture: the game's own drawing of
it where the game has one (`render.<module>.card(cid, locale)`: a Duel card or wonder, a Seven
Hills card, a Res Publica card), else a plain card with its kind, its name and what it does."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PAPER, draw_text, fit_lines, font, rounded, shade

W, H = 360, 500  # a card's proportions, small: the reply's text says everything too
EDGE = (196, 180, 150)


def plain(name: str, kind: str, lines: Sequence[str]) -> Image.Image:
    """A card of words: the kind small at the top, the name in bold, then each line; as tall
    as its words (at most H)."""
    rows = [fit_lines(line, W - 40, H, 17, False, 13, 8, 1.15) for line in lines]
    height = min(H, 140 + sum(len(r) * int(s * 1.15) + 8 for r, s in rows) + 16)
    img = Image.new("RGBA", (W, height), (0, 0, 0, 0))
    rounded(img, (0, 0, W, height), 18, PAPER, shade(EDGE, 0.2), 3)
    d = ImageDraw.Draw(img)
    draw_text(d, (18, 14, W - 18, 52), kind, 18, fill=MUTED, max_lines=2, min_size=12)
    draw_text(d, (18, 54, W - 18, 120), name, 30, bold=True, fill=INK, max_lines=2, min_size=16)
    d.line((30, 128, W - 30, 128), fill=EDGE, width=2)
    y = 140
    for fitted, size in rows:
        for row in fitted:
            if y + size * 1.15 > height - 12:
                return img
            d.text((20, y), row, font=font(size), fill=INK)
            y += int(size * 1.15)
        y += 8
    return img


def framed(face: Image.Image) -> Image.Image:
    """The game's own drawing on a margin of the page's colour."""
    pad = 12
    img = Image.new("RGBA", (face.width + 2 * pad, face.height + 2 * pad), (*PAPER, 255))
    img.alpha_composite(face.convert("RGBA"), (pad, pad))
    return img
