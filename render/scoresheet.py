"""The scoresheet picture: the paper X-and-stroke tally of docs/rules.md, one block per side.

A stroke is one displayed point; ten make a house, a large X (two strokes) with a small x (two
strokes each) in each of its four spaces. A block shows the side's seats and their players' names, whose turn it is,
the score as `N / 61` with what is still needed for exactly 61 (◎), and under it the houses.
A negative score is written in red on a red-tinted block, after a minus sign.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import Phase, TableSnapshot, rules

from .names import fit, shown_name, word_sprite
from .png import canvas, encode, paste_row, row_width
from .settlement import merged_labels
from .sprites import reduce_supersampled, seat_chip, symbol_sprite, text_sprite, to_palette
from .style import DEFAULT_STYLE, Style

KIND = "scoresheet"
HOUSE = 10  # strokes in a full house
HOUSE_COLUMNS = 7  # room for 61: six full houses and one stroke

_BIG, _SMALL = 0.09, 0.085  # inset of the large X; half-size of a small x (fractions of the house)
_SPACES = ((0.5, 0.2), (0.8, 0.5), (0.5, 0.8), (0.2, 0.5))  # top, right, bottom, left
# The ten strokes of a house in the order they are drawn, as (x0, y0, x1, y1) in a unit square.
HOUSE_STROKES: tuple[tuple[float, float, float, float], ...] = (
    (_BIG, _BIG, 1 - _BIG, 1 - _BIG),
    (1 - _BIG, _BIG, _BIG, 1 - _BIG),
    *(
        stroke
        for cx, cy in _SPACES
        for stroke in (
            (cx - _SMALL, cy - _SMALL, cx + _SMALL, cy + _SMALL),
            (cx + _SMALL, cy - _SMALL, cx - _SMALL, cy + _SMALL),
        )
    ),
)


@dataclass(frozen=True, slots=True)
class SideRow:
    """What the scoresheet shows for one side."""

    side: int
    seats: tuple[int, ...]
    raw: int
    points: int  # displayed: raw / 5
    needed: int  # displayed points still needed for exactly the target
    houses: tuple[int, ...]  # strokes in each house: full houses (10), then the house in progress
    negative: bool
    to_move: int | None  # the seat of this side whose turn it is
    winner: bool


@dataclass(frozen=True, slots=True)
class Scoresheet:
    rows: tuple[SideRow, ...]
    target: int  # displayed


def scoresheet_geometry(snapshot: TableSnapshot) -> Scoresheet:
    """The tally of every side in `snapshot`: houses, strokes, the score and what is still needed."""
    # only while a round is played: a round's last picture shows no mark of the next round
    turn = snapshot.turn if snapshot.phase is Phase.PLAYING else None
    winner = snapshot.winner if snapshot.phase is Phase.OVER else None
    return _sheet(snapshot.players, snapshot.target, snapshot.scores, turn, winner)


@lru_cache(maxsize=256)
def _sheet(players: int, target_raw: int, scores: tuple[int, ...], turn: int | None, winner: int | None) -> Scoresheet:
    """The same tally comes back turn after turn: made once, it is the same object, whose rows the picture
    finds its drawn rows by."""
    target = rules.displayed(target_raw)
    rows = []
    for side, raw in enumerate(scores):
        seats = rules.seats_of(players, side)
        rows.append(_side_row(side, seats, raw, target, turn if turn in seats else None, winner == side))
    return Scoresheet(tuple(rows), target)


@lru_cache(maxsize=512)
def _side_row(side: int, seats: tuple[int, ...], raw: int, target: int, to_move: int | None, winner: bool) -> SideRow:
    """One side's row, the same object whenever it shows the same: a side's row outlasts the other sides' turns."""
    points = rules.displayed(raw)  # every score is a multiple of 5, negative ones too
    full, rest = divmod(abs(points), HOUSE)
    houses = (HOUSE,) * full + ((rest,) if rest else ())
    return SideRow(side, seats, raw, points, target - points, houses, points < 0, to_move, winner)


def scoresheet_png(
    snapshot: TableSnapshot,
    *,
    names: Sequence[str] | None = None,
    labels: Mapping[str, str] | None = None,
    style: Style = DEFAULT_STYLE,
) -> bytes:
    """The scoresheet of `snapshot` as PNG bytes, each seat's chip followed by its player's name (`names`, by
    seat; a name no font draws by the seat's label from `labels`, as in `table_png`); without `names`, the
    chips alone."""
    return encode(
        scoresheet_image(scoresheet_geometry(snapshot), style, sheet_names(snapshot, names, labels, style)), style
    )


NAMES_WIDTH = 720  # the widest the scoresheet gets with names: its numbers stay 11 px in a 400 px preview


def sheet_names(
    snapshot: TableSnapshot, names: Sequence[str] | None, labels: Mapping[str, str] | None, style: Style = DEFAULT_STYLE
) -> tuple[str, ...]:
    """What each seat's chip is followed by: the player's name, shortened so the sheet keeps to `NAMES_WIDTH`
    (nothing without `names`)."""
    if names is None:
        return ()
    words = merged_labels(labels)
    shown = [shown_name(names[k] if names and k < len(names) else None, k, words)[0] for k in range(snapshot.players)]
    sheet = scoresheet_geometry(snapshot)
    widest = max(row_width(_head_parts(row, sheet.target, style, ("",) * snapshot.players)) for row in sheet.rows)
    side_seats = max(len(row.seats) for row in sheet.rows)
    room = (NAMES_WIDTH - 2 * style.sizes.margin - widest) // side_seats - style.sizes.score_font // 2
    return tuple(fit(text, style.sizes.small_font, max(3 * style.sizes.small_font, room)) for text in shown)


Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class SheetBoxes:
    """Where the scoresheet draws each side, in pixels: its block, its heading line, the minus sign of a
    negative score, and each house."""

    size: tuple[int, int]
    blocks: tuple[Box, ...]
    heads: tuple[int, ...]  # the middle line of each block's heading
    minus: tuple[Box | None, ...]
    houses: tuple[tuple[Box, ...], ...]


def scoresheet_boxes(sheet: Scoresheet, style: Style = DEFAULT_STYLE, names: Sequence[str] = ()) -> SheetBoxes:
    s = style.sizes
    house, gap, margin = s.house, s.house // 7, s.margin
    head = round(s.score_font * 1.5)
    columns = max([HOUSE_COLUMNS, *(len(r.houses) + (1 if r.negative else 0) for r in sheet.rows)])
    tally_w = columns * house + (columns - 1) * gap
    width = max(tally_w, *(row_width(_head_parts(row, sheet.target, style, names)) for row in sheet.rows)) + 2 * margin
    block = head + house + margin
    blocks, heads, minus, houses = [], [], [], []
    for k, row in enumerate(sheet.rows):
        top = margin // 2 + k * block
        blocks.append((margin // 3, top, width - margin // 3, top + block - margin // 3))
        heads.append(top + head // 2)
        x, y = margin, top + head
        minus.append((x, y, x + house, y + house) if row.negative else None)
        if row.negative:
            x += house + gap
        houses.append(
            tuple((x + n * (house + gap), y, x + n * (house + gap) + house, y + house) for n in range(len(row.houses)))
        )
    size = (width, block * len(sheet.rows) + margin)
    return SheetBoxes(size, tuple(blocks), tuple(heads), tuple(minus), tuple(houses))


def scoresheet_image(sheet: Scoresheet, style: Style = DEFAULT_STYLE, names: Sequence[str] = ()) -> Image.Image:
    s = style.sizes
    boxes = scoresheet_boxes(sheet, style, names)
    image = canvas(style, KIND, boxes.size, "paper")
    index = style.palette(KIND).index
    for k, row in enumerate(sheet.rows):
        back = _back(row)
        if back != "paper":
            image.paste(index[back], boxes.blocks[k])
        paste_row(image, _head_parts(row, sheet.target, style, names), s.margin, boxes.heads[k])
        ink = "ink_negative" if row.negative else "ink"
        sign = boxes.minus[k]
        if sign is not None:
            minus = symbol_sprite(style, KIND, "minus", s.score_font, back, ink)
            image.paste(minus, ((sign[0] + sign[2] - minus.width) // 2, (sign[1] + sign[3] - minus.height) // 2))
        for strokes, (x0, y0, _, _) in zip(row.houses, boxes.houses[k], strict=True):
            image.paste(house_sprite(style, strokes, s.house, back, ink), (x0, y0))
    return image


def _back(row: SideRow) -> str:
    if row.negative:
        return "row_negative"
    return "row_turn" if row.to_move is not None else "paper"


def _head_parts(row: SideRow, target: int, style: Style, names: Sequence[str] = ()) -> list[tuple[Image.Image, int]]:
    """`▶ (1) Ann (3) Bo  46 / 61  ◎ 15`, or a star for the winner (without `names`: the chips alone)."""
    s = style.sizes
    back = _back(row)
    ink = "ink_negative" if row.negative else "ink"
    size, small = s.score_font, s.small_font
    space = size // 4
    parts: list[tuple[Image.Image, int]] = []
    turn = symbol_sprite(style, KIND, "turn", small, back, "ink")
    if row.to_move is None:
        turn = Image.new("P", turn.size, style.palette(KIND).index[back])  # keep the columns aligned
    parts.append((turn, space))
    for seat in row.seats:
        parts.append((seat_chip(style, KIND, seat, s.chip, back, ring=seat == row.to_move), space))
        if seat < len(names) and names[seat]:
            parts.append((word_sprite(style, KIND, names[seat], small, back, "ink"), space * 2))
    parts[-1] = (parts[-1][0], space * 3)
    if row.negative:
        parts.append((symbol_sprite(style, KIND, "minus", size, back, ink), 0))
    parts.append((text_sprite(style, KIND, str(abs(row.points)), size, back, ink), space))
    parts.append((text_sprite(style, KIND, "/", size, back, "ink_faint"), space))
    parts.append((text_sprite(style, KIND, str(target), size, back, "ink"), space * 4))
    if row.winner:
        parts.append((symbol_sprite(style, KIND, "star", size, back, "badge"), 0))
    else:
        parts.append((symbol_sprite(style, KIND, "target", small, back, "ink"), space // 2))
        parts.append((text_sprite(style, KIND, str(row.needed), small, back, "ink"), 0))
    return parts


@lru_cache(maxsize=128)
def house_sprite(
    style: Style, strokes: int, size: int, back: str, ink: str, faint: str = "ink_faint", kind: str = KIND
) -> Image.Image:
    """One house with its first `strokes` strokes inked and the rest faint, so the count reads at a glance."""
    c = style.colors
    ss = style.sizes.supersample
    n = size * ss
    image = Image.new("RGB", (n, n), getattr(c, back))
    draw = ImageDraw.Draw(image)
    order = list(enumerate(HOUSE_STROKES))
    for k, (x0, y0, x1, y1) in order[strokes:] + order[:strokes]:  # faint strokes first, under the ink
        colour = getattr(c, ink) if k < strokes else getattr(c, faint)
        width = round((0.075 if k < 2 else 0.055) * n)
        draw.line((x0 * n, y0 * n, x1 * n, y1 * n), fill=colour, width=width)
    return to_palette(reduce_supersampled(image, ss), style, kind)
