"""The frames of a round's animation (bot/host/replay/replay_animation.py makes the GIF of them): the one picture
after each placement, with the names, seat colours and words of the still pictures, on one canvas.

A GIF has one size for all its frames: the largest picture of the round. Each frame keeps the band under
the layout (equation, settlement panel at the round's end, scoresheet) at the bottom, where it stays put,
and frames its layout on the tiles it has: drawn as large as the room above allows, up to MAX_ZOOM times
the still picture's tiles, and centred there. The first tile fills the frame instead of sitting small at
the bottom of an empty canvas; as the layout grows the view pulls back, never closer again, down to the
still picture's own size at the latest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from PIL import Image

from engine import TableSnapshot

from .layout_picture import paint_layout
from .png import canvas
from .settlement import Settlement
from .sprites import dot_sprite
from .style import DEFAULT_STYLE, Style
from .table import KIND, TableGeometry, footer_top, paint_footer, table_geometry

MAX_ZOOM = 2.5  # the first tiles at most this much larger than in the still picture
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Frame:
    image: Image.Image  # palette picture, the table picture's palette
    tiles: Box | None  # the tiles' bounding box in pixels of the frame
    layout_area: Box  # the room above the band that the layout is framed in
    unit: int  # pixels per grid unit of its layout (the still picture's: style.sizes.half // 2)


def round_frames(
    snapshots: Sequence[TableSnapshot],
    *,
    names: Sequence[str] | None = None,
    labels: Mapping[str, str] | None = None,
    settlement: Settlement | None = None,
    style: Style = DEFAULT_STYLE,
) -> list[Frame]:
    """One frame per snapshot, all of one size; `settlement` (the round's Domino or Blocked) shows on the
    last, as in the round's last still picture. `names` and `labels` as in `table_png`."""
    last = len(snapshots) - 1
    geometries = [
        table_geometry(s, style, names=names, labels=labels, settlement=settlement if k == last else None)
        for k, s in enumerate(snapshots)
    ]
    width = max(g.size[0] for g in geometries)
    height = max(g.size[1] for g in geometries)
    margin, base = style.sizes.table_margin, style.sizes.half // 2
    unit = int(base * MAX_ZOOM)
    frames = []
    for g in geometries:
        area = (0, 0, width, height - (g.size[1] - footer_top(g, style)))
        if g.layout.tiles:
            b = g.layout.bounds
            room_w, room_h = area[2] - 2 * margin, area[3] - 2 * margin
            unit = max(base, min(unit, room_w // max(1, b.width), room_h // max(1, b.height)))
        frames.append(_frame(g, (width, height), area, unit, style))
    return frames


def _frame(g: TableGeometry, size: tuple[int, int], area: Box, unit: int, style: Style) -> Frame:
    s = style.sizes
    image = canvas(style, KIND, size, "table")
    tiles = None
    if g.layout.tiles:
        zoom = unit / (s.half // 2)
        zoomed = replace(style, sizes=replace(s, half=2 * unit, badge_font=round(s.badge_font * zoom)))
        b = g.layout.bounds
        left = (area[2] - b.width * unit) // 2 - b.x0 * unit
        top = (area[3] - b.height * unit) // 2 - b.y0 * unit
        paint_layout(image, g.layout, left, top, zoomed, KIND)
        rects = [t.rect for t in g.layout.tiles]
        x0, y0 = min(r.x0 for r in rects), min(r.y0 for r in rects)
        x1, y1 = max(r.x1 for r in rects), max(r.y1 for r in rects)
        tiles = (left + x0 * unit, top + y0 * unit, left + x1 * unit, top + y1 * unit)
    else:
        mark = dot_sprite(style, "open", s.half, KIND)
        image.paste(mark, ((area[2] - mark.width) // 2, (area[3] - mark.height) // 2))
    dy = size[1] - g.size[1]  # the band keeps to the bottom, across the whole width

    def moved(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return (0, box[1] + dy, size[0], box[3] + dy)

    shifted = replace(
        g,
        size=size,
        band=moved(g.band) if g.band is not None else None,
        panel=moved(g.panel) if g.panel is not None else None,
        rows=tuple(moved(r) for r in g.rows),
        glance_box=moved(g.glance_box),
    )
    paint_footer(image, shifted, style)
    return Frame(image, tiles, area, unit)
