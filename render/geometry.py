"""Where every tile of the layout goes: a pure function from a snapshot to rectangles and marks.

Coordinates are in grid units `u`, y pointing down; half a tile is a 2u x 2u square, so a
non-double is 4u x 2u and a double, laid crosswise, is 2u thick and 4u long, centred on its
line. Each connection point owns a *zone*: the half-tile square just beyond it, where the next
tile's matching half goes or where its badge or dot is drawn, so no tile ever hides a mark.
Tiles are placed in the order they were played, each touching its parent, in the seeds' picture
language: a double lies across its line, centred on it; the tile against a spinner runs straight
out of the middle of the side it touches (a line through both long sides, a branch out of either
end, whichever the first branch takes), so a line turns only after at least one straight tile;
other tiles go straight on or round a corner. Tiles that are not joined keep a gap between them,
so that touching always means joined, and the whole layout keeps to a frame, so that it reads in
a phone's preview; lines turn early enough to keep it a compact block of about the frame's shape.

A depth-first search takes back earlier choices only when a tile finds no room at all, so adding
a tile nearly always leaves the tiles before it where they were. Chains of spinners and the single
straight tiles between them are rigid, so a very few layouts cannot keep both the language and the
frame: those grow the frame a little, and say so (`LayoutGeometry.relaxed`).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from engine import PlacedTile, PointState, Result, Slot, TableSnapshot, Tile
from engine.layout import BRANCHES

from .preview import table_frame

Vec = tuple[int, int]

EAST: Vec = (1, 0)
HALF = 2  # side of a half-tile square, in u
GAP = 1  # the least space between two tiles that are not joined, in u
# The span a layout keeps to (u, marks included) when no frame is given to the search; the public
# function uses the one picture's frame for the number of sides (see preview.py).
FRAME = (32, 30)
SOFT_START, SOFT_FULL = 6, 30  # the soft frame starts at 0.45 of the frame and is whole from tile 24 on
SEARCH_BUDGET = 6_000  # placements tried before the frame grows (about 0.25 s at worst)
GROWTH_BUDGET = 1_500  # and at each step of its growth
FRAME_GROWTH = (1.04, 1.08, 1.13, 1.2)  # the steps by which it grows when a layout cannot keep to it
CACHE_SIZE = 512  # layouts remembered, so the next placement's search starts from the one before it


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


class Relaxed(StrEnum):
    """A rule of the picture given up because the layout could not be drawn with it."""

    FRAME = "frame"  # the layout is larger than the frame: smaller tiles in the preview
    LINES = "lines"  # a tile against a spinner turns, or a spinner sits off the middle of its line
    GAP = "gap"  # tiles that are not joined may touch


@dataclass(frozen=True, slots=True)
class LayoutGeometry:
    tiles: tuple[TileBox, ...]
    connections: tuple[Connection, ...]
    badges: tuple[Mark, ...]
    dots: tuple[Mark, ...]
    bounds: Rect  # every tile and every mark
    equation: Equation | None
    relaxed: tuple[Relaxed, ...] = ()  # the rules of the picture this layout had to give up


# -- the search -------------------------------------------------------------
# The search compares placements many thousands of times, so it works on plain tuples:
# a box is (x0, y0, x1, y1) and a direction (dx, dy).

Box = tuple[int, int, int, int]


def _shift(b: Box, d: Vec, by: int) -> Box:
    dx, dy = d[0] * by, d[1] * by
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _rect(b: Box) -> Rect:
    return Rect(*b)


class _Zone(NamedTuple):
    """The square beyond a free connection point, the way out of it, and whether the face is a
    double's long side (4u, so the next tile may sit 1u off its middle and still touch it fully)."""

    slot: Slot
    box: Box
    out: Vec
    long: bool


class _Placement:
    """A tile put down: its box, its halves (pip, box) in reading order, and the zone of each point
    not joined to its parent."""

    __slots__ = ("box", "halves", "reach", "zone_boxes", "zones")

    def __init__(self, box: Box, halves: tuple[tuple[int, Box], tuple[int, Box]], zones: tuple[_Zone, ...]) -> None:
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


def _root(t: Tile) -> _Placement:
    if t.is_double:
        return _double_at(t, (-1, -1, 1, 1), EAST, 0, root=True)
    low, high = (-2, -1, 0, 1), (0, -1, 2, 1)
    zones = (_Zone(Slot.LOW, (-4, -1, -2, 1), (-1, 0), False), _Zone(Slot.HIGH, (2, -1, 4, 1), EAST, False))
    return _Placement((-2, -1, 2, 1), ((t.low, low), (t.high, high)), zones)


def _double_at(t: Tile, zone: Box, d: Vec, shift: int, root: bool = False) -> _Placement:
    """A double laid across a line running in direction `d`, its middle in `zone` moved `shift` across."""
    left, right = left_of(d), right_of(d)
    core = _shift(zone, right, shift)
    a, b = _shift(core, left, 1), _shift(core, right, 1)
    if (b[1], b[0]) < (a[1], a[0]):
        a, b = b, a  # both halves show the same pips; keep them in reading order
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
    zones = [
        _Zone(Slot.LINE_B, _shift(core, d, HALF), d, True),
        _Zone(Slot.BRANCH_A, _shift(core, left, 3), left, False),
        _Zone(Slot.BRANCH_B, _shift(core, right, 3), right, False),
    ]
    if root:
        back = (-d[0], -d[1])
        zones.insert(0, _Zone(Slot.LINE_A, _shift(core, back, HALF), back, True))
    return _Placement(box, ((t.low, a), (t.low, b)), tuple(zones))


def _non_double_at(pt: PlacedTile, zone: Box, d: Vec) -> _Placement:
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
    return _Placement(box, halves, (_Zone(outer_slot, beyond, d, False),))


class _Search:
    """Placement of the tiles in playing order by depth-first search with conflict-directed
    backjumping: when a tile finds no room, the search goes back straight to the latest earlier tile
    that stood in its way, so a crowded corner costs little.

    The frame is a hard limit on the span of the whole layout, marks included: it is what keeps the
    picture legible in a phone's preview. Within it, a smaller *soft* frame that grows with the
    number of tiles placed so far orders the choices, so that lines turn early enough to keep the
    layout a compact block of about the frame's shape rather than a long L. The soft frame of a tile
    depends only on the tiles before it, so adding a tile leaves the earlier ones where they were.
    """

    def __init__(
        self, tiles: tuple[PlacedTile, ...], gap: int = GAP, frame: tuple[int, int] = FRAME, strict: bool = True
    ) -> None:
        self.tiles = tiles
        self.strict = strict
        self.gap = gap
        self.frame = frame
        index = {pt.tile: i for i, pt in enumerate(tiles)}
        self.parent_index = [index[pt.parent] if pt.parent is not None else -1 for pt in tiles]
        self.placed: list[_Placement] = []
        self.budget_left = 0  # what the search had left of its budget when it ended
        self.boxes: list[Box] = []  # the span of the layout so far, marks included, after each tile
        self.own_zones: list[_Zone | None] = [None] * len(tiles)  # the zone each tile fills on its parent
        # Which side of a spinner is its branch A is the picture's choice, made by the first branch
        # tile: a branch B tile takes the side its A sibling left, so it depends on that sibling too.
        self.sibling_a = [-1] * len(tiles)
        for i, pt in enumerate(tiles):
            if pt.parent_slot is Slot.BRANCH_B:
                self.sibling_a[i] = next(
                    (
                        k
                        for k, other in enumerate(tiles[:i])
                        if other.parent == pt.parent and other.parent_slot is Slot.BRANCH_A
                    ),
                    -1,
                )

    def run(self, budget: int = SEARCH_BUDGET) -> list[_Placement] | None:
        """The placements in playing order, or None when there is no room or the budget runs out."""
        n = len(self.tiles)
        if not n:
            return []
        placed, boxes = self.placed, self.boxes
        choices: list[Iterator[tuple[_Placement, _Zone | None]]] = [iter(((_root(self.tiles[0].tile), None),))]
        conflicts: list[set[int]] = [set()]
        i = 0
        while True:
            choice = next(choices[i], None)
            if choice is not None:
                budget -= 1
                if budget < 0:
                    return None
                candidate, self.own_zones[i] = choice
                culprit = self._culprit(candidate, i)
                if culprit >= 0:
                    conflicts[i].add(culprit)
                    continue
                self._put(candidate)
                i += 1
                if i == n:
                    self.budget_left = budget
                    return placed
                del choices[i:], conflicts[i:]
                choices.append(self._candidates(i))
                # where a tile may go depends on where its parent is (and a branch B on its A sibling)
                conflicts.append({self.parent_index[i], self.sibling_a[i]} - {-1})
                continue
            if not conflicts[i]:
                return None  # every arrangement tried
            back = max(conflicts[i])
            conflicts[back] |= conflicts[i] - {back}
            del placed[back:], boxes[back:]
            i = back

    def _put(self, candidate: _Placement) -> None:
        b = candidate.reach
        if self.boxes:
            x0, y0, x1, y1 = self.boxes[-1]
            b = (min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3]))
        self.placed.append(candidate)
        self.boxes.append(b)

    def extend(self, before: _Solved) -> list[_Placement] | None:
        """The placements when the tiles but the last are placed as `before` placed them: the last tile's
        first way that fits. It is what `run` finds too, since the search reaches the same state for the
        earlier tiles first; None when the last tile finds no room there (then only `run` can tell)."""
        i = len(self.tiles) - 1
        self.placed, self.boxes = list(before.placed), list(before.boxes)
        self.own_zones = [*before.own_zones, None]
        budget = before.budget_left
        for candidate, zone in self._candidates(i):
            budget -= 1
            if budget < 0:
                return None
            self.own_zones[i] = zone
            if self._culprit(candidate, i) < 0:
                self._put(candidate)
                self.budget_left = budget
                return self.placed
        return None

    def _culprit(self, p: _Placement, i: int) -> int:
        """The earliest placed tile that leaves no room for `p`, or -1 when `p` fits."""
        rect = p.box
        px0, py0, px1, py1 = rect
        gap = self.gap
        width, height = self.frame
        parent = self.parent_index[i]
        own = self.own_zones[i]
        own_box = own.box if own is not None else None
        rx0, ry0, rx1, ry1 = p.reach
        zone_boxes = p.zone_boxes
        ux0, uy0, ux1, uy1 = self.boxes[-1] if self.boxes else p.reach
        # only when the layout so far and `p` overflow the frame need each tile be asked about it
        fits = max(ux1, rx1) - min(ux0, rx0) <= width and max(uy1, ry1) - min(uy0, ry0) <= height
        for j, q in enumerate(self.placed):
            qx0, qy0, qx1, qy1 = q.reach
            if not fits and (
                (qx1 if qx1 > rx1 else rx1) - (qx0 if qx0 < rx0 else rx0) > width
                or (qy1 if qy1 > ry1 else ry1) - (qy0 if qy0 < ry0 else ry0) > height
            ):
                return j  # the two together would not fit in the frame
            if qx0 >= rx1 + gap or rx0 >= qx1 + gap or qy0 >= ry1 + gap or ry0 >= qy1 + gap:
                continue  # too far apart to clash
            qx0, qy0, qx1, qy1 = q.box
            if j == parent:
                if qx0 < px1 and px0 < qx1 and qy0 < py1 and py0 < qy1:
                    return j
            elif (qx0 < px1 + gap and px0 < qx1 + gap and qy0 < py1 and py0 < qy1) or (
                qy0 < py1 + gap and py0 < qy1 + gap and qx0 < px1 and px0 < qx1
            ):
                return j  # face to face closer than the gap (see Rect.near)
            for z in q.zone_boxes:
                if z != own_box and _overlap(z, rect):
                    return j
            for z in zone_boxes:
                if _overlap(z, q.box):
                    return j
                for other in q.zone_boxes:
                    if _overlap(z, other):
                        return j
        return -1

    def soft_frame(self, i: int) -> tuple[int, int]:
        """The span the first `i` tiles should keep to: the frame's shape, growing with the tile count."""
        width, height = self.frame
        share = min(1.0, math.sqrt((i + SOFT_START) / SOFT_FULL))
        return round(width * share), round(height * share)

    def _candidates(self, i: int) -> Iterator[tuple[_Placement, _Zone]]:
        """The ways to lay tile `i` against its parent: those that stay in the soft frame first, then
        those that leave it least; among equals, straight on before round a corner."""
        box = self.boxes[-1]
        w, h = self.soft_frame(i)

        def overflow(way: tuple[_Placement, _Zone, bool]) -> int:
            b = way[0].reach
            span_w = max(box[2], b[2]) - min(box[0], b[0])
            span_h = max(box[3], b[3]) - min(box[1], b[1])
            return max(0, span_w - w) + max(0, span_h - h)

        ways = self._ways(i)
        first = next(ways)
        if not first[2] and not overflow(first):
            yield first[:2]  # most often the first way is the best: build the others only if it is refused
            rest = list(ways)
        else:
            rest = [first, *ways]
        # the picture language first, when it has been given up; stable: among equals, the usual order
        for p, zone, _ in sorted(rest, key=lambda way: (way[2], overflow(way))):
            yield p, zone

    def _zones(self, i: int) -> list[_Zone]:
        """The zones of its parent that tile `i` may fill: one, or either side for a first branch."""
        pt = self.tiles[i]
        parent = self.placed[self.parent_index[i]]
        slot = pt.parent_slot
        if slot is Slot.BRANCH_A:
            return [z for z in parent.zones if z.slot in BRANCHES]
        if slot is Slot.BRANCH_B and self.sibling_a[i] >= 0:
            taken = self.own_zones[self.sibling_a[i]]
            return [z for z in parent.zones if z.slot in BRANCHES and z != taken]
        return [z for z in parent.zones if z.slot is slot]

    def _ways(self, i: int) -> Iterator[tuple[_Placement, _Zone, bool]]:
        """A double lies across its line, centred on it; a tile against a double runs straight out of
        the middle of the side it touches; any other tile goes straight on, or round a corner towards
        the side with more room in the frame first. Each way says whether it breaks the language."""
        pt = self.tiles[i]
        parent = self.tiles[self.parent_index[i]].tile
        box = self.boxes[-1]
        for zone in self._zones(i):
            d, z = zone.out, zone.box
            left, right = left_of(d), right_of(d)
            across = (left, right) if self._room(z, left, box) >= self._room(z, right, box) else (right, left)
            if pt.tile.is_double:
                yield _double_at(pt.tile, z, d, 0), zone, False
                if not self.strict:  # off the middle of the end it is laid against, as a last resort
                    for way in across:
                        yield _double_at(pt.tile, z, d, 1 if way == right else -1), zone, True
                continue
            yield _non_double_at(pt, z, d), zone, False
            if not parent.is_double:
                for way in across:
                    yield _non_double_at(pt, z, way), zone, False
            elif not self.strict:
                # As a last resort, a tile against a spinner may turn at once: on a spinner's long side
                # it starts 1u off the middle, towards the turn, so only its matching half touches it.
                shift = 1 if zone.long else 0
                for way in across:
                    yield _non_double_at(pt, _shift(z, way, shift), way), zone, True
                if zone.long:
                    for way in across:
                        yield _non_double_at(pt, _shift(z, way, 1), d), zone, True

    def _room(self, zone: Box, d: Vec, box: Box) -> int:
        """How far a line could run from `zone` in direction `d` before leaving the frame."""
        w, h = self.frame
        if d == (1, 0):
            return box[0] + w - zone[2]
        if d == (-1, 0):
            return zone[0] - (box[2] - w)
        if d == (0, 1):
            return box[1] + h - zone[3]
        return zone[1] - (box[3] - h)


@dataclass(frozen=True, slots=True)
class _Solved:
    """A layout found: its placements, its spans, the zone each tile filled, the rung of the ladder
    that found it and the budget that rung had left."""

    placed: tuple[_Placement, ...]
    boxes: tuple[Box, ...]
    own_zones: tuple[_Zone | None, ...]
    rung: int
    budget_left: int


Key = tuple[object, ...]
_solved: OrderedDict[Key, _Solved] = OrderedDict()
_lock = threading.Lock()


def _ladder(frame: tuple[int, int]) -> tuple[tuple[int, tuple[int, int], bool, int, tuple[Relaxed, ...]], ...]:
    """The searches tried in turn, each giving up more of the picture's rules: (gap, frame, strict,
    budget, what it gives up)."""
    unbounded = (10_000, 10_000)
    grown = tuple((math.ceil(frame[0] * f), math.ceil(frame[1] * f)) for f in FRAME_GROWTH)
    return (
        (GAP, frame, True, SEARCH_BUDGET, ()),
        *((GAP, g, True, GROWTH_BUDGET, (Relaxed.FRAME,)) for g in grown),
        (GAP, frame, False, SEARCH_BUDGET, (Relaxed.LINES,)),
        (GAP, grown[-1], False, SEARCH_BUDGET, (Relaxed.FRAME, Relaxed.LINES)),
        (GAP, unbounded, False, 4 * SEARCH_BUDGET, (Relaxed.FRAME, Relaxed.LINES)),
        (0, unbounded, False, 40 * SEARCH_BUDGET, (Relaxed.FRAME, Relaxed.LINES, Relaxed.GAP)),
    )


def _place_all(
    tiles: tuple[PlacedTile, ...], frame: tuple[int, int] = FRAME
) -> tuple[list[_Placement], list[_Zone | None], tuple[Relaxed, ...]]:
    """The placements in playing order, the zone each fills on its parent, and the rules given up.

    Chains of spinners and the single straight tiles between them are rigid, so a few layouts of a
    real match (a few positions in ten thousand) cannot keep both the picture language and the
    frame. The language comes first while the picture stays legible: the frame grows step by step,
    by a fifth at most (half a tile stays above 20 px in the preview); beyond that a line may turn
    next to a spinner instead. The gap between tiles that are not joined goes last.

    A layout found is remembered by what the search reads of its tiles (the frame, and each tile with
    its parent and sides), so the next placement starts from it: the search for one more tile only
    tries that tile's ways, and gives the result a search from nothing would give.
    """
    ladder = _ladder(frame)
    key: Key = (frame, *((pt.tile, pt.parent, pt.parent_slot, pt.slot) for pt in tiles))
    with _lock:
        solved = _solved.get(key)
        if solved is not None:
            _solved.move_to_end(key)
        before = _solved.get(key[:-1]) if solved is None and len(tiles) > 1 else None
    if solved is None and before is not None:
        gap, limits, strict, _, _ = ladder[before.rung]
        search = _Search(tiles, gap=gap, frame=limits, strict=strict)
        if search.extend(before) is not None:
            solved = _remember(key, search, before.rung)
    if solved is None:
        for rung, (gap, limits, strict, budget, _) in enumerate(ladder):
            search = _Search(tiles, gap=gap, frame=limits, strict=strict)
            if search.run(budget) is not None:
                solved = _remember(key, search, rung)
                break
        else:
            raise RuntimeError(f"no room found for a layout of {len(tiles)} tiles")
    return list(solved.placed), list(solved.own_zones), ladder[solved.rung][4]


def _remember(key: Key, search: _Search, rung: int) -> _Solved:
    solved = _Solved(tuple(search.placed), tuple(search.boxes), tuple(search.own_zones), rung, search.budget_left)
    with _lock:
        _solved[key] = solved
        _solved.move_to_end(key)
        while len(_solved) > CACHE_SIZE:
            _solved.popitem(last=False)
    return solved


def forget_layouts() -> None:
    """Empty the memory of layouts found (for measuring the search from nothing)."""
    with _lock:
        _solved.clear()


# -- the public function ------------------------------------------------------


def layout_geometry(snapshot: TableSnapshot, frame: tuple[int, int] | None = None) -> LayoutGeometry:
    """Rectangles, connections and marks of the layout in `snapshot` (grid units, y down), kept
    within `frame` (its span in u, marks included; by default the one picture's frame for the
    number of sides) whenever the picture language allows."""
    if frame is None:
        frame = table_frame(snapshot.sides)
    tiles = tuple(sorted(snapshot.tiles, key=lambda pt: pt.order))
    placed, filled, relaxed = _place_all(tiles, frame)
    # the side a spinner's first branch took is its branch A; the other side is its branch B
    branch_a = {
        pt.parent: z.box
        for pt, z in zip(tiles, filled, strict=True)
        if z is not None and z.slot in BRANCHES and pt.parent_slot is Slot.BRANCH_A
    }
    last = snapshot.last.tile if snapshot.last is not None else None
    boxes: list[TileBox] = []
    connections: list[Connection] = []
    badges: list[Mark] = []
    dots: list[Mark] = []
    rects = {pt.tile: _rect(p.box) for pt, p in zip(tiles, placed, strict=True)}
    for pt, p in zip(tiles, placed, strict=True):
        rect = rects[pt.tile]
        (a, first), (b, second) = p.halves
        halves = ((a, _rect(first)), (b, _rect(second)))
        boxes.append(TileBox(pt.tile, rect, halves, pt.is_spinner, pt.tile == last, pt.seat, pt.order))
        if pt.parent is not None and pt.parent_slot is not None:
            connections.append(Connection(pt.parent, pt.tile, pt.parent_slot, shared_edge(rects[pt.parent], rect)))
        zones = {z.slot: z.box for z in p.zones}
        if pt.tile in branch_a:
            a_box = branch_a[pt.tile]
            zones[Slot.BRANCH_B] = next(z.box for z in p.zones if z.slot in BRANCHES and z.box != a_box)
            zones[Slot.BRANCH_A] = a_box
        badge_done = False
        # a lone opening double counts once: its badge goes on the far line, as on any other double
        points = pt.points if not pt.is_spinner else sorted(pt.points, key=lambda point: point.slot is not Slot.LINE_B)
        for point in points:
            zone = zones.get(point.slot)
            if zone is None or point.state is PointState.ATTACHED:
                continue
            if point.state is PointState.COUNTED:
                if pt.is_spinner and badge_done:
                    dots.append(Mark(pt.tile, point.slot, MarkKind.SHARED, None, _rect(zone)))
                    continue
                value = pt.contribution if pt.is_spinner else point.pip
                badges.append(Mark(pt.tile, point.slot, MarkKind.BADGE, value, _rect(zone)))
                badge_done = True
            else:
                kind = MarkKind.OPEN if point.state is PointState.OPEN else MarkKind.CLOSED
                dots.append(Mark(pt.tile, point.slot, kind, None, _rect(zone)))
    bounds = Rect(0, 0, 0, 0)
    if boxes:
        every = [b.rect for b in boxes] + [m.zone for m in badges] + [m.zone for m in dots]
        bounds = Rect(
            min(r.x0 for r in every), min(r.y0 for r in every), max(r.x1 for r in every), max(r.y1 for r in every)
        )
    return LayoutGeometry(
        tuple(boxes), tuple(connections), tuple(badges), tuple(dots), bounds, _equation(snapshot), relaxed
    )


def _equation(snapshot: TableSnapshot) -> Equation | None:
    """The seeds write the terms tile by tile, a tile's higher end first (opening [1|4]: 4 + 1)."""
    if snapshot.last is None or not snapshot.tiles:
        return None
    terms = tuple(v for _, v in sorted(snapshot.contributions, key=lambda c: (c[0], -c[1])))
    last = snapshot.last
    return Equation(terms, snapshot.end_total, last.points, last.result, last.seat)
