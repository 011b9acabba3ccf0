"""Pictures of the table: pure functions from engine snapshots and seat views to PNG bytes.

`layout_png(snapshot)` draws the tiles in the rules' own picture language, `scoresheet_png(snapshot)`
the X-and-stroke tally, and `hand_png(view)` one seat's tiles, playable ones set apart. The
geometry functions return what those pictures show, for tests and for anyone who wants to
draw it differently. Imports only the engine, Pillow and the standard library.
"""

from .geometry import Connection, Equation, LayoutGeometry, Mark, MarkKind, Rect, TileBox, layout_geometry
from .hand import HandGeometry, HandTile, hand_geometry, hand_image, hand_png
from .layout import layout_image, layout_png
from .scoresheet import (
    HOUSE_STROKES,
    Scoresheet,
    SheetBoxes,
    SideRow,
    scoresheet_boxes,
    scoresheet_geometry,
    scoresheet_image,
    scoresheet_png,
)
from .style import DEFAULT_COLORS, DEFAULT_SIZES, DEFAULT_STYLE, Colors, Sizes, Style

__all__ = [
    "DEFAULT_COLORS",
    "DEFAULT_SIZES",
    "DEFAULT_STYLE",
    "HOUSE_STROKES",
    "Colors",
    "Connection",
    "Equation",
    "HandGeometry",
    "HandTile",
    "LayoutGeometry",
    "Mark",
    "MarkKind",
    "Rect",
    "Scoresheet",
    "SheetBoxes",
    "SideRow",
    "Sizes",
    "Style",
    "TileBox",
    "hand_geometry",
    "hand_image",
    "hand_png",
    "layout_geometry",
    "layout_image",
    "layout_png",
    "scoresheet_boxes",
    "scoresheet_geometry",
    "scoresheet_image",
    "scoresheet_png",
]
