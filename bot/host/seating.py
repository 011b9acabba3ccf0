"""Who sits where, as players read it: the names at a table and the sides they play for.

A value shared by the table's state (`Table.seating`) and the text layer, so neither has to
import the other.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from engine import rules

from ..texts.i18n import t

_VOWELS = frozenset("aeiou")


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

    def side_name(self, lang: str, side: int) -> str:
        if self.players == 4:
            first, second = self.names[side], self.names[side + 2]
            key = "side-team-before-i" if starts_with_i_sound(second) else "side-team"
            return t(lang, key, first=first, second=second)
        return self.names[side]

    def called(self, lang: str, seat: int) -> str:
        """The seat's name where a sentence names its player: a person's with the language's courtesy
        (Korean "님"), a computer's as it is."""
        name = self.names[seat]
        return name if seat in self.computers else t(lang, "player-called", name=name)


def starts_with_i_sound(name: str) -> bool:
    """Whether `name` begins with the sound /i/ (I-, Í-, Hi-, not Hie-/Hia-): Spanish joins it with "e", not "y"."""
    letters = "".join(
        c for c in unicodedata.normalize("NFD", name.lower()) if c.isalpha() and not unicodedata.combining(c)
    )
    rest = letters[2:] if letters.startswith("hi") else letters[1:] if letters.startswith("i") else None
    return rest is not None and rest[:1] not in _VOWELS
