"""A seat's or a side's name where a sentence names it: a person's with the language's courtesy, a
team of two as "Ana & Inés" (Spanish "Ana e Inés")."""

from __future__ import annotations

import unicodedata

from ..model.seating import Seating
from .i18n import t

_VOWELS = frozenset("aeiou")


def side_name(lang: str, seating: Seating, side: int) -> str:
    """A side as a sentence names it: its player, or at four seats its two partners."""
    if seating.players == 4:
        first, second = seating.names[side], seating.names[side + 2]
        key = "side-team-before-i" if starts_with_i_sound(second) else "side-team"
        return t(lang, key, first=first, second=second)
    return seating.names[side]


def called(lang: str, seating: Seating, seat: int) -> str:
    """The seat's name where a sentence names its player: a person's with the language's courtesy
    (Korean "님"), a computer's as it is."""
    name = seating.names[seat]
    return name if seat in seating.computers else t(lang, "player-called", name=name)


def starts_with_i_sound(name: str) -> bool:
    """Whether `name` begins with the sound /i/ (I-, Í-, Hi-, not Hie-/Hia-): Spanish joins it with "e", not "y"."""
    letters = "".join(
        c for c in unicodedata.normalize("NFD", name.lower()) if c.isalpha() and not unicodedata.combining(c)
    )
    rest = letters[2:] if letters.startswith("hi") else letters[1:] if letters.startswith("i") else None
    return rest is not None and rest[:1] not in _VOWELS
