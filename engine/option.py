"""An option: a legal placement with what it would do, and the tables that say what becomes of its points.

Every turn lists a few options (`Match.options`, built by `Layout.options_of`), so they are named tuples,
and the fate of their points is looked up in a table per amount of room left rather than worked out.
"""

from __future__ import annotations

from typing import NamedTuple

from .events import Result
from .placement import Placement
from .rules import MAX_END_TOTAL, SCORING
from .tiles import Tile


class Option(NamedTuple):
    """A legal placement and what it would do: the end total, the raw points, and their fate.

    A named tuple rather than a frozen dataclass: every move builds a few, and a tuple is made
    several times faster (it is just as immutable)."""

    placement: Placement
    total: int
    points: int
    result: Result  # SCORED, NONE, OVER (would pass the target) or SETTLED (the seat's last tile)

    @property
    def tile(self) -> Tile:
        return self.placement.tile

    @property
    def on(self) -> Tile | None:
        return self.placement.on


Fates = tuple[Result, ...]  # by end total: what becomes of a placement's points


def _fates(room: int) -> Fates:
    """The exact-target rule for one placement's points, by end total, for a side that may still gain
    `room` raw points: nothing to score, scored, or cancelled whole because it would pass the target."""
    return tuple(Result.NONE if not points else Result.OVER if points > room else Result.SCORED for points in SCORING)


class _FatesByRoom(dict[int, Fates]):
    """`_fates` by room left, each table made the first time it is asked for."""

    def __missing__(self, room: int) -> Fates:
        table = self[room] = _fates(room)
        return table


FATES: dict[int, Fates] = _FatesByRoom()  # FATES[room]: by end total, for a side with `room` raw points left
SETTLING: Fates = (Result.SETTLED,) * (MAX_END_TOTAL + 1)  # a seat's last tile: its points join the domino
