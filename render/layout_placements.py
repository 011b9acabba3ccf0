"""How one tile sits against its parent: the spinner and branch arithmetic of the picture language.

A double lies across its line, centred on it, and owns a zone on the far end of its line and one
on either long side for its branches; a non-double's matching half fills its parent's zone and its
other half lies beyond, straight on or round a corner. Each connection point owns a *zone*: the
half-tile square just beyond it, where the next tile's matching half goes or where its badge or
dot is drawn, so no tile ever hides a mark. The search (`layout_search`) tries these placements.
"""

from __future__ import annotations

from typing import NamedTuple

from engine import PlacedTile, Slot, Tile

from .grid import EAST, HALF, Box, Vec, left_of, right_of, shifted


class Zone(NamedTuple):
    """The square beyond a free connection point, the way out of it, and whether the face is a
    double's long side (4u, so the next tile may sit 1u off its middle and still touch it fully)."""

    slot: Slot
    box: Box
    out: Vec
    long: bool


class Placement:
    """A tile put down: its box, its halves (pip, box) in reading order, and the zone of each point
    not joined to its parent."""

    __slots__ = ("box", "halves", "reach", "zone_boxes", "zones")

    def __init__(self, box: Box, halves: tuple[tuple[int, Box], tuple[int, Box]], zones: tuple[Zone, ...]) -> None:
        self.box = box
        self.halves = halves
        self.zones = zones
        self.zone_boxes = tuple(z.box for z in zones)
        x0, y0, x1, y1 = box
        for a, b, c, d in self.zone_boxes:
            if a < x0:
                x0 = a
            if b < y0:
                y0 = b
            if c > x1:
                x1 = c
            if d > y1:
                y1 = d
        self.reach = (x0, y0, x1, y1)  # the box and its zones: placements whose reaches are apart cannot clash


def root_placement(t: Tile) -> Placement:
    """The first tile of the layout, centred on the grid's origin, every point free."""
    if t.is_double:
        return double_at(t, (-1, -1, 1, 1), EAST, 0, root=True)
    low, high = (-2, -1, 0, 1), (0, -1, 2, 1)
    zones = (Zone(Slot.LOW, (-4, -1, -2, 1), (-1, 0), False), Zone(Slot.HIGH, (2, -1, 4, 1), EAST, False))
    return Placement((-2, -1, 2, 1), ((t.low, low), (t.high, high)), zones)


def double_at(t: Tile, zone: Box, d: Vec, shift: int, root: bool = False) -> Placement:
    """A double laid across a line running in direction `d`, its middle in `zone` moved `shift` across."""
    left, right = left_of(d), right_of(d)
    core = shifted(zone, right, shift)
    a, b = shifted(core, left, 1), shifted(core, right, 1)
    if (b[1], b[0]) < (a[1], a[0]):
        a, b = b, a  # both halves show the same pips; keep them in reading order
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
    zones = [
        Zone(Slot.LINE_B, shifted(core, d, HALF), d, True),
        Zone(Slot.BRANCH_A, shifted(core, left, 3), left, False),
        Zone(Slot.BRANCH_B, shifted(core, right, 3), right, False),
    ]
    if root:
        back = (-d[0], -d[1])
        zones.insert(0, Zone(Slot.LINE_A, shifted(core, back, HALF), back, True))
    return Placement(box, ((t.low, a), (t.low, b)), tuple(zones))


def non_double_at(pt: PlacedTile, zone: Box, d: Vec) -> Placement:
    """A non-double whose matching half fills `zone` and whose other half lies in direction `d`."""
    t = pt.tile
    dx, dy = d[0] * HALF, d[1] * HALF
    outer = (zone[0] + dx, zone[1] + dy, zone[2] + dx, zone[3] + dy)
    beyond = (outer[0] + dx, outer[1] + dy, outer[2] + dx, outer[3] + dy)
    if pt.slot is Slot.LOW:
        near, far, outer_slot = t.low, t.high, Slot.HIGH
    else:
        near, far, outer_slot = t.high, t.low, Slot.LOW
    if dx < 0 or dy < 0:  # the outer half comes first in reading order
        halves = ((far, outer), (near, zone))
        box = (outer[0], outer[1], zone[2], zone[3])
    else:
        halves = ((near, zone), (far, outer))
        box = (zone[0], zone[1], outer[2], outer[3])
    return Placement(box, halves, (Zone(outer_slot, beyond, d, False),))
