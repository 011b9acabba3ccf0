"""Palette canvases and PNG encoding, shared by every picture."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from .style import Style


def canvas(style: Style, kind: str, size: tuple[int, int], back: str) -> Image.Image:
    """A blank palette picture of one kind, filled with the colour `back`."""
    palette = style.palette(kind)
    image = Image.new("P", size, palette.index[back])
    image.putpalette(palette.raw)
    return image


def encode(image: Image.Image, style: Style) -> bytes:
    """PNG bytes, at the style's level without `optimize`: the one picture is made after every placement,
    so it is encoded at zlib's fastest level (about 30 KB: 1.5x the size of level 6 in a third of its time)."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=style.sizes.compress_level)
    return buffer.getvalue()


def put(target: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    """`target.paste(sprite, (x, y))` for a sprite of the target's mode: straight to Pillow's core, without
    `Image.paste`'s checks, which cost four times the copy of a small sprite (a picture pastes ~60 of them)."""
    core = sprite.im
    if core.mode != target.mode:
        target.paste(sprite, (x, y))  # converted, as Image.paste does
        return
    w, h = core.size
    target.im.paste(core, (x, y, x + w, y + h))


def paste_row(target: Image.Image, parts: list[tuple[Image.Image, int]], x: int, y_middle: int) -> int:
    """Paste sprites left to right, each followed by its gap, centred on the line `y_middle`; return the end x.
    The sizes and modes are read from Pillow's cores: an `Image`'s properties are Python calls, and a picture
    reads them some two hundred times."""
    target_core, mode = target.im, target.mode
    for sprite, gap in parts:
        core = sprite.im
        w, h = core.size
        y = y_middle - h // 2
        if core.mode == mode:
            target_core.paste(core, (x, y, x + w, y + h))
        else:
            target.paste(sprite, (x, y))
        x += w + gap
    return x


def row_width(parts: Sequence[tuple[Image.Image, int]]) -> int:
    return sum([sprite.size[0] + gap for sprite, gap in parts]) - (parts[-1][1] if parts else 0)
