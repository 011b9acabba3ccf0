"""What choosing a partner at a 4-seat table does, and whose consent it needs.

Partners sit opposite (seats 1 & 3, 2 & 4): the chooser takes the seat opposite the person chosen
and whoever sat there takes the chooser's seat, so the chooser's partner until now is left with
the one who moved. A person whom that moves, or parts from a person they partnered, is asked
first (bot/host/tables/partner_proposals.py); computers, and a person who only trades a computer partner
for the chooser without moving, are not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .table_state import MAX_SEATS, Seat


@dataclass(frozen=True, slots=True)
class SeatSwap:
    """One partner choice worked out: the seats it touches (indices before the change) and the seats after."""

    chooser: int
    chosen: int
    moved: int  # opposite the one chosen: its player takes the chooser's seat
    left: int  # the chooser's partner until now, who then partners the one who moved
    before: tuple[Seat, ...]
    after: tuple[Seat, ...]

    @property
    def asked(self) -> tuple[int, ...]:
        """The people who must accept, in seat order: the one moved, and whoever loses a person as partner."""
        seats = self.before
        asked = {self.moved, self.left}
        if not seats[self.moved].is_computer:
            asked.add(self.chosen)  # their partner until now is the one who moves away
        people = (seats[i].user_id for i in sorted(asked))
        return tuple(user_id for user_id in people if user_id is not None)


def partner_swap(seats: Sequence[Seat], chooser: int, chosen: int) -> SeatSwap:
    """The swap that seats `chooser` opposite `chosen` (both seat indices of a full 4-seat table, not partners)."""
    assert len(seats) == MAX_SEATS and chosen != chooser and (chosen + 2) % MAX_SEATS != chooser
    moved, left = (chosen + 2) % MAX_SEATS, (chooser + 2) % MAX_SEATS
    after = list(seats)
    after[chooser], after[moved] = seats[moved], seats[chooser]
    return SeatSwap(chooser, chosen, moved, left, tuple(seats), tuple(after))
