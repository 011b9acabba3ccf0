"""A placement: which tile goes where, as one value with a text notation (as python-chess has `Move`).

The notation is the tile, then `@` and the table tile it attaches to: "3-5@1-3";
the opening, which attaches to nothing, is the tile alone: "3-5". It uses only
digits, `-` and `@`, so it fits in a Discord custom_id and is easy to type.
`Placement.parse` reads back `str(p)` and also every tile spelling the record
accepts ("5-3", "3|5", "[3|5]"), with spaces around the parts forgiven.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import Tile, parse_tile

AT = "@"


@dataclass(frozen=True, slots=True)
class Placement:
    """`tile` attached to the table tile `on` (None for the opening)."""

    tile: Tile
    on: Tile | None = None

    def __str__(self) -> str:
        return str(self.tile) if self.on is None else f"{self.tile}{AT}{self.on}"

    def __reduce__(self) -> tuple[object, tuple[Tile, Tile | None]]:
        return placement, (self.tile, self.on)  # a pickled placement is the interned one, as tiles are

    def __copy__(self) -> Placement:
        return self

    def __deepcopy__(self, memo: object) -> Placement:
        return self

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read "a-b" (an opening) or "a-b@c-d"; raise ValueError on anything else."""
        if not isinstance(text, str):
            raise ValueError(f"not a placement: {text!r}")
        placed, at, on = text.partition(AT)
        try:
            return placement(parse_tile(placed), parse_tile(on) if at else None)
        except ValueError:
            raise ValueError(f"not a placement: {text!r}") from None


OPENING = 49  # the index of the opening in a row of `ROWS` (what `Layout.options_of` reads)

# Every placement there can be, made once (as tiles are), so the hot paths never build one:
# ROWS[tile's low * 7 + high][table tile's low * 7 + high, or OPENING]; numbers no tile has stay unused.
ROWS: list[tuple[Placement, ...]] = []


def _build_rows() -> None:
    from .tiles import ALL_TILES

    by_number = {t.low * 7 + t.high: t for t in ALL_TILES}
    rows: list[tuple[Placement, ...]] = [() for _ in range(OPENING)]
    for n, t in by_number.items():
        opening = Placement(t)
        row = [opening] * (OPENING + 1)
        for m, on in by_number.items():
            row[m] = Placement(t, on)
        rows[n] = tuple(row)
    ROWS.extend(rows)


_build_rows()


def placements_of(tile: Tile) -> tuple[Placement, ...]:
    """The interned placements of `tile`, indexed by the table tile's `low * 7 + high` (OPENING: the opening)."""
    return ROWS[tile.low * 7 + tile.high]


def placement(tile: Tile, on: Tile | None = None) -> Placement:
    """The interned placement of `tile` on `on`: equal to `Placement(tile, on)`, without building one."""
    return ROWS[tile.low * 7 + tile.high][OPENING if on is None else on.low * 7 + on.high]
