"""Read-only snapshots of a match: what everyone sees, and what one seat sees privately."""

from __future__ import annotations

from dataclasses import dataclass

from . import rules
from .events import Placed
from .layout import PlacedTile
from .option import Option
from .phase import Phase
from .tiles import Tile


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
