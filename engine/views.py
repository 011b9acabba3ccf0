"""Read-only views of a match: what everyone sees, and what one seat sees privately."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from . import rules
from .events import Placed, Result
from .layout import PlacedTile
from .placement import Placement
from .tiles import Tile


class Phase(StrEnum):
    PLAYING = "playing"
    ROUND_OVER = "round_over"  # a round has ended: `Match.next_round` deals the next
    OVER = "over"


class Option(NamedTuple):
    """A legal placement and what it would do: the end total, the raw points, and their fate.

    A named tuple rather than a frozen dataclass: every move builds a few, and a tuple is made
    several times faster (it is just as immutable)."""

    placement: Placement
    total: int
    points: int
    result: Result  # SCORED, NONE, OVER (would pass the target) or SETTLED (the seat's last tile)

    @property
    def tile(self) -> Tile:
        return self.placement.tile

    @property
    def on(self) -> Tile | None:
        return self.placement.on


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """Everything public about the table at one moment: what the pictures and messages show."""

    players: int
    sides: int
    round: int
    leader: int
    phase: Phase
    turn: int | None
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    boneyard: int
    tiles: tuple[PlacedTile, ...]
    end_total: int
    contributions: tuple[tuple[Tile, int], ...]
    last: Placed | None
    winner: int | None
    target: int = rules.TARGET_RAW

    def side_of(self, seat: int) -> int:
        return rules.side_of(self.players, seat)

    def seats_of(self, side: int) -> tuple[int, ...]:
        return rules.seats_of(self.players, side)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's private view: its hand, and its legal options when it is to move."""

    seat: int
    hand: tuple[Tile, ...]
    options: tuple[Option, ...]
    must_play: Tile | None  # a tile just drawn that must be placed now
