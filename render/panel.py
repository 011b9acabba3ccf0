"""The settlement panel of the one picture, drawn in the band under the layout (see `settlement`).

A grid whose columns line up: a domino's terms (the term, its pips, what they round to, its points,
a note: `opponents' pips 18 -> 20 -> +4`) or a block's hands (order, seat, name, pips, award, note).
Who went out, the block and the winner are said by the glance bar above it (`glance`). Numbers come
first in their own font; names and words in the bundled fonts (`names`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine import Result

from .layout_picture import result_pill
from .names import fit, word_sprite
from .png import paste_row, row_width
from .settlement import Ending
from .sprites import seat_chip, symbol_sprite, text_sprite
from .style import Style

KIND = "table"
BACK = "strip"
Parts = list[tuple[Image.Image, int]]
# how each column of a grid is aligned: a domino's terms, a block's hands
DOMINO_ALIGN = "lrlrlrl"
BLOCK_ALIGN = "rllrlrl"


@dataclass(frozen=True, slots=True)
class Row:
    """A free row of sprites, or a grid row with one cell (or None) per column, aligned as `align` says."""

    parts: Parts | None = None
    cells: tuple[Parts | None, ...] | None = None
    align: str = ""


def panel_rows(ending: Ending, names: tuple[str, ...], labels: dict[str, str], style: Style, width: int) -> list[Row]:
    """The panel's rows, top to bottom, for a picture `width` pixels wide."""
    if ending.kind == "match":
        return []  # won by a placement: the band's star and the glance bar say it, in the usual height
    size = style.sizes.table_panel_font
    sprites = _Sprites(style, names, size, size // 4)
    if ending.kind == "domino":
        out: list[Row] = []
        if ending.winner is not None and ending.seat is not None:  # the glance bar names the winners instead
            out.append(
                Row(
                    parts=[
                        sprites.chip(ending.seat),
                        sprites.name(ending.seat, width // 3),
                        sprites.word(labels["out"]),
                    ]
                )
            )
        return out + _domino_rows(ending, labels, sprites)
    return _block_rows(ending, labels, sprites, width // 3)


@dataclass(frozen=True, slots=True)
class _Sprites:
    """The panel's cells at its font size, each a sprite with the space after it."""

    style: Style
    names: tuple[str, ...]
    size: int
    space: int

    def word(self, text: str, fore: str = "text") -> tuple[Image.Image, int]:
        return word_sprite(self.style, KIND, text, self.size, BACK, fore), self.space

    def number(self, value: int, fore: str = "text", sign: bool = False) -> tuple[Image.Image, int]:
        text = f"{value:+d}" if sign else str(value)
        return text_sprite(self.style, KIND, text.replace("+0", "0"), self.size, BACK, fore), self.space

    def chip(self, seat: int) -> tuple[Image.Image, int]:
        return seat_chip(self.style, KIND, seat, self.style.sizes.table_chip, BACK), self.space

    def name(self, seat: int, room: int) -> tuple[Image.Image, int]:
        return self.word(fit(self.names[seat], self.size, room))

    def arrow(self) -> tuple[Image.Image, int]:
        return symbol_sprite(self.style, KIND, "arrow", self.size, BACK, "muted"), self.space

    def star(self) -> tuple[Image.Image, int]:
        return symbol_sprite(self.style, KIND, "star", self.size, BACK, "badge"), self.space

    def pill(self, points: int, result: Result | None) -> tuple[Image.Image, int]:
        if result is Result.SKIPPED or result is Result.NONE or points == 0:
            return self.number(points, "muted", sign=True)
        return result_pill(self.style, f"{points:+d}", self.size, result, KIND), self.space


def _domino_rows(ending: Ending, labels: dict[str, str], sprites: _Sprites) -> list[Row]:
    """A grid row per term of the domino: its word, its pips, what they round to, its points, a note."""
    rows = []
    for term in ending.terms:
        note: Parts | None = None
        if term.result is Result.OVER:
            note = [sprites.word(labels["over"], "over")]
        elif term.key == "net" and ending.reached == "domino":
            note = [sprites.star()]
        points = sprites.pill(term.points, term.result) if term.key == "net" else sprites.number(term.points, sign=True)
        pips = [sprites.number(term.pips, "muted")] if term.pips is not None else None
        rounded = [sprites.number(term.rounded, "muted")] if term.rounded is not None else None
        arrow = [sprites.arrow()] if pips else None
        cells = ([sprites.word(labels[term.key])], pips, arrow, rounded, arrow if rounded else None, [points], note)
        rows.append(Row(cells=cells, align=DOMINO_ALIGN))
    return rows


def _block_rows(ending: Ending, labels: dict[str, str], sprites: _Sprites, room: int) -> list[Row]:
    """The grid's headings, and a grid row per hand: its seat, pips and award (the glance bar says "blocked")."""
    pips, award = [sprites.word(labels["pips"], "muted")], [sprites.word(labels["award"], "muted")]
    rows = [Row(cells=(None, None, None, pips, None, award, None), align=BLOCK_ALIGN)]
    for hand in ending.hands:
        note: Parts | None = None
        if hand.result is Result.OVER:
            note = [sprites.word(labels["over"], "over")]
        elif hand.result is Result.SKIPPED:
            note = [sprites.word(labels["skipped"], "muted")]
        elif ending.reached == f"award:{hand.seat}":
            note = [sprites.star()]
        award = [sprites.pill(hand.points, hand.result)] if hand.points is not None else [sprites.number(0, "muted")]
        cells = (
            [sprites.number(hand.order, "muted")],
            [sprites.chip(hand.seat)],
            [sprites.name(hand.seat, room)],
            [sprites.number(hand.pips)],
        )
        rows.append(Row(cells=(*cells, [sprites.arrow()], award, note), align=BLOCK_ALIGN))
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
            paste_row(image, row.parts, left, middle)
            continue
        cells = row.cells or ()
        align = row.align
        x = left
        for column, cell in enumerate(cells):
            w = widths[column]
            if cell:
                offset = w - row_width(cell) if align[column] == "r" else 0
                paste_row(image, cell, x + offset, middle)
            x += w + (gap if w else 0)
