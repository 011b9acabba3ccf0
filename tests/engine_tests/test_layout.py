"""The layout: every worked example of docs/rules.md, checked against the seeds' own diagrams.

For each diagram the Korean seed (seeds/000_*.txt) lists the connections (연결), the possible
extension points (가능한 연장 연결 지점: tile, point, pip) and the counted contributions
(합산한 기여값). Those lists are transcribed below as they are written there; the expected
state of every point follows from them: a connection is ATTACHED, an extension point is COUNTED
when its tile is among the contributions and OPEN when not, and any other point is CLOSED.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine import BadTargetError, Layout, Placement, PointState, Slot, Tile, parse_tile

LOW, HIGH = Slot.LOW, Slot.HIGH
LA, LB, BA, BB = Slot.LINE_A, Slot.LINE_B, Slot.BRANCH_A, Slot.BRANCH_B


@dataclass(frozen=True)
class Diagram:
    """One of the seeds' diagrams: the plays that build it and what the seed lists for it."""

    name: str
    plays: tuple[tuple[str, str | None], ...]  # (tile, on), in order
    total: int
    raw: int
    contributions: tuple[tuple[str, int], ...]
    extensions: tuple[tuple[str, Slot, int], ...]
    connections: tuple[tuple[str, Slot, str, Slot], ...]  # (parent, its point, child, its point)


WALK = (("1-4", None), ("1-1", "1-4"), ("4-4", "1-4"), ("3-4", "4-4"), ("1-2", "1-1"), ("1-5", "1-1"))
WALK_CONNECTIONS = (
    ("1-4", LOW, "1-1", LA),
    ("1-4", HIGH, "4-4", LA),
    ("4-4", LB, "3-4", HIGH),
    ("1-1", LB, "1-2", LOW),
    ("1-1", BA, "1-5", LOW),
    ("1-5", HIGH, "5-5", LA),
    ("5-5", LB, "0-5", HIGH),
    ("1-1", BB, "1-3", LOW),
)

DIAGRAMS = [
    Diagram(
        "opening [1|4]",
        WALK[:1],
        5,
        5,
        (("1-4", 4), ("1-4", 1)),
        (("1-4", HIGH, 4), ("1-4", LOW, 1)),
        (),
    ),
    Diagram(
        "[1|1] on the 1 end",
        WALK[:2],
        6,
        0,
        (("1-1", 2), ("1-4", 4)),
        (("1-1", LB, 1), ("1-4", HIGH, 4)),
        WALK_CONNECTIONS[:1],
    ),
    Diagram(
        "[4|4] on the 4 end",
        WALK[:3],
        10,
        10,
        (("1-1", 2), ("4-4", 8)),
        (("1-1", LB, 1), ("4-4", LB, 4)),
        WALK_CONNECTIONS[:2],
    ),
    Diagram(
        "[3|4] on the free line of [4|4]",
        WALK[:4],
        5,
        5,
        (("1-1", 2), ("3-4", 3)),
        (("1-1", LB, 1), ("3-4", LOW, 3), ("4-4", BA, 4), ("4-4", BB, 4)),
        WALK_CONNECTIONS[:3],
    ),
    Diagram(
        "[1|2] on the free line of [1|1]",
        WALK[:5],
        5,
        5,
        (("1-2", 2), ("3-4", 3)),
        (("1-1", BA, 1), ("1-1", BB, 1), ("1-2", HIGH, 2), ("3-4", LOW, 3), ("4-4", BA, 4), ("4-4", BB, 4)),
        WALK_CONNECTIONS[:4],
    ),
    Diagram(
        "[1|5] on a branch of [1|1]",
        WALK,
        10,
        10,
        (("1-2", 2), ("1-5", 5), ("3-4", 3)),
        (("1-1", BB, 1), ("1-2", HIGH, 2), ("1-5", HIGH, 5), ("3-4", LOW, 3), ("4-4", BA, 4), ("4-4", BB, 4)),
        WALK_CONNECTIONS[:5],
    ),
    Diagram(
        # Not drawn in the seeds (docs/rules.md passes through it): worked by hand from the same rules.
        "[5|5] on [1|5]",
        (*WALK, ("5-5", "1-5")),
        15,
        15,
        (("1-2", 2), ("3-4", 3), ("5-5", 10)),
        (("1-1", BB, 1), ("1-2", HIGH, 2), ("3-4", LOW, 3), ("4-4", BA, 4), ("4-4", BB, 4), ("5-5", LB, 5)),
        WALK_CONNECTIONS[:6],
    ),
    Diagram(
        "[0|5] on [5|5]",
        (*WALK, ("5-5", "1-5"), ("0-5", "5-5")),
        5,
        5,
        (("0-5", 0), ("1-2", 2), ("3-4", 3)),
        (
            ("0-5", LOW, 0),
            ("1-1", BB, 1),
            ("1-2", HIGH, 2),
            ("3-4", LOW, 3),
            ("4-4", BA, 4),
            ("4-4", BB, 4),
            ("5-5", BA, 5),
            ("5-5", BB, 5),
        ),
        WALK_CONNECTIONS[:7],
    ),
    Diagram(
        "[1|3] on the other branch of [1|1]",
        (*WALK, ("5-5", "1-5"), ("0-5", "5-5"), ("1-3", "1-1")),
        8,
        0,
        (("0-5", 0), ("1-2", 2), ("1-3", 3), ("3-4", 3)),
        (
            ("0-5", LOW, 0),
            ("1-2", HIGH, 2),
            ("1-3", HIGH, 3),
            ("3-4", LOW, 3),
            ("4-4", BA, 4),
            ("4-4", BB, 4),
            ("5-5", BA, 5),
            ("5-5", BB, 5),
        ),
        WALK_CONNECTIONS,
    ),
    Diagram("opening [2|2]", (("2-2", None),), 4, 0, (("2-2", 4),), (("2-2", LA, 2), ("2-2", LB, 2)), ()),
    Diagram("opening [0|0]", (("0-0", None),), 0, 0, (("0-0", 0),), (("0-0", LA, 0), ("0-0", LB, 0)), ()),
    Diagram(
        "opening [3|6], then [6|6] on the 6",
        (("3-6", None), ("6-6", "3-6")),
        15,
        15,
        (("3-6", 3), ("6-6", 12)),
        (("3-6", LOW, 3), ("6-6", LB, 6)),
        (("3-6", HIGH, "6-6", LA),),
    ),
]


def build(plays: tuple[tuple[str, str | None], ...]) -> Layout:
    layout = Layout()
    for t, on in plays:
        layout.place(parse_tile(t), None if on is None else parse_tile(on))
    return layout


def points_for(tile: Tile) -> tuple[Slot, ...]:
    return (LA, LB, BA, BB) if tile.is_double else (LOW, HIGH)


def raw_points(total: int) -> int:
    """What the placement scores: the end total when it is a positive multiple of 5."""
    return total if total > 0 and total % 5 == 0 else 0


@pytest.mark.parametrize("diagram", DIAGRAMS, ids=[d.name for d in DIAGRAMS])
def test_end_total_and_counted_contributions(diagram: Diagram) -> None:
    layout = build(diagram.plays)
    assert layout.total == diagram.total
    assert raw_points(layout.total) == diagram.raw
    want = sorted((parse_tile(t), v) for t, v in diagram.contributions)
    assert sorted(layout.contributions()) == want
    assert sum(v for _, v in layout.contributions()) == layout.total


@pytest.mark.parametrize("diagram", DIAGRAMS, ids=[d.name for d in DIAGRAMS])
def test_point_states_match_the_seeds_extension_points(diagram: Diagram) -> None:
    layout = build(diagram.plays)
    counted_tiles = {parse_tile(t) for t, _ in diagram.contributions}
    expected: dict[tuple[Tile, Slot], tuple[PointState, int | None, Tile | None]] = {}
    for parent, parent_slot, child, child_slot in diagram.connections:
        p, c = parse_tile(parent), parse_tile(child)
        expected[(p, parent_slot)] = (PointState.ATTACHED, None, c)
        expected[(c, child_slot)] = (PointState.ATTACHED, None, p)
    for t, slot, pip in diagram.extensions:
        tt = parse_tile(t)
        state = PointState.COUNTED if tt in counted_tiles else PointState.OPEN
        expected[(tt, slot)] = (state, pip, None)

    seen = {}
    for placed in layout.view():
        assert tuple(p.slot for p in placed.points) == points_for(placed.tile)
        for point in placed.points:
            seen[(placed.tile, point.slot)] = point
    assert len(seen) == sum(len(points_for(parse_tile(t))) for t, _ in diagram.plays)
    for key, point in seen.items():
        state, pip, neighbour = expected.get(key, (PointState.CLOSED, None, None))
        assert point.state is state, f"{key[0]} {key[1]}: {point.state} != {state}"
        if pip is not None:
            assert point.pip == pip
        assert point.neighbour == neighbour


@pytest.mark.parametrize("diagram", DIAGRAMS, ids=[d.name for d in DIAGRAMS])
def test_each_placed_tile_records_how_it_joins_its_parent(diagram: Diagram) -> None:
    layout = build(diagram.plays)
    joins = {parse_tile(c): (parse_tile(p), ps, cs) for p, ps, c, cs in diagram.connections}
    for order, placed in enumerate(layout.view()):
        assert placed.order == order
        assert str(placed.tile) == diagram.plays[order][0]
        assert placed.is_spinner == placed.tile.is_double
        if order == 0:
            assert (placed.parent, placed.parent_slot, placed.slot) == (None, None, None)
        else:
            assert (placed.parent, placed.parent_slot, placed.slot) == joins[placed.tile]


@pytest.mark.parametrize("diagram", DIAGRAMS, ids=[d.name for d in DIAGRAMS])
def test_extension_points_are_exactly_where_a_tile_may_attach(diagram: Diagram) -> None:
    layout = build(diagram.plays)
    open_at: dict[Tile, set[int]] = {}
    for t, _, pip in diagram.extensions:
        open_at.setdefault(parse_tile(t), set()).add(pip)
    for candidate in (parse_tile(f"{a}-{b}") for a in range(7) for b in range(a, 7)):
        if candidate in layout:
            continue
        want = sorted(t for t, pips in open_at.items() if candidate.low in pips or candidate.high in pips)
        assert sorted(layout.targets(candidate)) == want, candidate
        assert layout.accepts(candidate) == bool(want)
        totals = [(on, layout.total_after(candidate, on)) for on in layout.targets(candidate)]
        assert layout.placements(candidate) == [(Placement(candidate, on), total) for on, total in totals]
        for on, total in totals:
            trial = layout.copy()
            assert trial.place(candidate, on) == total
            assert sum(v for _, v in trial.contributions()) == total


def test_the_prediction_of_a_placement_is_what_the_placement_gives() -> None:
    layout = build(WALK[:3])
    predicted = layout.total_after(parse_tile("3-4"), parse_tile("4-4"))
    assert layout.total == 10  # asking changes nothing
    assert layout.place(parse_tile("3-4"), parse_tile("4-4")) == predicted == 5


def test_a_spinner_fills_both_lines_before_either_branch() -> None:
    layout = build((("2-2", None),))
    steps = [("2-3", LA, 4 + 3), ("2-4", LB, 3 + 4), ("2-5", BA, 3 + 4 + 5), ("2-6", BB, 3 + 4 + 5 + 6)]
    for t, slot, total in steps:
        assert layout.place(parse_tile(t), parse_tile("2-2")) == total
        placed = {p.tile: p for p in layout.view()}[parse_tile(t)]
        assert placed.parent_slot is slot
    with pytest.raises(BadTargetError, match=r"cannot place 1-2 on 2-2 \(2-2 has no open point\)"):
        layout.place(parse_tile("1-2"), parse_tile("2-2"))


def test_a_lone_opening_double_stays_terminal_until_both_lines_are_filled() -> None:
    layout = build((("5-5", None), ("0-5", "5-5")))
    # one line filled: [5|5] still counts both halves, [0|5] its 0 end
    assert layout.total == 10
    assert sorted(layout.contributions()) == [(parse_tile("0-5"), 0), (parse_tile("5-5"), 10)]
    layout.place(parse_tile("3-5"), parse_tile("5-5"))
    assert sorted(layout.contributions()) == [(parse_tile("0-5"), 0), (parse_tile("3-5"), 3)]
    assert layout.total == 3


@pytest.mark.parametrize(
    ("plays", "tile", "on", "reason"),
    [
        ((("1-4", None),), "1-6", None, "it must name the table tile it attaches to"),
        ((("1-4", None),), "1-6", "3-3", "3-3 is not on the table"),
        ((("1-4", None),), "2-6", "1-4", "no open 2 or 6 there"),
        ((("1-4", None), ("1-1", "1-4")), "1-6", "1-4", "no open 1 or 6 there"),
        ((("1-4", None),), "1-4", "1-4", "it is already on the table"),
        ((), "1-4", "2-2", "the table is empty: the opening attaches to nothing"),
    ],
)
def test_a_bad_target_is_refused_and_changes_nothing(
    plays: tuple[tuple[str, str | None], ...], tile: str, on: str | None, reason: str
) -> None:
    layout = build(plays)
    before = (layout.view(), layout.total, dict(layout.open_pips))
    with pytest.raises(BadTargetError) as caught:
        layout.place(parse_tile(tile), None if on is None else parse_tile(on))
    assert caught.value.params["reason"] == reason
    assert reason in str(caught.value)
    assert (layout.view(), layout.total, dict(layout.open_pips)) == before


def test_a_copy_is_independent_of_the_original() -> None:
    layout = build(WALK[:4])
    copy = layout.copy()
    assert copy.view() == layout.view()
    copy.place(parse_tile("1-2"), parse_tile("1-1"))
    assert len(copy) == 5
    assert len(layout) == 4
    # what each shows is its own table now (a view is kept between placements: not one the other made)
    assert copy.view() == build(WALK[:5]).view() != layout.view() == build(WALK[:4]).view()
    assert copy.contributions() == build(WALK[:5]).contributions() != layout.contributions()
    assert layout.total == 5
    assert parse_tile("1-2") not in layout
    assert layout.targets(parse_tile("1-6")) == [parse_tile("1-1")]


def test_the_layout_lists_its_tiles_in_order_and_its_nodes_are_a_picture() -> None:
    layout = build(WALK[:4])
    assert list(layout) == [parse_tile(t) for t, _ in WALK[:4]] == list(layout.nodes)
    assert "1-1" not in layout and None not in layout and parse_tile(WALK[0][0]) in layout
    before = (layout.view(), layout.total, dict(layout.open_pips))
    for node in layout.nodes.values():  # changing what `nodes` shows changes nothing on the table
        node.children.clear()
        node.contribution = 99
    assert (layout.view(), layout.total, dict(layout.open_pips)) == before
