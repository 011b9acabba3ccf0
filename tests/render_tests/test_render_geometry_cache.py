"""The layout search starts from the previous placement's geometry, and gives what a search from nothing gives."""

from __future__ import annotations

import random

import pytest

import render.layout_cache as cache
from engine import Event, Match
from engine.selfplay import at_random, play_to_end
from render import layout_geometry
from render.layout_placements import Placement
from render.layout_search import Search, Solved


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_from_the_placement_before_gives_what_a_search_from_nothing_gives(players: int) -> None:
    extended = 0
    real_extend = Search.extend

    def counting(search: Search, before: Solved) -> list[Placement] | None:
        nonlocal extended
        found = real_extend(search, before)
        extended += found is not None
        return found

    Search.extend = counting  # type: ignore[method-assign, assignment]
    try:
        positions = 0
        for seed in range(4):
            cache.forget_layouts()

            def drawn_anew(match: Match, events: list[Event], seed: int = seed) -> None:
                nonlocal positions
                snap = match.snapshot()
                remembered = layout_geometry(snap)  # from the placement before, as the bot draws it
                with cache._lock:
                    kept = dict(cache._solved)
                cache.forget_layouts()
                assert layout_geometry(snap) == remembered, (seed, len(snap.tiles))
                with cache._lock:
                    cache._solved.clear()
                    cache._solved.update(kept)
                positions += 1

            play_to_end(Match.new(players, f"cache/{seed}"), at_random(random.Random(seed)), after=drawn_anew)
    finally:
        Search.extend = real_extend  # type: ignore[method-assign]
    assert extended > positions * 0.8  # nearly every placement only had to place its own tile


def test_the_memory_of_layouts_is_bounded() -> None:
    cache.forget_layouts()
    for seed in range(12):
        match = Match.new(4, f"bounded/{seed}")
        play_to_end(match, at_random(random.Random(seed)), after=lambda m, _: layout_geometry(m.snapshot()))
    assert len(cache._solved) == cache.CACHE_SIZE
