"""Where every tile of the layout goes: a pure function from a snapshot to rectangles and marks.

The plan is drawn in the seeds' picture language (in grid units, see `grid`): a double lies
across its line, centred on it; the tile against a spinner runs straight out of the middle of the
side it touches (a line through both long sides, a branch out of either end, whichever the first
branch takes), so a line turns only after at least one straight tile; other tiles go straight on
or round a corner. A free point's badge or dot is drawn in its zone (see `layout_placements`),
so no tile ever hides a mark. The tiles are placed by `layout_search`, within a frame that
`layout_fitting` grows when it must; this module turns the placements into what the pictures,
the machine-readable twin and the tests read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from operator import attrgetter
from typing import TypeVar

from engine import PlacedTile, PointState, Result, Slot, TableSnapshot, Tile
from engine.layout import BRANCHES

from .grid import Box, Rect, shared_edge
from .layout_fitting import Relaxed, place_all
from .layout_placements import Placement
from .preview import table_frame

_T = TypeVar("_T")


class MarkKind(StrEnum):
    """What a connection point shows: the rules' own picture language."""

    BADGE = "badge"  # a counted end: a filled badge with its contribution
    SHARED = "shared"  # the second free line of a lone double: counted in the other side's badge
    OPEN = "open"  # a hollow dot: an unused branch, counts zero
    CLOSED = "closed"  # a faint hollow dot: a branch that opens once both lines are filled


@dataclass(frozen=True, slots=True)
class Mark:
    tile: Tile
    slot: Slot
    kind: MarkKind
    value: int | None  # the contribution on a badge
    zone: Rect


@dataclass(frozen=True, slots=True)
class TileBox:
    """One tile as drawn: its rectangle and its two halves (pip value, square), in reading order."""

    tile: Tile
    rect: Rect
    halves: tuple[tuple[int, Rect], tuple[int, Rect]]
    spinner: bool
    last: bool
    seat: int
    order: int

    @property
    def vertical(self) -> bool:
        return self.rect.height > self.rect.width


@dataclass(frozen=True, slots=True)
class Connection:
    parent: Tile
    child: Tile
    parent_slot: Slot
    edge: tuple[int, int, int, int] | None  # where the two tiles touch; None would be a layout bug


@dataclass(frozen=True, slots=True)
class Equation:
    """The end total as the seeds write it: the counted terms, their sum, and what it scored."""

    terms: tuple[int, ...]
    total: int
    points: int  # raw
    result: Result | None
    seat: int | None  # who placed the last tile


@dataclass(frozen=True, slots=True)
class LayoutGeometry:
    tiles: tuple[TileBox, ...]
    connections: tuple[Connection, ...]
    badges: tuple[Mark, ...]
    dots: tuple[Mark, ...]
    bounds: Rect  # every tile and every mark
    equation: Equation | None
    relaxed: tuple[Relaxed, ...] = ()  # the rules of the picture this layout had to give up


def layout_geometry(
    snapshot: TableSnapshot, frame: tuple[int, int] | None = None, *, lines_first: bool = False
) -> LayoutGeometry:
    """Rectangles, connections and marks of the layout in `snapshot` (grid units, y down), kept
    within `frame` (its span in u, marks included; by default the one picture's frame for the
    number of sides) whenever the picture language allows. `lines_first`: a line may turn next to a
    spinner before the frame grows (`layout_fitting.ladder`)."""
    if frame is None:
        frame = table_frame(snapshot.sides)
    tiles = tuple(sorted(snapshot.tiles, key=_ORDER))
    placed, filled, relaxed = place_all(tiles, frame, lines_first)
    # Tiles are found by their number (low * 7 + high) here: a `Tile` hashes and compares in Python code.
    # The side a spinner's first branch took is its branch A; the other side is its branch B.
    branch_a = {
        _number(pt.parent): z.box
        for pt, z in zip(tiles, filled, strict=True)
        if z is not None and z.slot in BRANCHES and pt.parent_slot is Slot.BRANCH_A
    }
    last = _number(snapshot.last.tile) if snapshot.last is not None else -1
    attached = PointState.ATTACHED
    boxes: list[TileBox] = []
    connections: list[Connection] = []
    badges: list[Mark] = []
    dots: list[Mark] = []
    index: dict[int, int] = {}  # a tile's number -> its place in `tiles`
    for i, (pt, p) in enumerate(zip(tiles, placed, strict=True)):
        number = pt.tile.low * 7 + pt.tile.high
        index[number] = i
        box = _tile_box(p, pt, number == last)
        boxes.append(box)
        if pt.parent is not None and pt.parent_slot is not None:
            j = index[_number(pt.parent)]
            connections.append(_connection(placed[j], p, pt, boxes[j].rect, box.rect))
        for point in pt.points:
            if point.state is not attached:
                _add_marks(pt, number, _zones(p, branch_a.get(number)), badges, dots)
                break
    return LayoutGeometry(
        tuple(boxes),
        tuple(connections),
        tuple(badges),
        tuple(dots),
        _bounds(boxes, badges, dots),
        _equation(snapshot),
        relaxed,
    )


_ORDER = attrgetter("order")
MEMO_SIZE = 4096  # boxes, connections and marks remembered (the memories empty when full)
_boxes: dict[tuple[object, ...], TileBox] = {}
_connections: dict[tuple[object, ...], Connection] = {}
_marks: dict[tuple[object, ...], Mark] = {}


def _number(t: Tile | None) -> int:
    return -1 if t is None else t.low * 7 + t.high


@lru_cache(maxsize=4096)
def _rect(b: Box) -> Rect:
    """The rectangle of a box; the same few hundred boxes come back picture after picture, so each is made once."""
    return Rect(*b)


def _tile_box(p: Placement, pt: PlacedTile, last: bool) -> TileBox:
    """A tile as drawn: the next placement's layout keeps the placements before it (the same objects,
    see `layout_cache`), so a tile's box is made once, not once per picture. A placement belongs to one
    tile (the search makes it for that tile), so it keys the memory without hashing the tile."""
    key = (p, pt.seat, pt.order, last)
    box = _boxes.get(key)
    if box is None:
        (a, first), (b, second) = p.halves
        tile = pt.tile
        box = TileBox(
            tile, _rect(p.box), ((a, _rect(first)), (b, _rect(second))), tile.is_double, last, pt.seat, pt.order
        )
        _remember(_boxes, key, box)
    return box


def _connection(parent_p: Placement, p: Placement, pt: PlacedTile, parent_rect: Rect, rect: Rect) -> Connection:
    """Where a tile touches its parent: the two placements say which tiles and which point (see `_tile_box`)."""
    key = (parent_p, p)
    connection = _connections.get(key)
    if connection is None:
        assert pt.parent is not None and pt.parent_slot is not None
        connection = Connection(pt.parent, pt.tile, pt.parent_slot, shared_edge(parent_rect, rect))
        _remember(_connections, key, connection)
    return connection


def _remember(memory: dict[tuple[object, ...], _T], key: tuple[object, ...], value: _T) -> None:
    if len(memory) >= MEMO_SIZE:
        memory.clear()
    memory[key] = value


@lru_cache(maxsize=4096)
def _zones(p: Placement, a_box: Box | None) -> dict[Slot, Box]:
    """The zone of each free point of `p`; `a_box`: for a spinner, the side its first branch took."""
    zones = {z.slot: z.box for z in p.zones}
    if a_box is not None:
        zones[Slot.BRANCH_B] = next(z.box for z in p.zones if z.slot in BRANCHES and z.box != a_box)
        zones[Slot.BRANCH_A] = a_box
    return zones


def _add_marks(pt: PlacedTile, number: int, zones: dict[Slot, Box], badges: list[Mark], dots: list[Mark]) -> None:
    """Append the badge or dot of each point of `pt` (the tile numbered `number`) that is not joined to
    another tile."""
    badge_done = False
    # a lone opening double counts once: its badge goes on the far line, as on any other double
    points = pt.points if not pt.is_spinner else sorted(pt.points, key=lambda point: point.slot is not Slot.LINE_B)
    for point in points:
        zone = zones.get(point.slot)
        if zone is None or point.state is PointState.ATTACHED:
            continue
        if point.state is PointState.COUNTED:
            if pt.is_spinner and badge_done:
                dots.append(_mark(pt.tile, number, point.slot, MarkKind.SHARED, None, zone))
                continue
            value = pt.contribution if pt.is_spinner else point.pip
            badges.append(_mark(pt.tile, number, point.slot, MarkKind.BADGE, value, zone))
            badge_done = True
        else:
            kind = MarkKind.OPEN if point.state is PointState.OPEN else MarkKind.CLOSED
            dots.append(_mark(pt.tile, number, point.slot, kind, None, zone))


def _mark(tile: Tile, number: int, slot: Slot, kind: MarkKind, value: int | None, zone: Box) -> Mark:
    key = (number, slot._value_, kind._value_, value, zone)  # the enums' strings: they hash in C
    mark = _marks.get(key)
    if mark is None:
        mark = Mark(tile, slot, kind, value, _rect(zone))
        _remember(_marks, key, mark)
    return mark


def _bounds(boxes: list[TileBox], badges: list[Mark], dots: list[Mark]) -> Rect:
    """The span of every tile and every mark; an empty rectangle at the origin before the first tile."""
    if not boxes:
        return Rect(0, 0, 0, 0)
    every = [b.rect for b in boxes] + [m.zone for m in badges] + [m.zone for m in dots]
    return Rect(
        min([r.x0 for r in every]), min([r.y0 for r in every]), max([r.x1 for r in every]), max([r.y1 for r in every])
    )


def _equation(snapshot: TableSnapshot) -> Equation | None:
    """The seeds write the terms tile by tile, a tile's higher end first (opening [1|4]: 4 + 1)."""
    if snapshot.last is None or not snapshot.tiles:
        return None
    terms = tuple(v for _, v in sorted(snapshot.contributions, key=lambda c: (c[0].low, c[0].high, -c[1])))
    last = snapshot.last
    return Equation(terms, snapshot.end_total, last.points, last.result, last.seat)
