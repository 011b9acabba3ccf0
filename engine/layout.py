"""The layout on the table: a tree of tiles in which every double is a spinner.

A non-double has two ends (`LOW`, `HIGH`). A double lies crosswise and has two
line points (`LINE_A`, `LINE_B`) and two branch points (`BRANCH_A`,
`BRANCH_B`); a placed double attaches by `LINE_A`, and its branches open only
once both line points are filled. The end total is kept up to date on every
placement by adding what changed, so scoring a move costs a few operations.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .errors import BadTargetError
from .option import SETTLING, Fates, Option
from .placement import ROWS, Placement, placement
from .rules import SCORING
from .tiles import ALL_TILES, Tile


class Slot(StrEnum):
    """A connection point of a tile on the table."""

    LOW = "low"
    HIGH = "high"
    LINE_A = "line_a"
    LINE_B = "line_b"
    BRANCH_A = "branch_a"
    BRANCH_B = "branch_b"


_BY_NUMBER = {t.low * 7 + t.high: t for t in ALL_TILES}  # a tile's number (as the layout keys it) -> the tile
_NUMBERS = 7 * 7  # tile numbers run below this
_new_tuple = tuple.__new__
# A placed tile's links: the tile, its parent, the parent's point it uses, its own point there, its seat, its order.
_Links = tuple[Tile, Tile | None, Slot | None, Slot | None, int, int]
# A fresh layout's lists, copied from these (never changed themselves).
_NO_LINKS: list[_Links | None] = [None] * _NUMBERS
_ZEROS: list[int] = [0] * _NUMBERS
_NOT_PLACED: list[int] = [-1] * _NUMBERS

# Enum members read through their class cost some 80 ns a lookup on CPython 3.11: `place` reads these names.
_LOW, _HIGH, _LINE_A = Slot.LOW, Slot.HIGH, Slot.LINE_A

LINES = (Slot.LINE_A, Slot.LINE_B)
BRANCHES = (Slot.BRANCH_A, Slot.BRANCH_B)
# A spinner's points are used in one order (`Node.free_points`): its lines, then its branches; the opening
# double is the only one whose LINE_A is free. By [is the opening][tiles attached so far]: the point used next.
_SPINNER_POINTS = ((Slot.LINE_B, *BRANCHES), (*LINES, *BRANCHES))
# After a tile takes a spinner's point, the change to its contribution at the next point, per pip (None: no
# point is left). Filling the second line makes the spinner interior: its 2 x pip stop counting.
_SPINNER_NEXT: dict[Slot, int | None] = {Slot.LINE_A: -2, Slot.LINE_B: 0, Slot.BRANCH_A: 0, Slot.BRANCH_B: None}


class PointState(StrEnum):
    """What a connection point is doing, for drawing and explaining the end total."""

    ATTACHED = "attached"  # joined to a neighbouring tile
    COUNTED = "counted"  # open and part of the end total
    OPEN = "open"  # open, counts zero (an unused branch)
    CLOSED = "closed"  # a branch of a spinner whose lines are not both filled yet


class Node:
    """One tile on the table and its links, as `Layout.nodes` shows them (a picture: changing it changes nothing)."""

    __slots__ = ("children", "contribution", "order", "parent", "parent_slot", "seat", "slot", "tile")

    def __init__(
        self,
        tile: Tile,
        parent: Tile | None,
        parent_slot: Slot | None,
        slot: Slot | None,
        seat: int,
        order: int,
        contribution: int,
    ) -> None:
        self.tile = tile
        self.parent = parent
        self.parent_slot = parent_slot  # the point on the parent this tile uses
        self.slot = slot  # this tile's own point that touches the parent
        self.children: dict[Slot, Tile] = {}
        self.contribution = contribution  # what this tile adds to the end total now
        self.seat = seat
        self.order = order

    def lines_filled(self) -> int:
        n = 1 if self.slot is Slot.LINE_A else 0
        return n + sum(1 for s in LINES if s in self.children)

    def free_points(self) -> tuple[Slot, ...]:
        """The points a tile may attach to now, in the order they are used."""
        t = self.tile
        if not t.is_double:
            return tuple(s for s in (Slot.LOW, Slot.HIGH) if s is not self.slot and s not in self.children)
        lines = tuple(s for s in LINES if s is not self.slot and s not in self.children)
        if lines:
            return lines
        return tuple(s for s in BRANCHES if s not in self.children)


@dataclass(frozen=True, slots=True)
class Point:
    """A connection point as seen from outside: where it is, its pip value and its state."""

    slot: Slot
    pip: int
    state: PointState
    neighbour: Tile | None = None


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A read-only picture of one tile on the table."""

    tile: Tile
    parent: Tile | None
    parent_slot: Slot | None
    slot: Slot | None
    seat: int
    order: int
    contribution: int
    points: tuple[Point, ...]

    @property
    def is_spinner(self) -> bool:
        return self.tile.is_double


class Layout:
    """The tiles on the table, their open points, and the end total.

    The tree is kept in flat lists indexed by a tile's number (low * 7 + high), which a placement fills
    in with a few stores and a search copies in a few list copies: for each tile on the table, its links
    as placed (`_links`: the tile, its parent, the parent's point it uses, its own point there, the seat
    that placed it, its place in the order) and what changes as play goes on (`_contribution`, what it
    adds to the end total now; `_attached`, how many tiles hang on it). `nodes` and `view` read the tree
    from them. An int hashes without running Python code, a Tile does not.
    """

    __slots__ = ("_attached", "_by_pip", "_contribution", "_links", "_looked", "_order", "_tiles", "root", "total")

    def __init__(self) -> None:
        self.total = 0
        self.root: Tile | None = None
        self._tiles: list[Tile] = []  # in the order placed
        # copied from empty ones made once: a copy is quicker than `[0] * _NUMBERS` (a layout a round)
        self._links: list[_Links | None] = _NO_LINKS.copy()
        self._contribution: list[int] = _ZEROS.copy()
        self._attached: list[int] = _ZEROS.copy()
        self._order: list[int] = _NOT_PLACED.copy()  # its place in the order placed (-1: not on the table)
        # The open points, kept ready for asking (the tree says the same, slower): for each pip value, the
        # open table tiles offering it, in the order they were placed, each with the change to its
        # contribution when a tile attaches there. A table tile offers one point at a time, except the
        # opening non-double (two, of different values).
        self._by_pip: tuple[dict[int, int], ...] = ({}, {}, {}, {}, {}, {}, {})  # pips 0 to MAX_PIP
        # `view` and `contributions` as they were at a number of tiles: a table only grows, and the bot looks
        # at one placement's table several times (its picture, its turn line, a computer's observation)
        self._looked: tuple[int, tuple[PlacedTile, ...], tuple[tuple[Tile, int], ...]] = (0, (), ())

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and self._order[tile.low * 7 + tile.high] >= 0

    def __iter__(self) -> Iterator[Tile]:
        """The tiles on the table, in the order they were placed."""
        return iter(self._tiles)

    def copy(self) -> Layout:
        """An independent copy (for search: play ahead without touching the real table)."""
        other = Layout.__new__(Layout)
        other.total = self.total
        other.root = self.root
        other._tiles = self._tiles.copy()
        other._links = self._links.copy()  # the links of a placed tile never change: shared
        other._contribution = self._contribution.copy()
        other._attached = self._attached.copy()
        other._order = self._order.copy()
        other._by_pip = tuple(d.copy() for d in self._by_pip)
        other._looked = self._looked  # values, of the same table
        return other

    @property
    def nodes(self) -> dict[Tile, Node]:
        """Every tile on the table with its links, in the order placed (built when asked: a picture)."""
        nodes: dict[Tile, Node] = {}
        for t in self._tiles:
            links = self._links[t.low * 7 + t.high]
            assert links is not None
            tile, parent, parent_slot, slot, seat, order = links
            nodes[t] = Node(tile, parent, parent_slot, slot, seat, order, self._contribution[t.low * 7 + t.high])
            if parent is not None and parent_slot is not None:
                nodes[parent].children[parent_slot] = t
        return nodes

    # -- asking -------------------------------------------------------------

    @property
    def open_pips(self) -> dict[Tile, tuple[int, ...]]:
        """Table tile -> the pip values where a tile may attach to it now (two only on an opening non-double)."""
        found: dict[int, tuple[int, ...]] = {}
        for pip, offering in enumerate(self._by_pip):
            for n in offering:
                found[n] = (*found.get(n, ()), pip)
        return {_BY_NUMBER[n]: found[n] for n in sorted(found, key=self._order.__getitem__)}

    def open_values(self) -> frozenset[int]:
        """The pip values a tile can attach to now (empty on an empty table, which takes anything)."""
        return frozenset(p for p, tiles in enumerate(self._by_pip) if tiles)

    def accepts(self, tile: Tile) -> bool:
        """Whether `tile` can be placed anywhere on the layout."""
        if not self._tiles:
            return True
        by_pip = self._by_pip
        return bool(by_pip[tile.low] or by_pip[tile.high])

    def accepts_any(self, tiles: list[Tile] | tuple[Tile, ...]) -> bool:
        """Whether some tile of `tiles` (a hand) can be placed: the test behind every forced draw and pass."""
        if not self._tiles:
            return bool(tiles)
        by_pip = self._by_pip
        for t in tiles:
            if by_pip[t.low] or by_pip[t.high]:
                return True
        return False

    def targets(self, tile: Tile) -> list[Tile | None]:
        """The table tiles `tile` can attach to, in the order they were placed (`[None]` for the opening)."""
        if not self._tiles:
            return [None]
        low, high = tile.low, tile.high
        numbers = [*self._by_pip[low], *(self._by_pip[high] if high != low else ())]
        numbers.sort(key=self._order.__getitem__)
        return [_BY_NUMBER[n] for n in numbers]

    def placements(self, tile: Tile) -> list[tuple[Placement, int]]:
        """Each placement of `tile` (onto a table tile, in the order they were placed, or the opening)
        with the end total it would give: `targets` and `total_after` together, one lookup per target."""
        return [(o.placement, o.total) for o in self.options_of((tile,), SETTLING)]

    def placements_of(self, tiles: list[Tile] | tuple[Tile, ...]) -> list[tuple[Placement, int]]:
        """`placements` of every tile in `tiles` (a hand), tile by tile."""
        return [(o.placement, o.total) for o in self.options_of(tiles, SETTLING)]

    def options_of(self, tiles: list[Tile] | tuple[Tile, ...], fates: Fates) -> list[Option]:
        """Every placement of every tile in `tiles` (a hand), tile by tile, each onto the table tiles in the
        order they were placed (or the opening), as an option: the end total it would give, its points,
        and their fate (`fates[total]`, from `option.FATES` or `SETTLING`). The one list of legal
        placements, and the hot path of every turn, hence written out in one loop."""
        make = _new_tuple  # an Option is a named tuple: built without the Python-level `__new__` it would call
        if not self._tiles:
            out: list[Option] = []
            for t in tiles:  # the opening: its end total is the tile's pips
                s = t.low + t.high
                out.append(make(Option, (placement(t, None), s, SCORING[s], fates[s])))
            return out
        out = []
        by_pip = self._by_pip
        total = self.total
        for tile in tiles:
            low = tile.low
            at_low = by_pip[low]
            high = tile.high
            at_high = by_pip[high]
            if at_low:
                if low == high:  # a double adds both halves
                    row = ROWS[low * 8]
                    base = total + 2 * low
                    for n, delta in at_low.items():
                        s = base + delta
                        out.append(make(Option, (row[n], s, SCORING[s], fates[s])))
                    continue
                row = ROWS[low * 7 + high]
                if at_high:  # targets on both halves: in the order the table tiles were placed
                    for n in sorted([*at_low, *at_high], key=self._order.__getitem__):
                        on_low = at_low.get(n)
                        s = total + low + at_high[n] if on_low is None else total + high + on_low
                        out.append(make(Option, (row[n], s, SCORING[s], fates[s])))
                else:  # a non-double adds its free half
                    base = total + high
                    for n, delta in at_low.items():
                        s = base + delta
                        out.append(make(Option, (row[n], s, SCORING[s], fates[s])))
            elif at_high:
                row = ROWS[low * 7 + high]
                base = total + low
                for n, delta in at_high.items():
                    s = base + delta
                    out.append(make(Option, (row[n], s, SCORING[s], fates[s])))
        return out

    def accepts_any_after(self, tile: Tile, on: Tile | None, tiles: list[Tile] | tuple[Tile, ...]) -> bool:
        """Whether some tile of `tiles` (other than `tile`) could be placed once `tile` is placed on `on`,
        worked out without placing it: the pip values open then are those open now, less the point `tile`
        covers when nothing else offers that value, plus the free half `tile` shows. (What tells a block
        at the end of a line, in perft.)"""
        if not self._tiles:
            values = {tile.low, tile.high}
        else:
            pip, _ = self._resolve(tile, on)
            assert on is not None
            values = {p for p, offering in enumerate(self._by_pip) if offering}
            if len(self._by_pip[pip]) == 1 and not self._offers_after_attach(on):
                values.discard(pip)
            values.add(tile.other(pip))  # a non-double shows its other half; a double its own pip
        return any((t.low in values or t.high in values) and t is not tile for t in tiles)

    def _offers_after_attach(self, on: Tile) -> bool:
        """Whether the table tile `on` still has an open point once one more tile attaches to it: a spinner
        has four points (three once attached by one of them), a non-double end takes one tile."""
        if on.low != on.high:
            return False
        number = on.low * 7 + on.high
        return self._attached[number] + 1 < (4 if self._order[number] == 0 else 3)

    def total_after(self, tile: Tile, on: Tile | None) -> int:
        """The end total the placement would give, without making it."""
        if not self._tiles:
            return _opening_contribution(tile)
        pip, x_delta = self._resolve(tile, on)
        return self.total + x_delta + _new_contribution(tile, pip)

    def _resolve(self, tile: Tile, on: Tile | None) -> tuple[int, int]:
        """Where `tile` joins `on`: the matching pip, and how `on`'s contribution changes; or why it cannot."""
        if on is not None:
            number = on.low * 7 + on.high
            for pip in (tile.low, tile.high):
                delta = self._by_pip[pip].get(number)
                if delta is not None:
                    return pip, delta
        if on is None:
            raise _refuse(tile, on, "it must name the table tile it attaches to")
        if on not in self:
            raise _refuse(tile, on, f"{on} is not on the table")
        offers = any(on.low * 7 + on.high in offering for offering in self._by_pip)
        shown = " or ".join(str(p) for p in sorted({tile.low, tile.high}))
        raise _refuse(tile, on, f"no open {shown} there" if offers else f"{on} has no open point")

    # -- changing -----------------------------------------------------------

    def place(self, tile: Tile, on: Tile | None, seat: int = -1) -> int:
        """Put `tile` on the table (on `on`, or as the opening); return the new end total."""
        low, high = tile.low, tile.high
        number = low * 7 + high
        order = self._order
        if order[number] >= 0:
            raise _refuse(tile, on, "it is already on the table")
        tiles = self._tiles
        count = len(tiles)
        if not count:
            return self._place_opening(tile, on, seat)
        by_pip = self._by_pip
        # where it joins: the open point of `on` showing one of its halves (never both: a table tile
        # offering two values is an opening non-double, and only that same tile shows both)
        on_number = -1 if on is None else on.low * 7 + on.high
        pip = low
        offering = by_pip[low]
        x_delta = offering.get(on_number)
        if x_delta is None:
            pip = high
            offering = by_pip[high]
            x_delta = offering.get(on_number)
            if x_delta is None:
                self._resolve(tile, on)  # raises, saying why
        if TYPE_CHECKING:  # found above (else `_resolve` raised); not checked again at run time
            assert on is not None and x_delta is not None
        attached = self._attached
        if on.low != on.high:  # an end takes one tile: its point closes
            slot = _LOW if pip == on.low else _HIGH
            del offering[on_number]
        else:  # a spinner's points fill in one order: its next point opens, or none is left
            slot = _SPINNER_POINTS[order[on_number] == 0][attached[on_number]]  # the opening: order 0
            after = _SPINNER_NEXT[slot]
            if after is None:
                del offering[on_number]
            else:
                offering[on_number] = after * pip
        attached[on_number] += 1
        contribution_of = self._contribution
        contribution_of[on_number] += x_delta
        if low == high:  # a terminal double counts both halves, until its other line is filled
            own, contribution, way_pip, way_delta = _LINE_A, 2 * pip, pip, -2 * pip
        elif pip == low:
            own, contribution, way_pip, way_delta = _LOW, high, high, -high
        else:
            own, contribution, way_pip, way_delta = _HIGH, low, low, -low
        self._links[number] = (tile, on, slot, own, seat, count)
        contribution_of[number] = contribution
        order[number] = count
        tiles.append(tile)
        by_pip[way_pip][number] = way_delta
        self.total += x_delta + contribution
        return self.total

    def _place_opening(self, tile: Tile, on: Tile | None, seat: int) -> int:
        if on is not None:
            raise _refuse(tile, on, "the table is empty: the opening attaches to nothing")
        low, high = tile.low, tile.high
        number = low * 7 + high
        self._tiles.append(tile)
        self._links[number] = (tile, None, None, None, seat, 0)
        self._contribution[number] = low + high  # a lone double counts both halves; a non-double both ends
        self._order[number] = 0
        if low == high:  # its line points first: attaching there changes nothing it counts
            self._by_pip[low][number] = 0
        else:  # either end: it stops counting the half that gets covered
            self._by_pip[low][number] = -low
            self._by_pip[high][number] = -high
        self.root = tile
        self.total = low + high
        return self.total

    # -- looking ------------------------------------------------------------

    def view(self) -> tuple[PlacedTile, ...]:
        """Every tile on the table, in the order placed, with the state of each of its points."""
        return self._look()[1]

    def _look(self) -> tuple[int, tuple[PlacedTile, ...], tuple[tuple[Tile, int], ...]]:
        looked = self._looked
        if looked[0] != len(self._tiles):
            nodes = self.nodes.values()
            looked = (len(self._tiles), tuple(self._view_node(n) for n in nodes), tuple(_counted_ends(nodes)))
            self._looked = looked
        return looked

    def _view_node(self, node: Node) -> PlacedTile:
        t = node.tile
        points: list[Point] = []
        free = set(node.free_points())
        if t.is_double:
            terminal = node.lines_filled() < 2
            for s in LINES + BRANCHES:
                if s is node.slot:
                    points.append(Point(s, t.low, PointState.ATTACHED, node.parent))
                elif s in node.children:
                    points.append(Point(s, t.low, PointState.ATTACHED, node.children[s]))
                elif s in LINES:
                    points.append(Point(s, t.low, PointState.COUNTED if terminal else PointState.OPEN))
                else:
                    points.append(Point(s, t.low, PointState.OPEN if s in free else PointState.CLOSED))
        else:
            for s, pip in ((Slot.LOW, t.low), (Slot.HIGH, t.high)):
                if s is node.slot:
                    points.append(Point(s, pip, PointState.ATTACHED, node.parent))
                elif s in node.children:
                    points.append(Point(s, pip, PointState.ATTACHED, node.children[s]))
                else:
                    points.append(Point(s, pip, PointState.COUNTED))
        return PlacedTile(
            t, node.parent, node.parent_slot, node.slot, node.seat, node.order, node.contribution, tuple(points)
        )

    def contributions(self) -> list[tuple[Tile, int]]:
        """The scoring ends as the seeds list them: (tile, value) for each counted end."""
        return list(self._look()[2])


def _counted_ends(nodes: Iterable[Node]) -> list[tuple[Tile, int]]:
    out: list[tuple[Tile, int]] = []
    for node in nodes:
        t = node.tile
        if t.is_double:
            if node.lines_filled() < 2:
                out.append((t, 2 * t.low))
        else:
            for s, pip in ((Slot.LOW, t.low), (Slot.HIGH, t.high)):
                if s is not node.slot and s not in node.children:
                    out.append((t, pip))
    return out


def _refuse(tile: Tile, on: Tile | None, reason: str) -> BadTargetError:
    where = "" if on is None else f" on {on}"
    return BadTargetError(
        f"cannot place {tile}{where} ({reason})", tile=str(tile), on=None if on is None else str(on), reason=reason
    )


def _opening_contribution(tile: Tile) -> int:
    return tile.low + tile.high  # a lone double counts both halves; a non-double both ends


def _new_contribution(tile: Tile, pip: int) -> int:
    """A freshly attached tile: a terminal double counts 2 x pip, a non-double its outer end."""
    return 2 * pip if tile.is_double else tile.other(pip)
