"""The one picture's scoreboard rows: a chip, a name and the score for each side, then its tally in houses.

A row is drawn whole once (`row_picture`) and pasted into every picture that shows it unchanged: a
side's row changes only when it scores or its turn comes. `name_room` is the width a name may take.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from .names import word_sprite
from .png import paste_row, put, row_width
from .preview import picture_limit
from .scoresheet import SideRow, house_sprite
from .sprites import seat_chip, symbol_sprite, text_sprite
from .style import DEFAULT_STYLE, Style

KIND = "table"
HOUSE_COLUMNS = 7  # room for 61: six full houses and one stroke


@lru_cache(maxsize=16)
def name_room(players: int, style: Style = DEFAULT_STYLE) -> int:
    """The width a name may take beside its chip: what the widest scoreboard row leaves in the picture's
    width limit, shared by the seats of a side (the same all match long, so names never jump)."""
    s = style.sizes
    side_seats = 2 if players == 4 else 1
    seats = tuple(range(side_seats))
    widest = SideRow(0, seats, 300, 60, 61, (10,) * 6, False, 0, False)  # two digits each: the widest it gets
    fixed = row_width(head_parts(widest, 61, style, ("",) * side_seats))
    houses = HOUSE_COLUMNS * (s.table_house + s.table_house // 8)
    free = picture_limit(style)[0] - 3 * s.table_margin - s.table_house // 3 - houses - fixed
    return max(3 * s.table_name_font, free // side_seats)


@lru_cache(maxsize=64)
def row_picture(
    style: Style,
    row: SideRow,
    target: int,
    names: tuple[str, ...],
    own: tuple[bool, ...],
    houses_x: int,
    height: int,
) -> Image.Image:
    """One scoreboard row's chips, names, score and houses, drawn whole on its back (the picture's width
    aside, which `paint_footer` fills): a side's row changes only when it scores or its turn comes, so most
    pictures paste the row drawn for one before."""
    s = style.sizes
    gap = s.table_house // 8
    width = houses_x + HOUSE_COLUMNS * (s.table_house + gap)
    index = style.palette(KIND).index
    image = Image.new("P", (width, height), index["strip"])  # pasted as indices: no palette of its own needed
    back = row_back(row)
    if back != "strip":
        image.paste(index[back], (s.table_margin // 2, 2, width, height - 2))
    middle = height // 2
    paste_row(image, head_parts(row, target, style, names, own), s.table_margin, middle)
    ink = "over" if row.negative else "text"
    x = houses_x
    for strokes in row.houses:
        sprite = house_sprite(style, strokes, s.table_house, back, ink, "chalk_faint", KIND)
        put(image, sprite, x, middle - sprite.height // 2)
        x += s.table_house + gap
    return image


MEMO_SIZE = 256
_drawn: dict[tuple[int, ...], tuple[object, ...]] = {}


def drawn_row(
    style: Style,
    row: SideRow,
    target: int,
    names: tuple[str, ...],
    own: tuple[bool, ...],
    houses_x: int,
    height: int,
) -> Image.Image:
    """`row_picture`, found by the identity of the row, the names and the style rather than by hashing all they
    hold: they are the same objects while the row does not change (`scoresheet_geometry` and the table's names
    are made once). The memory keeps those objects, so an id is never taken for another's."""
    key = (id(style), id(row), id(names), id(own), target, houses_x, height)
    found = _drawn.get(key)
    if found is not None and found[0] is style and found[1] is row and found[2] is names and found[3] is own:
        return found[4]  # type: ignore[return-value]
    picture = row_picture(style, row, target, names, own, houses_x, height)
    if len(_drawn) >= MEMO_SIZE:
        _drawn.clear()
    _drawn[key] = (style, row, names, own, picture)
    return picture


def row_back(row: SideRow) -> str:
    return "sheet_turn" if row.to_move is not None or row.winner else "strip"


def head_parts(
    row: SideRow, target: int, style: Style, names: tuple[str, ...], own: tuple[bool, ...] = ()
) -> list[tuple[Image.Image, int]]:
    """`▶ (1) ann 46/61 ◎15` or `▶ (1) ann (3) bo 46 ◎15`, or a star for the winner; a negative score in
    red after a minus sign.
    A seat's label standing in for a name is drawn fainter than a name."""
    return list(_head_sprites(row, target, style, names, own))


@lru_cache(maxsize=64)
def _head_sprites(
    row: SideRow, target: int, style: Style, names: tuple[str, ...], own: tuple[bool, ...]
) -> tuple[tuple[Image.Image, int], ...]:
    s = style.sizes
    back = row_back(row)
    ink = "over" if row.negative else "text"
    size, small = s.table_score_font, s.table_small_font
    space = size // 5
    parts: list[tuple[Image.Image, int]] = []
    turn = symbol_sprite(style, KIND, "turn", small, back, "text")
    if row.to_move is None:
        turn = Image.new("P", turn.size, style.palette(KIND).index[back])  # keep the columns aligned
    parts.append((turn, space))
    for seat in row.seats:
        parts.append((seat_chip(style, KIND, seat, s.table_chip, back, ring=seat == row.to_move), space))
        fore = "text" if seat >= len(own) or own[seat] else "muted"
        parts.append((word_sprite(style, KIND, names[seat], s.table_name_font, back, fore), space * 2))
    parts[-1] = (parts[-1][0], space * 3)
    if row.negative:
        parts.append((symbol_sprite(style, KIND, "minus", size, back, ink), 0))
    parts.append((text_sprite(style, KIND, f"{abs(row.points)}", size, back, ink), 0))
    if len(row.seats) == 1:  # a side of two keeps the room for its second name: ◎ says what is left
        parts.append((text_sprite(style, KIND, f"/{target}", small, back, "muted"), space * 3))
    else:
        parts[-1] = (parts[-1][0], space * 3)
    if row.winner:
        parts.append((symbol_sprite(style, KIND, "star", size, back, "badge"), 0))
    else:
        parts.append((symbol_sprite(style, KIND, "target", small, back, "text"), space // 2))
        parts.append((text_sprite(style, KIND, str(row.needed), size, back, "text"), 0))
    return tuple(parts)
