"""A round as an animated GIF: the one table picture (render.table_image) after each placement, in order.

GIF because every Discord client animates it inline. The frames share the table picture's palette
and are padded to one size (the layout grows as tiles are placed), so Pillow stores each frame as
the small rectangle that changed: a long round stays well under Discord's limits (see
bench/bench_replay.py and tests). Each placement shows for FRAME_MS, the round's end a while longer,
so a person can follow it. Pure: snapshots in, bytes out; the caller runs it off the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from engine import TableSnapshot

FRAME_MS = 1500  # one placement
LAST_FRAME_MS = 5000  # the round as it ended
ANIMATION_PICTURE = "round.gif"


def round_gif(snapshots: Sequence[TableSnapshot]) -> bytes:
    """The table after each of `snapshots` (one round's placements, in order), looping."""
    import render

    if not snapshots:
        raise ValueError("a round with no placement has nothing to animate")
    pictures = [render.table_image(render.table_geometry(s)) for s in snapshots]
    width = max(p.width for p in pictures)
    height = max(p.height for p in pictures)
    frames = [_padded(p, width, height) for p in pictures]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,  # the palette is already the picture's own: keep it, frame after frame
        disposal=1,
    )
    return out.getvalue()


def _padded(picture: Image.Image, width: int, height: int) -> Image.Image:
    """The picture on a frame of the common size, centred and at the bottom (the scoresheet keeps its
    place while the layout grows above it), filled with its own background colour."""
    if picture.size == (width, height):
        return picture
    frame = Image.new(picture.mode, (width, height), picture.getpixel((0, 0)))
    palette = picture.getpalette()
    if palette is not None:
        frame.putpalette(palette)
    frame.paste(picture, ((width - picture.width) // 2, height - picture.height))  # the scoresheet stays put
    return frame
