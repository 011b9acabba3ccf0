"""Playing a match out with a chooser: the one loop that benches, sweeps and tests share.

A chooser is any function that, given the match and the seat to move, returns one of that seat's
`Match.options`; the loop asks it at every turn, deals each next round as one ends, and stops when
the match is over or when the caller's condition holds.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import Event, Match, Option, Phase, Record
from .layout import Layout
from .tiles import ALL_TILES, Tile

Chooser = Callable[[Match, int], Option]
"""Picks the placement `seat` makes: one of `match.options(seat)`."""


def at_random(rng: random.Random) -> Chooser:
    """A chooser taking any legal option, drawn from `rng` (one draw per decision)."""
    return lambda match, seat: rng.choice(match.options(seat))


def first_option(match: Match, seat: int) -> Option:
    """A chooser taking the engine's first option: a fixed, cheap play-out."""
    return match.options(seat)[0]


def mostly_best(rng: random.Random, best_share: float = 0.7) -> Chooser:
    """A chooser taking the highest-scoring option `best_share` of the time and any other option otherwise:
    matches that go on long enough to measure, unlike either pure policy's."""

    def choose(match: Match, seat: int) -> Option:
        options = match.options(seat)
        best = max(options, key=lambda o: (o.result.value == "scored", o.points))
        return best if rng.random() < best_share else rng.choice(options)

    return choose


def long_match(players: int, placements: tuple[int, int], name: str) -> Record:
    """The record of the first match `name`-0, `name`-1, ... played by `mostly_best` whose number of
    placements falls within `placements` (the benches' long matches)."""
    for seed in range(10_000):
        match = play_to_end(Match.new(players, f"{name}-{seed}"), mostly_best(random.Random(seed)))
        if placements[0] <= match.record.placements <= placements[1]:
            return match.record
    raise RuntimeError(f"no match of {placements} placements found")


def placed(count: int) -> Callable[[Match], bool]:
    """An `until` for "after `count` placements of the match", the next round dealt if the last one ended it."""
    return lambda match: match.move_no >= count and match.phase is Phase.PLAYING


def play_to_end(
    match: Match,
    choose: Chooser,
    *,
    until: Callable[[Match], bool] | None = None,
    after: Callable[[Match, list[Event]], None] | None = None,
) -> Match:
    """Play `match` until it is over, or until `until(match)` holds; return the same match.

    `until` is asked before every placement and before each next round is dealt, so
    `until=lambda m: m.phase is not Phase.PLAYING` stops at the end of the current round.
    `after(match, events)` hears each placement's events (a round's deal is not reported).

    >>> from engine import Match, Phase
    >>> match = play_to_end(Match.new(2, "doc"), lambda m, seat: m.options(seat)[0])
    >>> match.phase is Phase.OVER
    True
    >>> one_round = play_to_end(Match.new(3, "doc"), lambda m, s: m.options(s)[-1], until=lambda m: m.round > 0)
    >>> one_round.round, one_round.phase is Phase.PLAYING
    (1, True)
    """
    while match.phase is not Phase.OVER:
        if until is not None and until(match):
            break
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
            continue
        seat = match.turn
        assert seat is not None  # a round in play always has a seat to move
        events = match.place(seat, choose(match, seat).placement)
        if after is not None:
            after(match, events)
    return match


def every_tile_laid(rng: random.Random) -> list[tuple[Tile, Tile | None]]:
    """All 28 tiles laid on one layout by random legal placements, as (tile, the tile it goes on) in order;
    an attempt that gets stuck starts again. More than any round reaches: the pictures' largest case.

    >>> steps = every_tile_laid(random.Random(1))
    >>> len(steps), steps[0][1] is None
    (28, True)
    """
    while True:
        table = Layout()
        left = list(ALL_TILES)
        steps: list[tuple[Tile, Tile | None]] = []
        while left:
            playable = [t for t in left if table.accepts(t)]
            if not playable:
                break
            tile = rng.choice(playable)
            on = rng.choice(table.targets(tile))
            table.place(tile, on, len(steps) % 4)
            steps.append((tile, on))
            left.remove(tile)
        if not left:
            return steps
