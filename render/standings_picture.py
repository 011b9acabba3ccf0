"""The standings picture of a tournament: rank, name, points and tie-breaks, read on a phone.

Drawn in the one picture's colours (chalk on its dark band, the winner's row on the band of the
side to move, with the scoresheet's star) and in its fonts: names and words through `names`
(the same bundled fonts, shortening and stand-in label as the table's names), numbers in the
numbers' font. The picture is as wide as the table picture's limit (`preview.picture_limit`: twice
the 400 px a phone shows), so every text, at least 24 px here, is at least 12 px tall on a phone.

At most `MAX_ROWS` players are drawn (the first ones, in the order given); a last line then says how
many more there are (`StandingsHeaders.more`): a phone fits a picture to its screen, and 200 rows
would be a sliver there. The standings as text list everyone. Everything the picture shows and
where is `standings_layout`, pure data for tests and for anyone who draws it differently;
`standings_png` draws exactly that. The words (headers, title) come from the caller, in the
reader's language; the bot turns its own standings into `StandingRow` values.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PIL import Image

from .names import clean, drawable, fit, shown_name, word_sprite
from .png import canvas, encode
from .preview import picture_limit
from .sprites import symbol_sprite, text_sprite
from .style import DEFAULT_STYLE, Style

KIND = "table"  # the one picture's palette: its band's chalk ramps are all this picture needs
BACK = "strip"
WINNER_BACK = "sheet_turn"
MAX_ROWS = 40
TITLE_FONT, SUBTITLE_FONT, HEAD_FONT, FONT = 38, 26, 26, 32  # pixels of the picture (twice a phone's)
ROW = 52  # one player's row
MARGIN = 14
GAP = 18  # between columns
HEAD_WIDTH = 4 * HEAD_FONT  # the most a numeric column's header may take (shortened with an ellipsis)

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class StandingsHeaders:
    """The columns' headers in the reader's language (short: "#", "Player", "Pts", "Bh", "SB", "GP"), and the
    last line under a cut list (`{count}`: the players not drawn)."""

    rank: str
    name: str
    points: str
    buchholz: str
    sonneborn_berger: str
    game_points: str
    more: str = "… +{count}"


@dataclass(frozen=True)
class StandingRow:
    """One player's standing, as the picture shows it."""

    rank: int
    name: str
    points: float
    buchholz: float
    sonneborn_berger: float
    game_points: int
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Cell:
    """One text of the picture as drawn: its sprite's box, its font size, its colours."""

    text: str
    box: Box
    size: int  # the font's size in pixels of the picture
    face: str  # "words" (the bundled fonts of render/names.py) or "digits" (the numbers' font)
    fore: str
    back: str


@dataclass(frozen=True, slots=True)
class Line:
    """One player's row: where it goes, how it is marked, and its six cells."""

    index: int  # of the row given
    box: Box
    back: str
    winner: bool
    withdrawn: bool  # drawn faint, its name struck through (`strike`)
    own_name: bool  # false: the name could not be drawn and a label stands in for it
    cells: tuple[Cell, ...]  # rank, name, points, Buchholz, Sonneborn-Berger, game points
    star: Box | None  # the winner's star
    strike: Box | None


@dataclass(frozen=True, slots=True)
class StandingsLayout:
    """Everything the standings picture shows, in pixels."""

    size: tuple[int, int]
    title: Cell | None
    subtitle: Cell | None
    header: tuple[Cell, ...]
    rule: Box  # the line under the header
    lines: tuple[Line, ...]
    hidden: int  # players not drawn
    more: Cell | None  # the line that says how many

    def cells(self) -> Iterator[Cell]:
        """Every text of the picture."""
        yield from (c for c in (self.title, self.subtitle) if c is not None)
        yield from self.header
        for line in self.lines:
            yield from line.cells
        if self.more is not None:
            yield self.more

    def shown_size(self, cell: Cell, width: int = 400) -> float:
        """How tall a cell's font is when the picture is shown `width` pixels wide."""
        return cell.size * width / self.size[0]


def number(value: float) -> str:
    """A score as people write it: 3, 2.5, 10.25 (no trailing zeros)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def standings_png(
    title: str,
    subtitle: str,
    headers: StandingsHeaders,
    rows: Sequence[StandingRow],
    *,
    highlight_winner: bool,
    max_rows: int = MAX_ROWS,
    style: Style = DEFAULT_STYLE,
) -> bytes:
    """The standings as PNG bytes: `rows` in the order given (the caller sorts them), the first-ranked row
    highlighted when `highlight_winner`, withdrawn players faint and struck through."""
    layout = standings_layout(
        title, subtitle, headers, rows, highlight_winner=highlight_winner, max_rows=max_rows, style=style
    )
    return encode(standings_image(layout, style), style)


def standings_image(layout: StandingsLayout, style: Style = DEFAULT_STYLE) -> Image.Image:
    image = canvas(style, KIND, layout.size, BACK)
    index = style.palette(KIND).index
    for line in layout.lines:
        x0, _, x1, y1 = line.box
        if line.back != BACK:
            image.paste(index[line.back], line.box)
        image.paste(index[WINNER_BACK], (x0, y1 - 2, x1, y1))  # a faint rule between rows
        if line.star is not None:
            image.paste(symbol_sprite(style, KIND, "star", FONT, line.back, "badge"), line.star[:2])
    image.paste(index["chalk_faint"], layout.rule)
    for cell in layout.cells():
        image.paste(_sprite(cell, style), cell.box[:2])
    # the strike goes over the name it crosses out
    for line in layout.lines:
        if line.strike is not None:
            image.paste(index["chalk_faint"], line.strike)
    return image


def standings_layout(
    title: str,
    subtitle: str,
    headers: StandingsHeaders,
    rows: Sequence[StandingRow],
    *,
    highlight_winner: bool,
    max_rows: int = MAX_ROWS,
    style: Style = DEFAULT_STYLE,
) -> StandingsLayout:
    """Where everything of the standings picture goes (the arguments as in `standings_png`)."""
    width = picture_limit(style)[0]
    shown = list(rows[: max(0, max_rows)])
    hidden = len(rows) - len(shown)
    y = MARGIN
    heading: list[Cell | None] = []
    for text, size, fore in ((title, TITLE_FONT, "text"), (subtitle, SUBTITLE_FONT, "muted")):
        words = fit(_words(text), size, width - 2 * MARGIN)
        cell = _cell(words, "words", size, fore, BACK, MARGIN, y, style) if words else None
        heading.append(cell)
        y = cell.box[3] if cell is not None else y
    columns = _Columns.of(headers, shown, width, style)
    y += MARGIN // 2
    header_cells = columns.header(headers, y, style)
    y = max(c.box[3] for c in header_cells) + 2
    rule = (MARGIN // 2, y, width - MARGIN // 2, y + 2)
    y += 4
    lines = []
    for k, row in enumerate(shown):
        winner = highlight_winner and row.rank == 1
        lines.append(columns.line(k, row, winner, headers, (0, y, width, y + ROW), style))
        y += ROW
    more = None
    if hidden:
        text = fit(_words(headers.more.replace("{count}", str(hidden))), SUBTITLE_FONT, width - MARGIN - columns.name_x)
        more = _cell(text, "words", SUBTITLE_FONT, "muted", BACK, columns.name_x, y + 4, style)
        y = more.box[3]
    return StandingsLayout((width, y + MARGIN), heading[0], heading[1], header_cells, rule, tuple(lines), hidden, more)


@dataclass(frozen=True, slots=True)
class _Columns:
    """The x of each column: the rank and the four numbers right-aligned, the name left-aligned after the star."""

    rank_right: int
    star_x: int
    name_x: int
    name_room: int
    rights: tuple[int, ...]  # the right edge of points, Buchholz, Sonneborn-Berger, game points
    head_room: tuple[int, ...]

    @staticmethod
    def of(headers: StandingsHeaders, rows: Sequence[StandingRow], width: int, style: Style) -> _Columns:
        heads = (headers.points, headers.buchholz, headers.sonneborn_berger, headers.game_points)
        values = [_values(row)[1:] for row in rows]
        widths = []
        for k, head in enumerate(heads):
            head_w = min(_words_width(_words(head), HEAD_FONT, style), HEAD_WIDTH)
            widths.append(max([head_w, *(_digits_width(v[k], FONT, style) for v in values)]))
        rank_head = _words_width(fit(_words(headers.rank), HEAD_FONT, HEAD_WIDTH), HEAD_FONT, style)
        rank_w = max([rank_head, *(_digits_width(str(r.rank), FONT, style) for r in rows)])
        star_w = symbol_sprite(style, KIND, "star", FONT, BACK, "badge").width
        rights, x = [], width - MARGIN
        for w in reversed(widths):
            rights.append(x)
            x -= w + GAP
        name_x = MARGIN + rank_w + GAP // 2 + star_w + GAP // 2
        return _Columns(
            MARGIN + rank_w, MARGIN + rank_w + GAP // 2, name_x, x - name_x, tuple(reversed(rights)), tuple(widths)
        )

    def header(self, headers: StandingsHeaders, y: int, style: Style) -> tuple[Cell, ...]:
        heads = (headers.points, headers.buchholz, headers.sonneborn_berger, headers.game_points)
        rank = fit(_words(headers.rank), HEAD_FONT, HEAD_WIDTH)
        cells = [
            _cell(
                rank,
                "words",
                HEAD_FONT,
                "muted",
                BACK,
                self.rank_right - _words_width(rank, HEAD_FONT, style),
                y,
                style,
            ),
            _cell(
                fit(_words(headers.name), HEAD_FONT, self.name_room),
                "words",
                HEAD_FONT,
                "muted",
                BACK,
                self.name_x,
                y,
                style,
            ),
        ]
        for head, right, room in zip(heads, self.rights, self.head_room, strict=True):
            text = fit(_words(head), HEAD_FONT, room)
            cells.append(
                _cell(text, "words", HEAD_FONT, "muted", BACK, right - _words_width(text, HEAD_FONT, style), y, style)
            )
        return tuple(cells)

    def line(
        self, index: int, row: StandingRow, winner: bool, headers: StandingsHeaders, box: Box, style: Style
    ) -> Line:
        back = WINNER_BACK if winner else BACK
        fore = "chalk_faint" if row.withdrawn else "text"
        middle = (box[1] + box[3]) // 2
        name, own = shown_name(row.name, row.rank - 1, {"seat": f"{_words(headers.name)} {{seat}}"})
        name = fit(name, FONT, self.name_room)
        rank, *numbers = _values(row)
        cells = [
            _centred(rank, "digits", fore, back, self.rank_right - _digits_width(rank, FONT, style), middle, style)
        ]
        name_cell = _centred(name, "words", fore if own else "muted", back, self.name_x, middle, style)
        cells.append(name_cell)
        for text, right in zip(numbers, self.rights, strict=True):
            cells.append(_centred(text, "digits", fore, back, right - _digits_width(text, FONT, style), middle, style))
        star = None
        if winner:
            sprite = symbol_sprite(style, KIND, "star", FONT, back, "badge")
            top = middle - sprite.height // 2
            star = (self.star_x, top, self.star_x + sprite.width, top + sprite.height)
        strike = None
        if row.withdrawn:
            x0, top, x1, bottom = name_cell.box
            at = top + round(0.6 * (bottom - top))  # through the middle of the small letters
            strike = (x0, at - 1, x1, at + 1)
        return Line(index, box, back, winner, row.withdrawn, own, tuple(cells), star, strike)


def _values(row: StandingRow) -> tuple[str, ...]:
    return (
        str(row.rank),
        number(row.points),
        number(row.buchholz),
        number(row.sonneborn_berger),
        str(row.game_points),
    )


def _words(text: str) -> str:
    """`text` without what the bundled fonts cannot draw (an emoji in an event's name), never as boxes."""
    return clean("".join(ch if drawable(ch) else " " for ch in clean(text)))


def _sprite(cell: Cell, style: Style) -> Image.Image:
    if cell.face == "words":
        return word_sprite(style, KIND, cell.text, cell.size, cell.back, cell.fore)
    return text_sprite(style, KIND, cell.text, cell.size, cell.back, cell.fore)


def _cell(text: str, face: str, size: int, fore: str, back: str, x: int, y: int, style: Style) -> Cell:
    probe = Cell(text, (x, y, x, y), size, face, fore, back)
    w, h = _sprite(probe, style).size
    return Cell(text, (x, y, x + w, y + h), size, face, fore, back)


def _centred(text: str, face: str, fore: str, back: str, x: int, middle: int, style: Style) -> Cell:
    """A row's cell at its font size, centred on the row's middle line."""
    cell = _cell(text, face, FONT, fore, back, x, 0, style)
    h = cell.box[3]
    return _cell(text, face, FONT, fore, back, x, middle - h // 2, style)


def _words_width(text: str, size: int, style: Style) -> int:
    return word_sprite(style, KIND, text, size, BACK, "text").width if text else 0


def _digits_width(text: str, size: int, style: Style) -> int:
    return text_sprite(style, KIND, text, size, BACK, "text").width
