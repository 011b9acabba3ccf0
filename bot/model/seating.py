"""Who sits where, as players read it: the names at a table and the sides they play for.

A value shared by the table's state (`Table.seating`), the replay books and the texts (which put a
seat's or a side's name in a sentence: bot/texts/seat_names.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import rules


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, as shown: names already made plain, the number of players, and the computers' seats."""

    names: tuple[str, ...]
    computers: frozenset[int] = frozenset()

    @property
    def players(self) -> int:
        return len(self.names)

    def side_of(self, seat: int) -> int:
        return rules.side_of(self.players, seat)

    def side_size(self, side: int) -> int:
        return len(rules.seats_of(self.players, side))
