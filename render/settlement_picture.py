"""A round's settlement as a picture of its own, when the one picture cannot hold it and stay legible.

The settlement panel goes under the layout (see `table`); a few crowded round ends (a tall finished
layout and a long settlement, about one round end in a hundred) would then shrink in a phone's
preview below the legible sizes (`legibility`). Those are posted as two pictures: the table as
during play (layout, equation band, glance bar and scoresheet, at their usual size), then the
glance bar and the settlement panel alone. `table_pngs` says which; `posted` says it for tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from engine import TableSnapshot

from .legibility import Legibility, chip_digit, judged, preview_scale, table_legibility
from .panel import paste_rows, rows_width
from .png import canvas, encode, paste_row
from .settlement import Settlement
from .style import DEFAULT_STYLE, Style
from .table import KIND, TableGeometry, laid_out, table_image


def posted(
    snapshot: TableSnapshot,
    style: Style = DEFAULT_STYLE,
    *,
    names: Sequence[str] | None = None,
    settlement: Settlement | None = None,
    labels: Mapping[str, str] | None = None,
) -> tuple[TableGeometry, TableGeometry | None]:
    """The table picture's geometry and, when its settlement goes apart, the geometry whose panel the
    settlement picture draws (else None): apart only when the panel under the layout is not legible."""
    g = laid_out(snapshot, style, names, settlement, labels, panel=True)
    if not g.panel_rows or table_legibility(g, style).fine(style):
        return g, None
    return laid_out(snapshot, style, names, settlement, labels, panel=False), g


def table_pngs(
    snapshot: TableSnapshot,
    *,
    names: Sequence[str] | None = None,
    settlement: Settlement | None = None,
    labels: Mapping[str, str] | None = None,
    style: Style = DEFAULT_STYLE,
) -> tuple[bytes, ...]:
    """The pictures to post after a placement (the arguments as in `table_png`): the one picture, or at a
    crowded round's end the table and then its settlement (`settlement_image`), each legible on a phone."""
    table, apart = posted(snapshot, style, names=names, settlement=settlement, labels=labels)
    pictures = [encode(table_image(table, style), style)]
    if apart is not None:
        pictures.append(encode(settlement_image(apart, style), style))
    return tuple(pictures)


def settlement_size(g: TableGeometry, style: Style = DEFAULT_STYLE) -> tuple[int, int]:
    """The settlement picture's size: the glance bar over the panel's rows."""
    s = style.sizes
    margin = s.table_margin
    glance_w = g.glance.left_width + g.glance.right_width + 2 * margin + s.table_glance_font
    width = max(rows_width(list(g.panel_rows), style) + 4 * margin, glance_w)
    return width, margin + s.table_glance + len(g.panel_rows) * s.table_panel_row + 2 * margin


def settlement_image(g: TableGeometry, style: Style = DEFAULT_STYLE) -> Image.Image:
    """The glance bar (the round, who went out or that it was blocked, the hands) over the settlement
    panel of `g`, on the band's colour, as the table picture draws them."""
    s = style.sizes
    margin = s.table_margin
    width, height = settlement_size(g, style)
    image = canvas(style, KIND, (width, height), "strip")
    middle = margin + s.table_glance // 2
    paste_row(image, g.glance.left, margin * 2, middle)
    paste_row(image, g.glance.right, width - margin * 2 - g.glance.right_width, middle)
    paste_rows(image, list(g.panel_rows), margin * 2, margin + s.table_glance, s.table_panel_row, style)
    return image


def settlement_legibility(g: TableGeometry, style: Style = DEFAULT_STYLE) -> Legibility:
    """The settlement picture's smallest text in the preview: it has no tiles."""
    s = style.sizes
    texts = {
        "glance": float(s.table_glance_font),
        "chip number": chip_digit(s.table_chip),
        "settlement": float(s.table_panel_font),
    }
    return judged(preview_scale(settlement_size(g, style), style), None, texts)
