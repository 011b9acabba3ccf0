"""The one picture per placement: the layout, its equation and the scoresheet, read on a phone.

It is drawn for the phone's preview (see `preview`): fitted into 400 x 500 px, half a tile is
never less than 24 px (`TableGeometry.preview_half`). A layout that the picture language cannot
keep to its frame gets tighter margins and bars (`COMPACT_*`), and if its grown frame still shrinks
the tiles, a line turns next to a spinner within the frame instead (`layout_fitting.ladder`); a round's
last picture adds its settlement under the layout, or when that would shrink the tiles, posts it apart
(`settlement_picture.table_pngs`).
Each seat's chip carries its player's name (`names`, in the bundled fonts, shortened to fit);
the few words of a settlement come from the caller (`labels`, see `settlement.DEFAULT_LABELS`).
The picture's machine-readable twin, `table_description`, reads this module's `TableGeometry`
(see `table_twin`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from engine import TableSnapshot

from .glance import Glance, glance_of
from .grid import Rect
from .layout_fitting import Relaxed
from .layout_picture import equation_parts, paint_layout
from .layout_plan import LayoutGeometry, layout_geometry
from .names import fit, shown_name
from .panel import Row, panel_rows, paste_rows, rows_width
from .png import canvas, encode, paste_row, put, row_width
from .preview import footer_height, picture_limit, table_frame
from .scoresheet import Scoresheet, SideRow, scoresheet_geometry
from .settlement import Ending, Settlement, ending_of, merged_labels
from .sprites import dot_sprite, symbol_sprite
from .style import DEFAULT_STYLE, Sizes, Style
from .table_rows import HOUSE_COLUMNS, drawn_row, head_parts, name_room, row_back

KIND = "table"
EMPTY_SIZE = (5, 3)  # an empty table, in half-tiles
# The few pictures whose layout could not keep to its frame: margins, glance bar and scoreboard rows
# this much tighter (still room for a 40 px chip) before the preview would shrink the tiles.
COMPACT_MARGIN, COMPACT_GLANCE, COMPACT_ROW = 4, 46, 46

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TableGeometry:
    """Where everything of the one picture goes, in pixels."""

    size: tuple[int, int]
    unit: int  # pixels per grid unit of the layout
    origin: tuple[int, int]  # the pixel of the layout's grid point (0, 0)
    layout: LayoutGeometry
    sheet: Scoresheet
    band: Box | None  # the equation band (none before the first tile)
    rows: tuple[Box, ...]  # one scoreboard row per side
    houses_x: int  # where every row's houses start
    preview_scale: float  # how much a phone's preview shrinks the picture
    names: tuple[str, ...]  # what each seat's chip carries: its player's name (shortened) or its label
    own_names: tuple[bool, ...]  # whether that is the player's name (else the seat's label)
    ending: Ending | None  # the settlement and the winner, at a round's or the match's end
    panel: Box | None  # where the panel shows them
    panel_rows: tuple[Row, ...]
    glance: Glance  # the round, whose turn, the hands and the boneyard
    glance_box: Box  # where the glance bar is, right under the layout
    strip: tuple[tuple[Image.Image, int], ...]  # the equation's sprites (none when the layout is too tight for it)

    def pixels(self, r: Rect) -> Box:
        """A rectangle of the layout's grid in pixels of the picture."""
        (x, y), u = self.origin, self.unit
        return (x + r.x0 * u, y + r.y0 * u, x + r.x1 * u, y + r.y1 * u)

    @property
    def preview_half(self) -> float:
        """Half a tile (a tile's short side), in pixels of the phone's preview."""
        return 2 * self.unit * self.preview_scale


def table_geometry(
    snapshot: TableSnapshot,
    style: Style = DEFAULT_STYLE,
    *,
    names: Sequence[str] | None = None,
    settlement: Settlement | None = None,
    labels: Mapping[str, str] | None = None,
) -> TableGeometry:
    """Where everything of the one picture of `snapshot` goes (the arguments as in `table_png`)."""
    return laid_out(snapshot, style, names, settlement, labels, panel=True)


def laid_out(
    snapshot: TableSnapshot,
    style: Style,
    names: Sequence[str] | None,
    settlement: Settlement | None,
    labels: Mapping[str, str] | None,
    *,
    panel: bool,
) -> TableGeometry:
    """`table_geometry`, with the settlement panel at a round's end (`panel`) or without it: then the
    panel is drawn as a picture of its own (`settlement_picture`) and the layout keeps its usual room."""
    s = style.sizes
    unit = s.half // 2
    words, shown, fitted, own = _seats(
        tuple(names) if names else None, snapshot.players, tuple(labels.items()) if labels else None, style
    )
    limit_w = picture_limit(style)[0]
    ending = ending_of(snapshot, settlement)
    rows = _panel_rows(ending, shown, words, style, limit_w) if panel else ()
    panel_h = len(rows) * s.table_panel_row + s.table_margin if rows else 0
    layout, tight = (
        _round_end_layout(snapshot, panel_h, style)
        if rows
        else (layout_geometry(snapshot, table_frame(snapshot.sides, style)), False)
    )
    sheet = scoresheet_geometry(snapshot)
    head_w = max([_head_width(row, sheet.target, style, fitted, own) for row in sheet.rows], default=0)
    strip = () if tight else tuple(equation_parts(layout.equation, style, KIND, s.table_equation_font))
    strip_w = row_width(strip) if strip else 0
    glance = glance_of(snapshot, ending, shown, words, style, limit_w)

    def placed(layout: LayoutGeometry) -> _Placed:
        span = _layout_span(layout, style)
        return _tightest(
            lambda c, band: _placed(c, style, span, head_w, glance, rows, panel_h, sheet, band), s, strip_w, ending
        )

    layout, best = (layout, placed(layout)) if rows else _turned_if_smaller(snapshot, layout, placed, style)
    return TableGeometry(
        best.size,
        unit,
        best.origin,
        layout,
        sheet,
        best.band,
        best.rows,
        best.houses_x,
        best.scale,
        fitted,
        own,
        ending,
        best.panel,
        rows,
        glance,
        best.glance_box,
        strip,
    )


@lru_cache(maxsize=64)
def _seats(
    names: tuple[str, ...] | None, players: int, labels: tuple[tuple[str, str], ...] | None, style: Style
) -> tuple[dict[str, str], tuple[str, ...], tuple[str, ...], tuple[bool, ...]]:
    """The words, what each seat shows, that shortened for its chip, and whether it is the player's name: the
    same all match long, so found once rather than once per picture."""
    words = merged_labels(dict(labels) if labels else None)
    shown = [shown_name(names[k] if names and k < len(names) else None, k, words) for k in range(players)]
    room = name_room(players, style)
    fitted = tuple(fit(text, style.sizes.table_name_font, room) for text, _ in shown)
    return words, tuple(text for text, _ in shown), fitted, tuple(own for _, own in shown)


@lru_cache(maxsize=256)
def _head_width(row: SideRow, target: int, style: Style, names: tuple[str, ...], own: tuple[bool, ...]) -> int:
    """How wide a scoreboard row's chips, names and score are: measured once per row, not once per picture (a
    side's row is the same object while it does not change, see `scoresheet_geometry`)."""
    return row_width(head_parts(row, target, style, names, own))


def _turned_if_smaller(
    snapshot: TableSnapshot, layout: LayoutGeometry, placed: Callable[[LayoutGeometry], _Placed], style: Style
) -> tuple[LayoutGeometry, _Placed]:
    """The layout and its placement, or where its grown frame shrinks the tiles below the legible size, the
    layout that turns a line next to a spinner within the frame instead (`layout_fitting.ladder`), if the
    preview shrinks that one less."""
    best = placed(layout)
    if best.scale * style.sizes.preview_ratio >= 1.0 or Relaxed.FRAME not in layout.relaxed:
        return layout, best
    turned = layout_geometry(snapshot, table_frame(snapshot.sides, style), lines_first=True)
    other = placed(turned)
    return (turned, other) if other.scale > best.scale else (layout, best)


def _tightest(
    place: Callable[[Sizes, int], _Placed],
    s: Sizes,
    strip_w: int,
    ending: Ending | None,
) -> _Placed:
    """The usual placement, or for a layout that could not keep to its frame, tighter margins and bars
    before smaller tiles; at a round's end the band gives way too (the settlement repeats its points)."""
    best = place(s, strip_w)
    if best.scale * s.preview_ratio >= 1.0:
        return best
    compact = replace(s, table_margin=COMPACT_MARGIN, table_glance=COMPACT_GLANCE, table_row=COMPACT_ROW)
    tighter = [place(compact, strip_w)] + ([place(compact, 0)] if strip_w and ending is not None else [])
    return max([best, *tighter], key=lambda p: p.scale)


class _Placed(NamedTuple):
    """Where the parts of the one picture go, for one choice of margins and bars' heights."""

    size: tuple[int, int]
    origin: tuple[int, int]
    band: Box | None
    rows: tuple[Box, ...]
    houses_x: int
    scale: float
    panel: Box | None
    glance_box: Box


def _placed(
    c: Sizes,
    style: Style,
    span: tuple[Rect, int, int],
    head_w: int,
    glance: Glance,
    rows: tuple[Row, ...],
    panel_h: int,
    sheet: Scoresheet,
    strip_w: int,
) -> _Placed:
    """Everything placed with the margins and the bars' heights of `c`, and the equation band if `strip_w` (its
    width; 0 for none)."""
    s = style.sizes
    unit, margin = s.half // 2, c.table_margin
    b, table_w, table_h = span
    houses_x = margin + head_w + s.table_house // 3
    sheet_w = houses_x + HOUSE_COLUMNS * (s.table_house + s.table_house // 8) + margin
    glance_w = glance.left_width + glance.right_width + 2 * margin + s.table_glance_font
    panel_w = rows_width(list(rows), style) + 4 * margin if rows else 0
    width = max(table_w + 2 * margin, sheet_w, strip_w + 2 * margin if strip_w else 0, panel_w, glance_w)
    glance_box, band, panel, boxes = _footer_boxes(table_h + 2 * margin, width, bool(strip_w), panel_h, sheet, c)
    height = (boxes[-1][3] if boxes else glance_box[3]) + margin
    origin = ((width - table_w) // 2 - b.x0 * unit, margin - b.y0 * unit)
    pw, ph = s.preview
    return _Placed((width, height), origin, band, boxes, houses_x, min(1.0, pw / width, ph / height), panel, glance_box)


def _footer_boxes(
    top: int, width: int, band: bool, panel_h: int, sheet: Scoresheet, s: Sizes
) -> tuple[Box, Box | None, Box | None, tuple[Box, ...]]:
    """From `top` down: the glance bar, the equation band, the settlement panel, one scoreboard row per side."""
    glance = (0, top, width, top + s.table_glance)
    y = glance[3] + (s.table_strip if band else 0)
    strip = (0, glance[3], width, y) if band else None
    panel = (0, y, width, y + panel_h) if panel_h else None
    y += panel_h
    rows = tuple((0, y + k * s.table_row, width, y + (k + 1) * s.table_row) for k in range(len(sheet.rows)))
    return glance, strip, panel, rows


def _round_end_layout(snapshot: TableSnapshot, panel_h: int, style: Style) -> tuple[LayoutGeometry, bool]:
    """The layout of a round's last picture and whether the equation band gives way to the settlement panel
    (a domino's panel starts with the last placement's points): the layout as the placement before showed
    it while the picture fits the phone's preview; else that layout or one kept to the room the panel
    leaves, whichever the preview shrinks least."""
    s = style.sizes
    margin, unit = s.table_margin, s.half // 2
    limit_w, limit_h = picture_limit(style)
    frame = table_frame(snapshot.sides, style)
    footer = footer_height(snapshot.sides, style) + panel_h

    def scale(layout: LayoutGeometry, tight: bool) -> float:
        _, w, h = _layout_span(layout, style)
        return min(
            1.0, limit_w / max(limit_w, w + 2 * margin), limit_h / (h + 2 * margin + footer - tight * s.table_strip)
        )

    usual = layout_geometry(snapshot, frame)
    if scale(usual, False) >= 1.0:
        return usual, False
    if scale(usual, True) >= 1.0:
        return usual, True
    kept = layout_geometry(snapshot, (frame[0], frame[1] - -(-(panel_h - s.table_strip) // unit)))
    return max(((usual, True), (kept, True)), key=lambda c: scale(*c))


def _layout_span(layout: LayoutGeometry, style: Style) -> tuple[Rect, int, int]:
    """The layout's bounds in grid units and its width and height in pixels (an empty table's before the first tile)."""
    s = style.sizes
    unit = s.half // 2
    if layout.tiles:
        b = layout.bounds
        return b, b.width * unit, b.height * unit
    return Rect(0, 0, 0, 0), EMPTY_SIZE[0] * s.half, EMPTY_SIZE[1] * s.half


def _panel_rows(
    ending: Ending | None, names: tuple[str, ...], words: dict[str, str], style: Style, width: int
) -> tuple[Row, ...]:
    """The settlement panel's rows (none but at a round's or the match's end), for a picture at least
    `width` pixels wide."""
    if ending is None:
        return ()
    margin = style.sizes.table_margin
    limit = max(width, picture_limit(style)[0])
    return tuple(panel_rows(ending, names, words, style, limit - 2 * margin))


def table_image(g: TableGeometry, style: Style = DEFAULT_STYLE) -> Image.Image:
    s = style.sizes
    image = canvas(style, KIND, g.size, "table")
    width = g.size[0]
    if g.layout.tiles:
        paint_layout(image, g.layout, g.origin[0], g.origin[1], style, KIND)
    else:
        mark = dot_sprite(style, "open", s.half, KIND)
        table_h = EMPTY_SIZE[1] * s.half + 2 * s.table_margin
        image.paste(mark, ((width - mark.width) // 2, (table_h - mark.height) // 2))
    paint_footer(image, g, style)
    return image


def footer_top(g: TableGeometry, style: Style = DEFAULT_STYLE) -> int:
    """Where the band under the layout starts: the glance bar, the equation, the settlement panel and the
    scoresheet."""
    return g.glance_box[1]


def paint_footer(image: Image.Image, g: TableGeometry, style: Style = DEFAULT_STYLE) -> None:
    """The band under the layout, from `footer_top` down, across the picture's width."""
    s = style.sizes
    index = style.palette(KIND).index
    width = g.size[0]
    core = image.im  # fills straight to Pillow's core, without `Image.paste`'s checks (see `png.put`)
    core.paste(index["strip"], (0, footer_top(g, style), width, g.size[1]))
    bar = g.glance_box
    middle = (bar[1] + bar[3]) // 2
    paste_row(image, g.glance.left, s.table_margin * 2, middle)
    paste_row(image, g.glance.right, width - s.table_margin * 2 - g.glance.right_width, middle)
    if g.band is not None:
        strip = list(g.strip)
        if g.ending is not None and g.ending.reached == "place":  # this placement reached the target
            strip.append((symbol_sprite(style, KIND, "star", s.table_equation_font, "strip", "badge"), 0))
            strip[-2] = (strip[-2][0], s.table_equation_font // 4)
        paste_row(image, strip, (width - row_width(strip)) // 2, (g.band[1] + g.band[3]) // 2)
    if g.panel is not None:
        paste_rows(image, list(g.panel_rows), s.table_margin * 2, g.panel[1], s.table_panel_row, style)
    inset = s.table_margin // 2
    for row, box in zip(g.sheet.rows, g.rows, strict=True):
        back = row_back(row)
        if back != "strip":
            core.paste(index[back], (box[0] + inset, box[1] + 2, box[2] - inset, box[3] - 2))
        picture = drawn_row(style, row, g.sheet.target, g.names, g.own_names, g.houses_x, box[3] - box[1])
        put(image, picture, box[0], box[1])


def table_png(
    snapshot: TableSnapshot,
    *,
    names: Sequence[str] | None = None,
    settlement: Settlement | None = None,
    labels: Mapping[str, str] | None = None,
    style: Style = DEFAULT_STYLE,
) -> bytes:
    """The one picture of `snapshot` as PNG bytes: layout, equation band, settlement and scoresheet.

    `names`: each seat's player as shown at the table, by seat. `settlement`: at a round's last
    picture, the round's `Domino` or `Blocked` event (`FinishedRound.ending`). `labels`: the panel's
    words in the table's language (keys of `settlement.DEFAULT_LABELS`; English by default).
    At a crowded round's end the settlement under the layout shrinks the picture below the legible
    sizes: `settlement_picture.table_pngs` posts it apart instead.
    """
    g = table_geometry(snapshot, style, names=names, settlement=settlement, labels=labels)
    return encode(table_image(g, style), style)
