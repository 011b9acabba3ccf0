"""Small pictures drawn once, smoothly, and reused: tiles, badges, dots, numbers and symbols.

Each sprite is drawn larger in full colour, reduced (which smooths its edges), then mapped
onto the palette of the picture it goes into; the caches are keyed by everything that shapes
the sprite, style included, so the functions stay pure.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from .style import Style

# Pip centres in a half-tile, as fractions of its side, for a tile lying horizontally.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.5, 0.25), (0.75, 0.25), (0.25, 0.75), (0.5, 0.75), (0.75, 0.75)),
}
PIP_DIAMETER = 0.2  # of a half-tile's side
CHIP_DIGIT = 0.55  # a seat chip's number, of the chip's size
BADGE_TWO_DIGITS = 0.82  # a badge's two-digit number, of the badge font


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font for digits and + = / -; names and words use the fonts of `names`."""
    f = ImageFont.load_default(size=size)
    if not isinstance(f, ImageFont.FreeTypeFont):  # Pillow without FreeType has only a fixed bitmap font
        raise RuntimeError("the pictures need Pillow built with FreeType")
    return f


def to_palette(image: Image.Image, style: Style, kind: str) -> Image.Image:
    return image.quantize(palette=style.palette(kind).image, dither=Image.Dither.NONE)


def reduce_supersampled(image: Image.Image, factor: int) -> Image.Image:
    return image.reduce(factor) if factor > 1 else image


@lru_cache(maxsize=4096)
def tile_sprite(
    style: Style,
    kind: str,
    a: int,
    b: int,
    vertical: bool,
    half: int,
    face: str,
    back: str,
    spinner: bool,
    last: int | None = None,
) -> Image.Image:
    """A tile showing `a` then `b` (left to right, or top to bottom), `half` pixels a half, on `back`.
    The tile just placed wears a thick ring in the colour of the seat that placed it (`last`) around
    its usual border: it stands out by shape, and says who placed it, as the band's chip does."""
    if vertical:
        flat = tile_sprite(style, kind, b, a, False, half, face, back, spinner, last)
        return flat.transpose(Image.Transpose.ROTATE_90)
    c = style.colors
    ss = style.sizes.supersample
    h = half * ss
    image = Image.new("RGB", (2 * h, h), getattr(c, back))
    draw = ImageDraw.Draw(image)
    inset = max(1, round(0.03 * h))
    radius = round(0.16 * h)
    border = round((0.085 if spinner else 0.035) * h)
    if last is not None:
        ring = round((0.1 if spinner else 0.13) * h)
        draw.rounded_rectangle((inset, inset, 2 * h - 1 - inset, h - 1 - inset), radius=radius, fill=c.seat(last))
        inset += ring
        radius = max(1, radius - ring // 2)
        border = round(0.07 * h) if spinner else max(1, round(0.02 * h))
    draw.rounded_rectangle(
        (inset, inset, 2 * h - 1 - inset, h - 1 - inset),
        radius=radius,
        fill=getattr(c, face),
        outline=c.spinner if spinner else c.edge,
        width=border,
    )
    line = max(ss, round(0.03 * h))
    draw.rectangle((h - line // 2, round(0.16 * h), h + line // 2, h - round(0.16 * h)), fill=c.edge)
    pip_colour = c.pip_dim if face == "tile_dim" else c.pip
    r = PIP_DIAMETER / 2 * h
    inset = max(1, round(0.03 * h))  # pips keep their places whatever the border
    body = h - 2 * inset
    for offset, value in ((0, a), (h, b)):
        for fx, fy in PIPS[value]:
            x, y = offset + inset + fx * body, inset + fy * body
            draw.ellipse((x - r, y - r, x + r, y + r), fill=pip_colour)
    return to_palette(reduce_supersampled(image, ss), style, kind)


@lru_cache(maxsize=256)
def badge_sprite(style: Style, value: int, size: int, kind: str = "layout") -> Image.Image:
    """A counted end: a filled disc with its contribution, `size` pixels square, on the table."""
    c = style.colors
    ss = style.sizes.supersample
    s = size * ss
    image = Image.new("RGB", (s, s), c.table)
    draw = ImageDraw.Draw(image)
    pad = round(0.07 * s)
    draw.ellipse(
        (pad, pad, s - 1 - pad, s - 1 - pad), fill=c.badge, outline=c.badge_text, width=max(1, round(0.03 * s))
    )
    text = str(value)
    points = style.sizes.badge_font * ss * (BADGE_TWO_DIGITS if len(text) > 1 else 1)
    draw.text((s / 2, s / 2), text, fill=c.badge_text, font=font(round(points)), anchor="mm", stroke_width=ss // 2)
    return to_palette(reduce_supersampled(image, ss), style, kind)


@lru_cache(maxsize=64)
def dot_sprite(style: Style, mark: str, size: int, kind: str = "layout") -> Image.Image:
    """A hollow dot (`open`), a fainter smaller one (`closed`), or a small filled one (`shared`)."""
    c = style.colors
    ss = style.sizes.supersample
    s = size * ss
    image = Image.new("RGB", (s, s), c.table)
    draw = ImageDraw.Draw(image)
    mid = s / 2
    if mark == "shared":
        r = 0.16 * s
        draw.ellipse((mid - r, mid - r, mid + r, mid + r), fill=c.badge)
    else:
        r = (0.24 if mark == "open" else 0.18) * s
        width = round((0.075 if mark == "open" else 0.06) * s)
        colour = c.dot if mark == "open" else c.dot_closed
        draw.ellipse((mid - r, mid - r, mid + r, mid + r), outline=colour, width=width)
    return to_palette(reduce_supersampled(image, ss), style, kind)


@lru_cache(maxsize=2048)
def text_sprite(style: Style, kind: str, text: str, size: int, back: str, fore: str) -> Image.Image:
    """`text` (digits, + = / and -) in colour `fore` on `back`: as tall as the font, baseline at its ascent.

    The mask is drawn once at its own size (the font is already antialiased) and its coverage is mapped
    onto the palette ramp from `back` to `fore`.
    """
    f = font(size)
    ascent, descent = f.getmetrics()
    width = max(1, round(f.getlength(text)) + 2)
    mask = Image.new("L", (width, ascent + descent), 0)
    ImageDraw.Draw(mask).text((1, ascent), text, fill=255, font=f, anchor="ls")
    return style.palette(kind).paint(mask, back, fore)


@lru_cache(maxsize=256)
def symbol_sprite(style: Style, kind: str, symbol: str, size: int, back: str, fore: str) -> Image.Image:
    """A symbol the bundled font lacks, drawn as shapes the height of `size`-point text:
    `arrow` (→), `minus` (−), `target` (◎), `star` (★), `turn` (▶)."""
    ss = style.sizes.supersample
    ascent, descent = font(size).getmetrics()
    h = (ascent + descent) * ss
    w = {"arrow": 1.0, "minus": 0.55, "target": 0.75, "star": 0.8, "turn": 0.6}[symbol] * size * ss
    w = round(w)
    mask = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(mask)
    mid = ascent * ss - 0.36 * size * ss  # the height of the middle of a digit
    stroke = 0.09 * size * ss
    if symbol == "arrow":
        head = 0.36 * size * ss
        draw.rectangle((0.04 * w, mid - stroke / 2, w - head * 0.8, mid + stroke / 2), fill=255)
        draw.polygon([(w - head, mid - head * 0.62), (w - 1, mid), (w - head, mid + head * 0.62)], fill=255)
    elif symbol == "minus":
        draw.rectangle((0.08 * w, mid - stroke / 2, 0.92 * w, mid + stroke / 2), fill=255)
    elif symbol == "target":
        cx = w / 2
        for rr, fill in ((0.36, 255), (0.25, 0), (0.15, 255)):
            r = rr * size * ss
            draw.ellipse((cx - r, mid - r, cx + r, mid + r), fill=fill)
    elif symbol == "star":
        cx, r_out, r_in = w / 2, 0.4 * size * ss, 0.17 * size * ss
        points = []
        for k in range(10):
            r = r_out if k % 2 == 0 else r_in
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + r * math.cos(angle), mid + r * math.sin(angle)))
        draw.polygon(points, fill=255)
    elif symbol == "turn":
        r = 0.3 * size * ss
        draw.polygon([(0.1 * w, mid - r), (0.95 * w, mid), (0.1 * w, mid + r)], fill=255)
    else:
        raise ValueError(f"no symbol {symbol!r}")
    return style.palette(kind).paint(reduce_supersampled(mask, ss), back, fore)


@lru_cache(maxsize=64)
def seat_chip(style: Style, kind: str, seat: int, size: int, back: str, ring: bool = False) -> Image.Image:
    """A seat: a disc in the seat's colour with its number (seat + 1), ringed when it is to move."""
    c = style.colors
    ss = style.sizes.supersample
    s = size * ss
    image = Image.new("RGB", (s, s), getattr(c, back))
    draw = ImageDraw.Draw(image)
    colour = c.seat(seat)
    if ring:
        draw.ellipse((0, 0, s - 1, s - 1), outline=colour, width=round(0.07 * s))
        pad = round(0.13 * s)
    else:
        pad = round(0.02 * s)
    draw.ellipse((pad, pad, s - 1 - pad, s - 1 - pad), fill=colour)
    draw.text(
        (s / 2, s / 2),
        str(seat + 1),
        fill=getattr(c, c.seat_number(seat)),
        font=font(round(CHIP_DIGIT * s)),
        anchor="mm",
        stroke_width=ss // 2,
    )
    return to_palette(reduce_supersampled(image, ss), style, kind)
