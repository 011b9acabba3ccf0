"""Pictures of the table: pure functions from engine snapshots and seat views to PNG bytes.

`table_pngs(...)` (same arguments) is what to post after a placement: that one picture, or at a crowded
round's end the table and its settlement as two legible pictures (see `settlement_picture`).
`table_png(snapshot, names=..., settlement=..., labels=...)` is the one picture per placement, made
for a phone: the layout, the equation of the end total, the players' names beside their seats, at a
round's end its settlement (`settlement`: the round's Domino or Blocked event; `labels`: the few
words in the table's language, keys of `DEFAULT_LABELS`), and the scoresheet together;
`table_description(...)` is its machine-readable twin and `legend_png()` explains its marks.
`layout_png(snapshot)` draws the tiles
alone in the rules' own picture language, `scoresheet_png(snapshot)` the X-and-stroke tally, and
`hand_png(view)` one seat's tiles, playable ones set apart. The
geometry functions return what those pictures show, for tests and for anyone who wants to
draw it differently. Imports only the engine, Pillow and the standard library.
"""

from .grid import Rect
from .hand import HandGeometry, HandTile, hand_geometry, hand_image, hand_png
from .layout_fitting import Relaxed
from .layout_picture import layout_image, layout_png
from .layout_plan import Connection, Equation, LayoutGeometry, Mark, MarkKind, TileBox, layout_geometry
from .legend import LEGEND_ITEMS, LEGEND_VALUES, legend_image, legend_png
from .preview import table_frame
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
from .settlement import DEFAULT_LABELS
from .settlement_picture import table_pngs
from .style import DEFAULT_COLORS, DEFAULT_SIZES, DEFAULT_STYLE, Colors, Sizes, Style
from .table import TableGeometry, table_geometry, table_image, table_png
from .table_twin import table_description

__all__ = [
    "DEFAULT_COLORS",
    "DEFAULT_LABELS",
    "DEFAULT_SIZES",
    "DEFAULT_STYLE",
    "HOUSE_STROKES",
    "LEGEND_ITEMS",
    "LEGEND_VALUES",
    "Colors",
    "Connection",
    "Equation",
    "HandGeometry",
    "HandTile",
    "LayoutGeometry",
    "Mark",
    "MarkKind",
    "Rect",
    "Relaxed",
    "Scoresheet",
    "SheetBoxes",
    "SideRow",
    "Sizes",
    "Style",
    "TableGeometry",
    "TileBox",
    "hand_geometry",
    "hand_image",
    "hand_png",
    "layout_geometry",
    "layout_image",
    "layout_png",
    "legend_image",
    "legend_png",
    "scoresheet_boxes",
    "scoresheet_geometry",
    "scoresheet_image",
    "scoresheet_png",
    "table_description",
    "table_frame",
    "table_geometry",
    "table_image",
    "table_png",
    "table_pngs",
]
