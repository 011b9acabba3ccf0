"""The layout's quick index (open points by pip value, keyed by tile number) against its tile tree.

The tree of `Node`s is the truth; `Layout` keeps a second, faster form of its open points for the hot
paths (options, forced draws). Over random matches, hypothesis checks after every placement that the
index says exactly what the tree says: which tiles offer which pips, every placement of every tile
with its end total (worked out again from scratch on a copy), and what a tile fits.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ALL_TILES, Layout, Match, Phase, Slot, Tile, placement
from engine.layout import PointState


def open_points_from_the_tree(layout: Layout) -> dict[Tile, tuple[int, ...]]:
    """Each table tile with an open point, and the pips there, read from the tree (`Node.free_points`)."""
    out: dict[Tile, tuple[int, ...]] = {}
    for t, node in layout.nodes.items():
        pips = tuple(t.high if s is Slot.HIGH else t.low for s in node.free_points())
        if pips and not t.is_double:
            out[t] = pips
        elif pips:
            out[t] = (t.low,)  # a spinner offers one point at a time: its lines first, then its branches
    return out


def total_from_scratch(layout: Layout) -> int:
    """The end total as the sum of what every tile's counted points show (the pictures' reading)."""
    total = 0
    for placed in layout.view():
        counted = [p.pip for p in placed.points if p.state is PointState.COUNTED]
        if placed.tile.is_double and counted:
            total += 2 * placed.tile.low  # a terminal spinner counts both halves once
        else:
            total += sum(counted)
    return total


def placements_from_the_tree(layout: Layout, t: Tile) -> list[tuple[str, int]]:
    """Every placement of `t` found by trying each table tile in the order placed, each scored by making
    it on a copy and adding the counted ends up again."""
    if not layout.nodes:
        return [(str(placement(t, None)), t.low + t.high)]
    found = []
    for on, pips in open_points_from_the_tree(layout).items():
        if t.low in pips or t.high in pips:
            after = layout.copy()
            after.place(t, on)
            found.append((str(placement(t, on)), total_from_scratch(after)))
    return found


def check(layout: Layout, outside: list[Tile]) -> None:
    assert layout.open_pips == open_points_from_the_tree(layout)
    assert layout.total == total_from_scratch(layout)
    assert layout.open_values() == frozenset(p for pips in layout.open_pips.values() for p in pips)
    for t in outside:
        quick = [(str(p), total) for p, total in layout.placements(t)]
        assert quick == placements_from_the_tree(layout, t)
        assert layout.accepts(t) == bool(quick) == layout.accepts_any([t])
        assert [(str(p), total) for p, total in layout.placements_of([t, t])] == quick * 2


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=10**6))
def test_the_quick_index_says_what_the_tree_says(players: int, seed: int) -> None:
    match = Match.new(players, f"fast/{seed}")
    rng = random.Random(seed)
    for _ in range(120):
        if match.phase is Phase.OVER:
            break
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
        layout = match.layout
        check(layout, [t for t in ALL_TILES if t not in layout])
        seat = match.turn
        assert seat is not None
        options = match.options(seat)
        tiles = match.hands[seat] if match.must_play is None else [match.must_play]
        want = [(p, total) for t in tiles for p, total in layout.placements(t)]
        assert [(o.placement, o.total) for o in options] == want
        option = rng.choice(options)
        match.place(seat, option.placement)


def test_a_copy_keeps_its_own_index() -> None:
    match = Match.new(4, "fast/copy")
    rng = random.Random(4)
    while len(match.layout) < 8 and match.phase is Phase.PLAYING:
        match.place(match.turn, rng.choice(match.options()).placement)  # type: ignore[arg-type]
    layout = match.layout
    before = (dict(layout.open_pips), layout.total, layout.open_values())
    copy = layout.copy()
    outside = [t for t in ALL_TILES if t not in layout]
    fitting = next(t for t in outside if copy.accepts(t))
    copy.place(fitting, copy.placements(fitting)[0][0].on)
    assert (dict(layout.open_pips), layout.total, layout.open_values()) == before
    check(layout, outside)
    check(copy, [t for t in outside if t is not fitting])
