"""The legend of the one picture: each of its marks drawn as it appears there, with a number.

The picture is language-neutral; its text lives in the bot's catalogs, one message per numbered
item, under the keys `legend-<item>` in the order of `LEGEND_ITEMS` (and `legend-title`), with
the placeholders `$house` (points in a house) and `$target` (the displayed target).
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from engine import Result

from .glance import tile_icon, turn_pill
from .layout_picture import result_pill
from .png import canvas, encode, paste_row, row_width
from .scoresheet import HOUSE, house_sprite
from .sprites import badge_sprite, dot_sprite, seat_chip, symbol_sprite, text_sprite, tile_sprite
from .style import DEFAULT_STYLE, Style

KIND = "table"
# The items in the order they are numbered; the text of item k is the message `legend-<item>`.
LEGEND_ITEMS = (
    "spinner", "badge", "open", "closed", "shared", "last",
    "turn", "hands", "equation", "settled", "over", "rounding", "houses", "needed", "negative", "winner",
)  # fmt: skip
LEGEND_VALUES = {"house": HOUSE, "target": 61}  # what the placeholders of the legend's messages stand for
FELT_ITEMS = 6  # the first items are marks on the felt; the others are read in the band below it


@cache
def legend_image(style: Style = DEFAULT_STYLE) -> Image.Image:
    """The legend, two columns of numbered samples: the layout's marks on the felt, the band's below."""
    s = style.sizes
    half, margin = s.half, s.table_margin * 2
    cell_h = 2 * half + margin  # a row of marks on the felt: room for a double standing up
    band_h = half + margin  # a row of the band
    columns = 2
    samples = [_sample(item, style) for item in LEGEND_ITEMS]
    number_w = text_sprite(style, KIND, str(len(LEGEND_ITEMS)), s.table_small_font, "table", "text").width + margin // 2
    cell_w = number_w + max(row_width(parts) for parts in samples) + margin + margin // 2
    felt_rows = -(-FELT_ITEMS // columns)
    band_rows = -(-(len(LEGEND_ITEMS) - FELT_ITEMS) // columns)
    width = columns * cell_w
    height = felt_rows * cell_h + band_rows * band_h + margin
    image = canvas(style, KIND, (width, height), "table")
    band_top = felt_rows * cell_h + margin // 2
    image.paste(style.palette(KIND).index["strip"], (0, band_top, width, height))
    for k, parts in enumerate(samples):
        felt = k < FELT_ITEMS
        index = k if felt else k - FELT_ITEMS
        row, column = divmod(index, columns)
        top = (row * cell_h + margin // 2) if felt else band_top + row * band_h + margin // 2
        back = "table" if felt else "strip"
        number = text_sprite(style, KIND, str(k + 1), s.table_small_font, back, "text")
        x = column * cell_w + margin
        middle = top + (cell_h if felt else band_h) // 2
        paste_row(image, [(number, number_w - number.width), *parts], x, middle)
    return image


def legend_png(*, style: Style = DEFAULT_STYLE) -> bytes:
    """The legend as PNG bytes: one small picture, numbers and marks only."""
    return _legend_png(style)


@cache
def _legend_png(style: Style) -> bytes:
    return encode(legend_image(style), style)


def _sample(item: str, style: Style) -> list[tuple[Image.Image, int]]:
    """What item `item` looks like in the one picture, as a row of sprites."""
    s = style.sizes
    half = s.half
    gap = half // 6
    size, small = s.table_score_font, s.table_small_font

    def tile(a: int, b: int, vertical: bool = False, spinner: bool = False, last: int | None = None) -> Image.Image:
        face = "tile" if last is None else "tile_last"
        return tile_sprite(style, KIND, a, b, vertical, half, face, "table", spinner, last)

    if item == "spinner":
        return [(tile(3, 5), 0), (tile(5, 5, vertical=True, spinner=True), 0), (tile(5, 2), 0)]
    if item == "badge":
        return [(tile(6, 4), 0), (badge_sprite(style, 4, half, KIND), gap), (badge_sprite(style, 12, half, KIND), 0)]
    if item == "open":
        return [(tile(1, 1, spinner=True), 0), (dot_sprite(style, "open", half, KIND), 0)]
    if item == "closed":
        return [(tile(4, 4, spinner=True), 0), (dot_sprite(style, "closed", half, KIND), 0)]
    if item == "shared":
        return [(tile(2, 2, vertical=True, spinner=True), 0), (dot_sprite(style, "shared", half, KIND), 0)]
    if item == "last":
        return [(tile(2, 6, last=0), gap), (tile(6, 6, vertical=True, spinner=True, last=3), 0)]  # seats 1 and 4
    if item == "equation":
        space = size // 4
        return [
            (seat_chip(style, KIND, 0, s.table_chip, "strip"), space * 2),
            (text_sprite(style, KIND, "2 + 8 = 10", size, "strip", "text"), space * 2),
            (symbol_sprite(style, KIND, "arrow", size, "strip", "muted"), space * 2),
            (result_pill(style, "+2", size, Result.SCORED, KIND), 0),
        ]
    if item == "over":
        return [(result_pill(style, "+3", size, Result.OVER, KIND), 0)]
    if item == "winner":
        return [
            (symbol_sprite(style, KIND, "star", size, "strip", "badge"), size // 4),
            (text_sprite(style, KIND, "61", size, "strip", "text"), 0),
        ]
    if item == "houses":
        return [
            (house_sprite(style, HOUSE, s.table_house, "strip", "text", "chalk_faint", KIND), gap),
            (house_sprite(style, 3, s.table_house, "strip", "text", "chalk_faint", KIND), 0),
        ]
    if item == "needed":
        return [
            (text_sprite(style, KIND, "13", size, "strip", "text"), 0),
            (text_sprite(style, KIND, "/61", small, "strip", "muted"), size // 2),
            (symbol_sprite(style, KIND, "target", small, "strip", "text"), size // 10),
            (text_sprite(style, KIND, "48", size, "strip", "text"), 0),
        ]
    return _glance_sample(item, style)


def _glance_sample(item: str, style: Style) -> list[tuple[Image.Image, int]]:
    """The marks of the glance bar and the settlement panel, as rows of sprites."""
    s = style.sizes
    gap = s.half // 6
    size, small = s.table_score_font, s.table_small_font
    if item == "turn":
        return [(turn_pill(style, 1, "", s.table_glance_font, True), 0)]
    if item == "hands":
        font = s.table_glance_font
        return [
            (tile_icon(style, font, False), gap),
            (seat_chip(style, KIND, 0, s.table_chip, "strip"), gap // 2),
            (text_sprite(style, KIND, "5", font, "strip", "text"), gap * 2),
            (tile_icon(style, font, True), gap),
            (text_sprite(style, KIND, "3", font, "strip", "text"), 0),
        ]
    if item == "settled":
        return [(result_pill(style, "+2", size, Result.SETTLED, KIND), 0)]
    if item == "rounding":
        arrow = symbol_sprite(style, KIND, "arrow", small, "strip", "muted")
        return [
            (text_sprite(style, KIND, "18", small, "strip", "muted"), gap),
            (arrow, gap),
            (text_sprite(style, KIND, "20", small, "strip", "muted"), gap),
            (arrow, gap),
            (text_sprite(style, KIND, "+4", small, "strip", "text"), 0),
        ]
    if item == "negative":
        return [
            (symbol_sprite(style, KIND, "minus", size, "strip", "over"), 0),
            (text_sprite(style, KIND, "5", size, "strip", "over"), 0),
        ]
    raise ValueError(f"no legend item {item!r}")
