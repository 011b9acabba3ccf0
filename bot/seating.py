"""Who sits where, as players read it: the names at a table and the sides they play for.

A value shared by the table's state (`Table.seating`) and the text layer, so neither has to
import the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import rules

from .i18n import t


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, as shown: names already made plain, and the number of players."""

    names: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    def side_of(self, seat: int) -> int:
        return rules.side_of(self.players, seat)

    def side_size(self, side: int) -> int:
        return len(rules.seats_of(self.players, side))

    def side_name(self, lang: str, side: int) -> str:
        if self.players == 4:
            return t(lang, "side-team", first=self.names[side], second=self.names[side + 2])
        return self.names[side]
