"""The layout's quick index (open points by pip value, keyed by tile number) against its tile tree.

The tree is the truth: each tile's links as it was placed, read back as `Node`s (`Layout.nodes`, whose
`free_points` say where a tile may attach). `Layout` keeps a second, faster form of its open points for the
hot paths (options, forced draws). Over random matches, hypothesis checks after every placement that the
index says exactly what the tree says: which tiles offer which pips, every placement of every tile
with its end total (worked out again from scratch on a copy), and what a tile fits.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ALL_TILES, Layout, Match, Option, Phase, Placement, Slot, Tile, placement
from engine.layout import PointState
from engine.selfplay import at_random, play_to_end

ROOT = Path(__file__).resolve().parents[2]


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


@settings(max_examples=25, deadline=None)  # 25 matches, up to 120 placements each: some 3,000 positions
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
    play_to_end(match, at_random(random.Random(4)), until=lambda m: len(m.layout) >= 8 or m.phase is not Phase.PLAYING)
    layout = match.layout
    before = (dict(layout.open_pips), layout.total, layout.open_values())
    copy = layout.copy()
    outside = [t for t in ALL_TILES if t not in layout]
    fitting = next(t for t in outside if copy.accepts(t))
    copy.place(fitting, copy.placements(fitting)[0][0].on)
    assert (dict(layout.open_pips), layout.total, layout.open_values()) == before
    check(layout, outside)
    check(copy, [t for t in outside if t is not fitting])


def fits_after_by_placing(layout: Layout, t: Tile, on: Tile | None, tiles: list[Tile]) -> bool:
    after = layout.copy()
    after.place(t, on)
    return after.accepts_any([x for x in tiles if x is not t])


def check_fits_after(match: Match) -> tuple[int, int]:
    """`accepts_any_after` for every option now, against placing it on a copy: with every tile outside the
    table, and with each single tile. Returns how many answers were yes and no."""
    layout = match.layout
    outside = [t for t in ALL_TILES if t not in layout]
    yes = no = 0
    for o in match.options():
        for tiles in [outside, *([t] for t in outside)]:
            quick = layout.accepts_any_after(o.tile, o.on, tiles)
            assert quick == fits_after_by_placing(layout, o.tile, o.on, tiles), (str(o.placement), tiles)
            yes, no = yes + quick, no + (not quick)
    return yes, no


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=10**6))
def test_what_fits_after_a_placement_is_what_placing_it_says(players: int, seed: int) -> None:
    match = Match.new(players, f"fits-after/{seed}")
    rng = random.Random(seed)

    def checked(m: Match, seat: int) -> Option:
        check_fits_after(m)
        return rng.choice(m.options(seat))

    play_to_end(match, checked, until=lambda m: m.phase is not Phase.PLAYING)


def test_fits_after_says_no_where_a_round_blocks() -> None:
    """The block fixtures cut before their blocking placement: there nothing fits afterwards, and the
    quick answer says so (the test above can tell a wrong yes)."""
    records = sorted((ROOT / "tests" / "data" / "records").glob("block-*.record.json"))
    assert len(records) >= 3
    for path in records:
        data = json.loads(path.read_text())
        last = data["rounds"][-1]
        blocking = Placement.parse(last["plays"][-1]["tile"] + "@" + last["plays"][-1]["on"])
        last["plays"] = last["plays"][:-1]
        match = Match.replay(data)
        outside = [t for hand in match.hands for t in hand] + list(match.boneyard[match.drawn :])
        assert not match.layout.accepts_any_after(blocking.tile, blocking.on, outside), path.name
        check_fits_after(match)
        match.place(match.turn, blocking)  # type: ignore[arg-type]
        assert match.finished_round is not None and match.finished_round.ending.event == "block"
