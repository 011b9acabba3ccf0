"""Read-only views of a match: what everyone sees, and what one seat sees privately."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .events import Placed, Result
from .layout import PlacedTile
from .tiles import Tile


class Phase(StrEnum):
    PLAYING = "playing"
    ROUND_OVER = "round_over"  # waiting for the next deal (only while replaying a record)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Option:
    """A legal placement and what it would do: the end total, the raw points, and their fate."""

    tile: Tile
    on: Tile | None
    total: int
    points: int
    result: Result  # SCORED, NONE, OVER (would pass 305) or SETTLED (the seat's last tile)


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
    target: int = 305

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.players == 4 else (side,)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's private view: its hand, and its legal options when it is to move."""

    seat: int
    hand: tuple[Tile, ...]
    options: tuple[Option, ...]
    must_play: Tile | None  # a tile just drawn that must be placed now
