"""The search that walks the tiles in playing order and puts each against its parent.

Tiles are placed in the order they were played, each touching its parent (`layout_placements`
says how). Tiles that are not joined keep a gap between them, so that touching always means
joined, and the whole layout keeps to a frame, so that it reads in a phone's preview; lines turn
early enough to keep it a compact block of about the frame's shape. A depth-first search takes
back earlier choices only when a tile finds no room at all, so adding a tile nearly always leaves
the tiles before it where they were.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from engine import PlacedTile, Slot
from engine.layout import BRANCHES

from .grid import GAP, Box, Vec, left_of, overlap, right_of, shifted
from .layout_placements import Placement, Zone, double_at, non_double_at, root_placement

# The span a layout keeps to (u, marks included) when no frame is given to the search; the public
# function uses the one picture's frame for the number of sides (see preview.py).
FRAME = (32, 30)
SOFT_START, SOFT_FULL = 6, 30  # the soft frame starts at 0.45 of the frame and is whole from tile 24 on
SEARCH_BUDGET = 6_000  # placements tried before the frame grows (about 0.25 s at worst)


@dataclass(frozen=True, slots=True)
class Solved:
    """A layout found: its placements, its spans, the zone each tile filled, the rung of the ladder
    that found it and the budget that rung had left."""

    placed: tuple[Placement, ...]
    boxes: tuple[Box, ...]
    own_zones: tuple[Zone | None, ...]
    rung: int
    budget_left: int


class Search:
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
        self,
        tiles: tuple[PlacedTile, ...],
        gap: int = GAP,
        frame: tuple[int, int] = FRAME,
        strict: bool = True,
        *,
        last_only: bool = False,
    ) -> None:
        """`last_only`: the links of the last tile alone, for `extend` (the others' are not read there)."""
        self.tiles = tiles
        self.strict = strict
        self.gap = gap
        self.frame = frame
        self.placed: list[Placement] = []
        self.budget_left = 0  # what the search had left of its budget when it ended
        self.boxes: list[Box] = []  # the span of the layout so far, marks included, after each tile
        self.own_zones: list[Zone | None] = [None] * len(tiles)  # the zone each tile fills on its parent
        self.parent_index = [-1] * len(tiles)
        # Which side of a spinner is its branch A is the picture's choice, made by the first branch
        # tile: a branch B tile takes the side its A sibling left, so it depends on that sibling too.
        self.sibling_a = [-1] * len(tiles)
        if last_only and tiles:
            self._link_last()
            return
        index = {pt.tile: i for i, pt in enumerate(tiles)}
        self.parent_index = [index[pt.parent] if pt.parent is not None else -1 for pt in tiles]
        first_a: dict[object, int] = {}  # each parent's first branch A tile so far
        for i, pt in enumerate(tiles):
            if pt.parent_slot is Slot.BRANCH_B:
                self.sibling_a[i] = first_a.get(pt.parent, -1)
            elif pt.parent_slot is Slot.BRANCH_A:
                first_a.setdefault(pt.parent, i)

    def _link_last(self) -> None:
        """The parent and branch A sibling of the last tile alone, for `extend`: found by comparing tile
        numbers, without hashing every tile (a `Tile` hashes in Python code)."""
        last = len(self.tiles) - 1
        pt = self.tiles[last]
        parent = pt.parent
        if parent is None:
            return
        number, b_side = parent.low * 7 + parent.high, pt.parent_slot is Slot.BRANCH_B
        for j in range(last):
            other = self.tiles[j]
            if other.tile.low * 7 + other.tile.high == number:
                self.parent_index[last] = j
            elif (
                b_side
                and self.sibling_a[last] < 0
                and other.parent_slot is Slot.BRANCH_A
                and other.parent is not None
                and other.parent.low * 7 + other.parent.high == number
            ):
                self.sibling_a[last] = j

    def run(self, budget: int = SEARCH_BUDGET) -> list[Placement] | None:
        """The placements in playing order, or None when there is no room or the budget runs out."""
        n = len(self.tiles)
        if not n:
            return []
        placed, boxes = self.placed, self.boxes
        choices: list[Iterator[tuple[Placement, Zone | None]]] = [iter(((root_placement(self.tiles[0].tile), None),))]
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

    def solved(self, rung: int) -> Solved:
        """What the search found, to be remembered; `rung`: the rung of the ladder it was run on."""
        return Solved(tuple(self.placed), tuple(self.boxes), tuple(self.own_zones), rung, self.budget_left)

    def _put(self, candidate: Placement) -> None:
        b = candidate.reach
        if self.boxes:
            x0, y0, x1, y1 = self.boxes[-1]
            b = (min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3]))
        self.placed.append(candidate)
        self.boxes.append(b)

    def extend(self, before: Solved) -> list[Placement] | None:
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

    def _culprit(self, p: Placement, i: int) -> int:
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
                if z != own_box and overlap(z, rect):
                    return j
            for z in zone_boxes:
                if overlap(z, q.box):
                    return j
                for other in q.zone_boxes:
                    if overlap(z, other):
                        return j
        return -1

    def soft_frame(self, i: int) -> tuple[int, int]:
        """The span the first `i` tiles should keep to: the frame's shape, growing with the tile count."""
        width, height = self.frame
        share = min(1.0, math.sqrt((i + SOFT_START) / SOFT_FULL))
        return round(width * share), round(height * share)

    def _candidates(self, i: int) -> Iterator[tuple[Placement, Zone]]:
        """The ways to lay tile `i` against its parent: those that stay in the soft frame first, then
        those that leave it least; among equals, straight on before round a corner."""
        box = self.boxes[-1]
        w, h = self.soft_frame(i)

        def overflow(way: tuple[Placement, Zone, bool]) -> int:
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

    def _zones(self, i: int) -> list[Zone]:
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

    def _ways(self, i: int) -> Iterator[tuple[Placement, Zone, bool]]:
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
                yield double_at(pt.tile, z, d, 0), zone, False
                if not self.strict:  # off the middle of the end it is laid against, as a last resort
                    for way in across:
                        yield double_at(pt.tile, z, d, 1 if way == right else -1), zone, True
                continue
            yield non_double_at(pt, z, d), zone, False
            if not parent.is_double:
                for way in across:
                    yield non_double_at(pt, z, way), zone, False
            elif not self.strict:
                # As a last resort, a tile against a spinner may turn at once: on a spinner's long side
                # it starts 1u off the middle, towards the turn, so only its matching half touches it.
                shift = 1 if zone.long else 0
                for way in across:
                    yield non_double_at(pt, shifted(z, way, shift), way), zone, True
                if zone.long:
                    for way in across:
                        yield non_double_at(pt, shifted(z, way, 1), d), zone, True

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
