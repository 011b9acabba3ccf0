"""The phone's preview, which every picture of the table is made to read in.

A phone shows an attachment about 400 x 500 px before it is tapped. The one picture is drawn at
most twice that size (sharp when tapped), and its layout keeps to the frame that leaves room for
the glance bar, the equation band and one scoreboard row per side, so that half a tile is never less than 24 px
in the preview.
"""

from __future__ import annotations

from .style import DEFAULT_STYLE, Style


def picture_limit(style: Style = DEFAULT_STYLE) -> tuple[int, int]:
    """The largest picture that the preview shrinks by no more than its ratio."""
    s = style.sizes
    return s.preview[0] * s.preview_ratio, s.preview[1] * s.preview_ratio


def footer_height(sides: int, style: Style = DEFAULT_STYLE) -> int:
    """The glance bar, the equation band and the scoresheet under the layout."""
    s = style.sizes
    return s.table_glance + s.table_strip + sides * s.table_row + s.table_margin


def table_frame(sides: int, style: Style = DEFAULT_STYLE) -> tuple[int, int]:
    """The span (grid units, marks included) the layout keeps to for the one picture to fit the limit."""
    s = style.sizes
    unit = s.half // 2
    width, height = picture_limit(style)
    return (width - 2 * s.table_margin) // unit, (height - 2 * s.table_margin - footer_height(sides, style)) // unit
