"""The layout geometry: the seeds' worked examples carry the rules' marks, and no reachable layout
has two tiles on top of each other or a connection between tiles that do not touch."""

from __future__ import annotations

import dataclasses
import random

import pytest
from support.render_records import WALKTHROUGH, closed, full_table, replay_snapshots

from engine import Blocked, Domino, Match, Phase, Placed, Result, TableSnapshot
from render import LayoutGeometry, Rect, layout_geometry
from render.grid import GAP, shared_edge


def marks(g: LayoutGeometry) -> tuple[set[tuple[str, str, int | None]], set[tuple[str, str, str]]]:
    badges = {(str(m.tile), m.slot.value, m.value) for m in g.badges}
    dots = {(str(m.tile), m.slot.value, m.kind.value) for m in g.dots}
    return badges, dots


def test_walkthrough_has_the_seeds_badges_dots_and_equations() -> None:
    snapshots = replay_snapshots("seed-walkthrough")
    assert len(snapshots) == len(WALKTHROUGH)
    for snap, (badges, dots, terms, total) in zip(snapshots, WALKTHROUGH, strict=True):
        g = layout_geometry(snap)
        assert marks(g) == (badges, dots)
        assert g.equation is not None
        assert (g.equation.terms, g.equation.total) == (terms, total)
        assert g.equation.points == (total if total % 5 == 0 else 0)
        assert [b.tile for b in g.tiles if b.last] == [snap.last.tile]


def test_opening_doubles_count_once_and_keep_their_branches_closed() -> None:
    (two,) = replay_snapshots("seed-opening-2-2")
    g = layout_geometry(two)
    # a lone double: one badge of 2 x pip, its other line marked as part of that same badge
    assert marks(g) == ({("2-2", "line_b", 4)}, {("2-2", "line_a", "shared")} | closed("2-2"))
    assert g.equation is not None and (g.equation.terms, g.equation.total, g.equation.points) == ((4,), 4, 0)
    (zero,) = replay_snapshots("seed-opening-0-0")
    g = layout_geometry(zero)
    assert marks(g)[0] == {("0-0", "line_b", 0)}
    assert g.equation is not None and (g.equation.terms, g.equation.total, g.equation.points) == ((0,), 0, 0)


def test_six_six_on_a_line_counts_twelve() -> None:
    _, snap = replay_snapshots("seed-six-six")
    g = layout_geometry(snap)
    assert marks(g) == ({("3-6", "low", 3), ("6-6", "line_b", 12)}, closed("6-6"))
    assert g.equation is not None and (g.equation.terms, g.equation.total, g.equation.points) == ((3, 12), 15, 15)
    assert g.equation.result is Result.SCORED and g.equation.seat == 1


def test_the_opening_lies_flat_and_a_double_lies_across_its_line() -> None:
    g = layout_geometry(replay_snapshots("seed-walkthrough")[2])
    by_tile = {str(b.tile): b for b in g.tiles}
    assert by_tile["1-4"].rect.width == 4 and by_tile["1-4"].rect.height == 2
    for double in ("1-1", "4-4"):
        box = by_tile[double]
        assert box.spinner and box.rect.width == 2 and box.rect.height == 4
        # centred on the line of the opening tile
        assert box.rect.y0 + box.rect.y1 == by_tile["1-4"].rect.y0 + by_tile["1-4"].rect.y1
    assert not by_tile["1-4"].spinner
    # the low end (1) faces the [1|1], the high end (4) the [4|4]
    (low_pip, low), (high_pip, high) = by_tile["1-4"].halves
    assert (low_pip, high_pip) == (1, 4)
    assert shared_edge(low, by_tile["1-1"].rect) is not None
    assert shared_edge(high, by_tile["4-4"].rect) is not None


def test_a_branch_leaves_a_spinner_at_right_angles_and_a_line_runs_straight_through() -> None:
    g = layout_geometry(replay_snapshots("seed-walkthrough")[5])
    by_tile = {str(b.tile): b for b in g.tiles}
    spinner, line, branch = by_tile["1-1"].rect, by_tile["1-2"].rect, by_tile["1-5"].rect
    assert line.height == 2 and line.y0 + line.y1 == spinner.y0 + spinner.y1  # straight through, on its axis
    assert branch.width == 2 and branch.x0 == spinner.x0  # at right angles, off the spinner's end
    assert branch.y0 == spinner.y1 or branch.y1 == spinner.y0
    # the [4|4]'s unused branches: hollow dots off its two ends, across the line
    four = by_tile["4-4"].rect
    ends = sorted(m.zone for m in g.dots if str(m.tile) == "4-4")
    assert ends == sorted([Rect(four.x0, four.y0 - 2, four.x1, four.y0), Rect(four.x0, four.y1, four.x1, four.y1 + 2)])


# -- invariants over random matches ------------------------------------------


def check_geometry(snap: TableSnapshot) -> None:
    """Every tile's rectangle is disjoint from every other (and not touching one it is not joined to);
    every connection is an edge between the parent and the child's matching half; every mark is off the
    tiles, next to its own tile."""
    g = layout_geometry(snap)
    assert len(g.tiles) == len(snap.tiles)
    by_tile = {b.tile: b for b in g.tiles}
    joined = {frozenset((c.parent, c.child)) for c in g.connections}
    boxes = sorted(g.tiles, key=lambda b: b.rect.x0)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if b.rect.x0 >= a.rect.x1 + GAP:
                break
            assert not a.rect.overlaps(b.rect), (a.tile, b.tile)
            if frozenset((a.tile, b.tile)) not in joined:
                assert not a.rect.near(b.rect, GAP), (a.tile, b.tile)
    for box in g.tiles:
        (p, first), (q, second) = box.halves
        assert sorted((p, q)) == [box.tile.low, box.tile.high]
        assert first.union(second) == box.rect and shared_edge(first, second) is not None
        assert first.width == first.height == second.width == second.height == 2
    placed = {pt.tile: pt for pt in snap.tiles}
    assert len(g.connections) == len(snap.tiles) - 1 if snap.tiles else not g.connections
    for c in g.connections:
        parent, child = by_tile[c.parent], by_tile[c.child]
        assert c.edge is not None and c.edge == shared_edge(parent.rect, child.rect)
        length = abs(c.edge[2] - c.edge[0]) + abs(c.edge[3] - c.edge[1])
        assert length == 2  # a whole half-tile's side
        pip = next(pt.pip for pt in placed[c.parent].points if pt.slot is placed[c.child].parent_slot)
        touching = [h for h in child.halves if shared_edge(h[1], parent.rect) is not None]
        # only the matching half touches the parent (a double, lying across, may touch with both)
        assert touching and {h[0] for h in touching} == {pip}, (c, child.halves)
        assert len(touching) == 1 or c.child.is_double
    covered = {cell for b in g.tiles for cell in _cells(b.rect)}
    for mark in (*g.badges, *g.dots):
        assert mark.zone.width == mark.zone.height == 2
        assert not covered.intersection(_cells(mark.zone)), mark
        assert shared_edge(mark.zone, by_tile[mark.tile].rect) is not None
        assert _inside(mark.zone, g.bounds)
    zones = [m.zone for m in (*g.badges, *g.dots)]
    assert len(set(zones)) == len(zones)


def _cells(r: Rect) -> list[tuple[int, int]]:
    """The unit squares a rectangle covers."""
    return [(x, y) for x in range(r.x0, r.x1) for y in range(r.y0, r.y1)]


def _inside(r: Rect, bounds: Rect) -> bool:
    return bounds.x0 <= r.x0 and r.x1 <= bounds.x1 and bounds.y0 <= r.y0 and r.y1 <= bounds.y1


MATCHES_PER_SIZE = 40  # a slice: bench/bench_sweeps.py runs 150 per player count (and the twins' wide sweeps)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_reachable_layout_overlaps(players: int) -> None:
    """Random complete matches: every round's final layout, and every fortieth position on the way."""
    layouts = 0
    for seed in range(MATCHES_PER_SIZE):
        match = Match.new(players, f"render-{seed}")
        rng = random.Random(seed)
        step = 0
        while match.phase is not Phase.OVER:
            table = match.layout  # a live match deals the next round at once: keep the finished one
            option = rng.choice(match.options())
            events = match.place(match.turn, option.placement)  # type: ignore[arg-type]
            if match.phase is Phase.ROUND_OVER:
                events += match.next_round()
            step += 1
            ended = any(isinstance(e, Domino | Blocked) for e in events)
            if ended:
                snap = dataclasses.replace(
                    match.snapshot(),
                    tiles=table.view(),
                    end_total=table.total,
                    contributions=tuple(table.contributions()),
                    last=next(e for e in events if isinstance(e, Placed)),
                )
            elif step % 40 == 0:
                snap = match.snapshot()
            else:
                continue
            try:
                check_geometry(snap)
            except AssertionError as e:
                e.add_note(f"match seed {seed} ('render-{seed}', rng {seed}), {players} players, step {step}")
                raise
            layouts += 1
    assert layouts > MATCHES_PER_SIZE * 10


def test_a_full_table_of_28_tiles_fits() -> None:
    for seed in range(20):
        snap = full_table(seed)
        assert len(snap.tiles) == 28
        check_geometry(snap)


def test_an_empty_table_has_no_tiles_and_no_equation() -> None:
    snap = Match.new(2, "empty").snapshot()
    g = layout_geometry(snap)
    assert (g.tiles, g.connections, g.badges, g.dots, g.equation) == ((), (), (), (), None)


def test_earlier_tiles_stay_put_as_the_layout_grows() -> None:
    snapshots = replay_snapshots("seed-walkthrough")
    before = {b.tile: b.rect for b in layout_geometry(snapshots[0]).tiles}
    for snap in snapshots[1:]:
        now = {b.tile: b.rect for b in layout_geometry(snap).tiles}
        assert {t: now[t] for t in before} == before
        before = now
