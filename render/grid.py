"""The grid the layout is measured in: rectangles, directions, and the sizes of a half tile and the gap.

Coordinates are in grid units `u`, y pointing down; half a tile is a 2u x 2u square, so a
non-double is 4u x 2u and a double, laid crosswise, is 2u thick and 4u long, centred on its line.
`Rect` is what the pictures and tests read; the search compares placements many thousands of
times, so it works on plain tuples instead: a `Box` is (x0, y0, x1, y1) and a direction (dx, dy).
"""

from __future__ import annotations

from dataclasses import dataclass

Vec = tuple[int, int]
Box = tuple[int, int, int, int]

EAST: Vec = (1, 0)
HALF = 2  # side of a half-tile square, in u
GAP = 1  # the least space between two tiles that are not joined, in u


@dataclass(frozen=True, slots=True, order=True)
class Rect:
    """An axis-aligned rectangle in grid units (x0 < x1, y0 < y1)."""

    x0: int
    y0: int
    x1: int
    y1: int

    def overlaps(self, other: Rect) -> bool:
        """Whether the interiors intersect (touching edges do not overlap)."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def near(self, other: Rect, gap: int) -> bool:
        """Whether the two face each other across less than `gap` (meeting only at a corner is not near)."""
        x_gap = max(other.x0 - self.x1, self.x0 - other.x1)  # negative when the x ranges overlap
        y_gap = max(other.y0 - self.y1, self.y0 - other.y1)
        return (x_gap < gap and y_gap < 0) or (y_gap < gap and x_gap < 0)

    def union(self, other: Rect) -> Rect:
        return Rect(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1))

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0


def shared_edge(a: Rect, b: Rect) -> tuple[int, int, int, int] | None:
    """The segment (x0, y0, x1, y1) along which two non-overlapping rectangles touch, if it has length."""
    if a.x1 == b.x0 or b.x1 == a.x0:
        x = a.x1 if a.x1 == b.x0 else a.x0
        lo, hi = max(a.y0, b.y0), min(a.y1, b.y1)
        return (x, lo, x, hi) if lo < hi else None
    if a.y1 == b.y0 or b.y1 == a.y0:
        y = a.y1 if a.y1 == b.y0 else a.y0
        lo, hi = max(a.x0, b.x0), min(a.x1, b.x1)
        return (lo, y, hi, y) if lo < hi else None
    return None


def left_of(d: Vec) -> Vec:
    return (d[1], -d[0])


def right_of(d: Vec) -> Vec:
    return (-d[1], d[0])


def shifted(b: Box, d: Vec, by: int) -> Box:
    """`b` moved `by` units in direction `d`."""
    dx, dy = d[0] * by, d[1] * by
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)


def overlap(a: Box, b: Box) -> bool:
    """Whether the interiors of two boxes intersect (`Rect.overlaps` on tuples)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
