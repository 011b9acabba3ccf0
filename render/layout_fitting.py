"""Fitting a layout into its frame: the ladder of searches, each giving up more of the picture's rules.

The first search keeps every rule; the next ones grow the frame, then let a line turn next to a
spinner, then let tiles touch, until one finds room for every tile. What a layout gave up is
`Relaxed`, carried by `LayoutGeometry.relaxed`. Where the grown frame would shrink the tiles below
the legible size (render/table.py asks), a second ladder lets a line turn, then tiles touch, within
the frame before it grows.
"""

from __future__ import annotations

import math
from enum import StrEnum
from functools import lru_cache

from engine import PlacedTile

from .grid import GAP
from .layout_cache import Key, recall, remember
from .layout_placements import Placement, Zone
from .layout_search import FRAME, SEARCH_BUDGET, Search

GROWTH_BUDGET = 1_500  # placements tried at each step of the frame's growth
FRAME_GROWTH = (1.04, 1.08, 1.13, 1.2)  # the steps by which it grows when a layout cannot keep to it


class Relaxed(StrEnum):
    """A rule of the picture given up because the layout could not be drawn with it."""

    FRAME = "frame"  # the layout is larger than the frame: smaller tiles in the preview
    LINES = "lines"  # a tile against a spinner turns, or a spinner sits off the middle of its line
    GAP = "gap"  # tiles that are not joined may touch


Rung = tuple[int, tuple[int, int], bool, int, tuple[Relaxed, ...]]


@lru_cache(maxsize=64)
def ladder(frame: tuple[int, int], lines_first: bool = False) -> tuple[Rung, ...]:
    """The searches tried in turn, each giving up more of the picture's rules: (gap, frame, strict,
    budget, what it gives up). `lines_first`: a line may turn next to a spinner before the frame grows
    (for the few layouts whose grown frame would shrink the tiles below the legible size)."""
    unbounded = (10_000, 10_000)
    grown = tuple((math.ceil(frame[0] * f), math.ceil(frame[1] * f)) for f in FRAME_GROWTH)
    lines = (GAP, frame, False, SEARCH_BUDGET, (Relaxed.LINES,))
    touching = (0, frame, False, SEARCH_BUDGET, (Relaxed.LINES, Relaxed.GAP))
    return (
        (GAP, frame, True, SEARCH_BUDGET, ()),
        *((lines, touching) if lines_first else ()),
        *((GAP, g, True, GROWTH_BUDGET, (Relaxed.FRAME,)) for g in grown),
        *(() if lines_first else (lines,)),
        (GAP, grown[-1], False, SEARCH_BUDGET, (Relaxed.FRAME, Relaxed.LINES)),
        (GAP, unbounded, False, 4 * SEARCH_BUDGET, (Relaxed.FRAME, Relaxed.LINES)),
        (0, unbounded, False, 40 * SEARCH_BUDGET, (Relaxed.FRAME, Relaxed.LINES, Relaxed.GAP)),
    )


def place_all(
    tiles: tuple[PlacedTile, ...], frame: tuple[int, int] = FRAME, lines_first: bool = False
) -> tuple[list[Placement], list[Zone | None], tuple[Relaxed, ...]]:
    """The placements in playing order, the zone each fills on its parent, and the rules given up.

    Chains of spinners and the single straight tiles between them are rigid, so a few layouts of a
    real match (a few positions in ten thousand) cannot keep both the picture language and the
    frame. The language comes first while the picture stays legible: the frame grows step by step,
    by a fifth at most (half a tile stays above 20 px in the preview); beyond that a line may turn
    next to a spinner instead. The gap between tiles that are not joined goes last.

    A layout found is remembered (`layout_cache`), so the next placement starts from it: the search
    for one more tile only tries that tile's ways, and gives the result a search from nothing would give.
    `lines_first`: the ladder that lets a line turn before the frame grows (see `ladder`), remembered apart.
    """
    rungs = ladder(frame, lines_first)
    key = layout_key(frame, tiles, lines_first)
    solved, before = recall(key)
    if solved is None and before is not None:
        gap, limits, strict, _, _ = rungs[before.rung]
        search = Search(tiles, gap=gap, frame=limits, strict=strict, last_only=True)
        if search.extend(before) is not None:
            solved = search.solved(before.rung)
            remember(key, solved)
    if solved is None:
        for rung, (gap, limits, strict, budget, _) in enumerate(rungs):
            search = Search(tiles, gap=gap, frame=limits, strict=strict)
            if search.run(budget) is not None:
                solved = search.solved(rung)
                remember(key, solved)
                break
        else:
            raise RuntimeError(f"no room found for a layout of {len(tiles)} tiles")
    return list(solved.placed), list(solved.own_zones), rungs[solved.rung][4]


def layout_key(frame: tuple[int, int], tiles: tuple[PlacedTile, ...], lines_first: bool = False) -> Key:
    """What the search reads of the tiles, as ints and strings: hashing a `Tile` or a `Slot` runs Python
    code, and the key is hashed three times per picture (found, the one before, remembered)."""
    return (
        (*frame, lines_first) if lines_first else frame,
        *(
            (
                pt.tile.low * 7 + pt.tile.high,
                -1 if pt.parent is None else pt.parent.low * 7 + pt.parent.high,
                None if pt.parent_slot is None else pt.parent_slot._value_,
                None if pt.slot is None else pt.slot._value_,
            )
            for pt in tiles
        ),
    )
