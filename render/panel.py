"""The settlement panel of the one picture, drawn in the band under the layout (see `settlement`).

Rows of sprites: free rows (the winner, who went out, a block's heading) and a grid whose columns
line up (a term or a hand, its pips, an arrow, its points, a note). Numbers come first in their
own font; names and words in the bundled fonts (`names`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine import Result

from .layout_picture import result_pill
from .names import fit, word_sprite
from .png import row_width
from .settlement import Ending
from .sprites import seat_chip, symbol_sprite, text_sprite
from .style import Style

KIND = "table"
BACK = "strip"
Parts = list[tuple[Image.Image, int]]
# how each column of a grid is aligned, by the number of its columns: a domino's terms, a block's hands
ALIGN = {5: "lrlrl", 7: "rllrlrl"}


@dataclass(frozen=True, slots=True)
class Row:
    """A free row of sprites, or a grid row with one cell (or None) per column."""

    parts: Parts | None = None
    cells: tuple[Parts | None, ...] | None = None


def panel_rows(ending: Ending, names: tuple[str, ...], labels: dict[str, str], style: Style, width: int) -> list[Row]:
    """The panel's rows, top to bottom, for a picture `width` pixels wide."""
    s = style.sizes
    size = s.table_panel_font
    space = size // 4
    rows: list[Row] = []

    def word(text: str, fore: str = "text") -> tuple[Image.Image, int]:
        return word_sprite(style, KIND, text, size, BACK, fore), space

    def number(value: int, fore: str = "text", sign: bool = False) -> tuple[Image.Image, int]:
        text = f"{value:+d}" if sign else str(value)
        return text_sprite(style, KIND, text.replace("+0", "0"), size, BACK, fore), space

    def chip(seat: int) -> tuple[Image.Image, int]:
        return seat_chip(style, KIND, seat, round(size * 1.1), BACK), space

    def name(seat: int, room: int) -> tuple[Image.Image, int]:
        return word(fit(names[seat], size, room))

    def arrow() -> tuple[Image.Image, int]:
        return symbol_sprite(style, KIND, "arrow", size, BACK, "muted"), space

    def star() -> tuple[Image.Image, int]:
        return symbol_sprite(style, KIND, "star", size, BACK, "badge"), space

    def pill(points: int, result: Result | None) -> tuple[Image.Image, int]:
        if result is Result.SKIPPED or result is Result.NONE or points == 0:
            return number(points, "muted", sign=True)
        return result_pill(style, f"{points:+d}", size, result, KIND), space

    room = width // 3
    if ending.kind == "match":
        return rows  # won by a placement: the band's star and the winner's row say it, in the usual height
    if ending.winner is not None:
        seats = ending.winner_seats
        parts: Parts = [star(), *(chip(seat) for seat in seats)]
        free = width - 2 * s.table_margin - row_width([*parts, word(labels["wins"])])
        each = max(60, free // len(seats) - space * 3)
        for k, seat in enumerate(seats):
            if k:
                parts.append(word("·", "muted"))
            parts.append(name(seat, each))
        parts.append(word(labels["wins"]))
        rows.append(Row(parts=parts))
    reached = ending.reached
    if ending.kind == "domino" and ending.seat is not None:
        rows.append(Row(parts=[chip(ending.seat), name(ending.seat, room), word(labels["out"])]))
        for term in ending.terms:
            note: Parts | None = None
            if term.result is Result.OVER:
                note = [word(labels["over"], "over")]
            elif term.key == "net" and reached == "domino":
                note = [star()]
            points = pill(term.points, term.result) if term.key == "net" else number(term.points, sign=True)
            pips = [number(term.pips, "muted")] if term.pips is not None else None
            rows.append(Row(cells=([word(labels[term.key])], pips, [arrow()] if pips else None, [points], note)))
    if ending.kind == "block":
        rows.append(Row(parts=[word(labels["blocked"])]))
        pips, award = [word(labels["pips"], "muted")], [word(labels["award"], "muted")]
        rows.append(Row(cells=(None, None, None, pips, None, award, None)))
        for hand in ending.hands:
            note = None
            if hand.result is Result.OVER:
                note = [word(labels["over"], "over")]
            elif hand.result is Result.SKIPPED:
                note = [word(labels["skipped"], "muted")]
            elif reached == f"award:{hand.seat}":
                note = [star()]
            award = [pill(hand.points, hand.result)] if hand.points is not None else [number(0, "muted")]
            cells = ([number(hand.order, "muted")], [chip(hand.seat)], [name(hand.seat, room)], [number(hand.pips)])
            rows.append(Row(cells=(*cells, [arrow()], award, note)))
    return rows


def column_widths(rows: list[Row]) -> list[int]:
    """The width of each grid column: its widest cell."""
    widths: list[int] = []
    for row in rows:
        for k, cell in enumerate(row.cells or ()):
            if k >= len(widths):
                widths.append(0)
            widths[k] = max(widths[k], row_width(cell) if cell else 0)
    return widths


def rows_width(rows: list[Row], style: Style) -> int:
    """How wide the panel's rows are together."""
    gap = style.sizes.table_panel_font // 2
    grid = sum(w + gap for w in column_widths(rows) if w) - gap
    return max([grid, *(row_width(row.parts) for row in rows if row.parts is not None)])


def paste_rows(image: Image.Image, rows: list[Row], left: int, top: int, row_h: int, style: Style) -> None:
    """Paste the panel's rows from (left, top); a grid's numbers stand right-aligned in their column."""
    widths = column_widths(rows)
    gap = style.sizes.table_panel_font // 2
    for k, row in enumerate(rows):
        middle = top + k * row_h + row_h // 2
        if row.parts is not None:
            _paste(image, row.parts, left, middle)
            continue
        cells = row.cells or ()
        align = ALIGN[len(cells)]
        x = left
        for column, cell in enumerate(cells):
            w = widths[column]
            if cell:
                offset = w - row_width(cell) if align[column] == "r" else 0
                _paste(image, cell, x + offset, middle)
            x += w + (gap if w else 0)


def _paste(image: Image.Image, parts: Parts, x: int, middle: int) -> None:
    for sprite, gap in parts:
        image.paste(sprite, (x, middle - sprite.height // 2))
        x += sprite.width + gap
