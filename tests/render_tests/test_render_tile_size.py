"""Half a tile stays at least 24 px in a phone's preview where the layout cannot keep to its frame: when the
grown frame would shrink the tiles, a line turns next to a spinner instead (render/layout_fitting.py's
`ladder`, tried by render/table.py only for those pictures, so every other picture stays as it was)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine import Match, TableSnapshot
from engine.selfplay import at_random, play_to_end
from render import Relaxed, layout_geometry, table_frame, table_geometry

PREVIEW_HALF = 24.0

# Positions of bench/bench_render.py's preview loop (players, match seed, position) that fell to 23.3, 22.5 and
# 20.3 px when the frame grew first; the last two also let unjoined tiles touch, as a line's turn is not enough.
FORMER = [(3, 7, 11), (3, 90, 21), (2, 14, 95)]


def position(players: int, seed: int, index: int) -> TableSnapshot:
    """The table after placement `index` of the bench's random match `seed`."""
    positions: list[TableSnapshot] = []
    match = Match.new(players, f"bench-preview/{seed}")
    play_to_end(match, at_random(random.Random(seed)), after=lambda m, _: positions.append(m.snapshot()))
    return positions[index]


@pytest.mark.parametrize(("players", "seed", "index"), FORMER)
def test_a_layout_that_outgrows_its_frame_turns_a_line_rather_than_shrink_its_tiles(
    players: int, seed: int, index: int
) -> None:
    snap = position(players, seed, index)
    assert Relaxed.FRAME in layout_geometry(snap, table_frame(snap.sides)).relaxed  # the usual ladder grows it
    g = table_geometry(snap)
    assert g.preview_half >= PREVIEW_HALF, g.preview_half
    assert Relaxed.LINES in g.layout.relaxed and Relaxed.FRAME not in g.layout.relaxed, g.layout.relaxed
    for a, b in combinations(g.layout.tiles, 2):
        assert not a.rect.overlaps(b.rect), (a.tile, b.tile)
